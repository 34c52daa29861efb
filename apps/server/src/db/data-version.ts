/**
 * The version of the business data (hierarchy, scope, summary tables): a random token in app_meta
 * that every data load replaces (the seed, and any import or admin change that alters what the
 * dashboards count). Answers computed from that data are cached under the version they were
 * computed at, so a load invalidates them all at once, in every server process that reads the
 * same database.
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

/**
 * The current data version as one process sees it: read from the database at most once per
 * `pollMs` (a load by another process shows within that time), at once after this process bumps it.
 */
export class DataVersionWatch {
  private value: string | null = null;
  private readAt = -Infinity;
  private pending: Promise<string> | null = null;

  constructor(
    private readonly db: Queryable,
    private readonly pollMs = 1000,
  ) {}

  current(): Promise<string> {
    if (this.value !== null && performance.now() - this.readAt < this.pollMs) {
      return Promise.resolve(this.value);
    }
    this.pending ??= readDataVersion(this.db)
      .then((value) => {
        this.value = value;
        this.readAt = performance.now();
        return value;
      })
      .finally(() => {
        this.pending = null;
      });
    return this.pending;
  }

  /** Bumps the version (in `q`, e.g. a load's transaction) and forgets the one this process knew. */
  async bump(q: Queryable = this.db): Promise<string> {
    const version = await bumpDataVersion(q);
    this.value = null;
    return version;
  }

  /** Forgets the known version, so the next read goes to the database (after a load elsewhere). */
  invalidate(): void {
    this.value = null;
  }
}
