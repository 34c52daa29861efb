import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CountryCode, DailyTrendAnswer, TrendPeriod } from '@fieldforce/contracts';
import { apiRequest } from '../../../lib/api-client';

export interface DailyTrendParams {
  period: TrendPeriod;
  bsa?: string;
}

export function getDailyTrend(
  countryCode: CountryCode,
  params: DailyTrendParams,
  signal?: AbortSignal,
): Promise<DailyTrendAnswer> {
  return apiRequest('ucube/daily-trend', { countryCode, countryInQuery: true, query: { ...params }, signal });
}

/** One cache entry per market, period and BSA; a minute fresh like the KPI calls (the data load runs daily). */
export const dailyTrendQuery = (countryCode: CountryCode, params: DailyTrendParams) =>
  queryOptions({
    queryKey: ['ucube', 'daily-trend', countryCode, params],
    queryFn: ({ signal }) => getDailyTrend(countryCode, params, signal),
    staleTime: 60_000,
  });

/** GET ucube/daily-trend: the month trend of the caller's whole scope (home page). */
export function useDailyTrend(countryCode: CountryCode, params: DailyTrendParams, enabled = true) {
  return useQuery({ ...dailyTrendQuery(countryCode, params), enabled });
}
