/**
 * Two app servers that share nothing but the database (issue 16): the app is built twice against one
 * database. On PGlite both use the one in-memory instance (it cannot be opened twice); on PostgreSQL
 * (DATABASE_URL, the `--with-postgres` pass) each app gets its own connection pool, as two processes would.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildAppOptions } from '../../src/app.js';
import { openDatabase, type Database } from '../../src/db/client.js';
import { migrate } from '../../src/db/migrate.js';
import { seedDatabase } from '../../src/db/seed/index.js';
import { seedAuthDemo } from '../../src/modules/auth/demo.js';
import { ManualClock } from '../../src/lib/clock.js';
import { testDatabaseUrl } from '../helpers/database.js';
import { START } from '../auth/helpers.js';

export interface Pair {
  a: FastifyInstance;
  b: FastifyInstance;
  /** The database of app A (the same instance as B's on PGlite). */
  db: Database;
  dbB: Database;
  /** The database's URL on PostgreSQL (null on PGlite). */
  url: string | null;
  clock: ManualClock;
  close(): Promise<void>;
}

function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

export async function twoApps(
  options: Partial<Omit<BuildAppOptions, 'db'>> & { seed?: boolean; systemClock?: boolean } = {},
): Promise<Pair> {
  let dbA: Database;
  let dbB: Database;
  let drop = async () => undefined as unknown;
  let databaseUrl: string | null = null;
  if (testDatabaseUrl) {
    const name = `ff_cluster_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: testDatabaseUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = withDatabase(testDatabaseUrl, name);
    databaseUrl = url;
    dbA = await openDatabase({ databaseUrl: url, poolSize: 10 });
    dbB = await openDatabase({ databaseUrl: url, poolSize: 10 });
    drop = async () => {
      const client = new pg.Client({ connectionString: testDatabaseUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    };
  } else {
    dbA = await openDatabase({});
    dbB = dbA;
  }
  await migrate(dbA);
  const clock = new ManualClock(START);
  if (options.seed !== false) {
    await seedDatabase(dbA, { scale: 'test', seed: 1, today: new Date('2026-11-20T00:00:00Z') });
    await seedAuthDemo(dbA, { clock });
  }
  const { seed: _seed, systemClock, ...rest } = options;
  const build = async (db: Database) => {
    const app = await buildApp({
      logger: false,
      ...rest,
      clock: systemClock ? undefined : clock,
      config: { AUTH_RATE_LIMIT_PER_MINUTE: 100_000, ...rest.config },
      db,
    });
    await app.ready();
    return app;
  };
  const a = await build(dbA);
  const b = await build(dbB);
  return {
    a,
    b,
    db: dbA,
    dbB,
    url: databaseUrl,
    clock,
    async close() {
      await a.close();
      await b.close();
      await dbA.close();
      if (dbB !== dbA) await dbB.close();
      await drop();
    },
  };
}
