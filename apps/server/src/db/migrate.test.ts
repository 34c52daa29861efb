import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freshDatabase, type TestDatabase } from '../../test/helpers/database.js';
import { listMigrations, migrate, schemaVersion } from './migrate.js';

const dirs: string[] = [];
const databases: TestDatabase[] = [];

function migrationsDir(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ff-mig-'));
  dirs.push(dir);
  for (const [name, sql] of Object.entries(files)) writeFileSync(path.join(dir, name), sql);
  return dir;
}

async function emptyDatabase() {
  const database = await freshDatabase({ migrate: false });
  databases.push(database);
  return database.db;
}

afterEach(async () => {
  for (const d of databases.splice(0)) await d.cleanup();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('migrate', () => {
  it('applies numbered files in order, once', async () => {
    const dir = migrationsDir({
      '0002_add_column.sql': 'ALTER TABLE thing ADD COLUMN label text;',
      '0001_create.sql': 'CREATE TABLE thing (id integer PRIMARY KEY);',
    });
    const db = await emptyDatabase();
    expect(await migrate(db, dir)).toEqual({ version: 2, applied: ['0001_create', '0002_add_column'] });
    expect(await migrate(db, dir)).toEqual({ version: 2, applied: [] });
    await db.query("INSERT INTO thing (id, label) VALUES (1, 'x')");
    expect(await schemaVersion(db)).toBe(2);
  });

  it('rolls back a failing migration and keeps the earlier ones', async () => {
    const dir = migrationsDir({
      '0001_ok.sql': 'CREATE TABLE a (id integer);',
      '0002_bad.sql': 'CREATE TABLE b (id integer); SELECT no_such_function();',
    });
    const db = await emptyDatabase();
    await expect(migrate(db, dir)).rejects.toThrow();
    expect(await schemaVersion(db)).toBe(1);
    const { rows } = await db.query("SELECT 1 FROM information_schema.tables WHERE table_name = 'b'");
    expect(rows).toHaveLength(0);
  });

  it('refuses badly named files and gaps in numbering', () => {
    expect(() => listMigrations(migrationsDir({ '1_x.sql': '' }))).toThrow(/0001_name\.sql/);
    expect(() => listMigrations(migrationsDir({ '0001_a.sql': '', '0003_c.sql': '' }))).toThrow(
      /without gaps/,
    );
  });

  it('lets two processes migrate the same database at once without applying a file twice', async () => {
    const dir = migrationsDir({ '0001_create.sql': 'CREATE TABLE once (id integer PRIMARY KEY);' });
    const db = await emptyDatabase();
    const results = await Promise.all([migrate(db, dir), migrate(db, dir), migrate(db, dir)]);
    expect(results.flatMap((r) => r.applied)).toEqual(['0001_create']);
  });
});
