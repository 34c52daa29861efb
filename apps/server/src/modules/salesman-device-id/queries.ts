/**
 * Salesman Device ID SQL outside the declared table (table.ts) and the import (import-definition.ts):
 * the market-level SM Device ID validation switch, and the update and delete of one salesman's device
 * ID, each in the caller's transaction giving back its audit entry (registerAdminChange writes it).
 * Every statement limits rows to the market and the caller's DT scope.
 */
import type { CountryCode, SalesmanDeviceRow, SalesmanDeviceSettings } from '@fieldforce/contracts';
import { COUNTRIES, IMPORT_MESSAGES } from '@fieldforce/contracts';
import type { Queryable } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { dtScopeSql, type AuthUser } from '../../lib/policy.js';
import { audited, unchanged, type AdminChange } from '../../lib/tables/admin-change.js';
import { listPage, presentColumns, presentRow, tableCriteria } from '../../lib/tables/index.js';
import { DEVICE_UPDATE_ACTION, SALESMAN_DEVICE_TOOL } from './import-definition.js';
import { salesmanDeviceTable } from './table.js';

export const DEVICE_DELETE_ACTION = 'salesman.device.delete';
export const VALIDATION_UPDATE_ACTION = 'salesman.validation.update';

const notYours = (smCode: string) => `${smCode} is not one of your salesmen in this market.`;

/** The market's switch, its dial code, and its last change (when, by whom). */
export async function readSettings(q: Queryable, market: CountryCode): Promise<SalesmanDeviceSettings> {
  const { rows } = await q.query<{ enabled: boolean; at: Date | null; actor: string | null }>(
    `SELECT c.sm_device_id_validation AS enabled, last.at, last.actor
     FROM countries c
     LEFT JOIN LATERAL (
       SELECT a.at, u.name AS actor FROM audit_log a LEFT JOIN users u ON u.id = a.actor_id
       WHERE a.market = c.code AND a.tool = $2 AND a.action = $3
       ORDER BY a.at DESC, a.seq DESC NULLS LAST LIMIT 1) last ON TRUE
     WHERE c.code = $1`,
    [market, SALESMAN_DEVICE_TOOL, VALIDATION_UPDATE_ACTION],
  );
  const row = rows[0];
  return {
    validationEnabled: row?.enabled ?? true,
    dialCode: COUNTRIES[market].dialCode,
    updatedAt: row?.at ? new Date(row.at).toISOString() : null,
    updatedByName: row?.actor ?? null,
  };
}

/** Sets the switch: whether it changed, with its audit entry. */
export async function saveValidation(
  tx: Queryable,
  market: CountryCode,
  enabled: boolean,
): Promise<AdminChange<boolean>> {
  const { rows } = await tx.query<{ was: boolean }>(
    `UPDATE countries c SET sm_device_id_validation = $2
     FROM (SELECT sm_device_id_validation AS was FROM countries WHERE code = $1 FOR UPDATE) old
     WHERE c.code = $1 AND old.was IS DISTINCT FROM $2
     RETURNING old.was`,
    [market, enabled],
  );
  if (rows.length === 0) return unchanged(false);
  return audited(true, {
    action: VALIDATION_UPDATE_ACTION,
    target: null,
    before: { validationEnabled: rows[0]!.was },
    after: { validationEnabled: enabled },
  });
}

/** The salesman of `smCode` in the market within the caller's DT scope, locked; null when none. */
async function lockSalesman(
  tx: Queryable,
  user: AuthUser,
  market: CountryCode,
  smCode: string,
): Promise<{ id: number; device_id: string | null } | null> {
  const params: unknown[] = [market, smCode];
  const { rows } = await tx.query<{ id: number; device_id: string | null }>(
    `SELECT id, device_id FROM salesmen
     WHERE country_code = $1 AND sm_code = $2 AND ${dtScopeSql(user, 'dt_code', params)}
     FOR UPDATE`,
    params,
  );
  return rows[0] ?? null;
}

/**
 * Maps `deviceId` to the salesman: whether it changed, with its audit entry. 404 when the salesman is
 * not one of the caller's; 409 when another salesman holds the device ID (naming them when the caller
 * may see them).
 */
export async function updateDevice(
  tx: Queryable,
  user: AuthUser,
  market: CountryCode,
  smCode: string,
  deviceId: string,
  now: Date,
): Promise<AdminChange<boolean>> {
  const salesman = await lockSalesman(tx, user, market, smCode);
  if (!salesman) throw new AppError('NOT_FOUND', notYours(smCode));
  if (salesman.device_id === deviceId) return unchanged(false);
  const params: unknown[] = [deviceId, salesman.id, market];
  const { rows: held } = await tx.query<{ sm_code: string; visible: boolean }>(
    `SELECT sm_code, (country_code = $3 AND ${dtScopeSql(user, 'dt_code', params)}) AS visible
     FROM salesmen WHERE device_id = $1 AND id <> $2`,
    params,
  );
  if (held[0]) {
    const holder = held[0].visible ? held[0].sm_code : 'not one of your salesmen';
    throw new AppError(
      'CONFLICT',
      `Device ID ${deviceId} is already mapped to another salesman (${holder}).`,
      [{ field: 'body.deviceId', message: `Already mapped to another salesman (${holder}).` }],
    );
  }
  await tx.query(`UPDATE salesmen SET device_id = $2, device_id_updated_at = $3 WHERE id = $1`, [
    salesman.id,
    deviceId,
    now.toISOString(),
  ]);
  return audited(true, {
    action: DEVICE_UPDATE_ACTION,
    target: smCode,
    before: { deviceId: salesman.device_id },
    after: { deviceId },
  });
}

/**
 * Removes the salesman's mapped device ID (their next sign-in binds a new one): whether it changed, with
 * its audit entry; 404 with the spec's failure message when the salesman is not one of the caller's.
 */
export async function deleteDevice(
  tx: Queryable,
  user: AuthUser,
  market: CountryCode,
  smCode: string,
  now: Date,
): Promise<AdminChange<boolean>> {
  const salesman = await lockSalesman(tx, user, market, smCode);
  if (!salesman) {
    throw new AppError('NOT_FOUND', IMPORT_MESSAGES.DEVICE_DELETE_FAILED, [
      { field: 'querystring.smCode', message: notYours(smCode) },
    ]);
  }
  if (salesman.device_id === null) return unchanged(false);
  await tx.query(`UPDATE salesmen SET device_id = NULL, device_id_updated_at = $2 WHERE id = $1`, [
    salesman.id,
    now.toISOString(),
  ]);
  return audited(true, {
    action: DEVICE_DELETE_ACTION,
    target: smCode,
    before: { deviceId: salesman.device_id },
    after: { deviceId: null },
  });
}

/** One salesman's row as the list shows it (through the declared table, so it reads the same). */
export async function salesmanRow(
  q: Queryable,
  user: AuthUser,
  market: CountryCode,
  smCode: string,
): Promise<SalesmanDeviceRow | null> {
  // The code is the one just saved, not typed in a search: it goes to the filter as is (a code with a
  // symbol, e.g. SM-01, would fail the search field's letters-and-digits rule).
  const criteria = {
    ...tableCriteria(salesmanDeviceTable, { market, user, query: { page: 1, pageSize: 1 } }),
    filters: { filter_sm_code: [smCode] },
  };
  const [row] = await listPage(q, salesmanDeviceTable, criteria);
  return row ? (presentRow(row, presentColumns(salesmanDeviceTable)) as unknown as SalesmanDeviceRow) : null;
}
