/**
 * The safe zip reader (lib/zip) on real zip files made here: caps checked on the central directory
 * before anything is inflated, and again on the real bytes while inflating (a bomb whose headers lie),
 * unsafe names and symbolic links refused, directories skipped.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_ZIP_LIMITS,
  SafeZip,
  ZipRefusal,
  unsafeNameReason,
  type ZipLimits,
} from '../../src/lib/zip/index.js';
import { SYMLINK, buildZip, lieAboutSizes } from './zip-fixtures.js';

let dir: string;
let n = 0;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'safe-zip-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function fileOf(bytes: Buffer): Promise<string> {
  const file = path.join(dir, `z${n++}.zip`);
  await writeFile(file, bytes);
  return file;
}

async function refusalOf(bytes: Buffer, limits?: ZipLimits, readAll = false): Promise<ZipRefusal> {
  try {
    const zip = await SafeZip.open(await fileOf(bytes), limits);
    try {
      if (readAll) for (const entry of zip.entries) await zip.readEntry(entry);
    } finally {
      zip.close();
    }
  } catch (error) {
    if (error instanceof ZipRefusal) return error;
    throw error;
  }
  throw new Error('the zip was not refused');
}

describe('SafeZip', () => {
  it('lists file entries with their sizes, skips directories and reads each entry', async () => {
    const zip = await SafeZip.open(
      await fileOf(
        buildZip({
          'a.txt': new TextEncoder().encode('hello'),
          'folder/': new Uint8Array(),
          'folder/b.txt': new Uint8Array(3),
        }),
      ),
    );
    try {
      expect(zip.entries.map((e) => [e.name, e.uncompressedSize])).toEqual([
        ['a.txt', 5],
        ['folder/b.txt', 3],
      ]);
      expect((await zip.readEntry(zip.entries[0]!)).toString()).toBe('hello');
      expect(zip.inflatedBytes).toBe(5);
    } finally {
      zip.close();
    }
  });

  it('refuses a file that is not a zip', async () => {
    expect((await refusalOf(Buffer.from('PK not really a zip file at all'))).reason).toBe('unreadable');
  });

  it("refuses names with '..', a leading '/', a backslash or a control character", async () => {
    for (const name of [
      '../evil.jpg',
      'a/../../evil.jpg',
      '/etc/passwd',
      'a\\b.jpg',
      'bad\u0001.jpg',
      'C:/x.jpg',
    ]) {
      const refusal = await refusalOf(buildZip({ 'ok.jpg': new Uint8Array(1), [name]: new Uint8Array(1) }));
      expect(refusal.reason, name).toBe('name');
      expect(refusal.entryName).toBe(name);
    }
    expect(unsafeNameReason('D001.jpg')).toBeNull();
    expect(unsafeNameReason('folder/D001..jpg')).toBeNull();
  });

  it('refuses a symbolic link entry (unix mode in the external attributes)', async () => {
    const refusal = await refusalOf(
      buildZip({ 'D001.jpg': [new TextEncoder().encode('/etc/passwd'), { ...SYMLINK, level: 0 }] }),
    );
    expect(refusal.reason).toBe('link');
  });

  it('refuses more entries than the cap before reading them', async () => {
    const files: Record<string, Uint8Array> = {};
    for (let i = 0; i < 11; i++) files[`f${i}.txt`] = new Uint8Array(1);
    expect((await refusalOf(buildZip(files), { ...DEFAULT_ZIP_LIMITS, maxEntries: 10 })).reason).toBe(
      'limits',
    );
  });

  it('refuses an honest bomb from its central directory, before inflating anything', async () => {
    // 30 MB of zeros deflate to ~30 KB: the declared size passes the entry cap and the ratio 1000:1.
    const bomb = buildZip({ 'D001.jpg': new Uint8Array(30 * 1024 * 1024) }, 9);
    expect(bomb.length).toBeLessThan(100_000);
    const refusal = await refusalOf(bomb);
    expect(refusal.reason).toBe('limits');
    expect(refusal.message).toMatch(/declares|compresses/);
    // the ratio alone: under the size cap, over the ratio
    const ratio = await refusalOf(buildZip({ 'D001.jpg': new Uint8Array(5 * 1024 * 1024) }, 9));
    expect(ratio.reason).toBe('limits');
    expect(ratio.message).toMatch(/compresses more than 100:1/);
    // the total: two entries under the entry cap, over the total cap together
    const limits = { ...DEFAULT_ZIP_LIMITS, maxEntryBytes: 2000, maxTotalBytes: 3000 };
    const total = await refusalOf(
      buildZip({ 'a.jpg': new Uint8Array(2000), 'b.jpg': new Uint8Array(2000) }, 0),
      limits,
    );
    expect(total.message).toMatch(/declare more than 3000/);
  });

  it('stops a bomb whose headers lie about its size while inflating, after at most the declared bytes', async () => {
    // 50 MB of zeros that every header says are 1,000 bytes: the directory checks pass.
    const liar = lieAboutSizes(buildZip({ 'D001.jpg': new Uint8Array(50 * 1024 * 1024) }, 9), 1000);
    const zip = await SafeZip.open(await fileOf(liar));
    try {
      expect(zip.entries[0]!.uncompressedSize).toBe(1000);
      const rssBefore = process.memoryUsage().rss;
      const error = await zip.readEntry(zip.entries[0]!).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ZipRefusal);
      expect((error as ZipRefusal).reason).not.toBe('name');
      // cut within the first inflated chunk or two, never the 50 MB
      expect(zip.inflatedBytes).toBeLessThan(1024 * 1024);
      expect(process.memoryUsage().rss - rssBefore).toBeLessThan(40 * 1024 * 1024);
    } finally {
      zip.close();
    }
  });

  it('cuts the running total while inflating even when each entry stays within its own size', async () => {
    const limits = { ...DEFAULT_ZIP_LIMITS, maxEntryBytes: 4000, maxTotalBytes: 5000 };
    const zip = await SafeZip.open(
      await fileOf(
        lieAboutSizes(buildZip({ 'a.jpg': new Uint8Array(3000), 'b.jpg': new Uint8Array(3000) }, 0), 1),
      ),
      { ...limits, maxTotalBytes: 5000 },
    ).catch((e: unknown) => e);
    // stored entries whose sizes lie are caught by the library or by the counter; either refuses
    if (zip instanceof SafeZip) {
      const outcome = await (async () => {
        for (const e of zip.entries) await zip.readEntry(e);
      })().catch((e: unknown) => e);
      zip.close();
      expect(outcome).toBeInstanceOf(ZipRefusal);
    } else expect(zip).toBeInstanceOf(ZipRefusal);
  });
  it('reads ahead in order within its window, to several takers at once', async () => {
    const files: Record<string, Uint8Array> = {};
    for (let i = 0; i < 12; i++) files[`f${String(i).padStart(2, '0')}.txt`] = new Uint8Array(1000).fill(i);
    const zip = await SafeZip.open(await fileOf(buildZip(files)));
    try {
      // a window of 3 entries: after the first is taken, at most 3 more are read and not yet taken
      const reader = zip.readAhead(zip.entries, { entries: 3, bytes: 1_000_000 });
      const first = await reader.next();
      expect(first.value?.index).toBe(0);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(zip.inflatedBytes).toBeLessThanOrEqual(4 * 1000);
      // the bytes bound: 2,500 declared bytes hold two 1,000-byte entries
      const small = await SafeZip.open(await fileOf(buildZip(files)));
      const narrow = small.readAhead(small.entries, { entries: 10, bytes: 2500 });
      await narrow.next();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(small.inflatedBytes).toBeLessThanOrEqual(3 * 1000);
      small.close();
      // three takers share the rest: each entry once, each with its own bytes
      const seen: number[] = [];
      await Promise.all(
        [0, 1, 2].map(async () => {
          for (;;) {
            const item = await reader.next();
            if (item.done) return;
            expect(item.value.bytes.every((b) => b === item.value.index)).toBe(true);
            seen.push(item.value.index);
          }
        }),
      );
      expect(seen).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    } finally {
      zip.close();
    }
  });

  it('reading ahead stops at the first refused entry, which its taker gets in turn', async () => {
    const liar = lieAboutSizes(
      buildZip(
        { 'a.txt': new Uint8Array(3000), 'b.txt': new Uint8Array(50 * 1024), 'c.txt': new Uint8Array(3) },
        9,
      ),
      3000,
    );
    const zip = await SafeZip.open(await fileOf(liar));
    try {
      const reader = zip.readAhead(zip.entries, { entries: 3, bytes: 1_000_000 });
      expect((await reader.next()).value?.entry.name).toBe('a.txt');
      const refusal = await reader.next().catch((e: unknown) => e);
      expect(refusal).toBeInstanceOf(ZipRefusal);
      expect((refusal as ZipRefusal).entryName).toBe('b.txt');
      expect((await reader.next()).done).toBe(true);
    } finally {
      zip.close();
    }
  });
});
