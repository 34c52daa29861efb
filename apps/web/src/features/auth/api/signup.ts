import type { TotpEnrolment } from '@fieldforce/contracts';
import { apiRequest } from '../../../lib/api-client';

export interface SignupAnswer {
  activated: boolean;
  enrolment: TotpEnrolment | null;
  message: string;
}

/** POST fb/accounts/signup: activates an invited account, or opens an authenticator enrolment. */
export function signup(input: {
  email: string;
  invitationCode: string;
  password: string;
}): Promise<SignupAnswer> {
  return apiRequest<SignupAnswer>('fb/accounts/signup', {
    method: 'POST',
    body: input,
    countryInQuery: true,
    auth: false,
    sessionRules: false,
  });
}
