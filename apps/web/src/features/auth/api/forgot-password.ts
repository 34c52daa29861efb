import { apiRequest } from '../../../lib/api-client';
import { encryptPassword } from '../password-encryption';
import { getPublicKey } from './get-public-key';

/** POST sessions/v1/forgotPassword: the new password travels RSA-OAEP encrypted with the server's key. */
export async function resetPassword(input: {
  username: string;
  code: string;
  newPassword: string;
  signOutEverywhere: boolean;
}): Promise<{ status: true; message: string }> {
  const key = await getPublicKey();
  const encryptedPassword = await encryptPassword(input.newPassword, key.spki);
  return apiRequest('sessions/v1/forgotPassword', {
    method: 'POST',
    body: {
      username: input.username,
      code: input.code,
      encryptedPassword,
      signOutEverywhere: input.signOutEverywhere,
    },
    countryInQuery: true,
    auth: false,
    sessionRules: false,
  });
}
