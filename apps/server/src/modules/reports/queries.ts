/**
 * The SQL of the reports: one builder for every report (definitions.ts says what each reads). The
 * market, the caller's DT scope, the date range and the filters all go into the WHERE clause, so the
 * page, the total and the export see exactly the same rows.
 */
import type { Queryable } from '../../db/client.js';
import { dtScopeSql, type AuthUser } from '../../lib/policy.js';
import type { ColumnDef, ReportLookup, ReportSqlDef } from './definitions.js';
import type { ReportKey, ReportFilterParam } from '@fieldforce/contracts';
import { REPORT_SQL } from './definitions.js';

/** A report request after validation (service.ts builds it from the query string). */
export interface ReportCriteria {
  key: ReportKey;
  market: string;
  user: AuthUser;
  from?: string;
  to?: string;
  filters: Partial<Record<ReportFilterParam, string[]>>;
  sort: { column: ColumnDef; descending: boolean };
}

export type ReportRow = Record<string, unknown>;

const CAST: Record<ColumnDef['type'], string> = {
  text: 'text',
  number: 'numeric',
  amount: 'numeric',
  date: 'date',
  datetime: 'timestamptz',
  boolean: 'boolean',
};

/** `%`, `_` and `\` match themselves in a contains search. */
const likePattern = (value: string) => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function whereClause(def: ReportSqlDef, c: ReportCriteria, params: unknown[]): string {
  params.push(c.market);
  const parts = [`${def.countryColumn} = $${params.length}`, dtScopeSql(c.user, def.dtColumn, params)];
  if (c.from && c.to) {
    params.push(c.from, c.to);
    const [from, to] = [`$${params.length - 1}::date`, `$${params.length}::date`];
    if (def.dateColumn) parts.push(`${def.dateColumn} BETWEEN ${from} AND ${to}`);
    else if (def.dateOverlap)
      parts.push(`${def.dateOverlap.start} <= ${to} AND ${def.dateOverlap.end} >= ${from}`);
  }
  for (const [param, values] of Object.entries(c.filters) as [ReportFilterParam, string[]][]) {
    const filter = def.filters[param];
    if (!filter || values.length === 0) continue;
    if (filter.match === 'equals') {
      params.push(values);
      parts.push(`${filter.column} = ANY($${params.length}::text[])`);
    } else {
      params.push(values.map(likePattern));
      parts.push(`${filter.column} ILIKE ANY($${params.length}::text[])`);
    }
  }
  return parts.join(' AND ');
}

function selectList(def: ReportSqlDef): string {
  return [...def.columns.map((col) => `${col.sql} AS "${col.key}"`), `${def.rowKey} AS "_rowKey"`].join(
    ',\n ',
  );
}

function orderBy(def: ReportSqlDef, c: ReportCriteria): string {
  const dir = c.sort.descending ? 'DESC' : 'ASC';
  return `${c.sort.column.sql} ${dir}, ${def.rowKey} ${dir}`;
}

/** The lookups that some of these SQL fragments read (found by their alias, as in `sm.name`). */
function lookupsReadBy(def: ReportSqlDef, ...fragments: string[]): readonly ReportLookup[] {
  const text = fragments.join(' ');
  return (def.lookups ?? []).filter((l) => new RegExp(`\\b${l.alias}\\.`).test(text));
}

const joined = (from: string, lookups: readonly ReportLookup[]) =>
  [from, ...lookups.map((l) => l.join)].join('\n      ');

/** Every row's table(s) and all its lookups: the full row (tests compare the page-first shape with it). */
export const fullFrom = (def: ReportSqlDef) => joined(def.from, def.lookups ?? []);

/**
 * The rows in report order, `tail` (LIMIT/OFFSET) applied. Page first: when the report's rows come
 * from one table, the page's rows are chosen from it (joined only to the lookups the filters or the
 * sort read), and the other lookups (names, the orders of a visit) are joined to those rows only.
 * So the first page of the default sort reads a few index entries and joins 50 rows, instead of
 * joining and sorting the whole window.
 */
function rowsSql(def: ReportSqlDef, c: ReportCriteria, where: string, tail: string): string {
  const order = orderBy(def, c);
  if (!def.tableAlias) {
    return `SELECT ${selectList(def)} FROM ${fullFrom(def)} WHERE ${where}\n      ORDER BY ${order} ${tail}`;
  }
  const inner = joined(def.from, lookupsReadBy(def, where, order));
  return `SELECT ${selectList(def)} FROM (
        SELECT ${def.tableAlias}.* FROM ${inner} WHERE ${where}
        ORDER BY ${order} ${tail}
      ) ${def.tableAlias}
      ${(def.lookups ?? []).map((l) => l.join).join('\n      ')}
      ORDER BY ${order}`;
}

/** The criteria's WHERE clause (market, DT scope, range, filters); pushes its parameters. */
export const reportWhere = (c: ReportCriteria, params: unknown[]) =>
  whereClause(REPORT_SQL[c.key], c, params);

/**
 * The number of rows the caller may see with these criteria. Lookups never drop or repeat a row,
 * so the count reads only the row table (and the lookups a filter reads): for the dated reports an
 * index-only count of the market's date range.
 */
export async function countReportRows(q: Queryable, c: ReportCriteria): Promise<number> {
  const def = REPORT_SQL[c.key];
  const params: unknown[] = [];
  const where = whereClause(def, c, params);
  const from = joined(def.from, lookupsReadBy(def, where));
  const { rows } = await q.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM ${from} WHERE ${where}`,
    params,
  );
  return rows[0]?.total ?? 0;
}

/** The row count and, per summed column (definitions.ts), its sum over every row of the criteria. */
export interface ReportTotals {
  total: number;
  sums: Record<string, number>;
}

/**
 * The totals row: one aggregate over the same rows as the count (same FROM, same WHERE, so the same
 * market, DT scope, range and filters), joining only the lookups the summed columns or filters read.
 * A sum over no rows is 0, not null.
 */
export async function reportTotals(q: Queryable, c: ReportCriteria): Promise<ReportTotals> {
  const def = REPORT_SQL[c.key];
  const params: unknown[] = [];
  const where = whereClause(def, c, params);
  const summed = def.columns.filter((col) => col.summed);
  const countFrom = joined(def.from, lookupsReadBy(def, where));
  let sql: string;
  if (def.totalsJoin && summed.length > 0) {
    // The count as usual; the sums over the joined table's rows of the same window.
    const tj = def.totalsJoin;
    const extra = [`${tj.countryColumn} = $1`];
    if (c.from && c.to) {
      params.push(c.from, c.to);
      extra.push(`${tj.dateColumn} BETWEEN $${params.length - 1}::date AND $${params.length}::date`);
    }
    const sums = summed.map((col, i) => `coalesce(${tj.sums[col.key] ?? 'NULL'}, 0) AS "s${i}"`);
    sql = `SELECT (SELECT count(*)::int FROM ${countFrom} WHERE ${where}) AS total, ${sums.join(', ')}
      FROM ${joined(def.from, lookupsReadBy(def, where))} ${tj.join}
      WHERE ${where} AND ${extra.join(' AND ')}`;
  } else {
    const sums = summed.map((col, i) => `coalesce(sum(${col.sql}), 0) AS "s${i}"`);
    const from = joined(def.from, lookupsReadBy(def, where, ...summed.map((col) => col.sql)));
    sql = `SELECT ${['count(*)::int AS total', ...sums].join(', ')} FROM ${from} WHERE ${where}`;
  }
  const { rows } = await q.query<Record<string, number>>(sql, params);
  const row = rows[0] ?? {};
  return {
    total: Number(row.total ?? 0),
    sums: Object.fromEntries(summed.map((col, i) => [col.key, Number(row[`s${i}`] ?? 0)])),
  };
}

/** One page of rows (1-based). */
export async function findReportPage(
  q: Queryable,
  c: ReportCriteria,
  page: number,
  pageSize: number,
): Promise<ReportRow[]> {
  const def = REPORT_SQL[c.key];
  const params: unknown[] = [];
  const where = whereClause(def, c, params);
  params.push(pageSize, (page - 1) * pageSize);
  const { rows } = await q.query<ReportRow>(
    rowsSql(def, c, where, `LIMIT $${params.length - 1} OFFSET $${params.length}`),
    params,
  );
  return rows;
}

/**
 * The first `limit` rows in page order as one statement with its parameters: what an export reads,
 * for benchmarks that compare it with PostgreSQL's own COPY of the same rows.
 */
export function reportRowsQuery(c: ReportCriteria, limit: number): { sql: string; params: unknown[] } {
  const def = REPORT_SQL[c.key];
  const params: unknown[] = [];
  const where = whereClause(def, c, params);
  params.push(limit);
  return { sql: rowsSql(def, c, where, `LIMIT $${params.length}`), params };
}

/** Where the previous batch ended: the sort value and row key of its last row. */
export interface ReportCursor {
  sortValue: unknown;
  rowKey: unknown;
}

/**
 * The next `limit` rows after `after` in the same order as the pages (keyset paging, so a batch
 * costs the same at row 90,000 as at row 0 and nothing but one batch is ever held in memory).
 */
export async function findReportBatch(
  q: Queryable,
  c: ReportCriteria,
  after: ReportCursor | null,
  limit: number,
): Promise<ReportRow[]> {
  const def = REPORT_SQL[c.key];
  const params: unknown[] = [];
  let where = whereClause(def, c, params);
  if (after) {
    params.push(after.sortValue, after.rowKey);
    const keyCast = typeof after.rowKey === 'number' ? 'bigint' : 'text';
    const op = c.sort.descending ? '<' : '>';
    where += ` AND (${c.sort.column.sql}, ${def.rowKey}) ${op} ($${params.length - 1}::${CAST[c.sort.column.type]}, $${params.length}::${keyCast})`;
  }
  params.push(limit);
  const { rows } = await q.query<ReportRow>(rowsSql(def, c, where, `LIMIT $${params.length}`), params);
  return rows;
}

export const cursorOf = (c: ReportCriteria, row: ReportRow): ReportCursor => ({
  sortValue: row[c.sort.column.key],
  rowKey: row['_rowKey'],
});
