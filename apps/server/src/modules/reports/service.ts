/**
 * Turns a report request into validated criteria, using the shared rules of @fieldforce/contracts
 * (search sanitising, the 10-value cap, the 60-day range from 1 Oct 2023), and refuses what breaks
 * them with a 400 naming the field.
 */
import {
  countryFlags,
  hiddenReportColumns,
  parseSearchList,
  REPORT_FILTER_PARAMS,
  sanitizeSearchInput,
  validateReportRange,
  type CountryCode,
  type DateRangeRule,
  type ReportDefinition,
  type ReportFilterParam,
  type ReportQuery,
  type SearchKind,
} from '@fieldforce/contracts';
import { badRequest } from '../../lib/errors.js';
import type { AuthUser } from '../../lib/policy.js';
import { REPORT_SQL } from './definitions.js';
import type { ReportCriteria } from './queries.js';

const RANGE_FIELD: Record<DateRangeRule, 'from' | 'to'> = {
  format: 'from',
  order: 'from',
  dataStart: 'from',
  maxDays: 'to',
  future: 'to',
};

const ALLOWED_CHARACTERS: Record<Exclude<SearchKind, 'productName'>, string> = {
  customerCode: 'digits',
  code: 'letters and digits',
};

function parseFilter(report: ReportDefinition, param: ReportFilterParam, raw: string): string[] {
  const filter = report.filters.find((f) => f.param === param);
  const field = `querystring.${param}`;
  if (!filter) throw badRequest(field, `${report.reportName} has no ${param} filter.`);
  if (sanitizeSearchInput(filter.kind, raw, report.key) !== raw) {
    const allowed =
      filter.kind === 'customerCode' && report.key === 'order-loss'
        ? ALLOWED_CHARACTERS.code
        : ALLOWED_CHARACTERS[filter.kind as Exclude<SearchKind, 'productName'>];
    throw badRequest(field, `${filter.label} accepts ${allowed} only, separated by commas.`);
  }
  const list = parseSearchList(raw);
  if (!list.ok) throw badRequest(field, `${filter.label}: ${list.message}`);
  return list.values;
}

/** `today` (YYYY-MM-DD) bounds the range's end. */
export function reportCriteria(
  report: ReportDefinition,
  query: ReportQuery,
  user: AuthUser,
  market: CountryCode,
  today: string,
): ReportCriteria {
  const def = REPORT_SQL[report.key];
  let range: { from: string; to: string } | undefined;
  if (report.dated) {
    if (!query.from) throw badRequest('querystring.from', 'is required for this report (YYYY-MM-DD).');
    if (!query.to) throw badRequest('querystring.to', 'is required for this report (YYYY-MM-DD).');
    const checked = validateReportRange(query.from, query.to, today);
    if (!checked.ok) throw badRequest(`querystring.${RANGE_FIELD[checked.rule]}`, checked.message);
    range = { from: query.from, to: query.to };
  } else if (query.from || query.to) {
    throw badRequest(
      query.from ? 'querystring.from' : 'querystring.to',
      `${report.reportName} has no date range.`,
    );
  }

  const filters: ReportCriteria['filters'] = {};
  for (const param of REPORT_FILTER_PARAMS) {
    const raw = query[param];
    if (raw !== undefined) filters[param] = parseFilter(report, param, raw);
  }

  // A market whose `sortable` flag is off (pk) keeps the report's own order (docs/decisions.md).
  if (query.sort !== undefined && query.sort !== def.defaultSort && !countryFlags(market).sortable) {
    throw badRequest('querystring.sort', 'Sorting by column is turned off in this market.');
  }
  const sortText = query.sort ?? def.defaultSort;
  const descending = sortText.startsWith('-');
  const hidden = hiddenReportColumns(report.key, market);
  const sortable = def.columns.filter((col) => col.sortable && !hidden.includes(col.key));
  const column = sortable.find((col) => col.key === sortText.replace(/^-/, ''));
  if (!column) {
    const keys = sortable.map((col) => col.key);
    throw badRequest('querystring.sort', `Sort by one of: ${keys.join(', ')} (prefix - for descending).`);
  }
  return { key: report.key, market, user, ...range, filters, sort: { column, descending } };
}

export const sortText = (c: ReportCriteria) => `${c.sort.descending ? '-' : ''}${c.sort.column.key}`;
