import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CountryCode, TrackingSalesmen } from '@fieldforce/contracts';
import { apiRequest } from '../../../lib/api-client';

/** GET tracking/salesmen?date: every salesman of the caller's scope with the day's status and figures. */
export function getTrackingSalesmen(country: CountryCode, date: string, signal?: AbortSignal) {
  return apiRequest<TrackingSalesmen>('tracking/salesmen', {
    countryCode: country,
    countryInQuery: true,
    query: { date },
    signal,
  });
}

export const trackingSalesmenQuery = (country: CountryCode, date: string) =>
  queryOptions({
    queryKey: ['tracking', 'salesmen', country, date],
    queryFn: ({ signal }) => getTrackingSalesmen(country, date, signal),
    // Today's positions move: fetched again every minute while the screen is open.
    refetchInterval: 60_000,
    staleTime: 30_000,
    retry: false,
  });

export function useTrackingSalesmen(country: CountryCode, date: string) {
  return useQuery({ ...trackingSalesmenQuery(country, date), placeholderData: keepPreviousData });
}
