/**
 * The outlet-status CSV as an import definition (lib/imports): the template, the 10 MB limit, the
 * rules of spec section 5 (rules.ts), the database rules (exists in the market under that DT and
 * site; inside the uploader's DT scope), and a set-based apply from the staging table.
 *
 * Speed (docs/admin.md, "Speed"): a 10 MB file is about 320,000 rows, so every step here is built for
 * volume without changing what rules.ts decides. A row of plain ASCII letters and digits takes a fast
 * path that gives the same answer as `validateOutletStatusRow` (any other row goes through it); the
 * duplicates are found through a map by outlet code, not a key string per row; the database checks and
 * the plan send the rows as JSON arrays (one parameter each, `json_array_elements_text` on the server)
 * and read back only the rows that fail, or a count, instead of every outlet the file names.
 */
import type { RowError } from '@fieldforce/contracts';
import { OUTLET_STATUS_MAX_BYTES, OUTLET_STATUS_TEMPLATE_HEADERS } from '@fieldforce/contracts';
import type { Queryable } from '../../db/client.js';
import { registerImport, type ImportDefinition, type RawRow } from '../../lib/imports/definition.js';
import { dtScope, dtScopeSql } from '../../lib/policy.js';
import { applyFromStaging } from './queries.js';
import {
  databaseRowErrors,
  DT_CODE,
  DT_SITE_CODE,
  duplicateKey,
  OUTLET_CODE,
  rowError,
  STATUS,
  validateOutletStatusRow,
  type KnownOutlet,
  type NumberedValue,
  type OutletStatusCheck,
  type OutletStatusValue,
} from './rules.js';

/** A non-empty run of ASCII letters and digits: passes the blank and space-or-special rules as is. */
function isPlainCode(value: string | undefined): value is string {
  if (value === undefined || value.length === 0) return false;
  for (let i = 0; i < value.length; i += 1) {
    const c = value.charCodeAt(i);
    // 0-9, A-Z, a-z
    if (!((c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122))) return false;
  }
  return true;
}

/**
 * `validateOutletStatusRow` with a fast path: three plain codes and a status of 0 or 1 are valid
 * there too, so they are answered here without the Unicode expressions; anything else goes to it.
 */
export function checkOutletStatusRow(raw: RawRow, row: number): OutletStatusCheck {
  const dtCode = raw[DT_CODE];
  const dtSiteCode = raw[DT_SITE_CODE];
  const outletCode = raw[OUTLET_CODE];
  const status = raw[STATUS];
  if (isPlainCode(dtCode) && isPlainCode(dtSiteCode) && isPlainCode(outletCode)) {
    if (status === '1') return { value: { dtCode, dtSiteCode, outletCode, status: 1 } };
    if (status === '0') return { value: { dtCode, dtSiteCode, outletCode, status: 0 } };
  }
  return validateOutletStatusRow(raw, row);
}

/**
 * `duplicateRowErrors` (DUPLICATE_ROW on every repeat of DT Code + DT Site Code + Outlet Code after its
 * first row) through a map by outlet code: a key string is built only for a code seen under two
 * different DT or site pairs.
 */
export function duplicateOutletRows(rows: ReadonlyArray<NumberedValue>): RowError[] {
  let ordered = rows;
  for (let i = 1; i < rows.length; i += 1) {
    if (rows[i]!.row < rows[i - 1]!.row) {
      ordered = [...rows].sort((a, b) => a.row - b.row);
      break;
    }
  }
  const seen = new Map<string, OutletStatusValue | Set<string>>();
  const errors: RowError[] = [];
  for (const { row, value } of ordered) {
    const first = seen.get(value.outletCode);
    if (first === undefined) {
      seen.set(value.outletCode, value);
    } else if (first instanceof Set) {
      const key = duplicateKey(value);
      if (first.has(key)) errors.push(rowError('DUPLICATE_ROW', row, OUTLET_CODE));
      else first.add(key);
    } else if (first.dtCode === value.dtCode && first.dtSiteCode === value.dtSiteCode) {
      errors.push(rowError('DUPLICATE_ROW', row, OUTLET_CODE));
    } else {
      seen.set(value.outletCode, new Set([duplicateKey(first), duplicateKey(value)]));
    }
  }
  return errors;
}

/** The rows' outlet codes as one JSON array (kept per batch: the check and the plan both send it). */
const codesJson = new WeakMap<ReadonlyArray<NumberedValue>, string>();
function outletCodesJson(rows: ReadonlyArray<NumberedValue>): string {
  let json = codesJson.get(rows);
  if (json === undefined) {
    json = JSON.stringify(rows.map((r) => r.value.outletCode));
    codesJson.set(rows, json);
  }
  return json;
}

/**
 * The database rules in one statement: the server joins the rows to the market's outlets and answers
 * only the rows that have no outlet under that DT and site, or whose outlet's DT is outside the
 * uploader's scope; `databaseRowErrors` (rules.ts) then words them.
 */
async function databaseErrors(
  q: Queryable,
  rows: ReadonlyArray<NumberedValue>,
  market: string,
  scope: ReturnType<typeof dtScope>,
  scopeSql: (column: string, params: unknown[]) => string,
): Promise<RowError[]> {
  if (rows.length === 0) return [];
  const params: unknown[] = [
    market,
    JSON.stringify(rows.map((r) => r.value.dtCode)),
    JSON.stringify(rows.map((r) => r.value.dtSiteCode)),
    outletCodesJson(rows),
  ];
  const inScope = scopeSql('o.dt_code', params);
  const { rows: failing } = await q.query<{ i: number; dtCode: string | null; dtSiteCode: string | null }>(
    `SELECT f.i::int AS i, o.dt_code AS "dtCode", o.dt_site_code AS "dtSiteCode"
     FROM ROWS FROM (json_array_elements_text($2::json), json_array_elements_text($3::json),
                     json_array_elements_text($4::json)) WITH ORDINALITY AS f(dt, site, code, i)
     LEFT JOIN outlets o ON o.outlet_code = f.code AND o.country_code = $1
     WHERE o.outlet_code IS NULL OR o.dt_code <> f.dt OR o.dt_site_code <> f.site OR NOT (${inScope})`,
    params,
  );
  if (failing.length === 0) return [];
  const known = new Map<string, KnownOutlet>();
  const offending: NumberedValue[] = [];
  for (const f of failing) {
    const r = rows[f.i - 1]!;
    offending.push(r);
    if (f.dtCode !== null && f.dtSiteCode !== null)
      known.set(r.value.outletCode, {
        outletCode: r.value.outletCode,
        dtCode: f.dtCode,
        dtSiteCode: f.dtSiteCode,
      });
  }
  offending.sort((a, b) => a.row - b.row);
  return databaseRowErrors(offending, known, scope);
}

export const outletStatusImport: ImportDefinition<OutletStatusValue> = registerImport<OutletStatusValue>({
  kind: 'outletStatus',
  tool: 'outletStatus',
  maxBytes: OUTLET_STATUS_MAX_BYTES,
  extensions: ['.csv'],
  noSpacesInName: true,
  headers: OUTLET_STATUS_TEMPLATE_HEADERS,
  dateColumns: [],
  validateRow: checkOutletStatusRow,
  crossRowRules: [duplicateOutletRows],
  checkAgainstDb(q, rows, ctx) {
    return databaseErrors(q, rows, ctx.market, dtScope(ctx.user), (column, params) =>
      dtScopeSql(ctx.user, column, params),
    );
  },
  /** Rows whose outlet's status differs from the file's (or that name no outlet) would update. */
  async plan(q, rows, ctx) {
    if (rows.length === 0) return { create: 0, update: 0, unchanged: 0 };
    const { rows: counted } = await q.query<{ update: number }>(
      `SELECT count(*) FILTER (WHERE o.is_online IS DISTINCT FROM (f.status = '1'))::int AS update
       FROM ROWS FROM (json_array_elements_text($2::json), json_array_elements_text($3::json)) AS f(code, status)
       LEFT JOIN outlets o ON o.outlet_code = f.code AND o.country_code = $1`,
      [ctx.market, outletCodesJson(rows), JSON.stringify(rows.map((r) => r.value.status))],
    );
    const update = counted[0]?.update ?? 0;
    return { create: 0, update, unchanged: rows.length - update };
  },
  staging: {
    columns: [
      { name: 'dt_code', type: 'text' },
      { name: 'dt_site_code', type: 'text' },
      { name: 'outlet_code', type: 'text' },
      { name: 'status', type: 'integer' },
    ],
    toRow: (v) => [v.dtCode, v.dtSiteCode, v.outletCode, v.status],
  },
  async apply(tx, stagingTable, ctx) {
    const { updated, unchanged } = await applyFromStaging(tx, stagingTable, ctx.user, ctx.market, {
      actorId: ctx.user.id,
      sessionId: null,
      requestId: null,
      importId: ctx.importId,
    });
    return { created: 0, updated, unchanged };
  },
  auditAction: 'outlet.status.import',
});
