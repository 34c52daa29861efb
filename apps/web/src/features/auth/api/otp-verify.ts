import type { LoginResponse } from '@fieldforce/contracts';
import { apiRequest, currentDeviceId } from '../../../lib/api-client';

/** POST fb/accounts/otp/verify: signs in with the emailed code (accounts with TOTP still take the MFA step). */
export async function verifyOtp(input: { email: string; code: string }): Promise<LoginResponse> {
  return apiRequest<LoginResponse>('fb/accounts/otp/verify', {
    method: 'POST',
    body: { ...input, deviceId: await currentDeviceId() },
    countryInQuery: true,
    auth: false,
    sessionRules: false,
  });
}
