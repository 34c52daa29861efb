import { spawn, type ChildProcess } from 'node:child_process';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEMO_PASSWORD } from '@fieldforce/contracts';
import { openDatabase } from '../apps/server/src/db/client.js';
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

/**
 * Starts the real server as its own process (node + tsx loader, one process) and waits until it answers.
 * BENCH_SERVER_ENTRY runs another checkout's server.ts instead (a before/after comparison).
 */
export async function startServer(
  env: Record<string, string>,
  timeoutMs = 180_000,
  entry = process.env.BENCH_SERVER_ENTRY ?? SERVER_ENTRY,
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

/** The p-th percentile (nearest rank) of some timings. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

export const arg = (args: string[], name: string, fallback: string) =>
  args.includes(name) ? args[args.indexOf(name) + 1]! : fallback;

/** A demo user's id token (every demo account shares DEMO_PASSWORD). */
export async function signIn(base: string, email: string, countryCode = 'vn'): Promise<string> {
  const res = await fetch(`${base}/api/fb/accounts/login?countryCode=${countryCode}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD, deviceId: `bench ${email}` }),
  });
  const body = (await res.json()) as { 'response-data': { idToken?: string } | null };
  const token = body['response-data']?.idToken;
  if (!token) throw new Error(`sign-in failed for ${email}: ${res.status}`);
  return token;
}

/**
 * A PGlite data folder for a demo-scale run: `--data-dir DIR` keeps it (the server seeds it on first
 * use, about 40 s, and later runs reuse it); without it a temporary folder, removed by `cleanup`.
 */
export function pgliteDataDir(args: string[], prefix: string): { dir: string; cleanup(): void } {
  const kept = args.includes('--data-dir') ? path.resolve(arg(args, '--data-dir', '')) : null;
  if (kept) return { dir: kept, cleanup: () => undefined };
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

export interface HealthPoll {
  /** Latency of every /api/health answer, in ms. */
  timings: number[];
  /** Answers that were not 200 (or failed). */
  errors: number;
}

/**
 * Polls `/api/health` every `intervalMs` (a new request each tick, whether or not the previous one has
 * answered) until `stop` resolves, and times each answer.
 */
export async function pollHealth(
  base: string,
  stop: Promise<unknown>,
  intervalMs = 100,
): Promise<HealthPoll> {
  const timings: number[] = [];
  let errors = 0;
  const pending: Promise<void>[] = [];
  let done = false;
  void stop.finally(() => (done = true));
  while (!done) {
    const started = performance.now();
    pending.push(
      fetch(`${base}/api/health`)
        .then(async (res) => {
          await res.arrayBuffer();
          if (res.ok) timings.push(performance.now() - started);
          else errors += 1;
        })
        .catch(() => {
          errors += 1;
        }),
    );
    await Promise.race([new Promise((r) => setTimeout(r, intervalMs)), stop]);
  }
  await Promise.all(pending);
  return { timings, errors };
}

export interface ExportRun {
  url: string;
  token: string;
}

/** Reads every download to its end (run in a worker thread by downloadAll). */
const DOWNLOADER = `
const { parentPort, workerData } = require('node:worker_threads');
Promise.all(
  workerData.map(async ({ url, token }) => {
    const started = performance.now();
    try {
      const res = await fetch(url, { headers: { customerToken: token } });
      let bytes = 0;
      if (res.body) for await (const chunk of res.body) bytes += chunk.byteLength;
      return { status: res.status, bytes, ms: performance.now() - started };
    } catch {
      return { status: 0, bytes: 0, ms: performance.now() - started };
    }
  }),
).then((results) => parentPort.postMessage(results));
`;

/**
 * Downloads every export at once, in a worker thread so that reading them does not delay the
 * caller's own timings (the health poll); resolves with each one's status, bytes and duration.
 */
export function downloadAll(runs: ExportRun[]): Promise<{ status: number; bytes: number; ms: number }[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(DOWNLOADER, { eval: true, workerData: runs });
    worker.once('message', (results: { status: number; bytes: number; ms: number }[]) => {
      resolve(results);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

/**
 * Seeds the demo set (seed 2026) into the PGlite folder `dir` unless it already holds it (about 40 s
 * plus the summaries), and returns the seed's `today` (ms, UTC midnight), which the data ends on.
 */
export async function ensurePgliteDemo(dir: string): Promise<number> {
  const read = async () => {
    const db = await openDatabase({ dataDir: dir });
    try {
      const { rows } = await db.query<{ key: string; value: string }>(
        `SELECT key, value FROM app_meta WHERE key IN ('seed_scale', 'seed_today')`,
      );
      return Object.fromEntries(rows.map((r) => [r.key, r.value]));
    } catch {
      return {}; // no schema yet
    } finally {
      await db.close();
    }
  };
  let meta = await read();
  if (meta['seed_scale'] !== 'demo') {
    log(`seeding demo into PGlite in ${dir} (about a minute; kept for the next run with --data-dir)`);
    const cli = path.join(REPO_ROOT, 'apps/server/src/db/seed/cli.ts');
    const result = await runNode(
      ['--import', 'tsx', cli, '--scale', 'demo', '--seed', '2026', '--data-dir', dir, '--reset'],
      { DATABASE_URL: '' },
    );
    if (result.code !== 0) throw new Error(`seed failed (${result.code})`);
    meta = await read();
  }
  return Date.parse(String(meta['seed_today']).slice(0, 10) + 'T00:00:00Z');
}
