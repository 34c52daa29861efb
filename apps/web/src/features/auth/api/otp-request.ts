import { apiRequest } from '../../../lib/api-client';

/** POST fb/accounts/otp/request: emails a sign-in code ('OTP request'); the answer never says if the account exists. */
export function requestOtp(email: string): Promise<{ message: string }> {
  return apiRequest('fb/accounts/otp/request', {
    method: 'POST',
    body: { email },
    countryInQuery: true,
    auth: false,
    sessionRules: false,
  });
}
