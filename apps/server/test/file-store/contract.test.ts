/**
 * One contract for every FileStore (lib/file-store.ts): the folder store on a temporary folder and the
 * S3 store (lib/file-store-s3.ts) against a real S3-compatible server (s3rver) on a free loopback port.
 * Then what only object storage has to prove: writes go up in parts with a bounded amount in memory,
 * keys live under the URL's prefix, and S3_URL is read strictly.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FolderFileStore, type FileStore } from '../../src/lib/file-store.js';
import { parseS3Url, S3FileStore, S3UrlError, describeS3Url } from '../../src/lib/file-store-s3.js';
import { startS3Server, type TestS3Server } from './s3-server.js';

const MiB = 1024 * 1024;

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/** `total` bytes of a repeatable pattern, made one chunk at a time as the reader asks. */
async function* generated(total: number, chunk = 256 * 1024, onChunk?: (made: number) => void) {
  let made = 0;
  let i = 0;
  while (made < total) {
    const n = Math.min(chunk, total - made);
    const buffer = Buffer.alloc(n, i++ % 251);
    made += n;
    onChunk?.(made);
    yield buffer;
  }
}

async function sha256(stream: AsyncIterable<Buffer | string>): Promise<{ hash: string; bytes: number }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of stream) {
    hash.update(chunk);
    bytes += chunk.length;
  }
  return { hash: hash.digest('hex'), bytes };
}

const UNSAFE_KEYS = ['', '../x', 'a/../b', '/abs', 'a//b', 'a b', 'a\\b', 'a/./b', 'x'.repeat(501), 'é'];

interface Subject {
  name: string;
  store(): FileStore;
}

let folder: string;
let s3: TestS3Server;
let folderStore: FolderFileStore;
let s3Store: S3FileStore;

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'ff-file-store-'));
  folderStore = new FolderFileStore(folder);
  s3 = await startS3Server();
  // The smallest part S3 allows, so a test-sized file goes up in several parts.
  s3Store = S3FileStore.fromUrl(s3.url, { partSize: 5 * MiB, queueSize: 2 });
});
afterAll(async () => {
  s3Store?.close();
  await s3?.stop();
  await rm(folder, { recursive: true, force: true });
});

const subjects: Subject[] = [
  { name: 'folder store', store: () => folderStore },
  { name: 'S3 store on s3rver', store: () => s3Store },
];

describe.each(subjects)('FileStore contract: $name', ({ store }) => {
  it('puts a stream, gets it back, knows its size and removes it', async () => {
    const files = store();
    const content = 'Outlet Code,Status\r\nVN-1,1\r\nVN-2,0\r\n';
    expect(await files.put('imports/abc/original.csv', Readable.from([Buffer.from(content)]))).toEqual({
      bytes: Buffer.byteLength(content),
    });
    expect((await readAll(files.get('imports/abc/original.csv'))).toString()).toBe(content);
    expect(await files.size('imports/abc/original.csv')).toBe(Buffer.byteLength(content));
    await files.remove('imports/abc/original.csv');
    expect(await files.size('imports/abc/original.csv')).toBeNull();
  });

  it('takes an async iterable of strings and buffers, and an empty file', async () => {
    const files = store();
    async function* parts() {
      yield '\uFEFFName,Error\r\n';
      yield Buffer.from('Trần Văn A,Unknown outlet\r\n');
    }
    const { bytes } = await files.put('errors/one.csv', parts());
    const back = await readAll(files.get('errors/one.csv'));
    expect(back.toString('utf8')).toBe('\uFEFFName,Error\r\nTrần Văn A,Unknown outlet\r\n');
    expect(bytes).toBe(back.length);

    expect(await files.put('errors/empty.csv', Readable.from([]))).toEqual({ bytes: 0 });
    expect(await files.size('errors/empty.csv')).toBe(0);
    expect((await readAll(files.get('errors/empty.csv'))).length).toBe(0);
  });

  it('replaces the file at a key', async () => {
    const files = store();
    await files.put('replace/me.txt', Readable.from(['first version, longer']));
    await files.put('replace/me.txt', Readable.from(['second']));
    expect((await readAll(files.get('replace/me.txt'))).toString()).toBe('second');
    expect(await files.size('replace/me.txt')).toBe(6);
  });

  it('streams a large file through and back byte for byte', async () => {
    const files = store();
    const total = 24 * MiB + 123;
    const expected = await sha256(generated(total));
    const { bytes } = await files.put('large/file.bin', Readable.from(generated(total)));
    expect(bytes).toBe(total);
    expect(await files.size('large/file.bin')).toBe(total);
    expect(await sha256(files.get('large/file.bin'))).toEqual(expected);
    await files.remove('large/file.bin');
  });

  it('a write whose source fails leaves what was at the key, and the write rejects', async () => {
    const files = store();
    await files.put('failing/target.csv', Readable.from(['kept']));
    async function* breaks() {
      yield* generated(6 * MiB);
      throw new Error('client went away');
    }
    await expect(files.put('failing/target.csv', breaks())).rejects.toThrow('client went away');
    expect((await readAll(files.get('failing/target.csv'))).toString()).toBe('kept');
    // A first write that fails leaves nothing behind.
    await expect(files.put('failing/new.csv', breaks())).rejects.toThrow('client went away');
    expect(await files.size('failing/new.csv')).toBeNull();
  });

  it('reports a missing key: get errors with ENOENT, size is null, remove is quiet', async () => {
    const files = store();
    await expect(readAll(files.get('no/such/file.csv'))).rejects.toMatchObject({ code: 'ENOENT' });
    expect(await files.size('no/such/file.csv')).toBeNull();
    await expect(files.remove('no/such/file.csv')).resolves.toBeUndefined();
  });

  it('refuses unsafe keys on every operation', async () => {
    const files = store();
    for (const key of UNSAFE_KEYS) {
      await expect(files.put(key, Readable.from(['x'])), key).rejects.toThrow(/Unsafe file key/);
      expect(() => files.get(key), key).toThrow(/Unsafe file key/);
      await expect(files.size(key), key).rejects.toThrow(/Unsafe file key/);
      await expect(files.remove(key), key).rejects.toThrow(/Unsafe file key/);
    }
  });
});

describe('S3 store specifics', () => {
  it('uploads a large stream in parts with at most a few parts in memory, never the whole file', async () => {
    const partSize = 5 * MiB;
    const queueSize = 2;
    const store = S3FileStore.fromUrl(s3.url, { partSize, queueSize });
    let uploaded = 0;
    let parts = 0;
    store.client.middlewareStack.add(
      (next, context) => async (args) => {
        const out = await next(args);
        if (context.commandName === 'UploadPartCommand') {
          parts += 1;
          uploaded += (args.input as { Body: Buffer }).Body.length;
        }
        return out;
      },
      { step: 'initialize', name: 'countUploadedParts' },
    );
    const total = 40 * MiB;
    let mostAhead = 0;
    const source = generated(total, 256 * 1024, (made) => {
      mostAhead = Math.max(mostAhead, made - uploaded);
    });
    try {
      expect(await store.put('bounded/file.bin', Readable.from(source))).toEqual({ bytes: total });
    } finally {
      store.close();
    }
    expect(parts).toBe(Math.ceil(total / partSize));
    // Read from the source but not yet stored: the parts in flight plus the one being filled and the
    // streams' small buffers, far below the 40 MiB file.
    expect(mostAhead).toBeLessThanOrEqual((queueSize + 2) * partSize);
    expect(mostAhead).toBeLessThan(total / 2);
    expect(await s3Store.size('bounded/file.bin')).toBe(total);
  });

  it('keeps keys under the prefix the URL names, and answers the readiness check', async () => {
    const prefixed = S3FileStore.fromUrl(`${s3.url}/tenant-a/files`);
    try {
      await prefixed.put('imports/x/original.csv', Readable.from(['a,b\r\n']));
      expect(await s3.keys()).toContain('tenant-a/files/imports/x/original.csv');
      expect(await prefixed.size('imports/x/original.csv')).toBe(5);
      await expect(prefixed.check()).resolves.toBeUndefined();
    } finally {
      prefixed.close();
    }
    const wrongBucket = S3FileStore.fromUrl(s3.url.replace('/fieldforce-test', '/no-such-bucket'));
    try {
      await expect(wrongBucket.check()).rejects.toThrow();
    } finally {
      wrongBucket.close();
    }
  });

  it('lists only the keys under its prefix, page after page, without the prefix', async () => {
    const paged = S3FileStore.fromUrl(`${s3.url}/tenant-list`, { listPageSize: 2 });
    const other = S3FileStore.fromUrl(`${s3.url}/tenant-list-other`);
    try {
      const keys = ['a/1.csv', 'a/2.csv', 'b/3.csv', 'c/d/4.csv', '5.csv'];
      for (const key of keys) await paged.put(key, Readable.from([key]));
      await other.put('a/1.csv', Readable.from(['not mine']));
      const listed = [];
      for await (const file of paged.list()) listed.push(file);
      expect(listed.map((f) => f.key).sort()).toEqual([...keys].sort());
      expect(listed.find((f) => f.key === 'c/d/4.csv')?.bytes).toBe(9);
      for (const file of listed)
        expect(Math.abs(file.modifiedAt.getTime() - Date.now())).toBeLessThan(60_000);
    } finally {
      paged.close();
      other.close();
    }
  });

  it('fails a write, a read and a size when the server does not answer, and releases the source', async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port: free } = probe.address() as { port: number };
        probe.close(() => resolve(free));
      });
    });
    const gone = S3FileStore.fromUrl(`s3+http://K:S@127.0.0.1:${port}/fieldforce-test`);
    try {
      const source = Readable.from(generated(12 * MiB));
      await expect(gone.put('unreachable/file.bin', source)).rejects.toThrow();
      expect(source.destroyed).toBe(true);
      await expect(readAll(gone.get('unreachable/file.bin'))).rejects.toThrow();
      await expect(gone.size('unreachable/file.bin')).rejects.toThrow();
      await expect(gone.check()).rejects.toThrow();
    } finally {
      gone.close();
    }
  });

  it('reads S3_URL strictly and never shows the secret', () => {
    expect(parseS3Url('s3://AKIA1:se%2Fcret@s3.eu-west-1.amazonaws.com/ff-files?region=eu-west-1')).toEqual({
      endpoint: 'https://s3.eu-west-1.amazonaws.com',
      region: 'eu-west-1',
      bucket: 'ff-files',
      prefix: '',
      forcePathStyle: true,
      credentials: { accessKeyId: 'AKIA1', secretAccessKey: 'se/cret' },
    });
    expect(parseS3Url('s3+http://127.0.0.1:9000/ff-files/prod/v1?forcePathStyle=false')).toMatchObject({
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      prefix: 'prod/v1/',
      forcePathStyle: false,
      credentials: undefined,
    });
    for (const bad of [
      'http://host/bucket',
      's3://host',
      's3://host/Bad_Bucket',
      's3://key@host/bucket',
      's3://k:s@host/bucket?sslmode=off',
      's3://k:s@host/bucket?forcePathStyle=maybe',
      's3://k:s@host/bucket/a%20b',
      'not a url',
    ]) {
      expect(() => parseS3Url(bad), bad).toThrow(S3UrlError);
    }
    expect(describeS3Url('s3+http://KEY:TOPSECRET@127.0.0.1:9000/ff-files/p')).toBe(
      'http://127.0.0.1:9000/ff-files/p/',
    );
  });
});
