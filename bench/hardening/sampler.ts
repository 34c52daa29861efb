/**
 * The soak sampler of the load part (docs/reliability.md, "Soak"): every `everyMs` (30 s) during a run it
 * records, for the cluster of bench/hardening/cluster.ts,
 *   - each app server's resident memory (VmRSS of /proc/<pid>/status) and open file descriptors
 *     (entries of /proc/<pid>/fd);
 *   - PostgreSQL connections by state (pg_stat_activity, client backends of the portal's database) on the
 *     primary and on the replica;
 *   - pgbouncer's SHOW POOLS for the two pooled databases: clients active and waiting, server
 *     connections (active + idle + used).
 * With a cluster started with CLUSTER_INSPECT=1, also each app server's heap (used and total) and its
 * memory outside the heap (external, arrayBuffers) after a forced full collection
 * (`<app>.heapAfterGcMb` and the like, every 2 minutes, by bench/hardening/heap-probe.mjs through the
 * server's inspector) and, at the end, the allocation sites still keeping the most bytes
 * (.tmp/heap-<label>-<app>.json).
 * At the end of a run: for each series, the mean of the first 10 % of the samples and of the last 10 %
 * (at least one sample each) and the least-squares slope per hour. Flat memory and connections mean a
 * slope near 0 and last ≈ first; a leak shows as a steady positive slope.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { REPO_ROOT, log } from '../lib.js';
import type { Cluster } from './cluster.js';

export type Sample = { at: number; values: Record<string, number> };

export interface SeriesSummary {
  first10: number;
  last10: number;
  slopePerHour: number;
  samples: number;
}

function rssMb(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('VmRSS:'));
    return line ? Math.round((Number(line.replace(/\D+/g, '')) / 1024) * 10) / 10 : null;
  } catch {
    return null;
  }
}

function openFds(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    return readdirSync(`/proc/${pid}/fd`).length;
  } catch {
    return null;
  }
}

const STATES = ['active', 'idle', 'idle in transaction'] as const;
const stateKey = (state: string) => state.replace(/ (\w)/g, (_, c: string) => c.toUpperCase());

async function connectionsByState(url: string): Promise<Record<string, number> | null> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined);
  try {
    await client.connect();
    const { rows } = await client.query<{ state: string | null; n: string }>(
      `SELECT coalesce(state, 'unknown') AS state, count(*) AS n FROM pg_stat_activity
        WHERE datname = 'fieldforce' AND backend_type = 'client backend' AND pid <> pg_backend_pid()
        GROUP BY 1`,
    );
    const out: Record<string, number> = { total: 0 };
    for (const s of STATES) out[stateKey(s)] = 0;
    for (const r of rows) {
      out[stateKey(r.state ?? 'unknown')] = Number(r.n);
      out['total']! += Number(r.n);
    }
    return out;
  } catch {
    return null;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function poolerPools(cluster: Cluster): Promise<Record<string, number> | null> {
  if (!cluster.state().ports.pooler) return null;
  const client = new pg.Client({ connectionString: cluster.pooledUrl('pgbouncer') });
  client.on('error', () => undefined);
  try {
    await client.connect();
    const { rows } = await client.query<Record<string, string>>('SHOW POOLS');
    const out: Record<string, number> = {};
    for (const r of rows) {
      const db = r['database'];
      if (db !== 'fieldforce' && db !== 'fieldforce_replica') continue;
      const key = db === 'fieldforce' ? 'primary' : 'replica';
      out[`${key}.clientsActive`] = Number(r['cl_active'] ?? 0);
      out[`${key}.clientsWaiting`] = Number(r['cl_waiting'] ?? 0);
      out[`${key}.servers`] =
        Number(r['sv_active'] ?? 0) + Number(r['sv_idle'] ?? 0) + Number(r['sv_used'] ?? 0);
    }
    return out;
  } catch {
    return null;
  } finally {
    await client.end().catch(() => undefined);
  }
}

const HEAP_EVERY_MS = 120_000;

interface HeapProbe {
  /** The last figures after a forced collection, until the next sample takes them. */
  latest: Record<string, number> | null;
  stop(): Promise<void>;
}

/**
 * heap-probe.mjs on an app server's inspector port: a plain `node` child (with --experimental-websocket
 * where Node has no WebSocket of its own), its JSON lines read as they come.
 */
function startHeapProbe(name: string, port: number, profileFile: string): HeapProbe {
  const flags = Number(process.versions.node.split('.')[0]) < 22 ? ['--experimental-websocket'] : [];
  const child: ChildProcess = spawn(
    process.execPath,
    [
      ...flags,
      path.join(REPO_ROOT, 'bench/hardening/heap-probe.mjs'),
      String(port),
      String(HEAP_EVERY_MS),
      profileFile,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const probe: HeapProbe = {
    latest: null,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
  createInterface({ input: child.stdout! }).on('line', (line) => {
    try {
      probe.latest = JSON.parse(line) as Record<string, number>;
    } catch {
      log(`heap probe ${name}: ${line.slice(0, 160)}`);
    }
  });
  child.stderr!.on('data', (d) => log(`heap probe ${name}: ${String(d).trim().slice(0, 200)}`));
  return probe;
}

/** One sample of every series (a series the cluster cannot give this time is left out of the sample). */
export async function sampleCluster(
  cluster: Cluster,
  probes: Partial<Record<'app1' | 'app2', HeapProbe>> = {},
): Promise<Record<string, number>> {
  const { pids } = cluster.state();
  const values: Record<string, number> = {};
  for (const name of ['app1', 'app2'] as const) {
    const probe = probes[name];
    if (probe?.latest) {
      const l = probe.latest;
      values[`${name}.heapAfterGcMb`] = l['heapUsedMb']!;
      values[`${name}.heapTotalAfterGcMb`] = l['heapTotalMb']!;
      values[`${name}.externalAfterGcMb`] = l['externalMb']!;
      values[`${name}.arrayBuffersAfterGcMb`] = l['arrayBuffersMb']!;
      probe.latest = null;
    }
  }
  for (const name of ['app1', 'app2'] as const) {
    const rss = rssMb(pids[name]);
    const fds = openFds(pids[name]);
    if (rss !== null) values[`${name}.rssMb`] = rss;
    if (fds !== null) values[`${name}.openFds`] = fds;
  }
  const [primary, replica, pools] = await Promise.all([
    connectionsByState(cluster.primaryUrl),
    connectionsByState(cluster.replicaUrl),
    poolerPools(cluster),
  ]);
  for (const [k, v] of Object.entries(primary ?? {})) values[`pgPrimary.connections.${k}`] = v;
  for (const [k, v] of Object.entries(replica ?? {})) values[`pgReplica.connections.${k}`] = v;
  for (const [k, v] of Object.entries(pools ?? {})) values[`pgbouncer.${k}`] = v;
  return values;
}

/** First-10 % and last-10 % means and the least-squares slope per hour of each series. */
export function summarize(samples: readonly Sample[]): Record<string, SeriesSummary> {
  const keys = new Set(samples.flatMap((s) => Object.keys(s.values)));
  const out: Record<string, SeriesSummary> = {};
  const round = (n: number) => Math.round(n * 100) / 100;
  for (const key of [...keys].sort()) {
    const points = samples
      .filter((s) => s.values[key] !== undefined)
      .map((s) => ({ hours: s.at / 3_600_000, v: s.values[key]! }));
    if (points.length === 0) continue;
    const tenth = Math.max(1, Math.floor(points.length / 10));
    const mean = (ps: typeof points) => ps.reduce((a, p) => a + p.v, 0) / ps.length;
    let slope = 0;
    if (points.length >= 2) {
      const mx = points.reduce((a, p) => a + p.hours, 0) / points.length;
      const my = mean(points);
      const sxx = points.reduce((a, p) => a + (p.hours - mx) ** 2, 0);
      const sxy = points.reduce((a, p) => a + (p.hours - mx) * (p.v - my), 0);
      slope = sxx > 0 ? sxy / sxx : 0;
    }
    out[key] = {
      first10: round(mean(points.slice(0, tenth))),
      last10: round(mean(points.slice(-tenth))),
      slopePerHour: round(slope),
      samples: points.length,
    };
  }
  return out;
}

/**
 * Samples the cluster every `everyMs` from now until stop() (a first sample at once, a last one at the
 * stop); `print` logs each sample as it is taken (the soak).
 */
export function startSampler(
  cluster: Cluster,
  label: string,
  options: { everyMs?: number; print?: boolean } = {},
): { stop(): Promise<Record<string, SeriesSummary>> } {
  const everyMs = options.everyMs ?? 30_000;
  const started = performance.now();
  const samples: Sample[] = [];
  let pending: Promise<void> = Promise.resolve();
  const probes: Partial<Record<'app1' | 'app2', HeapProbe>> = {};
  const ports = cluster.state().ports;
  for (const name of ['app1', 'app2'] as const) {
    const port = ports[`${name}Inspect`];
    if (port) {
      const file = path.join(REPO_ROOT, `.tmp/heap-${label}-${name}.json`);
      probes[name] = startHeapProbe(name, port, file);
      log(
        `load ${label}: ${name}'s heap after a forced collection every ${HEAP_EVERY_MS / 1000} s; sites in ${file}`,
      );
    }
  }
  const take = () => {
    pending = pending
      .then(async () => {
        const at = performance.now() - started;
        const values = await sampleCluster(cluster, probes);
        samples.push({ at, values });
        if (options.print)
          log(`load ${label} sample at ${Math.round(at / 1000)} s: ${JSON.stringify(values)}`);
      })
      .catch((error: unknown) => log(`load ${label}: a sample failed: ${String(error).slice(0, 160)}`));
  };
  take();
  const timer = setInterval(take, everyMs);
  return {
    async stop() {
      clearInterval(timer);
      await Promise.all(Object.values(probes).map((p) => p.stop()));
      take();
      await pending;
      const summary = summarize(samples);
      log(
        `load ${label}: sampler (${samples.length} samples every ${everyMs / 1000} s): ` +
          Object.entries(summary)
            .map(([k, s]) => `${k} first ${s.first10} last ${s.last10} slope ${s.slopePerHour}/h`)
            .join('; '),
      );
      return summary;
    },
  };
}
