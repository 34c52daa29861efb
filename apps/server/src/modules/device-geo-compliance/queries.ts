/**
 * Device Geo-Compliance SQL outside the declared table and the import: the single edit of one
 * salesman device's setting with its audit entry, in the caller's transaction, limited to the market
 * and the caller's DT scope.
 */
import type { CountryCode, DeviceGeoRow, SaveDeviceGeo } from '@fieldforce/contracts';
import type { Queryable } from '../../db/client.js';
import { writeAudit } from '../../lib/audit.js';
import { dtScopeSql, type AuthUser } from '../../lib/policy.js';
import { listPage, presentColumns, presentRow, tableCriteria } from '../../lib/tables/index.js';
import { DEVICE_GEO_TOOL, GEO_UPDATE_ACTION } from './import-definition.js';
import { deviceGeoTable } from './table.js';

export interface Actor {
  actorId: string;
  sessionId: string | null;
  requestId: string | null;
}

/** Saves one setting: null when the salesman is not one of the caller's, else whether it changed. */
export async function saveDeviceGeo(
  tx: Queryable,
  user: AuthUser,
  market: CountryCode,
  input: SaveDeviceGeo,
  actor: Actor,
): Promise<{ changed: boolean } | null> {
  const params: unknown[] = [market, input.smCode];
  const { rows } = await tx.query<{ id: number; required: boolean; radius: number }>(
    `SELECT id, geo_fence_required AS required, geo_fence_radius_m AS radius FROM salesmen
     WHERE country_code = $1 AND sm_code = $2 AND ${dtScopeSql(user, 'dt_code', params)} FOR UPDATE`,
    params,
  );
  const sm = rows[0];
  if (!sm) return null;
  const required = input.geoCompliance === 1;
  if (sm.required === required && sm.radius === input.radiusM) return { changed: false };
  await tx.query(`UPDATE salesmen SET geo_fence_required = $2, geo_fence_radius_m = $3 WHERE id = $1`, [
    sm.id,
    required,
    input.radiusM,
  ]);
  await writeAudit(tx, {
    ...actor,
    market,
    tool: DEVICE_GEO_TOOL,
    action: GEO_UPDATE_ACTION,
    target: input.smCode,
    before: { geoCompliance: sm.required ? 1 : 0, radiusM: sm.radius },
    after: { geoCompliance: input.geoCompliance, radiusM: input.radiusM },
  });
  return { changed: true };
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
