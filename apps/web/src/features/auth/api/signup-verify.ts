import { apiRequest } from '../../../lib/api-client';
import type { SignupAnswer } from './signup';

/** POST fb/accounts/signup/verify: finishes the activation with the first authenticator code. */
export function verifySignup(input: { enrolmentId: string; code: string }): Promise<SignupAnswer> {
  return apiRequest<SignupAnswer>('fb/accounts/signup/verify', {
    method: 'POST',
    body: input,
    auth: false,
    sessionRules: false,
  });
}
