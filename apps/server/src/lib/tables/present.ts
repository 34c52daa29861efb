/** A declared table's columns and rows as the contracts' table page gives them to the web. */
import type { TableColumn } from '@fieldforce/contracts';
import type { Table } from './define-table.js';
import type { TableRow } from './criteria.js';

export type TableCell = string | number | boolean | null;

/**
 * The columns not in `hidden`, with both headers; `sorting: false` (a market whose sortable flag is
 * off) makes none sortable.
 */
export function presentColumns(
  table: Table,
  options: { hidden?: readonly string[]; sorting?: boolean } = {},
): TableColumn[] {
  const hidden = new Set(options.hidden ?? []);
  return table.columns
    .filter((col) => !hidden.has(col.key))
    .map((col) => ({
      key: col.key,
      header: { en: col.header.en, vi: col.header.vi },
      type: col.type,
      sortable: options.sorting !== false && Boolean(col.sortable),
    }));
}

/** Only the given columns; timestamps as ISO 8601, numeric text as it came, absent values null. */
export function presentRow(row: TableRow, columns: readonly { key: string }[]): Record<string, TableCell> {
  const out: Record<string, TableCell> = {};
  for (const col of columns) {
    const value = row[col.key];
    out[col.key] =
      value === null || value === undefined
        ? null
        : value instanceof Date
          ? value.toISOString()
          : (value as TableCell);
  }
  return out;
}
