/**
 * The UCube answer cache across two app servers (issue 16): each process keeps its own answers under the
 * data version it read from the database; a load on A (which bumps the version in its transaction) makes
 * B answer fresh within the documented bound (DataVersionWatch: one read of the version a second).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { signIn, withToken } from '../auth/helpers.js';
import { twoApps, type Pair } from './helpers.js';

let p: Pair;
let token: string;
beforeAll(async () => {
  p = await twoApps();
  token = (await signIn(p.a, 'tl.vn@demo.test')).idToken;
}, 180_000);
afterAll(() => p?.close());

/** The documented bound: a process reads the data version at most once a second. */
const BOUND_MS = 1000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const trend = async (app: FastifyInstance) => {
  const res = await app.inject({
    method: 'GET',
    url: '/api/ucube/daily-trend?countryCode=vn&period=mtd',
    headers: withToken(token),
  });
  expect(res.statusCode).toBe(200);
  return (res.json() as { 'response-data': { targets: { gsv: number | null } } })['response-data'].targets
    .gsv;
};

describe('UCube answers on two servers', () => {
  it('a data-version bump on A makes B answer fresh within the bound', async () => {
    const before = await trend(p.b);
    expect(before).not.toBeNull();
    const change = (delta: number) =>
      p.db.query(
        `UPDATE monthly_targets SET gsv_target = gsv_target + $1
          WHERE country_code = 'vn' AND month = date '2026-11-01'`,
        [delta],
      );
    // A change without a bump is not seen: B's answer is cached (so freshness below is the version's doing).
    await change(1000);
    await sleep(BOUND_MS + 100);
    expect(await trend(p.b)).toBe(before);

    // A load on A: the change and the bump in one transaction.
    await p.a.db.transaction(async (tx) => {
      await tx.query(
        `UPDATE monthly_targets SET gsv_target = gsv_target + 1000
          WHERE country_code = 'vn' AND month = date '2026-11-01'`,
      );
      await p.a.dataVersion.bump(tx);
    });
    // A sees it at once; B within the bound.
    const onA = await trend(p.a);
    expect(onA).not.toBe(before);
    await sleep(BOUND_MS + 100);
    expect(await trend(p.b)).toBe(onA);
  });
});
