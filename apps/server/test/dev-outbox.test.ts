/**
 * The development outbox holds every sign-in and password code: only this machine or a signed-in
 * admin reads it (modules/dev/access.ts; issue 9, finding 2).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { authTestApp, signIn, withToken, type AuthTestApp } from './auth/helpers.js';
import { createTestApp } from './helpers/app.js';

const OUTSIDER = '192.0.2.10'; // another machine on the network (TEST-NET-1)
const VICTIM = 'sm.vn@demo.test';

let t: AuthTestApp;
let behindProxy: AuthTestApp;
let adminToken: string;
let userToken: string;

beforeAll(async () => {
  t = await authTestApp({ config: { NODE_ENV: 'development', PUBLIC_URL: 'http://portal.test:8080' } });
  behindProxy = await authTestApp({ config: { NODE_ENV: 'development', TRUST_PROXY: true } });
  adminToken = (await signIn(t.app, 'admin.vn@demo.test', { remoteAddress: OUTSIDER })).idToken;
  userToken = (await signIn(t.app, 'tl.vn@demo.test', { remoteAddress: OUTSIDER })).idToken;
  // A code in the outbox, as the attack starts: anyone may ask for a victim's forgot-password code.
  const asked = await t.app.inject({
    method: 'POST',
    url: '/api/sessions/v1/forgotPassword/code',
    payload: { username: VICTIM },
    remoteAddress: OUTSIDER,
  });
  expect(asked.statusCode).toBe(200);
  // The email may be written just after the answer (the request answers in the same time either way).
  for (let i = 0; i < 100; i++) {
    const { rows } = await t.database.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM outbox WHERE to_address = $1',
      [VICTIM],
    );
    if (rows[0]!.n > 0) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}, 180_000);
afterAll(async () => {
  await t?.close();
  await behindProxy?.close();
});

const read = (
  app: AuthTestApp,
  options: {
    remoteAddress?: string;
    headers?: Record<string, string>;
    cookies?: Record<string, string>;
  } = {},
) =>
  app.app.inject({
    method: 'GET',
    url: `/dev/outbox?format=json&to=${encodeURIComponent(VICTIM)}`,
    remoteAddress: options.remoteAddress,
    headers: options.headers,
    cookies: options.cookies,
  });

function expectRefused(res: LightMyRequestResponse, status: 401 | 403) {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json();
  expect(Object.keys(body).sort()).toEqual(['errors', 'response-data', 'statusCode', 'statusMessage']);
  expect(body['response-data']).toBeNull();
  expect(body.errors.shortDescription).toMatch(/this machine and to signed-in admins/);
  expect(res.body).not.toMatch(/\b\d{6}\b/);
}

describe('/dev/outbox', () => {
  it('is readable from this machine (loopback socket, no proxy)', async () => {
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const res = await read(t, { remoteAddress });
      expect(res.statusCode, remoteAddress).toBe(200);
      expect(res.json()['response-data'][0].text).toMatch(/\b\d{6}\b/);
    }
  });

  it('refuses another machine that is not signed in: it cannot read the victim’s code', async () => {
    expectRefused(await read(t, { remoteAddress: OUTSIDER }), 401);
    const html = await t.app.inject({ method: 'GET', url: '/dev/outbox', remoteAddress: OUTSIDER });
    expectRefused(html, 401);
  });

  it('refuses another machine signed in as a user who is not an admin', async () => {
    expectRefused(await read(t, { remoteAddress: OUTSIDER, headers: withToken(userToken) }), 403);
  });

  it('refuses a token that is not valid', async () => {
    expectRefused(await read(t, { remoteAddress: OUTSIDER, headers: withToken(`${adminToken}x`) }), 401);
  });

  it('is readable from another machine by a signed-in admin (token header or session cookie)', async () => {
    const byHeader = await read(t, { remoteAddress: OUTSIDER, headers: withToken(adminToken) });
    expect(byHeader.statusCode).toBe(200);
    expect(byHeader.json()['response-data'][0].to).toBe(VICTIM);
    const page = await t.app.inject({
      method: 'GET',
      url: '/dev/outbox',
      remoteAddress: OUTSIDER,
      cookies: { idToken: adminToken },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
  });

  it('does not take a forwarding header for the client address (spoofing, or a proxy on this machine)', async () => {
    const relayed: Record<string, string>[] = [
      { 'x-forwarded-for': '127.0.0.1' },
      { 'x-forwarded-for': OUTSIDER },
      { forwarded: 'for=127.0.0.1' },
      { 'x-real-ip': '127.0.0.1' },
    ];
    for (const headers of relayed) {
      expectRefused(await read(t, { remoteAddress: '127.0.0.1', headers }), 401);
    }
    // An outsider claiming to be local is still an outsider.
    expectRefused(
      await read(t, { remoteAddress: OUTSIDER, headers: { 'x-forwarded-for': '127.0.0.1' } }),
      401,
    );
  });

  it('behind a trusted proxy (TRUST_PROXY) treats nobody as local: admins only', async () => {
    expectRefused(await read(behindProxy, { remoteAddress: '127.0.0.1' }), 401);
    expectRefused(
      await read(behindProxy, { remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '127.0.0.1' } }),
      401,
    );
    const admin = (await signIn(behindProxy.app, 'admin.vn@demo.test')).idToken;
    const res = await read(behindProxy, { remoteAddress: '127.0.0.1', headers: withToken(admin) });
    expect(res.statusCode).toBe(200);
  });

  it('refuses a page elsewhere that reaches this machine by DNS rebinding (Host is not this machine)', async () => {
    expectRefused(
      await read(t, { remoteAddress: '127.0.0.1', headers: { host: 'attacker.example:8080' } }),
      401,
    );
    for (const host of ['localhost:8080', '127.0.0.1:8080', '[::1]:8080', 'portal.test:8080']) {
      expect((await read(t, { remoteAddress: '127.0.0.1', headers: { host } })).statusCode, host).toBe(200);
    }
  });

  it('is gone once SMTP_URL is set (emails are really sent) and in production', async () => {
    for (const config of [
      { NODE_ENV: 'development' as const, SMTP_URL: 'smtp://mail.test:25' },
      { NODE_ENV: 'production' as const },
    ]) {
      const other = await createTestApp({ config });
      try {
        const res = await other.app.inject({ method: 'GET', url: '/dev/outbox?format=json' });
        expect(res.statusCode).toBe(404);
        expect(res.json().errors.code).toBe('ROUTE_NOT_FOUND');
      } finally {
        await other.close();
      }
    }
  }, 120_000);
});
