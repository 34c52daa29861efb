/**
 * The device-ID CSV rules (spec sections 5 and 9; docs/decisions.md, "Salesman Device ID") as pure
 * functions returning the contracts' RowErrors with IMPORT_MESSAGES codes, so the pipeline, the tests
 * and the error file say the same words. Row numbers are the spreadsheet's (header row 1).
 *
 * Template 'DT Code, SM Code, Phone number, Device ID':
 * - DT Code and SM Code: not blank (BLANK_VALUE), no space or special character around them
 *   (SPACES_OR_SPECIAL, the outlet-status rule).
 * - Phone number: may be blank; when given, digits with or without the market's dial code
 *   (PHONE_INVALID), and it must be the salesman's (PHONE_MISMATCH, against the database).
 * - Device ID: the new device ID is required (DEVICE_ID_REQUIRED), letters, digits and - _ : . only,
 *   at most 64 characters (DEVICE_ID_INVALID).
 * - Across rows: an SM code once (SM_DUPLICATE_ROW on each repeat); one device ID for one salesman
 *   (DEVICE_ID_IN_FILE_TWICE names the row that had it first).
 * - Against the database: the salesman exists in the market under that DT (NOT_IN_PORTAL), inside
 *   the uploader's DT codes (SALESMAN_OUT_OF_SCOPE), the phone is theirs (PHONE_MISMATCH), and the
 *   device ID is not mapped to another salesman (DEVICE_ID_TAKEN, naming them).
 */
import { DEVICE_ID_PATTERN, SALESMAN_DEVICE_TEMPLATE_HEADERS, type RowError } from '@fieldforce/contracts';
import { repeatCandidates } from '../../lib/repeated-keys.js';
// The cell rules every template shares.
import { hasSpaceOrSpecialAround, isBlank, rowError } from '../../lib/imports/cell-rules.js';

export const [DT_CODE, SM_CODE, PHONE, DEVICE_ID] = SALESMAN_DEVICE_TEMPLATE_HEADERS;

export interface SalesmanDeviceValue {
  dtCode: string;
  smCode: string;
  /** The phone as typed without spaces, dashes or brackets; null when blank. */
  phone: string | null;
  deviceId: string;
}

export interface NumberedDevice {
  row: number;
  value: SalesmanDeviceValue;
}

export type SalesmanDeviceCheck =
  { value: SalesmanDeviceValue; errors?: undefined } | { errors: RowError[]; value?: undefined };

export { rowError };

/** A non-empty run of ASCII letters and digits: passes the blank and space-or-special rules as is. */
function isPlainCode(value: string | undefined): value is string {
  if (value === undefined || value.length === 0) return false;
  for (let i = 0; i < value.length; i += 1) {
    const c = value.charCodeAt(i);
    if (!((c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122))) return false;
  }
  return true;
}

/** The phone without the separators people type ("+84 90-123 4567" → "+84901234567"), or null. */
export function compactPhone(value: string): string | null {
  const compact = value.replace(/[\s().-]/g, '');
  return /^\+?\d{6,15}$/.test(compact) ? compact : null;
}

/** One row's own rules, every failing cell reported. */
export function validateSalesmanDeviceRow(
  raw: Readonly<Record<string, string | undefined>>,
  row: number,
): SalesmanDeviceCheck {
  const dtCode = raw[DT_CODE];
  const smCode = raw[SM_CODE];
  const phone = raw[PHONE];
  const deviceId = raw[DEVICE_ID];
  // Fast path (most rows of a large file): plain codes, a plain phone or none, a plain device ID.
  if (
    isPlainCode(dtCode) &&
    isPlainCode(smCode) &&
    (phone === undefined || phone === '' || /^\+?\d{6,15}$/.test(phone)) &&
    deviceId !== undefined &&
    DEVICE_ID_PATTERN.test(deviceId)
  ) {
    return { value: { dtCode, smCode, phone: phone ? phone : null, deviceId } };
  }
  const errors: RowError[] = [];
  for (const header of [DT_CODE, SM_CODE] as const) {
    const value = raw[header];
    if (isBlank(value)) errors.push(rowError('BLANK_VALUE', row, header));
    else if (hasSpaceOrSpecialAround(value!)) errors.push(rowError('SPACES_OR_SPECIAL', row, header));
  }
  let phoneValue: string | null = null;
  if (!isBlank(phone)) {
    phoneValue = compactPhone(phone!);
    if (phoneValue === null) errors.push(rowError('PHONE_INVALID', row, PHONE));
  }
  if (isBlank(deviceId)) errors.push(rowError('DEVICE_ID_REQUIRED', row, DEVICE_ID));
  else if (!DEVICE_ID_PATTERN.test(deviceId!)) errors.push(rowError('DEVICE_ID_INVALID', row, DEVICE_ID));
  if (errors.length > 0) return { errors };
  return { value: { dtCode: dtCode!, smCode: smCode!, phone: phoneValue, deviceId: deviceId! } };
}

/** Rows in row order (the pipeline hands them so; sorted only when they are not). */
function inRowOrder(rows: ReadonlyArray<NumberedDevice>): ReadonlyArray<NumberedDevice> {
  for (let i = 1; i < rows.length; i += 1) {
    if (rows[i]!.row < rows[i - 1]!.row) return [...rows].sort((a, b) => a.row - b.row);
  }
  return rows;
}

/**
 * SM_DUPLICATE_ROW on every row whose SM code an earlier row already had (the exact rule runs on the
 * rows whose code may repeat: lib/repeated-keys.ts).
 */
export function duplicateSalesmanRows(rows: ReadonlyArray<NumberedDevice>): RowError[] {
  const seen = new Set<string>();
  const errors: RowError[] = [];
  for (const { row, value } of repeatCandidates(inRowOrder(rows), (r) => r.value.smCode)) {
    if (seen.has(value.smCode)) errors.push(rowError('SM_DUPLICATE_ROW', row, SM_CODE));
    else seen.add(value.smCode);
  }
  return errors;
}

/**
 * One device ID for one salesman within the file: a row giving another salesman a device ID an
 * earlier row gave gets DEVICE_ID_IN_FILE_TWICE naming that earlier row. (The same salesman twice is
 * SM_DUPLICATE_ROW's.)
 */
export function deviceGivenTwice(rows: ReadonlyArray<NumberedDevice>): RowError[] {
  const first = new Map<string, NumberedDevice>();
  const errors: RowError[] = [];
  for (const r of repeatCandidates(inRowOrder(rows), (x) => x.value.deviceId)) {
    const holder = first.get(r.value.deviceId);
    if (holder === undefined) first.set(r.value.deviceId, r);
    else if (holder.value.smCode !== r.value.smCode) {
      errors.push(rowError('DEVICE_ID_IN_FILE_TWICE', r.row, DEVICE_ID, { other: holder.row }));
    }
  }
  return errors;
}

/** What the database said about one row (import-definition.ts asks it in one statement a batch). */
export interface RowFacts {
  /** Index of the row in its batch. */
  i: number;
  /** The salesman of that SM code in the market, or null. */
  smDtCode: string | null;
  smPhone: string | null;
  inScope: boolean;
  /** The SM code of another salesman holding the device ID, or null; '' when not the caller's to see. */
  holder: string | null;
}

/**
 * The database rules over the facts of a batch: NOT_IN_PORTAL (no such salesman in the market, or not
 * under that DT), SALESMAN_OUT_OF_SCOPE, PHONE_MISMATCH (the file's phone, in the market's forms, is
 * not theirs), DEVICE_ID_TAKEN. One error per row, the first that applies in that order.
 */
export function databaseRowErrors(
  rows: ReadonlyArray<NumberedDevice>,
  facts: ReadonlyArray<RowFacts>,
  normalisePhone: (typed: string) => string | null,
): RowError[] {
  const errors: RowError[] = [];
  for (const f of facts) {
    const { row, value } = rows[f.i]!;
    if (f.smDtCode === null || f.smDtCode !== value.dtCode) {
      errors.push(rowError('NOT_IN_PORTAL', row, SM_CODE));
    } else if (!f.inScope) {
      errors.push(rowError('SALESMAN_OUT_OF_SCOPE', row, DT_CODE));
    } else if (value.phone !== null && normalisePhone(value.phone) !== f.smPhone) {
      errors.push(rowError('PHONE_MISMATCH', row, PHONE));
    } else if (f.holder !== null) {
      errors.push(
        rowError('DEVICE_ID_TAKEN', row, DEVICE_ID, {
          smCode: f.holder === '' ? 'not one of your salesmen' : f.holder,
        }),
      );
    }
  }
  return errors.sort((a, b) => a.row - b.row);
}
