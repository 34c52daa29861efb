/**
 * The device geo-compliance CSV rules (template 'DT Code, SM Code, Device ID, Geo-Compliance Check,
 * Radius (m)'; docs/decisions.md, "Device Geo-Compliance") as pure functions returning the contracts'
 * RowErrors with IMPORT_MESSAGES codes. Row numbers are the spreadsheet's (header row 1).
 *
 * - DT Code and SM Code: not blank (BLANK_VALUE), no space or special character around them
 *   (SPACES_OR_SPECIAL, the outlet-status rule).
 * - Device ID: may be blank; when given, in the device ID format (DEVICE_ID_INVALID) and the device
 *   mapped to the salesman (DEVICE_MISMATCH, against the database).
 * - Geo-Compliance Check: 1 (visits must be inside the outlet's radius) or 0 (GEO_CHECK_NOT_BINARY).
 * - Radius (m): a whole number of metres from 10 to 5000 (RADIUS_INVALID).
 * - Across rows: an SM code once (SM_DUPLICATE_ROW on each repeat).
 * - Against the database: the salesman exists in the market under that DT (NOT_IN_PORTAL), inside the
 *   uploader's DT codes (SALESMAN_OUT_OF_SCOPE).
 */
import {
  DEVICE_GEO_TEMPLATE_HEADERS,
  DEVICE_ID_PATTERN,
  GEO_RADIUS_MAX_M,
  GEO_RADIUS_MIN_M,
  type RowError,
} from '@fieldforce/contracts';
import type { RawRow, RowCheck, ValidRow } from '../../lib/imports/definition.js';
import { repeatCandidates } from '../../lib/repeated-keys.js';
// The cell rule shared with Outlet Status is read from its rules, not copied.
import { hasSpaceOrSpecialAround, isBlank, rowError } from '../../lib/imports/cell-rules.js';

export const [DT_CODE, SM_CODE, DEVICE_ID, GEO_CHECK, RADIUS] = DEVICE_GEO_TEMPLATE_HEADERS;

export interface DeviceGeoValue {
  dtCode: string;
  smCode: string;
  /** Null when the file leaves it blank. */
  deviceId: string | null;
  required: boolean;
  radiusM: number;
}

export type NumberedGeo = ValidRow<DeviceGeoValue>;

/** One row's own rules, every failing cell reported. */
export function validateDeviceGeoRow(raw: RawRow, row: number): RowCheck<DeviceGeoValue> {
  const errors: RowError[] = [];
  for (const header of [DT_CODE, SM_CODE] as const) {
    const value = raw[header];
    if (isBlank(value)) errors.push(rowError('BLANK_VALUE', row, header));
    else if (hasSpaceOrSpecialAround(value!)) errors.push(rowError('SPACES_OR_SPECIAL', row, header));
  }
  const device = raw[DEVICE_ID];
  if (!isBlank(device) && !DEVICE_ID_PATTERN.test(device!)) {
    errors.push(rowError('DEVICE_ID_INVALID', row, DEVICE_ID));
  }
  const check = raw[GEO_CHECK];
  if (isBlank(check)) errors.push(rowError('BLANK_VALUE', row, GEO_CHECK));
  else if (check !== '0' && check !== '1') errors.push(rowError('GEO_CHECK_NOT_BINARY', row, GEO_CHECK));
  const radius = raw[RADIUS];
  const metres = Number(radius);
  if (isBlank(radius)) errors.push(rowError('BLANK_VALUE', row, RADIUS));
  else if (!/^\d{1,5}$/.test(radius!) || metres < GEO_RADIUS_MIN_M || metres > GEO_RADIUS_MAX_M) {
    errors.push(rowError('RADIUS_INVALID', row, RADIUS, { min: GEO_RADIUS_MIN_M, max: GEO_RADIUS_MAX_M }));
  }
  if (errors.length > 0) return { errors };
  return {
    value: {
      dtCode: raw[DT_CODE]!,
      smCode: raw[SM_CODE]!,
      deviceId: isBlank(device) ? null : device!,
      required: check === '1',
      radiusM: metres,
    },
  };
}

/** SM_DUPLICATE_ROW on every row whose SM code an earlier row already had. */
export function duplicateGeoRows(rows: ReadonlyArray<NumberedGeo>): RowError[] {
  const seen = new Set<string>();
  const errors: RowError[] = [];
  const ordered = [...rows].sort((a, b) => a.row - b.row);
  for (const { row, value } of repeatCandidates(ordered, (r) => r.value.smCode)) {
    if (seen.has(value.smCode)) errors.push(rowError('SM_DUPLICATE_ROW', row, SM_CODE));
    else seen.add(value.smCode);
  }
  return errors;
}

/** What the database said of a failing row (import-definition.ts asks it once a batch). */
export interface GeoRowFacts {
  i: number;
  smDtCode: string | null;
  smDeviceId: string | null;
  inScope: boolean;
}

/** NOT_IN_PORTAL, SALESMAN_OUT_OF_SCOPE, DEVICE_MISMATCH: one per row, the first that applies. */
export function geoDatabaseErrors(
  rows: ReadonlyArray<NumberedGeo>,
  facts: ReadonlyArray<GeoRowFacts>,
): RowError[] {
  const errors: RowError[] = [];
  for (const f of facts) {
    const { row, value } = rows[f.i]!;
    if (f.smDtCode === null || f.smDtCode !== value.dtCode)
      errors.push(rowError('NOT_IN_PORTAL', row, SM_CODE));
    else if (!f.inScope) errors.push(rowError('SALESMAN_OUT_OF_SCOPE', row, DT_CODE));
    else if (value.deviceId !== null && value.deviceId !== f.smDeviceId) {
      errors.push(rowError('DEVICE_MISMATCH', row, DEVICE_ID));
    }
  }
  return errors.sort((a, b) => a.row - b.row);
}
