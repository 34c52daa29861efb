/**
 * The development identity provider across two app servers (issue 16): a sign-in started on A (the
 * portal's start, the provider's page) finishes on B (the form post, the provider's redirects, the code
 * exchange and the portal's callback), as a balancer without sticky sessions would route it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { DEMO_PASSWORD } from '@fieldforce/contracts';
import { body, withToken } from '../auth/helpers.js';
import { twoApps, type Pair } from './helpers.js';

let p: Pair;
beforeAll(async () => {
  p = await twoApps();
}, 180_000);
afterAll(() => p?.close());

const ORIGIN = 'http://localhost:8080';

/** A browser whose every request may land on another server (`route` picks it). */
class Browser {
  jar = new Map<string, string>();
  constructor(private readonly route: () => FastifyInstance) {}
  keep(res: LightMyRequestResponse) {
    for (const c of res.cookies) {
      if (c.value === '' || (c.expires && new Date(c.expires).getTime() < Date.now()))
        this.jar.delete(c.name);
      else this.jar.set(c.name, c.value);
    }
    return res;
  }
  async get(url: string) {
    const target = new URL(url, ORIGIN);
    return this.keep(
      await this.route().inject({
        method: 'GET',
        url: `${target.pathname}${target.search}`,
        headers: { host: target.host },
        cookies: Object.fromEntries(this.jar),
      }),
    );
  }
  async post(url: string, form: Record<string, string>) {
    return this.keep(
      await this.route().inject({
        method: 'POST',
        url,
        cookies: Object.fromEntries(this.jar),
        headers: { host: 'localhost:8080', 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(form).toString(),
      }),
    );
  }
  async follow(res: LightMyRequestResponse) {
    let current = res;
    for (let i = 0; i < 10 && [302, 303].includes(current.statusCode); i++) {
      const location = String(current.headers.location);
      if (!location.startsWith('/') && !location.startsWith(`${ORIGIN}/`)) break;
      const path = new URL(location, ORIGIN).pathname;
      if (path === '/' || path === '/login') break;
      current = await this.get(location);
    }
    return current;
  }
}

describe('SSO with the built-in provider on two servers', () => {
  it('starts on A and finishes on B', async () => {
    let server = p.a;
    const browser = new Browser(() => server);
    const start = await browser.get('/api/fb/accounts/sso/start?deviceId=cluster%20browser&countryCode=vn');
    expect(start.statusCode).toBe(302);
    const page = await browser.follow(start);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Development SSO');
    const action = /action="([^"]+)"/.exec(page.body)![1]!;

    server = p.b;
    const submitted = await browser.post(action, { email: 'head.vn@demo.test', password: DEMO_PASSWORD });
    const done = await browser.follow(submitted);
    expect(done.statusCode).toBe(302);
    expect(done.headers.location).toBe('/?countryCode=vn');
    const idToken = browser.jar.get('idToken')!;
    expect(decodeJwt(idToken)).toMatchObject({ email: 'head.vn@demo.test', lt: 'SSO' });
    const devices = await p.a.inject({
      method: 'GET',
      url: '/api/fb/accounts/devices',
      headers: withToken(idToken),
    });
    expect(body<{ devices: { deviceId: string }[] }>(devices)['response-data'].devices).toContainEqual(
      expect.objectContaining({ deviceId: 'cluster browser' }),
    );
  });

  it('alternates servers on every request', async () => {
    let n = 0;
    const browser = new Browser(() => (n++ % 2 ? p.b : p.a));
    const start = await browser.get('/api/fb/accounts/sso/start?deviceId=ping%20pong&countryCode=vn');
    const page = await browser.follow(start);
    const action = /action="([^"]+)"/.exec(page.body)![1]!;
    const done = await browser.follow(
      await browser.post(action, { email: 'asm.vn@demo.test', password: DEMO_PASSWORD }),
    );
    expect(done.headers.location).toBe('/?countryCode=vn');
    expect(decodeJwt(browser.jar.get('idToken')!)).toMatchObject({ email: 'asm.vn@demo.test' });
  });
});
