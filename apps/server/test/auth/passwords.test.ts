/** Forgot password through the outbox, password rules, change, TOTP enrolment, signup and /dev/outbox. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { constants, createPublicKey, publicEncrypt, webcrypto } from 'node:crypto';
import { DEMO_PASSWORD } from '@fieldforce/contracts';
import { createTestApp } from '../helpers/app.js';
import { totpCode } from '../../src/modules/auth/totp.js';
import { passwordProblem } from '../../src/modules/auth/passwords.js';
import { authTestApp, body, mailsTo, newDeviceId, signIn, withToken, type AuthTestApp } from './helpers.js';

let t: AuthTestApp;
let spki: string;
let jwk: Record<string, unknown>;
beforeAll(async () => {
  t = await authTestApp();
  const key = body<{ spki: string; jwk: Record<string, unknown>; algorithm: string }>(
    await t.app.inject({ method: 'GET', url: '/api/sessions/v1/publicKey' }),
  )['response-data'];
  expect(key.algorithm).toBe('RSA-OAEP-256');
  spki = key.spki;
  jwk = key.jwk;
});
afterAll(() => t?.close());

const encrypt = (password: string) =>
  publicEncrypt(
    {
      key: createPublicKey({ key: Buffer.from(spki, 'base64'), format: 'der', type: 'spki' }),
      padding: constants.RSA_PKCS1_OAEP_PADDING,
      oaepHash: 'sha256',
    },
    Buffer.from(password),
  ).toString('base64');

const outbox = (to: string) => mailsTo(t.app, to);

const login = (email: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/fb/accounts/login',
    payload: { email, password, deviceId: newDeviceId() },
  });

describe('password rules', () => {
  it('length 8 to 128 and not a common password; no composition rules', () => {
    expect(passwordProblem('short')).toContain('at least 8');
    expect(passwordProblem('x'.repeat(129))).toContain('at most 128');
    expect(passwordProblem('password123')).toContain('common');
    expect(passwordProblem('Password1')).toContain('common');
    expect(passwordProblem('iloveyou')).toContain('common');
    expect(passwordProblem('correct horse battery staple')).toBeNull();
    expect(passwordProblem('alllowercaseletters')).toBeNull();
    expect(passwordProblem('sm.vn@demo.test', { email: 'sm.vn@demo.test' })).toContain('email');
  });
});

describe('forgot password', () => {
  const email = 'tl.th@demo.test';
  const requestCode = () =>
    t.app.inject({
      method: 'POST',
      url: '/api/sessions/v1/forgotPassword/code?countryCode=th',
      payload: { username: email },
    });
  const reset = (code: string, password: string, extra: Record<string, unknown> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/sessions/v1/forgotPassword?countryCode=th',
      payload: { username: email, encryptedPassword: encrypt(password), code, ...extra },
    });
  const lastCode = async () => /(\d{6})/.exec((await outbox(email))[0]!.text)![1]!;

  it('answers the same whether or not the account exists', async () => {
    const a = await requestCode();
    const b = await t.app.inject({
      method: 'POST',
      url: '/api/sessions/v1/forgotPassword/code',
      payload: { username: 'ghost@demo.test' },
    });
    expect(a.statusCode).toBe(200);
    expect(a.body).toBe(b.body);
    expect(await outbox('ghost@demo.test')).toHaveLength(0);
  });

  it('sets the new password with the emailed code, once, and ends every session', async () => {
    const before = await signIn(t.app, email);
    await requestCode();
    const code = await lastCode();
    const res = await reset(code, 'new passphrase for thailand');
    expect(res.statusCode).toBe(200);
    expect(body(res)['response-data']).toMatchObject({ status: true });
    expect((await login(email, DEMO_PASSWORD)).statusCode).toBe(401);
    expect((await login(email, 'new passphrase for thailand')).statusCode).toBe(200);
    const st = await t.app.inject({
      method: 'GET',
      url: '/api/sessions/v1/checkActiveStatus',
      headers: withToken(before.idToken),
    });
    expect(body(st)['response-data']).toMatchObject({ sessionAllowed: false, reason: 'password_reset' });

    const again = await reset(code, 'another new passphrase');
    expect(again.statusCode).toBe(400);
    expect(body(again).errors?.fields?.[0]?.field).toBe('body.code');
    expect(body(again).errors?.shortDescription).toBeTruthy();
  });

  it('refuses an expired code (10 minutes) and a wrong one', async () => {
    await requestCode();
    const code = await lastCode();
    expect((await reset(code === '123456' ? '654321' : '123456', 'yet another passphrase')).statusCode).toBe(
      400,
    );
    t.clock.advanceMinutes(11);
    try {
      expect((await reset(code, 'yet another passphrase')).statusCode).toBe(400);
    } finally {
      t.clock.advanceMinutes(-11);
    }
  });

  it('refuses a common password, and a password it cannot decrypt', async () => {
    await requestCode();
    const code = await lastCode();
    const common = await reset(code, 'password123');
    expect(common.statusCode).toBe(400);
    expect(body(common).errors?.shortDescription).toContain('common');
    const garbled = await t.app.inject({
      method: 'POST',
      url: '/api/sessions/v1/forgotPassword',
      payload: { username: email, encryptedPassword: 'bm90IGVuY3J5cHRlZA==', code },
    });
    expect(body(garbled).errors?.fields?.[0]?.field).toBe('body.encryptedPassword');
    // Neither spent the code.
    expect((await reset(code, 'a fine new passphrase')).statusCode).toBe(200);
  });

  it('works with a key imported by WebCrypto from the JWK, as the web does', async () => {
    const key = await webcrypto.subtle.importKey(
      'jwk',
      jwk as webcrypto.JsonWebKey,
      { name: 'RSA-OAEP', hash: 'SHA-256' },
      false,
      ['encrypt'],
    );
    const cipher = await webcrypto.subtle.encrypt(
      { name: 'RSA-OAEP' },
      key,
      new TextEncoder().encode('webcrypto passphrase'),
    );
    await requestCode();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/sessions/v1/forgotPassword',
      payload: {
        username: email,
        encryptedPassword: Buffer.from(cipher).toString('base64'),
        code: await lastCode(),
      },
    });
    expect(res.statusCode).toBe(200);
    expect((await login(email, 'webcrypto passphrase')).statusCode).toBe(200);
  });
});

describe('change password', () => {
  it('needs the current password, a valid new one, and ends the other sessions', async () => {
    const email = 'dt.th@demo.test';
    const other = await signIn(t.app, email);
    const me = await signIn(t.app, email);
    const change = (payload: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/fb/accounts/changePassword',
        headers: withToken(me.idToken),
        payload,
      });
    const wrong = await change({ currentPassword: 'nope', newPassword: 'a good new passphrase' });
    expect(wrong.statusCode).toBe(400);
    expect(body(wrong).errors?.fields?.[0]?.field).toBe('body.currentPassword');
    const short = await change({ currentPassword: DEMO_PASSWORD, newPassword: 'short' });
    expect(body(short).errors?.fields?.[0]?.field).toBe('body.newPassword');
    const same = await change({ currentPassword: DEMO_PASSWORD, newPassword: DEMO_PASSWORD });
    expect(body(same).errors?.shortDescription).toContain('differ');
    expect(
      (await change({ currentPassword: DEMO_PASSWORD, newPassword: 'a good new passphrase' })).statusCode,
    ).toBe(200);
    const st = (token: string) =>
      t.app.inject({ method: 'GET', url: '/api/sessions/v1/checkActiveStatus', headers: withToken(token) });
    expect(body(await st(other.idToken))['response-data']).toMatchObject({
      sessionAllowed: false,
      reason: 'password_changed',
    });
    expect(body(await st(me.idToken))['response-data']).toMatchObject({ sessionAllowed: true });
  });
});

describe('TOTP enrolment', () => {
  interface Enrolment {
    enrolmentId: string;
    secret: string;
    otpauthUri: string;
    qrDataUrl: string;
    expiresIn: number;
    message: string;
  }
  const enrol = (idToken: string, payload?: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/fb/accounts/mfa/totp/enrol',
      headers: withToken(idToken),
      ...(payload ? { payload } : {}),
    });
  const verifyEnrolment = (idToken: string, enrolmentId: string, code: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/fb/accounts/mfa/totp/verify',
      headers: withToken(idToken),
      payload: { enrolmentId, code },
    });
  const status = async (idToken: string) =>
    body<{ enrolled: boolean; enrolledAt: string | null }>(
      await t.app.inject({ method: 'GET', url: '/api/fb/accounts/mfa/totp', headers: withToken(idToken) }),
    )['response-data'];
  const activeStatus = async (idToken: string) =>
    body<{ sessionAllowed: boolean; reason: string | null }>(
      await t.app.inject({
        method: 'GET',
        url: '/api/sessions/v1/checkActiveStatus',
        headers: withToken(idToken),
      }),
    )['response-data'];
  /** Password sign-in of an account with TOTP, finished with a code of `secret`. */
  const mfaSignIn = async (email: string, secret: string) => {
    const first = await login(email, DEMO_PASSWORD);
    const challengeId = body<{ challengeId: string }>(first)['response-data'].challengeId;
    expect(challengeId).toBeTruthy();
    return t.app.inject({
      method: 'POST',
      url: '/api/fb/accounts/login/mfa',
      payload: { challengeId, code: totpCode(secret, t.clock.now()) },
    });
  };

  it('opens a 5-minute enrolment with a QR code; a code from the app turns MFA on', async () => {
    const email = 'reports.th@demo.test';
    const s = await signIn(t.app, email);
    expect(await status(s.idToken)).toEqual({ enrolled: false, enrolledAt: null });
    const res = await enrol(s.idToken, { currentPassword: DEMO_PASSWORD });
    expect(res.statusCode).toBe(200);
    const enrolment = body<Enrolment>(res)['response-data'];
    expect(enrolment.otpauthUri).toMatch(/^otpauth:\/\/totp\/Fieldforce:reports\.th%40demo\.test\?/);
    expect(enrolment.qrDataUrl).toMatch(/^data:image\/png;base64,/);
    expect(enrolment.expiresIn).toBe(300);
    expect(enrolment.message).toContain('5 minutes');

    expect((await verifyEnrolment(s.idToken, enrolment.enrolmentId, '000000')).statusCode).toBe(400);
    const code = totpCode(enrolment.secret, t.clock.now());
    expect((await verifyEnrolment(s.idToken, enrolment.enrolmentId, code)).statusCode).toBe(200);
    expect((await status(s.idToken)).enrolled).toBe(true);
    // The code used to enrol cannot sign in as well.
    const first = await login(email, DEMO_PASSWORD);
    const challengeId = body<{ challengeId: string }>(first)['response-data'].challengeId;
    expect(challengeId).toBeTruthy();
    const mfa = (code: string) =>
      t.app.inject({ method: 'POST', url: '/api/fb/accounts/login/mfa', payload: { challengeId, code } });
    expect((await mfa(totpCode(enrolment.secret, t.clock.now()))).statusCode).toBe(401);
    t.clock.advanceSeconds(30);
    expect((await mfa(totpCode(enrolment.secret, t.clock.now()))).statusCode).toBe(200);
  });

  it('an id token alone does not start one: the password is needed, and a wrong one counts', async () => {
    const email = 'asm.th@demo.test';
    const s = await signIn(t.app, email);
    const bare = await enrol(s.idToken);
    expect(bare.statusCode).toBe(400);
    expect(body(bare).errors?.fields?.[0]?.field).toMatch(/^body/);
    const empty = await enrol(s.idToken, {});
    expect(body(empty).errors?.fields?.map((f) => f.field)).toContain('body.currentPassword');
    const wrong = await enrol(s.idToken, { currentPassword: 'not the password' });
    expect(wrong.statusCode).toBe(400);
    expect(body(wrong).errors?.fields?.[0]?.field).toBe('body.currentPassword');
    const { rows } = await t.database.db.query<{ failed_attempts: number }>(
      `SELECT s.failed_attempts FROM user_security s JOIN users u ON u.id = s.user_id WHERE u.email = $1`,
      [email],
    );
    expect(rows[0]?.failed_attempts).toBe(1);
    expect((await status(s.idToken)).enrolled).toBe(false);
  });

  it('replacing an authenticator takes the password and a current code, ends the other sessions and emails a notice', async () => {
    const email = 'tl.pk@demo.test';
    t.clock.advanceMinutes(2);
    // Set one up first (the password is enough while there is none).
    const owner = await signIn(t.app, email);
    const first = body<Enrolment>(await enrol(owner.idToken, { currentPassword: DEMO_PASSWORD }))[
      'response-data'
    ];
    expect(
      (await verifyEnrolment(owner.idToken, first.enrolmentId, totpCode(first.secret, t.clock.now())))
        .statusCode,
    ).toBe(200);
    t.clock.advanceSeconds(30);

    // Another device of the same user: the attacker holding a stolen id token, say.
    const other = await signInWithMfa(email, first.secret);
    t.clock.advanceSeconds(30);
    const password = DEMO_PASSWORD;
    const noCode = await enrol(other, { currentPassword: password });
    expect(noCode.statusCode).toBe(400);
    expect(body(noCode).errors?.fields?.[0]?.field).toBe('body.currentCode');
    const badCode = await enrol(other, { currentPassword: password, currentCode: '000000' });
    expect(badCode.statusCode).toBe(400);
    expect(body(badCode).errors?.fields?.[0]?.field).toBe('body.currentCode');

    // The owner, with both proofs, replaces it.
    const replacing = await enrol(owner.idToken, {
      currentPassword: password,
      currentCode: totpCode(first.secret, t.clock.now()),
    });
    expect(replacing.statusCode).toBe(200);
    const second = body<Enrolment>(replacing)['response-data'];
    // Confirmed only from the session that started it.
    const elsewhere = await verifyEnrolment(
      other,
      second.enrolmentId,
      totpCode(second.secret, t.clock.now()),
    );
    expect(elsewhere.statusCode).toBe(400);
    const done = await verifyEnrolment(
      owner.idToken,
      second.enrolmentId,
      totpCode(second.secret, t.clock.now()),
    );
    expect(done.statusCode).toBe(200);

    expect(await activeStatus(other)).toMatchObject({
      sessionAllowed: false,
      reason: 'authenticator_changed',
    });
    expect(await activeStatus(owner.idToken)).toMatchObject({ sessionAllowed: true });
    const notice = (await mailsTo(t.app, email))[0]!;
    expect(notice.subject).toBe('Your Fieldforce authenticator app was replaced');
    expect(notice.text).toContain('were signed out');
    // The notice went out as a job (retried if the mail server fails); code emails never do.
    const { rows: sent } = await t.app.db.query<{ state: string; subject: string }>(
      `SELECT state, payload->>'subject' AS subject FROM jobs
        WHERE name = 'email.send' AND payload->>'to' = $1 ORDER BY created_at`,
      [email],
    );
    expect(sent.at(-1)).toEqual({ state: 'done', subject: 'Your Fieldforce authenticator app was replaced' });

    // Sign-ins take the new authenticator's codes, not the old one's.
    t.clock.advanceSeconds(30);
    expect((await mfaSignIn(email, first.secret)).statusCode).toBe(401);
    t.clock.advanceSeconds(30);
    expect((await mfaSignIn(email, second.secret)).statusCode).toBe(200);
  });

  it('an enrolment session expires after 5 minutes', async () => {
    const s = await signIn(t.app, 'none.th@demo.test');
    const enrolment = body<{ enrolmentId: string; secret: string }>(
      await enrol(s.idToken, { currentPassword: DEMO_PASSWORD }),
    )['response-data'];
    t.clock.advanceMinutes(6);
    const res = await verifyEnrolment(
      s.idToken,
      enrolment.enrolmentId,
      totpCode(enrolment.secret, t.clock.now()),
    );
    expect(res.statusCode).toBe(400);
  });

  async function signInWithMfa(email: string, secret: string): Promise<string> {
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/fb/accounts/login',
      payload: { email, password: DEMO_PASSWORD, deviceId: newDeviceId() },
    });
    const challengeId = body<{ challengeId: string }>(first)['response-data'].challengeId;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/fb/accounts/login/mfa',
      payload: { challengeId, code: totpCode(secret, t.clock.now()) },
    });
    expect(res.statusCode).toBe(200);
    return body<{ idToken: string }>(res)['response-data'].idToken;
  }
});

describe('signup', () => {
  const invited = async (country: string) => {
    const { rows } = await t.database.db.query<{ email: string }>(
      `SELECT email FROM users WHERE status = 'invited' AND home_country_code = $1 LIMIT 1`,
      [country],
    );
    return rows[0]!.email;
  };
  const invitationCode = async (email: string) =>
    /invitation code: ([A-Z0-9-]+)/.exec((await outbox(email))[0]!.text)![1]!;
  const signup = (payload: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/api/fb/accounts/signup', payload });

  it('activates an invited account with the code from the outbox (no enrolment in vn)', async () => {
    const email = await invited('vn');
    const code = await invitationCode(email);
    const wrong = await signup({ email, invitationCode: 'AAAAA-BBBBB', password: 'my first passphrase' });
    expect(wrong.statusCode).toBe(400);
    const res = await signup({ email, invitationCode: code.toLowerCase(), password: 'my first passphrase' });
    expect(res.statusCode).toBe(200);
    expect(body(res)['response-data']).toMatchObject({ activated: true, enrolment: null });
    expect((await login(email, 'my first passphrase')).statusCode).toBe(200);
    expect((await signup({ email, invitationCode: code, password: 'my second passphrase' })).statusCode).toBe(
      400,
    );
  });

  it('asks for authenticator enrolment where SMSEnrolment is on (id), then activates', async () => {
    const email = await invited('id');
    const res = await signup({
      email,
      invitationCode: await invitationCode(email),
      password: 'indonesia passphrase',
    });
    expect(res.statusCode).toBe(200);
    const data = body<{ activated: boolean; enrolment: { enrolmentId: string; secret: string } }>(res)[
      'response-data'
    ];
    expect(data.activated).toBe(false);
    expect((await login(email, 'indonesia passphrase')).statusCode).toBe(401);
    const verify = await t.app.inject({
      method: 'POST',
      url: '/api/fb/accounts/signup/verify',
      payload: {
        enrolmentId: data.enrolment.enrolmentId,
        code: totpCode(data.enrolment.secret, t.clock.now()),
      },
    });
    expect(verify.statusCode).toBe(200);
    t.clock.advanceSeconds(30);
    const signedIn = await login(email, 'indonesia passphrase');
    expect(body<{ mfaRequired: boolean }>(signedIn)['response-data'].mfaRequired).toBe(true);
  });

  it('refuses an unknown email the same way, and a weak password by name', async () => {
    const unknown = await signup({
      email: 'ghost@demo.test',
      invitationCode: 'AAAAA-BBBBB',
      password: 'my first passphrase',
    });
    expect(body(unknown).errors?.fields?.[0]?.field).toBe('body.invitationCode');
    const email = await invited('ph');
    const weak = await signup({ email, invitationCode: await invitationCode(email), password: 'password1' });
    expect(body(weak).errors?.fields?.[0]?.field).toBe('body.password');
  });

  it('admins re-send invitations to invited users of their market only', async () => {
    const email = await invited('th');
    const old = await invitationCode(email);
    const admin = await signIn(t.app, 'admin.th@demo.test');
    const invite = (countryCode: string, target = email, token = admin.idToken) =>
      t.app.inject({
        method: 'POST',
        url: `/api/fb/users/invitation?countryCode=${countryCode}`,
        headers: withToken(token),
        payload: { email: target },
      });
    expect((await invite('th')).statusCode).toBe(200);
    const fresh = await invitationCode(email);
    expect(fresh).not.toBe(old);
    expect((await invite('vn')).statusCode).toBe(403);
    expect((await invite('th', 'sm.th@demo.test')).statusCode).toBe(404);
    const otherAdmin = await signIn(t.app, 'admin.pk@demo.test');
    expect((await invite('pk', email, otherAdmin.idToken)).statusCode).toBe(404);
    const notAdmin = await signIn(t.app, 'head.th@demo.test');
    expect((await invite('th', email, notAdmin.idToken)).statusCode).toBe(403);
    expect((await signup({ email, invitationCode: old, password: 'thailand passphrase' })).statusCode).toBe(
      400,
    );
    expect((await signup({ email, invitationCode: fresh, password: 'thailand passphrase' })).statusCode).toBe(
      200,
    );
  });
});

describe('/dev/outbox', () => {
  it('lists emails as HTML by default, escaped', async () => {
    await t.database.db.query(
      `INSERT INTO outbox (to_address, subject, text_body, created_at) VALUES ('x@demo.test', '<script>alert(1)</script>', 'body', now())`,
    );
    const res = await t.app.inject({ method: 'GET', url: '/dev/outbox' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('&lt;script&gt;');
    expect(res.body).not.toContain('<script>alert');
  });

  it('answers 404 in production', async () => {
    const prod = await createTestApp({ config: { NODE_ENV: 'production' } });
    try {
      const res = await prod.app.inject({ method: 'GET', url: '/dev/outbox' });
      expect(res.statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});
