/**
 * The SQL of the reports: each report is a declared table (definitions.ts), and its page, count,
 * totals and export rows come from the table engine (lib/tables/sql.ts). The market, the caller's DT
 * scope, the date range and the filters all go into the WHERE clause, so the page, the total and the
 * export see exactly the same rows.
 */
import type { Queryable } from '../../db/client.js';
import {
  countRows,
  cursorOf as tableCursorOf,
  fullFrom as tableFullFrom,
  listPage,
  rowsAfter,
  rowsQuery,
  totals,
  whereSql,
  type RowCursor,
  type TableCriteria,
  type TableRow,
  type TableTotals,
} from '../../lib/tables/index.js';
import type { ReportFilterParam, ReportKey } from '@fieldforce/contracts';
import { REPORT_SQL, type ReportSqlDef } from './definitions.js';

/** A report request after validation (service.ts builds it from the query string). */
export interface ReportCriteria extends TableCriteria {
  key: ReportKey;
  filters: Partial<Record<ReportFilterParam, string[]>>;
}

export type ReportRow = TableRow;
export type ReportTotals = TableTotals;
export type ReportCursor = RowCursor;

/** Every row's table(s) and all its lookups: the full row (tests compare the page-first shape with it). */
export const fullFrom = (def: ReportSqlDef) => tableFullFrom(def);

/** The criteria's WHERE clause (market, DT scope, range, filters); pushes its parameters. */
export const reportWhere = (c: ReportCriteria, params: unknown[]) => whereSql(REPORT_SQL[c.key], c, params);

/**
 * The number of rows the caller may see with these criteria. Lookups never drop or repeat a row,
 * so the count reads only the row table (and the lookups a filter reads): for the dated reports an
 * index-only count of the market's date range.
 */
export const countReportRows = (q: Queryable, c: ReportCriteria): Promise<number> =>
  countRows(q, REPORT_SQL[c.key], c);

/** The totals row: the row count and the sums of the summed columns over every row of the criteria. */
export const reportTotals = (q: Queryable, c: ReportCriteria): Promise<ReportTotals> =>
  totals(q, REPORT_SQL[c.key], c);

/** One page of rows (1-based). */
export const findReportPage = (
  q: Queryable,
  c: ReportCriteria,
  page: number,
  pageSize: number,
): Promise<ReportRow[]> => listPage(q, REPORT_SQL[c.key], { ...c, page: { page, pageSize } });

/**
 * The first `limit` rows in page order as one statement with its parameters: what an export reads,
 * for benchmarks that compare it with PostgreSQL's own COPY of the same rows.
 */
export const reportRowsQuery = (c: ReportCriteria, limit: number) => rowsQuery(REPORT_SQL[c.key], c, limit);

/** The next `limit` rows after `after` in page order (keyset paging). */
export const findReportBatch = (
  q: Queryable,
  c: ReportCriteria,
  after: ReportCursor | null,
  limit: number,
): Promise<ReportRow[]> => rowsAfter(q, REPORT_SQL[c.key], c, after, limit);

export const cursorOf = (c: ReportCriteria, row: ReportRow): ReportCursor => tableCursorOf(c, row);
