import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CountryCode, TrackingStores } from '@fieldforce/contracts';
import { apiRequest } from '../../../lib/api-client';

/** GET tracking/stores?date: the outlets planned or visited that day in the caller's scope. */
export function getTrackingStores(country: CountryCode, date: string, signal?: AbortSignal) {
  return apiRequest<TrackingStores>('tracking/stores', {
    countryCode: country,
    countryInQuery: true,
    query: { date },
    signal,
  });
}

export const trackingStoresQuery = (country: CountryCode, date: string) =>
  queryOptions({
    queryKey: ['tracking', 'stores', country, date],
    queryFn: ({ signal }) => getTrackingStores(country, date, signal),
    staleTime: 60_000,
    retry: false,
  });

export function useTrackingStores(country: CountryCode, date: string, enabled: boolean) {
  return useQuery({ ...trackingStoresQuery(country, date), enabled });
}
