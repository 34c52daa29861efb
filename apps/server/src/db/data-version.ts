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
 * running meanwhile reads the old version, still the committed one, and keeps it for a second).
 * `transactionThatChangesData(db, fn)` does the whole sequence (a transaction, the bump inside it, the
 * forgetting after the commit); the admin foundation (lib/tables: registerAdminChange,
 * registerChangeListSave), the import pipeline (lib/imports/apply.ts), the merchandizing image upload
 * and any other change that dashboards read go through it, never a hand-made bump and forgetting.
 */
import { randomUUID } from 'node:crypto';
import type { Database, Queryable, Transaction } from './client.js';

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
 * Runs `fn` in a transaction of `db` that changes data the dashboards read: when `changed(result)` says
 * it did (by default always), the data version is bumped inside the transaction, and once it has
 * committed every watch of `db` in this process forgets the version it knew, so the next cached read
 * here sees the change. A failure rolls back the bump with the rest and forgets nothing.
 *
 * `fn` may bump earlier itself with its second argument, `markChanged()` (once is enough; later calls
 * and the check at the end then add nothing): what it reads after that point inside the transaction,
 * e.g. an answer that shows the data version, sees the new version rather than the committed one.
 */
export async function transactionThatChangesData<T>(
  db: Database,
  fn: (tx: Transaction, markChanged: () => Promise<void>) => Promise<T>,
  changed: (result: T) => boolean = () => true,
): Promise<T> {
  let bumped = false;
  const result = await db.transaction(async (tx) => {
    const markChanged = async () => {
      if (bumped) return;
      await bumpDataVersion(tx);
      bumped = true;
    };
    const value = await fn(tx, markChanged);
    if (changed(value)) await markChanged();
    return value;
  });
  if (bumped) dataVersionCommitted(db);
  return result;
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
   * Bumps the version (in `q`) and forgets the one this process knew; a change made in a transaction
   * goes through `transactionThatChangesData` instead (it forgets again after the commit).
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
