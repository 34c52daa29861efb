import { apiRequest } from '../../../lib/api-client';

/** POST fb/accounts/logout (non-SSO and SSO): ends this device session; SSO answers the provider's sign-out address. */
export function logout(email: string): Promise<{ message: string; endSessionUrl: string | null }> {
  return apiRequest('fb/accounts/logout', {
    method: 'POST',
    body: { email: email.toLowerCase() },
    countryInQuery: true,
    sessionRules: false,
  });
}
