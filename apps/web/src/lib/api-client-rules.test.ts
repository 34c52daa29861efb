import { ok } from '@fieldforce/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelopeResponse } from '../test/session';
import {
  apiRequest,
  buildHeaders,
  configureApiClient,
  isRetryable,
  marketHeaders,
  needsRefresh,
  refreshSession,
  ApiError,
  RETRY,
} from './api-client';
import { getProfile } from '../features/auth/api/get-profile';

const success = () => envelopeResponse(200, ok({ fine: true }));
const failure = (status: number, code = 'X', shortDescription = 'failed') =>
  envelopeResponse(status, {
    statusCode: status,
    'response-data': null,
    statusMessage: code,
    errors: { code, shortDescription },
  });

function fakeFetch(...answers: Array<Response | Error | DOMException>) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => {
    const next = answers.length > 1 ? answers.shift() : answers[0];
    if (!(next instanceof Response)) throw next;
    return next.clone();
  });
  const sleep = vi.fn(async () => {});
  const navigate = vi.fn();
  const reload = vi.fn();
  configureApiClient({
    fetch: fetchMock as unknown as typeof fetch,
    sleep,
    navigate,
    reload,
    deviceId: async () => 'Agent/1.0 uuid-1',
  });
  return { fetchMock, sleep, navigate, reload };
}

function headersOf(fetchMock: { mock: { calls: unknown[][] } }, call = 0): Record<string, string> {
  const init = fetchMock.mock.calls[call]?.[1] as RequestInit;
  return init.headers as Record<string, string>;
}

beforeEach(() => {
  window.localStorage.clear();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('retry rules (spec sections 7 and 9)', () => {
  it('retries a GET twice, 1000 ms apart, on 500, then throws the last failure', async () => {
    const { fetchMock, sleep } = fakeFetch(failure(500));
    await expect(apiRequest('reports')).rejects.toMatchObject({ status: 500 });
    expect(fetchMock).toHaveBeenCalledTimes(1 + RETRY.extraAttempts);
    expect(sleep).toHaveBeenCalledTimes(2);
    expect(sleep).toHaveBeenCalledWith(1000);
  });

  it('retries a GET on 408 and on a network error, and stops at the first success', async () => {
    const { fetchMock } = fakeFetch(failure(408), new TypeError('Failed to fetch'), success());
    await expect(apiRequest('reports')).resolves.toEqual({ fine: true });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('rethrows a network error after the retries', async () => {
    const { fetchMock } = fakeFetch(new TypeError('Failed to fetch'));
    await expect(apiRequest('reports')).rejects.toMatchObject({ code: 'NETWORK_ERROR', status: 0 });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('never retries a POST without an idempotency key', async () => {
    const { fetchMock } = fakeFetch(failure(500));
    await expect(apiRequest('x', { method: 'POST', body: {} })).rejects.toMatchObject({ status: 500 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('retries a POST that carries an Idempotency-Key', async () => {
    const { fetchMock } = fakeFetch(failure(500), failure(500), success());
    await expect(
      apiRequest('x', { method: 'POST', body: {}, headers: { 'Idempotency-Key': 'k-1' } }),
    ).resolves.toEqual({ fine: true });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('never retries a 400 (or any other status)', async () => {
    const { fetchMock } = fakeFetch(failure(400, 'VALIDATION_FAILED'));
    await expect(apiRequest('reports')).rejects.toMatchObject({ status: 400 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('passes an abort through without retrying', async () => {
    const abort = new DOMException('aborted', 'AbortError');
    const { fetchMock } = fakeFetch(abort);
    await expect(apiRequest('reports')).rejects.toBe(abort);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('decides retryability by method, read-only mark and header', () => {
    expect(isRetryable('GET', {})).toBe(true);
    expect(isRetryable('DELETE', {})).toBe(false);
    expect(isRetryable('PUT', { 'idempotency-key': 'a' })).toBe(true);
    expect(isRetryable('POST', {}, true)).toBe(true);
    expect(isRetryable('POST', {}, false)).toBe(false);
  });

  it('retries a read-only POST like a GET: twice, 1000 ms apart, on 408, 500 and network errors', async () => {
    const { fetchMock, sleep } = fakeFetch(failure(500));
    await expect(apiRequest('x', { method: 'POST', body: {}, readOnly: true })).rejects.toMatchObject({
      status: 500,
    });
    expect(fetchMock).toHaveBeenCalledTimes(1 + RETRY.extraAttempts);
    expect(sleep).toHaveBeenCalledWith(1000);
  });

  it('retries the profile call (a POST that only reads) and returns the profile once it answers', async () => {
    const { fetchMock, sleep } = fakeFetch(
      failure(408),
      new TypeError('Failed to fetch'),
      envelopeResponse(200, ok({ email: 'an@example.com' })),
    );
    await expect(getProfile('an@example.com', 'vn')).resolves.toEqual({ email: 'an@example.com' });
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(fetchMock.mock.calls.every(([, init]) => init?.method === 'POST')).toBe(true);
    expect(sleep).toHaveBeenCalledTimes(2);
  });
});

describe('headers (spec section 7)', () => {
  it('sends Indonesia IC as countryCode id with BusinessGroup ic, in the header and the query', async () => {
    const { fetchMock } = fakeFetch(success());
    await apiRequest('fb/users/profile', {
      method: 'POST',
      body: {},
      countryCode: 'idic',
      countryInQuery: true,
    });
    const headers = headersOf(fetchMock);
    expect(headers.countryCode).toBe('id');
    expect(headers.BusinessGroup).toBe('ic');
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/fb/users/profile?countryCode=id');
    expect(marketHeaders('vn')).toEqual({ countryCode: 'vn' });
  });

  it('adds the id token and the hardening headers when the market has isVAPTEnabled', async () => {
    window.localStorage.setItem('idToken', 'token-1');
    window.localStorage.setItem('email', 'an@example.com');
    window.localStorage.setItem('loginType', 'NON_SSO');
    const { fetchMock } = fakeFetch(success());
    await apiRequest('reports', { countryCode: 'vn' });
    expect(headersOf(fetchMock)).toMatchObject({
      accept: 'application/json',
      customerToken: 'token-1',
      'X-User-ID': 'an@example.com',
      'X-Device-ID': 'Agent/1.0 uuid-1',
      'X-Login-Type': 'NON_SSO',
      'x-requested-with': 'fieldforce',
    });
  });

  it('sends no token and no hardening headers on a public call, except storeSession always', async () => {
    window.localStorage.setItem('idToken', 'token-1');
    window.localStorage.setItem('email', 'an@example.com');
    configureApiClient({ deviceId: async () => 'dev' });
    const login = await buildHeaders('fb/accounts/login', { auth: false });
    expect(login.customerToken).toBeUndefined();
    expect(login['X-Device-ID']).toBeUndefined();
    const store = await buildHeaders('sessions/v1/storeSession', { auth: false });
    expect(store['X-Device-ID']).toBe('dev');
    expect(store['X-User-ID']).toBe('an@example.com');
    expect(store['X-Login-Type']).toBe('NON_SSO');
  });

  it('sends JSON with content-type on a POST', async () => {
    const { fetchMock } = fakeFetch(success());
    await apiRequest('x', { method: 'POST', body: { a: 1 } });
    expect(headersOf(fetchMock)['content-type']).toBe('application/json');
  });
});

describe('session rules (spec section 4)', () => {
  it('knows which failures ask for a refresh', () => {
    const err = (status: number, code: string) => new ApiError({ status, code, shortDescription: code });
    expect(needsRefresh(err(407, 'X'))).toBe(true);
    expect(needsRefresh(err(500, 'INVALID_ID_TOKEN'))).toBe(true);
    expect(needsRefresh(err(401, 'INVALID_ID_TOKEN'))).toBe(true);
    expect(needsRefresh(err(500, 'INTERNAL_ERROR'))).toBe(false);
    expect(needsRefresh(err(403, 'INVALID_ID_TOKEN'))).toBe(false);
  });

  it('refreshes once for concurrent failures, registers the new token and reloads', async () => {
    window.localStorage.setItem('idToken', 'old-token');
    window.localStorage.setItem('refreshToken', 'httpOnly-cookie');
    window.localStorage.setItem('email', 'an@example.com');
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(input);
      if (url.includes('fb/accounts/refreshtoken')) {
        await gate;
        return envelopeResponse(200, ok({ id_token: 'new-token', expires_in: 900, token_type: 'Bearer' }));
      }
      if (url.includes('sessions/v1/refreshToken')) {
        expect(init.method).toBe('PUT');
        expect(JSON.parse(String(init.body))).toEqual({ oldToken: 'old-token', newToken: 'new-token' });
        return envelopeResponse(200, ok({ message: 'ok', sessionAllowed: true }));
      }
      return failure(401, 'INVALID_ID_TOKEN', 'expired');
    });
    const reload = vi.fn();
    configureApiClient({
      fetch: fetchMock as unknown as typeof fetch,
      sleep: async () => {},
      reload,
      navigate: vi.fn(),
      deviceId: async () => 'dev',
    });

    const first = apiRequest('a').catch((e: unknown) => e);
    const second = apiRequest('b').catch((e: unknown) => e);
    const direct = refreshSession();
    await vi.waitFor(() =>
      expect(fetchMock.mock.calls.filter(([u]) => String(u).includes('refreshtoken'))).toHaveLength(1),
    );
    release();
    await Promise.all([first, second, direct]);

    const refreshCalls = fetchMock.mock.calls.filter(([u]) => String(u).includes('fb/accounts/refreshtoken'));
    expect(refreshCalls).toHaveLength(1);
    const refreshInit = refreshCalls[0]?.[1] as RequestInit;
    expect(JSON.parse(String(refreshInit.body))).toEqual({ grant_type: 'refresh_token' });
    expect((refreshInit.headers as Record<string, string>)['x-requested-with']).toBe('fieldforce');
    expect(window.localStorage.getItem('idToken')).toBe('new-token');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('waits for another tab’s refresh and only reloads: the spent refresh cookie is not sent twice', async () => {
    window.localStorage.setItem('idToken', 'old-token');
    window.localStorage.setItem('refreshToken', 'httpOnly-cookie');
    const { fetchMock, reload, navigate } = fakeFetch(failure(401, 'INVALID_ID_TOKEN', 'expired'));
    const locked: string[] = [];
    configureApiClient({
      // The other tab holds the lock, refreshes and stores its new id token before this tab gets it.
      withLock: async (name, task) => {
        locked.push(name);
        window.localStorage.setItem('idToken', 'token-from-the-other-tab');
        return task();
      },
    });
    await expect(apiRequest('x', { method: 'POST' })).rejects.toMatchObject({ status: 401 });
    expect(locked).toEqual(['fieldforce-token-refresh']);
    expect(fetchMock.mock.calls.filter(([u]) => String(u).includes('refreshtoken'))).toHaveLength(0);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(navigate).not.toHaveBeenCalled();
    expect(window.localStorage.getItem('idToken')).toBe('token-from-the-other-tab');
  });

  it('on a failed refresh clears the tokens and goes to /login with the generic alert', async () => {
    window.localStorage.setItem('idToken', 'old-token');
    window.localStorage.setItem('refreshToken', 'httpOnly-cookie');
    window.localStorage.setItem('isVietnam', 'true');
    const { navigate, reload } = fakeFetch(failure(500, 'INVALID_ID_TOKEN'));
    await expect(apiRequest('x', { method: 'POST' })).rejects.toMatchObject({ status: 500 });
    expect(window.localStorage.getItem('idToken')).toBeNull();
    expect(window.localStorage.getItem('refreshToken')).toBeNull();
    expect(window.localStorage.getItem('isVietnam')).toBeNull();
    expect(window.sessionStorage.getItem('loginNotice')).toBe('Something went wrong. please login again');
    expect(navigate).toHaveBeenCalledWith('/login');
    expect(reload).not.toHaveBeenCalled();
  });

  it('logs out without a refresh when no refresh token is stored', async () => {
    window.localStorage.setItem('idToken', 'old-token');
    const { fetchMock, navigate } = fakeFetch(failure(407, 'PROXY'));
    await expect(apiRequest('x', { method: 'POST' })).rejects.toMatchObject({ status: 407 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith('/login');
    expect(window.localStorage.getItem('idToken')).toBeNull();
  });

  it("logs out on a 404 'User not logged in'", async () => {
    window.localStorage.setItem('idToken', 'token');
    const { navigate } = fakeFetch(failure(404, 'NOT_FOUND', 'User not logged in'));
    await expect(apiRequest('x', { method: 'POST' })).rejects.toMatchObject({ status: 404 });
    expect(navigate).toHaveBeenCalledWith('/login');
    expect(window.localStorage.getItem('idToken')).toBeNull();
  });

  it('shows the reason at /login when the session has ended (the device cap)', async () => {
    window.localStorage.setItem('idToken', 'token');
    const message =
      'You can be signed in on at most 10 devices. A new login logs out the earliest session, so this device was signed out.';
    const { navigate } = fakeFetch(failure(401, 'SESSION_ENDED', message));
    await expect(apiRequest('x', { method: 'POST' })).rejects.toMatchObject({ status: 401 });
    expect(navigate).toHaveBeenCalledWith('/login');
    expect(window.sessionStorage.getItem('loginNotice')).toBe(message);
  });
});
