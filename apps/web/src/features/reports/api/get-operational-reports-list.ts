import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CountryCode, OperationalReportsList } from '@fieldforce/contracts';
import { apiRequest } from '../../../lib/api-client';

/** GET ucube/operational-kpis/operationalReportsList: the reports this user may open, by category. */
export function getOperationalReportsList(
  countryCode: CountryCode,
  signal?: AbortSignal,
): Promise<OperationalReportsList> {
  return apiRequest('ucube/operational-kpis/operationalReportsList', {
    countryCode,
    countryInQuery: true,
    signal,
  });
}

/**
 * The list is fetched once per market while the cache holds none (spec sections 4 and 7: "called on
 * report pages when the list is empty"); the query cache is that list's store.
 */
export const operationalReportsListQuery = (countryCode: CountryCode) =>
  queryOptions({
    queryKey: ['reports', 'list', countryCode],
    queryFn: ({ signal }) => getOperationalReportsList(countryCode, signal),
    staleTime: Infinity,
  });

export function useOperationalReportsList(countryCode: CountryCode, enabled: boolean) {
  return useQuery({ ...operationalReportsListQuery(countryCode), enabled });
}
