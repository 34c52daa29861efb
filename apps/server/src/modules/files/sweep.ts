/**
 * Files nothing refers to (issue 16): a file is written to the store before the row that refers to it
 * commits (an upload's original before its `imports` row, an error sheet before its stored_files row,
 * Add Images' files before their merch_images rows), so a process that dies in between leaves a file
 * nobody will read, in the folder store or in the bucket; so does a folder write's `.part` file.
 *
 * The recurring job 'files.sweep' (at start, then every FILE_SWEEP_EVERY_MS; one process runs it, under
 * the job lease: lib/jobs.ts) lists the store (FileStore.list) and removes each file last written more
 * than ORPHAN_FILE_AGE_MS ago that no row refers to: `stored_files.key`, `merch_images.image_key` and
 * `thumb_key` (the old images kept as history included). A day is far longer than any write-then-record
 * step takes (seconds; an Add Images job's lease is a minute), so a file whose row is still to come is
 * never taken, and a retry writes over its files (fresh again) before recording them.
 *
 * Files written before the database existed (its first migration) are never this database's orphans,
 * and stay: a fresh database pointed at a store that another database's servers wrote (a test server
 * on a developer's `./data`) removes nothing of theirs. Two databases whose servers share one store
 * (bucket and prefix, or folder) would still remove each other's files: each needs its own
 * (docs/deployment.md).
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Queryable } from '../../db/client.js';
import { DAY_MS } from '../../lib/clock.js';
import type { FileStore, ListedFile } from '../../lib/file-store.js';

declare module '../../lib/jobs.js' {
  interface JobPayloads {
    'files.sweep': Record<string, never>;
  }
}

/** A file nothing refers to is removed once it is older than this. */
export const ORPHAN_FILE_AGE_MS = DAY_MS;
/** How often the sweep runs (a listing of the whole store, a page of 1,000 per request in S3). */
export const FILE_SWEEP_EVERY_MS = 6 * 3_600_000;
/** Keys checked against the database at a time. */
const BATCH = 1_000;

export interface SweepResult {
  /** Files in the store. */
  listed: number;
  /** Of those, older than the age (and written since the database was created). */
  old: number;
  /** Of those, removed: nothing referred to them. */
  removed: number;
  removedBytes: number;
}

/** The keys of `keys` that a row refers to. */
async function referenced(db: Queryable, keys: string[]): Promise<Set<string>> {
  const { rows: stored } = await db.query<{ key: string }>(
    'SELECT key FROM stored_files WHERE key = ANY($1::text[])',
    [keys],
  );
  // merch_images has no index on its keys: one scan of the (small) table per batch.
  const { rows: images } = await db.query<{ image_key: string; thumb_key: string }>(
    `SELECT image_key, thumb_key FROM merch_images
     WHERE image_key = ANY($1::text[]) OR thumb_key = ANY($1::text[])`,
    [keys],
  );
  return new Set([...stored.map((r) => r.key), ...images.flatMap((r) => [r.image_key, r.thumb_key])]);
}

/**
 * Removes the files of `files` last written before `now - olderThanMs`, and since the database was
 * created, that no row refers to. Stops
 * (throws) when `signal` aborts: the job's lease was lost, another process sweeps. A failed removal is
 * logged and left for the next run.
 */
export async function sweepUnreferencedFiles(
  db: Queryable,
  files: FileStore,
  now: Date,
  options: { olderThanMs?: number; signal?: AbortSignal; log?: FastifyBaseLogger } = {},
): Promise<SweepResult> {
  const cutoff = now.getTime() - (options.olderThanMs ?? ORPHAN_FILE_AGE_MS);
  const { rows: created } = await db.query<{ at: Date | string | null }>(
    'SELECT min(applied_at) AS at FROM schema_migrations',
  );
  // Whole seconds: S3 lists a file's time to the second, so a file stored in the database's first
  // second would otherwise look older than the database and never be swept.
  const since = created[0]?.at
    ? Math.floor(new Date(created[0].at).getTime() / 1000) * 1000
    : Number.POSITIVE_INFINITY;
  const result: SweepResult = { listed: 0, old: 0, removed: 0, removedBytes: 0 };
  // A database younger than the age has no file old enough (a test's, a new install's): no listing.
  if (since >= cutoff) return result;
  let batch: ListedFile[] = [];
  const settle = async () => {
    options.signal?.throwIfAborted();
    const used = await referenced(
      db,
      batch.map((f) => f.key),
    );
    for (const file of batch) {
      if (used.has(file.key)) continue;
      try {
        await files.remove(file.key);
        result.removed += 1;
        result.removedBytes += file.bytes;
      } catch (error) {
        options.log?.warn({ err: error, key: file.key }, 'removing an unreferenced file failed');
      }
    }
    batch = [];
  };
  for await (const file of files.list()) {
    result.listed += 1;
    const at = file.modifiedAt.getTime();
    if (at >= cutoff || at < since) continue;
    result.old += 1;
    batch.push(file);
    if (batch.length >= BATCH) await settle();
  }
  if (batch.length > 0) await settle();
  if (result.removed > 0) options.log?.info(result, 'removed files nothing referred to');
  return result;
}

/** Registers the recurring job 'files.sweep' on the app's job queue. */
export function registerFileSweep(app: FastifyInstance): void {
  app.jobs.register('files.sweep', async ({ db, signal, log }) => ({
    ...(await sweepUnreferencedFiles(db, app.files, app.clock.now(), { signal, log })),
  }));
  app.jobs.every('files.sweep', FILE_SWEEP_EVERY_MS);
}
