import { isCountryCode, type SignedIn } from '@fieldforce/contracts';
import { storage } from '../../lib/storage';
import { useClientStore } from '../../lib/store';
import { storeSession } from './api/store-session';
import { readIdTokenClaims } from './sso';

/**
 * After a completed sign-in: the session markers and the local keys of spec section 3, a market the
 * user holds, then storeSession (whose failure is only logged, spec section 8).
 */
export async function completeSignIn(answer: SignedIn, email: string, how: { mfa: boolean }): Promise<void> {
  const username = email.trim().toLowerCase();
  storage.setSessionMarkers({ idToken: answer.idToken, sso: answer.loginType === 'SSO', mfa: how.mfa });
  storage.setEmail(username);
  storage.setLoginType(answer.loginType);
  storage.setEvictedNotice(answer.evictedSessions > 0);
  const current = storage.getCountryCode();
  if (!answer.countryCodes.includes(current) && isCountryCode(answer.defaultCountryCode)) {
    useClientStore.getState().setSelectedCountryCode(answer.defaultCountryCode);
  }
  try {
    await storeSession({ username, loginType: answer.loginType, token: answer.idToken });
  } catch (error) {
    console.warn('storeSession failed', error);
  }
}

/**
 * An SSO sign-in ends with the server's redirect to /?countryCode=… carrying the cookies: the id token
 * (readable) names the user, so the local keys and storeSession follow from it, and the market is the
 * one the server chose (the one picked at sign-in when the user holds it, else their home market).
 * False when the token says nothing.
 */
export async function adoptCookieSession(token: string, market?: string | null): Promise<boolean> {
  const claims = readIdTokenClaims(token);
  if (!claims.email) return false;
  if (market && isCountryCode(market)) useClientStore.getState().setSelectedCountryCode(market);
  storage.setSessionMarkers({ idToken: token, sso: claims.loginType === 'SSO', mfa: false });
  storage.setEmail(claims.email);
  storage.setLoginType(claims.loginType);
  try {
    await storeSession({ username: claims.email, loginType: claims.loginType, token });
  } catch (error) {
    console.warn('storeSession failed', error);
  }
  return true;
}
