/**
 * The device-ID CSV as an import definition (lib/imports): the template 'DT Code, SM Code, Phone
 * number, Device ID', the 50 MB limit, the row and cross-row rules of rules.ts, the database rules
 * (the salesman exists under that DT in the market and inside the uploader's DT codes, the phone is
 * theirs, the device ID is not another salesman's) and a set-based apply from the staging table with
 * one 'salesman.device.update' audit entry per salesman changed.
 *
 * Both database steps are one statement per batch: the rows go as one text parameter per column
 * (space-separated values; JSON arrays when a value holds a space) and the server answers only the
 * rows that fail and a count.
 */
import {
  COUNTRIES,
  SALESMAN_DEVICE_MAX_BYTES,
  SALESMAN_DEVICE_TEMPLATE_HEADERS,
} from '@fieldforce/contracts';
import { normalisePhone } from '@fieldforce/contracts';
import type { Queryable } from '../../db/client.js';
import { batchMemo } from '../../lib/batch-memo.js';
import { registerImport, type ImportContext, type ImportDefinition } from '../../lib/imports/definition.js';
import { dtScopeSql } from '../../lib/policy.js';
import {
  databaseRowErrors,
  deviceGivenTwice,
  duplicateSalesmanRows,
  validateSalesmanDeviceRow,
  type NumberedDevice,
  type RowFacts,
  type SalesmanDeviceValue,
} from './rules.js';

export const SALESMAN_DEVICE_TOOL = 'salesmanDeviceId';
export const DEVICE_UPDATE_ACTION = 'salesman.device.update';

/**
 * The batch as one parameter per column: DT codes, SM codes, device IDs, phones in the stored form
 * ('' = none), and the FROM item that unpacks them. A value that passed the row rules holds no space
 * (SPACES_OR_SPECIAL, DEVICE_ID_INVALID, the phone's digits), so the columns go as space-separated
 * text (`string_to_table`, as Outlet Status's check: about half the server's time of
 * `json_array_elements_text`); as JSON arrays when a value holds a space all the same.
 */
function batchParams(
  rows: ReadonlyArray<NumberedDevice>,
  ctx: ImportContext,
): { params: unknown[]; from: string } {
  const dial = COUNTRIES[ctx.market].dialCode;
  const dt: string[] = [];
  const sm: string[] = [];
  const dev: string[] = [];
  const phone: string[] = [];
  let spaced = false;
  for (const { value } of rows) {
    const typed = value.phone === null ? '' : (normalisePhone(value.phone, dial) ?? '');
    dt.push(value.dtCode);
    sm.push(value.smCode);
    dev.push(value.deviceId);
    phone.push(typed);
    if (
      value.dtCode.includes(' ') ||
      value.smCode.includes(' ') ||
      value.deviceId.includes(' ') ||
      typed.includes(' ')
    )
      spaced = true;
  }
  const columns = [dt, sm, dev, phone];
  // string_to_table('', ' ') is no row at all: in a one-row batch without a phone, ROWS FROM pads
  // that column with NULL, read back as ''.
  const from = spaced
    ? `ROWS FROM (json_array_elements_text($2::json), json_array_elements_text($3::json),
                  json_array_elements_text($4::json), json_array_elements_text($5::json))`
    : `ROWS FROM (string_to_table($2::text, ' '), string_to_table($3::text, ' '),
                  string_to_table($4::text, ' '), string_to_table($5::text, ' '))`;
  return {
    params: [ctx.market, ...columns.map((c) => (spaced ? JSON.stringify(c) : c.join(' ')))],
    from: `${from} WITH ORDINALITY AS f(dt, sm, dev, phone_typed, i)`,
  };
}

interface BatchFacts {
  /** The rows that fail a database rule, with what the database knows of them. */
  failing: RowFacts[];
  /** Rows whose salesman's device differs from the file's (or that name no salesman). */
  update: number;
}

/**
 * One statement per batch for both database steps (checkAgainstDb and plan ask together: batchMemo):
 * the rows that fail a database rule, and the count that would update, as two aggregates (FILTER) of
 * one pass over the join (a CTE read twice stored the join's rows first: more server CPU, as Outlet
 * Status's check measured).
 */
const batchFacts = batchMemo(
  async (q: Queryable, rows: ReadonlyArray<NumberedDevice>, ctx: ImportContext): Promise<BatchFacts> => {
    if (rows.length === 0) return { failing: [], update: 0 };
    const { params, from } = batchParams(rows, ctx);
    const smInScope = dtScopeSql(ctx.user, 's.dt_code', params);
    const holderVisible = dtScopeSql(ctx.user, 'h.dt_code', params);
    const { rows: answer } = await q.query<{ update: number; failing: RowFacts[] | null }>(
      `SELECT count(*) FILTER (WHERE j.device_id IS DISTINCT FROM j.dev)::int AS update,
              json_agg(json_build_object('i', j.i - 1, 'smDtCode', j.dt_code, 'smPhone', j.phone,
                                         'inScope', j.in_scope, 'holder', j.holder) ORDER BY j.i) FILTER (
                WHERE j.sid IS NULL OR j.dt_code <> j.dt OR NOT j.in_scope
                   OR (j.typed <> '' AND j.typed <> j.phone) OR j.holder IS NOT NULL) AS failing
       FROM (
         SELECT f.i, s.id AS sid, s.dt_code, s.phone, s.device_id, f.dt, f.dev,
                coalesce(f.phone_typed, '') AS typed,
                coalesce(${smInScope}, false) AS in_scope,
                CASE WHEN h.id IS NULL THEN NULL
                     WHEN h.country_code = $1 AND ${holderVisible} THEN h.sm_code ELSE '' END AS holder
         FROM ${from}
         LEFT JOIN salesmen s ON s.sm_code = f.sm AND s.country_code = $1
         LEFT JOIN salesmen h ON h.device_id = f.dev AND h.sm_code <> f.sm) j`,
      params,
    );
    return { update: answer[0]?.update ?? 0, failing: answer[0]?.failing ?? [] };
  },
);

export const salesmanDeviceImport: ImportDefinition<SalesmanDeviceValue> =
  registerImport<SalesmanDeviceValue>({
    kind: 'salesmanDeviceId',
    tool: 'salesmanDeviceId',
    maxBytes: SALESMAN_DEVICE_MAX_BYTES,
    extensions: ['.csv'],
    noSpacesInName: true,
    headers: SALESMAN_DEVICE_TEMPLATE_HEADERS,
    dateColumns: [],
    validateRow: validateSalesmanDeviceRow,
    // Keyed (lib/imports, KeyedRule): only rows sharing an SM code, or a device ID, can break these.
    crossRowRules: [
      { key: (v) => v.smCode, check: duplicateSalesmanRows },
      { key: (v) => v.deviceId, check: deviceGivenTwice },
    ],
    async checkAgainstDb(q, rows, ctx) {
      const { failing } = await batchFacts(q, rows, ctx);
      if (failing.length === 0) return [];
      const dial = COUNTRIES[ctx.market].dialCode;
      return databaseRowErrors(rows, failing, (typed) => normalisePhone(typed, dial));
    },
    /** Rows whose salesman's device ID differs from the file's (or that name no salesman) would update. */
    async plan(q, rows, ctx) {
      const { update } = await batchFacts(q, rows, ctx);
      return { create: 0, update, unchanged: rows.length - update };
    },
    staging: {
      columns: [
        { name: 'dt_code', type: 'text' },
        { name: 'sm_code', type: 'text' },
        { name: 'device_id', type: 'text' },
      ],
      toRow: (v) => [v.dtCode, v.smCode, v.deviceId],
    },
    /**
     * One statement: the salesmen whose device ID differs (in the market, under the row's DT, inside
     * the uploader's DT codes) get the file's, with the time of the change, and each gets its
     * 'salesman.device.update' audit entry (before and after) with the import id.
     */
    async apply(tx, stagingTable, ctx) {
      const params: unknown[] = [
        ctx.market,
        ctx.user.id,
        ctx.importId,
        SALESMAN_DEVICE_TOOL,
        DEVICE_UPDATE_ACTION,
        ctx.now.toISOString(),
      ];
      const scope = dtScopeSql(ctx.user, 's.dt_code', params);
      const { rows } = await tx.query<{ updated: number; total: number }>(
        `WITH old AS (
           SELECT s.id, s.device_id AS was, st.device_id AS now
           FROM ${stagingTable} st
           JOIN salesmen s ON s.sm_code = st.sm_code AND s.dt_code = st.dt_code AND s.country_code = $1
           WHERE ${scope} AND s.device_id IS DISTINCT FROM st.device_id),
         changed AS (
           UPDATE salesmen s SET device_id = old.now, device_id_updated_at = $6::timestamptz
           FROM old WHERE s.id = old.id
           RETURNING s.sm_code, old.was, s.device_id AS now),
         audited AS (
           INSERT INTO audit_log (actor_id, session_id, market, tool, action, target, before, after, import_id,
                                  request_id, at)
           SELECT $2, NULL, $1, $4, $5, c.sm_code, jsonb_build_object('deviceId', c.was),
                  jsonb_build_object('deviceId', c.now), $3, NULL, $6::timestamptz
           FROM changed c
           RETURNING 1)
         SELECT (SELECT count(*) FROM audited)::int AS updated,
                (SELECT count(*) FROM ${stagingTable})::int AS total`,
        params,
      );
      const updated = rows[0]?.updated ?? 0;
      return { created: 0, updated, unchanged: (rows[0]?.total ?? 0) - updated };
    },
    auditAction: 'salesman.device.import',
  });
