import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type Database } from '../../src/db/client.js';
import { migrate, MIGRATIONS_DIR } from '../../src/db/migrate.js';

export interface TestDatabase {
  db: Database;
  /** Closes the database and, on PostgreSQL, drops it. */
  cleanup(): Promise<void>;
}

/** postgres://… when the suite runs against a PostgreSQL server (CI's second pass). */
export const testDatabaseUrl = process.env.DATABASE_URL;

function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database on
 * the PostgreSQL server named by DATABASE_URL (created here, dropped by cleanup).
 */
export async function freshDatabase(options: { migrate?: boolean } = {}): Promise<TestDatabase> {
  if (!testDatabaseUrl) {
    const db = await openDatabase({});
    if (options.migrate !== false) await migrate(db);
    return { db, cleanup: () => db.close() };
  }
  const name = `ff_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: testDatabaseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const db = await openDatabase({ databaseUrl: withDatabase(testDatabaseUrl, name), poolSize: 20 });
  if (options.migrate !== false) await migrate(db);
  return {
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
