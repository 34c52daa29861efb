/**
 * The FileStore on S3-compatible object storage (AWS S3, MinIO, Ceph, s3rver in tests), chosen by
 * `S3_URL` (lib/file-store.ts). Writes stream through a multipart upload, one part in memory at a
 * time (never the whole file); an object appears only when its upload completes, so a reader never
 * sees half a file, and a failed upload is aborted (no parts left behind).
 *
 * S3_URL = s3://ACCESS_KEY:SECRET@host[:port]/bucket[/prefix][?region=…&forcePathStyle=true|false]
 *   s3://       the endpoint speaks HTTPS;
 *   s3+http://  plain HTTP (an endpoint on loopback or a private network only);
 *   no ACCESS_KEY:SECRET: the AWS SDK's default credentials (AWS_ACCESS_KEY_ID…, an instance role);
 *   region defaults to us-east-1; path-style addressing (host/bucket/key) unless forcePathStyle=false.
 * Percent-encode a secret's reserved characters (/ + = @ :) in the URL.
 */
import { PassThrough, Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { assertSafeKey, isSafeKey, type FileStore, type ListedFile } from './file-store.js';

export interface S3Location {
  endpoint: string;
  region: string;
  bucket: string;
  /** Prepended to every key ('' or ending in '/'). */
  prefix: string;
  forcePathStyle: boolean;
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

export class S3UrlError extends Error {}

/** Reads S3_URL (see the file comment); throws S3UrlError naming what is wrong. */
export function parseS3Url(value: string): S3Location {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new S3UrlError('S3_URL is not a URL (s3://KEY:SECRET@host:port/bucket)');
  }
  const scheme = url.protocol.replace(/:$/, '');
  if (scheme !== 's3' && scheme !== 's3+http' && scheme !== 's3+https') {
    throw new S3UrlError('S3_URL must start with s3:// (HTTPS) or s3+http:// (plain HTTP)');
  }
  if (!url.hostname) throw new S3UrlError('S3_URL names no host');
  const [bucket, ...rest] = url.pathname.replace(/^\/+/, '').split('/');
  if (!bucket || !/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) {
    throw new S3UrlError('S3_URL names no valid bucket (s3://host/bucket)');
  }
  const prefixPath = rest.filter((s) => s.length > 0).join('/');
  if (prefixPath) {
    try {
      assertSafeKey(prefixPath);
    } catch {
      throw new S3UrlError("S3_URL's key prefix may hold letters, digits, '.', '_', '-' and '/' only");
    }
  }
  const params = url.searchParams;
  for (const name of params.keys()) {
    if (name !== 'region' && name !== 'forcePathStyle') {
      throw new S3UrlError(`S3_URL has an unknown option '${name}' (region, forcePathStyle)`);
    }
  }
  const pathStyle = params.get('forcePathStyle') ?? 'true';
  if (pathStyle !== 'true' && pathStyle !== 'false') {
    throw new S3UrlError('S3_URL forcePathStyle must be true or false');
  }
  const user = decodeURIComponent(url.username);
  const password = decodeURIComponent(url.password);
  if ((user === '') !== (password === '')) {
    throw new S3UrlError('S3_URL needs both the access key and the secret, or neither');
  }
  return {
    endpoint: `${scheme === 's3+http' ? 'http' : 'https'}://${url.host}`,
    region: params.get('region') || 'us-east-1',
    bucket,
    prefix: prefixPath ? `${prefixPath}/` : '',
    forcePathStyle: pathStyle === 'true',
    credentials: user ? { accessKeyId: user, secretAccessKey: password } : undefined,
  };
}

/** S3_URL for logs and banners: the secret left out. */
export function describeS3Url(value: string): string {
  const location = parseS3Url(value);
  return `${location.endpoint}/${location.bucket}${location.prefix ? `/${location.prefix}` : ''}`;
}

const notFoundNames = new Set(['NoSuchKey', 'NotFound', 'NoSuchBucket']);

function isNotFound(error: unknown): boolean {
  if (error instanceof S3ServiceException) {
    return notFoundNames.has(error.name) || error.$metadata.httpStatusCode === 404;
  }
  return false;
}

/** The folder store's error for a missing file, so callers handle both stores alike. */
function missing(key: string): NodeJS.ErrnoException {
  const error: NodeJS.ErrnoException = new Error(`ENOENT: no such file in object storage: '${key}'`);
  error.code = 'ENOENT';
  return error;
}

export interface S3FileStoreOptions {
  /** Bytes per uploaded part (S3's minimum is 5 MiB); this much per part is held in memory. */
  partSize?: number;
  /** Parts uploaded at the same time; a write holds at most partSize × queueSize in memory. */
  queueSize?: number;
  /** Objects per page of a listing (S3's maximum and default: 1,000). */
  listPageSize?: number;
}

export class S3FileStore implements FileStore {
  readonly client: S3Client;
  private readonly partSize: number;
  private readonly queueSize: number;
  private readonly listPageSize: number | undefined;

  constructor(
    readonly location: S3Location,
    options: S3FileStoreOptions = {},
  ) {
    this.client = new S3Client({
      endpoint: location.endpoint,
      region: location.region,
      forcePathStyle: location.forcePathStyle,
      credentials: location.credentials,
      // Checksums only where S3 requires them: S3-compatible servers differ in the newer headers.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 3,
    });
    this.partSize = Math.max(5 * 1024 * 1024, options.partSize ?? 8 * 1024 * 1024);
    this.queueSize = Math.max(1, options.queueSize ?? 2);
    this.listPageSize = options.listPageSize;
  }

  static fromUrl(value: string, options?: S3FileStoreOptions): S3FileStore {
    return new S3FileStore(parseS3Url(value), options);
  }

  private objectKey(key: string): string {
    assertSafeKey(key);
    return `${this.location.prefix}${key}`;
  }

  async put(key: string, stream: Readable | AsyncIterable<Buffer | string>): Promise<{ bytes: number }> {
    const Key = this.objectKey(key);
    let bytes = 0;
    const counter = new Transform({
      transform(chunk: Buffer | string, _encoding, done) {
        const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
        bytes += buffer.length;
        done(null, buffer);
      },
    });
    const source = stream instanceof Readable ? stream : Readable.from(stream);
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.location.bucket, Key, Body: counter },
      partSize: this.partSize,
      queueSize: this.queueSize,
      leavePartsOnError: false,
    });
    // The source feeds the upload through the counter; either side failing fails the write.
    const feeding = pipeline(source, counter);
    const uploading = upload.done();
    try {
      await Promise.all([feeding, uploading]);
    } catch (error) {
      counter.destroy();
      source.destroy();
      await upload.abort().catch(() => undefined);
      await Promise.allSettled([feeding, uploading]);
      throw error;
    }
    return { bytes };
  }

  get(key: string): Readable {
    const Key = this.objectKey(key);
    const out = new PassThrough();
    const controller = new AbortController();
    out.once('close', () => controller.abort());
    this.client
      .send(new GetObjectCommand({ Bucket: this.location.bucket, Key }), {
        abortSignal: controller.signal,
      })
      .then(async (answer) => {
        const body = answer.Body as Readable | undefined;
        if (!body) throw missing(key);
        await pipeline(body, out);
      })
      .catch((error: unknown) => {
        if (out.destroyed) return;
        out.destroy(isNotFound(error) ? missing(key) : (error as Error));
      });
    return out;
  }

  async size(key: string): Promise<number | null> {
    const Key = this.objectKey(key);
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.location.bucket, Key }));
      return head.ContentLength ?? 0;
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    const Key = this.objectKey(key);
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.location.bucket, Key }));
    } catch (error) {
      if (isNotFound(error)) return;
      throw error;
    }
  }

  /**
   * The objects under the URL's prefix, a page (up to 1,000) at a time, keys without the prefix.
   * ListObjects (version 1) with the last key as the next page's marker: every S3-compatible server
   * answers it, while s3rver cannot page version 2 on Node with OpenSSL 3 (its continuation token is
   * DES-encrypted: an internal error on every truncated page).
   */
  async *list(): AsyncIterable<ListedFile> {
    const { bucket, prefix } = this.location;
    let Marker: string | undefined;
    for (;;) {
      const page = await this.client.send(
        new ListObjectsCommand({
          Bucket: bucket,
          Prefix: prefix || undefined,
          Marker,
          MaxKeys: this.listPageSize,
        }),
      );
      const objects = page.Contents ?? [];
      for (const object of objects) {
        const key = object.Key?.startsWith(prefix) ? object.Key.slice(prefix.length) : '';
        if (!isSafeKey(key)) continue;
        yield {
          key,
          bytes: object.Size ?? 0,
          // Without a date (S3 always sends one) the object counts as just written: never swept.
          modifiedAt: object.LastModified ?? new Date(8.64e15),
        };
      }
      const last = objects.at(-1)?.Key;
      if (!page.IsTruncated || !last) return;
      Marker = page.NextMarker ?? last;
    }
  }

  /** Resolves when the bucket answers (the readiness check); rejects otherwise. */
  async check(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.location.bucket }));
  }

  close(): void {
    this.client.destroy();
  }
}
