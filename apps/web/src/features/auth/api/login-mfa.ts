import type { SignedIn } from '@fieldforce/contracts';
import { apiRequest } from '../../../lib/api-client';

/** POST fb/accounts/login/mfa: finishes a sign-in with the authenticator code. */
export function loginMfa(input: { challengeId: string; code: string }): Promise<SignedIn> {
  return apiRequest<SignedIn>('fb/accounts/login/mfa', {
    method: 'POST',
    body: input,
    auth: false,
    sessionRules: false,
  });
}
