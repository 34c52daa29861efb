/** Who may do what with sessions and accounts (the sign-in domain's policy). */
import type { LoginType } from '@fieldforce/contracts';
import type { AuthContext } from '../../lib/policy.js';
import type { IdTokenClaims } from './tokens.js';

/** The logout call names the user; only the signed-in user can be named. */
export const canLogOut = (auth: AuthContext, email: string) => email === auth.user.email;

/** storeSession registers this device session: every field must describe it. */
export function matchesSession(
  auth: AuthContext,
  claims: IdTokenClaims,
  body: { username: string; deviceId: string; loginType: LoginType },
): boolean {
  return (
    claims.sid === auth.session.id &&
    claims.sub === auth.user.id &&
    body.username === auth.user.email &&
    body.deviceId === auth.session.deviceId &&
    body.loginType === auth.session.loginType
  );
}

/** sessions/v1/refreshToken: both tokens must be of the caller's device session. */
export const tokensOfSession = (auth: AuthContext, ...claims: IdTokenClaims[]) =>
  claims.every((c) => c.sid === auth.session.id && c.sub === auth.user.id);
