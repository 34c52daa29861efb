// The cluster's local S3-compatible server (s3rver from the registry; there is no MinIO in Debian):
//   node scripts/cluster/s3-server.mjs DIR PORT BUCKET
// Listens on 127.0.0.1:PORT, keeps objects in DIR, creates BUCKET, and stops on SIGTERM/SIGINT.
// Credentials are s3rver's fixed S3RVER / S3RVER.
import { mkdirSync } from 'node:fs';
import S3rver from 's3rver';

const [directory, port, bucket] = process.argv.slice(2);
if (!directory || !port || !bucket) {
  console.error('usage: node scripts/cluster/s3-server.mjs DIR PORT BUCKET');
  process.exit(2);
}
mkdirSync(directory, { recursive: true });
const server = new S3rver({
  address: '127.0.0.1',
  port: Number(port),
  silent: true,
  directory,
  configureBuckets: [{ name: bucket }],
});
const address = await server.run();
console.log(
  `s3rver listening on ${address.address}:${address.port}, bucket ${bucket}, objects in ${directory}`,
);
const stop = () => {
  server.close().finally(() => process.exit(0));
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
