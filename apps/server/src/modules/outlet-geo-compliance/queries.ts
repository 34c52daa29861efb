/**
 * Outlet Geo-Compliance SQL outside the declared table (table.ts): the save of the changed list with
 * its audit entries, limited to the market and the caller's DT scope (dtScopeSql).
 */
import type { CountryCode, OutletGeoChange } from '@fieldforce/contracts';
import type { Queryable } from '../../db/client.js';
import { dtScopeSql, type AuthUser } from '../../lib/policy.js';

export const OUTLET_GEO_TOOL = 'outletGeoCompliance';
/** One audit entry per outlet changed, by the save and by an import (before/after {geoCompliance}). */
export const GEO_UPDATE_ACTION = 'outlet.geo.update';

export interface GeoSaveActor {
  actorId: string;
  sessionId: string | null;
  requestId: string | null;
}

export interface GeoSaveResult {
  /** Changes naming no outlet of the market under that DT inside the caller's scope: nothing saved. */
  refused: Array<{ outletCode: string; dtCode: string; reason: 'notFound' | 'outOfScope' }>;
  updated: number;
  unchanged: number;
}

/**
 * Applies a changed list in `tx` (the caller's transaction): locks the named outlets, and when every
 * change names an outlet of the market under that DT inside the caller's scope, updates those whose
 * check differs and writes one 'outlet.geo.update' audit entry per outlet changed, in one statement.
 * Otherwise nothing is written and `refused` says which outlets and why.
 */
export async function applyGeoChanges(
  tx: Queryable,
  user: AuthUser,
  market: CountryCode,
  changes: readonly OutletGeoChange[],
  actor: GeoSaveActor,
): Promise<GeoSaveResult> {
  const codes = changes.map((c) => c.outletCode);
  const lockParams: unknown[] = [market, codes];
  const inScope = dtScopeSql(user, 'dt_code', lockParams);
  const { rows: found } = await tx.query<{ outlet_code: string; dt_code: string; in_scope: boolean }>(
    `SELECT outlet_code, dt_code, (${inScope}) AS in_scope FROM outlets
     WHERE country_code = $1 AND outlet_code = ANY($2::text[]) ORDER BY outlet_code FOR UPDATE`,
    lockParams,
  );
  const byCode = new Map(found.map((r) => [r.outlet_code, r]));
  const refused: GeoSaveResult['refused'] = [];
  for (const c of changes) {
    const o = byCode.get(c.outletCode);
    if (!o || o.dt_code !== c.dtCode) refused.push({ ...pick(c), reason: 'notFound' });
    else if (!o.in_scope) refused.push({ ...pick(c), reason: 'outOfScope' });
  }
  if (refused.length > 0) return { refused, updated: 0, unchanged: 0 };

  const { rows } = await tx.query<{ updated: number }>(
    `WITH c AS (SELECT * FROM unnest($2::text[], $3::boolean[]) AS c(outlet_code, geo)),
     old AS (SELECT o.id, c.geo FROM outlets o JOIN c ON c.outlet_code = o.outlet_code
             WHERE o.country_code = $1 AND o.geo_compliance <> c.geo),
     changed AS (UPDATE outlets o SET geo_compliance = old.geo FROM old WHERE o.id = old.id
                 RETURNING o.outlet_code, o.geo_compliance AS now),
     audited AS (
       INSERT INTO audit_log (actor_id, session_id, market, tool, action, target, before, after, import_id,
                              request_id)
       SELECT $4, $5, $1, $6, $7, ch.outlet_code,
              jsonb_build_object('geoCompliance', CASE WHEN ch.now THEN 0 ELSE 1 END),
              jsonb_build_object('geoCompliance', CASE WHEN ch.now THEN 1 ELSE 0 END), NULL, $8
       FROM changed ch RETURNING 1)
     SELECT count(*)::int AS updated FROM audited`,
    [
      market,
      codes,
      changes.map((c) => c.geoCompliance === 1),
      actor.actorId,
      actor.sessionId,
      OUTLET_GEO_TOOL,
      GEO_UPDATE_ACTION,
      actor.requestId,
    ],
  );
  const updated = rows[0]?.updated ?? 0;
  return { refused: [], updated, unchanged: changes.length - updated };
}

const pick = (c: OutletGeoChange) => ({ outletCode: c.outletCode, dtCode: c.dtCode });
