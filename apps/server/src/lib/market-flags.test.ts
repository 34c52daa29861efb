import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countryFlags } from '@fieldforce/contracts';
import { freshDatabase, type TestDatabase } from '../../test/helpers/database.js';
import { migrate } from '../db/migrate.js';
import { bumpDataVersion } from '../db/data-version.js';
import { flagsChanged, flagStore, marketFlags, MarketFlagStore, mergeFlags } from './market-flags.js';

let t: TestDatabase;
beforeAll(async () => {
  t = await freshDatabase();
  await migrate(t.db);
}, 60_000);
afterAll(() => t?.cleanup());

describe('mergeFlags', () => {
  it('takes known boolean keys from the row and the defaults for the rest', () => {
    const merged = mergeFlags('pk', {
      sortable: true,
      DownloadReports: 'no',
      Unknown: false,
      countryCode: 'vn',
    });
    expect(merged).toEqual({ ...countryFlags('pk'), sortable: true });
    expect(mergeFlags('vn', null)).toEqual(countryFlags('vn'));
    expect(mergeFlags('vn', [true])).toEqual(countryFlags('vn'));
  });
});

describe('the flag store', () => {
  it('caches under the data version; a second process sharing the database follows a change', async () => {
    // Two processes on one database: each has its own store (a 50 ms poll here; 1 s in the app).
    const a = new MarketFlagStore(t.db, 50);
    const b = new MarketFlagStore(t.db, 50);
    expect((await a.get('vn')).DownloadReports).toBe(true);
    expect((await b.get('vn')).DownloadReports).toBe(true);

    // Process A's admin saves: the row and the data version in one transaction, then A drops its cache.
    await t.db.transaction(async (tx) => {
      await tx.query(`UPDATE countries SET flags = flags || '{"DownloadReports": false}' WHERE code = 'vn'`);
      await bumpDataVersion(tx);
    });
    a.invalidate();
    expect((await a.get('vn')).DownloadReports).toBe(false);
    // B still answers from its cache within its poll interval, then sees the new version and reloads.
    await new Promise((r) => setTimeout(r, 60));
    expect((await b.get('vn')).DownloadReports).toBe(false);

    await t.db.query(`UPDATE countries SET flags = flags || '{"DownloadReports": true}' WHERE code = 'vn'`);
    await bumpDataVersion(t.db);
    await new Promise((r) => setTimeout(r, 60));
    expect((await a.get('vn')).DownloadReports).toBe(true);
  });

  it('marketFlags: the database object is cached and dropped by flagsChanged; a transaction reads directly', async () => {
    expect((await marketFlags(t.db, 'th')).outletGeoCompliance).toBe(false);
    await t.db.query(
      `UPDATE countries SET flags = flags || '{"outletGeoCompliance": true}' WHERE code = 'th'`,
    );
    // No bump: this process's cache still holds the old answer, a transaction sees the row.
    expect((await marketFlags(t.db, 'th')).outletGeoCompliance).toBe(false);
    expect(await t.db.transaction(async (tx) => (await marketFlags(tx, 'th')).outletGeoCompliance)).toBe(
      true,
    );
    flagsChanged(t.db);
    expect((await marketFlags(t.db, 'th')).outletGeoCompliance).toBe(true);
    expect(flagStore(t.db)).toBe(flagStore(t.db));
  });
});
