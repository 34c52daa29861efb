/** 'Continue with SSO' through the built-in development identity provider, end to end over HTTP. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import type { LightMyRequestResponse } from 'fastify';
import { DEMO_PASSWORD, DEMO_TOTP_SECRET, LOGIN_MESSAGES } from '@fieldforce/contracts';
import { totpCode } from '../../src/modules/auth/totp.js';
import { requestOrigin } from '../../src/modules/auth/sso.js';
import { authTestApp, body, withToken, type AuthTestApp } from './helpers.js';

let t: AuthTestApp;
beforeAll(async () => {
  t = await authTestApp();
});
afterAll(() => t?.close());

/** A browser in miniature: a cookie jar and same-server redirects. */
class Browser {
  jar = new Map<string, string>();
  /** The client IP the provider's page sees (the per-source sign-in rules), and the address in use. */
  constructor(
    readonly ip = '127.0.0.1',
    readonly origin = 'http://localhost:8080',
  ) {}
  keep(res: LightMyRequestResponse) {
    for (const c of res.cookies) {
      if (c.value === '' || (c.expires && new Date(c.expires).getTime() < Date.now()))
        this.jar.delete(c.name);
      else this.jar.set(c.name, c.value);
    }
    return res;
  }
  async get(url: string) {
    const target = new URL(url, this.origin);
    return this.keep(
      await t.app.inject({
        method: 'GET',
        url: `${target.pathname}${target.search}`,
        headers: { host: target.host },
        cookies: Object.fromEntries(this.jar),
        remoteAddress: this.ip,
      }),
    );
  }
  async post(url: string, form: Record<string, string>) {
    return this.keep(
      await t.app.inject({
        method: 'POST',
        url,
        cookies: Object.fromEntries(this.jar),
        headers: { host: new URL(this.origin).host, 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(form).toString(),
        remoteAddress: this.ip,
      }),
    );
  }
  /** Follows redirects while they stay on this server; returns the last response. */
  async follow(res: LightMyRequestResponse) {
    let current = res;
    for (let i = 0; i < 10 && [302, 303].includes(current.statusCode); i++) {
      const location = String(current.headers.location);
      if (!location.startsWith('/') && !location.startsWith(`${this.origin}/`)) break;
      if (new URL(location, this.origin).pathname === '/') break;
      if (new URL(location, this.origin).pathname === '/login') break;
      current = await this.get(location);
    }
    return current;
  }
}

/** The code step the provider answers after the password of an account with TOTP. */
function codeStep(page: LightMyRequestResponse) {
  return {
    action: /action="([^"]+)"/.exec(page.body)![1]!,
    challengeId: /name="challengeId" value="([^"]+)"/.exec(page.body)![1]!,
  };
}

async function ssoSignIn(browser: Browser, form: Record<string, string>, deviceId = 'sso browser') {
  const start = await browser.get(
    `/api/fb/accounts/sso/start?deviceId=${encodeURIComponent(deviceId)}&countryCode=vn`,
  );
  expect(start.statusCode).toBe(302);
  const authorize = new URL(String(start.headers.location));
  expect(authorize.origin + authorize.pathname).toBe(`${browser.origin}/oidc/auth`);
  expect(authorize.searchParams.get('redirect_uri')).toBe(`${browser.origin}/api/fb/accounts/sso/callback`);
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

  it('refuses a wrong password on the provider’s page, with the portal’s message', async () => {
    const { submitted } = await ssoSignIn(new Browser(), { email: 'head.vn@demo.test', password: 'wrong' });
    expect(submitted.statusCode).toBe(401);
    expect(submitted.body).toContain(LOGIN_MESSAGES.invalidCredentials);
  });

  it('asks accounts with TOTP for their code in a second step, so SSO does not skip MFA', async () => {
    const browser = new Browser();
    const { submitted } = await ssoSignIn(browser, { email: 'mfa.vn@demo.test', password: DEMO_PASSWORD });
    expect(submitted.statusCode).toBe(200);
    expect(submitted.body).toContain('Authenticator code');
    expect(browser.jar.get('idToken')).toBeUndefined();
    t.clock.advanceMinutes(1);
    const done = await browser.follow(
      await browser.post(codeStep(submitted).action, {
        challengeId: codeStep(submitted).challengeId,
        code: totpCode(DEMO_TOTP_SECRET, t.clock.now()),
      }),
    );
    expect(done.headers.location).toBe('/?countryCode=vn');
  });

  describe('the provider’s page follows the portal’s sign-in rules (issue 9)', () => {
    it('its MFA step takes 5 wrong codes, and wrong codes lock the account like the portal’s', async () => {
      t.clock.advanceMinutes(1);
      const browser = new Browser('10.7.0.1');
      const wrongCodes = async () => {
        const { submitted } = await ssoSignIn(browser, {
          email: 'mfa.vn@demo.test',
          password: DEMO_PASSWORD,
        });
        const step = codeStep(submitted);
        for (let i = 0; i < 5; i++) {
          const res = await browser.post(step.action, { challengeId: step.challengeId, code: '000000' });
          expect(res.statusCode).toBe(401);
          expect(res.body).toContain(LOGIN_MESSAGES.invalidCode);
        }
        return step;
      };
      const spent = await wrongCodes();
      // The sixth try, even with the right code, meets a spent challenge.
      const sixth = await browser.post(spent.action, {
        challengeId: spent.challengeId,
        code: totpCode(DEMO_TOTP_SECRET, t.clock.now()),
      });
      expect(sixth.statusCode).toBe(401);
      await wrongCodes();
      // Ten wrong codes: the account is locked, on the portal and on the provider alike.
      const portal = await t.app.inject({
        method: 'POST',
        url: '/api/fb/accounts/login',
        payload: { email: 'mfa.vn@demo.test', password: DEMO_PASSWORD, deviceId: 'sso lock test' },
        remoteAddress: '10.7.0.2',
      });
      expect(portal.statusCode).toBe(401);
      const { submitted } = await ssoSignIn(new Browser('10.7.0.3'), {
        email: 'mfa.vn@demo.test',
        password: DEMO_PASSWORD,
      });
      expect(submitted.statusCode).toBe(401);
      expect(submitted.body).toContain(LOGIN_MESSAGES.invalidCredentials);
      t.clock.advanceMinutes(16);
    });

    it('its wrong passwords count: the source waits, and ten lock the account for the portal too', async () => {
      const email = 'asm.vn@demo.test';
      const browser = new Browser('10.8.0.1');
      for (let i = 0; i < 4; i++) {
        const { submitted } = await ssoSignIn(browser, { email, password: `wrong-${i}` });
        expect(submitted.statusCode).toBe(401);
      }
      const { submitted: waiting } = await ssoSignIn(browser, { email, password: DEMO_PASSWORD });
      expect(waiting.statusCode).toBe(429);
      expect(waiting.body).toContain(LOGIN_MESSAGES.tooManyAttempts(2));
      for (let i = 0; i < 6; i++) {
        const { submitted } = await ssoSignIn(new Browser(`10.8.1.${i}`), { email, password: 'wrong' });
        expect(submitted.statusCode).toBe(401);
      }
      const portal = await t.app.inject({
        method: 'POST',
        url: '/api/fb/accounts/login',
        payload: { email, password: DEMO_PASSWORD, deviceId: 'sso lock test' },
        remoteAddress: '10.8.2.1',
      });
      expect(portal.statusCode).toBe(401);
      expect(body(portal).errors?.shortDescription).toBe(LOGIN_MESSAGES.invalidCredentials);
      t.clock.advanceMinutes(16);
    });
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

  it('works on whichever address of this machine the portal is opened by (127.0.0.1 as well as localhost)', async () => {
    const browser = new Browser('127.0.0.1', 'http://127.0.0.1:8080');
    const { done } = await ssoSignIn(browser, { email: 'head.vn@demo.test', password: DEMO_PASSWORD });
    expect(done.statusCode).toBe(302);
    expect(done.headers.location).toBe('/?countryCode=vn');
    expect(decodeJwt(browser.jar.get('idToken')!)).toMatchObject({ email: 'head.vn@demo.test', lt: 'SSO' });
  });

  it('never builds a redirect URI on a host that is not this machine', async () => {
    const browser = new Browser('127.0.0.1', 'http://portal.attacker.test:8080');
    const start = await browser.get('/api/fb/accounts/sso/start?deviceId=elsewhere');
    expect(start.statusCode).toBe(302);
    const authorize = new URL(String(start.headers.location));
    expect(authorize.origin).toBe('http://localhost:8080');
    expect(authorize.searchParams.get('redirect_uri')).toBe(
      'http://localhost:8080/api/fb/accounts/sso/callback',
    );
  });

  it('follows only this machine’s own names, on its own port, over http, for the built-in provider without PUBLIC_URL', () => {
    const settings = { followRequestHost: true, port: 8080 };
    const names = ['localhost', '127.0.0.1', '[::1]', '192.168.1.20'];
    const origin = (host: string, protocol: 'http' | 'https' = 'http', s = settings) =>
      requestOrigin(s, { host, protocol }, names);
    expect(origin('192.168.1.20:8080')).toBe('http://192.168.1.20:8080');
    expect(origin('[::1]:8080')).toBe('http://[::1]:8080');
    expect(origin('localhost:8080')).toBe('http://localhost:8080');
    expect(origin('192.168.1.20:9090')).toBeNull();
    expect(origin('192.168.1.21:8080')).toBeNull();
    expect(origin('bad host')).toBeNull();
    expect(origin('127.0.0.1:8080', 'https')).toBeNull();
    expect(origin('127.0.0.1:8080', 'http', { followRequestHost: false, port: 8080 })).toBeNull();
  });

  it('needs a device id to start', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/fb/accounts/sso/start' });
    expect(res.statusCode).toBe(400);
    expect(body(res).errors?.fields?.[0]?.field).toBe('querystring.deviceId');
  });
});
