/**
 * Turns a report request into validated criteria, using the shared rules of @fieldforce/contracts
 * (search sanitising, the 10-value cap, the 60-day range from 1 Oct 2023), and refuses what breaks
 * them with a 400 naming the field.
 */
import {
  countryFlags,
  hiddenReportColumns,
  REPORT_FILTER_PARAMS,
  validateReportRange,
  type CountryCode,
  type CountryFlags,
  type DateRangeRule,
  type ReportDefinition,
  type ReportFilterParam,
  type ReportQuery,
} from '@fieldforce/contracts';
import { badRequest, codedBadRequest } from '../../lib/errors.js';
import { parseFilterValues, resolveSort } from '../../lib/tables/index.js';
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

/**
 * A filter's comma list: the report must have the filter; then the table engine's rules (the
 * filter's character rule, at most 10 values).
 */
function parseFilter(report: ReportDefinition, param: ReportFilterParam, raw: string): string[] {
  if (!report.filters.some((f) => f.param === param)) {
    throw badRequest(`querystring.${param}`, `${report.reportName} has no ${param} filter.`);
  }
  return parseFilterValues(REPORT_SQL[report.key], param, raw);
}

/**
 * `today` (YYYY-MM-DD) bounds the range's end. `flags`: the market's flags as the database holds them
 * (lib/market-flags.ts; routes pass them); the contracts' defaults otherwise.
 */
export function reportCriteria(
  report: ReportDefinition,
  query: ReportQuery,
  user: AuthUser,
  market: CountryCode,
  today: string,
  flags: Pick<CountryFlags, 'sortable'> = countryFlags(market),
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
  if (query.sort !== undefined && query.sort !== def.defaultSort && !flags.sortable) {
    throw codedBadRequest('querystring.sort', 'reports.sortingOff');
  }
  const sort = resolveSort(def, query.sort, hiddenReportColumns(report.key, market));
  return { key: report.key, market, user, ...range, filters, sort };
}

export { sortText } from '../../lib/tables/index.js';
