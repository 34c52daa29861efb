import type { CountryCode, UserDetails } from '@fieldforce/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST fb/users/profile: the user details of spec section 3, for the selected market (a read: retried). */
export function getProfile(email: string, country: CountryCode, signal?: AbortSignal): Promise<UserDetails> {
  return apiRequest<UserDetails>('fb/users/profile', {
    method: 'POST',
    body: { email },
    countryCode: country,
    countryInQuery: true,
    readOnly: true,
    signal,
  });
}

/** Keyed by market: switching country fetches the profile again (spec section 4). */
export const profileQuery = (email: string, country: CountryCode) =>
  queryOptions({
    queryKey: ['auth', 'profile', email, country],
    queryFn: ({ signal }) => getProfile(email, country, signal),
    staleTime: Infinity,
  });

export function useProfile(email: string | null, country: CountryCode, enabled: boolean) {
  return useQuery({ ...profileQuery(email ?? '', country), enabled: enabled && Boolean(email) });
}
