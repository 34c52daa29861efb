/**
 * Part 5, load: V virtual users (--vus, default 300) for D minutes (--minutes, default 10) through
 * HAProxy, first with both app servers, then the same with app2 out of rotation (HAProxy 'maint'), so
 * the two runs share the machine's state. Plain node:http with keep-alive.
 *
 * Each user signs in once (its own device and client address; demo accounts of all seven markets,
 * at most 10 users per account: the device cap), then loops over a mix its account may do, with a
 * think time (--think ms, default 500) between calls: UCube dashboards (daily trend, performance KPIs),
 * a report page and its totals, a CSV export of three days, tracking (vn), an upload of a small Outlet
 * Geo-Compliance file (admins), and now and then a sign-in again on the same device. The default pace
 * (about two calls a second per user) saturates two cores, as the throughput two/one figure needs; a
 * person's pace is `--think 3000` or more (docs/reliability.md, "Session 16": the p95 targets hold).
 *
 * Figures per run: calls, errors (a status other than 2xx, or no answer), p95 per call kind,
 * throughput (calls/s); the ratio two/one; each part's CPU share (its CPU time over the run's
 * wall time × cores, from /proc: app servers, PostgreSQL primary and replica with their backends,
 * HAProxy, s3rver, this load generator), and the machine's whole busy share (other work included).
 *
 * The sampler (bench/hardening/sampler.ts) records every 30 s of each run the app servers' memory and open
 * files, PostgreSQL's connections by state (primary, replica) and pgbouncer's pools, and gives per run the
 * first-10 % and last-10 % means and a slope per hour. `--soak`: one run only (both app servers, or
 * `--layout one` for app2 in maint), 60 minutes unless --minutes says otherwise, each sample printed.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import { COUNTRY_CODES, OUTLET_GEO_TEMPLATE_HEADERS } from '@fieldforce/contracts';
import { arg, log, percentile } from '../lib.js';
import type { PartContext } from './authz.js';
import { CLUSTER_DIR, cpuTicks, type Cluster } from './cluster.js';
import { startSampler, type SeriesSummary } from './sampler.js';
import {
  call,
  keepAlive,
  type Answer,
  multipart,
  randomClientIp,
  signIn,
  sleep,
  type Session,
} from './http.js';

const KINDS = ['head', 'asm', 'tl', 'admin', 'dt', 'reports'] as const;
const CLK_TCK = 100;

interface RunResult {
  calls: number;
  errors: number;
  limited: number;
  /** Calls sent a second time because the first went out on a connection closed while idle. */
  retried: number;
  seconds: number;
  byKind: Map<string, number[]>;
  errorsByKind: Map<string, number>;
  cpu: Record<string, number>;
  machineBusy: number;
  sampled: Record<string, SeriesSummary>;
}

function machineTicks(): { busy: number; total: number } {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.split(/\s+/).slice(1).map(Number);
  const idle = line[3]! + line[4]!;
  const total = line.reduce((a, b) => a + b, 0);
  return { busy: total - idle, total };
}

function childrenOf(pid: number): number[] {
  const out = spawnSync('ps', ['--ppid', String(pid), '-o', 'pid='], { encoding: 'utf8' }).stdout;
  return out
    .split('\n')
    .map((s) => Number(s.trim()))
    .filter((n) => n > 0);
}

function postmaster(dir: string): number {
  try {
    return Number(readFileSync(path.join(CLUSTER_DIR, dir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return 0;
  }
}

/** CPU ticks of each part now (PostgreSQL: the postmaster and its current children). */
function partTicks(cluster: Cluster): Record<string, number> {
  const { pids } = cluster.state();
  const pg = (dir: string) => {
    const pm = postmaster(dir);
    return pm ? [pm, ...childrenOf(pm)].reduce((n, p) => n + cpuTicks(p), 0) : 0;
  };
  let haproxy = 0;
  try {
    haproxy = cpuTicks(Number(readFileSync(path.join(CLUSTER_DIR, 'haproxy.pid'), 'utf8').trim()));
  } catch {
    haproxy = 0;
  }
  let pgbouncer = 0;
  try {
    pgbouncer = cpuTicks(
      Number(readFileSync(path.join(CLUSTER_DIR, 'pgbouncer', 'pgbouncer.pid'), 'utf8').trim()),
    );
  } catch {
    pgbouncer = 0;
  }
  return {
    pgbouncer,
    app1: pids.app1 ? cpuTicks(pids.app1) : 0,
    app2: pids.app2 ? cpuTicks(pids.app2) : 0,
    pgPrimary: pg('pg-primary'),
    pgReplica: pg('pg-replica'),
    haproxy,
    s3rver: pids.s3 ? cpuTicks(pids.s3) : 0,
    loadGenerator: cpuTicks(process.pid),
  };
}

export async function loadPart(ctx: PartContext, cluster: Cluster): Promise<Record<string, number>> {
  const vus = Number(arg(ctx.args, '--vus', '300'));
  const soak = ctx.args.includes('--soak');
  const minutes = Number(arg(ctx.args, '--minutes', soak ? '60' : '10'));
  const think = Number(arg(ctx.args, '--think', '500'));
  const base = ctx.base;

  // Accounts: every market's head/asm/tl/admin/dt/reports, and the super user; ≤ 10 users each.
  const accounts = [
    'super@demo.test',
    ...COUNTRY_CODES.flatMap((m) => KINDS.map((k) => `${k}.${m}@demo.test`)),
  ];
  const { rows } = await ctx.db.query<{ email: string; home_country_code: string }>(
    'SELECT email, home_country_code FROM users WHERE email = ANY($1::text[])',
    [accounts],
  );
  const usable = rows.map((r) => ({
    email: r.email,
    market: r.email === 'super@demo.test' ? 'vn' : r.home_country_code,
  }));
  if (vus > usable.length * 10)
    log(`load: ${vus} users over ${usable.length} accounts exceeds the 10-device cap`);
  const today = new Date();
  const day = (offset: number) => new Date(today.getTime() - offset * 86_400_000).toISOString().slice(0, 10);
  const csv = Buffer.from(`${OUTLET_GEO_TEMPLATE_HEADERS.join(',')}\nNOSUCHDT,NOSUCHOUTLET,1\n`);

  const run = async (label: string): Promise<RunResult> => {
    const agent = keepAlive(vus + 16);
    const byKind = new Map<string, number[]>();
    const errorsByKind = new Map<string, number>();
    let calls = 0;
    let errors = 0;
    let limited = 0;
    const errorsByStatus = new Map<number, number>();
    let retried = 0;
    const errorTexts = new Map<string, number>();
    const record = (kind: string, status: number, ms: number, answer?: Answer) => {
      calls += 1;
      if (answer?.retried) retried += 1;
      if (answer?.error) errorTexts.set(answer.error, (errorTexts.get(answer.error) ?? 0) + 1);
      if (!byKind.has(kind)) byKind.set(kind, []);
      byKind.get(kind)!.push(ms);
      if (status === 429) {
        // A per-user limit (export slots, the sign-in rate): several virtual users share an account here.
        limited += 1;
      } else if (status < 200 || status >= 300) {
        errors += 1;
        errorsByStatus.set(status, (errorsByStatus.get(status) ?? 0) + 1);
        errorsByKind.set(kind, (errorsByKind.get(kind) ?? 0) + 1);
      }
    };
    // Sign everyone in first (spread over ~20 s), then the clock starts.
    const sessions: { s: Session; ip: string; device: string; account: (typeof usable)[number] }[] = [];
    const signing = Array.from({ length: vus }, (_, v) => v);
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (signing.length) {
          const v = signing.shift()!;
          const account = usable[v % usable.length]!;
          const device = `load-${label}-${v}`;
          try {
            const t0 = performance.now();
            const s = await signIn(base, account.email, account.market, device);
            record('signIn', 200, performance.now() - t0);
            sessions.push({ s, ip: randomClientIp(), device, account });
          } catch (error) {
            record('signIn', 0, 0);
            log(`load: ${String(error).slice(0, 160)}`);
          }
        }
      }),
    );
    const before = partTicks(cluster);
    const machineBefore = machineTicks();
    const sampler = startSampler(cluster, label, { print: soak });
    const started = performance.now();
    const end = started + minutes * 60_000;
    const get = async (kind: string, s: Session, ip: string, url: string, maxBytes?: number) => {
      const a = await call(`${base}${url}`, {
        headers: { ...s.headers, 'x-forwarded-for': ip },
        agent,
        timeoutMs: 120_000,
        maxBytes,
      });
      record(kind, a.status, a.ms, a);
    };
    await Promise.all(
      sessions.map(async ({ s, ip, device, account }, v) => {
        const isAdmin = account.email.startsWith('admin.');
        const ucube = !account.email.startsWith('reports.');
        const m = s.market;
        let i = v; // users start at different points of the mix
        await sleep(Math.random() * think);
        while (performance.now() < end) {
          const step = i++ % 10;
          if (step === 0 || step === 5) {
            if (ucube) await get('dashboard', s, ip, `/api/ucube/daily-trend?countryCode=${m}&period=mtd`);
            else
              await get(
                'report',
                s,
                ip,
                `/api/reports/salesperson-visit-summary?countryCode=${m}&from=${day(7)}&to=${day(0)}`,
              );
          } else if (step === 1 && ucube) {
            await get(
              'dashboard',
              s,
              ip,
              `/api/ucube/individual-performance-kpis?countryCode=${m}&period=mtd`,
            );
          } else if (step === 2 || step === 6) {
            await get(
              'report',
              s,
              ip,
              `/api/reports/salesperson-visit-summary?countryCode=${m}&from=${day(7)}&to=${day(0)}&page=${1 + (i % 3)}`,
            );
          } else if (step === 3) {
            await get(
              'reportTotals',
              s,
              ip,
              `/api/reports/salesperson-visit-summary/totals?countryCode=${m}&from=${day(7)}&to=${day(0)}`,
            );
          } else if (step === 4 && i % 3 === 0) {
            await get(
              'export',
              s,
              ip,
              `/api/reports/salesperson-visit-summary/export?countryCode=${m}&from=${day(2)}&to=${day(0)}&format=csv`,
              64 * 1024 * 1024,
            );
          } else if (step === 7 && m === 'vn') {
            await get('tracking', s, ip, `/api/tracking/salesmen?countryCode=vn&date=${day(1)}`);
          } else if (step === 8 && isAdmin && i % 4 === 0) {
            const { body, contentType } = multipart(
              { kind: 'outletGeoCompliance' },
              { name: 'load.csv', type: 'text/csv', data: csv },
            );
            const form = ['pk', 'bd'].includes(m) ? '/api/exp/file/upload' : '/api/file/upload';
            const a = await call(`${base}${form}?countryCode=${m}&kind=outletGeoCompliance`, {
              method: 'POST',
              headers: {
                ...s.headers,
                'content-type': contentType,
                'x-requested-with': 'fieldforce',
                'x-forwarded-for': ip,
              },
              body,
              agent,
              timeoutMs: 120_000,
            });
            record('upload', a.status, a.ms, a);
          } else if (step === 9 && i % 7 === 0) {
            const t0 = performance.now();
            try {
              const fresh = await signIn(base, account.email, account.market, device);
              s.idToken = fresh.idToken;
              s.headers = fresh.headers;
              record('signIn', 200, performance.now() - t0);
            } catch {
              record('signIn', 0, performance.now() - t0);
            }
          } else {
            await get('dashboard', s, ip, `/api/config/flags?countryCode=${m}`);
          }
          await sleep(think * (0.5 + Math.random()));
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const sampled = await sampler.stop();
    const after = partTicks(cluster);
    const machineAfter = machineTicks();
    agent.destroy();
    const cores = os.cpus().length;
    const cpu: Record<string, number> = {};
    for (const k of Object.keys(after))
      cpu[k] = Math.round(((after[k]! - before[k]!) / (seconds * CLK_TCK * cores)) * 1000) / 1000;
    const machineBusy =
      Math.round(
        ((machineAfter.busy - machineBefore.busy) / (machineAfter.total - machineBefore.total)) * 1000,
      ) / 1000;
    log(
      `load ${label}: ${calls} calls in ${seconds.toFixed(0)} s (${(calls / seconds).toFixed(1)}/s), ${errors} errors, ${limited} answered 429, ${retried} sent again after a closed idle connection; error texts ${JSON.stringify(Object.fromEntries(errorTexts))}; errors by kind ${JSON.stringify(Object.fromEntries(errorsByKind))}, by status ${JSON.stringify(Object.fromEntries(errorsByStatus))}, ` +
        `p95 ${JSON.stringify(Object.fromEntries([...byKind].map(([k, v]) => [k, Math.round(percentile(v, 95))])))}, CPU share ${JSON.stringify(cpu)}, machine busy ${machineBusy}`,
    );
    return { calls, errors, limited, retried, seconds, byKind, errorsByKind, cpu, machineBusy, sampled };
  };

  const runs: [string, RunResult][] = [];
  const layout = arg(ctx.args, '--layout', 'two');
  if (!soak || layout === 'two') {
    log(`load: ${vus} users × ${minutes} min, think ${think} ms, through HAProxy with both app servers`);
    runs.push(['two', await run('two')]);
  }
  if (!soak || layout === 'one') {
    log('load: the same with app2 out of rotation (HAProxy maint)');
    await cluster.haproxy('set server app_servers/app2 state maint');
    try {
      runs.push(['one', await run('one')]);
    } finally {
      await cluster.haproxy('set server app_servers/app2 state ready');
    }
  }
  const figures: Record<string, number> = {
    'load.vus': vus,
    'load.minutes': minutes,
    'load.thinkMs': think,
    'load.soak': soak ? 1 : 0,
  };
  for (const [label, r] of runs) {
    figures[`load.${label}.calls`] = r.calls;
    figures[`load.${label}.errors`] = r.errors;
    figures[`load.${label}.limited429`] = r.limited;
    figures[`load.${label}.retriedStaleConnection`] = r.retried;
    figures[`load.${label}.callsPerSecond`] = Math.round((r.calls / r.seconds) * 10) / 10;
    for (const [kind, times] of r.byKind)
      figures[`load.${label}.p95Ms.${kind}`] = Math.round(percentile(times, 95));
    for (const [part, share] of Object.entries(r.cpu)) figures[`load.${label}.cpuShare.${part}`] = share;
    figures[`load.${label}.cpuShare.machine`] = r.machineBusy;
    for (const [series, s] of Object.entries(r.sampled)) {
      figures[`load.${label}.sampled.${series}.first10`] = s.first10;
      figures[`load.${label}.sampled.${series}.last10`] = s.last10;
      figures[`load.${label}.sampled.${series}.slopePerHour`] = s.slopePerHour;
    }
  }
  if (figures['load.two.callsPerSecond'] !== undefined && figures['load.one.callsPerSecond'] !== undefined)
    figures['load.throughputRatioTwoOverOne'] =
      Math.round(
        (figures['load.two.callsPerSecond'] / Math.max(0.1, figures['load.one.callsPerSecond'])) * 100,
      ) / 100;
  return figures;
}
