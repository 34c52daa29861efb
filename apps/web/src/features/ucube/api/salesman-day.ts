import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CountryCode, SalesmanDayAnswer } from '@fieldforce/contracts';
import { apiRequest } from '../../../lib/api-client';

export interface SalesmanDayParams {
  emailId: string;
  date?: string;
}

export function getSalesmanDay(
  countryCode: CountryCode,
  params: SalesmanDayParams,
  signal?: AbortSignal,
): Promise<SalesmanDayAnswer> {
  return apiRequest('ucube/salesman-day', {
    countryCode,
    countryInQuery: true,
    query: { ...params },
    signal,
  });
}

export const salesmanDayQuery = (countryCode: CountryCode, params: SalesmanDayParams) =>
  queryOptions({
    queryKey: ['ucube', 'salesman-day', countryCode, params],
    queryFn: ({ signal }) => getSalesmanDay(countryCode, params, signal),
    staleTime: 60_000,
  });

/** GET ucube/salesman-day: one salesperson's visits and orders of a day. */
export function useSalesmanDay(countryCode: CountryCode, params: SalesmanDayParams, enabled = true) {
  return useQuery({ ...salesmanDayQuery(countryCode, params), enabled });
}
