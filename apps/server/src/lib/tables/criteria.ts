/**
 * What a request asks of a declared table, validated: the market, the caller (whose DT scope limits the
 * rows), the date range, the filters' values, the sort and the page. A rule broken gives a 400 naming
 * the query field.
 */
import { parseSearchList, SEARCH_LIST_MAX } from '@fieldforce/contracts';
import { badRequest } from '../errors.js';
import type { AuthUser } from '../policy.js';
import type { ColumnSpec, Table } from './define-table.js';

export interface TableCriteria {
  market: string;
  user: AuthUser;
  /** Dated tables: both or neither (YYYY-MM-DD, checked by the caller). */
  from?: string;
  to?: string;
  /** Filter parameter → its values (already checked). */
  filters: Partial<Record<string, string[]>>;
  sort: { column: ColumnSpec; descending: boolean };
  /** 1-based page and its size (listPage; default page 1 of 50). */
  page?: { page: number; pageSize: number };
}

export type TableRow = Record<string, unknown>;

/** A real calendar day written YYYY-MM-DD. */
function isDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/**
 * A search field's comma list: every value within the filter's character rule (else 400 "… accepts
 * digits only, separated by commas."), blanks and repeats dropped, at most `max` values (10).
 */
export function parseFilterValues(table: Table, param: string, raw: string): string[] {
  const filter = (table.filters as Record<string, Table['filters'][string]>)[param];
  const field = `querystring.${param}`;
  if (!filter) throw badRequest(field, `${table.key} has no ${param} filter.`);
  if (filter.chars.clean(raw) !== raw) {
    throw badRequest(
      field,
      `${filter.label.en} accepts ${filter.chars.describe.en} only, separated by commas.`,
    );
  }
  const list = parseSearchList(raw, filter.max ?? SEARCH_LIST_MAX);
  if (!list.ok) throw badRequest(field, `${filter.label.en}: ${list.message}`);
  if (filter.match === 'onOrAfter' || filter.match === 'onOrBefore') {
    const day = list.values[0];
    if (list.values.length > 1 || (day !== undefined && !isDay(day))) {
      throw badRequest(field, `${filter.label.en} accepts one date written YYYY-MM-DD.`);
    }
  }
  return list.values;
}

/**
 * `key` or `-key` of a sortable column not in `hidden`; absent: the table's default sort.
 * Anything else: 400 listing the sortable keys.
 */
export function resolveSort(
  table: Table,
  sort: string | undefined,
  hidden: readonly string[] = [],
): TableCriteria['sort'] {
  const text = sort ?? table.defaultSort;
  const sortable = table.columns.filter((col) => col.sortable && !hidden.includes(col.key));
  const column = sortable.find((col) => col.key === text.replace(/^-/, ''));
  if (!column) {
    const keys = sortable.map((col) => col.key);
    throw badRequest('querystring.sort', `Sort by one of: ${keys.join(', ')} (prefix - for descending).`);
  }
  return { column, descending: text.startsWith('-') };
}

export interface CriteriaInput {
  market: string;
  user: AuthUser;
  /** The raw query: each declared filter's parameter is read from it when present. */
  query: Record<string, unknown> & { sort?: string; page?: number; pageSize?: number };
  range?: { from: string; to: string };
  /** Columns the market hides (not sortable then). */
  hidden?: readonly string[];
}

/** Validated criteria from a query (filters, sort, page) for one table. */
export function tableCriteria(table: Table, input: CriteriaInput): TableCriteria {
  const filters: TableCriteria['filters'] = {};
  for (const param of Object.keys(table.filters)) {
    const raw = input.query[param];
    if (typeof raw === 'string') filters[param] = parseFilterValues(table, param, raw);
  }
  return {
    market: input.market,
    user: input.user,
    ...input.range,
    filters,
    sort: resolveSort(table, input.query.sort, input.hidden),
    page: { page: input.query.page ?? 1, pageSize: input.query.pageSize ?? 50 },
  };
}

/** The sort as the query writes it (`-key` descending). */
export const sortText = (c: TableCriteria) => `${c.sort.descending ? '-' : ''}${c.sort.column.key}`;
