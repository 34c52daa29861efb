import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CountryCode, TrackingDay } from '@fieldforce/contracts';
import { apiRequest } from '../../../lib/api-client';

/** GET tracking/salesmen/:smCode/day?date: one salesman's day (figures, visits, route, track, stops). */
export function getTrackingDay(country: CountryCode, smCode: string, date: string, signal?: AbortSignal) {
  return apiRequest<TrackingDay>(`tracking/salesmen/${encodeURIComponent(smCode)}/day`, {
    countryCode: country,
    countryInQuery: true,
    query: { date },
    signal,
  });
}

export const trackingDayQuery = (country: CountryCode, smCode: string, date: string) =>
  queryOptions({
    queryKey: ['tracking', 'day', country, smCode, date],
    queryFn: ({ signal }) => getTrackingDay(country, smCode, date, signal),
    staleTime: 60_000,
    retry: false,
  });

export function useTrackingDay(country: CountryCode, smCode: string | null, date: string) {
  return useQuery({ ...trackingDayQuery(country, smCode ?? '', date), enabled: smCode !== null });
}
