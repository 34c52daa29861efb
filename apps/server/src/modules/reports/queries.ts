/**
 * The SQL of the reports: one builder for every report (definitions.ts says what each reads). The
 * market, the caller's DT scope, the date range and the filters all go into the WHERE clause, so the
 * page, the total and the export see exactly the same rows.
 */
import type { Queryable } from '../../db/client.js';
import { dtScopeSql, type AuthUser } from '../../lib/policy.js';
import type { ColumnDef, ReportSqlDef } from './definitions.js';
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

/** The number of rows the caller may see with these criteria. */
export async function countReportRows(q: Queryable, c: ReportCriteria): Promise<number> {
  const def = REPORT_SQL[c.key];
  const params: unknown[] = [];
  const where = whereClause(def, c, params);
  const { rows } = await q.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM ${def.countFrom ?? def.from} WHERE ${where}`,
    params,
  );
  return rows[0]?.total ?? 0;
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
    `SELECT ${selectList(def)} FROM ${def.from} WHERE ${where}
      ORDER BY ${orderBy(def, c)} LIMIT $${params.length - 1} OFFSET $${params.length}`,
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
  return {
    sql: `SELECT ${selectList(def)} FROM ${def.from} WHERE ${where} ORDER BY ${orderBy(def, c)} LIMIT $${params.length}`,
    params,
  };
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
  const { rows } = await q.query<ReportRow>(
    `SELECT ${selectList(def)} FROM ${def.from} WHERE ${where}
      ORDER BY ${orderBy(def, c)} LIMIT $${params.length}`,
    params,
  );
  return rows;
}

export const cursorOf = (c: ReportCriteria, row: ReportRow): ReportCursor => ({
  sortValue: row[c.sort.column.key],
  rowKey: row['_rowKey'],
});
