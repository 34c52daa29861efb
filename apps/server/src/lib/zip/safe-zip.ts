/**
 * A zip reader that cannot be abused (issue 15, "zip handling that cannot be abused"), over yauzl.
 *
 * Before anything is inflated the central directory is read and checked: the entry count, each entry's
 * declared uncompressed size, their total and each entry's compression ratio, the names (no `..`
 * segment, no leading `/`, no backslash, no control character, no drive letter) and the kind (a symbolic
 * link is refused by the unix mode in the external attributes; an encrypted entry is unreadable).
 * Directories are allowed and skipped. While inflating, the real bytes are counted and the stream is cut
 * as soon as an entry passes its declared size or the caps, or the running total passes the total cap,
 * whatever the headers said (yauzl's own declared-against-real check stays on as a second guard).
 *
 * Entries are never written to disk, and never under their own names: callers read an entry as a stream
 * or a buffer of at most `maxEntryBytes`, or a few in order through `readAhead` (a window bounded by
 * entries and declared bytes), so memory is bounded by the caller's window and parallelism times the
 * entry cap, not by the archive's size.
 */
import type { Readable } from 'node:stream';
import { Transform } from 'node:stream';
import yauzl from 'yauzl';

export interface ZipLimits {
  /** Entries in the central directory, directories included. */
  maxEntries: number;
  /** Declared and real uncompressed bytes of one entry. */
  maxEntryBytes: number;
  /** Declared and real uncompressed bytes of all entries together. */
  maxTotalBytes: number;
  /** Uncompressed / compressed bytes of one entry, checked for entries above `ratioFloorBytes`. */
  maxRatio: number;
  /** Small entries may compress very well (a flat PNG); the ratio is not checked below this size. */
  ratioFloorBytes: number;
}

export const DEFAULT_ZIP_LIMITS: ZipLimits = {
  maxEntries: 5_000,
  maxEntryBytes: 25 * 1024 * 1024,
  maxTotalBytes: 400 * 1024 * 1024,
  maxRatio: 100,
  ratioFloorBytes: 1024 * 1024,
};

/**
 * Why a zip is refused:
 * - 'unreadable': not a zip, truncated, encrypted, an unknown compression method, a size that lies
 *   in a way the library notices, a CRC mismatch;
 * - 'limits': too many entries, an entry or the total too large (declared or real), a ratio too high;
 * - 'name': an unsafe name;
 * - 'link': a symbolic link entry.
 */
export type ZipRefusalReason = 'unreadable' | 'limits' | 'name' | 'link';

export class ZipRefusal extends Error {
  constructor(
    readonly reason: ZipRefusalReason,
    message: string,
    readonly entryName?: string,
  ) {
    super(message);
    this.name = 'ZipRefusal';
  }
}

export interface ZipEntry {
  /** The name as stored (UTF-8 when the entry says so, else read byte for byte as latin1). */
  name: string;
  compressedSize: number;
  uncompressedSize: number;
  /** @internal yauzl's entry. */
  readonly raw: yauzl.Entry;
}

const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

/** Why `name` is unsafe as an entry name, or null. Checked on every entry, directories too. */
export function unsafeNameReason(name: string): string | null {
  if (name.length === 0) return 'empty name';
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  if (/[\x00-\x1f\x7f]/.test(name)) return 'control character';
  if (name.includes('\\')) return 'backslash';
  if (name.startsWith('/')) return 'absolute path';
  if (/^[A-Za-z]:/.test(name)) return 'drive letter';
  if (name.split('/').some((segment) => segment === '..')) return "'..' segment";
  return null;
}

/** A unix symbolic link, by the mode in the high 16 bits of the external attributes. */
export function isSymlinkEntry(entry: Pick<yauzl.Entry, 'externalFileAttributes'>): boolean {
  return ((entry.externalFileAttributes >>> 16) & S_IFMT) === S_IFLNK;
}

function decodeName(entry: yauzl.Entry): string {
  const raw = entry.fileName as unknown as Buffer;
  // Bit 11: the name is UTF-8. Otherwise CP437; names we accept are ASCII, so latin1 keeps the bytes.
  return (entry.generalPurposeBitFlag & 0x800) !== 0 ? raw.toString('utf8') : raw.toString('latin1');
}

function openFile(path: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.open(
      path,
      {
        lazyEntries: true,
        autoClose: false,
        decodeStrings: false,
        validateEntrySizes: true,
        strictFileNames: false,
      },
      (error, zip) => {
        if (error || !zip) reject(new ZipRefusal('unreadable', `not a readable zip: ${error?.message}`));
        else resolve(zip);
      },
    );
  });
}

/** A checked archive: its file entries (directories left out) and a way to read each one. */
export class SafeZip {
  private inflatedTotal = 0;

  private constructor(
    private readonly zip: yauzl.ZipFile,
    readonly entries: readonly ZipEntry[],
    readonly limits: ZipLimits,
  ) {}

  /**
   * Opens the zip at `path` (a local file: the central directory needs random access) and checks the
   * whole central directory before returning. Throws ZipRefusal.
   */
  static async open(path: string, limits: ZipLimits = DEFAULT_ZIP_LIMITS): Promise<SafeZip> {
    const zip = await openFile(path);
    try {
      if (zip.entryCount > limits.maxEntries) {
        throw new ZipRefusal('limits', `${zip.entryCount} entries, at most ${limits.maxEntries}`);
      }
      const entries = await readCentralDirectory(zip, limits);
      return new SafeZip(zip, entries, limits);
    } catch (error) {
      zip.close();
      throw error;
    }
  }

  /** The entry's raw inflating stream from yauzl (unreadable: a ZipRefusal). */
  private inflating(entry: ZipEntry): Promise<Readable> {
    return new Promise<Readable>((resolve, reject) => {
      this.zip.openReadStream(entry.raw, (error, stream) => {
        if (error || !stream)
          reject(new ZipRefusal('unreadable', `${entry.name}: ${error?.message}`, entry.name));
        else resolve(stream);
      });
    });
  }

  /**
   * Counts `bytes` more inflated from `entry` (`seen` so far for the entry) against the entry's cap and
   * the archive's running total: the refusal when one is passed, else null.
   */
  private counted(entry: ZipEntry, bytes: number, seen: number, cap: number): ZipRefusal | null {
    this.inflatedTotal += bytes;
    if (seen > cap) return new ZipRefusal('limits', `${entry.name} inflates past ${cap} bytes`, entry.name);
    if (this.inflatedTotal > this.limits.maxTotalBytes)
      return new ZipRefusal(
        'limits',
        `the archive inflates past ${this.limits.maxTotalBytes} bytes`,
        entry.name,
      );
    return null;
  }

  /**
   * The entry's inflated bytes as a stream, cut with a ZipRefusal('limits') as soon as it passes its
   * declared size, the entry cap, or the archive's running total.
   */
  async openEntry(entry: ZipEntry): Promise<Readable> {
    const source = await this.inflating(entry);
    const cap = Math.min(entry.uncompressedSize, this.limits.maxEntryBytes);
    let seen = 0;
    const counter = new Transform({
      transform: (chunk: Buffer, _encoding, done) => {
        seen += chunk.length;
        const refusal = this.counted(entry, chunk.length, seen, cap);
        if (refusal) done(refusal);
        else done(null, chunk);
      },
    });
    source.on('error', (error: Error) =>
      counter.destroy(
        error instanceof ZipRefusal
          ? error
          : new ZipRefusal('unreadable', `${entry.name}: ${error.message}`, entry.name),
      ),
    );
    counter.on('error', () => source.destroy());
    counter.on('close', () => {
      if (!source.destroyed && !source.readableEnded) source.destroy();
    });
    return source.pipe(counter);
  }

  /**
   * The entry's whole content (at most `maxEntryBytes`, checked while reading): the same caps as
   * `openEntry`, counted on each inflated chunk as it arrives, without a stream stage of its own.
   */
  async readEntry(entry: ZipEntry): Promise<Buffer> {
    const source = await this.inflating(entry);
    const cap = Math.min(entry.uncompressedSize, this.limits.maxEntryBytes);
    return new Promise<Buffer>((resolve, reject) => {
      const chunks: Buffer[] = [];
      let seen = 0;
      let failed = false;
      const fail = (error: ZipRefusal) => {
        if (failed) return;
        failed = true;
        source.destroy();
        reject(error);
      };
      source.on('data', (chunk: Buffer) => {
        if (failed) return;
        seen += chunk.length;
        const refusal = this.counted(entry, chunk.length, seen, cap);
        if (refusal) fail(refusal);
        else chunks.push(chunk);
      });
      source.on('error', (error: Error) =>
        fail(
          error instanceof ZipRefusal
            ? error
            : new ZipRefusal('unreadable', `${entry.name}: ${error.message}`, entry.name),
        ),
      );
      source.on('end', () => {
        if (!failed) resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, seen));
      });
    });
  }

  /**
   * Reads `entries` in their order, inflating the next ones while the caller works on those already
   * read: at most `ahead.entries` entries and `ahead.bytes` declared bytes (always at least one entry)
   * are read and not yet taken, so memory stays bounded by the window, never the archive. Several
   * workers may call `next()` at once: each gets the next entry in turn (`index` into `entries`).
   * Throws the first entry's ZipRefusal in its turn; entries after it are left unread.
   */
  async *readAhead(
    entries: readonly ZipEntry[],
    ahead: { entries: number; bytes: number } = { entries: 4, bytes: 32 * 1024 * 1024 },
  ): AsyncGenerator<{ index: number; entry: ZipEntry; bytes: Buffer }> {
    const window: { index: number; read: Promise<Buffer> }[] = [];
    let next = 0;
    let windowBytes = 0;
    const fill = () => {
      while (
        next < entries.length &&
        (window.length === 0 ||
          (window.length < ahead.entries && windowBytes + entries[next]!.uncompressedSize <= ahead.bytes))
      ) {
        const index = next++;
        const read = this.readEntry(entries[index]!);
        // Awaited in its turn below; until then a refusal must not count as unhandled.
        read.catch(() => undefined);
        window.push({ index, read });
        windowBytes += entries[index]!.uncompressedSize;
      }
    };
    fill();
    while (window.length > 0) {
      const { index, read } = window.shift()!;
      windowBytes -= entries[index]!.uncompressedSize;
      const bytes = await read;
      fill();
      yield { index, entry: entries[index]!, bytes };
    }
  }

  /** Bytes inflated so far, over every entry read. */
  get inflatedBytes(): number {
    return this.inflatedTotal;
  }

  close(): void {
    this.zip.close();
  }
}

function readCentralDirectory(zip: yauzl.ZipFile, limits: ZipLimits): Promise<ZipEntry[]> {
  return new Promise((resolve, reject) => {
    const entries: ZipEntry[] = [];
    let declaredTotal = 0;
    let settled = false;
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      reject(
        error instanceof ZipRefusal
          ? error
          : new ZipRefusal('unreadable', String((error as Error)?.message ?? error)),
      );
    };
    zip.on('error', fail);
    zip.on('end', () => {
      if (settled) return;
      settled = true;
      resolve(entries);
    });
    zip.on('entry', (raw: yauzl.Entry) => {
      try {
        const name = decodeName(raw);
        const unsafe = unsafeNameReason(name);
        if (unsafe) throw new ZipRefusal('name', `${JSON.stringify(name)}: ${unsafe}`, name);
        if (isSymlinkEntry(raw))
          throw new ZipRefusal('link', `${JSON.stringify(name)} is a symbolic link`, name);
        if (raw.isEncrypted()) throw new ZipRefusal('unreadable', `${name} is encrypted`, name);
        if (!name.endsWith('/')) {
          if (raw.compressionMethod !== 0 && raw.compressionMethod !== 8) {
            throw new ZipRefusal('unreadable', `${name}: compression method ${raw.compressionMethod}`, name);
          }
          if (raw.uncompressedSize > limits.maxEntryBytes) {
            throw new ZipRefusal('limits', `${name} declares ${raw.uncompressedSize} bytes`, name);
          }
          declaredTotal += raw.uncompressedSize;
          if (declaredTotal > limits.maxTotalBytes) {
            throw new ZipRefusal(
              'limits',
              `the entries declare more than ${limits.maxTotalBytes} bytes`,
              name,
            );
          }
          if (
            raw.uncompressedSize > limits.ratioFloorBytes &&
            raw.uncompressedSize > limits.maxRatio * Math.max(raw.compressedSize, 1)
          ) {
            throw new ZipRefusal('limits', `${name} compresses more than ${limits.maxRatio}:1`, name);
          }
          entries.push({
            name,
            compressedSize: raw.compressedSize,
            uncompressedSize: raw.uncompressedSize,
            raw,
          });
        }
        zip.readEntry();
      } catch (error) {
        fail(error);
      }
    });
    zip.readEntry();
  });
}
