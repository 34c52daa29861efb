/**
 * Reads that may go to a PostgreSQL streaming replica (issue 16, DATABASE_READ_URL).
 *
 * - `request.dbRead` (and `ctx.dbRead` in lib/route.ts) is what report pages, exports, UCube and tracking
 *   read with. Without a replica it IS `app.db`. With one, the request picks its pool once, at its first
 *   query, and keeps it (every read of one request sees one snapshot's worth of data):
 *     1. the primary while the user is pinned: a state-changing call of theirs that succeeded writes
 *        `read_pins.until` = now + pinMs (in the database, so every app server honours it), and pinMs is
 *        longer than the replica may lag while still in use, so the user sees their own writes;
 *     2. otherwise the replica, when this process's last check found it up and at most maxLagMs behind;
 *     3. otherwise the primary.
 *   A replica query that fails for want of a connection (the replica stopped, restarting, a recovery
 *   conflict) is run again on the primary and the replica is marked down until the next check; one that
 *   only waited too long for a free connection of this process's own pool (isPoolBusy) is run again on
 *   the primary and the replica stays in use (the check, on a connection of its own, judges the replica).
 *   A replica query still waiting when the replica is marked down (behind a pooler that queues it while
 *   it cannot reach the replica) is given up, its connection closed, and run again on the primary: a
 *   replica read waits at most about the check's timeout plus one period once the replica stops
 *   answering. An export's cursor that has already sent a batch is not given up (it cannot start again;
 *   see RoutedRead.cursor).
 * - The check (every checkMs): the primary's current WAL position is sampled with its time; the replica's
 *   replayed position is compared with those samples, so its lag is "now minus the time of the newest
 *   primary sample it has replayed". An idle primary therefore shows a lag of one check period, not the
 *   time since the last transaction.
 * - `app.dbRead` is the same routing without the pin (work with no user: jobs, benchmarks).
 *
 * Everything else (writes, sign-in, admin tools, imports) uses `app.db`, the primary.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { setMaxListeners } from 'node:events';
import { followAbort } from '../lib/abort.js';
import { within, type Database, type Queryable } from './client.js';
import { DataVersionWatch } from './data-version.js';

export interface ReadRoutingOptions {
  /** A replica this far behind (or more) is not read from. */
  maxLagMs: number;
  /** How often the replica's lag is checked. */
  checkMs: number;
  /**
   * The replica pool the check runs on; by default the reads' own. A pool of its own (the server opens one
   * connection) keeps a read pool that is busy under load from failing the check and taking the replica out
   * of use for everyone (the 60-minute soak of 25 Nov).
   */
  checkPool?: Database;
  log?: { warn(obj: unknown, msg: string): void; info(obj: unknown, msg: string): void };
}

/** What reads use: the primary's interface minus writes' extras (both pools have a cursor on PostgreSQL). */
export type ReadDatabase = Queryable & Pick<Database, 'kind' | 'cursor'>;

/** 'X/Y' (hex halves) → a comparable number of bytes. */
export function parseLsn(lsn: string): bigint {
  const [hi, lo] = lsn.split('/');
  return (BigInt(parseInt(hi ?? '0', 16)) << 32n) + BigInt(parseInt(lo ?? '0', 16));
}

/** Errors after which the query is worth running on the primary: no connection, or a recovery conflict. */
export function isReplicaUnavailable(error: unknown): boolean {
  const e = error as { code?: string; message?: string } | null;
  const code = String(e?.code ?? '');
  const codes = ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH'];
  // READ_ABANDONED: a replica read given up when the replica was marked down (db/client.ts).
  if (codes.includes(code) || code === 'READ_ABANDONED') return true;
  // 08: connection exception; 57P0x: shutting down, cannot connect now; 40001 with a standby: a query
  // cancelled by a recovery conflict.
  if (/^08/.test(code) || /^57P0[1-4]$/.test(code) || code === '40001') return true;
  return /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(
    String(e?.message ?? ''),
  );
}

/**
 * pg-pool's wait for a free connection ran out ('timeout exceeded when trying to connect'): every
 * connection of this process's pool was in use for the whole connect timeout. It says this process is
 * busy, not that the replica is gone (a replica that stopped refuses or drops connections; one that hangs
 * is found by the check, which has a connection of its own): the read moves to the primary, the replica
 * stays in use for the others.
 */
export function isPoolBusy(error: unknown): boolean {
  return /timeout exceeded when trying to connect/i.test(
    String((error as { message?: string } | null)?.message ?? ''),
  );
}

/**
 * A query given up when `signal` aborts: its connection closed (Database.queryUntil, PostgreSQL), or just
 * no longer waited for (a Database without it).
 */
function queryWithin<T>(
  db: Database,
  sql: string,
  params: unknown[] | undefined,
  signal: AbortSignal,
): Promise<{ rows: T[] }> {
  return db.queryUntil ? db.queryUntil<T>(sql, params, signal) : within(db.query<T>(sql, params), signal);
}

interface Sample {
  lsn: bigint;
  at: number;
}

export class ReadRouter {
  /** Lag of the replica at the last check in ms; null when it is down or not checked yet. */
  lagMs: number | null = null;
  private samples: Sample[] = [];
  private timer: NodeJS.Timeout | undefined;
  private checking: Promise<void> | null = null;
  private downLogged = false;
  private down = new AbortController();
  readonly primaryVersion: DataVersionWatch;
  readonly replicaVersion: DataVersionWatch;

  constructor(
    readonly primary: Database,
    readonly replica: Database,
    readonly options: ReadRoutingOptions,
    primaryVersion?: DataVersionWatch,
  ) {
    this.primaryVersion = primaryVersion ?? new DataVersionWatch(primary);
    // Bounded like every replica read: given up when the replica is marked down.
    this.replicaVersion = new DataVersionWatch({
      query: <T>(sql: string, params?: unknown[]) => queryWithin<T>(replica, sql, params, this.downSignal),
    });
    setMaxListeners(0, this.down.signal);
  }

  /**
   * How long a user's reads stay on the primary after their write: a replica in use is at most maxLagMs
   * behind as of its last check, which is at most checkMs old; one more period and a second for margin.
   */
  get pinMs(): number {
    return this.options.maxLagMs + 2 * this.options.checkMs + 1000;
  }

  /** A lag check that takes longer than this marks the replica down. */
  get checkTimeoutMs(): number {
    return Math.max(2000, 4 * this.options.checkMs);
  }

  /** Whether the replica may be read now. */
  get replicaUsable(): boolean {
    return this.lagMs !== null && this.lagMs <= this.options.maxLagMs;
  }

  async start(): Promise<void> {
    await this.check();
    this.timer = setInterval(() => void this.check(), this.options.checkMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /**
   * Aborted when the replica is marked down (a check that failed or did not answer in time, or a read that
   * found no connection); a new one once it is usable again. Replica reads in flight give up on it and run
   * again on the primary, so a read queued in a pooler that cannot reach the replica does not wait for the
   * pooler's own timeouts.
   */
  get downSignal(): AbortSignal {
    return this.down.signal;
  }

  /** Marks the replica down until the next check finds it back. */
  markDown(error?: unknown): void {
    this.lagMs = null;
    if (!this.down.signal.aborted) this.down.abort(error ?? new Error('the read replica is unavailable'));
    if (!this.downLogged) {
      this.downLogged = true;
      this.options.log?.warn({ err: error }, 'read replica unavailable: reads go to the primary');
    }
  }

  /** Samples the primary, then measures the replica against the samples. */
  check(): Promise<void> {
    this.checking ??= this.measure().finally(() => {
      this.checking = null;
    });
    return this.checking;
  }

  private async measure(): Promise<void> {
    const now = Date.now();
    try {
      const { rows } = await this.primary.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn');
      this.samples.push({ lsn: parseLsn(rows[0]!.lsn), at: now });
    } catch {
      // The primary's position is unknown this time: older samples still bound the lag.
    }
    const keepFrom = now - Math.max(10_000, this.options.maxLagMs * 4);
    while (this.samples.length > 2 && this.samples[0]!.at < keepFrom) this.samples.shift();
    try {
      // A replica behind a pooler (pgbouncer) that cannot reach it does not refuse: the pooler queues the
      // query and fails it only after its own login retries (tens of seconds). A check that does not
      // answer in time counts as down, so the next requests read from the primary.
      // Given up on, the check's connection is closed (not left queued in the pooler, filling the pool).
      const late = new AbortController();
      const timer = setTimeout(
        () => late.abort(new Error(`the replica did not answer its check in ${this.checkTimeoutMs} ms`)),
        this.checkTimeoutMs,
      );
      const sql = 'SELECT pg_is_in_recovery() AS standby, pg_last_wal_replay_lsn()::text AS lsn';
      type Check = { standby: boolean; lsn: string | null };
      const { rows } = await queryWithin<Check>(
        this.options.checkPool ?? this.replica,
        sql,
        undefined,
        late.signal,
      ).finally(() => clearTimeout(timer));
      const row = rows[0]!;
      if (!row.standby) {
        // Not a standby (promoted, or the primary itself): nothing to lag behind.
        this.lagMs = 0;
      } else if (row.lsn === null) {
        this.markDown();
        return;
      } else {
        const replayed = parseLsn(row.lsn);
        let newest: Sample | undefined;
        for (const s of this.samples) if (s.lsn <= replayed && (!newest || s.at > newest.at)) newest = s;
        this.lagMs = newest ? Math.max(0, Date.now() - newest.at) : null;
      }
      if (this.replicaUsable && this.down.signal.aborted) {
        this.down = new AbortController();
        // Every replica read in flight listens to it: more than the default 10 is normal, not a leak.
        setMaxListeners(0, this.down.signal);
      }
      if (this.downLogged && this.replicaUsable) {
        this.downLogged = false;
        this.options.log?.info({ lagMs: this.lagMs }, 'read replica back in use');
      }
    } catch (error) {
      this.markDown(error);
    }
  }

  /** A Queryable for reads: `pinned` keeps it on the primary. The pool is chosen at the first query. */
  reader(pinned: () => Promise<boolean>): RoutedRead {
    return new RoutedRead(this, pinned);
  }
}

/** One request's reads (or one piece of work's): a pool chosen once, a fallback to the primary. */
export class RoutedRead implements ReadDatabase {
  readonly kind = 'postgres' as const;
  private chosen: Promise<Database> | null = null;

  constructor(
    private readonly router: ReadRouter,
    private readonly pinned: () => Promise<boolean>,
  ) {}

  /** The pool this request reads from (decided at the first call). */
  pool(): Promise<Database> {
    this.chosen ??= (async () => {
      if (!this.router.replicaUsable) return this.router.primary;
      if (await this.pinned()) return this.router.primary;
      return this.router.replica;
    })();
    return this.chosen;
  }

  /** Whether this request reads from the replica (tests, logs). */
  async onReplica(): Promise<boolean> {
    return (await this.pool()) === this.router.replica;
  }

  /** The data version as seen by this request's pool (UCube's cache keys; see db/data-version.ts). */
  async dataVersion(): Promise<string> {
    const pool = await this.pool();
    if (pool !== this.router.replica) return this.router.primaryVersion.current();
    try {
      return await this.router.replicaVersion.current();
    } catch (error) {
      if (!isReplicaUnavailable(error)) throw error;
      this.fallBack(error);
      return this.router.primaryVersion.current();
    }
  }

  /** This request reads from the primary from now on; the replica is marked down unless only the pool was busy. */
  private fallBack(error: unknown): Database {
    if (!isPoolBusy(error)) this.router.markDown(error);
    this.chosen = Promise.resolve(this.router.primary);
    return this.router.primary;
  }

  async query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: T[] }> {
    const pool = await this.pool();
    if (pool !== this.router.replica) return pool.query<T>(sql, params);
    try {
      // Bounded: given up as soon as the replica is marked down (at most the check's timeout plus a
      // period after it stopped answering), then run once on the primary.
      return await queryWithin<T>(pool, sql, params, this.router.downSignal);
    } catch (error) {
      if (pool !== this.router.replica || !isReplicaUnavailable(error)) throw error;
      return this.fallBack(error).query<T>(sql, params);
    }
  }

  async *cursor(
    sql: string,
    params: unknown[],
    batchSize: number,
  ): AsyncGenerator<Record<string, unknown>[]> {
    const pool = await this.pool();
    let yielded = false;
    // Until its first batch a replica cursor is given up when the replica is marked down (it may be
    // queued in a pooler that cannot reach the replica) and starts again on the primary. After it, it
    // cannot start again (part of the answer has gone out) and it holds a live connection to the
    // replica, so a mark down does not cut it: a replica that really went away fails its next FETCH on
    // that connection. A mark down for another reason (a check that found no free connection in this
    // process's pool under load) no longer cuts downloads part-way (the 60-minute soak of 25 Nov: six).
    const untilFirst = pool === this.router.replica ? new AbortController() : null;
    const unfollow = untilFirst ? followAbort(untilFirst, this.router.downSignal) : () => undefined;
    try {
      for await (const batch of pool.cursor!(sql, params, batchSize, untilFirst?.signal)) {
        unfollow();
        yielded = true;
        yield batch;
      }
    } catch (error) {
      // Before the first batch the whole read can start again on the primary; after it, it cannot.
      if (yielded || pool !== this.router.replica || !isReplicaUnavailable(error)) throw error;
      yield* this.fallBack(error).cursor!(sql, params, batchSize);
    } finally {
      unfollow();
    }
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Reads that may go to the replica, with no user pin (`db/read-routing.ts`); `app.db` without one. */
    dbRead: ReadDatabase;
    /** The replica router when DATABASE_READ_URL is set. */
    readRouter: ReadRouter | null;
  }
  interface FastifyRequest {
    /** This request's reads for reports, exports, UCube and tracking (`db/read-routing.ts`). */
    dbRead: ReadDatabase;
  }
}

/** Routes of writes that do not change what the routed reads show: they do not pin the user. */
const NOT_PINNING = [/^\/api\/events(\/|$)/, /^\/api\/fb\/accounts\//, /^\/api\/sessions\//];
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Pins `userId`'s reads to the primary for `ms` from `now` (never shortens a longer pin). */
export async function pinReads(q: Queryable, userId: string, now: Date, ms: number): Promise<void> {
  await q.query(
    `INSERT INTO read_pins (user_id, until) VALUES ($1, $2)
     ON CONFLICT (user_id) DO UPDATE SET until = greatest(read_pins.until, EXCLUDED.until)`,
    [userId, new Date(now.getTime() + ms)],
  );
}

export async function isPinned(q: Queryable, userId: string, now: Date): Promise<boolean> {
  const { rows } = await q.query('SELECT 1 FROM read_pins WHERE user_id = $1 AND until > $2', [userId, now]);
  return rows.length > 0;
}

/** The data version the request's reads agree with (UCube's cache key). */
export function readDataVersion(request: FastifyRequest): Promise<string> {
  const read = request.dbRead;
  return read instanceof RoutedRead ? read.dataVersion() : request.server.dataVersion.current();
}

export interface ReadRoutingPluginOptions {
  replica?: Database;
  /** The check's own connection to the replica (ReadRoutingOptions.checkPool); closed with the replica's. */
  replicaCheck?: Database;
  /** Close the replica's pool when the app closes (the server does; tests close it themselves). */
  ownsReplica?: boolean;
  maxLagMs: number;
  checkMs?: number;
}

/**
 * Decorates `app.dbRead`, `app.readRouter` and `request.dbRead`; with a replica, starts the lag check
 * when the app is ready and pins a user's reads after their successful writes.
 */
export const readRoutingPlugin = fp(async (app: FastifyInstance, options: ReadRoutingPluginOptions) => {
  const replica = options.replica;
  if (!replica) {
    app.decorate('readRouter', null);
    app.decorate('dbRead', app.db);
    app.decorateRequest('dbRead', {
      getter(this: FastifyRequest) {
        return this.server.db;
      },
    });
    return;
  }
  const router = new ReadRouter(
    app.db,
    replica,
    {
      maxLagMs: options.maxLagMs,
      checkMs: options.checkMs ?? 500,
      checkPool: options.replicaCheck,
      log: app.log,
    },
    app.dataVersion,
  );
  app.decorate('readRouter', router);
  app.decorate(
    'dbRead',
    router.reader(async () => false),
  );
  const reads = new WeakMap<FastifyRequest, RoutedRead>();
  app.decorateRequest('dbRead', {
    getter(this: FastifyRequest) {
      let read = reads.get(this);
      if (!read) {
        const userId = this.auth?.user.id;
        read = router.reader(async () => (userId ? isPinned(app.db, userId, app.clock.now()) : false));
        reads.set(this, read);
      }
      return read;
    },
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const userId = request.auth?.user.id;
    if (
      userId &&
      STATE_CHANGING.has(request.method) &&
      reply.statusCode < 400 &&
      !NOT_PINNING.some((pattern) => pattern.test(request.url))
    ) {
      // Before the answer leaves: the user's next read, on any app server, already sees the pin.
      await pinReads(app.db, userId, app.clock.now(), router.pinMs);
    }
    return payload;
  });
  app.addHook('onReady', async () => {
    await router.start();
  });
  app.addHook('onClose', async () => {
    router.stop();
    if (options.ownsReplica) await Promise.all([replica.close(), options.replicaCheck?.close()]);
  });
});
