/** Password sign-in: answers, lockout, password expiry, rate limits, the TOTP step and the emailed OTP. */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_PASSWORD, DEMO_TOTP_SECRET, LOGIN_MESSAGES } from '@fieldforce/contracts';
import { createTestApp } from '../helpers/app.js';
import { totpCode } from '../../src/modules/auth/totp.js';
import {
  authTestApp,
  body,
  latestMailedCode,
  newDeviceId,
  signIn,
  withToken,
  type AuthTestApp,
} from './helpers.js';

let t: AuthTestApp;
beforeAll(async () => {
  t = await authTestApp();
});
afterAll(() => t?.close());

const login = (email: string, password: string, deviceId = newDeviceId()) =>
  t.app.inject({
    method: 'POST',
    url: '/api/fb/accounts/login?countryCode=vn',
    payload: { email, password, deviceId },
  });

const profile = (token: string, email: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/fb/users/profile',
    headers: withToken(token),
    payload: { email },
  });

interface SignedInAnswer {
  idToken: string;
  mfaRequired: boolean;
  expiresIn: number;
  countryCodes: string[];
  defaultCountryCode: string;
  passwordExpired: boolean;
  passwordExpiresInDays: number | null;
  messages: string[];
}

describe('password sign-in', () => {
  it('answers the id token, the user’s markets and sets both cookies', async () => {
    const res = await login('Head.BD@demo.test', DEMO_PASSWORD);
    expect(res.statusCode).toBe(200);
    const data = body<SignedInAnswer>(res)['response-data'];
    expect(data).toMatchObject({
      mfaRequired: false,
      expiresIn: 900,
      defaultCountryCode: 'bd',
      countryCodes: ['bd'],
    });
    expect(data.passwordExpired).toBe(false);
    expect(res.cookies.map((c) => c.name).sort()).toEqual(['idToken', 'refreshToken']);
  });

  it('answers a wrong password and an unknown email identically', async () => {
    const wrong = await login('sm.vn@demo.test', 'not-the-password');
    const unknown = await login('nobody@demo.test', 'not-the-password');
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(body(res).errors).toEqual({
        code: 'INVALID_CREDENTIALS',
        shortDescription: LOGIN_MESSAGES.invalidCredentials,
        messageCode: 'auth.invalidCredentials',
      });
    }
    expect(wrong.body).toBe(unknown.body);
  });

  it('refuses invited and disabled accounts with the same message', async () => {
    const { rows } = await t.database.db.query<{ email: string }>(
      `SELECT email FROM users WHERE status IN ('invited', 'disabled') ORDER BY email LIMIT 2`,
    );
    await t.database.db.query(
      `UPDATE users SET password_hash = (SELECT password_hash FROM users WHERE email = 'sm.vn@demo.test') WHERE email = $1`,
      [rows[1]!.email],
    );
    for (const { email } of rows) {
      const res = await login(email, DEMO_PASSWORD);
      expect(res.statusCode).toBe(401);
      expect(body(res).errors?.shortDescription).toBe(LOGIN_MESSAGES.invalidCredentials);
    }
  });

  it('answers 400 naming each bad field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/fb/accounts/login?countryCode=xx',
      payload: { email: 'not-an-email', password: '' },
    });
    expect(res.statusCode).toBe(400);
    const fields = body(res).errors?.fields?.map((f) => f.field) ?? [];
    expect(fields.length).toBeGreaterThan(0);
    const body2 = await t.app.inject({
      method: 'POST',
      url: '/api/fb/accounts/login',
      payload: { email: 'not-an-email', password: 'x', deviceId: 'd' },
    });
    expect(body(body2).errors?.fields?.map((f) => f.field)).toContain('body.email');
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/fb/accounts/login',
      payload: { email: 'a@b.co', password: 'x' },
    });
    expect(body(missing).errors?.fields?.map((f) => f.field)).toContain('body.deviceId');
  });
});

describe('lockout, softened (issue 9)', () => {
  const loginFrom = (email: string, password: string, remoteAddress: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/fb/accounts/login?countryCode=vn',
      payload: { email, password, deviceId: newDeviceId() },
      remoteAddress,
    });
  /** Ten failures from ten sources (a spread-out attacker): per-source waits never start. */
  const strangerFails = async (email: string, tag: string, times = 10) => {
    for (let i = 0; i < times; i++)
      expect((await loginFrom(email, `wrong-${i}`, `10.${tag}.9.${i}`)).statusCode).toBe(401);
  };

  it('after 3 failures from one source, that source waits, and the wait doubles; other sources do not', async () => {
    const email = 'asm.ph@demo.test';
    for (let i = 0; i < 4; i++) expect((await loginFrom(email, 'wrong', '10.1.0.1')).statusCode).toBe(401);
    const held = await loginFrom(email, DEMO_PASSWORD, '10.1.0.1');
    expect(held.statusCode).toBe(429);
    expect(body(held).errors).toMatchObject({
      code: 'RATE_LIMITED',
      shortDescription: LOGIN_MESSAGES.tooManyAttempts(2),
      messageCode: 'auth.tooManyAttempts',
      params: { seconds: 2 },
    });
    // The owner elsewhere is not slowed down.
    expect((await loginFrom(email, DEMO_PASSWORD, '10.1.0.2')).statusCode).toBe(200);
    t.clock.advanceSeconds(2);
    expect((await loginFrom(email, 'wrong', '10.1.0.1')).statusCode).toBe(401);
    expect(body(await loginFrom(email, 'wrong', '10.1.0.1')).errors?.shortDescription).toBe(
      LOGIN_MESSAGES.tooManyAttempts(4),
    );
    t.clock.advanceSeconds(4);
    expect((await loginFrom(email, DEMO_PASSWORD, '10.1.0.1')).statusCode).toBe(200);
    // A success forgets the source's failures.
    for (let i = 0; i < 3; i++) expect((await loginFrom(email, 'wrong', '10.1.0.1')).statusCode).toBe(401);
    expect((await loginFrom(email, DEMO_PASSWORD, '10.1.0.1')).statusCode).toBe(200);
  });

  it('an unknown email waits exactly like a known one (nothing tells them apart)', async () => {
    const answers = async (email: string, ip: string) => {
      const out: string[] = [];
      for (let i = 0; i < 6; i++) {
        const res = await loginFrom(email, 'wrong', ip);
        out.push(`${res.statusCode} ${body(res).errors?.shortDescription}`);
      }
      return out;
    };
    expect(await answers('nobody.here@demo.test', '10.1.1.1')).toEqual(
      await answers('dt.ph@demo.test', '10.1.1.2'),
    );
  });

  it('ten failures lock the password step for 15 minutes, with the same message', async () => {
    const email = 'reports.ph@demo.test';
    await strangerFails(email, '2');
    const locked = await loginFrom(email, DEMO_PASSWORD, '10.2.1.1');
    expect(locked.statusCode).toBe(401);
    expect(body(locked).errors?.shortDescription).toBe(LOGIN_MESSAGES.invalidCredentials);
    t.clock.advanceMinutes(14);
    expect((await loginFrom(email, DEMO_PASSWORD, '10.2.1.2')).statusCode).toBe(401);
    t.clock.advanceMinutes(2);
    expect((await loginFrom(email, DEMO_PASSWORD, '10.2.1.3')).statusCode).toBe(200);
    t.clock.advanceMinutes(-16);
  });

  it('the lock does not hold the owner: a source that signed in recently, the emailed code, an MFA step under way', async () => {
    const email = 'head.ph@demo.test';
    expect((await loginFrom(email, DEMO_PASSWORD, '10.3.0.1')).statusCode).toBe(200);
    await strangerFails(email, '3');
    // A new source is held; the owner's usual one is not.
    expect((await loginFrom(email, DEMO_PASSWORD, '10.3.1.1')).statusCode).toBe(401);
    expect((await loginFrom(email, DEMO_PASSWORD, '10.3.0.1')).statusCode).toBe(200);

    // The owner's mailbox passes it from anywhere, and clears it.
    await strangerFails(email, '3');
    await t.app.inject({ method: 'POST', url: '/api/fb/accounts/otp/request', payload: { email } });
    const viaCode = await t.app.inject({
      method: 'POST',
      url: '/api/fb/accounts/otp/verify',
      payload: { email, code: await latestMailedCode(t.app, email), deviceId: newDeviceId() },
      remoteAddress: '10.3.1.2',
    });
    expect(viaCode.statusCode).toBe(200);
    expect((await loginFrom(email, DEMO_PASSWORD, '10.3.1.3')).statusCode).toBe(200);
  });

  it('an MFA step under way finishes although a stranger locked the account meanwhile', async () => {
    const email = 'mfa.vn@demo.test';
    t.clock.advanceMinutes(2);
    const first = await loginFrom(email, DEMO_PASSWORD, '10.4.0.1');
    const challengeId = body<{ challengeId: string }>(first)['response-data'].challengeId;
    await strangerFails(email, '4');
    expect((await loginFrom(email, DEMO_PASSWORD, '10.4.1.1')).statusCode).toBe(401);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/fb/accounts/login/mfa',
      payload: { challengeId, code: totpCode(DEMO_TOTP_SECRET, t.clock.now()) },
    });
    expect(res.statusCode).toBe(200);
    // A successful MFA sign-in clears the lock.
    t.clock.advanceMinutes(1);
    expect(
      body<{ mfaRequired: boolean }>(await loginFrom(email, DEMO_PASSWORD, '10.4.1.2'))['response-data'],
    ).toMatchObject({ mfaRequired: true });
  });

  it('a success resets the count', async () => {
    const email = 'none.ph@demo.test';
    await strangerFails(email, '5', 9);
    expect((await loginFrom(email, DEMO_PASSWORD, '10.5.1.1')).statusCode).toBe(200);
    await strangerFails(email, '5', 9);
    expect((await loginFrom(email, DEMO_PASSWORD, '10.5.1.2')).statusCode).toBe(200);
  });
});

describe('password expiry', () => {
  const email = 'asm.ph@demo.test';

  it('warns from 14 days before, with the spec’s message', async () => {
    t.clock.advanceDays(80);
    try {
      const data = body<SignedInAnswer>(await login(email, DEMO_PASSWORD))['response-data'];
      expect(data.passwordExpired).toBe(false);
      expect(data.passwordExpiresInDays).toBe(10);
      expect(data.messages).toContain(LOGIN_MESSAGES.passwordExpiryWarning(10));
      const s = await signIn(t.app, email);
      const st = await t.app.inject({
        method: 'GET',
        url: '/api/sessions/v1/checkActiveStatus',
        headers: withToken(s.idToken),
      });
      expect(body(st)['response-data']).toMatchObject({
        passwordExpired: false,
        sessionAllowed: true,
        passwordExpiresInDays: 10,
      });
    } finally {
      t.clock.advanceDays(-80);
    }
  });

  it('after 90 days forces a change before anything else', async () => {
    t.clock.advanceDays(91);
    try {
      const s = await signIn(t.app, email);
      expect(body<SignedInAnswer>(s.res)['response-data'].passwordExpired).toBe(true);
      const st = await t.app.inject({
        method: 'GET',
        url: '/api/sessions/v1/checkActiveStatus',
        headers: withToken(s.idToken),
      });
      expect(body(st)['response-data']).toMatchObject({
        passwordExpired: true,
        sessionAllowed: true,
        message: LOGIN_MESSAGES.passwordExpired,
      });
      // The profile stays readable (the web loads it), everything else answers 403 PASSWORD_EXPIRED.
      expect((await profile(s.idToken, email)).statusCode).toBe(200);
      const enrol = await t.app.inject({
        method: 'POST',
        url: '/api/fb/accounts/mfa/totp/enrol',
        headers: withToken(s.idToken),
        payload: { currentPassword: DEMO_PASSWORD },
      });
      expect(enrol.statusCode).toBe(403);
      expect(body(enrol).errors?.code).toBe('PASSWORD_EXPIRED');

      const change = await t.app.inject({
        method: 'POST',
        url: '/api/fb/accounts/changePassword',
        headers: withToken(s.idToken),
        payload: { currentPassword: DEMO_PASSWORD, newPassword: 'a brand new passphrase' },
      });
      expect(change.statusCode).toBe(200);
      const after = await t.app.inject({
        method: 'GET',
        url: '/api/sessions/v1/checkActiveStatus',
        headers: withToken(s.idToken),
      });
      expect(body(after)['response-data']).toMatchObject({ passwordExpired: false, sessionAllowed: true });
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/fb/accounts/mfa/totp/enrol',
            headers: withToken(s.idToken),
            payload: { currentPassword: 'a brand new passphrase' },
          })
        ).statusCode,
      ).toBe(200);
      expect((await login(email, DEMO_PASSWORD)).statusCode).toBe(401);
      expect((await login(email, 'a brand new passphrase')).statusCode).toBe(200);
    } finally {
      t.clock.advanceDays(-91);
    }
  });
});

describe('TOTP sign-in (mfa.vn@demo.test)', () => {
  const email = 'mfa.vn@demo.test';

  async function challenge(): Promise<string> {
    const res = await login(email, DEMO_PASSWORD);
    expect(res.statusCode).toBe(200);
    const data = body<{ mfaRequired: boolean; challengeId: string; methods: string[] }>(res)['response-data'];
    expect(data).toMatchObject({ mfaRequired: true, methods: ['totp'] });
    expect(res.cookies).toHaveLength(0);
    return data.challengeId;
  }
  const finish = (challengeId: string, code: string) =>
    t.app.inject({ method: 'POST', url: '/api/fb/accounts/login/mfa', payload: { challengeId, code } });

  it('asks for a code, accepts a generated one once, and refuses its replay', async () => {
    t.clock.advanceMinutes(30);
    const code = totpCode(DEMO_TOTP_SECRET, t.clock.now());
    const ok = await finish(await challenge(), code);
    expect(ok.statusCode).toBe(200);
    expect(body<SignedInAnswer>(ok)['response-data'].idToken).toBeTruthy();
    expect(ok.cookies.map((c) => c.name)).toContain('refreshToken');

    const replay = await finish(await challenge(), code);
    expect(replay.statusCode).toBe(401);
    expect(body(replay).errors?.code).toBe('INVALID_MFA_CODE');
  });

  it('accepts the neighbouring step but not two steps away', async () => {
    t.clock.advanceMinutes(5);
    const previous = totpCode(DEMO_TOTP_SECRET, new Date(t.clock.now().getTime() - 30_000));
    expect((await finish(await challenge(), previous)).statusCode).toBe(200);
    t.clock.advanceMinutes(5);
    const old = totpCode(DEMO_TOTP_SECRET, new Date(t.clock.now().getTime() - 90_000));
    expect((await finish(await challenge(), old)).statusCode).toBe(401);
  });

  it('a challenge expires after 5 minutes and dies after 5 wrong codes', async () => {
    t.clock.advanceMinutes(5);
    const id = await challenge();
    t.clock.advanceMinutes(6);
    expect((await finish(id, totpCode(DEMO_TOTP_SECRET, t.clock.now()))).statusCode).toBe(401);

    t.clock.advanceMinutes(1);
    const id2 = await challenge();
    for (let i = 0; i < 5; i++) await finish(id2, '000000');
    expect((await finish(id2, totpCode(DEMO_TOTP_SECRET, t.clock.now()))).statusCode).toBe(401);
    // Wrong codes counted towards the lockout; a good sign-in clears the count.
    t.clock.advanceMinutes(1);
    expect((await finish(await challenge(), totpCode(DEMO_TOTP_SECRET, t.clock.now()))).statusCode).toBe(200);
  });
});

describe('emailed OTP sign-in', () => {
  const latestCode = (email: string) => latestMailedCode(t.app, email);
  const request = (email: string) =>
    t.app.inject({ method: 'POST', url: '/api/fb/accounts/otp/request', payload: { email } });
  const verify = (email: string, code: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/fb/accounts/otp/verify',
      payload: { email, code, deviceId: newDeviceId() },
    });

  it('answers the same for known and unknown emails', async () => {
    const known = await request('tl.ph@demo.test');
    const unknown = await request('nobody@demo.test');
    expect(known.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
  });

  it('answers before anything about the email is looked up, so its timing cannot tell (issue 9)', async () => {
    const calls = [
      { url: '/api/fb/accounts/otp/request', field: 'email', purpose: 'email-login' },
      { url: '/api/sessions/v1/forgotPassword/code', field: 'username', purpose: 'password-reset' },
    ];
    const codesOf = async (email: string, purpose: string) =>
      (
        await t.database.db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM one_time_codes c JOIN users u ON u.id = c.user_id
            WHERE u.email = $1 AND c.purpose = $2`,
          [email, purpose],
        )
      ).rows[0]!.n;
    for (const call of calls) {
      const answers: string[] = [];
      for (const email of ['tl.ph@demo.test', 'nobody@demo.test']) {
        // Codes asked for by earlier requests are stored first, so `before` is the whole count; and the
        // jobs earlier tests queued (notices sent by 'email.send') are done, so no job's own statements or
        // transaction land in the window below and get counted as the request's.
        await t.app.auth.service.afterReply.idle();
        await t.app.jobs.drain();
        const before = await codesOf(email, call.purpose);
        // Hold the after-reply queue so nothing queued can run until the answer has been checked.
        let release!: () => void;
        const held = new Promise<void>((resolve) => (release = resolve));
        t.app.auth.service.afterReply.enqueue('test: hold', () => held);
        const query = vi.spyOn(t.app.db, 'query');
        const transaction = vi.spyOn(t.app.db, 'transaction');
        try {
          const res = await t.app.inject({ method: 'POST', url: call.url, payload: { [call.field]: email } });
          expect(res.statusCode).toBe(200);
          answers.push(res.body);
          // No query about the email before the answer: not the account, not a code, not the email. Other
          // statements may run meanwhile and tell nothing: the per-IP rate-limit count shared by the app
          // servers (issue 16; its await lets the job worker's poll run too), keyed by route and address.
          const made = query.mock.calls.map((c) => ({
            sql: String(c[0]),
            params: JSON.stringify(c[1] ?? []),
          }));
          const aboutTheEmail = made.filter(
            (m) =>
              m.params.toLowerCase().includes(email) ||
              /\b(users|user_security|one_time_codes|outbox|sign_in_sources)\b/.test(m.sql),
          );
          expect(aboutTheEmail).toEqual([]);
          expect(transaction).not.toHaveBeenCalled();
        } catch (error) {
          // A failure here must not leave the queue held for the tests after this one.
          release();
          throw error;
        } finally {
          query.mockRestore();
          transaction.mockRestore();
        }
        // Still held: the answer is out and no code exists yet. Only then may the queue run.
        try {
          expect(await codesOf(email, call.purpose)).toBe(before);
        } finally {
          release();
        }
        await t.app.auth.service.afterReply.idle();
        expect(await codesOf(email, call.purpose)).toBe(email === 'nobody@demo.test' ? 0 : before + 1);
      }
      expect(answers[0]).toBe(answers[1]);
    }
  });

  it('signs in with the emailed code, once', async () => {
    await request('tl.ph@demo.test');
    const code = await latestCode('tl.ph@demo.test');
    // The code is never written to the jobs table in clear: code emails do not go out as jobs.
    const { rows: jobs } = await t.database.db.query(`SELECT 1 FROM jobs WHERE payload::text LIKE $1`, [
      `%${code}%`,
    ]);
    expect(jobs).toEqual([]);
    const res = await verify('tl.ph@demo.test', code);
    expect(res.statusCode).toBe(200);
    expect(body<SignedInAnswer>(res)['response-data'].idToken).toBeTruthy();
    expect((await verify('tl.ph@demo.test', code)).statusCode).toBe(401);
  });

  it('expires after 10 minutes; a new request spends the previous code', async () => {
    await request('sm.ph@demo.test');
    const first = await latestCode('sm.ph@demo.test');
    t.clock.advanceMinutes(11);
    expect((await verify('sm.ph@demo.test', first)).statusCode).toBe(401);
    await request('sm.ph@demo.test');
    const second = await latestCode('sm.ph@demo.test');
    await request('sm.ph@demo.test');
    const third = await latestCode('sm.ph@demo.test');
    if (second !== third) expect((await verify('sm.ph@demo.test', second)).statusCode).toBe(401);
    expect((await verify('sm.ph@demo.test', third)).statusCode).toBe(200);
  });

  it('still asks for TOTP when the account has it', async () => {
    await request('mfa.vn@demo.test');
    const res = await verify('mfa.vn@demo.test', await latestCode('mfa.vn@demo.test'));
    expect(body<{ mfaRequired: boolean }>(res)['response-data'].mfaRequired).toBe(true);
  });
});

describe('rate limits', () => {
  it('every public call that checks a secret is limited per IP, the development identity provider’s page too', async () => {
    const limited = await createTestApp({ config: { AUTH_RATE_LIMIT_PER_MINUTE: 3 } });
    try {
      const family: { method: 'GET' | 'POST'; url: string; payload?: Record<string, unknown> }[] = [
        {
          method: 'POST',
          url: '/api/fb/accounts/login',
          payload: { email: 'a@b.co', password: 'x', deviceId: 'd' },
        },
        {
          method: 'POST',
          url: '/api/fb/accounts/login/mfa',
          payload: { challengeId: 'x'.repeat(43), code: '000000' },
        },
        { method: 'POST', url: '/api/fb/accounts/otp/request', payload: { email: 'a@b.co' } },
        {
          method: 'POST',
          url: '/api/fb/accounts/otp/verify',
          payload: { email: 'a@b.co', code: '000000', deviceId: 'd' },
        },
        { method: 'POST', url: '/api/fb/accounts/signup', payload: {} },
        { method: 'POST', url: '/api/fb/accounts/signup/verify', payload: {} },
        { method: 'POST', url: '/api/sessions/v1/forgotPassword/code', payload: { username: 'a@b.co' } },
        { method: 'POST', url: '/api/sessions/v1/forgotPassword', payload: {} },
        { method: 'GET', url: '/api/fb/accounts/sso/start?deviceId=d' },
        {
          method: 'POST',
          url: '/oidc/interaction/unknown-interaction/login',
          payload: { email: 'a@b.co', password: 'x' },
        },
      ];
      for (const [k, call] of family.entries()) {
        const send = (remoteAddress: string) =>
          limited.app.inject({
            method: call.method,
            url: call.url,
            remoteAddress,
            ...(call.payload ? { payload: call.payload } : {}),
          });
        // Sources of their own per call, so the per-source waits of sign-in play no part here.
        for (let i = 0; i < 3; i++) expect((await send(`10.9.${k}.1`)).statusCode, call.url).not.toBe(429);
        const res = await send(`10.9.${k}.1`);
        expect(res.statusCode, call.url).toBe(429);
        expect(body(res).errors?.code, call.url).toBe('RATE_LIMITED');
        expect((await send(`10.9.${k}.2`)).statusCode, call.url).not.toBe(429);
      }
    } finally {
      await limited.close();
    }
    // Builds an app of its own on a fresh database (migrations): under a full run's load that alone
    // can take most of the default 30 s.
  }, 120_000);

  it('answers 429 in the envelope after the per-IP limit', async () => {
    const limited = await createTestApp({ config: { AUTH_RATE_LIMIT_PER_MINUTE: 3 } });
    try {
      const call = (remoteAddress: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/sessions/v1/forgotPassword/code',
          payload: { username: 'a@b.co' },
          remoteAddress,
        });
      for (let i = 0; i < 3; i++) expect((await call('10.0.0.1')).statusCode).toBe(200);
      const res = await call('10.0.0.1');
      expect(res.statusCode).toBe(429);
      expect(body(res)).toMatchObject({
        statusCode: 429,
        'response-data': null,
        errors: { code: 'RATE_LIMITED' },
      });
      // Another client is not affected.
      expect((await call('10.0.0.2')).statusCode).toBe(200);
      // Sign-in has its own counter.
      const signIn = await limited.app.inject({
        method: 'POST',
        url: '/api/fb/accounts/login',
        payload: { email: 'a@b.co', password: 'x', deviceId: 'd' },
        remoteAddress: '10.0.0.1',
      });
      expect(signIn.statusCode).toBe(401);
    } finally {
      await limited.close();
    }
    // Builds an app of its own on a fresh database (migrations): under a full run's load that alone
    // can take most of the default 30 s.
  }, 120_000);
});
