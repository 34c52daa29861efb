import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, apiRequest, buildUrl, configureApiClient } from './api-client';

function respond(status: number, body: unknown, contentType = 'application/json') {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return vi.fn(async () => new Response(text, { status, headers: { 'content-type': contentType } }));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('api client', () => {
  it('returns response-data of a 2xx envelope and sends JSON', async () => {
    const fetchMock = respond(200, {
      statusCode: 200,
      'response-data': { ok: true },
      statusMessage: 'SUCCESS',
      errors: null,
    });
    vi.stubGlobal('fetch', fetchMock);

    await expect(
      api.post('/fb/users/profile', { email: 'a@b.co' }, { query: { countryCode: 'vn' } }),
    ).resolves.toEqual({
      ok: true,
    });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/fb/users/profile?countryCode=vn');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"email":"a@b.co"}');
    expect((init.headers as Record<string, string>)['content-type']).toBe('application/json');
  });

  it('throws ApiError with the envelope errors on a non-2xx answer', async () => {
    vi.stubGlobal(
      'fetch',
      respond(403, {
        statusCode: 403,
        'response-data': null,
        statusMessage: 'FORBIDDEN',
        errors: { code: 'FORBIDDEN', shortDescription: 'Not allowed for this country' },
      }),
    );
    const error = await apiRequest('reports').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 403,
      code: 'FORBIDDEN',
      shortDescription: 'Not allowed for this country',
      statusMessage: 'FORBIDDEN',
    });
  });

  it('keeps field errors of a validation failure', async () => {
    vi.stubGlobal(
      'fetch',
      respond(400, {
        statusCode: 400,
        'response-data': null,
        statusMessage: 'VALIDATION_FAILED',
        errors: {
          code: 'VALIDATION_FAILED',
          shortDescription: 'Invalid input',
          fields: [{ field: 'email', message: 'Required' }],
        },
      }),
    );
    await expect(apiRequest('x')).rejects.toMatchObject({
      fields: [{ field: 'email', message: 'Required' }],
    });
  });

  it('throws on a body that is not JSON or not an envelope', async () => {
    vi.stubGlobal('fetch', respond(502, '<html>Bad gateway</html>', 'text/html'));
    await expect(apiRequest('x')).rejects.toMatchObject({ status: 502, code: 'NON_JSON_RESPONSE' });
    vi.stubGlobal('fetch', respond(200, { hello: 'world' }));
    await expect(apiRequest('x')).rejects.toMatchObject({ status: 200, code: 'NON_JSON_RESPONSE' });
  });

  it("reports a network failure as 'Network Error'", async () => {
    configureApiClient({ sleep: async () => {} });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(apiRequest('x')).rejects.toMatchObject({
      status: 0,
      code: 'NETWORK_ERROR',
      shortDescription: 'Network Error',
    });
  });

  it('does not send a request given up before it left, and rethrows the abort', async () => {
    const fetchMock = vi.fn(async () => respond(200, { statusCode: 200, 'response-data': {} }));
    configureApiClient({ fetch: fetchMock as unknown as typeof fetch, deviceId: async () => 'd' });
    const controller = new AbortController();
    controller.abort();
    await expect(apiRequest('x', { signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('builds URLs under /api and leaves out undefined query values', () => {
    expect(buildUrl('sessions/v1/logout', { countryCode: 'vn', customerToken: undefined })).toBe(
      '/api/sessions/v1/logout?countryCode=vn',
    );
    expect(buildUrl('/health')).toBe('/api/health');
  });
});
