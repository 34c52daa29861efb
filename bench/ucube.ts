// UCube at volume (issue 4): Team View and drill-down latency for a Super User and a team leader,
// and throughput with 50 concurrent clients against a bare indexed point query on the same server.
// Latencies are of computed answers (the bench announces new data before each timed request, as a
// load would); teamView.cachedP95Ms is the same call answered from the cache. Throughput is warm.
//   npm run bench -- ucube [--db pglite|postgres] [--scale demo|large]
// pglite (default): the demo set in a temporary PGlite folder. postgres: DATABASE_URL, or a
// throwaway cluster, seeded with the scale when missing (large takes about a quarter of an hour).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEMO_PASSWORD } from '@fieldforce/contracts';
import { startCluster } from '../scripts/pg-cluster.mjs';
import { ensureSeeded, log, startServer, REPO_ROOT } from './lib.js';

const arg = (args: string[], name: string, fallback: string) =>
  args.includes(name) ? args[args.indexOf(name) + 1]! : fallback;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}
const round = (n: number) => Math.round(n * 10) / 10;

async function signIn(base: string, email: string): Promise<string> {
  const res = await fetch(`${base}/api/fb/accounts/login?countryCode=vn`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD, deviceId: `bench ucube ${email}` }),
  });
  const body = (await res.json()) as { 'response-data': { idToken?: string } | null };
  const token = body['response-data']?.idToken;
  if (!token) throw new Error(`sign-in failed for ${email}: ${res.status}`);
  return token;
}

/** Times one request; `cold` first announces new data so the answer is computed, not cached. */
async function timed(url: string, token: string, cold = true): Promise<{ ms: number; body: unknown }> {
  if (cold) await fetch(new URL('/api/bench/new-data', url), { method: 'POST' });
  const started = performance.now();
  const res = await fetch(url, { headers: { customerToken: token } });
  const body = await res.json();
  if (!res.ok) throw new Error(`${url} answered ${res.status}: ${JSON.stringify(body)}`);
  return { ms: performance.now() - started, body };
}

/** Requests per second with `clients` loops firing back to back for `seconds`; counts errors. */
async function throughput(url: string, token: string | null, clients: number, seconds: number) {
  const until = performance.now() + seconds * 1000;
  let done = 0;
  let errors = 0;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < until) {
        try {
          const res = await fetch(url, { headers: token ? { customerToken: token } : {} });
          await res.arrayBuffer();
          if (res.ok) done += 1;
          else errors += 1;
        } catch {
          errors += 1;
        }
      }
    }),
  );
  return { rps: done / seconds, errors };
}

export async function ucubeBench(args: string[]): Promise<Record<string, number>> {
  const kind = arg(args, '--db', 'pglite');
  const scale = arg(args, '--scale', kind === 'postgres' ? 'large' : 'demo');
  const cluster = kind === 'postgres' && !process.env.DATABASE_URL ? await startCluster({ log }) : null;
  const dataDir = kind === 'pglite' ? mkdtempSync(path.join(os.tmpdir(), 'ff-bench-ucube-')) : undefined;
  const databaseUrl = kind === 'postgres' ? (process.env.DATABASE_URL ?? cluster!.url) : '';
  // The server seeds demo itself; larger sets are loaded by the seed CLI first.
  if (databaseUrl && scale !== 'demo') await ensureSeeded(databaseUrl, scale);
  const env: Record<string, string> = {
    SEED_SCALE: databaseUrl && scale !== 'demo' ? 'none' : scale,
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    DATABASE_URL: databaseUrl,
    ...(dataDir ? { DATA_DIR: dataDir } : {}),
  };
  try {
    log(`starting the bench server on ${kind} (${scale}); an empty database is seeded first`);
    const server = await startServer(env, 1_800_000, path.join(REPO_ROOT, 'bench/ucube-server.ts'));
    try {
      const base = server.url;
      const superToken = await signIn(base, 'super@demo.test');
      const tlToken = await signIn(base, 'tl.vn@demo.test');
      const teamView = `${base}/api/ucube/individual-performance-kpis?countryCode=vn&period=mtd`;

      log('Team View as Super User');
      const top: number[] = [];
      let answer: { 'response-data': { rows: { drill?: Record<string, string> | null }[] } } | undefined;
      for (let i = 0; i < 40; i += 1) {
        const { ms, body } = await timed(teamView, superToken);
        if (i >= 5) top.push(ms);
        answer = body as typeof answer;
      }

      const cached: number[] = [];
      for (let i = 0; i < 40; i += 1) {
        const { ms } = await timed(teamView, superToken, false);
        if (i >= 5) cached.push(ms);
      }

      log('drill-down: one level down from each row, then a team leader’s own team');
      const drills = (answer?.['response-data'].rows ?? [])
        .map((r) => r.drill)
        .filter((d): d is Record<string, string> => Boolean(d));
      const down: number[] = [];
      for (let i = 0; i < 40 && drills.length > 0; i += 1) {
        const query = new URLSearchParams({ countryCode: 'vn', period: 'mtd', ...drills[i % drills.length] });
        const { ms } = await timed(`${base}/api/ucube/individual-performance-kpis?${query}`, superToken);
        if (i >= 5) down.push(ms);
      }
      const leader: number[] = [];
      for (let i = 0; i < 40; i += 1) {
        const { ms } = await timed(teamView, tlToken);
        if (i >= 5) leader.push(ms);
      }

      log('throughput: 50 clients for 10 s each, the Team View then the bare baseline route');
      const kpi = await throughput(teamView, tlToken, 50, 10);
      const baseline = await throughput(`${base}/api/bench/baseline`, null, 50, 10);

      return {
        'teamView.p50Ms': round(percentile(top, 50)),
        'teamView.p95Ms': round(percentile(top, 95)),
        'teamView.cachedP95Ms': round(percentile(cached, 95)),
        'drilldown.p95Ms': round(percentile(down, 95)),
        'teamLeader.p95Ms': round(percentile(leader, 95)),
        'throughput.rps': round(kpi.rps),
        'baseline.rps': round(baseline.rps),
        'throughput.ratio': Math.round((kpi.rps / baseline.rps) * 1000) / 1000,
        errors: kpi.errors + baseline.errors,
      };
    } finally {
      await server.stop();
    }
  } finally {
    cluster?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}
