/**
 * The version of the business data (hierarchy, scope, summary tables): a random token in app_meta
 * that every data load replaces (the seed, and any import or admin change that alters what the
 * dashboards count). Answers computed from that data are cached under the version they were
 * computed at, so a load invalidates them all at once, in every server process that reads the
 * same database.
 *
 * Each process knows the version through its watches (DataVersionWatch: read at most once a second).
 * A change made by this process tells them once its transaction has COMMITTED, with
 * `dataVersionCommitted(db)`: every watch of that database forgets what it knew, so the next request
 * here reads the new version at once (a forgetting inside the transaction is not enough: a request
 * running meanwhile reads the old version, still the committed one, and keeps it for a second). The
 * admin foundation does it for every change (lib/tables: registerAdminChange, registerChangeListSave)
 * and the import pipeline for every apply (lib/imports/apply.ts).
 */
import { randomUUID } from 'node:crypto';
import type { Queryable } from './client.js';

export const DATA_VERSION_KEY = 'data_version';

/** Marks the data as changed. Call it inside the transaction of the load that changed it. */
export async function bumpDataVersion(q: Queryable): Promise<string> {
  const version = randomUUID();
  await q.query(
    `INSERT INTO app_meta (key, value) VALUES ($1, $2)
     ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
    [DATA_VERSION_KEY, version],
  );
  return version;
}

export async function readDataVersion(q: Queryable): Promise<string> {
  const { rows } = await q.query<{ value: string }>(
    `SELECT coalesce(
       (SELECT value FROM app_meta WHERE key = $1),
       (SELECT value FROM app_meta WHERE key = 'seeded_at'),
       'empty') AS value`,
    [DATA_VERSION_KEY],
  );
  return rows[0]?.value ?? 'empty';
}

/** The watches of each database object in this process (weakly: a closed app's watch may go). */
const watches = new WeakMap<Queryable, Set<WeakRef<DataVersionWatch>>>();

/**
 * Call once a transaction that bumped the data version has committed: every watch of `db` in this
 * process (the app's, the feature flags') forgets the version it knew, so the next read sees the change.
 */
export function dataVersionCommitted(db: Queryable): void {
  const set = watches.get(db);
  if (!set) return;
  for (const ref of set) {
    const watch = ref.deref();
    if (watch) watch.invalidate();
    else set.delete(ref);
  }
}

/**
 * The current data version as one process sees it: read from the database at most once per
 * `pollMs` (a load by another process shows within that time), at once after this process's change
 * has committed (`dataVersionCommitted`).
 */
export class DataVersionWatch {
  private value: string | null = null;
  private readAt = -Infinity;
  private pending: Promise<string> | null = null;
  /** Counts the forgettings: a read started before one is answered but not kept. */
  private generation = 0;

  constructor(
    private readonly db: Queryable,
    private readonly pollMs = 1000,
  ) {
    let set = watches.get(db);
    if (!set) watches.set(db, (set = new Set()));
    set.add(new WeakRef(this));
  }

  current(): Promise<string> {
    if (this.value !== null && performance.now() - this.readAt < this.pollMs) {
      return Promise.resolve(this.value);
    }
    if (this.pending) return this.pending;
    const generation = this.generation;
    const pending = readDataVersion(this.db)
      .then((value) => {
        if (generation === this.generation) {
          this.value = value;
          this.readAt = performance.now();
        }
        return value;
      })
      .finally(() => {
        if (this.pending === pending) this.pending = null;
      });
    this.pending = pending;
    return pending;
  }

  /**
   * Bumps the version (in `q`, e.g. a load's transaction) and forgets the one this process knew; inside
   * a transaction, call `dataVersionCommitted` after the commit as well (see above).
   */
  async bump(q: Queryable = this.db): Promise<string> {
    const version = await bumpDataVersion(q);
    this.invalidate();
    return version;
  }

  /**
   * Forgets the known version, so the next read goes to the database; a read already running is
   * answered but not kept (it may have seen the version before the change).
   */
  invalidate(): void {
    this.value = null;
    this.pending = null;
    this.generation += 1;
  }
}
