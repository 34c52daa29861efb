/**
 * Bulk loads are several times faster without secondary indexes and foreign-key checks, and
 * building an index once over loaded rows is cheaper than maintaining it row by row. So the seed
 * drops them from the big tables, loads, and recreates them from the catalogue's own definitions
 * (nothing is copied from the migrations, so later migrations' indexes are kept too).
 *
 * The statements that restore them are saved in app_meta before anything is dropped: a load that
 * dies half way leaves them there, and restoreDeferredDdl (called by resetDatabase and the seed)
 * puts them back.
 */
import type { Database } from '../client.js';

/** The tables the seed loads in bulk. */
export const BULK_TABLES = [
  'outlets',
  'beat_plans',
  'monthly_targets',
  'promotion_outlets',
  'dt_inventory',
  'visits',
  'orders',
  'invoice_lines',
  'gps_points',
  'demand_capture',
  'order_loss',
  'salesman_daily_kpis',
  'outlet_daily_sales',
] as const;

const META_KEY = 'seed_deferred_ddl';

interface Deferred {
  drop: string[];
  restore: string[];
}

async function collect(db: Database, tables: readonly string[]): Promise<Deferred> {
  const { rows: constraints } = await db.query<{ tbl: string; name: string; def: string; kind: string }>(
    `SELECT c.conrelid::regclass::text AS tbl, c.conname AS name, pg_get_constraintdef(c.oid) AS def,
            c.contype::text AS kind
     FROM pg_constraint c
     WHERE c.conrelid = ANY (SELECT to_regclass(t)::oid FROM unnest($1::text[]) AS t) AND c.contype IN ('f', 'u')
     ORDER BY c.contype DESC, c.conname`,
    [tables],
  );
  const { rows: indexes } = await db.query<{ name: string; def: string }>(
    `SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS def
     FROM pg_index i
     WHERE i.indrelid = ANY (SELECT to_regclass(t)::oid FROM unnest($1::text[]) AS t)
       AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)
     ORDER BY 1`,
    [tables],
  );
  // Drop foreign keys before the unique constraints; restore indexes, then unique, then foreign keys.
  const uniques = constraints.filter((c) => c.kind === 'u');
  const foreign = constraints.filter((c) => c.kind === 'f');
  return {
    drop: [
      ...foreign.map((c) => `ALTER TABLE ${c.tbl} DROP CONSTRAINT "${c.name}"`),
      ...uniques.map((c) => `ALTER TABLE ${c.tbl} DROP CONSTRAINT "${c.name}"`),
      ...indexes.map((i) => `DROP INDEX ${i.name}`),
    ],
    restore: [
      ...indexes.map((i) => i.def),
      ...uniques.map((c) => `ALTER TABLE ${c.tbl} ADD CONSTRAINT "${c.name}" ${c.def}`),
      ...foreign.map((c) => `ALTER TABLE ${c.tbl} ADD CONSTRAINT "${c.name}" ${c.def}`),
    ],
  };
}

/** Drops secondary indexes and unique/foreign-key constraints of the tables, remembering them. */
export async function deferIndexes(db: Database, tables: readonly string[] = BULK_TABLES): Promise<number> {
  await restoreDeferredDdl(db);
  const deferred = await collect(db, tables);
  await db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO app_meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
      [META_KEY, JSON.stringify(deferred.restore)],
    );
    for (const statement of deferred.drop) await tx.exec(statement);
  });
  return deferred.restore.length;
}

/** Recreates whatever deferIndexes dropped (no-op when nothing is pending). */
export async function restoreDeferredDdl(db: Database, log?: (message: string) => void): Promise<void> {
  const { rows } = await db.query<{ value: string }>(`SELECT value FROM app_meta WHERE key = $1`, [META_KEY]);
  const pending = rows[0];
  if (!pending) return;
  const statements = JSON.parse(pending.value) as string[];
  const started = performance.now();
  // maintenance_work_mem speeds up index builds; SET LOCAL ends with the transaction.
  await db.transaction(async (tx) => {
    await tx.exec(`SET LOCAL maintenance_work_mem = '128MB'`);
    for (const statement of statements) await tx.exec(statement);
    await tx.query(`DELETE FROM app_meta WHERE key = $1`, [META_KEY]);
  });
  log?.(
    `${statements.length} indexes and constraints rebuilt (${((performance.now() - started) / 1000).toFixed(1)} s)`,
  );
}
