/**
 * The outlet geo-compliance CSV as an import definition (lib/imports): the template 'DT Code, Outlet
 * Code, Geo-Compliance Check', the 25 MB limit, the row rules (rules.ts), the database rules (the
 * outlet exists in the market under that DT; the DT is inside the uploader's scope) and a set-based
 * apply from the staging table: one statement updates the outlets whose check differs and writes
 * their 'outlet.geo.update' audit entries, so the same file twice changes nothing the second time.
 */
import {
  OUTLET_GEO_IMPORT_KIND,
  OUTLET_GEO_MAX_BYTES,
  OUTLET_GEO_TEMPLATE_HEADERS,
} from '@fieldforce/contracts';
import type { Queryable } from '../../db/client.js';
import { registerImport, type ImportContext, type ImportDefinition } from '../../lib/imports/definition.js';
import { dtScope, dtScopeSql } from '../../lib/policy.js';
import { GEO_UPDATE_ACTION, OUTLET_GEO_TOOL } from './queries.js';
import {
  databaseGeoErrors,
  duplicateGeoRows,
  validateOutletGeoRow,
  type NumberedGeoValue,
  type OutletGeoValue,
} from './rules.js';

/**
 * One statement for a batch: the rows go as JSON arrays (one parameter each) and the server answers
 * the rows the database rules refuse (with the DT of the outlet the code names, null when none) and
 * the count of rows whose outlet's check differs from the file's.
 */
async function batchFacts(q: Queryable, rows: ReadonlyArray<NumberedGeoValue>, ctx: ImportContext) {
  if (rows.length === 0) return { failing: [] as Array<[number, string | null]>, update: 0 };
  const params: unknown[] = [
    ctx.market,
    JSON.stringify(rows.map((r) => r.value.dtCode)),
    JSON.stringify(rows.map((r) => r.value.outletCode)),
    JSON.stringify(rows.map((r) => r.value.geoCompliance)),
  ];
  const inScope = dtScopeSql(ctx.user, 'o.dt_code', params);
  const { rows: answer } = await q.query<{ update: number; failing: Array<[number, string | null]> | null }>(
    `WITH j AS (
       SELECT f.i, f.geo, o.dt_code, o.geo_compliance,
              (o.outlet_code IS NULL OR o.dt_code <> f.dt OR NOT (${inScope})) AS failing
       FROM ROWS FROM (json_array_elements_text($2::json), json_array_elements_text($3::json),
                       json_array_elements_text($4::json)) WITH ORDINALITY AS f(dt, code, geo, i)
       LEFT JOIN outlets o ON o.outlet_code = f.code AND o.country_code = $1)
     SELECT (SELECT count(*) FROM j WHERE NOT j.failing AND j.geo_compliance <> (j.geo = '1'))::int AS update,
            (SELECT json_agg(json_build_array(j.i, j.dt_code) ORDER BY j.i) FROM j WHERE j.failing) AS failing`,
    params,
  );
  return { update: answer[0]?.update ?? 0, failing: answer[0]?.failing ?? [] };
}

export const outletGeoImport: ImportDefinition<OutletGeoValue> = registerImport<OutletGeoValue>({
  kind: OUTLET_GEO_IMPORT_KIND,
  tool: 'outletGeoCompliance',
  maxBytes: OUTLET_GEO_MAX_BYTES,
  extensions: ['.csv'],
  // The spec says it for the outlet-status file; the same rule here keeps the stored names alike.
  noSpacesInName: true,
  headers: OUTLET_GEO_TEMPLATE_HEADERS,
  dateColumns: [],
  validateRow: validateOutletGeoRow,
  // Keyed (lib/imports, KeyedRule): only rows with the same outlet code can repeat each other.
  crossRowRules: [{ key: (v) => v.outletCode, check: duplicateGeoRows }],
  async checkAgainstDb(q, rows, ctx) {
    const { failing } = await batchFacts(q, rows, ctx);
    if (failing.length === 0) return [];
    const facts = new Map<number, string | null>();
    const offending: NumberedGeoValue[] = [];
    for (const [i, dtCode] of failing) {
      const r = rows[i - 1]!;
      offending.push(r);
      facts.set(r.row, dtCode);
    }
    return databaseGeoErrors(offending, facts, dtScope(ctx.user));
  },
  async plan(q, rows, ctx) {
    const { update } = await batchFacts(q, rows, ctx);
    return { create: 0, update, unchanged: rows.length - update };
  },
  staging: {
    columns: [
      { name: 'dt_code', type: 'text' },
      { name: 'outlet_code', type: 'text' },
      { name: 'geo', type: 'integer' },
    ],
    toRow: (v) => [v.dtCode, v.outletCode, v.geoCompliance],
  },
  /**
   * One statement: the outlets whose check differs (in the market, under the row's DT, inside the
   * uploader's DT scope) are updated, and each gets its 'outlet.geo.update' audit entry with the import
   * id. `before` is the opposite of `after`: only rows whose check differs are updated.
   */
  async apply(tx, stagingTable, ctx) {
    const params: unknown[] = [ctx.market, ctx.user.id, ctx.importId, OUTLET_GEO_TOOL, GEO_UPDATE_ACTION];
    const scope = dtScopeSql(ctx.user, 'o.dt_code', params);
    const { rows } = await tx.query<{ updated: number; total: number }>(
      `WITH old AS (
         SELECT o.id, s.geo = 1 AS geo
         FROM ${stagingTable} s
         JOIN outlets o ON o.outlet_code = s.outlet_code AND o.dt_code = s.dt_code AND o.country_code = $1
         WHERE ${scope} AND o.geo_compliance <> (s.geo = 1)),
       changed AS (
         UPDATE outlets o SET geo_compliance = old.geo FROM old WHERE o.id = old.id
         RETURNING o.outlet_code, o.geo_compliance AS now),
       audited AS (
         INSERT INTO audit_log (actor_id, session_id, market, tool, action, target, before, after, import_id,
                                request_id)
         SELECT $2, NULL, $1, $4, $5, c.outlet_code,
                jsonb_build_object('geoCompliance', CASE WHEN c.now THEN 0 ELSE 1 END),
                jsonb_build_object('geoCompliance', CASE WHEN c.now THEN 1 ELSE 0 END), $3, NULL
         FROM changed c
         RETURNING 1)
       SELECT (SELECT count(*) FROM audited)::int AS updated, (SELECT count(*) FROM ${stagingTable})::int AS total`,
      params,
    );
    const updated = rows[0]?.updated ?? 0;
    return { created: 0, updated, unchanged: (rows[0]?.total ?? 0) - updated };
  },
  auditAction: 'outlet.geo.import',
});
