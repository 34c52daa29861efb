import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ok } from '@fieldforce/contracts';
import { createTestApp } from './helpers/app.js';

const serverEntry = fileURLToPath(new URL('../src/server.ts', import.meta.url));

function runServer(env: Record<string, string>) {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env };
  delete childEnv.DATABASE_URL;
  Object.assign(childEnv, env);
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += String(d)));
  child.stderr.on('data', (d) => (output += String(d)));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function waitFor(predicate: () => boolean, ms = 60_000) {
  const until = Date.now() + ms;
  while (!predicate()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('graceful shutdown', () => {
  it('finishes a request in flight, then closes the database', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let started!: () => void;
    const inFlight = new Promise<void>((r) => (started = r));
    const t = await createTestApp({
      ownsDatabase: true,
      extraRoutes: (app) => {
        app.get('/api/test/slow', async () => {
          started();
          await held;
          return ok('done');
        });
      },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;

    const response = fetch(`http://127.0.0.1:${port}/api/test/slow`).then((r) => r.json());
    await inFlight;
    const closing = t.app.close();
    // While the old request is still running, new requests are refused or told the server is closing.
    const late = await fetch(`http://127.0.0.1:${port}/api/health`, {
      signal: AbortSignal.timeout(5000),
    }).then(
      (r) => r.status,
      (error: Error) => error.name,
    );
    expect([503, 'TypeError']).toContain(late);
    release();
    expect(await response).toMatchObject({ 'response-data': 'done' });
    await closing;
    await expect(t.database.db.query('SELECT 1')).rejects.toThrow();
    await t.database.cleanup().catch(() => undefined);
  });

  /** A streamed answer whose headers (keep-alive) went out before the close, finished during it. */
  async function streamingApp(shutdownTimeout: number) {
    let finish!: () => void;
    const finished = new Promise<void>((r) => (finish = r));
    const t = await createTestApp({
      ownsDatabase: true,
      config: { SHUTDOWN_TIMEOUT: shutdownTimeout },
      extraRoutes: (app) => {
        app.get('/api/test/stream', (_request, reply) => {
          const body = new PassThrough();
          body.write('first part\n');
          void finished.then(() => body.end('last part\n'));
          return reply.header('content-type', 'text/plain').send(body);
        });
      },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as AddressInfo).port;
    const agent = new http.Agent({ keepAlive: true });
    const response = await new Promise<http.IncomingMessage>((resolve, reject) =>
      http.get(`http://127.0.0.1:${port}/api/test/stream`, { agent }, resolve).on('error', reject),
    );
    return { t, finish, response, agent };
  }

  it('ends a keep-alive socket whose answer finishes during the close, so close does not wait for the keep-alive timeout', async () => {
    // A long timeout: only the end of the socket (not the deadline) lets the close complete early.
    const { t, finish, response, agent } = await streamingApp(600);
    expect(response.headers.connection).toBe('keep-alive');
    let body = '';
    response.on('data', (d) => (body += String(d)));
    const ended = new Promise((r) => response.on('end', r));
    const closing = t.app.close();
    finish();
    await closing;
    await ended;
    expect(body).toBe('first part\nlast part\n');
    agent.destroy();
    await t.database.cleanup().catch(() => undefined);
  }, 30_000);

  it('closes the connections still open when the shutdown timeout is nearly over', async () => {
    // The client never reads and the answer never ends: only the deadline ends the close.
    const { t, response, agent } = await streamingApp(1);
    response.pause();
    await t.app.close();
    expect(response.destroyed || response.complete === false).toBe(true);
    agent.destroy();
    await t.database.cleanup().catch(() => undefined);
  }, 30_000);

  it('exits 0 on SIGTERM', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ff-life-'));
    try {
      const server = runServer({
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        SEED_SCALE: 'none',
        LOG_LEVEL: 'warn',
      });
      await waitFor(() => server.output().includes('Fieldforce is running at'));
      expect(server.output()).toMatch(/http:\/\/127\.0\.0\.1:\d+/);
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('refuses to start with invalid configuration, naming the variable', async () => {
    const server = runServer({ PORT: 'not-a-port' });
    expect(await server.exited).toBe(2);
    expect(server.output()).toContain('PORT="not-a-port"');
  });
});
