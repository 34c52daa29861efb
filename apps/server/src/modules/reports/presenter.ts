/** Column definitions and rows as the contract gives them to the web (ReportPage). */
import {
  countryFlags,
  currencyHeader,
  hiddenReportColumns,
  type CountryCode,
  type CountryFlags,
  type ReportCell,
  type ReportColumn,
  type ReportKey,
} from '@fieldforce/contracts';
import type { Lang } from '../../lib/tables/index.js';
import { REPORT_SQL, type ColumnDef } from './definitions.js';
import type { ReportRow } from './queries.js';

export interface VisibleColumn extends ReportColumn {
  def: ColumnDef;
}

/**
 * The report's columns for a market: hidden ones left out, headers in `lang` (English in the API's
 * answers) with currency symbols on price and amount headers, and none sortable where the market's
 * `sortable` flag is off (pk).
 */
export function reportColumns(
  key: ReportKey,
  market: CountryCode,
  lang: Lang = 'en',
  flags: Pick<CountryFlags, 'sortable'> = countryFlags(market),
): VisibleColumn[] {
  const hidden = new Set(hiddenReportColumns(key, market));
  const sorting = flags.sortable;
  return REPORT_SQL[key].columns
    .filter((col) => !hidden.has(col.key))
    .map((col) => ({
      key: col.key,
      header: col.currency ? currencyHeader(col.header[lang], market) : col.header[lang],
      type: col.type,
      sortable: sorting && Boolean(col.sortable),
      def: col,
    }));
}

export const presentColumn = ({ key, header, type, sortable }: VisibleColumn): ReportColumn => ({
  key,
  header,
  type,
  sortable,
});

/** Only the visible columns; timestamps as ISO 8601, dates as YYYY-MM-DD. */
export function presentRow(row: ReportRow, columns: readonly VisibleColumn[]): Record<string, ReportCell> {
  const out: Record<string, ReportCell> = {};
  for (const col of columns) {
    const value = row[col.key];
    out[col.key] =
      value === null || value === undefined
        ? null
        : value instanceof Date
          ? value.toISOString()
          : (value as ReportCell);
  }
  return out;
}

/** The totals row of the visible summed columns (a hidden column's sum is left out like its cells). */
export function presentTotals(
  totals: { total: number; sums: Record<string, number> },
  columns: readonly VisibleColumn[],
): { total: number; totals: Record<string, number> } {
  const out: Record<string, number> = {};
  for (const col of columns)
    if (col.def.summed && col.key in totals.sums) out[col.key] = totals.sums[col.key]!;
  return { total: totals.total, totals: out };
}
