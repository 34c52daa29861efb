import { ok, type ActiveStatus, type UserDetails } from '@fieldforce/contracts';
import { vi } from 'vitest';
import { configureApiClient } from '../lib/api-client';

export type FetchHandler = (url: string, init: RequestInit) => { status?: number; body: unknown } | undefined;

export function envelopeResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/**
 * A signed-in browser for component tests: the session markers in storage and a fake server that
 * answers checkActiveStatus and the profile (and whatever `extra` handles). Returns the fetch mock.
 */
export function fakeSession(
  user: UserDetails,
  options: { status?: Partial<ActiveStatus>; extra?: FetchHandler } = {},
) {
  window.localStorage.setItem('idToken', 'test-id-token');
  window.localStorage.setItem('refreshToken', 'httpOnly-cookie');
  window.localStorage.setItem('email', user.email);
  const status: ActiveStatus = {
    sessionAllowed: true,
    passwordExpired: false,
    passwordExpiresInDays: null,
    reason: null,
    message: null,
    ...options.status,
  };
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const extra = options.extra?.(url, init);
    if (extra) return envelopeResponse(extra.status ?? 200, extra.body);
    if (url.includes('sessions/v1/checkActiveStatus')) return envelopeResponse(200, ok(status));
    if (url.includes('fb/users/profile')) return envelopeResponse(200, ok(user));
    if (url.includes('sessions/v1/storeSession'))
      return envelopeResponse(200, ok({ message: 'Session stored.' }));
    if (url.includes('fb/accounts/devices'))
      return envelopeResponse(200, ok({ devices: [], maxDevices: 10 }));
    if (/fb\/accounts\/mfa\/totp(\?|$)/.test(url))
      return envelopeResponse(200, ok({ enrolled: false, enrolledAt: null }));
    return envelopeResponse(404, {
      statusCode: 404,
      'response-data': null,
      statusMessage: 'ROUTE_NOT_FOUND',
      errors: { code: 'ROUTE_NOT_FOUND', shortDescription: 'Not found' },
    });
  });
  configureApiClient({
    fetch: fetchMock as unknown as typeof fetch,
    sleep: async () => {},
    deviceId: async () => 'test-device',
    reload: () => {},
    navigate: () => {},
  });
  return fetchMock;
}
