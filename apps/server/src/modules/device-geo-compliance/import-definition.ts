/**
 * The device geo-compliance CSV as an import definition (lib/imports): the template of
 * DEVICE_GEO_TEMPLATE_HEADERS, 25 MB (the spec's geo-compliance limit), the rules of rules.ts, and a
 * set-based apply from the staging table with one 'device.geo.update' audit entry per salesman changed.
 * Both database steps are one statement per batch (the rows as JSON arrays).
 */
import { DEVICE_GEO_MAX_BYTES, DEVICE_GEO_TEMPLATE_HEADERS } from '@fieldforce/contracts';
import type { Queryable } from '../../db/client.js';
import { batchMemo } from '../../lib/batch-memo.js';
import { registerImport, type ImportContext, type ImportDefinition } from '../../lib/imports/definition.js';
import { dtScopeSql } from '../../lib/policy.js';
import {
  duplicateGeoRows,
  geoDatabaseErrors,
  validateDeviceGeoRow,
  type DeviceGeoValue,
  type GeoRowFacts,
  type NumberedGeo,
} from './rules.js';

export const DEVICE_GEO_TOOL = 'deviceGeoCompliance';
export const GEO_UPDATE_ACTION = 'device.geo.update';

const batchParams = (rows: ReadonlyArray<NumberedGeo>, ctx: ImportContext): unknown[] => [
  ctx.market,
  JSON.stringify(rows.map((r) => r.value.dtCode)),
  JSON.stringify(rows.map((r) => r.value.smCode)),
  JSON.stringify(rows.map((r) => r.value.deviceId ?? '')),
  JSON.stringify(rows.map((r) => (r.value.required ? 1 : 0))),
  JSON.stringify(rows.map((r) => r.value.radiusM)),
];
const BATCH_ROWS = `ROWS FROM (json_array_elements_text($2::json), json_array_elements_text($3::json),
                             json_array_elements_text($4::json), json_array_elements_text($5::json),
                             json_array_elements_text($6::json))
                   WITH ORDINALITY AS f(dt, sm, dev, req, radius, i)`;

/**
 * One statement per batch for both database steps (checkAgainstDb and plan ask together: batchMemo):
 * the rows that fail a database rule, and the count that would update.
 */
const batchFacts = batchMemo(
  async (
    q: Queryable,
    rows: ReadonlyArray<NumberedGeo>,
    ctx: ImportContext,
  ): Promise<{ failing: GeoRowFacts[]; update: number }> => {
    if (rows.length === 0) return { failing: [], update: 0 };
    const params = batchParams(rows, ctx);
    const inScope = dtScopeSql(ctx.user, 's.dt_code', params);
    const { rows: answer } = await q.query<{ update: number; failing: GeoRowFacts[] | null }>(
      `WITH j AS (
         SELECT f.i, s.id AS sid, s.dt_code, s.device_id, s.geo_fence_required, s.geo_fence_radius_m,
                f.dt, f.dev, f.req, f.radius, coalesce(${inScope}, false) AS in_scope
         FROM ${BATCH_ROWS}
         LEFT JOIN salesmen s ON s.sm_code = f.sm AND s.country_code = $1)
       SELECT (SELECT count(*) FROM j WHERE j.sid IS NULL OR j.geo_fence_required <> (j.req = '1')
                                           OR j.geo_fence_radius_m <> j.radius::int)::int AS update,
              (SELECT json_agg(json_build_object('i', j.i - 1, 'smDtCode', j.dt_code, 'smDeviceId', j.device_id,
                                                 'inScope', j.in_scope) ORDER BY j.i)
               FROM j
               WHERE j.sid IS NULL OR j.dt_code <> j.dt OR NOT j.in_scope
                  OR (j.dev <> '' AND j.dev IS DISTINCT FROM j.device_id)) AS failing`,
      params,
    );
    return { update: answer[0]?.update ?? 0, failing: answer[0]?.failing ?? [] };
  },
);

export const deviceGeoImport: ImportDefinition<DeviceGeoValue> = registerImport<DeviceGeoValue>({
  kind: 'deviceGeoCompliance',
  tool: 'deviceGeoCompliance',
  maxBytes: DEVICE_GEO_MAX_BYTES,
  extensions: ['.csv'],
  noSpacesInName: true,
  headers: DEVICE_GEO_TEMPLATE_HEADERS,
  dateColumns: [],
  validateRow: validateDeviceGeoRow,
  // Keyed (lib/imports, KeyedRule): only rows with the same SM code can repeat each other.
  crossRowRules: [{ key: (v) => v.smCode, check: duplicateGeoRows }],
  async checkAgainstDb(q, rows, ctx) {
    const { failing } = await batchFacts(q, rows, ctx);
    return failing.length === 0 ? [] : geoDatabaseErrors(rows, failing);
  },
  /** Rows whose salesman's setting differs from the file's (or that name no salesman) would update. */
  async plan(q, rows, ctx) {
    const { update } = await batchFacts(q, rows, ctx);
    return { create: 0, update, unchanged: rows.length - update };
  },
  staging: {
    columns: [
      { name: 'dt_code', type: 'text' },
      { name: 'sm_code', type: 'text' },
      { name: 'required', type: 'boolean' },
      { name: 'radius_m', type: 'integer' },
    ],
    toRow: (v) => [v.dtCode, v.smCode, v.required, v.radiusM],
  },
  /**
   * One statement: the salesmen whose setting differs (in the market, under the row's DT, inside the
   * uploader's DT codes) get the file's, each with its 'device.geo.update' audit entry.
   */
  async apply(tx, stagingTable, ctx) {
    const params: unknown[] = [ctx.market, ctx.user.id, ctx.importId, DEVICE_GEO_TOOL, GEO_UPDATE_ACTION];
    const scope = dtScopeSql(ctx.user, 's.dt_code', params);
    const { rows } = await tx.query<{ updated: number; total: number }>(
      `WITH old AS (
         SELECT s.id, s.geo_fence_required AS was_req, s.geo_fence_radius_m AS was_radius,
                st.required, st.radius_m
         FROM ${stagingTable} st
         JOIN salesmen s ON s.sm_code = st.sm_code AND s.dt_code = st.dt_code AND s.country_code = $1
         WHERE ${scope}
           AND (s.geo_fence_required <> st.required OR s.geo_fence_radius_m <> st.radius_m)),
       changed AS (
         UPDATE salesmen s SET geo_fence_required = old.required, geo_fence_radius_m = old.radius_m
         FROM old WHERE s.id = old.id
         RETURNING s.sm_code, old.was_req, old.was_radius, s.geo_fence_required AS req, s.geo_fence_radius_m AS radius),
       audited AS (
         INSERT INTO audit_log (actor_id, session_id, market, tool, action, target, before, after, import_id,
                                request_id)
         SELECT $2, NULL, $1, $4, $5, c.sm_code,
                jsonb_build_object('geoCompliance', CASE WHEN c.was_req THEN 1 ELSE 0 END, 'radiusM', c.was_radius),
                jsonb_build_object('geoCompliance', CASE WHEN c.req THEN 1 ELSE 0 END, 'radiusM', c.radius),
                $3, NULL
         FROM changed c
         RETURNING 1)
       SELECT (SELECT count(*) FROM audited)::int AS updated,
              (SELECT count(*) FROM ${stagingTable})::int AS total`,
      params,
    );
    const updated = rows[0]?.updated ?? 0;
    return { created: 0, updated, unchanged: (rows[0]?.total ?? 0) - updated };
  },
  auditAction: 'device.geo.import',
});
