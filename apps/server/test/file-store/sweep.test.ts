/**
 * The sweep of files nothing refers to (modules/files/sweep.ts), on both stores: the folder store and the
 * S3 store against a real S3-compatible server (s3rver). Files a process wrote before dying (an upload's
 * original, Add Images' files, a folder write's `.part`) go once older than a day; files a row refers to
 * (stored_files, merch_images and its history) and files younger than a day stay. Then the recurring job
 * on two app servers sharing one bucket: one of them sweeps, once.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../src/lib/clock.js';
import { FolderFileStore, recordStoredFile, type FileStore } from '../../src/lib/file-store.js';
import { S3FileStore } from '../../src/lib/file-store-s3.js';
import { sweepUnreferencedFiles } from '../../src/modules/files/sweep.js';
import { freshDatabase, type TestDatabase } from '../helpers/database.js';
import { twoApps, type Pair } from '../cluster/helpers.js';
import { startS3Server, type TestS3Server } from './s3-server.js';

let database: TestDatabase;
let folder: string;
let s3: TestS3Server;
let folderStore: FolderFileStore;
let s3Store: S3FileStore;

beforeAll(async () => {
  database = await freshDatabase();
  folder = await mkdtemp(path.join(tmpdir(), 'ff-file-sweep-'));
  folderStore = new FolderFileStore(folder);
  s3 = await startS3Server('fieldforce-sweep', 'portal');
  s3Store = S3FileStore.fromUrl(s3.url);
}, 120_000);
afterAll(async () => {
  s3Store?.close();
  await s3?.stop();
  await database?.cleanup();
  await rm(folder, { recursive: true, force: true });
});

const put = (files: FileStore, key: string, content = `content of ${key}`) =>
  files.put(key, Readable.from([Buffer.from(content)]));

async function keysOf(files: FileStore): Promise<string[]> {
  const keys: string[] = [];
  for await (const file of files.list()) keys.push(file.key);
  return keys.sort();
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function recordFile(key: string) {
  await recordStoredFile(database.db, {
    market: 'vn',
    ownerId: null,
    kind: 'outletStatus',
    originalName: 'original.csv',
    storedName: 'original.csv',
    key,
    bytes: 10,
    createdAt: new Date(),
  });
}

async function recordImage(imageKey: string, thumbKey: string, replaced: boolean) {
  await database.db.query(
    `INSERT INTO merch_images (id, country_code, display_id, image_key, thumb_key, width, height, bytes,
                               thumb_width, thumb_height, thumb_bytes, original_name, source_type, replaced_at)
     VALUES ($1, 'vn', $2, $3, $4, 10, 10, 10, 5, 5, 5, 'D1.jpg', 'jpeg', $5)`,
    [randomUUID(), `D-${randomUUID().slice(0, 8)}`, imageKey, thumbKey, replaced ? new Date() : null],
  );
}

describe.each([
  { name: 'folder store', store: () => folderStore as FileStore },
  { name: 'S3 store on s3rver', store: () => s3Store as FileStore },
])('sweep of unreferenced files: $name', ({ name, store }) => {
  it('lists every file with its size and time, and removes the old unreferenced ones only', async () => {
    const files = store();
    const tag = name.startsWith('S3') ? 's3' : 'folder';
    const orphan = `imports/${tag}-orphan/original.csv`;
    const orphanImage = `merch/vn/${tag}-orphan.jpg`;
    const recorded = `imports/${tag}-recorded/original.csv`;
    const errorSheet = `imports/${tag}-recorded/errors.csv`;
    const current = [`merch/vn/${tag}-current.jpg`, `merch/vn/${tag}-current_thumb.jpg`] as const;
    const history = [`merch/vn/${tag}-old.jpg`, `merch/vn/${tag}-old_thumb.jpg`] as const;
    const young = `imports/${tag}-young/original.csv`;
    const before = Date.now();
    for (const key of [orphan, orphanImage, recorded, errorSheet, ...current, ...history])
      await put(files, key);
    await recordFile(recorded);
    await recordFile(errorSheet);
    await recordImage(...current, false);
    await recordImage(...history, true);
    if (files instanceof FolderFileStore) {
      // What a folder write leaves when its process dies mid-write.
      await writeFile(
        path.join(folder, 'imports', `${tag}-orphan`, `original.csv.${randomUUID()}.part`),
        'half',
      );
    }
    const cutoff = Date.now() + 1_000;
    // Object stores keep whole seconds: the young file is written well after the cutoff.
    await sleep(2_100);
    await put(files, young);

    const listed = [];
    for await (const file of files.list()) listed.push(file);
    const mine = listed.filter((f) => f.key.includes(`${tag}-`));
    const parts = mine.filter((f) => f.key.endsWith('.part'));
    expect(parts).toHaveLength(files instanceof FolderFileStore ? 1 : 0);
    expect(
      mine
        .filter((f) => !f.key.endsWith('.part'))
        .map((f) => f.key)
        .sort(),
    ).toEqual([orphan, orphanImage, recorded, errorSheet, ...current, ...history, young].sort());
    const orphanListed = mine.find((f) => f.key === orphan)!;
    expect(orphanListed.bytes).toBe(Buffer.byteLength(`content of ${orphan}`));
    expect(orphanListed.modifiedAt.getTime()).toBeGreaterThan(before - 2_000);
    expect(orphanListed.modifiedAt.getTime()).toBeLessThan(cutoff);

    // A day after the cutoff: everything but the young file is older than a day.
    const result = await sweepUnreferencedFiles(database.db, files, new Date(cutoff + DAY_MS));
    expect(result).toMatchObject({ removed: files instanceof FolderFileStore ? 3 : 2 });
    const left = (await keysOf(files)).filter((k) => k.includes(`${tag}-`));
    expect(left).toEqual([recorded, errorSheet, ...current, ...history, young].sort());

    // A second run finds nothing more to do.
    expect((await sweepUnreferencedFiles(database.db, files, new Date(cutoff + DAY_MS))).removed).toBe(0);
    // Less than a day after the files were written, nothing goes.
    await put(files, orphan);
    expect((await sweepUnreferencedFiles(database.db, files, new Date())).removed).toBe(0);
    expect(await files.size(orphan)).not.toBeNull();
  }, 60_000);

  it('keeps files written before the database was created (another database’s)', async () => {
    const files = store();
    const tag = name.startsWith('S3') ? 's3' : 'folder';
    const key = `imports/${tag}-before-the-database/original.csv`;
    await put(files, key);
    // As if the database had been created after the file was written.
    const shift = async (ms: number) =>
      database.db.query(
        `UPDATE schema_migrations SET applied_at = applied_at + $1 * interval '1 millisecond'`,
        [ms],
      );
    const { rows } = await database.db.query<{ at: Date }>(
      'SELECT min(applied_at) AS at FROM schema_migrations',
    );
    const by = Date.now() + 1_000 - new Date(rows[0]!.at).getTime();
    await shift(by);
    try {
      const result = await sweepUnreferencedFiles(database.db, files, new Date(Date.now() + 2 * DAY_MS));
      expect(result.removed).toBe(0);
      expect(await files.size(key)).not.toBeNull();
    } finally {
      await shift(-by);
    }
    await sweepUnreferencedFiles(database.db, files, new Date(Date.now() + 2 * DAY_MS));
    expect(await files.size(key)).toBeNull();
  });

  it('removes nothing when the database cannot be asked', async () => {
    const files = store();
    const tag = name.startsWith('S3') ? 's3' : 'folder';
    const key = `imports/${tag}-unasked/original.csv`;
    await put(files, key);
    const broken = {
      query: () => Promise.reject(new Error('connection refused')),
    } as unknown as TestDatabase['db'];
    await expect(sweepUnreferencedFiles(broken, files, new Date(Date.now() + 2 * DAY_MS))).rejects.toThrow(
      'connection refused',
    );
    expect(await files.size(key)).not.toBeNull();
  });

  it('sweeps an old file stored in the second the database was created (S3 lists whole seconds)', async () => {
    const files = store();
    const tag = name.startsWith('S3') ? 's3' : 'folder';
    const key = `imports/${tag}-first-second/original.csv`;
    await put(files, key);
    let listedAt = 0;
    for await (const file of files.list()) if (file.key === key) listedAt = file.modifiedAt.getTime();
    // As if the database had been created half a second into the second the file's time shows.
    const { rows } = await database.db.query<{ at: Date }>(
      'SELECT min(applied_at) AS at FROM schema_migrations',
    );
    const by = Math.floor(listedAt / 1000) * 1000 + 500 - new Date(rows[0]!.at).getTime();
    const shift = (ms: number) =>
      database.db.query(
        `UPDATE schema_migrations SET applied_at = applied_at + $1 * interval '1 millisecond'`,
        [ms],
      );
    await shift(by);
    try {
      await sweepUnreferencedFiles(database.db, files, new Date(Date.now() + 2 * DAY_MS));
      expect(await files.size(key)).toBeNull();
    } finally {
      await shift(-by);
    }
  });
});

describe('the sweep job on two app servers sharing one bucket', () => {
  let p: Pair;
  let bucket: TestS3Server;
  let dataDir: string;
  beforeAll(async () => {
    bucket = await startS3Server('fieldforce-sweep-pair', 'portal');
    dataDir = await mkdtemp(path.join(tmpdir(), 'ff-file-sweep-pair-'));
    p = await twoApps({ seed: false, config: { S3_URL: bucket.url, DATA_DIR: dataDir } });
  }, 180_000);
  afterAll(async () => {
    await p?.close();
    await bucket?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('runs on one server, once, and removes the old unreferenced files only', async () => {
    await Promise.all([p.a.jobs.drain(), p.b.jobs.drain()]);
    await put(p.a.files, 'imports/dead/original.csv');
    await put(p.a.files, 'imports/alive/original.csv');
    await p.db.query(
      `INSERT INTO stored_files (id, market, kind, original_name, stored_name, key, bytes)
       VALUES ('alive', 'vn', 'outletStatus', 'a.csv', 'a.csv', 'imports/alive/original.csv', 10)`,
    );
    const { rows: first } = await p.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM jobs WHERE name = 'files.sweep' AND state = 'done'`,
    );
    // The next run is due FILE_SWEEP_EVERY_MS after the one at start; two days later both servers look.
    p.clock.set(Date.now() + 2 * DAY_MS);
    await Promise.all([p.a.jobs.drain(), p.b.jobs.drain(), p.a.jobs.drain(), p.b.jobs.drain()]);
    const { rows } = await p.db.query<{ state: string; removed: number | null }>(
      `SELECT state, (result->>'removed')::int AS removed FROM jobs WHERE name = 'files.sweep'
       ORDER BY created_at`,
    );
    expect(rows.filter((r) => r.state === 'done')).toHaveLength(first[0]!.n + 1);
    expect(rows.filter((r) => r.state === 'done' && r.removed === 1)).toHaveLength(1);
    expect(rows.filter((r) => r.state === 'queued')).toHaveLength(1);
    expect(await bucket.keys()).toEqual(['portal/imports/alive/original.csv']);
  }, 60_000);
});
