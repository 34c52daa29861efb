/**
 * POST /api/events and /api/events/public: stored with the session's user (never the body's), the
 * market's enableGTM rule applied on the server, the daily rollup kept in step, bad and oversized
 * batches refused with 400 and nothing stored, other markets refused, the public call limited to the
 * pre-sign-in events, and both rate limited.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, USAGE_BATCH_MAX_EVENTS } from '@fieldforce/contracts';
import { usageWriterOf } from '../../src/modules/usage/writer.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
const tokens = new Map<string, string>();

async function token(email: string, market: string): Promise<string> {
  const cached = tokens.get(email);
  if (cached) return cached;
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/fb/accounts/login?countryCode=${market}`,
    payload: { email, password: DEMO_PASSWORD, deviceId: `usage-test ${email}` },
  });
  expect(res.statusCode).toBe(200);
  const idToken = (res.json() as { 'response-data': { idToken: string } })['response-data'].idToken;
  tokens.set(email, idToken);
  return idToken;
}

const event = (name: string, extra: Record<string, unknown> = {}) => ({
  event: name,
  at: '2026-11-20T09:00:00.000+07:00',
  screen: '/homepage',
  deviceType: 'mobile',
  browser: 'Chrome 140',
  os: 'Android',
  deviceModel: 'Pixel 8',
  properties: { period: '2026-11', filters: 'BSA=Distributor' },
  ...extra,
});

async function send(email: string | null, market: string, events: unknown[], path = '/api/events') {
  const headers: Record<string, string> = { 'x-requested-with': 'XMLHttpRequest' };
  if (email) headers.customertoken = await token(email, market);
  const res = await t.app.inject({
    method: 'POST',
    url: path,
    headers,
    payload: { countryCode: market, events },
  });
  // The request is answered once its batch is in the inbox; move it on before looking at the tables.
  await usageWriterOf(t.app.db)?.flush();
  return res;
}

const count = async (sql: string, params: unknown[] = []) =>
  Number((await t.app.db.query<{ n: string }>(sql, params)).rows[0]!.n);

beforeAll(async () => {
  t = await createTestApp({
    seed: true,
    config: { AUTH_RATE_LIMIT_PER_MINUTE: 100_000, EVENTS_RATE_LIMIT_PER_MINUTE: 5 },
  });
}, 180_000);
afterAll(() => t?.close());

describe('POST /api/events', () => {
  it('stores the batch under the session’s user and role, with the rollup in the market’s day', async () => {
    const res = await send('tl.vn@demo.test', 'vn', [
      event('homepage', { userId: 'someone-else' }),
      event('reportView', { screen: '/reportpage', properties: { reportType: 'operational' } }),
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json()['response-data']).toEqual({ accepted: 2, dropped: 0 });
    const { rows } = await t.app.db.query<{
      email: string;
      role: string;
      event: string;
      device_type: string;
    }>(
      `SELECT u.email, e.role, e.event, e.device_type FROM usage_events_all e JOIN users u ON u.id = e.user_id
       WHERE e.market = 'vn' ORDER BY e.id`,
    );
    expect(rows.map((r) => [r.email, r.event, r.device_type])).toEqual([
      ['tl.vn@demo.test', 'homepage', 'mobile'],
      ['tl.vn@demo.test', 'reportView', 'mobile'],
    ]);
    expect(
      await count(`SELECT sum(events) AS n FROM usage_daily WHERE market = 'vn' AND day = '2026-11-20'`),
    ).toBe(2);
    expect(await count(`SELECT count(*) AS n FROM usage_daily_users WHERE market = 'vn'`)).toBe(1);
    // The same user again the same day: more events, still one active user.
    await send('tl.vn@demo.test', 'vn', [event('logout')]);
    expect(await count(`SELECT count(*) AS n FROM usage_daily_users WHERE market = 'vn'`)).toBe(1);
    expect(
      await count(`SELECT sum(events) AS n FROM usage_daily WHERE market = 'vn' AND day = '2026-11-20'`),
    ).toBe(3);
  });

  it('drops what a market without tag-manager tracking does not send, keeping login', async () => {
    const before = await count(`SELECT count(*) AS n FROM usage_events_all WHERE market = 'bd'`);
    const res = await send('tl.bd@demo.test', 'bd', [event('login'), event('homepage'), event('download')]);
    expect(res.statusCode).toBe(200);
    expect(res.json()['response-data']).toEqual({ accepted: 1, dropped: 2 });
    const { rows } = await t.app.db.query<{ event: string }>(
      `SELECT event FROM usage_events_all WHERE market = 'bd' ORDER BY id OFFSET $1`,
      [before],
    );
    expect(rows.map((r) => r.event)).toEqual(['login']);
  });

  it('follows the enableGTM flag the admin configuration saves in the database, both ways', async () => {
    const admin = await token('admin.th@demo.test', 'th');
    const setGtm = async (on: boolean) => {
      const res = await t.app.inject({
        method: 'PATCH',
        url: '/api/admin/configuration?countryCode=th',
        headers: { customertoken: admin, 'x-requested-with': 'XMLHttpRequest' },
        payload: { flags: { enableGTM: on } },
      });
      expect(res.statusCode).toBe(200);
    };
    await setGtm(false);
    const off = await send('tl.th@demo.test', 'th', [event('login'), event('homepage'), event('filter')]);
    expect(off.json()['response-data']).toEqual({ accepted: 1, dropped: 2 });
    await setGtm(true);
    const on = await send('tl.th@demo.test', 'th', [event('login'), event('homepage'), event('filter')]);
    expect(on.json()['response-data']).toEqual({ accepted: 3, dropped: 0 });
  });

  it('refuses bad and oversized batches with 400 and stores none of them', async () => {
    const before = await count('SELECT count(*) AS n FROM usage_events_all');
    const many = Array.from({ length: USAGE_BATCH_MAX_EVENTS + 1 }, () => event('homepage'));
    const tooMany = await send('admin.vn@demo.test', 'vn', many);
    expect(tooMany.statusCode).toBe(400);
    const unknown = await send('admin.vn@demo.test', 'vn', [event('homepage'), event('nosuchevent')]);
    expect(unknown.statusCode).toBe(400);
    const huge = await send('admin.vn@demo.test', 'vn', [
      event('homepage', {
        properties: Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`p${i}`, 'x'.repeat(499)])),
      }),
      event('homepage', {
        properties: Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`q${i}`, 'y'.repeat(499)])),
      }),
      event('homepage', {
        properties: Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`r${i}`, 'z'.repeat(499)])),
      }),
      event('homepage', {
        properties: Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`s${i}`, 'w'.repeat(499)])),
      }),
      event('homepage', {
        properties: Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`t${i}`, 'v'.repeat(499)])),
      }),
    ]);
    expect(huge.statusCode).toBe(400);
    expect(huge.json().errors.fields[0].message).toContain('at most 50 events and 64 KB');
    expect(await count('SELECT count(*) AS n FROM usage_events_all')).toBe(before);
  });

  it('refuses a market that is not the user’s, and callers without a session', async () => {
    expect((await send('tl.vn@demo.test', 'bd', [event('homepage')])).statusCode).toBe(403);
    expect((await send(null, 'vn', [event('homepage')])).statusCode).toBe(401);
  });

  it('is rate limited per session', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i += 1)
      statuses.push((await send('asm.vn@demo.test', 'vn', [event('filter')])).statusCode);
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('POST /api/events/public', () => {
  it('stores forgot-password and back-to-login without a user', async () => {
    const res = await send(
      null,
      'pk',
      [event('forgotPassword', { screen: '/forgotpassword' }), event('backToLogin')],
      '/api/events/public',
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()['response-data']).toEqual({ accepted: 2, dropped: 0 });
    expect(
      await count(`SELECT count(*) AS n FROM usage_events_all WHERE market = 'pk' AND user_id IS NULL`),
    ).toBe(2);
  });

  it('refuses any other event before sign-in, naming it', async () => {
    const res = await send(null, 'vn', [event('backToLogin'), event('homepage')], '/api/events/public');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.fields[0]).toMatchObject({ field: 'body.events.1.event' });
  });
});
