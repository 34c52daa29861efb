import type { LoginType } from '@fieldforce/contracts';
import { apiRequest, currentDeviceId, STORE_SESSION_PATH } from '../../../lib/api-client';

/** POST sessions/v1/storeSession: registers this device's session (always with the hardening headers). */
export async function storeSession(input: {
  username: string;
  loginType: LoginType;
  token: string;
}): Promise<{ message: string }> {
  return apiRequest(STORE_SESSION_PATH, {
    method: 'POST',
    body: { ...input, deviceId: await currentDeviceId() },
    countryInQuery: true,
  });
}
