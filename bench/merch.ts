// Merchandizing Add Images at volume (issue 15, "Speed"), in one run on one generated zip:
//   zip100mb.ms        importImageZip (modules/merchandizing/images-service.ts, the function the upload's
//                      job runs): the central directory checked, every entry inflated and counted, its
//                      type read from its bytes, re-encoded with sharp (1600 px JPEG + 320 px thumbnail),
//                      both stored under generated names in a folder FileStore, and the 2,000 rows recorded
//                      in one transaction (PGlite in memory, 2,000 displays of market vn);
//   rawUnzip100mb.ms   yauzl alone on the same file: list every entry and inflate it to nowhere (median of
//                      the runs before and after);
//   ratio              zip100mb.ms / rawUnzip100mb.ms (target at most 5);
//   merch.peakRssMb    resident memory growth while importImageZip runs (peak minus before; target < 300);
//   *.cpuMs, cpuRatio  the same two as process CPU time (every thread): steadier on a shared machine; with
//                      `parallelism` cores busy, wall time is about cpuMs / parallelism.
//   step.*CpuMs        where one image's CPU goes, the steps timed one at a time over the first
//                      `--steps` images (200), one image after another: inflate (SafeZip.readEntry),
//                      re-encode (reencodeImage: decode, 1600 px encode, 320 px thumbnail), write
//                      (the two files put in a folder FileStore).
// The zip: 2,000 JPEGs of varied content (gradients, shapes and noise, 800x600 to 928x696, quality
// 80-85), ~50 KB each, deflated (level 6) as zip tools do by default; about 100 MB. Generated once into
// the temporary folder and reused (--fresh regenerates).
//   npm run bench -- merch [--images 2000] [--parallelism N] [--steps 200] [--fresh]
import { closeSync, existsSync, mkdtempSync, openSync, rmSync, statSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { Zip, ZipDeflate } from 'fflate';
import sharp from 'sharp';
import yauzl from 'yauzl';
import { openDatabase } from '../apps/server/src/db/client.js';
import { migrate } from '../apps/server/src/db/migrate.js';
import { FolderFileStore } from '../apps/server/src/lib/file-store.js';
import { reencodeImage } from '../apps/server/src/lib/images/index.js';
import { SafeZip } from '../apps/server/src/lib/zip/index.js';
import { importImageZip } from '../apps/server/src/modules/merchandizing/images-service.js';
import { arg, log } from './lib.js';

const round = (n: number) => Math.round(n * 10) / 10;
/** Process CPU time (every thread, libvips' too) since `start`, in ms. */
const cpuMsSince = (start: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
};
const displayId = (i: number) => `BM${String(i).padStart(5, '0')}`;

/** A deterministic pseudo-random generator (mulberry32). */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One shelf-photo-like JPEG: a gradient, coloured blocks (products), noise; about 50 KB. */
async function benchImage(i: number): Promise<Buffer> {
  const rnd = random(i * 7919 + 17);
  const width = 800 + 32 * Math.floor(rnd() * 5);
  const height = Math.round((width * 3) / 4);
  const pixels = Buffer.alloc(width * height * 3);
  const base = [rnd() * 255, rnd() * 255, rnd() * 255];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 3;
      pixels[o] = (base[0]! + (x * 96) / width) & 0xff;
      pixels[o + 1] = (base[1]! + (y * 96) / height) & 0xff;
      pixels[o + 2] = (base[2]! + ((x + y) * 48) / width) & 0xff;
    }
  }
  // shelves of products: blocks of colour
  const blocks = 30 + Math.floor(rnd() * 30);
  for (let b = 0; b < blocks; b++) {
    const bw = 30 + Math.floor(rnd() * 120);
    const bh = 60 + Math.floor(rnd() * 160);
    const bx = Math.floor(rnd() * (width - bw));
    const by = Math.floor(rnd() * (height - bh));
    const colour = [rnd() * 255, rnd() * 255, rnd() * 255];
    for (let y = by; y < by + bh; y++) {
      for (let x = bx; x < bx + bw; x++) {
        const o = (y * width + x) * 3;
        pixels[o] = colour[0]!;
        pixels[o + 1] = colour[1]!;
        pixels[o + 2] = colour[2]!;
      }
    }
  }
  // sensor noise, so the JPEG does not shrink to nothing
  for (let o = 0; o < pixels.length; o += 1 + Math.floor(rnd() * 3)) {
    pixels[o] = Math.max(0, Math.min(255, pixels[o]! + Math.floor((rnd() - 0.5) * 16)));
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 80 + Math.floor(rnd() * 6) })
    .toBuffer();
}

/** Writes the zip chunk by chunk (fflate's streaming Zip): never the whole archive in memory. */
async function generateZip(file: string, images: number): Promise<void> {
  const fd = openSync(file, 'w');
  let failed: Error | null = null;
  let finished!: () => void;
  const done = new Promise<void>((resolve) => (finished = resolve));
  const zip = new Zip((error, chunk, final) => {
    if (error) failed = error;
    else writeSync(fd, chunk);
    if (final || error) finished();
  });
  const started = performance.now();
  for (let i = 0; i < images; i++) {
    const entry = new ZipDeflate(`${displayId(i)}.jpg`, { level: 6 });
    zip.add(entry);
    entry.push(await benchImage(i), true);
    if ((i + 1) % 250 === 0)
      log(`generated ${i + 1}/${images} images (${round((performance.now() - started) / 1000)} s)`);
  }
  zip.end();
  await done;
  closeSync(fd);
  if (failed) throw failed;
}

/** yauzl alone: list every entry and inflate it, the bytes thrown away. */
function rawUnzip(file: string): Promise<{ ms: number; cpuMs: number; entries: number; bytes: number }> {
  const started = performance.now();
  const cpu = process.cpuUsage();
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true, autoClose: true }, (error, zip) => {
      if (error || !zip) return reject(error ?? new Error('no zip'));
      let entries = 0;
      let bytes = 0;
      zip.on('error', reject);
      zip.on('end', () =>
        resolve({ ms: performance.now() - started, cpuMs: cpuMsSince(cpu), entries, bytes }),
      );
      zip.on('entry', (entry: yauzl.Entry) => {
        entries++;
        zip.openReadStream(entry, (err, stream) => {
          if (err || !stream) return reject(err ?? new Error('no stream'));
          stream.on('data', (chunk: Buffer) => (bytes += chunk.length));
          stream.on('end', () => zip.readEntry());
          stream.on('error', reject);
        });
      });
      zip.readEntry();
    });
  });
}

/** CPU ms per image of each step, one image after another over the first `count` entries. */
async function stepCosts(file: string, count: number, storeDir: string): Promise<Record<string, number>> {
  const zip = await SafeZip.open(file);
  const files = new FolderFileStore(storeDir);
  const entries = zip.entries.slice(0, count);
  const spent = { inflate: 0, reencode: 0, write: 0 };
  try {
    for (const [i, entry] of entries.entries()) {
      let cpu = process.cpuUsage();
      const bytes = await zip.readEntry(entry);
      spent.inflate += cpuMsSince(cpu);
      cpu = process.cpuUsage();
      const image = await reencodeImage(bytes);
      spent.reencode += cpuMsSince(cpu);
      cpu = process.cpuUsage();
      await Promise.all([
        files.put(`steps/${i}.jpg`, Readable.from([image.image])),
        files.put(`steps/${i}_thumb.jpg`, Readable.from([image.thumbnail])),
      ]);
      spent.write += cpuMsSince(cpu);
    }
  } finally {
    zip.close();
  }
  const per = (ms: number) => Math.round((ms / entries.length) * 100) / 100;
  return {
    'step.inflateCpuMs': per(spent.inflate),
    'step.reencodeCpuMs': per(spent.reencode),
    'step.writeCpuMs': per(spent.write),
  };
}

export async function merchBench(args: string[]): Promise<Record<string, number>> {
  const images = Number(arg(args, '--images', '2000'));
  const parallelism = Number(arg(args, '--parallelism', String(os.availableParallelism())));
  const steps = Number(arg(args, '--steps', '200'));
  const file = path.join(os.tmpdir(), `ff-bench-merch-${images}.zip`);
  if (args.includes('--fresh') || !existsSync(file)) {
    log(`generating ${file} (${images} JPEGs)…`);
    await generateZip(`${file}.part`, images);
    rmSync(file, { force: true });
    const { renameSync } = await import('node:fs');
    renameSync(`${file}.part`, file);
  }
  const zipBytes = statSync(file).size;
  log(`zip: ${round(zipBytes / 1024 / 1024)} MB, ${images} images`);

  const db = await openDatabase({});
  await migrate(db);
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO merch_sets (country_code, set_id, version, bu_asset_type, sub_region, set_name,
                             osa_hurdle, facings_hurdle, stock_hurdle, go_live, end_date)
     VALUES ('vn', 'BENCH', 1, 'Shelf', 'All', 'Bench set', 80, 80, 80, '2026-01-01', '2026-12-31') RETURNING id`,
  );
  await db.query(
    `INSERT INTO merch_displays (country_code, set_pk, display_id, display_name)
     SELECT 'vn', $1, 'BM' || lpad(i::text, 5, '0'), 'Bench display ' || i FROM generate_series(0, $2 - 1) i`,
    [rows[0]!.id, images],
  );
  const storeDir = mkdtempSync(path.join(os.tmpdir(), 'ff-bench-merch-store-'));
  try {
    const rawBefore = await rawUnzip(file);
    log(
      `raw unzip: ${round(rawBefore.ms)} ms, ${rawBefore.entries} entries, ${round(rawBefore.bytes / 1024 / 1024)} MB`,
    );

    if (global.gc) global.gc();
    const rssBefore = process.memoryUsage().rss;
    let peak = rssBefore;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 25);
    const started = performance.now();
    const cpu = process.cpuUsage();
    const outcome = await importImageZip({
      db,
      files: new FolderFileStore(storeDir),
      market: 'vn',
      zipPath: file,
      originalName: path.basename(file),
      importId: null,
      userId: null,
      sessionId: null,
      now: new Date(),
      parallelism,
      progress: (done, total) => {
        if (done % 500 === 0) log(`  ${done}/${total} images`);
      },
    });
    const ms = performance.now() - started;
    const cpuMs = cpuMsSince(cpu);
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    if (!outcome.ok || outcome.stored !== images) {
      throw new Error(
        `the zip was refused: ${JSON.stringify(outcome.message)} ${JSON.stringify(outcome.problems.slice(0, 3))}`,
      );
    }
    log(`importImageZip: ${round(ms)} ms, ${outcome.stored} stored, parallelism ${parallelism}`);

    const rawAfter = await rawUnzip(file);
    const raw = (rawBefore.ms + rawAfter.ms) / 2;
    const rawCpu = (rawBefore.cpuMs + rawAfter.cpuMs) / 2;
    log(`raw unzip again: ${round(rawAfter.ms)} ms`);
    const stepFigures = await stepCosts(file, Math.min(steps, images), storeDir);
    log(`per image, one at a time: ${JSON.stringify(stepFigures)}`);
    return {
      'zip100mb.ms': round(ms),
      'rawUnzip100mb.ms': round(raw),
      ratio: round(ms / raw),
      // CPU time (all threads) is steadier than wall time on a shared machine.
      'zip100mb.cpuMs': round(cpuMs),
      'rawUnzip100mb.cpuMs': round(rawCpu),
      cpuRatio: round(cpuMs / rawCpu),
      'merch.peakRssMb': round((peak - rssBefore) / 1024 / 1024),
      ...stepFigures,
      'zip.mb': round(zipBytes / 1024 / 1024),
      images,
      parallelism,
    };
  } finally {
    await db.close();
    rmSync(storeDir, { recursive: true, force: true });
  }
}
