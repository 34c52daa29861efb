import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../../src/db/client.js';
import { migrate, MIGRATIONS_DIR } from '../../src/db/migrate.js';
import { seedDatabase } from '../../src/db/seed/index.js';
import { openPgliteImage } from './pglite-image.js';

export interface TestDatabase {
  db: Database;
  /** Closes the database and, on PostgreSQL, drops it. */
  cleanup(): Promise<void>;
}

/** postgres://… when the suite runs against a PostgreSQL server (CI's second pass). */
export const testDatabaseUrl = process.env.DATABASE_URL;

/** The seeded data every seeded test database holds (createTestApp's `seed: true`). */
export const TEST_SEED = { scale: 'test', seed: 1, today: new Date('2026-11-20T00:00:00Z') } as const;

/**
 * The databases a file starts from, built once per run by test/global-setup.ts: PGlite image files,
 * or template database names on PostgreSQL.
 */
export interface DatabaseTemplates {
  migrated: string;
  seeded: string;
}

/** The run's templates; undefined when the file runs without the global setup (it then builds its own). */
function templates(): DatabaseTemplates | undefined {
  try {
    return inject('databaseTemplates');
  } catch {
    return undefined;
  }
}

const images = new Map<string, Blob>();
function image(file: string): Blob {
  let blob = images.get(file);
  if (!blob) {
    blob = new Blob([readFileSync(file)]);
    images.set(file, blob);
  }
  return blob;
}

export function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database on
 * the PostgreSQL server named by DATABASE_URL (created here, dropped by cleanup). `seeded` gives it
 * the `test` data set (TEST_SEED) as well. Both are copies of the run's templates when the global
 * setup built them (test/global-setup.ts), the same as migrating and seeding here, only faster.
 */
export async function freshDatabase(
  options: { migrate?: boolean; seeded?: boolean } = {},
): Promise<TestDatabase> {
  const migrated = options.migrate !== false;
  const from = migrated ? templates() : undefined;
  const template = from ? (options.seeded ? from.seeded : from.migrated) : undefined;
  let database: TestDatabase;
  if (!testDatabaseUrl) {
    const db = template ? (await openPgliteImage(image(template))).db : await openDatabase({});
    database = { db, cleanup: () => db.close() };
  } else {
    const name = `ff_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: testDatabaseUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
    await admin.end();
    const db = await openDatabase({ databaseUrl: withDatabase(testDatabaseUrl, name), poolSize: 20 });
    database = {
      db,
      async cleanup() {
        await db.close();
        const client = new pg.Client({ connectionString: testDatabaseUrl });
        await client.connect();
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await client.end();
      },
    };
  }
  if (migrated && !template) await migrate(database.db);
  if (options.seeded && !template) await seedDatabase(database.db, TEST_SEED);
  return database;
}

/**
 * A fresh database with only the migrations numbered before `first` applied (as a database had them
 * before that migration shipped): for the tests of what a migration does to the rows it finds.
 */
export async function databaseMigratedBefore(first: string): Promise<TestDatabase> {
  const database = await freshDatabase({ migrate: false });
  const before = mkdtempSync(path.join(os.tmpdir(), 'ff-migrations-'));
  try {
    for (const file of readdirSync(MIGRATIONS_DIR).filter((f) => f < first)) {
      cpSync(path.join(MIGRATIONS_DIR, file), path.join(before, file));
    }
    await migrate(database.db, before);
  } finally {
    rmSync(before, { recursive: true, force: true });
  }
  return database;
}
