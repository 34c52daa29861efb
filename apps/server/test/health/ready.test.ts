/**
 * GET /api/ready, the check a load balancer makes (docs/deployment.md): 200 when the database answers,
 * with whether the file store answered (reported, not required: a store shared by every server must not
 * take them all out of rotation, session 9's load run showed what that does); from shutdown on, no new
 * connection is accepted.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildAppOptions } from '../../src/app.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { startS3Server, type TestS3Server } from '../file-store/s3-server.js';
import { latestSchemaVersion } from '../../src/db/migrate.js';

let dataDir: string;
let folder: TestApp;
let s3: TestS3Server;
let bucketUp: FastifyInstance;
let bucketDown: FastifyInstance;

/** Another app on the same database (a fresh database per app would only add minutes of migrations). */
async function sameDatabaseApp(options: Partial<Omit<BuildAppOptions, 'db'>>): Promise<FastifyInstance> {
  const app = await buildApp({ logger: false, ...options, db: folder.database.db });
  await app.ready();
  return app;
}

function unusedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'ff-ready-'));
  folder = await createTestApp({ config: { DATA_DIR: dataDir } });
  s3 = await startS3Server('fieldforce-ready');
  bucketUp = await sameDatabaseApp({ config: { DATA_DIR: dataDir, S3_URL: s3.url } });
  bucketDown = await sameDatabaseApp({
    config: { DATA_DIR: dataDir, S3_URL: `s3+http://K:S@127.0.0.1:${await unusedPort()}/fieldforce-ready` },
  });
});
afterAll(async () => {
  await bucketUp?.close();
  await bucketDown?.close();
  await folder?.close();
  await s3?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('GET /api/ready', () => {
  it('is public and answers 200 with what it checked (folder store)', async () => {
    const res = await folder.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      statusCode: 200,
      statusMessage: 'SUCCESS',
      'response-data': { status: 'ready', files: 'folder', schemaVersion: latestSchemaVersion() },
    });
  });

  it('checks the bucket when S3_URL is set and reports it, without leaving rotation when it is down', async () => {
    const up = await bucketUp.inject({ method: 'GET', url: '/api/ready' });
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json()['response-data']).toMatchObject({
      status: 'ready',
      files: 'object storage',
      filesAnswering: true,
    });

    // The store is shared: every server would fail together, and sign-in, dashboards and reports need
    // no file. The server stays in rotation and says the store is not answering.
    const down = await bucketDown.inject({ method: 'GET', url: '/api/ready' });
    expect(down.statusCode, down.body).toBe(200);
    expect(down.json()['response-data']).toMatchObject({
      status: 'ready',
      files: 'object storage',
      filesAnswering: false,
    });
    expect((await bucketDown.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('refuses new connections once shutdown begins, while a request in flight finishes', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const app = await sameDatabaseApp({
      config: { DATA_DIR: dataDir },
      extraRoutes: (scope) => {
        scope.get('/api/test/slow', async () => {
          await held;
          return { done: true };
        });
      },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const base = `http://127.0.0.1:${port}`;
    expect((await fetch(`${base}/api/ready`)).status).toBe(200);
    const inFlight = fetch(`${base}/api/test/slow`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const closing = app.close();
    await new Promise((resolve) => setTimeout(resolve, 100));
    await expect(fetch(`${base}/api/ready`)).rejects.toThrow();
    release();
    expect((await inFlight).status).toBe(200);
    await closing;
  });
});
