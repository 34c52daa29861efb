import type { CountryCode } from '@fieldforce/contracts';
import { buildUrl } from '../../lib/api-client';

/** The server's 'Continue with SSO' start (apps/server/src/modules/auth/sso-routes.ts): a redirect to the provider. */
export const SSO_START_PATH = 'fb/accounts/sso/start';

export function ssoStartUrl(deviceId: string, country: CountryCode): string {
  return buildUrl(SSO_START_PATH, { deviceId, countryCode: country });
}

/**
 * Whether the server would redirect to an identity provider: 503 means SSO is not configured (production
 * without OIDC_ISSUER). Asked when the button is pressed, not on every visit to /login.
 */
export async function ssoAvailable(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { redirect: 'manual', credentials: 'same-origin' });
    return response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400);
  } catch {
    return false;
  }
}

/** The claims the web reads from its own id token (no verification: the server checks it on every call). */
export function readIdTokenClaims(token: string): { email: string | null; loginType: 'SSO' | 'NON_SSO' } {
  try {
    const payload = token.split('.')[1] ?? '';
    const json = atob(
      payload
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(payload.length / 4) * 4, '='),
    );
    const claims = JSON.parse(new TextDecoder().decode(Uint8Array.from(json, (c) => c.charCodeAt(0)))) as {
      email?: unknown;
      lt?: unknown;
    };
    return {
      email: typeof claims.email === 'string' ? claims.email : null,
      loginType: claims.lt === 'SSO' ? 'SSO' : 'NON_SSO',
    };
  } catch {
    return { email: null, loginType: 'NON_SSO' };
  }
}
