import { spawn, type ChildProcess } from 'node:child_process';
import pg from 'pg';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_ENTRY = path.join(REPO_ROOT, 'apps/server/src/server.ts');

export const log = (message: string) => console.error(`[bench] ${message}`);

/** Resident memory of a process in MB, now and at its peak, from /proc. */
export function residentMemory(pid: number): { rssMb: number; peakRssMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0);
  return { rssMb: Math.round(kb('VmRSS') / 1024), peakRssMb: Math.round(kb('VmHWM') / 1024) };
}

export interface RunningServer {
  child: ChildProcess;
  url: string;
  output(): string;
  stop(): Promise<number | null>;
}

/** Starts the real server as its own process (node + tsx loader, one process) and waits until it answers. */
export async function startServer(
  env: Record<string, string>,
  timeoutMs = 180_000,
  entry = SERVER_ENTRY,
): Promise<RunningServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: REPO_ROOT,
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'warn', NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += String(d)));
  child.stderr!.on('data', (d) => (output += String(d)));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const until = Date.now() + timeoutMs;
  let url: string | undefined;
  while (!url) {
    const match = /running at (http:\/\/[^\s]+)/.exec(output);
    if (match) url = match[1];
    else if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    else if (Date.now() > until) throw new Error(`server did not start in time:\n${output}`);
    else await new Promise((r) => setTimeout(r, 100));
  }
  return {
    child,
    url: url!,
    output: () => output,
    async stop() {
      child.kill('SIGTERM');
      return exited;
    },
  };
}

export function runNode(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number | null; stdout: string; stderr: string; ms: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, {
      cwd: REPO_ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += String(d)));
    child.stderr.on('data', (d) => {
      stderr += String(d);
      process.stderr.write(d);
    });
    child.on('exit', (code) => resolve({ code, stdout, stderr, ms: performance.now() - started }));
  });
}

/**
 * Seeds `scale` into the PostgreSQL database at `url` unless it already holds that scale (the seed CLI,
 * seed 2026, in its own process). `large` takes about a quarter of an hour.
 */
export async function ensureSeeded(url: string, scale: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let seeded: string | undefined;
  try {
    const { rows } = await client.query(`SELECT value FROM app_meta WHERE key = 'seed_scale'`);
    seeded = rows[0]?.value as string | undefined;
  } catch {
    seeded = undefined; // no schema yet
  } finally {
    await client.end();
  }
  if (seeded === scale) return;
  log(`seeding ${scale} into PostgreSQL (large takes about a quarter of an hour)`);
  const cli = `${REPO_ROOT}/apps/server/src/db/seed/cli.ts`;
  const result = await runNode(['--import', 'tsx', cli, '--scale', scale, '--seed', '2026', '--reset'], {
    DATABASE_URL: url,
  });
  if (result.code !== 0) throw new Error(`seed failed (${result.code})`);
}
