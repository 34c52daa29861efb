/**
 * The server's pools behind pgbouncer in transaction mode (issue 16; docs/deployment.md, "Connection
 * pooler"), against a real primary, standby and pgbouncer on loopback, pgbouncer configured as
 * scripts/cluster does it: no `ignore_startup_parameters`, so the startup option `-c jit=off` is refused.
 * Runs only where the PostgreSQL server binaries and pgbouncer are installed; skipped elsewhere, and in
 * the `--with-postgres` pass (like replica.test.ts, it brings up its own servers).
 *
 * - JIT: a pooled connection cannot carry the startup option, so the database's default holds it
 *   (`ALTER DATABASE … SET jit = off`, what the cluster script runs); the pool stops sending the option
 *   at pgbouncer's refusal instead of failing; a direct connection still gets it from the option.
 * - A replica read queued in pgbouncer when the replica stops is given up once the router marks the
 *   replica down and answered by the primary, instead of waiting for pgbouncer's login retries.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { openDatabase, openReplica, type Database } from '../../src/db/client.js';
import { ReadRouter } from '../../src/db/read-routing.js';
import {
  clusterTestSkipped,
  pgBinDir,
  pgbouncerBin,
  shutDown,
  sleep,
  startPooler,
  startReplicaCluster,
  TEARDOWN_STEP_MS,
  until,
  type Pooler,
  type ReplicaCluster,
} from './replica-cluster.js';

const bin = pgBinDir();
const bouncer = pgbouncerBin();
const skip = clusterTestSkipped({ pgbouncer: true });
const jitOf = async (db: Database) => (await db.query<{ jit: string }>('SHOW jit')).rows[0]!.jit;

describe.skipIf(skip)('the pools behind pgbouncer (transaction mode)', () => {
  let cluster: ReplicaCluster;
  let pooler: Pooler;
  const open: Database[] = [];

  beforeAll(async () => {
    cluster = await startReplicaCluster(bin!);
    const admin = new pg.Client({ connectionString: cluster.primaryUrl });
    await admin.connect();
    await admin.query('CREATE DATABASE fieldforce');
    // The operator setting of docs/deployment.md, as scripts/cluster/cluster.mjs applies it.
    await admin.query('ALTER DATABASE fieldforce SET jit = off');
    await admin.end();
    pooler = await startPooler(cluster, bouncer!, {
      fieldforce: { server: 'primary', dbname: 'fieldforce' },
      fieldforce_replica: { server: 'replica', dbname: 'fieldforce' },
    });
    // The standby has replayed the new database (and its setting).
    await until('the database on the standby', async () => {
      const c = new pg.Client({ connectionString: cluster.replicaUrl });
      await c.connect();
      try {
        return (await c.query(`SELECT 1 FROM pg_database WHERE datname = 'fieldforce'`)).rows.length > 0;
      } finally {
        await c.end();
      }
    });
  }, 120_000);

  // Ordered and bounded (replica-cluster.ts shutDown, as replica.test.ts): the pools the tests opened (at
  // most six), then pgbouncer, then the servers, stopped and removed whatever came before.
  afterAll(
    () =>
      shutDown('pooler.test', [
        ...open.map((db, i): [string, () => unknown] => [
          `pool ${i + 1} of ${open.length}`,
          () => db.close(),
        ]),
        ['pgbouncer', () => pooler?.stop()],
        ['the servers', () => cluster?.stop()],
      ]),
    8 * TEARDOWN_STEP_MS + 60_000,
  );

  it('JIT is off on pooled connections (the database default), and on direct ones (the startup option)', async () => {
    // pgbouncer refuses the startup option itself: a plain client sending it cannot connect.
    const refused = new pg.Client({ connectionString: pooler.url('fieldforce'), options: '-c jit=off' });
    await expect(refused.connect()).rejects.toThrow(/unsupported startup parameter/);
    await refused.end().catch(() => undefined);

    const pooled = await openDatabase({ databaseUrl: pooler.url('fieldforce'), poolSize: 4 });
    open.push(pooled);
    // Several server connections, each as a transaction would get it.
    const seen = await Promise.all(
      Array.from({ length: 6 }, () =>
        pooled.transaction(async (tx) => (await tx.query<{ jit: string }>('SHOW jit')).rows[0]!.jit),
      ),
    );
    expect(seen).toEqual(Array(6).fill('off'));
    expect(await jitOf(pooled)).toBe('off');

    // The replica's pool behind pgbouncer: lazy, it learns of the refusal at its first query.
    const replica = await openReplica(pooler.url('fieldforce_replica'), 2);
    open.push(replica);
    expect(await jitOf(replica)).toBe('off');
    expect((await replica.query<{ r: boolean }>('SELECT pg_is_in_recovery() AS r')).rows[0]!.r).toBe(true);

    // A direct connection to a database without the setting: the startup option turns it off.
    const direct = await openDatabase({ databaseUrl: cluster.primaryUrl, poolSize: 2 });
    open.push(direct);
    expect(await jitOf(direct)).toBe('off');
    const plain = new pg.Client({ connectionString: cluster.primaryUrl });
    await plain.connect();
    expect((await plain.query<{ jit: string }>('SHOW jit')).rows[0]!.jit).toBe('on'); // the server's default
    await plain.end();
  }, 60_000);

  it('the first connections of a lazy pool, refused together for the startup option, all connect without it', async () => {
    const replica = await openReplica(pooler.url('fieldforce_replica'), 4);
    open.push(replica);
    // Four at once: each gets its own connection, and pgbouncer refuses each one's startup option.
    const seen = await Promise.all(Array.from({ length: 4 }, () => jitOf(replica)));
    expect(seen).toEqual(Array(4).fill('off'));
  }, 30_000);

  it('a replica read queued in pgbouncer when the replica stops is answered by the primary within seconds', async () => {
    const primary = await openDatabase({ databaseUrl: pooler.url('fieldforce'), poolSize: 4 });
    const replica = await openReplica(pooler.url('fieldforce_replica'), 4);
    open.push(primary, replica);
    const router = new ReadRouter(primary, replica, { maxLagMs: 2000, checkMs: 500 });
    await router.start();
    try {
      await until('the replica in use', () => router.replicaUsable);
      // The pooler holds server connections to the replica: they die with it.
      await replica.query('SELECT 1');
      // The read must be the first to reach pgbouncer after the stop: then pgbouncer queues it (for
      // query_wait_timeout, 120 s) while it retries the login; later clients get 08P01 at once, which was
      // already a fallback. So the router's checks pause while the replica stops and the read is sent.
      router.stop();
      cluster.stopReplica();
      const read = router.reader(async () => false);
      expect(await read.onReplica()).toBe(true);
      const started = Date.now();
      const answer = read.query<{ standby: boolean }>('SELECT pg_is_in_recovery() AS standby');
      await sleep(1000);
      // Still waiting in pgbouncer's queue.
      expect(await Promise.race([answer.then(() => 'answered'), sleep(0).then(() => 'waiting')])).toBe(
        'waiting',
      );
      // The checks resume (as they run every 500 ms): the replica is marked down, the read moves on.
      await router.start();
      const { rows } = await answer;
      const ms = Date.now() - started;
      expect(rows).toEqual([{ standby: false }]);
      expect(await read.onReplica()).toBe(false);
      expect(router.replicaUsable).toBe(false);
      // pgbouncer alone answers it only after query_wait_timeout (120 s), with an error.
      expect(ms).toBeLessThan(1000 + router.checkTimeoutMs + 3000);
    } finally {
      router.stop();
    }
  }, 60_000);

  it('a connection in use whose server ends it between two queries does not end the process', async () => {
    const db = await openDatabase({ databaseUrl: cluster.primaryUrl, poolSize: 2 });
    open.push(db);
    const outcome = db.transaction(async (tx) => {
      const { rows } = await tx.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      const killer = new pg.Client({ connectionString: cluster.primaryUrl });
      await killer.connect();
      await killer.query('SELECT pg_terminate_backend($1)', [rows[0]!.pid]);
      await killer.end();
      // The connection's end arrives while this work runs no query (an 'error' nobody listened to).
      await sleep(500);
      await tx.query('SELECT 1');
    });
    await expect(outcome).rejects.toThrow();
    // The pool goes on with a new connection.
    expect(await jitOf(db)).toBe('off');
  }, 30_000);
});
