/**
 * The outlet-status CSV as an import definition (lib/imports): the template, the 10 MB limit, the
 * rules of spec section 5 (rules.ts), the database rules (exists in the market under that DT and
 * site; inside the uploader's DT scope), and a set-based apply from the staging table.
 *
 * Speed (docs/admin.md, "Speed"): a 10 MB file is about 320,000 rows, so every step here is built for
 * volume without changing what rules.ts decides. A row of plain ASCII letters and digits takes a fast
 * path that gives the same answer as `validateOutletStatusRow` (any other row goes through it); the
 * duplicates are found by sorting the codes as numbers, not a key string per row; the database checks and
 * the plan of a batch are one statement that takes the rows as one text parameter per column (values
 * separated by spaces, which no valid value holds; `string_to_table` on the server) and answers only the rows that fail and a count, instead
 * of every outlet the file names.
 */
import { randomBytes } from 'node:crypto';
import type { RowError } from '@fieldforce/contracts';
import { OUTLET_STATUS_MAX_BYTES, OUTLET_STATUS_TEMPLATE_HEADERS } from '@fieldforce/contracts';
import type { Queryable } from '../../db/client.js';
import {
  registerImport,
  type ImportContext,
  type ImportDefinition,
  type RawRow,
} from '../../lib/imports/definition.js';
import { dtScope, dtScopeSql } from '../../lib/policy.js';
import { OUTLET_STATUS_TOOL, STATUS_UPDATE_ACTION } from './queries.js';
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
import { batchMemo } from '../../lib/batch-memo.js';

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
 * An outlet code of 1 to 14 digits as an exact number (the length in the low 4 bits keeps "012" and
 * "12" apart), else -1.
 */
function digitsKey(code: string): number {
  const n = code.length;
  if (n === 0 || n > 14) return -1;
  let v = 0;
  for (let i = 0; i < n; i += 1) {
    const d = code.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return -1;
    v = v * 10 + d;
  }
  return v * 16 + n;
}

/**
 * `duplicateRowErrors` (DUPLICATE_ROW on every repeat of DT Code + DT Site Code + Outlet Code after its
 * first row), without a hash entry per row: two rows can only repeat each other when their outlet
 * codes are equal, so the codes (digits, the portal's form, as numbers) are sorted in a typed array
 * and only rows whose code occurs twice or is not digits go through the exact rule.
 */
export function duplicateOutletRows(rows: ReadonlyArray<NumberedValue>): RowError[] {
  let ordered = rows;
  for (let i = 1; i < rows.length; i += 1) {
    if (rows[i]!.row < rows[i - 1]!.row) {
      ordered = [...rows].sort((a, b) => a.row - b.row);
      break;
    }
  }
  const keys = new Float64Array(ordered.length);
  for (let i = 0; i < ordered.length; i += 1) keys[i] = digitsKey(ordered[i]!.value.outletCode);
  const sorted = keys.slice().sort();
  const repeated = new Set<number>();
  let notDigits = false;
  for (let i = 0; i < sorted.length; i += 1) {
    const key = sorted[i]!;
    if (key < 0) notDigits = true;
    else if (i > 0 && sorted[i - 1] === key) repeated.add(key);
  }
  if (repeated.size === 0 && !notDigits) return [];
  return exactDuplicates(ordered.filter((_, i) => keys[i]! < 0 || repeated.has(keys[i]!)));
}

/** The rule itself over rows in row order, through a map by outlet code. */
function exactDuplicates(ordered: ReadonlyArray<NumberedValue>): RowError[] {
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

interface BatchFacts {
  /** Rows (1-based index in the batch) that have no outlet under that DT and site, or are out of scope. */
  failing: Array<[number, string | null, string | null]>;
  /** Rows whose outlet's status differs from the file's, or that name no outlet. */
  update: number;
}

/**
 * The database's answer for a batch, asked once: the pipeline calls `checkAgainstDb` and `plan` on the
 * same batch together, and both read this one statement's answer (lib/batch-memo.ts).
 */
const batchFacts = batchMemo(queryFacts);

/**
 * One statement per batch: the rows go as one parameter per column, the server joins them to
 * the market's outlets and answers the rows that fail the database rules (for `databaseRowErrors` to
 * word) and the count of rows that would update: never every outlet the file names. Both answers are
 * aggregates (FILTER) of one pass over the join: the same statement through a CTE read twice cost
 * the server 35-45% more CPU (the join's rows stored, then scanned once per answer; docs/admin.md).
 */
async function queryFacts(
  q: Queryable,
  rows: ReadonlyArray<NumberedValue>,
  ctx: ImportContext,
): Promise<BatchFacts> {
  if (rows.length === 0) return { failing: [], update: 0 };
  const dt: string[] = [];
  const site: string[] = [];
  const code: string[] = [];
  const status: number[] = [];
  // A value that passed the row rules holds no whitespace (SPACES_OR_SPECIAL), so the columns go as
  // space-separated text (string_to_table: half the server's time of json_array_elements_text); JSON
  // arrays when a value holds a space all the same.
  let spaced = false;
  for (const { value } of rows) {
    dt.push(value.dtCode);
    site.push(value.dtSiteCode);
    code.push(value.outletCode);
    status.push(value.status);
    if (value.dtCode.includes(' ') || value.dtSiteCode.includes(' ') || value.outletCode.includes(' '))
      spaced = true;
  }
  const params: unknown[] = spaced
    ? [ctx.market, JSON.stringify(dt), JSON.stringify(site), JSON.stringify(code), JSON.stringify(status)]
    : [ctx.market, dt.join(' '), site.join(' '), code.join(' '), status.join(' ')];
  const columns = spaced
    ? `json_array_elements_text($2::json), json_array_elements_text($3::json),
       json_array_elements_text($4::json), json_array_elements_text($5::json)`
    : `string_to_table($2::text, ' '), string_to_table($3::text, ' '), string_to_table($4::text, ' '),
       string_to_table($5::text, ' ')`;
  const inScope = dtScopeSql(ctx.user, 'o.dt_code', params);
  const { rows: answer } = await q.query<{ update: number; failing: BatchFacts['failing'] | null }>(
    `SELECT count(*) FILTER (WHERE o.is_online IS DISTINCT FROM (f.status = '1'))::int AS update,
            json_agg(json_build_array(f.i, o.dt_code, o.dt_site_code) ORDER BY f.i) FILTER (
              WHERE o.outlet_code IS NULL OR o.dt_code <> f.dt OR o.dt_site_code <> f.site OR NOT (${inScope})
            ) AS failing
     FROM ROWS FROM (${columns}) WITH ORDINALITY AS f(dt, site, code, status, i)
     LEFT JOIN outlets o ON o.outlet_code = f.code AND o.country_code = $1`,
    params,
  );
  return { update: answer[0]?.update ?? 0, failing: answer[0]?.failing ?? [] };
}

/**
 * The first 28 characters of the import's per-outlet audit ids, in the form of a UUID version 7: the
 * time in milliseconds, then 40 random bits; each entry appends its 8-digit hex counter. Ids of later
 * imports sort after earlier ones, and one import's ids are neighbours.
 */
export function auditIdPrefix(now: Date): string {
  const time = Math.max(0, Math.floor(now.getTime())).toString(16).padStart(12, '0').slice(-12);
  const random = randomBytes(5).toString('hex');
  return `${time.slice(0, 8)}-${time.slice(8)}-7${random.slice(0, 3)}-${(8 | (parseInt(random[3]!, 16) & 3)).toString(16)}${random.slice(4, 7)}-${random.slice(7, 10)}0`;
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
  // Keyed (lib/imports, KeyedRule): only rows with the same outlet code can repeat each other.
  crossRowRules: [{ key: (v) => v.outletCode, check: duplicateOutletRows }],
  /** NOT_IN_PORTAL / OUT_OF_SCOPE (rules.ts) for the rows the database reports failing. */
  async checkAgainstDb(q, rows, ctx) {
    const { failing } = await batchFacts(q, rows, ctx);
    if (failing.length === 0) return [];
    const known = new Map<string, KnownOutlet>();
    const offending: NumberedValue[] = [];
    for (const [i, dtCode, dtSiteCode] of failing) {
      const r = rows[i - 1]!;
      offending.push(r);
      if (dtCode !== null && dtSiteCode !== null)
        known.set(r.value.outletCode, { outletCode: r.value.outletCode, dtCode, dtSiteCode });
    }
    return databaseRowErrors(offending, known, dtScope(ctx.user));
  },
  /** Rows whose outlet's status differs from the file's (or that name no outlet) would update. */
  async plan(q, rows, ctx) {
    const { update } = await batchFacts(q, rows, ctx);
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
  /**
   * One statement: the outlets whose status differs (in the market, under the row's DT and site, inside
   * the uploader's DT scope) are updated straight from the staging table, and each gets its
   * 'outlet.status.update' audit entry with the import id, without the changed rows making a round trip
   * through the server. `before` is the opposite of `after`: only rows whose status differs are updated.
   * The entries' ids are time-ordered (auditIdPrefix): one run of neighbouring keys in the audit log's
   * primary key instead of 100,000 random places (a third of the insert's time at 100,000 rows).
   */
  async apply(tx, stagingTable, ctx) {
    const params: unknown[] = [
      ctx.market,
      ctx.user.id,
      ctx.importId,
      OUTLET_STATUS_TOOL,
      STATUS_UPDATE_ACTION,
      auditIdPrefix(ctx.now),
    ];
    const scope = dtScopeSql(ctx.user, 'o.dt_code', params);
    // The join sorts or hashes the staging rows: in memory, not in temporary files (ends with the transaction).
    await tx.exec(`SET LOCAL work_mem = '64MB'`);
    const { rows } = await tx.query<{ updated: number; total: number }>(
      `WITH changed AS (
         UPDATE outlets o SET is_online = (s.status = 1)
         FROM ${stagingTable} s
         WHERE o.outlet_code = s.outlet_code AND o.dt_code = s.dt_code AND o.dt_site_code = s.dt_site_code
           AND o.country_code = $1 AND ${scope} AND o.is_online IS DISTINCT FROM (s.status = 1)
         RETURNING o.outlet_code, o.is_online AS now),
       audited AS (
         INSERT INTO audit_log (id, actor_id, session_id, market, tool, action, target, before, after, import_id,
                                request_id)
         SELECT $6 || lpad(to_hex(row_number() OVER ()), 8, '0'), $2, NULL, $1, $4, $5, c.outlet_code,
                CASE WHEN c.now THEN '{"status": 0}'::jsonb ELSE '{"status": 1}'::jsonb END,
                CASE WHEN c.now THEN '{"status": 1}'::jsonb ELSE '{"status": 0}'::jsonb END, $3, NULL
         FROM changed c
         RETURNING 1)
       SELECT (SELECT count(*) FROM audited)::int AS updated, (SELECT count(*) FROM ${stagingTable})::int AS total`,
      params,
    );
    const updated = rows[0]?.updated ?? 0;
    return { created: 0, updated, unchanged: (rows[0]?.total ?? 0) - updated };
  },
  auditAction: 'outlet.status.import',
});
