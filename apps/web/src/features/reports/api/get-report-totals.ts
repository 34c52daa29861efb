import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CountryCode, ReportKey, ReportTotals } from '@fieldforce/contracts';
import { apiRequest } from '../../../lib/api-client';
import type { ReportQueryParams } from './get-report-page';

/**
 * GET reports/:reportKey/totals: the totals row over the whole filtered result. Its own call, so the
 * first rows never wait for the sums; the query has no paging or sort (the totals do not change
 * with them).
 */
export function getReportTotals(
  reportKey: ReportKey,
  countryCode: CountryCode,
  query: ReportQueryParams,
  signal?: AbortSignal,
): Promise<ReportTotals> {
  return apiRequest(`reports/${reportKey}/totals`, { countryCode, countryInQuery: true, query, signal });
}

export const reportTotalsQuery = (reportKey: ReportKey, countryCode: CountryCode, query: ReportQueryParams) =>
  queryOptions({
    queryKey: ['reports', 'totals', countryCode, reportKey, query],
    queryFn: ({ signal }) => getReportTotals(reportKey, countryCode, query, signal),
    staleTime: 30_000,
  });

export function useReportTotals(
  reportKey: ReportKey,
  countryCode: CountryCode,
  query: ReportQueryParams,
  enabled: boolean,
) {
  return useQuery({
    ...reportTotalsQuery(reportKey, countryCode, query),
    enabled,
    placeholderData: keepPreviousData,
  });
}
