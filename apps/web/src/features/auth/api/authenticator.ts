import type { TotpEnrolment, TotpEnrolRequest, TotpStatus } from '@fieldforce/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET fb/accounts/mfa/totp: whether the account has an authenticator app. */
export function getTotpStatus(signal?: AbortSignal): Promise<TotpStatus> {
  return apiRequest('fb/accounts/mfa/totp', { countryInQuery: true, signal });
}

export const totpStatusQuery = () =>
  queryOptions({ queryKey: ['auth', 'totp'], queryFn: ({ signal }) => getTotpStatus(signal), staleTime: 0 });

export function useTotpStatus(enabled: boolean) {
  return useQuery({ ...totpStatusQuery(), enabled });
}

/**
 * POST fb/accounts/mfa/totp/enrol: starts setting up or replacing the authenticator. Takes a fresh
 * proof: the password, and a code of the current authenticator when there is one (docs/auth.md).
 */
export function startAuthenticatorChange(proof: TotpEnrolRequest): Promise<TotpEnrolment> {
  return apiRequest('fb/accounts/mfa/totp/enrol', { method: 'POST', body: proof, countryInQuery: true });
}

/** POST fb/accounts/mfa/totp/verify: confirms the new authenticator with its first code. */
export function confirmAuthenticator(input: {
  enrolmentId: string;
  code: string;
}): Promise<{ message: string }> {
  return apiRequest('fb/accounts/mfa/totp/verify', { method: 'POST', body: input, countryInQuery: true });
}
