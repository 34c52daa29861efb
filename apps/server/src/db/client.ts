import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { mkdirSync } from 'node:fs';

export type DatabaseKind = 'pglite' | 'postgres';

export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
}

export interface Transaction extends Queryable {
  exec(sql: string): Promise<void>;
}

export interface Database extends Queryable {
  readonly kind: DatabaseKind;
  /** Runs several statements separated by semicolons; no parameters. */
  exec(sql: string): Promise<void>;
  transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T>;
  /** COPY table(columns) FROM csv text (FORMAT csv, no header). Returns the rows copied. */
  copyCsv(table: string, columns: readonly string[], csv: string): Promise<number>;
  readonly drizzle: PgDatabase<PgQueryResultHKT>;
  /**
   * Reads a large result in batches through a server-side cursor on its own connection, so the query
   * runs once and memory holds one batch. Only on PostgreSQL: PGlite has one connection, and a
   * cursor would hold it (and every other request) for the whole read. Undefined on PGlite.
   */
  readonly cursor?: (
    sql: string,
    params: unknown[],
    batchSize: number,
    /** Aborting it gives up the read at its next wait and closes its connection (replica reads). */
    signal?: AbortSignal,
  ) => AsyncGenerator<Record<string, unknown>[]>;
  /**
   * A query given up when `signal` aborts before it answers: the wait ends at once with a
   * `ReadAbandoned` error and the connection (its query possibly queued in a pooler) is closed, not
   * reused. Only on PostgreSQL (db/read-routing.ts uses it for replica reads).
   */
  readonly queryUntil?: <T = Record<string, unknown>>(
    sql: string,
    params: unknown[] | undefined,
    signal: AbortSignal,
  ) => Promise<{ rows: T[] }>;
  close(): Promise<void>;
}

/** A wait given up (Database.queryUntil, cursor's signal); `code` READ_ABANDONED. */
export class ReadAbandoned extends Error {
  readonly code = 'READ_ABANDONED';
  constructor(reason: unknown) {
    super(`read given up: ${reason instanceof Error ? reason.message : String(reason ?? 'aborted')}`);
    this.name = 'ReadAbandoned';
  }
}

/** `work`, or a ReadAbandoned rejection as soon as `signal` aborts (the work itself is not stopped). */
export function within<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return work;
  if (signal.aborted) {
    work.catch(() => undefined);
    return Promise.reject(new ReadAbandoned(signal.reason));
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => {
      work.catch(() => undefined);
      reject(new ReadAbandoned(signal.reason));
    };
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

/** The URL without its password, for logs. */
function safeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'the database URL';
  }
}

export interface OpenDatabaseOptions {
  /** postgres://… switches to a PostgreSQL server. */
  databaseUrl?: string;
  /** PGlite data folder; omitted means an in-memory database (tests). */
  dataDir?: string;
  /** Pool size for PostgreSQL. */
  poolSize?: number;
}

/*
 * Both drivers must hand back the same JavaScript values, or code that works on one breaks on the
 * other: int8 and numeric become numbers (our amounts stay far below 2^53), date stays 'YYYY-MM-DD'
 * text (no time-zone shift), timestamps become Date objects.
 */
const INT8 = 20;
const NUMERIC = 1700;
const DATE = 1082;
const toNumber = (value: string) => (value === null ? null : Number(value));
const asText = (value: string) => value;

pg.types.setTypeParser(INT8, toNumber as (v: string) => number);
pg.types.setTypeParser(NUMERIC, toNumber as (v: string) => number);
pg.types.setTypeParser(DATE, asText);

function quoteIdent(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Unsafe SQL identifier: ${name}`);
  return `"${name}"`;
}

export function copyStatement(table: string, columns: readonly string[], source: string): string {
  return `COPY ${quoteIdent(table)} (${columns.map(quoteIdent).join(', ')}) FROM ${source} WITH (FORMAT csv)`;
}

/** The PGlite parsers that hand back the same values as the PostgreSQL driver (see above). */
export const PGLITE_PARSERS = {
  [INT8]: toNumber,
  [NUMERIC]: toNumber,
  [DATE]: asText,
  [pgliteTypes.TIMESTAMPTZ]: (v: string) => new Date(v),
};

async function openPglite(dataDir: string | undefined): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  return pgliteDatabase(await PGlite.create(dataDir ?? 'memory://', { parsers: PGLITE_PARSERS }));
}

/**
 * A Database over a PGlite client created with PGLITE_PARSERS: openDatabase's own, or the tests' copies
 * of one migrated, seeded image (test/helpers/pglite-image.ts, which also dumps that image).
 */
export async function pgliteDatabase(client: PGlite): Promise<Database> {
  // PGlite has no JIT compiler, but says `jit = on`: one session, so a SET makes `SHOW jit` agree with
  // PostgreSQL's pools (and would hold if a build ever had one).
  await client.exec(`SET jit = off`);
  const db: Database = {
    kind: 'pglite',
    async query<T>(sql: string, params?: unknown[]) {
      const result = await client.query<T>(sql, params);
      return { rows: result.rows };
    },
    async exec(sql: string) {
      await client.exec(sql);
    },
    async transaction<T>(fn: (tx: Transaction) => Promise<T>) {
      return client.transaction(async (tx) =>
        fn({
          async query<R>(sql: string, params?: unknown[]) {
            const result = await tx.query<R>(sql, params);
            return { rows: result.rows };
          },
          async exec(sql: string) {
            await tx.exec(sql);
          },
        }),
      );
    },
    async copyCsv(table, columns, csv) {
      const result = await client.query(copyStatement(table, columns, "'/dev/blob'"), [], {
        blob: new Blob([csv]),
      });
      return result.affectedRows ?? 0;
    },
    drizzle: drizzlePglite({ client }) as unknown as PgDatabase<PgQueryResultHKT>,
    async close() {
      if (!client.closed) await client.close();
    },
  };
  return db;
}

/** The startup option the pools send on a direct connection (see openPostgres). */
export const STARTUP_OPTIONS = '-c jit=off';

/** pgbouncer's answer to a startup parameter it does not pass on (`options` unless told to ignore it). */
export function isStartupOptionRefused(error: unknown): boolean {
  return /unsupported startup parameter/i.test(String((error as { message?: string } | null)?.message ?? ''));
}

async function openPostgres(
  url: string,
  poolSize: number,
  options: { probe?: boolean; connectTimeoutMs?: number } = {},
): Promise<Database> {
  // JIT compilation pays off for long analytical scans, not for the portal's queries: it added 50 ms
  // to a report count and 70 ms to a Team View on the large set, and 340 ms to an export's query.
  // A direct connection turns it off with a startup option. A transaction pooler (pgbouncer) refuses that
  // option ('unsupported startup parameter: options'), or drops it when told to ignore it; behind one the
  // database's own default must say `jit = off` (ALTER DATABASE … SET jit = off, docs/deployment.md), and
  // the pool stops sending the option at the first refusal. `SHOW jit` at the probe warns when it is on.
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    options: STARTUP_OPTIONS,
    connectionTimeoutMillis: options.connectTimeoutMs,
  });
  // An idle connection the server ends (a restart, an administrator, DROP DATABASE … FORCE) must not
  // crash the process: the pool drops it and opens a new one on the next query.
  pool.on('error', (error) => {
    console.error(`PostgreSQL connection lost: ${error.message}`);
  });
  // The pool listens for errors only on idle connections. One checked out (a transaction, a cursor, COPY)
  // whose server goes away between two of its queries emits 'error' with no listener, which ends the
  // process (seen when the primary stopped mid-import: an app server died). Every connection gets a
  // listener; the work that holds it fails at its next query and gives it back.
  pool.on('connect', (client) => {
    client.on('error', (error) => {
      console.error(`PostgreSQL connection lost while in use: ${error.message}`);
    });
  });
  /**
   * After a pooler refused the startup option: later connections go without it. True for that refusal,
   * whether this call or an earlier one dropped the option: the first connections of a lazy pool start
   * together and are all refused, and each is tried once more without it (only the first of them was,
   * and a replica pool's first check or read then failed and marked the replica down at start).
   */
  const dropStartupOption = (error: unknown): boolean => {
    if (!isStartupOptionRefused(error)) return false;
    if (pool.options.options !== undefined) {
      pool.options.options = undefined;
      console.log(
        `${safeUrl(url)}: a connection pooler refused the startup option '${STARTUP_OPTIONS}'; connecting ` +
          'without it (the database default must turn JIT off: docs/deployment.md, "Connection pooler")',
      );
    }
    return true;
  };
  const connect = async (): Promise<pg.PoolClient> => {
    try {
      return await pool.connect();
    } catch (error) {
      if (!dropStartupOption(error)) throw error;
      return pool.connect();
    }
  };
  /** A connection, or ReadAbandoned once `signal` fires first (the late connection is then closed). */
  const connectUntil = async (signal: AbortSignal | undefined): Promise<pg.PoolClient> => {
    const connecting = connect();
    try {
      return await within(connecting, signal);
    } catch (error) {
      connecting.then(
        (c) => c.release(true),
        () => undefined,
      );
      throw error;
    }
  };
  const poolQuery = async (sql: string, params?: unknown[]) => {
    try {
      return await pool.query(sql, params);
    } catch (error) {
      if (!dropStartupOption(error)) throw error;
      return pool.query(sql, params);
    }
  };
  // Fail at boot, not at the first request, when the server cannot be reached.
  if (options.probe !== false) {
    const probe = await connect();
    try {
      const { rows } = await probe.query<{ jit: string }>('SHOW jit');
      if (rows[0]?.jit !== 'off') {
        console.warn(
          `${safeUrl(url)}: JIT is on for the portal's sessions (it slows its queries): behind a connection ` +
            'pooler run ALTER DATABASE <database> SET jit = off (docs/deployment.md, "Connection pooler")',
        );
      }
    } finally {
      probe.release();
    }
  }
  let closed = false;
  const db: Database = {
    kind: 'postgres',
    async query<T>(sql: string, params?: unknown[]) {
      const result = await poolQuery(sql, params as unknown[] | undefined);
      return { rows: result.rows as T[] };
    },
    async exec(sql: string) {
      await poolQuery(sql);
    },
    async transaction<T>(fn: (tx: Transaction) => Promise<T>) {
      const conn = await connect();
      try {
        await conn.query('BEGIN');
        const value = await fn({
          async query<R>(sql: string, params?: unknown[]) {
            const result = await conn.query(sql, params as unknown[] | undefined);
            return { rows: result.rows as R[] };
          },
          async exec(sql: string) {
            await conn.query(sql);
          },
        });
        await conn.query('COMMIT');
        return value;
      } catch (error) {
        await conn.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        conn.release();
      }
    },
    async copyCsv(table, columns, csv) {
      const conn = await connect();
      try {
        const stream = conn.query(copyFrom(copyStatement(table, columns, 'STDIN')));
        await pipeline(Readable.from([csv]), stream);
        return Number(stream.rowCount ?? 0);
      } finally {
        conn.release();
      }
    },
    drizzle: drizzlePg({ client: pool }) as unknown as PgDatabase<PgQueryResultHKT>,
    async *cursor(sql: string, params: unknown[], batchSize: number, signal?: AbortSignal) {
      if (signal?.aborted) throw new ReadAbandoned(signal.reason);
      const conn = await connectUntil(signal);
      let open = false;
      let broken: Error | undefined;
      try {
        await within(conn.query('BEGIN READ ONLY'), signal);
        open = true;
        await within(
          conn.query(`DECLARE export_cursor NO SCROLL CURSOR FOR ${sql}`, params as unknown[]),
          signal,
        );
        for (;;) {
          const batch = await within(
            conn.query(`FETCH ${Math.max(1, Math.floor(batchSize))} FROM export_cursor`),
            signal,
          );
          if (batch.rows.length === 0) break;
          yield batch.rows as Record<string, unknown>[];
          if (batch.rows.length < batchSize) break;
        }
        await conn.query('COMMIT');
        open = false;
      } catch (error) {
        // Given up: the connection may still have a query queued; close it rather than reuse it.
        if (error instanceof ReadAbandoned) broken = error;
        throw error;
      } finally {
        if (open && !broken) await conn.query('ROLLBACK').catch(() => undefined);
        conn.release(broken);
      }
    },
    async queryUntil<T>(sql: string, params: unknown[] | undefined, signal: AbortSignal) {
      if (signal.aborted) throw new ReadAbandoned(signal.reason);
      const conn = await connectUntil(signal);
      try {
        const result = await within(conn.query(sql, params), signal);
        conn.release();
        return { rows: result.rows as T[] };
      } catch (error) {
        // As pg's own pool.query does on an error: the connection is not reused.
        conn.release(error instanceof Error ? error : true);
        throw error;
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
  return db;
}

export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 10);
  return openPglite(options.dataDir);
}

/**
 * A read replica's pool (DATABASE_READ_URL, db/read-routing.ts): no probe at open (a replica down at start
 * is used once it is back) and a short connection timeout, so a replica that went away costs a read at
 * most that long before it falls back to the primary.
 */
export function openReplica(url: string, poolSize = 10): Promise<Database> {
  return openPostgres(url, poolSize, { probe: false, connectTimeoutMs: 2000 });
}
