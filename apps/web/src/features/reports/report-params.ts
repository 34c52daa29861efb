import {
  sanitizeSearchInput,
  REPORT_PAGE_SIZE_DEFAULT,
  REPORTS,
  reportByKey,
  type ReportCategory,
  type ReportDefinition,
  type ReportKey,
} from '@fieldforce/contracts';
import { quickRange } from '../../components/date-range';
import type { MessageKey } from '../../lib/i18n';

/**
 * A report's name in the reader's language. The API, the URL and the files keep the spec's English
 * names (`reportName`); only the screen translates them.
 */
export const reportNameKey = (key: ReportKey) => `reports.name.${key}` as MessageKey;

export const PAGE_SIZES = [50, 100, 200] as const;
/** A dated report opens on the last 30 days until the person picks another range. */
export const DEFAULT_RANGE_DAYS = 30;

/** What a report shows: read from and written to the URL, so the page is shareable and reload-safe. */
export interface AppliedReport {
  from: string;
  to: string;
  filters: Record<string, string>;
  page: number;
  pageSize: number;
  /** `column` or `-column`; empty for the report's default. */
  sort: string;
}

/** The report of `/reportpage?report=<key>&reportName=...&reportCategory=...` (key first, then name). */
export function reportFromParams(params: URLSearchParams): ReportDefinition | undefined {
  const key = params.get('report');
  if (key) return reportByKey(key);
  const name = params.get('reportName')?.trim();
  return REPORTS.find((r) => r.reportName === name);
}

/** The report page URL of a catalogue entry: key, name and category. */
export function reportLink(report: Pick<ReportDefinition, 'key' | 'reportName' | 'reportCategory'>): string {
  const query = new URLSearchParams({
    report: report.key,
    reportName: report.reportName,
    reportCategory: report.reportCategory,
  });
  return `/reportpage?${query.toString()}`;
}

/** The header's list entry (name and category) as a catalogue report, when the web knows it. */
export function reportForEntry(entry: { reportName: string; reportCategory: ReportCategory }) {
  return REPORTS.find((r) => r.reportName === entry.reportName && r.reportCategory === entry.reportCategory);
}

function positiveInt(value: string | null, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

export function appliedFromParams(
  report: ReportDefinition,
  params: URLSearchParams,
  today: string,
): AppliedReport {
  const fallback = quickRange(DEFAULT_RANGE_DAYS, today);
  const filters: Record<string, string> = {};
  for (const filter of report.filters) {
    // A link made before a field's rule changed (or typed by hand) is cleaned as typing would be.
    const value = sanitizeSearchInput(filter.kind, params.get(filter.param) ?? '', report.key);
    if (value) filters[filter.param] = value;
  }
  const size = positiveInt(params.get('pageSize'), REPORT_PAGE_SIZE_DEFAULT);
  return {
    from: report.dated ? (params.get('from') ?? fallback.from) : '',
    to: report.dated ? (params.get('to') ?? fallback.to) : '',
    filters,
    page: positiveInt(params.get('page'), 1),
    pageSize: (PAGE_SIZES as readonly number[]).includes(size) ? size : REPORT_PAGE_SIZE_DEFAULT,
    sort: params.get('sort') ?? '',
  };
}

/** Writes the applied state next to the report's key, name and category. */
export function paramsFromApplied(report: ReportDefinition, applied: AppliedReport): URLSearchParams {
  const params = new URLSearchParams({
    report: report.key,
    reportName: report.reportName,
    reportCategory: report.reportCategory,
  });
  if (report.dated) {
    params.set('from', applied.from);
    params.set('to', applied.to);
  }
  for (const filter of report.filters) {
    const value = applied.filters[filter.param]?.trim();
    if (value) params.set(filter.param, value);
  }
  if (applied.page > 1) params.set('page', String(applied.page));
  if (applied.pageSize !== REPORT_PAGE_SIZE_DEFAULT) params.set('pageSize', String(applied.pageSize));
  if (applied.sort) params.set('sort', applied.sort);
  return params;
}

/** The API query of a report page (and, without page and pageSize, of its export). */
export function reportApiQuery(
  report: ReportDefinition,
  applied: AppliedReport,
  withPaging = true,
): Record<string, string | number | undefined> {
  const query: Record<string, string | number | undefined> = {};
  if (report.dated) {
    query.from = applied.from;
    query.to = applied.to;
  }
  for (const filter of report.filters) {
    const value = applied.filters[filter.param]?.trim().replace(/,\s*$/, '');
    if (value) query[filter.param] = value;
  }
  if (applied.sort) query.sort = applied.sort;
  if (withPaging) {
    query.page = applied.page;
    query.pageSize = applied.pageSize;
  }
  return query;
}

/** Local storage key of a report's hidden columns (a JSON list of column keys), one per report. */
export const hiddenColumnsKey = (reportKey: string) => `reportColumns.${reportKey}.hidden`;
