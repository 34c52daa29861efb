import type { ActiveStatus, CountryCode } from '@fieldforce/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET sessions/v1/checkActiveStatus: is this device session still allowed, has the password expired. */
export function getActiveStatus(signal?: AbortSignal): Promise<ActiveStatus> {
  return apiRequest<ActiveStatus>('sessions/v1/checkActiveStatus', { countryInQuery: true, signal });
}

export const activeStatusQuery = (country: CountryCode) =>
  queryOptions({
    queryKey: ['auth', 'activeStatus', country],
    queryFn: ({ signal }) => getActiveStatus(signal),
    staleTime: 0,
  });

export function useActiveStatus(country: CountryCode, enabled: boolean) {
  return useQuery({ ...activeStatusQuery(country), enabled });
}
