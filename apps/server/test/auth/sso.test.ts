/** 'Continue with SSO' through the built-in development identity provider, end to end over HTTP. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import type { LightMyRequestResponse } from 'fastify';
import { DEMO_PASSWORD, DEMO_TOTP_SECRET } from '@fieldforce/contracts';
import { totpCode } from '../../src/modules/auth/totp.js';
import { authTestApp, body, withToken, type AuthTestApp } from './helpers.js';

let t: AuthTestApp;
beforeAll(async () => {
  t = await authTestApp();
});
afterAll(() => t?.close());

/** A browser in miniature: a cookie jar and same-server redirects. */
class Browser {
  jar = new Map<string, string>();
  keep(res: LightMyRequestResponse) {
    for (const c of res.cookies) {
      if (c.value === '' || (c.expires && new Date(c.expires).getTime() < Date.now()))
        this.jar.delete(c.name);
      else this.jar.set(c.name, c.value);
    }
    return res;
  }
  async get(url: string) {
    const target = new URL(url, 'http://localhost:8080');
    return this.keep(
      await t.app.inject({
        method: 'GET',
        url: `${target.pathname}${target.search}`,
        headers: { host: 'localhost:8080' },
        cookies: Object.fromEntries(this.jar),
      }),
    );
  }
  async post(url: string, form: Record<string, string>) {
    return this.keep(
      await t.app.inject({
        method: 'POST',
        url,
        cookies: Object.fromEntries(this.jar),
        headers: { host: 'localhost:8080', 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(form).toString(),
      }),
    );
  }
  /** Follows redirects while they stay on this server; returns the last response. */
  async follow(res: LightMyRequestResponse) {
    let current = res;
    for (let i = 0; i < 10 && [302, 303].includes(current.statusCode); i++) {
      const location = String(current.headers.location);
      if (!location.startsWith('/') && !location.startsWith('http://localhost:8080/')) break;
      if (new URL(location, 'http://localhost:8080').pathname === '/') break;
      if (new URL(location, 'http://localhost:8080').pathname === '/login') break;
      current = await this.get(location);
    }
    return current;
  }
}

async function ssoSignIn(browser: Browser, form: Record<string, string>, deviceId = 'sso browser') {
  const start = await browser.get(
    `/api/fb/accounts/sso/start?deviceId=${encodeURIComponent(deviceId)}&countryCode=vn`,
  );
  expect(start.statusCode).toBe(302);
  const authorize = new URL(String(start.headers.location));
  expect(authorize.origin + authorize.pathname).toBe('http://localhost:8080/oidc/auth');
  expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authorize.searchParams.get('state')).toBe(browser.jar.get('ssoState'));
  expect(authorize.searchParams.get('nonce')).toBeTruthy();
  const page = await browser.follow(start);
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain('Development SSO');
  const action = /action="([^"]+)"/.exec(page.body)![1]!;
  const submitted = await browser.post(action, form);
  return { submitted, done: await browser.follow(submitted) };
}

describe('SSO with the built-in provider', () => {
  it('signs a demo user in: cookies set, loginType SSO, back to / in the market chosen', async () => {
    const browser = new Browser();
    const { done } = await ssoSignIn(browser, { email: 'head.vn@demo.test', password: DEMO_PASSWORD });
    expect(done.statusCode).toBe(302);
    expect(done.headers.location).toBe('/?countryCode=vn');
    const idToken = browser.jar.get('idToken')!;
    expect(decodeJwt(idToken)).toMatchObject({ email: 'head.vn@demo.test', lt: 'SSO' });
    expect(browser.jar.get('refreshToken')).toBeTruthy();

    const devices = await t.app.inject({
      method: 'GET',
      url: '/api/fb/accounts/devices',
      headers: withToken(idToken),
    });
    expect(
      body<{ devices: { deviceId: string; loginType: string }[] }>(devices)['response-data'].devices,
    ).toContainEqual(expect.objectContaining({ deviceId: 'sso browser', loginType: 'SSO' }));
    const { rows } = await t.database.db.query(
      `SELECT 1 FROM sso_identities WHERE issuer = 'http://localhost:8080/oidc'`,
    );
    expect(rows).toHaveLength(1);

    // Logout answers the provider's sign-out page (SSO logout ends the provider session too).
    const logout = await t.app.inject({
      method: 'GET',
      url: '/api/sessions/v1/logout',
      headers: withToken(idToken),
    });
    const endSessionUrl = body<{ endSessionUrl: string }>(logout)['response-data'].endSessionUrl;
    expect(endSessionUrl).toMatch(/^http:\/\/localhost:8080\/oidc\/session\/end\?/);
    expect(new URL(endSessionUrl).searchParams.get('post_logout_redirect_uri')).toBe(
      'http://localhost:8080/login',
    );
  });

  it('refuses a wrong password on the provider’s page', async () => {
    const { submitted } = await ssoSignIn(new Browser(), { email: 'head.vn@demo.test', password: 'wrong' });
    expect(submitted.statusCode).toBe(401);
    expect(submitted.body).toContain('Invalid email, password or code.');
  });

  it('asks accounts with TOTP for their code, so SSO does not skip MFA', async () => {
    const without = await ssoSignIn(new Browser(), { email: 'mfa.vn@demo.test', password: DEMO_PASSWORD });
    expect(without.submitted.statusCode).toBe(401);
    t.clock.advanceMinutes(1);
    const browser = new Browser();
    const { done } = await ssoSignIn(browser, {
      email: 'mfa.vn@demo.test',
      password: DEMO_PASSWORD,
      code: totpCode(DEMO_TOTP_SECRET, t.clock.now()),
    });
    expect(done.headers.location).toBe('/?countryCode=vn');
  });

  it('sends a user who does not hold the market chosen back in their home market', async () => {
    // Started with countryCode=vn (ssoSignIn) by a user of Thailand only.
    const { done } = await ssoSignIn(new Browser(), { email: 'head.th@demo.test', password: DEMO_PASSWORD });
    expect(done.statusCode).toBe(302);
    expect(done.headers.location).toBe('/?countryCode=th');
  });

  it('refuses a callback that did not start in this browser (state bound to a cookie)', async () => {
    const victim = new Browser();
    const attacker = new Browser();
    const start = await attacker.get('/api/fb/accounts/sso/start?deviceId=attacker');
    const page = await attacker.follow(start);
    const action = /action="([^"]+)"/.exec(page.body)![1]!;
    const submitted = await attacker.post(action, { email: 'admin.vn@demo.test', password: DEMO_PASSWORD });
    // Stop at the portal's callback and hand its URL to the victim.
    let res = submitted;
    while (!String(res.headers.location).includes('/api/fb/accounts/sso/callback'))
      res = await attacker.get(String(res.headers.location));
    const callback = await victim.get(String(res.headers.location));
    expect(callback.statusCode).toBe(302);
    expect(String(callback.headers.location)).toMatch(/^\/login\?ssoError=/);
    expect(victim.jar.get('idToken')).toBeUndefined();
  });

  it('needs a device id to start', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/fb/accounts/sso/start' });
    expect(res.statusCode).toBe(400);
    expect(body(res).errors?.fields?.[0]?.field).toBe('querystring.deviceId');
  });
});
