/**
 * Reads on a PostgreSQL streaming replica (issue 16, DATABASE_READ_URL; db/read-routing.ts), against a
 * real primary and standby on loopback. Runs only where the PostgreSQL server binaries are installed
 * (/usr/lib/postgresql/<version>/bin; CI installs them); skipped elsewhere, and in the `--with-postgres` pass.
 *
 * Replay on the standby is paused to make it visibly behind: a report read that shows the old value
 * came from the replica; the user's own write pins their reads to the primary; a replica that lags past
 * the bound, or is stopped, is left for the primary.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { openDatabase, openReplica, type Database } from '../../src/db/client.js';
import { migrate } from '../../src/db/migrate.js';
import type { RoutedRead } from '../../src/db/read-routing.js';
import { seedDatabase } from '../../src/db/seed/index.js';
import { seedAuthDemo } from '../../src/modules/auth/demo.js';
import { ManualClock } from '../../src/lib/clock.js';
import { signIn, START, withToken } from '../auth/helpers.js';
import {
  clusterTestSkipped,
  pgBinDir,
  shutDown,
  startReplicaCluster,
  TEARDOWN_STEP_MS,
  until,
  type ReplicaCluster,
} from './replica-cluster.js';

const bin = pgBinDir();
const skip = clusterTestSkipped();
const MAX_LAG_MS = 4000;
describe.skipIf(skip)('reads on a streaming replica', () => {
  let cluster: ReplicaCluster;
  let db: Database;
  let replica: Database;
  let app: FastifyInstance;
  let standby: pg.Client;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    cluster = await startReplicaCluster(bin!);
    db = await openDatabase({ databaseUrl: cluster.primaryUrl, poolSize: 10 });
    await migrate(db);
    const clock = new ManualClock(START);
    await seedDatabase(db, { scale: 'test', seed: 1, today: new Date('2026-11-20T00:00:00Z') });
    await seedAuthDemo(db, { clock });
    replica = await openReplica(cluster.replicaUrl);
    app = await buildApp({
      logger: false,
      db,
      dbReplica: replica,
      clock,
      config: { AUTH_RATE_LIMIT_PER_MINUTE: 100_000, DATABASE_READ_MAX_LAG_MS: MAX_LAG_MS },
      extraRoutes: (scope) => {
        const access = { config: { access: { market: 'any' as const } } };
        // Any successful write of a signed-in user pins their reads (whatever it wrote).
        scope.post('/test/write', access, async () => ({ written: true }));
        scope.get('/test/reads-from', access, async (request) => {
          const read = request.dbRead as RoutedRead;
          const { rows } = await read.query<{ standby: boolean }>('SELECT pg_is_in_recovery() AS standby');
          return { replica: await read.onReplica(), standby: rows[0]!.standby };
        });
      },
    });
    await app.ready();
    standby = new pg.Client({ connectionString: cluster.replicaUrl });
    // The test stops the standby under this client: its error is expected, not a failure.
    standby.on('error', () => undefined);
    await standby.connect();
    for (const email of ['tl.vn@demo.test', 'asm.vn@demo.test', 'admin.vn@demo.test'])
      tokens[email] = (await signIn(app, email)).idToken;
    // The replica has replayed the seed and the router has measured it.
    await until('the replica in use', () => app.readRouter!.replicaUsable);
  }, 120_000);

  // Ordered and bounded (see shutDown): the app first (its router, job worker and usage writer stop
  // querying), then the clients and pools, then the servers, stopped and removed whatever came before.
  afterAll(
    () =>
      shutDown('replica.test', [
        ['app.close()', () => app?.close()],
        ['the standby client', () => standby?.end()],
        ['the replica pool', () => replica?.close()],
        ['the primary pool', () => db?.close()],
        ['the servers', () => cluster?.stop()],
      ]),
    4 * TEARDOWN_STEP_MS + 60_000,
  );

  const readsFrom = async (email: string) =>
    (
      await app.inject({ method: 'GET', url: '/test/reads-from', headers: withToken(tokens[email]!) })
    ).json() as { replica: boolean; standby: boolean };
  const trendGsv = async (email: string) => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/ucube/daily-trend?countryCode=vn&period=mtd',
      headers: withToken(tokens[email]!),
    });
    expect(res.statusCode).toBe(200);
    return (res.json() as { 'response-data': { targets: { gsv: number } } })['response-data'].targets.gsv;
  };

  it('reads go to the replica; a user’s own write is visible to them at once; a lagging replica is left', async () => {
    expect(await readsFrom('tl.vn@demo.test')).toEqual({ replica: true, standby: true });
    const before = await trendGsv('tl.vn@demo.test');

    // The standby stops replaying; a load on the primary changes the targets (and the data version).
    await standby.query('SELECT pg_wal_replay_pause()');
    await db.transaction(async (tx) => {
      await tx.query(
        `UPDATE monthly_targets SET gsv_target = gsv_target + 1000 WHERE country_code = 'vn' AND month = date '2026-11-01'`,
      );
      await app.dataVersion.bump(tx);
    });
    // Still within the lag bound: the report is read on the replica, which has not seen the load.
    expect(await trendGsv('tl.vn@demo.test')).toBe(before);

    // The user writes: from now on (for a moment) their reads are on the primary and see the load.
    const write = await app.inject({
      method: 'POST',
      url: '/test/write',
      headers: withToken(tokens['tl.vn@demo.test']!),
    });
    expect(write.statusCode).toBe(200);
    expect(await readsFrom('tl.vn@demo.test')).toEqual({ replica: false, standby: false });
    expect(await trendGsv('tl.vn@demo.test')).not.toBe(before);
    // Someone else still reads the replica…
    expect((await readsFrom('asm.vn@demo.test')).replica).toBe(true);
    // …until it is further behind than the bound: then the primary.
    await until('the replica left for lag', () => !app.readRouter!.replicaUsable, MAX_LAG_MS + 5000);
    expect(await readsFrom('asm.vn@demo.test')).toEqual({ replica: false, standby: false });

    await standby.query('SELECT pg_wal_replay_resume()');
    await until('the replica caught up', () => app.readRouter!.replicaUsable);
    expect(await readsFrom('asm.vn@demo.test')).toEqual({ replica: true, standby: true });
  }, 60_000);

  it('a stopped replica: reads fall back to the primary at once, and answer', async () => {
    expect((await readsFrom('asm.vn@demo.test')).replica).toBe(true);
    cluster.stopReplica();
    // The router has not checked since: the request tries the replica, fails to connect, reads the primary.
    expect(await readsFrom('asm.vn@demo.test')).toEqual({ replica: false, standby: false });
    expect(await trendGsv('asm.vn@demo.test')).toBeGreaterThan(0);
    // A report page too (the replica pool is known to be down now: straight to the primary).
    const report = await app.inject({
      method: 'GET',
      url: '/api/reports/salesperson-visit-summary?countryCode=vn&from=2026-11-01&to=2026-11-19',
      headers: withToken(tokens['admin.vn@demo.test']!),
    });
    expect(report.statusCode).toBe(200);
    expect(app.readRouter!.replicaUsable).toBe(false);
  }, 30_000);
});
