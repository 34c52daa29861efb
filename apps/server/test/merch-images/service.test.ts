/**
 * importImageZip itself (the job's function) on a real database and a real folder store: many images
 * read ahead and re-encoded side by side each land on their own display, and a file write that fails
 * part-way stops the import with nothing recorded and no file left behind.
 */
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FolderFileStore } from '../../src/lib/file-store.js';
import { importImageZip } from '../../src/modules/merchandizing/images-service.js';
import { freshDatabase, type TestDatabase } from '../helpers/database.js';
import { buildZip, imageBytes } from './zip-fixtures.js';

let database: TestDatabase;
let dir: string;
const IMAGES = 12;
const displayId = (i: number) => `ZS${String(i).padStart(3, '0')}`;

beforeAll(async () => {
  database = await freshDatabase();
  dir = await mkdtemp(path.join(tmpdir(), 'merch-service-'));
  const { rows } = await database.db.query<{ id: string }>(
    `INSERT INTO merch_sets (country_code, set_id, version, bu_asset_type, sub_region, set_name,
                             osa_hurdle, facings_hurdle, stock_hurdle, go_live, end_date)
     VALUES ('vn', 'ZSSET', 1, 'Shelf', 'All', 'Service set', 80, 80, 80, '2026-11-01', '2026-12-31')
     RETURNING id`,
  );
  await database.db.query(
    `INSERT INTO merch_displays (country_code, set_pk, display_id, display_name)
     SELECT 'vn', $1, 'ZS' || lpad(i::text, 3, '0'), 'Display ' || i FROM generate_series(0, $2 - 1) i`,
    [rows[0]!.id, IMAGES],
  );
});
afterAll(async () => {
  await database.cleanup();
  await rm(dir, { recursive: true, force: true });
});

/** A zip of IMAGES JPEGs, image i being (100 + i) x (50 + i) px. */
async function zipFile(name: string): Promise<string> {
  const files: Record<string, Uint8Array> = {};
  for (let i = 0; i < IMAGES; i++)
    files[`${displayId(i)}.jpg`] = await imageBytes(i, 'jpeg', { width: 100 + i, height: 50 + i });
  const file = path.join(dir, name);
  await writeFile(file, buildZip(files));
  return file;
}

const input = (zipPath: string, files: FolderFileStore) => ({
  db: database.db,
  files,
  market: 'vn' as const,
  zipPath,
  originalName: path.basename(zipPath),
  importId: null,
  userId: null,
  sessionId: null,
  now: new Date('2026-11-24T07:00:00Z'),
  parallelism: 3,
});

/** Every file under `root`, as relative paths. */
async function filesUnder(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

describe('importImageZip', () => {
  it('stores every image on its own display when many are read ahead and re-encoded at once', async () => {
    const store = new FolderFileStore(path.join(dir, 'store-ok'));
    const progress: number[] = [];
    const outcome = await importImageZip({
      ...input(await zipFile('ok.zip'), store),
      progress: (done) => {
        progress.push(done);
      },
    });
    expect(outcome).toMatchObject({ ok: true, stored: IMAGES, entries: IMAGES });
    expect(progress.at(-1)).toBe(IMAGES);
    const { rows } = await database.db.query<{ display_id: string; width: number; height: number }>(
      `SELECT display_id, width, height FROM merch_images WHERE display_id LIKE 'ZS%' ORDER BY display_id`,
    );
    expect(rows.map((r) => [r.display_id, r.width, r.height])).toEqual(
      Array.from({ length: IMAGES }, (_, i) => [displayId(i), 100 + i, 50 + i]),
    );
    expect(await filesUnder(path.join(dir, 'store-ok'))).toHaveLength(2 * IMAGES);
  });

  it('stops at a failed file write, records nothing and leaves no file behind', async () => {
    const root = path.join(dir, 'store-failing');
    const store = new FolderFileStore(root);
    let puts = 0;
    const failing = Object.assign(Object.create(store) as FolderFileStore, {
      put: async (key: string, stream: Readable) => {
        if (++puts === 7) {
          stream.destroy();
          throw new Error('disk full');
        }
        return store.put(key, stream);
      },
    });
    const before = await database.db.query('SELECT count(*)::int AS n FROM merch_images');
    await expect(importImageZip(input(await zipFile('failing.zip'), failing))).rejects.toThrow('disk full');
    const after = await database.db.query('SELECT count(*)::int AS n FROM merch_images');
    expect(after.rows).toEqual(before.rows);
    // the writes in flight when it failed have ended and what they wrote is removed
    expect(await filesUnder(root)).toEqual([]);
    // stopped early: not every image was written
    expect(puts).toBeLessThan(2 * IMAGES);
  });
});
