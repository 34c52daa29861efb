/** The pieces of replica routing that need no replica (db/read-routing.ts); the real thing: replica.test.ts. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openReplica, within } from '../../src/db/client.js';
import {
  isPinned,
  isPoolBusy,
  isReplicaUnavailable,
  parseLsn,
  pinReads,
  ReadRouter,
} from '../../src/db/read-routing.js';
import { ManualClock } from '../../src/lib/clock.js';
import { signIn, withToken } from '../auth/helpers.js';
import { twoApps, type Pair } from './helpers.js';
import { testDatabaseUrl } from '../helpers/database.js';

let p: Pair;
beforeAll(async () => {
  p = await twoApps({
    extraRoutes: (scope) => {
      scope.post('/test/write', { config: { access: { market: 'any' } } }, async () => ({ ok: true }));
    },
  });
}, 180_000);
afterAll(() => p?.close());

/**
 * A router whose replica (the primary itself) was checked and is in use, then stops answering: its
 * calls neither answer nor fail, as a pooler's queueing for a stopped server.
 */
async function routerWhoseReplicaHangs(): Promise<ReadRouter> {
  let hang = false;
  const replica = {
    ...p.db,
    query: ((sql: string, params?: unknown[]) =>
      hang ? new Promise(() => undefined) : p.db.query(sql, params)) as typeof p.db.query,
    queryUntil: undefined,
  };
  const router = new ReadRouter(p.db, replica, { maxLagMs: 2000, checkMs: 100 });
  await router.check();
  expect(router.replicaUsable).toBe(true); // the primary itself answers as a non-standby: no lag
  hang = true;
  return router;
}

describe('replica routing without a replica', () => {
  it('reads are the primary itself, and writes pin nothing', async () => {
    expect(p.a.readRouter).toBeNull();
    expect(p.a.dbRead).toBe(p.a.db);
    const s = await signIn(p.a, 'tl.vn@demo.test');
    const res = await p.a.inject({ method: 'POST', url: '/test/write', headers: withToken(s.idToken) });
    expect(res.statusCode).toBe(200);
    const { rows } = await p.db.query('SELECT * FROM read_pins');
    expect(rows).toEqual([]);
  });

  it('a pin holds until its time, and a shorter one never cuts a longer one', async () => {
    const clock = new ManualClock('2026-11-20T08:00:00Z');
    await pinReads(p.db, 'user-1', clock.now(), 4000);
    expect(await isPinned(p.db, 'user-1', clock.now())).toBe(true);
    expect(await isPinned(p.db, 'user-2', clock.now())).toBe(false);
    clock.advance(1000);
    await pinReads(p.db, 'user-1', new Date(clock.now().getTime() - 10_000), 4000);
    clock.advance(2900);
    expect(await isPinned(p.db, 'user-1', clock.now())).toBe(true);
    clock.advance(200);
    expect(await isPinned(p.db, 'user-1', clock.now())).toBe(false);
  });

  it('WAL positions compare as numbers; connection failures fall back, SQL errors do not', () => {
    expect(parseLsn('0/16B3748') < parseLsn('0/16B3750')).toBe(true);
    expect(parseLsn('1/0') > parseLsn('0/FFFFFFFF')).toBe(true);
    expect(
      isReplicaUnavailable(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })),
    ).toBe(true);
    expect(
      isReplicaUnavailable(
        Object.assign(new Error('the database system is shutting down'), { code: '57P03' }),
      ),
    ).toBe(true);
    expect(isReplicaUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isReplicaUnavailable(Object.assign(new Error('syntax error'), { code: '42601' }))).toBe(false);
  });

  it('the pin outlasts the staleness a replica may have while in use', () => {
    const router = new ReadRouter(p.db, p.db, { maxLagMs: 2000, checkMs: 500 });
    expect(router.pinMs).toBeGreaterThan(2000 + 500);
    expect(router.replicaUsable).toBe(false); // not checked yet: the primary
  });

  it('a replica whose check hangs (a pooler queueing for a stopped server) is marked down within the timeout', async () => {
    const router = await routerWhoseReplicaHangs();
    const settled = await Promise.race([
      router.check().then(() => 'settled'),
      new Promise((resolve) => setTimeout(() => resolve('hung'), 10_000)),
    ]);
    expect(settled).toBe('settled');
    expect(router.replicaUsable).toBe(false);
  });

  it('a replica read already waiting when the replica is marked down is given up and answered by the primary', async () => {
    // A pooler that cannot reach a stopped replica queues the read: it neither answers nor fails.
    const router = await routerWhoseReplicaHangs();
    const read = router.reader(async () => false);
    expect(await read.onReplica()).toBe(true);
    const started = Date.now();
    const answer = read.query<{ one: number }>('SELECT 1 AS one');
    const version = read.dataVersion();
    // The next check does not answer in time either: the replica is marked down, the read moves.
    await router.check();
    expect(router.replicaUsable).toBe(false);
    expect((await answer).rows).toEqual([{ one: 1 }]);
    expect(await version).toBe(await router.primaryVersion.current());
    expect(await read.onReplica()).toBe(false);
    expect(Date.now() - started).toBeLessThan(router.checkTimeoutMs + 3000);
  }, 20_000);

  it('a replica cursor that has sent its first batch is not cut when the replica is marked down', async () => {
    // A replica whose cursor answers one batch, then the next after a pause, each wait given up when its
    // signal aborts (as db/client.ts's cursor does on PostgreSQL).
    let signalled: AbortSignal | undefined;
    const replica = {
      ...p.db,
      queryUntil: undefined,
      async *cursor(_sql: string, _params: unknown[], _batch: number, signal?: AbortSignal) {
        signalled = signal;
        yield [{ n: 1 }];
        await within(new Promise((resolve) => setTimeout(resolve, 200)), signal);
        yield [{ n: 2 }];
      },
    };
    const router = new ReadRouter(p.db, replica, { maxLagMs: 2000, checkMs: 100 });
    await router.check();
    const read = router.reader(async () => false);
    expect(await read.onReplica()).toBe(true);
    const batches: unknown[] = [];
    for await (const batch of read.cursor('SELECT n', [], 1)) {
      batches.push(...batch);
      // Marked down between two batches (a check that found no free connection, under load).
      if (batches.length === 1) router.markDown(new Error('timeout exceeded when trying to connect'));
    }
    expect(batches).toEqual([{ n: 1 }, { n: 2 }]);
    expect(signalled?.aborted).toBe(false);
  });

  it("a replica read that found this process's pool busy moves to the primary and leaves the replica in use", async () => {
    // pg-pool's own message when every connection stayed checked out for the whole connect timeout.
    let busy = false;
    const replica = {
      ...p.db,
      queryUntil: undefined,
      query: ((sql: string, params?: unknown[]) =>
        busy
          ? Promise.reject(new Error('timeout exceeded when trying to connect'))
          : p.db.query(sql, params)) as typeof p.db.query,
    };
    const router = new ReadRouter(p.db, replica, { maxLagMs: 2000, checkMs: 100, checkPool: p.db });
    await router.check();
    busy = true;
    const read = router.reader(async () => false);
    expect(await read.onReplica()).toBe(true);
    expect((await read.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    expect(await read.onReplica()).toBe(false); // this request goes on on the primary
    expect(router.replicaUsable).toBe(true); // the others still read from the replica
    expect(router.downSignal.aborted).toBe(false);
    expect(isPoolBusy(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isPoolBusy(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }))).toBe(
      false,
    );
    // A replica that refuses is still marked down.
    busy = false;
    replica.query = (() =>
      Promise.reject(
        Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
      )) as typeof p.db.query;
    const next = router.reader(async () => false);
    expect((await next.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    expect(router.replicaUsable).toBe(false);
  });

  it.runIf(Boolean(testDatabaseUrl))(
    "on PostgreSQL, a read pool with every connection in use fails neither its reads nor the check on the check's own connection",
    async () => {
      const reads = await openReplica(p.url!, 1);
      const check = await openReplica(p.url!, 1);
      try {
        const router = new ReadRouter(p.db, reads, { maxLagMs: 2000, checkMs: 100, checkPool: check });
        await router.check();
        expect(router.replicaUsable).toBe(true);
        // The read pool's only connection is held for longer than its 2-second connect timeout.
        const holding = reads.query('SELECT pg_sleep(3)');
        await new Promise((resolve) => setTimeout(resolve, 200));
        const read = router.reader(async () => false);
        const answer = read.query<{ one: number }>('SELECT 1 AS one');
        await router.check(); // on its own connection: answers while the read pool is full
        expect(router.replicaUsable).toBe(true);
        expect((await answer).rows).toEqual([{ one: 1 }]); // waited 2 s, then ran on the primary
        expect(await read.onReplica()).toBe(false);
        expect(router.replicaUsable).toBe(true);
        expect(router.downSignal.aborted).toBe(false);
        await holding;
      } finally {
        await reads.close();
        await check.close();
      }
    },
    20_000,
  );
});
