import { apiRequest } from '../../../lib/api-client';

/** POST fb/accounts/changePassword: also reachable while the password has expired. */
export function changePassword(input: {
  currentPassword: string;
  newPassword: string;
  signOutOtherSessions: boolean;
}): Promise<{ message: string }> {
  return apiRequest('fb/accounts/changePassword', { method: 'POST', body: input, countryInQuery: true });
}
