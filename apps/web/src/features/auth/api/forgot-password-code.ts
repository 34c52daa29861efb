import { apiRequest } from '../../../lib/api-client';

/** POST sessions/v1/forgotPassword/code: emails a reset code (same answer whether or not the account exists). */
export function requestPasswordResetCode(username: string): Promise<{ message: string }> {
  return apiRequest('sessions/v1/forgotPassword/code', {
    method: 'POST',
    body: { username },
    countryInQuery: true,
    auth: false,
    sessionRules: false,
  });
}
