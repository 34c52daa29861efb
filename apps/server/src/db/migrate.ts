import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import type { Database } from './client.js';

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));
const FILE_PATTERN = /^(\d{4})_([a-z0-9_]+)\.sql$/;
// Any constant shared by every process that migrates this database.
const MIGRATION_LOCK = 726_351_904;

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export function listMigrations(dir = MIGRATIONS_DIR): Migration[] {
  const files = readdirSync(dir).filter((f) => f.endsWith('.sql'));
  const migrations = files.map((file) => {
    const match = FILE_PATTERN.exec(file);
    if (!match) throw new Error(`Migration file name must look like 0001_name.sql: ${file}`);
    return { version: Number(match[1]), name: match[2]!, sql: readFileSync(path.join(dir, file), 'utf8') };
  });
  migrations.sort((a, b) => a.version - b.version);
  migrations.forEach((m, i) => {
    if (m.version !== i + 1)
      throw new Error(`Migrations must be numbered 1, 2, 3… without gaps: ${m.version}`);
  });
  return migrations;
}

/** The newest migration this build knows: the schema version /api/health reports. */
export function latestSchemaVersion(dir = MIGRATIONS_DIR): number {
  return listMigrations(dir).at(-1)?.version ?? 0;
}

/**
 * Applies the pending migrations in order, each in its own transaction. An advisory lock makes a
 * second process that starts at the same time wait rather than apply the same file twice.
 */
export async function migrate(
  db: Database,
  dir = MIGRATIONS_DIR,
): Promise<{ version: number; applied: string[] }> {
  // Under the lock too: two servers starting at once would otherwise race on CREATE TABLE.
  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY,
      name text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
  });
  const applied: string[] = [];
  for (const migration of listMigrations(dir)) {
    const done = await db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      const { rows } = await tx.query('SELECT 1 FROM schema_migrations WHERE version = $1', [
        migration.version,
      ]);
      if (rows.length > 0) return false;
      await tx.exec(migration.sql);
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [
        migration.version,
        migration.name,
      ]);
      return true;
    });
    if (done) applied.push(`${String(migration.version).padStart(4, '0')}_${migration.name}`);
  }
  return { version: await schemaVersion(db), applied };
}

export async function schemaVersion(db: Database): Promise<number> {
  const { rows } = await db.query<{ version: number | null }>(
    'SELECT max(version) AS version FROM schema_migrations',
  );
  return Number(rows[0]?.version ?? 0);
}
