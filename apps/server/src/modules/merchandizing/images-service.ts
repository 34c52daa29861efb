/**
 * Add Images (issue 15): a zip whose image names are Display IDs, checked, re-encoded and stored, all
 * or nothing. The same function runs in the upload's job and in bench/merch.ts.
 *
 * 1. The central directory (lib/zip): entry count, sizes, ratio, unsafe names, links; then every name:
 *    `<Display ID>.<jpg|jpeg|png|webp>`, one image per Display ID, each Display ID a display of the
 *    market. Nothing is inflated when any of that fails.
 * 2. Each entry inflated (counted, capped), its real type read from its bytes, re-encoded with a
 *    thumbnail (lib/images), stored under generated names (merch/<market>/<uuid>.jpg); `parallelism`
 *    images re-encoded at a time while the next entries are inflated ahead (lib/zip readAhead) and the
 *    last ones' files are written, so the cores stay busy and memory is bounded by a few entries,
 *    never the archive.
 * 3. Any entry failing: every file stored so far is removed and nothing is recorded. Otherwise one
 *    transaction replaces the displays' current images (the old rows stay as history), records the
 *    new ones, writes the audit entry and bumps the data version; the job records the upload's outcome
 *    in the same transaction (`claim`, `recorded`).
 *
 * Run twice (the job retried after its process died, or two processes after a lost lease): the file
 * names are the same on every attempt (imageIdOf), so a retry writes over the first attempt's files;
 * `claim` lets one attempt record, the other rolls back (AlreadyRecorded); and a file that a recorded
 * image uses is never removed by the cleanup of another attempt.
 */
import { createHash, randomUUID } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { Readable } from 'node:stream';
import {
  displayIdOfImageName,
  importMessage,
  MERCH_IMAGE_EXTENSIONS,
  type CodedMessage,
  type CountryCode,
  type MerchImageProblem,
} from '@fieldforce/contracts';
import type { Database, Queryable } from '../../db/client.js';
import { transactionThatChangesData } from '../../db/data-version.js';
import { writeAudit } from '../../lib/audit.js';
import type { FileStore } from '../../lib/file-store.js';
import {
  ImageRefusal,
  reencodeImage,
  sniffImageType,
  type ImageType,
  type ReencodedImage,
} from '../../lib/images/index.js';
import {
  DEFAULT_ZIP_LIMITS,
  SafeZip,
  ZipRefusal,
  type ZipEntry,
  type ZipLimits,
} from '../../lib/zip/index.js';

export const MERCH_IMAGE_AUDIT_ACTION = 'merch.images.import';
/** Problems listed in a report (the count is always whole). */
export const REPORT_LIST_CAP = 200;

/**
 * The id (and file name) of an upload's image of `displayId`: the same on every attempt of the job, so a
 * retry after a process died writes over its own files instead of leaving the first attempt's behind.
 */
export function imageIdOf(importId: string, displayId: string): string {
  const h = createHash('sha256').update(`${importId}/${displayId}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${((parseInt(h[16]!, 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** Entries that zip tools add on their own and that are not images: skipped, not refused. */
export function isIgnorableEntry(name: string): boolean {
  const base = name.slice(name.lastIndexOf('/') + 1);
  return (
    name.startsWith('__MACOSX/') ||
    base.startsWith('.') ||
    base.toLowerCase() === 'thumbs.db' ||
    base.toLowerCase() === 'desktop.ini'
  );
}

export interface ImageZipInput {
  db: Database;
  files: FileStore;
  market: CountryCode;
  /** A local copy of the zip (the central directory needs random access). */
  zipPath: string;
  /** The zip's name as uploaded (the audit entry's target). */
  originalName: string;
  importId: string | null;
  userId: string | null;
  sessionId: string | null;
  now: Date;
  limits?: ZipLimits;
  /** Entries re-encoded side by side; default the machine's cores. */
  parallelism?: number;
  progress?(done: number, total: number): Promise<void> | void;
  /**
   * Aborted when the job lost its lease: another process runs the same upload under the same file
   * names, so this attempt removes none of them.
   */
  signal?: AbortSignal;
  /**
   * First statement of the recording transaction: lock the upload and answer whether it is still to be
   * recorded. False (another attempt recorded it) rolls back and throws AlreadyRecorded.
   */
  claim?(tx: Queryable): Promise<boolean>;
  /** Last statements of the recording transaction: the caller records the outcome with the images. */
  recorded?(tx: Queryable, outcome: ImageZipOutcome): Promise<void>;
}

/** Another attempt of the same upload recorded it first: this one recorded nothing (and removed nothing). */
export class AlreadyRecorded extends Error {
  constructor() {
    super('the upload was recorded by another attempt');
    this.name = 'AlreadyRecorded';
  }
}

export interface ImageZipOutcome {
  ok: boolean;
  /** The whole-zip message when refused. */
  message: CodedMessage | null;
  entries: number;
  stored: number;
  replaced: number;
  problems: MerchImageProblem[];
  problemCount: number;
  imagesWithoutDisplay: string[];
}

interface Stored {
  id: string;
  displayId: string;
  name: string;
  sourceType: ImageType;
  imageKey: string;
  thumbKey: string;
  width: number;
  height: number;
  bytes: number;
  thumbWidth: number;
  thumbHeight: number;
  thumbBytes: number;
}

const refusedWith = (
  message: CodedMessage,
  problems: MerchImageProblem[],
  entries: number,
  imagesWithoutDisplay: string[] = [],
): ImageZipOutcome => ({
  ok: false,
  message,
  entries,
  stored: 0,
  replaced: 0,
  problems: problems.slice(0, REPORT_LIST_CAP),
  problemCount: problems.length,
  imagesWithoutDisplay: imagesWithoutDisplay.slice(0, REPORT_LIST_CAP),
});

function zipRefusalMessage(refusal: ZipRefusal, limits: ZipLimits): CodedMessage {
  switch (refusal.reason) {
    case 'name':
    case 'link':
      return importMessage('MERCH_ZIP_NAMES_INVALID');
    case 'limits':
      return importMessage('MERCH_ZIP_LIMITS', {
        maxFiles: limits.maxEntries,
        maxMb: Math.round(limits.maxTotalBytes / (1024 * 1024)),
      });
    default:
      return importMessage('MERCH_ZIP_UNREADABLE');
  }
}

/** Display IDs among `ids` that are displays of the market (any set, any version). */
export async function knownDisplayIds(
  q: Queryable,
  market: CountryCode,
  ids: string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const { rows } = await q.query<{ display_id: string }>(
    `SELECT DISTINCT display_id FROM merch_displays WHERE country_code = $1 AND display_id = ANY($2::text[])`,
    [market, ids],
  );
  return new Set(rows.map((r) => r.display_id));
}

export async function importImageZip(input: ImageZipInput): Promise<ImageZipOutcome> {
  const limits = input.limits ?? DEFAULT_ZIP_LIMITS;
  let zip: SafeZip;
  try {
    zip = await SafeZip.open(input.zipPath, limits);
  } catch (error) {
    if (!(error instanceof ZipRefusal)) throw error;
    const problem = refusalProblem(error);
    return refusedWith(zipRefusalMessage(error, limits), problem ? [problem] : [], 0);
  }
  const stored: Stored[] = [];
  try {
    // 1. Names, one image per display, displays of the market: from the directory alone.
    const images = zip.entries.filter((entry) => !isIgnorableEntry(entry.name));
    const problems: MerchImageProblem[] = [];
    const byDisplay = new Map<string, ZipEntry>();
    for (const entry of images) {
      const parsed = displayIdOfImageName(entry.name);
      if (!parsed) problems.push({ name: entry.name, problem: 'name' });
      else if (!(MERCH_IMAGE_EXTENSIONS as readonly string[]).includes(parsed.extension))
        problems.push({ name: entry.name, problem: 'format' });
      else if (byDisplay.has(parsed.displayId)) problems.push({ name: entry.name, problem: 'duplicate' });
      else byDisplay.set(parsed.displayId, entry);
    }
    if (images.length === 0) return refusedWith(importMessage('MERCH_ZIP_EMPTY'), [], 0);
    const known = await knownDisplayIds(input.db, input.market, [...byDisplay.keys()]);
    const unknown = [...byDisplay.entries()].filter(([id]) => !known.has(id)).map(([, entry]) => entry.name);
    for (const name of unknown) problems.push({ name, problem: 'unknownDisplay' });
    if (problems.length > 0) {
      const message = problems.some((p) => p.problem === 'name' || p.problem === 'duplicate')
        ? importMessage('MERCH_ZIP_NAMES_INVALID')
        : unknown.length > 0
          ? importMessage('MERCH_ZIP_UNKNOWN_DISPLAYS')
          : importMessage('MERCH_ZIP_INVALID_FORMAT');
      return refusedWith(message, problems, images.length, unknown);
    }

    // 2. Content: inflate, check, re-encode and store, a few at a time.
    const work = [...byDisplay.entries()];
    const total = work.length;
    const parallelism = Math.max(1, Math.min(input.parallelism ?? availableParallelism(), 8));
    let done = 0;
    let fatal: ZipRefusal | null = null;
    const formatProblems: MerchImageProblem[] = [];
    // Inflated ahead in order (a few entries, at most 32 MB declared) while images are re-encoded.
    const reader = zip.readAhead(
      work.map(([, entry]) => entry),
      { entries: 2 * parallelism, bytes: 32 * 1024 * 1024 },
    );
    // Each image's two files are written side by side while its worker goes on to the next image; at
    // most 2 x parallelism images' writes are pending. The first failure (a write, or an error in a
    // worker) stops the workers; it is thrown once every worker and write has ended.
    const writes = new Set<Promise<void>>();
    let failure: { error: unknown } | null = null;
    const write = async (image: ReencodedImage, imageKey: string, thumbKey: string) => {
      const pending = Promise.all([
        input.files.put(imageKey, Readable.from([image.image])),
        input.files.put(thumbKey, Readable.from([image.thumbnail])),
      ]).then(
        () => {
          writes.delete(pending);
        },
        (error: unknown) => {
          writes.delete(pending);
          failure ??= { error };
        },
      );
      writes.add(pending);
      if (writes.size >= 2 * parallelism) await Promise.race(writes);
    };
    const worker = async () => {
      while (!fatal && !failure && !input.signal?.aborted) {
        let bytes: Buffer;
        let item: [string, ZipEntry];
        try {
          const read = await reader.next();
          if (read.done) return;
          bytes = read.value.bytes;
          item = work[read.value.index]!;
        } catch (error) {
          if (error instanceof ZipRefusal) {
            fatal = error;
            return;
          }
          throw error;
        }
        const [displayId, entry] = item;
        try {
          // After a refused image the rest are only checked, not stored: the zip stores nothing.
          if (formatProblems.length > 0) {
            if (!sniffImageType(bytes)) formatProblems.push({ name: entry.name, problem: 'format' });
          } else {
            const image = await reencodeImage(bytes);
            const id = input.importId ? imageIdOf(input.importId, displayId) : randomUUID();
            const imageKey = `merch/${input.market}/${id}.jpg`;
            const thumbKey = `merch/${input.market}/${id}_thumb.jpg`;
            // Listed before its files are written: a failure removes whatever of them got written.
            stored.push({
              id,
              displayId,
              name: entry.name,
              sourceType: image.sourceType,
              imageKey,
              thumbKey,
              width: image.width,
              height: image.height,
              bytes: image.image.length,
              thumbWidth: image.thumbWidth,
              thumbHeight: image.thumbHeight,
              thumbBytes: image.thumbnail.length,
            });
            await write(image, imageKey, thumbKey);
          }
        } catch (error) {
          if (!(error instanceof ImageRefusal)) throw error;
          formatProblems.push({ name: entry.name, problem: 'format' });
        }
        done++;
        if (input.progress && (done % 25 === 0 || done === total)) await input.progress(done, total);
      }
    };
    const run = () =>
      worker().catch((error: unknown) => {
        failure ??= { error };
      });
    await Promise.all(Array.from({ length: Math.min(parallelism, total) }, run));
    await Promise.all(writes);
    const failed = failure as { error: unknown } | null;
    if (failed) throw failed.error;
    // The job's lease was lost: another process has the upload; stop here (removeStored keeps the files).
    input.signal?.throwIfAborted();
    const stopped = fatal as ZipRefusal | null;
    if (stopped) {
      await removeStored(input, stored);
      const problem = refusalProblem(stopped);
      return refusedWith(zipRefusalMessage(stopped, limits), problem ? [problem] : [], images.length);
    }
    if (formatProblems.length > 0) {
      await removeStored(input, stored);
      formatProblems.sort((a, b) => a.name.localeCompare(b.name));
      return refusedWith(importMessage('MERCH_ZIP_INVALID_FORMAT'), formatProblems, images.length);
    }

    // 3. Record, all together.
    return await record(input, stored, images.length);
  } catch (error) {
    // Another attempt recorded the upload: the files under these names are its images now.
    if (!(error instanceof AlreadyRecorded)) await removeStored(input, stored);
    throw error;
  } finally {
    zip.close();
  }
}

function refusalProblem(refusal: ZipRefusal): MerchImageProblem | null {
  if (!refusal.entryName) return null;
  const problem = refusal.reason === 'name' ? 'name' : refusal.reason;
  return { name: refusal.entryName, problem };
}

/**
 * Removes the files an attempt stored, except when its job lost its lease (the other process owns these
 * names) and except files a recorded image uses (another attempt of the same upload recorded them).
 */
async function removeStored(input: ImageZipInput, stored: Stored[]): Promise<void> {
  if (stored.length === 0 || input.signal?.aborted) return;
  const keys = stored.flatMap((s) => [s.imageKey, s.thumbKey]);
  const { rows } = await input.db
    .query<{ key: string }>(
      `SELECT image_key AS key FROM merch_images WHERE image_key = ANY($1::text[])
       UNION ALL SELECT thumb_key FROM merch_images WHERE thumb_key = ANY($1::text[])`,
      [keys],
    )
    .catch(() => ({ rows: keys.map((key) => ({ key })) }));
  const used = new Set(rows.map((r) => r.key));
  await Promise.all(
    keys.filter((key) => !used.has(key)).map((key) => input.files.remove(key).catch(() => undefined)),
  );
}

async function record(input: ImageZipInput, stored: Stored[], entries: number): Promise<ImageZipOutcome> {
  // The data version is bumped inside the transaction and this process's known version dropped after
  // the commit (db/data-version.ts): a cached answer on this process shows the new images at once.
  return transactionThatChangesData(input.db, async (tx) => {
    if (input.claim && !(await input.claim(tx))) throw new AlreadyRecorded();
    const ids = stored.map((s) => s.displayId);
    const { rows: old } = await tx.query<{ id: string }>(
      `UPDATE merch_images SET replaced_at = $3
        WHERE country_code = $1 AND display_id = ANY($2::text[]) AND replaced_at IS NULL
        RETURNING id`,
      [input.market, ids, input.now],
    );
    const column = <K extends keyof Stored>(key: K) => stored.map((s) => s[key]);
    await tx.query(
      `INSERT INTO merch_images (id, country_code, display_id, image_key, thumb_key, width, height, bytes,
                                 thumb_width, thumb_height, thumb_bytes, original_name, source_type,
                                 import_id, uploaded_by, uploaded_at)
       SELECT u.id, $1, u.display_id, u.image_key, u.thumb_key, u.width, u.height, u.bytes,
              u.thumb_width, u.thumb_height, u.thumb_bytes, u.original_name, u.source_type, $13, $14, $15
         FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::int[], $7::int[], $8::int[],
                     $9::int[], $10::int[], $11::int[], $12::text[], $16::text[])
           AS u(id, display_id, image_key, thumb_key, width, height, bytes, thumb_width, thumb_height,
                thumb_bytes, original_name, source_type)`,
      [
        input.market,
        column('id'),
        ids,
        column('imageKey'),
        column('thumbKey'),
        column('width'),
        column('height'),
        column('bytes'),
        column('thumbWidth'),
        column('thumbHeight'),
        column('thumbBytes'),
        column('name'),
        input.importId,
        input.userId,
        input.now,
        column('sourceType'),
      ],
    );
    if (input.userId) {
      await writeAudit(tx, {
        actorId: input.userId,
        sessionId: input.sessionId,
        market: input.market,
        tool: 'merchandizingSets',
        action: MERCH_IMAGE_AUDIT_ACTION,
        target: input.originalName,
        before: null,
        after: {
          created: stored.length - old.length,
          updated: old.length,
          unchanged: 0,
          images: stored.length,
        },
        importId: input.importId,
        requestId: null,
        at: input.now,
      });
    }
    const outcome: ImageZipOutcome = {
      ok: true,
      message: null,
      entries,
      stored: stored.length,
      replaced: old.length,
      problems: [],
      problemCount: 0,
      imagesWithoutDisplay: [],
    };
    await input.recorded?.(tx, outcome);
    return outcome;
  });
}
