/**
 * The outlet-status CSV rules (spec section 5) as pure functions: each returns the contracts'
 * RowErrors with IMPORT_MESSAGES codes, so the import pipeline, the tests and the error file say the
 * same words. Row numbers are the spreadsheet's: the header is row 1, the first data row 2.
 *
 * - Status is only 0 or 1 (STATUS_NOT_BINARY, the row number given).
 * - No blanks in an active row (BLANK_VALUE): an all-blank row is dropped by the parser before this,
 *   so any blank cell left is in an active row.
 * - No blank space or special character around a value (SPACES_OR_SPECIAL): a value may not hold a
 *   space, and may not start or end with a character that is neither a letter nor a digit.
 * - No duplicate rows by DT Code, DT Site Code, Outlet Code (DUPLICATE_ROW on every repeat after the
 *   first occurrence).
 * - Against the database: the outlet exists in the market with that DT and site (NOT_IN_PORTAL), and
 *   its DT is inside the uploader's DT scope (OUT_OF_SCOPE).
 */
import { OUTLET_STATUS_TEMPLATE_HEADERS, type RowError } from '@fieldforce/contracts';
import { binaryTemplateErrors, hasSpaceOrSpecialAround, rowError } from '../../lib/imports/cell-rules.js';

export const [DT_CODE, DT_SITE_CODE, OUTLET_CODE, STATUS] = OUTLET_STATUS_TEMPLATE_HEADERS;

/** A row that passed its own rules. */
export interface OutletStatusValue {
  dtCode: string;
  dtSiteCode: string;
  outletCode: string;
  status: 0 | 1;
}

export interface NumberedValue {
  row: number;
  value: OutletStatusValue;
}

export type OutletStatusCheck =
  { value: OutletStatusValue; errors?: undefined } | { errors: RowError[]; value?: undefined };

// The cell rules every template shares (lib/imports/cell-rules.ts); re-exported for this tool's tests.
export { hasSpaceOrSpecialAround, rowError };

/**
 * One row's own rules, every failing cell reported (not only the first). `raw` maps the template's
 * headers to the cell text.
 */
export function validateOutletStatusRow(
  raw: Readonly<Record<string, string | undefined>>,
  row: number,
): OutletStatusCheck {
  const errors = binaryTemplateErrors(raw, row, OUTLET_STATUS_TEMPLATE_HEADERS, {
    header: STATUS,
    code: 'STATUS_NOT_BINARY',
  });
  if (errors.length > 0) return { errors };
  return {
    value: {
      dtCode: raw[DT_CODE]!,
      dtSiteCode: raw[DT_SITE_CODE]!,
      outletCode: raw[OUTLET_CODE]!,
      status: raw[STATUS] === '1' ? 1 : 0,
    },
  };
}

/** The key a duplicate is judged by (spec: DT Code, DT Site Code, Outlet Code). */
export const duplicateKey = (v: Pick<OutletStatusValue, 'dtCode' | 'dtSiteCode' | 'outletCode'>) =>
  JSON.stringify([v.dtCode, v.dtSiteCode, v.outletCode]);

/** DUPLICATE_ROW on every row whose key an earlier row already had. */
export function duplicateRowErrors(rows: ReadonlyArray<NumberedValue>): RowError[] {
  const seen = new Set<string>();
  const errors: RowError[] = [];
  for (const { row, value } of [...rows].sort((a, b) => a.row - b.row)) {
    const key = duplicateKey(value);
    if (seen.has(key)) errors.push(rowError('DUPLICATE_ROW', row, OUTLET_CODE));
    else seen.add(key);
  }
  return errors;
}

/** What the database knows of an outlet code in the market (from `findOutletsByCode`). */
export interface KnownOutlet {
  outletCode: string;
  dtCode: string;
  dtSiteCode: string;
}

/**
 * The database rules over rows already found: NOT_IN_PORTAL when the market has no outlet with that
 * code under that DT and site; OUT_OF_SCOPE when it has, but its DT is outside the uploader's
 * (`dtScope` null: every DT).
 */
export function databaseRowErrors(
  rows: ReadonlyArray<NumberedValue>,
  known: ReadonlyMap<string, KnownOutlet>,
  dtScope: readonly string[] | null,
): RowError[] {
  const scope = dtScope === null ? null : new Set(dtScope);
  const errors: RowError[] = [];
  for (const { row, value } of rows) {
    const outlet = known.get(value.outletCode);
    if (!outlet || outlet.dtCode !== value.dtCode || outlet.dtSiteCode !== value.dtSiteCode) {
      errors.push(rowError('NOT_IN_PORTAL', row, OUTLET_CODE));
    } else if (scope !== null && !scope.has(outlet.dtCode)) {
      errors.push(rowError('OUT_OF_SCOPE', row, DT_CODE));
    }
  }
  return errors.sort((a, b) => a.row - b.row);
}
