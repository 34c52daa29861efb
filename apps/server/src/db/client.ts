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
  ) => AsyncGenerator<Record<string, unknown>[]>;
  close(): Promise<void>;
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

async function openPglite(dataDir: string | undefined): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir ?? 'memory://', {
    parsers: {
      [INT8]: toNumber,
      [NUMERIC]: toNumber,
      [DATE]: asText,
      [pgliteTypes.TIMESTAMPTZ]: (v: string) => new Date(v),
    },
  });
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

async function openPostgres(
  url: string,
  poolSize: number,
  options: { probe?: boolean; connectTimeoutMs?: number } = {},
): Promise<Database> {
  // JIT compilation pays off for long analytical scans, not for the portal's queries: it added 50 ms
  // to a report count and 70 ms to a Team View on the large set, and 340 ms to an export's query.
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    options: '-c jit=off',
    connectionTimeoutMillis: options.connectTimeoutMs,
  });
  // An idle connection the server ends (a restart, an administrator, DROP DATABASE … FORCE) must not
  // crash the process: the pool drops it and opens a new one on the next query.
  pool.on('error', (error) => {
    console.error(`PostgreSQL connection lost: ${error.message}`);
  });
  // Fail at boot, not at the first request, when the server cannot be reached.
  if (options.probe !== false) {
    const probe = await pool.connect();
    probe.release();
  }
  let closed = false;
  const db: Database = {
    kind: 'postgres',
    async query<T>(sql: string, params?: unknown[]) {
      const result = await pool.query(sql, params as unknown[] | undefined);
      return { rows: result.rows as T[] };
    },
    async exec(sql: string) {
      await pool.query(sql);
    },
    async transaction<T>(fn: (tx: Transaction) => Promise<T>) {
      const conn = await pool.connect();
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
      const conn = await pool.connect();
      try {
        const stream = conn.query(copyFrom(copyStatement(table, columns, 'STDIN')));
        await pipeline(Readable.from([csv]), stream);
        return Number(stream.rowCount ?? 0);
      } finally {
        conn.release();
      }
    },
    drizzle: drizzlePg({ client: pool }) as unknown as PgDatabase<PgQueryResultHKT>,
    async *cursor(sql: string, params: unknown[], batchSize: number) {
      const conn = await pool.connect();
      let open = false;
      try {
        await conn.query('BEGIN READ ONLY');
        open = true;
        await conn.query(`DECLARE export_cursor NO SCROLL CURSOR FOR ${sql}`, params as unknown[]);
        for (;;) {
          const batch = await conn.query(`FETCH ${Math.max(1, Math.floor(batchSize))} FROM export_cursor`);
          if (batch.rows.length === 0) break;
          yield batch.rows as Record<string, unknown>[];
          if (batch.rows.length < batchSize) break;
        }
        await conn.query('COMMIT');
        open = false;
      } finally {
        if (open) await conn.query('ROLLBACK').catch(() => undefined);
        conn.release();
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
