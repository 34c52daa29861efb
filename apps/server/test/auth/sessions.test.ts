/** Device sessions: refresh rotation and reuse, logout, the 10-device cap (and its race), own devices. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { DEMO_PASSWORD } from '@fieldforce/contracts';
import { testDatabaseUrl } from '../helpers/database.js';
import { authTestApp, body, cookie, newDeviceId, signIn, withToken, type AuthTestApp } from './helpers.js';

let t: AuthTestApp;
beforeAll(async () => {
  t = await authTestApp();
});
afterAll(() => t?.close());

const refresh = (token: string, extra: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/fb/accounts/refreshtoken?countryCode=vn',
    payload: { grant_type: 'refresh_token', refresh_token: token },
    headers: extra,
  });

const status = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/sessions/v1/checkActiveStatus', headers: withToken(token) });

describe('refresh tokens', () => {
  it('are opaque, stored hashed, and rotate on every use', async () => {
    const s = await signIn(t.app, 'head.vn@demo.test');
    expect(s.refreshToken.split('.')).toHaveLength(1);
    const stored = await t.database.db.query(`SELECT 1 FROM refresh_tokens WHERE token_hash = $1`, [
      s.refreshToken,
    ]);
    expect(stored.rows).toHaveLength(0);

    const first = await refresh(s.refreshToken);
    expect(first.statusCode).toBe(200);
    const data = body<{ id_token: string; refresh_token: string; expires_in: number }>(first)[
      'response-data'
    ];
    expect(decodeJwt(data.id_token).sid).toBe(decodeJwt(s.idToken).sid);
    expect(data.refresh_token).not.toBe(s.refreshToken);
    expect(data.expires_in).toBe(900);
    expect((await refresh(data.refresh_token)).statusCode).toBe(200);
  });

  it('accept a form-encoded body, as the spec’s client sends it', async () => {
    const s = await signIn(t.app, 'head.vn@demo.test');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/fb/accounts/refreshtoken',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `grant_type=refresh_token&refresh_token=${encodeURIComponent(s.refreshToken)}`,
    });
    expect(res.statusCode).toBe(200);
    expect(body<{ id_token: string }>(res)['response-data'].id_token).toBeTruthy();
  });

  it('come from the HttpOnly cookie for the web, with the CSRF header; the cookies are renewed', async () => {
    const s = await signIn(t.app, 'asm.vn@demo.test');
    const call = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/fb/accounts/refreshtoken',
        cookies: { refreshToken: s.refreshToken },
        headers,
        payload: { grant_type: 'refresh_token' },
      });
    expect((await call({})).statusCode).toBe(403);
    const res = await call({ 'x-requested-with': 'fieldforce', customertoken: s.idToken });
    expect(res.statusCode).toBe(200);
    expect(body<Record<string, unknown>>(res)['response-data'].refresh_token).toBeUndefined();
    expect(cookie(res, 'refreshToken')!.value).not.toBe(s.refreshToken);
    expect(cookie(res, 'idToken')!.value).toBe(body<{ id_token: string }>(res)['response-data'].id_token);
  });

  it('work after the id token expired, and the new token is accepted', async () => {
    const s = await signIn(t.app, 'tl.vn@demo.test');
    t.clock.advanceMinutes(20);
    try {
      expect((await status(s.idToken)).statusCode).toBe(401);
      const res = await refresh(s.refreshToken, { customertoken: s.idToken });
      expect(res.statusCode).toBe(200);
      expect((await status(body<{ id_token: string }>(res)['response-data'].id_token)).statusCode).toBe(200);
    } finally {
      t.clock.advanceMinutes(-20);
    }
  });

  it('refuse an old id token of another session', async () => {
    const a = await signIn(t.app, 'tl.vn@demo.test');
    const b = await signIn(t.app, 'tl.vn@demo.test');
    const res = await refresh(a.refreshToken, { customertoken: b.idToken });
    expect(res.statusCode).toBe(401);
    expect((await refresh(a.refreshToken, { customertoken: a.idToken })).statusCode).toBe(200);
  });

  it('reuse of a rotated token revokes the whole family and ends the session', async () => {
    const s = await signIn(t.app, 'head.vn@demo.test');
    const next = body<{ refresh_token: string; id_token: string }>(await refresh(s.refreshToken))[
      'response-data'
    ];
    const replay = await refresh(s.refreshToken);
    expect(replay.statusCode).toBe(401);
    expect(body(replay).errors?.code).toBe('SESSION_ENDED');
    // The legitimate holder's newer token is revoked too, and the session is over.
    expect((await refresh(next.refresh_token)).statusCode).toBe(401);
    const st = body<{ sessionAllowed: boolean; reason: string }>(await status(next.id_token))[
      'response-data'
    ];
    expect(st).toMatchObject({ sessionAllowed: false, reason: 'refresh_reuse' });
  });

  it('an unknown or expired refresh token: 401 INVALID_REFRESH_TOKEN', async () => {
    const unknown = await refresh('x'.repeat(43));
    expect(unknown.statusCode).toBe(401);
    expect(body(unknown).errors?.code).toBe('INVALID_REFRESH_TOKEN');
    const s = await signIn(t.app, 'sm.vn@demo.test');
    t.clock.advanceDays(31);
    try {
      expect(body(await refresh(s.refreshToken)).errors?.code).toBe('INVALID_REFRESH_TOKEN');
    } finally {
      t.clock.advanceDays(-31);
    }
  });

  it('answers 400 naming the field for a wrong grant type', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/fb/accounts/refreshtoken',
      payload: { grant_type: 'password', refresh_token: 'x' },
    });
    expect(res.statusCode).toBe(400);
    expect(body(res).errors?.fields?.[0]?.field).toBe('body.grant_type');
  });
});

describe('logout', () => {
  it('POST fb/accounts/logout ends the session: 200 SUCCESS, cookies cleared, refresh refused', async () => {
    const s = await signIn(t.app, 'dt.vn@demo.test');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/fb/accounts/logout?countryCode=vn',
      headers: withToken(s.idToken),
      payload: { email: 'DT.vn@demo.test' },
    });
    expect(res.statusCode).toBe(200);
    expect(body(res).statusMessage).toBe('SUCCESS');
    expect(cookie(res, 'refreshToken')!.value).toBe('');
    expect((await refresh(s.refreshToken)).statusCode).toBe(401);
    const st = await status(s.idToken);
    expect(body<{ sessionAllowed: boolean; reason: string }>(st)['response-data']).toMatchObject({
      sessionAllowed: false,
      reason: 'logout',
    });
    // Other calls answer 401 SESSION_ENDED.
    const profile = await t.app.inject({
      method: 'POST',
      url: '/api/fb/users/profile',
      headers: withToken(s.idToken),
      payload: { email: 'dt.vn@demo.test' },
    });
    expect(body(profile).errors?.code).toBe('SESSION_ENDED');
  });

  it('refuses to log out someone else', async () => {
    const s = await signIn(t.app, 'dt.vn@demo.test');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/fb/accounts/logout',
      headers: withToken(s.idToken),
      payload: { email: 'admin.vn@demo.test' },
    });
    expect(res.statusCode).toBe(403);
  });

  it('GET sessions/v1/logout with customerToken in the query', async () => {
    const s = await signIn(t.app, 'dt.vn@demo.test');
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/sessions/v1/logout?countryCode=vn&customerToken=${s.idToken}`,
    });
    expect(res.statusCode).toBe(200);
    expect(body<{ endSessionUrl: string | null }>(res)['response-data'].endSessionUrl).toBeNull();
    expect((await refresh(s.refreshToken)).statusCode).toBe(401);
  });
});

describe('session calls of the spec', () => {
  it('storeSession accepts the caller’s own session and refuses anything else', async () => {
    const s = await signIn(t.app, 'reports.vn@demo.test');
    const store = (payload: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/sessions/v1/storeSession?countryCode=vn',
        headers: {
          ...withToken(s.idToken),
          'x-user-id': s.email,
          'x-device-id': s.deviceId,
          'x-login-type': 'NON_SSO',
        },
        payload: {
          username: s.email,
          deviceId: s.deviceId,
          loginType: 'NON_SSO',
          token: s.idToken,
          ...payload,
        },
      });
    const res = await store({});
    expect(res.statusCode).toBe(200);
    expect(body<{ message: string }>(res)['response-data'].message).toBeTruthy();
    expect((await store({ deviceId: 'another device' })).statusCode).toBe(403);
    expect((await store({ username: 'admin.vn@demo.test' })).statusCode).toBe(403);
    expect((await store({ loginType: 'SSO' })).statusCode).toBe(403);
    const other = await signIn(t.app, 'reports.vn@demo.test');
    expect((await store({ token: other.idToken })).statusCode).toBe(403);
  });

  it('PUT refreshToken registers a refreshed token of the same session only', async () => {
    const s = await signIn(t.app, 'reports.vn@demo.test');
    const fresh = body<{ id_token: string }>(await refresh(s.refreshToken))['response-data'].id_token;
    const put = (oldToken: string, newToken: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/sessions/v1/refreshToken?countryCode=vn',
        headers: withToken(newToken),
        payload: { oldToken, newToken },
      });
    const res = await put(s.idToken, fresh);
    expect(res.statusCode).toBe(200);
    expect(body(res)['response-data']).toMatchObject({ sessionAllowed: true });
    const other = await signIn(t.app, 'reports.vn@demo.test');
    expect((await put(other.idToken, fresh)).statusCode).toBe(403);
  });
});

describe('the device cap', () => {
  it('the 11th sign-in ends the earliest session: sessionAllowed false and no refresh', async () => {
    const sessions = [];
    for (let i = 0; i < 11; i++) {
      sessions.push(await signIn(t.app, 'none.vn@demo.test', { deviceId: `cap-device-${i}` }));
      t.clock.advanceSeconds(1);
    }
    const last = body<{ evictedSessions: number }>(sessions[10]!.res)['response-data'];
    expect(last.evictedSessions).toBe(1);
    const first = body<{ sessionAllowed: boolean; reason: string; message: string }>(
      await status(sessions[0]!.idToken),
    );
    expect(first['response-data']).toMatchObject({ sessionAllowed: false, reason: 'evicted' });
    expect(first['response-data'].message).toContain('10 devices');
    expect((await refresh(sessions[0]!.refreshToken)).statusCode).toBe(401);
    for (const s of sessions.slice(1)) {
      expect(body<{ sessionAllowed: boolean }>(await status(s.idToken))['response-data'].sessionAllowed).toBe(
        true,
      );
    }
    const { rows } = await t.database.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM device_sessions s JOIN users u ON u.id = s.user_id
        WHERE u.email = 'none.vn@demo.test' AND s.ended_at IS NULL`,
    );
    expect(rows[0]!.n).toBe(10);
  });

  it('a session that can no longer refresh (unseen for 30 days) gives up its place without an eviction', async () => {
    const old = await signIn(t.app, 'asm.bd@demo.test', { deviceId: 'old laptop' });
    t.clock.advanceDays(31);
    try {
      const fresh = [];
      for (let i = 0; i < 10; i++)
        fresh.push(await signIn(t.app, 'asm.bd@demo.test', { deviceId: `new device ${i}` }));
      expect(
        fresh.map((f) => body<{ evictedSessions: number }>(f.res)['response-data'].evictedSessions),
      ).toEqual(Array(10).fill(0));
      const { rows } = await t.database.db.query<{ end_reason: string }>(
        `SELECT end_reason FROM device_sessions WHERE device_id = 'old laptop'`,
      );
      expect(rows[0]!.end_reason).toBe('expired');
      expect(old.idToken).toBeTruthy();
    } finally {
      t.clock.advanceDays(-31);
    }
  });

  it('signing in again on the same device replaces its session instead of taking a place', async () => {
    const a = await signIn(t.app, 'admin.bd@demo.test', { deviceId: 'same-browser' });
    const b = await signIn(t.app, 'admin.bd@demo.test', { deviceId: 'same-browser' });
    expect(body<{ reason: string }>(await status(a.idToken))['response-data'].reason).toBe('replaced');
    expect(body<{ sessionAllowed: boolean }>(await status(b.idToken))['response-data'].sessionAllowed).toBe(
      true,
    );
  });

  it.runIf(Boolean(testDatabaseUrl))(
    'holds under 25 concurrent sign-ins on PostgreSQL: exactly 10 remain active',
    async () => {
      const email = 'reports.bd@demo.test';
      const results = await Promise.all(
        Array.from({ length: 25 }, (_, i) =>
          t.app.inject({
            method: 'POST',
            url: '/api/fb/accounts/login',
            payload: { email, password: DEMO_PASSWORD, deviceId: `race-${i}` },
          }),
        ),
      );
      expect(results.map((r) => r.statusCode)).toEqual(Array(25).fill(200));
      const { rows } = await t.database.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM device_sessions s JOIN users u ON u.id = s.user_id
          WHERE u.email = $1 AND s.ended_at IS NULL`,
        [email],
      );
      expect(rows[0]!.n).toBe(10);
      const evicted = results.reduce(
        (n, r) => n + body<{ evictedSessions: number }>(r)['response-data'].evictedSessions,
        0,
      );
      expect(evicted).toBe(15);
    },
  );
});

describe('own devices', () => {
  it('labels each device with its browser and system, read from the user agent in the device id', async () => {
    const iphone =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) ' +
      'Version/17.4 Mobile/15E148 Safari/604.1 6f1c2d3e-0000-4000-8000-000000000001';
    const windows =
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 ' +
      'Safari/537.36 6f1c2d3e-0000-4000-8000-000000000002 incognito';
    await signIn(t.app, 'head.bd@demo.test', { deviceId: iphone });
    const me = await signIn(t.app, 'head.bd@demo.test', { deviceId: windows });
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/fb/accounts/devices',
      headers: withToken(me.idToken),
    });
    expect(list.statusCode).toBe(200);
    const { devices } = body<{
      devices: {
        deviceId: string;
        current: boolean;
        label: { browser: string; os: string; privateWindow: boolean };
      }[];
    }>(list)['response-data'];
    const labelOf = (id: string) => devices.find((d) => d.deviceId === id)?.label;
    expect(labelOf(iphone)).toEqual({ browser: 'Safari 17', os: 'iOS', privateWindow: false });
    expect(labelOf(windows)).toEqual({ browser: 'Chrome 131', os: 'Windows', privateWindow: true });
  });

  it('lists the active sessions and signs one out; another user’s is not found', async () => {
    const a = await signIn(t.app, 'sm.bd@demo.test', { deviceId: newDeviceId('phone') });
    const b = await signIn(t.app, 'sm.bd@demo.test', { deviceId: newDeviceId('laptop') });
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/fb/accounts/devices',
      headers: withToken(b.idToken),
    });
    const devices = body<{
      devices: { id: string; deviceId: string; current: boolean }[];
      maxDevices: number;
    }>(list)['response-data'];
    expect(devices.maxDevices).toBe(10);
    expect(devices.devices.map((d) => d.deviceId)).toEqual([a.deviceId, b.deviceId]);
    expect(devices.devices.find((d) => d.current)?.deviceId).toBe(b.deviceId);

    const other = await signIn(t.app, 'tl.bd@demo.test');
    const foreign = await t.app.inject({
      method: 'DELETE',
      url: `/api/fb/accounts/devices/${devices.devices[0]!.id}`,
      headers: withToken(other.idToken),
    });
    expect(foreign.statusCode).toBe(404);

    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/fb/accounts/devices/${devices.devices[0]!.id}`,
      headers: withToken(b.idToken),
    });
    expect(res.statusCode).toBe(200);
    const st = body<{ sessionAllowed: boolean; reason: string }>(await status(a.idToken))['response-data'];
    expect(st).toMatchObject({ sessionAllowed: false, reason: 'signed_out_remotely' });
  });
});
