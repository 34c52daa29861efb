import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CountryCode, ReportKey, ReportPage } from '@fieldforce/contracts';
import { apiRequest } from '../../../lib/api-client';

export type ReportQueryParams = Record<string, string | number | undefined>;

/** GET reports/:reportKey: one page of a report, its total and its columns for this market. */
export function getReportPage(
  reportKey: ReportKey,
  countryCode: CountryCode,
  query: ReportQueryParams,
  signal?: AbortSignal,
): Promise<ReportPage> {
  return apiRequest(`reports/${reportKey}`, { countryCode, countryInQuery: true, query, signal });
}

export const reportPageQuery = (reportKey: ReportKey, countryCode: CountryCode, query: ReportQueryParams) =>
  queryOptions({
    queryKey: ['reports', 'page', countryCode, reportKey, query],
    queryFn: ({ signal }) => getReportPage(reportKey, countryCode, query, signal),
    staleTime: 30_000,
  });

/** Keeps the previous page on screen while the next one loads (paging and sorting do not flash). */
export function useReportPage(
  reportKey: ReportKey,
  countryCode: CountryCode,
  query: ReportQueryParams,
  enabled: boolean,
) {
  return useQuery({
    ...reportPageQuery(reportKey, countryCode, query),
    enabled,
    placeholderData: keepPreviousData,
  });
}
