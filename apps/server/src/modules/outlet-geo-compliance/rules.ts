/**
 * The outlet geo-compliance CSV rules as pure functions (template 'DT Code, Outlet Code, Geo-Compliance
 * Check', spec section 9). Each returns the contracts' RowErrors with IMPORT_MESSAGES codes, so the
 * import pipeline, the tests and the error file say the same words. Row numbers are the spreadsheet's
 * (header row 1).
 *
 * - The check is only 1 (enabled) or 0 (disabled) (GEO_CHECK_NOT_BINARY, the row number given;
 *   docs/decisions.md "Outlet Geo-Compliance: the check's values").
 * - No blanks in a row (BLANK_VALUE): all-blank rows are dropped by the parser before this.
 * - No blank space or special character around a code (SPACES_OR_SPECIAL), the outlet-status rule.
 * - No duplicate rows by DT Code, Outlet Code (GEO_DUPLICATE_ROW on every repeat after the first).
 * - Against the database: the outlet exists in the market under that DT (NOT_IN_PORTAL), and its DT is
 *   inside the uploader's DT scope (OUT_OF_SCOPE).
 *
 * The cell rules every template shares (`binaryTemplateErrors`, `rowError`) come from
 * lib/imports/cell-rules.ts.
 */
import { OUTLET_GEO_TEMPLATE_HEADERS, type GeoCheck, type RowError } from '@fieldforce/contracts';
import type { RawRow, RowCheck, ValidRow } from '../../lib/imports/definition.js';
import { binaryTemplateErrors, rowError } from '../../lib/imports/cell-rules.js';

export const [DT_CODE, OUTLET_CODE, GEO_CHECK] = OUTLET_GEO_TEMPLATE_HEADERS;

/** A row that passed its own rules. */
export interface OutletGeoValue {
  dtCode: string;
  outletCode: string;
  geoCompliance: GeoCheck;
}

export type NumberedGeoValue = ValidRow<OutletGeoValue>;

/** One row's own rules, every failing cell reported. `raw` maps the template's headers to the text. */
export function validateOutletGeoRow(raw: RawRow, row: number): RowCheck<OutletGeoValue> {
  const errors = binaryTemplateErrors(raw, row, OUTLET_GEO_TEMPLATE_HEADERS, {
    header: GEO_CHECK,
    code: 'GEO_CHECK_NOT_BINARY',
  });
  if (errors.length > 0) return { errors };
  return {
    value: {
      dtCode: raw[DT_CODE]!,
      outletCode: raw[OUTLET_CODE]!,
      geoCompliance: raw[GEO_CHECK] === '1' ? 1 : 0,
    },
  };
}

/** GEO_DUPLICATE_ROW on every row whose DT Code and Outlet Code an earlier row already had. */
export function duplicateGeoRows(rows: ReadonlyArray<NumberedGeoValue>): RowError[] {
  const seen = new Set<string>();
  const errors: RowError[] = [];
  const ordered = rows.every((r, i) => i === 0 || rows[i - 1]!.row < r.row)
    ? rows
    : [...rows].sort((a, b) => a.row - b.row);
  for (const { row, value } of ordered) {
    const key = `${value.dtCode}\u0000${value.outletCode}`;
    if (seen.has(key)) errors.push(rowError('GEO_DUPLICATE_ROW', row, OUTLET_CODE));
    else seen.add(key);
  }
  return errors;
}

/** What the database answers for a row the file names: its outlet's DT (null: no such outlet). */
export interface GeoRowFacts {
  row: number;
  /** The DT of the market's outlet with that code, null when the market has none. */
  outletDtCode: string | null;
}

/**
 * The database rules over rows already looked up: NOT_IN_PORTAL when the market has no outlet with
 * that code under that DT; OUT_OF_SCOPE when it has, but the DT is outside the uploader's
 * (`dtScope` null: every DT).
 */
export function databaseGeoErrors(
  rows: ReadonlyArray<NumberedGeoValue>,
  facts: ReadonlyMap<number, string | null>,
  dtScope: readonly string[] | null,
): RowError[] {
  const scope = dtScope === null ? null : new Set(dtScope);
  const errors: RowError[] = [];
  for (const { row, value } of rows) {
    const dt = facts.get(row) ?? null;
    if (dt === null || dt !== value.dtCode) errors.push(rowError('NOT_IN_PORTAL', row, OUTLET_CODE));
    else if (scope !== null && !scope.has(dt)) errors.push(rowError('OUT_OF_SCOPE', row, DT_CODE));
  }
  return errors.sort((a, b) => a.row - b.row);
}
