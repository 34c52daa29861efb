/** What the admin foundation's tests (admin-change, admin-read-gate) share. */
import type { Queryable } from '../../src/db/client.js';

/** The value a test change route stored in app_meta under `key`, or null. */
export const storedValue = async (db: Queryable, key: string): Promise<string | null> =>
  (await db.query<{ value: string }>('SELECT value FROM app_meta WHERE key = $1', [key])).rows[0]?.value ??
  null;
