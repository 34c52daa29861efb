/**
 * The one-command start is safe on a shared network (issue 9, finding 2): with no HOST it listens on
 * loopback only, and its banner names the development helpers that are on and how to turn them off.
 */
import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverEntry = fileURLToPath(new URL('../src/server.ts', import.meta.url));

async function waitFor(predicate: () => boolean, ms = 150_000) {
  const until = Date.now() + ms;
  while (!predicate()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** An address of this machine that other machines could use (none in some sandboxes). */
function networkAddress(): string | undefined {
  return Object.values(os.networkInterfaces())
    .flat()
    .find((entry) => entry && entry.family === 'IPv4' && !entry.internal)?.address;
}

describe('npm start on a shared network', () => {
  it('listens on loopback only by default and names the development helpers', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ff-start-'));
    const env: NodeJS.ProcessEnv = { ...process.env };
    for (const name of ['HOST', 'DATABASE_URL', 'SMTP_URL', 'OIDC_ISSUER', 'PUBLIC_URL']) delete env[name];
    Object.assign(env, {
      PORT: '0',
      NODE_ENV: 'development',
      DATA_DIR: dataDir,
      SEED_SCALE: 'none',
      LOG_LEVEL: 'warn',
    });
    const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += String(d)));
    child.stderr.on('data', (d) => (output += String(d)));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      await waitFor(() => output.includes('Press Ctrl+C to stop.'));
      const port = Number(/listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(output)?.[1]);
      expect(port, output).toBeGreaterThan(0);
      expect(output).toContain('Only this machine can connect');
      expect(output).toContain('HOST=0.0.0.0 opens it to the network');
      expect(output).toMatch(/Development helpers are on \(NODE_ENV=development\)/);
      expect(output).toContain('Development outbox at /dev/outbox');
      expect(output).toContain('Off: set SMTP_URL, or NODE_ENV=production');
      expect(output).toContain('Built-in SSO provider at /oidc');
      expect(output).toContain('Off: set OIDC_ISSUER and OIDC_CLIENT_ID, or NODE_ENV=production');
      // The address to open is the one SSO comes back to.
      expect(output).toContain(`Fieldforce is running at http://localhost:${port}`);

      const local = await fetch(`http://127.0.0.1:${port}/api/health`);
      expect(local.status).toBe(200);
      const outside = networkAddress();
      if (outside) {
        const refused = await fetch(`http://${outside}:${port}/api/health`, {
          signal: AbortSignal.timeout(5000),
        }).then(
          (r) => r.status,
          (error: Error & { cause?: { code?: string } }) => error.cause?.code ?? error.name,
        );
        expect(refused).toBe('ECONNREFUSED');
      }
    } finally {
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});
