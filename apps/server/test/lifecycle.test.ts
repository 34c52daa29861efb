import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
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
