/**
 * Device Geo-Compliance SQL outside the declared table and the import: the single edit of one
 * salesman device's setting in the caller's transaction, giving back its audit entry (registerAdminChange
 * writes it), limited to the market and the caller's DT scope.
 */
import type { CountryCode, DeviceGeoRow, SaveDeviceGeo } from '@fieldforce/contracts';
import type { Queryable } from '../../db/client.js';
import { dtScopeSql, type AuthUser } from '../../lib/policy.js';
import { AppError } from '../../lib/errors.js';
import { audited, unchanged, type AdminChange } from '../../lib/tables/admin-change.js';
import { listPage, presentColumns, presentRow, tableCriteria } from '../../lib/tables/index.js';
import { GEO_UPDATE_ACTION } from './import-definition.js';
import { deviceGeoTable } from './table.js';

/** Saves one setting: whether it changed, with its audit entry; 404 when the salesman is not the caller's. */
export async function saveDeviceGeo(
  tx: Queryable,
  user: AuthUser,
  market: CountryCode,
  input: SaveDeviceGeo,
): Promise<AdminChange<boolean>> {
  const params: unknown[] = [market, input.smCode];
  const { rows } = await tx.query<{ id: number; required: boolean; radius: number }>(
    `SELECT id, geo_fence_required AS required, geo_fence_radius_m AS radius FROM salesmen
     WHERE country_code = $1 AND sm_code = $2 AND ${dtScopeSql(user, 'dt_code', params)} FOR UPDATE`,
    params,
  );
  const sm = rows[0];
  if (!sm) throw new AppError('NOT_FOUND', `${input.smCode} is not one of your salesmen in this market.`);
  const required = input.geoCompliance === 1;
  if (sm.required === required && sm.radius === input.radiusM) return unchanged(false);
  await tx.query(`UPDATE salesmen SET geo_fence_required = $2, geo_fence_radius_m = $3 WHERE id = $1`, [
    sm.id,
    required,
    input.radiusM,
  ]);
  return audited(true, {
    action: GEO_UPDATE_ACTION,
    target: input.smCode,
    before: { geoCompliance: sm.required ? 1 : 0, radiusM: sm.radius },
    after: { geoCompliance: input.geoCompliance, radiusM: input.radiusM },
  });
}

/** One salesman's row as the list shows it (through the declared table). */
export async function deviceGeoRow(
  q: Queryable,
  user: AuthUser,
  market: CountryCode,
  smCode: string,
): Promise<DeviceGeoRow | null> {
  const criteria = tableCriteria(deviceGeoTable, {
    market,
    user,
    query: { filter_sm_code: smCode, page: 1, pageSize: 1 },
  });
  const [row] = await listPage(q, deviceGeoTable, criteria);
  return row ? (presentRow(row, presentColumns(deviceGeoTable)) as unknown as DeviceGeoRow) : null;
}
