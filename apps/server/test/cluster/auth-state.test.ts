/**
 * Sign-in state shared between two app servers (issue 16): whatever server A records, server B honours.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { constants, createPublicKey, publicEncrypt } from 'node:crypto';
import { DEMO_PASSWORD, DEMO_TOTP_SECRET } from '@fieldforce/contracts';
import type { FastifyInstance } from 'fastify';
import { totpCode } from '../../src/modules/auth/totp.js';
import { body, latestMailedCode, newDeviceId, signIn, withToken } from '../auth/helpers.js';
import { twoApps, type Pair } from './helpers.js';

let p: Pair;
beforeAll(async () => {
  p = await twoApps();
}, 180_000);
afterAll(() => p?.close());

const login = (app: FastifyInstance, email: string, password: string, ip: string) =>
  app.inject({
    method: 'POST',
    url: '/api/fb/accounts/login',
    payload: { email, password, deviceId: newDeviceId() },
    remoteAddress: ip,
  });

describe('two app servers on one database', () => {
  it('a session made on A works on B, and its sign-out on B ends it on A', async () => {
    const s = await signIn(p.a, 'head.vn@demo.test');
    const me = await p.b.inject({
      method: 'GET',
      url: '/api/fb/accounts/devices',
      headers: withToken(s.idToken),
    });
    expect(me.statusCode).toBe(200);
    const out = await p.b.inject({
      method: 'GET',
      url: '/api/sessions/v1/logout',
      headers: withToken(s.idToken),
    });
    expect(out.statusCode).toBe(200);
    const after = await p.a.inject({
      method: 'GET',
      url: '/api/fb/accounts/devices',
      headers: withToken(s.idToken),
    });
    expect(after.statusCode).toBe(401);
  });

  it('the device cap counts sessions made on either server', async () => {
    const email = 'asm.vn@demo.test';
    const first = await signIn(p.a, email);
    for (let i = 0; i < 10; i++) await signIn(i % 2 ? p.a : p.b, email);
    // Ten active at most: the eleventh sign-in (made on B) ended the earliest (made on A).
    const st = await p.b.inject({
      method: 'GET',
      url: '/api/sessions/v1/checkActiveStatus',
      headers: withToken(first.idToken),
    });
    expect(body(st)['response-data']).toMatchObject({ sessionAllowed: false });
  });

  it('wrong passwords counted on A lock the account on B', async () => {
    const email = 'tl.vn@demo.test';
    for (let i = 0; i < 10; i++) {
      const server = i % 2 ? p.a : p.b;
      expect((await login(server, email, 'wrong password', `10.60.${i}.1`)).statusCode).toBe(401);
    }
    // Locked: the right password from a new source is refused on both servers.
    expect((await login(p.b, email, DEMO_PASSWORD, '10.61.0.1')).statusCode).toBe(401);
    expect((await login(p.a, email, DEMO_PASSWORD, '10.61.0.2')).statusCode).toBe(401);
    p.clock.advanceMinutes(16);
  });

  it('a forgot-password code issued on A is accepted on B, once', async () => {
    const email = 'tl.th@demo.test';
    const key = body<{ spki: string }>(
      await p.a.inject({ method: 'GET', url: '/api/sessions/v1/publicKey' }),
    )['response-data'];
    const encrypt = (password: string) =>
      publicEncrypt(
        {
          key: createPublicKey({ key: Buffer.from(key.spki, 'base64'), format: 'der', type: 'spki' }),
          padding: constants.RSA_PKCS1_OAEP_PADDING,
          oaepHash: 'sha256',
        },
        Buffer.from(password),
      ).toString('base64');
    await p.a.inject({
      method: 'POST',
      url: '/api/sessions/v1/forgotPassword/code?countryCode=th',
      payload: { username: email },
    });
    const code = await latestMailedCode(p.a, email);
    const reset = (app: FastifyInstance, password: string) =>
      app.inject({
        method: 'POST',
        url: '/api/sessions/v1/forgotPassword?countryCode=th',
        payload: { username: email, encryptedPassword: encrypt(password), code },
      });
    expect((await reset(p.b, 'a passphrase set on server b')).statusCode).toBe(200);
    expect((await reset(p.a, 'and again on server a')).statusCode).toBe(400);
    expect((await login(p.a, email, 'a passphrase set on server b', '10.62.0.1')).statusCode).toBe(200);
  });

  it('an emailed sign-in code from A signs in on B once; an MFA step opened on A finishes on B once', async () => {
    const email = 'head.ph@demo.test';
    await p.a.inject({ method: 'POST', url: '/api/fb/accounts/otp/request', payload: { email } });
    const code = await latestMailedCode(p.a, email);
    const verify = (app: FastifyInstance) =>
      app.inject({
        method: 'POST',
        url: '/api/fb/accounts/otp/verify',
        payload: { email, code, deviceId: newDeviceId() },
      });
    expect((await verify(p.b)).statusCode).toBe(200);
    expect((await verify(p.a)).statusCode).toBe(401);

    p.clock.advanceMinutes(1);
    const first = await login(p.a, 'mfa.vn@demo.test', DEMO_PASSWORD, '10.63.0.1');
    const challengeId = body<{ challengeId: string }>(first)['response-data'].challengeId;
    const mfa = (app: FastifyInstance) =>
      app.inject({
        method: 'POST',
        url: '/api/fb/accounts/login/mfa',
        payload: { challengeId, code: totpCode(DEMO_TOTP_SECRET, p.clock.now()) },
      });
    expect((await mfa(p.b)).statusCode).toBe(200);
    expect((await mfa(p.a)).statusCode).toBe(401);
  });
});

describe('rate limits', () => {
  let q: Pair;
  beforeAll(async () => {
    q = await twoApps({ seed: false, config: { AUTH_RATE_LIMIT_PER_MINUTE: 4 } });
  }, 180_000);
  afterAll(() => q?.close());

  it('calls counted on A count on B: the fifth from one IP is refused wherever it lands', async () => {
    // The code request has no per-account wait: only the per-IP limit can refuse it.
    const request = (app: FastifyInstance, i: number, ip: string) =>
      app.inject({
        method: 'POST',
        url: '/api/fb/accounts/otp/request',
        payload: { email: `ghost${i}@demo.test` },
        remoteAddress: ip,
      });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await request(i % 2 ? q.b : q.a, i, '10.70.0.1')).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
    // Another IP has its own count; so has another route.
    expect((await request(q.b, 9, '10.70.0.2')).statusCode).toBe(200);
    expect((await login(q.a, 'ghost@demo.test', 'x'.repeat(12), '10.70.0.1')).statusCode).toBe(401);
  });
});
