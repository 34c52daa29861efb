/**
 * A market's feature flags (spec section 3) as the database holds them: `countries.flags` (jsonb, edited
 * on /adminconfigurationpage) merged over the contracts' defaults (`countryFlags(code)`), so a key the
 * row lacks, or holds as something other than true/false, falls back to its default.
 *
 * Every request-path rule reads flags through `marketFlags(q, market)`. Answers are cached in-process
 * under the data version (db/data-version.ts), which every flag edit bumps in its own transaction:
 *   - in the process that saved the change, the store's watch forgets the version once the change has
 *     committed (registerAdminChange calls dataVersionCommitted), so the next call reloads at once;
 *     `flagsChanged(db)` drops the cache by hand (a test that edits the row in SQL);
 *   - in any other process on the same database, its watch reads the data version at most once a
 *     second, sees the new one and reloads (docs/decisions.md, "Feature flags from the database").
 * Inside a transaction (`q` is not the app's Database) the row is read directly, uncached.
 */
import { COUNTRY_FLAG_NAMES, countryFlags, type CountryCode, type CountryFlags } from '@fieldforce/contracts';
import type { Database, Queryable } from '../db/client.js';
import { DataVersionWatch } from '../db/data-version.js';

/** The stored flags over the defaults: only known names with boolean values count. */
export function mergeFlags(code: CountryCode, stored: unknown): CountryFlags {
  const flags = countryFlags(code);
  if (stored && typeof stored === 'object' && !Array.isArray(stored)) {
    const record = stored as Record<string, unknown>;
    for (const name of COUNTRY_FLAG_NAMES) {
      const value = record[name];
      if (typeof value === 'boolean') flags[name] = value;
    }
  }
  return flags;
}

/** Reads the market's row now (no cache). A market without a row gets the defaults. */
export async function readMarketFlags(q: Queryable, code: CountryCode): Promise<CountryFlags> {
  const { rows } = await q.query<{ flags: unknown }>('SELECT flags FROM countries WHERE code = $1', [code]);
  return mergeFlags(code, rows[0]?.flags);
}

interface Entry {
  version: string;
  flags: Promise<CountryFlags>;
}

/** The flags of every market for one database, cached under the data version. */
export class MarketFlagStore {
  private readonly watch: DataVersionWatch;
  private readonly cache = new Map<CountryCode, Entry>();

  constructor(
    private readonly db: Queryable,
    pollMs = 1000,
  ) {
    this.watch = new DataVersionWatch(db, pollMs);
  }

  async get(code: CountryCode): Promise<CountryFlags> {
    const version = await this.watch.current();
    const hit = this.cache.get(code);
    if (hit && hit.version === version) return hit.flags;
    const flags = readMarketFlags(this.db, code);
    const entry = { version, flags };
    this.cache.set(code, entry);
    // A failed read is not kept: the next call tries again.
    flags.catch(() => {
      if (this.cache.get(code) === entry) this.cache.delete(code);
    });
    return flags;
  }

  /** Forgets every market's flags and the known data version (after this process saved a change). */
  invalidate(): void {
    this.cache.clear();
    this.watch.invalidate();
  }
}

const stores = new WeakMap<object, MarketFlagStore>();

const isDatabase = (q: Queryable): q is Database =>
  typeof (q as Partial<Database>).transaction === 'function';

/** The store of `db` (one per database object, so every module shares it). */
export function flagStore(db: Database): MarketFlagStore {
  let store = stores.get(db);
  if (!store) {
    store = new MarketFlagStore(db);
    stores.set(db, store);
  }
  return store;
}

/** The market's flags: cached for the app's database, read directly inside a transaction. */
export function marketFlags(q: Queryable, code: CountryCode): Promise<CountryFlags> {
  return isDatabase(q) ? flagStore(q).get(code) : readMarketFlags(q, code);
}

/** Call after a flag change committed (the data version was bumped in its transaction). */
export function flagsChanged(db: Database): void {
  stores.get(db)?.invalidate();
}
