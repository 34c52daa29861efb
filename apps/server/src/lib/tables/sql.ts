/**
 * The SQL of every declared table: one builder. The market, the caller's DT scope (dtScopeSql), the
 * date range and the filters all go into the WHERE clause, so the page, the count, the totals and the
 * export see exactly the same rows.
 */
import { COUNTRIES, isCountryCode } from '@fieldforce/contracts';
import type { Queryable } from '../../db/client.js';
import { dtScope, dtScopeSql, type AuthUser } from '../policy.js';
import type { ColumnSpec, Table, TableLookup } from './define-table.js';
import type { TableCriteria, TableRow } from './criteria.js';
import { foldMarks, withoutMarks } from './marks.js';

const CAST: Record<ColumnSpec['type'], string> = {
  text: 'text',
  number: 'numeric',
  amount: 'numeric',
  date: 'date',
  datetime: 'timestamptz',
  boolean: 'boolean',
};

const marketTimeZone = (market: string) => (isCountryCode(market) ? COUNTRIES[market].timeZone : 'UTC');

/**
 * Rows holding several DT codes (`column` a text[]) are in a limited caller's scope when every one of
 * them is the caller's; a row with none reaches every distributor, so it is not.
 */
function dtWithinSql(u: AuthUser, column: string, params: unknown[]): string {
  const codes = dtScope(u);
  if (codes === null) return 'TRUE';
  if (codes.length === 0) return 'FALSE';
  params.push(codes);
  return `(cardinality(${column}) > 0 AND ${column} <@ $${params.length}::text[])`;
}

/** Rows holding several DT codes (`column` a text[]) are in a limited caller's scope when one of them is. */
function dtOverlapsSql(u: AuthUser, column: string, params: unknown[]): string {
  const codes = dtScope(u);
  if (codes === null) return 'TRUE';
  if (codes.length === 0) return 'FALSE';
  params.push(codes);
  return `${column} && $${params.length}::text[]`;
}

/** `%`, `_` and `\` match themselves in a contains search. */
const likePattern = (value: string) => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The criteria's WHERE clause (market, DT scope, range, filters); pushes its parameters. */
export function whereSql(table: Table, c: TableCriteria, params: unknown[]): string {
  params.push(c.market);
  const { scope } = table;
  const parts = [
    scope.marketMatch === 'element'
      ? `${scope.market} @> ARRAY[$${params.length}::text]`
      : `${scope.market} = $${params.length}`,
    scope.dtMatch === 'marketWide'
      ? 'TRUE'
      : scope.dtMatch === 'within'
        ? dtWithinSql(c.user, scope.dt, params)
        : scope.dtMatch === 'overlaps'
          ? dtOverlapsSql(c.user, scope.dt, params)
          : dtScopeSql(c.user, scope.dt, params),
  ];
  if (c.from && c.to) {
    params.push(c.from, c.to);
    const [from, to] = [`$${params.length - 1}::date`, `$${params.length}::date`];
    if (table.dateColumn) parts.push(`${table.dateColumn} BETWEEN ${from} AND ${to}`);
    else if (table.dateOverlap)
      parts.push(`${table.dateOverlap.start} <= ${to} AND ${table.dateOverlap.end} >= ${from}`);
  }
  const filters = table.filters as Record<string, Table['filters'][string]>;
  for (const [param, values] of Object.entries(c.filters)) {
    const filter = filters[param];
    if (!filter || !values || values.length === 0) continue;
    if (filter.match === 'equals') {
      params.push(values);
      parts.push(`${filter.column} = ANY($${params.length}::text[])`);
    } else if (filter.match === 'overlaps') {
      params.push(values);
      parts.push(`${filter.column} && $${params.length}::text[]`);
    } else if (filter.match === 'onOrAfter' || filter.match === 'onOrBefore') {
      params.push(values[0], marketTimeZone(c.market));
      const [day, zone] = [`$${params.length - 1}::date`, `$${params.length}::text`];
      parts.push(
        filter.match === 'onOrAfter'
          ? `${filter.column} >= (${day}::timestamp AT TIME ZONE ${zone})`
          : `${filter.column} < ((${day} + 1)::timestamp AT TIME ZONE ${zone})`,
      );
    } else {
      // Marks optional on both sides: 'hoang' and 'Hoàng' both find Hoàng Hữu Hiếu.
      params.push(values.map((value) => likePattern(foldMarks(value))));
      parts.push(`${withoutMarks(filter.column)} ILIKE ANY($${params.length}::text[])`);
    }
  }
  return parts.join(' AND ');
}

function selectList(table: Table): string {
  return [...table.columns.map((col) => `${col.sql} AS "${col.key}"`), `${table.rowKey} AS "_rowKey"`].join(
    ',\n ',
  );
}

function orderBy(table: Table, c: TableCriteria): string {
  const dir = c.sort.descending ? 'DESC' : 'ASC';
  return `${c.sort.column.sql} ${dir}, ${table.rowKey} ${dir}`;
}

/** The lookups that some of these SQL fragments read (found by their alias, as in `sm.name`). */
function lookupsReadBy(table: Table, ...fragments: string[]): readonly TableLookup[] {
  const text = fragments.join(' ');
  return (table.lookups ?? []).filter((l) => new RegExp(`\\b${l.alias}\\.`).test(text));
}

const joined = (from: string, lookups: readonly TableLookup[]) =>
  [from, ...lookups.map((l) => l.join)].join('\n      ');

/** Every row's table(s) and all its lookups: the full row (tests compare the page-first shape with it). */
export const fullFrom = (table: Pick<Table, 'from' | 'lookups'>) => joined(table.from, table.lookups ?? []);

/**
 * The rows in table order, `tail` (LIMIT/OFFSET) applied. Page first: when the rows come from one
 * table, the page's rows are chosen from it (joined only to the lookups the filters or the sort
 * read), and the other lookups are joined to those rows only. So the first page of the default sort
 * reads a few index entries and joins 50 rows, instead of joining and sorting the whole window.
 */
function rowsSql(table: Table, c: TableCriteria, where: string, tail: string): string {
  const order = orderBy(table, c);
  if (!table.tableAlias) {
    return `SELECT ${selectList(table)} FROM ${fullFrom(table)} WHERE ${where}\n      ORDER BY ${order} ${tail}`;
  }
  const inner = joined(table.from, lookupsReadBy(table, where, order));
  return `SELECT ${selectList(table)} FROM (
        SELECT ${table.tableAlias}.* FROM ${inner} WHERE ${where}
        ORDER BY ${order} ${tail}
      ) ${table.tableAlias}
      ${(table.lookups ?? []).map((l) => l.join).join('\n      ')}
      ORDER BY ${order}`;
}

/**
 * The number of rows the caller may see with these criteria. Lookups never drop or repeat a row, so
 * the count reads only the row table (and the lookups a filter reads).
 */
export async function countRows(q: Queryable, table: Table, c: TableCriteria): Promise<number> {
  const params: unknown[] = [];
  const where = whereSql(table, c, params);
  const from = joined(table.from, lookupsReadBy(table, where));
  const { rows } = await q.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM ${from} WHERE ${where}`,
    params,
  );
  return rows[0]?.total ?? 0;
}

/** The most values a filter's choices list (FilterSpec.choices); more are not a choice but a search. */
export const FILTER_CHOICES_MAX = 500;

/**
 * The values each filter with `choices` may take for this caller: the distinct values of its column
 * among the rows of the criteria's market and scope (no other filter applied), in order, at most
 * FILTER_CHOICES_MAX.
 */
export async function filterChoices(
  q: Queryable,
  table: Table,
  c: TableCriteria,
): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  const filters = table.filters as Record<string, Table['filters'][string]>;
  // The scope alone (no filter applied): the same WHERE and parameters for every filter's query.
  const params: unknown[] = [];
  const where = whereSql(table, { ...c, filters: {} }, params);
  for (const [param, filter] of Object.entries(filters)) {
    if (!filter?.choices) continue;
    const from = joined(table.from, lookupsReadBy(table, where, filter.column));
    const { rows } = await q.query<{ value: string }>(
      `SELECT DISTINCT (${filter.column})::text AS value FROM ${from}
        WHERE ${where} AND ${filter.column} IS NOT NULL
        ORDER BY 1 LIMIT ${FILTER_CHOICES_MAX}`,
      params,
    );
    out[param] = rows.map((r) => r.value);
  }
  return out;
}

/** The row count and, per summed column, its sum over every row of the criteria. */
export interface TableTotals {
  total: number;
  sums: Record<string, number>;
}

/**
 * The totals row: one aggregate over the same rows as the count (same FROM, same WHERE), joining only
 * the lookups the summed columns or filters read. A sum over no rows is 0, not null.
 */
export async function totals(q: Queryable, table: Table, c: TableCriteria): Promise<TableTotals> {
  const params: unknown[] = [];
  const where = whereSql(table, c, params);
  const summed = table.columns.filter((col) => col.summed);
  const countFrom = joined(table.from, lookupsReadBy(table, where));
  let sql: string;
  if (table.totalsJoin && summed.length > 0) {
    // The count as usual; the sums over the joined table's rows of the same window.
    const tj = table.totalsJoin;
    const extra = [`${tj.countryColumn} = $1`];
    if (c.from && c.to) {
      params.push(c.from, c.to);
      extra.push(`${tj.dateColumn} BETWEEN $${params.length - 1}::date AND $${params.length}::date`);
    }
    const sums = summed.map((col, i) => `coalesce(${tj.sums[col.key] ?? 'NULL'}, 0) AS "s${i}"`);
    sql = `SELECT (SELECT count(*)::int FROM ${countFrom} WHERE ${where}) AS total, ${sums.join(', ')}
      FROM ${joined(table.from, lookupsReadBy(table, where))} ${tj.join}
      WHERE ${where} AND ${extra.join(' AND ')}`;
  } else {
    const sums = summed.map((col, i) => `coalesce(sum(${col.sql}), 0) AS "s${i}"`);
    const from = joined(table.from, lookupsReadBy(table, where, ...summed.map((col) => col.sql)));
    sql = `SELECT ${['count(*)::int AS total', ...sums].join(', ')} FROM ${from} WHERE ${where}`;
  }
  const { rows } = await q.query<Record<string, number>>(sql, params);
  const row = rows[0] ?? {};
  return {
    total: Number(row.total ?? 0),
    sums: Object.fromEntries(summed.map((col, i) => [col.key, Number(row[`s${i}`] ?? 0)])),
  };
}

/** One page of rows: `criteria.page` (1-based; default page 1 of 50). Rows carry `_rowKey`. */
export async function listPage(q: Queryable, table: Table, c: TableCriteria): Promise<TableRow[]> {
  const { page, pageSize } = c.page ?? { page: 1, pageSize: 50 };
  const params: unknown[] = [];
  const where = whereSql(table, c, params);
  params.push(pageSize, (page - 1) * pageSize);
  const { rows } = await q.query<TableRow>(
    rowsSql(table, c, where, `LIMIT $${params.length - 1} OFFSET $${params.length}`),
    params,
  );
  return rows;
}

/**
 * The first `limit` rows in page order as one statement with its parameters: what an export reads
 * (and what benchmarks compare with PostgreSQL's own COPY of the same rows).
 */
export function rowsQuery(table: Table, c: TableCriteria, limit: number): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  const where = whereSql(table, c, params);
  params.push(limit);
  return { sql: rowsSql(table, c, where, `LIMIT $${params.length}`), params };
}

/** Where the previous batch ended: the sort value and row key of its last row. */
export interface RowCursor {
  sortValue: unknown;
  rowKey: unknown;
}

/**
 * The next `limit` rows after `after` in the same order as the pages (keyset paging, so a batch
 * costs the same at row 90,000 as at row 0 and nothing but one batch is ever held in memory).
 */
export async function rowsAfter(
  q: Queryable,
  table: Table,
  c: TableCriteria,
  after: RowCursor | null,
  limit: number,
): Promise<TableRow[]> {
  const params: unknown[] = [];
  let where = whereSql(table, c, params);
  if (after) {
    params.push(after.sortValue, after.rowKey);
    const keyCast = typeof after.rowKey === 'number' ? 'bigint' : 'text';
    const op = c.sort.descending ? '<' : '>';
    where += ` AND (${c.sort.column.sql}, ${table.rowKey}) ${op} ($${params.length - 1}::${CAST[c.sort.column.type]}, $${params.length}::${keyCast})`;
  }
  params.push(limit);
  const { rows } = await q.query<TableRow>(rowsSql(table, c, where, `LIMIT $${params.length}`), params);
  return rows;
}

export const cursorOf = (c: TableCriteria, row: TableRow): RowCursor => ({
  sortValue: row[c.sort.column.key],
  rowKey: row['_rowKey'],
});
