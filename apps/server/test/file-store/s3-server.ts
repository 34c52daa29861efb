/**
 * A real S3-compatible server (s3rver, from the registry) on a free loopback port, with one bucket, for
 * the object-storage tests. Its objects live in a temporary folder removed by stop().
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';

export interface TestS3Server {
  /** S3_URL for the bucket (s3rver's built-in credentials). */
  url: string;
  bucket: string;
  port: number;
  /** Every key in the bucket, sorted. */
  keys(): Promise<string[]>;
  stop(): Promise<void>;
}

export async function startS3Server(bucket = 'fieldforce-test', prefix = ''): Promise<TestS3Server> {
  const directory = await mkdtemp(path.join(tmpdir(), 'ff-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const client = new S3Client({
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  return {
    url: `s3+http://S3RVER:S3RVER@127.0.0.1:${port}/${bucket}${prefix ? `/${prefix}` : ''}`,
    bucket,
    port,
    async keys() {
      const { Contents = [] } = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      return Contents.map((c) => c.Key!).sort();
    },
    async stop() {
      client.destroy();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
