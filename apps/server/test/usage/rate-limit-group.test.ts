/**
 * Usage-event batches are rate limited per session in the shared rate_limit_hits table; the hits that
 * arrive together are counted by one statement (lib/rate-limits.ts). The grouped count must give each
 * hit exactly what counting it alone would: a burst of concurrent batches over the limit lets through
 * exactly the limit, on this process and on another process sharing the database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '@fieldforce/contracts';
import { countHit, countHits } from '../../src/lib/rate-limits.js';
import { usageWriterOf } from '../../src/modules/usage/writer.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
const LIMIT = 12;

beforeAll(async () => {
  t = await createTestApp({
    seed: true,
    config: { AUTH_RATE_LIMIT_PER_MINUTE: 100_000, EVENTS_RATE_LIMIT_PER_MINUTE: LIMIT },
  });
}, 180_000);
afterAll(() => t?.close());

async function token(email: string, market: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/fb/accounts/login?countryCode=${market}`,
    payload: { email, password: DEMO_PASSWORD, deviceId: `rate-group ${email}` },
  });
  expect(res.statusCode).toBe(200);
  return (res.json() as { 'response-data': { idToken: string } })['response-data'].idToken;
}

const batch = {
  countryCode: 'vn',
  events: [
    {
      event: 'homepage',
      at: '2026-11-20T09:00:00.000+07:00',
      screen: '/rate-group',
      deviceType: 'Desktop',
      browser: null,
      os: null,
      deviceModel: null,
      properties: {},
    },
  ],
};

/** One hit on `key` in a one-minute window. */
const hit = (key: string) => ({ key, timeWindow: 60_000 });

describe('grouped rate-limit counting', () => {
  it('counts hits of one statement as if counted one by one, keys apart', async () => {
    const db = t.app.db;
    const now = Date.parse('2026-11-20T00:00:00Z');
    expect(await countHit(db, 'g:a', 60_000, now)).toEqual({ current: 1, ttl: 60_000 });
    const results = await countHits(db, [hit('g:a'), hit('g:b'), hit('g:a'), hit('g:a')], now + 1_000);
    expect(results).toEqual([
      { current: 2, ttl: 59_000 },
      { current: 1, ttl: 60_000 },
      { current: 3, ttl: 59_000 },
      { current: 4, ttl: 59_000 },
    ]);
    // After the window: a new one, counted from one, for the whole group.
    const later = await countHits(db, [hit('g:a'), hit('g:a')], now + 61_000);
    expect(later).toEqual([
      { current: 1, ttl: 60_000 },
      { current: 2, ttl: 60_000 },
    ]);
  });

  it('lets exactly the limit through from a burst of concurrent batches of one session', async () => {
    const tok = await token('tl.vn@demo.test', 'vn');
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/events',
        headers: { customertoken: tok, 'x-requested-with': 'XMLHttpRequest' },
        payload: batch,
      });
    const statuses = (await Promise.all(Array.from({ length: 30 }, send))).map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(LIMIT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30 - LIMIT);
    await usageWriterOf(t.app.db)?.flush();
  });
});
