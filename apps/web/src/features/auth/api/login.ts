import type { LoginResponse } from '@fieldforce/contracts';
import { apiRequest, currentDeviceId } from '../../../lib/api-client';

/** POST fb/accounts/login: a signed-in answer, or an MFA challenge to finish with login/mfa. */
export async function login(input: { email: string; password: string }): Promise<LoginResponse> {
  return apiRequest<LoginResponse>('fb/accounts/login', {
    method: 'POST',
    body: { ...input, deviceId: await currentDeviceId() },
    countryInQuery: true,
    auth: false,
    sessionRules: false,
  });
}
