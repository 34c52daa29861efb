/**
 * Files the server keeps (uploads as received, error files, exports) behind one small interface: a
 * folder by default (`${DATA_DIR}/files`), S3-compatible object storage when S3_URL is set
 * (lib/file-store-s3.ts). The `stored_files` table
 * (migration 0007) records each file; `recordStoredFile` writes that row.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, opendir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Queryable } from '../db/client.js';

export interface FileStore {
  /** Writes the stream under `key` (replacing any file there); resolves when all of it is stored. */
  put(key: string, stream: Readable | AsyncIterable<Buffer | string>): Promise<{ bytes: number }>;
  /** Reads the file at `key`; the stream errors (ENOENT) when there is none. */
  get(key: string): Readable;
  /** Its size, or null when there is no file at `key`. */
  size(key: string): Promise<number | null>;
  /** Removes the file; no error when there is none. */
  remove(key: string): Promise<void>;
  /**
   * Every file in the store with its size and when it was last written, read a page at a time (never
   * the whole listing in memory), in no particular order. Names that are not safe keys (assertSafeKey)
   * are left out: the server never wrote them. Used by the sweep of unreferenced files
   * (modules/files/sweep.ts).
   */
  list(): AsyncIterable<ListedFile>;
  /** Resolves when the store can be used (the readiness check, GET /api/ready); rejects otherwise. */
  check?(): Promise<void>;
  /** Releases connections when the app closes. */
  close?(): void;
}

/** A file as `FileStore.list` gives it. */
export interface ListedFile {
  key: string;
  bytes: number;
  /** When it was last written (the folder's mtime, the object's LastModified). */
  modifiedAt: Date;
}

/** Whether `key` is a safe key (see assertSafeKey). */
export function isSafeKey(key: string): boolean {
  try {
    assertSafeKey(key);
    return true;
  } catch {
    return false;
  }
}

/** Keys are relative paths of safe segments: letters, digits, '.', '_', '-', separated by '/'. */
export function assertSafeKey(key: string): void {
  const segments = key.split('/');
  if (
    key.length === 0 ||
    key.length > 500 ||
    segments.some((s) => !/^[A-Za-z0-9._-]+$/.test(s) || s === '.' || s === '..')
  ) {
    throw new Error(`Unsafe file key: ${JSON.stringify(key)}`);
  }
}

/** Files in a folder; writes go to a temporary name first, so a reader never sees half a file. */
export class FolderFileStore implements FileStore {
  constructor(readonly root: string) {}

  private pathOf(key: string): string {
    assertSafeKey(key);
    return path.join(this.root, ...key.split('/'));
  }

  async put(key: string, stream: Readable | AsyncIterable<Buffer | string>): Promise<{ bytes: number }> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.${randomUUID()}.part`;
    let bytes = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        bytes += chunk.length;
        done(null, chunk);
      },
    });
    try {
      await pipeline(stream, counter, createWriteStream(temporary));
      await rename(temporary, target);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
    return { bytes };
  }

  get(key: string): Readable {
    return createReadStream(this.pathOf(key));
  }

  async size(key: string): Promise<number | null> {
    try {
      return (await stat(this.pathOf(key))).size;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  /** Walks the folder depth first, one directory handle open per level; also the `.part` files a
   * write left when its process died (they are not referenced, so the sweep removes them). */
  async *list(): AsyncIterable<ListedFile> {
    yield* this.walk(this.root, '');
  }

  private async *walk(directory: string, prefix: string): AsyncGenerator<ListedFile> {
    let dir;
    try {
      dir = await opendir(directory);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for await (const entry of dir) {
      const key = `${prefix}${entry.name}`;
      if (!isSafeKey(key)) continue;
      const full = path.join(directory, entry.name);
      if (entry.isDirectory()) {
        yield* this.walk(full, `${key}/`);
      } else if (entry.isFile()) {
        const info = await stat(full).catch(() => null);
        if (info) yield { key, bytes: info.size, modifiedAt: info.mtime };
      }
    }
  }
}

export interface StoredFile {
  id: string;
  market: string;
  ownerId: string | null;
  kind: string;
  originalName: string;
  storedName: string;
  key: string;
  bytes: number;
  createdAt: Date;
}

/** Records a stored file (in the caller's transaction when `q` is one); returns its id. */
export async function recordStoredFile(
  q: Queryable,
  file: Omit<StoredFile, 'id' | 'createdAt'> & { id?: string; createdAt: Date },
): Promise<string> {
  const id = file.id ?? randomUUID();
  await q.query(
    `INSERT INTO stored_files (id, market, owner_id, kind, original_name, stored_name, key, bytes, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      id,
      file.market,
      file.ownerId,
      file.kind,
      file.originalName,
      file.storedName,
      file.key,
      file.bytes,
      file.createdAt,
    ],
  );
  return id;
}

export async function findStoredFile(q: Queryable, id: string): Promise<StoredFile | null> {
  const { rows } = await q.query<Record<string, unknown>>(`SELECT * FROM stored_files WHERE id = $1`, [id]);
  const r = rows[0];
  if (!r) return null;
  return {
    id: r.id as string,
    market: r.market as string,
    ownerId: (r.owner_id as string | null) ?? null,
    kind: r.kind as string,
    originalName: r.original_name as string,
    storedName: r.stored_name as string,
    key: r.key as string,
    bytes: Number(r.bytes),
    createdAt: new Date(r.created_at as string),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Where the server keeps files (lib/file-store.ts). */
    files: FileStore;
  }
}

/**
 * Decorates `app.files`: the store passed in (tests), else S3-compatible object storage when S3_URL is
 * set (lib/file-store-s3.ts, loaded only then), else a folder store under `${DATA_DIR}/files`.
 */
export const fileStorePlugin = fp(async (app: FastifyInstance, options: { store?: FileStore }) => {
  let store = options.store;
  if (!store && app.config.S3_URL) {
    const { S3FileStore, S3UrlError, describeS3Url } = await import('./file-store-s3.js');
    try {
      store = S3FileStore.fromUrl(app.config.S3_URL);
    } catch (error) {
      if (error instanceof S3UrlError) throw new Error(`Invalid configuration: ${error.message}`);
      throw error;
    }
    app.log.info({ files: describeS3Url(app.config.S3_URL) }, 'files are kept in object storage');
    const owned = store;
    app.addHook('onClose', async () => owned.close?.());
  }
  app.decorate('files', store ?? new FolderFileStore(path.resolve(app.config.DATA_DIR, 'files')));
});
