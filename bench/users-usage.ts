// Usage analytics (issue 13, "Speed"), on PostgreSQL:
//   events.rps      POST /api/events, batches of 20 events, 50 concurrent clients on kept-alive
//                   connections, for --seconds (10) after a warm-up; baseline.rps the same server's
//                   GET /api/health (one database query) driven the same way; eventsRatio = events / baseline
//                   (target ≥ 0.5). eventsStored.perSecond = events.rps × 20.
//   usagePage.p95Ms GET /api/usage/overview over 10,000,000 stored events (--events), p95 of 60 calls
//                   mixing the page's periods (30, 90 and 365 days) for one market and, as a Super User
//                   admin, for every market (target < 200 ms); usagePage30d.p95Ms and usagePageAll365.p95Ms
//                   the two ends. usageExport.ms: one CSV export of the year for every market.
// DATABASE_URL, else a throwaway cluster (scripts/pg-cluster.mjs; --keep DIR keeps it, and the 10 M events,
// between runs). The events are made with one set-based INSERT … SELECT over generate_series, in the
// log's shape (one usage_event_log row per request of 20 events; 14,000 bench users over the seven
// markets, a year of days, the event mix of the web), then every rollup is rebuilt from them
// (rebuildUsageRollups: the same rules as each batch's statement).
//   npm run bench -- users --only=usage [--events 10000000] [--seconds 10] [--keep DIR] [--rebuild]
//   [--events-only]: only events.rps and baseline.rps (no 10 M events loaded, no usage page figures).
import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import { COUNTRY_CODES, DEMO_PASSWORD } from '@fieldforce/contracts';
import { startCluster } from '../scripts/pg-cluster.mjs';
import { openDatabase, type Database } from '../apps/server/src/db/client.js';
import { migrate } from '../apps/server/src/db/migrate.js';
import { isSeeded, seedDatabase } from '../apps/server/src/db/seed/index.js';
import { rebuildUsageRollups } from '../apps/server/src/modules/usage/queries.js';
import { arg, log, percentile, startServer } from './lib.js';

const BATCH = 20;
const CLIENTS = 50;
const USERS_PER_MARKET = 2_000;
const TODAY = '2026-11-20';

const round1 = (n: number) => Math.round(n * 10) / 10;

/** Bench users (bench-usage-<market>-<n>@bench.test) and, unless already there, `total` events. */
async function loadEvents(db: Database, total: number, rebuild: boolean): Promise<void> {
  const stored = await storedEvents(db);
  if (stored >= total) {
    log(`the log already holds ${stored.toLocaleString('en-US')} events`);
    if (rebuild) {
      log('  rebuilding the rollups (--rebuild)');
      await rebuildUsageRollups(db);
      await analyzeUsage(db);
    }
    return;
  }
  log(`bench users: ${USERS_PER_MARKET} in each of ${COUNTRY_CODES.length} markets`);
  await db.query(
    `INSERT INTO users (email, name, role, user_type, country_codes, home_country_code)
     SELECT 'bench-usage-' || m.code || '-' || n || '@bench.test', 'Bench user ' || n,
            (ARRAY['Team Leader', 'Area Sales Manager', 'Salesman', 'DT Operator', 'CD VP', 'Branch Manager',
                   'Supervisor', 'Super User'])[1 + n % 8],
            'user', m.code, m.code
     FROM unnest($1::text[]) AS m(code), generate_series(1, $2::int) AS n
     ON CONFLICT (email) DO NOTHING`,
    [COUNTRY_CODES, USERS_PER_MARKET],
  );
  // Both stores: the view usage_events_all (what the rebuild reads) lists the old table's rows too.
  await db.exec('TRUNCATE usage_event_log, usage_events');
  log(
    `inserting ${total.toLocaleString('en-US')} events, ${BATCH} a log row (one INSERT … SELECT over generate_series)`,
  );
  const started = performance.now();
  // Each log row is one request's batch: a market in turn, one of the market's bench users (a few are
  // much busier), a moment in the year before TODAY; its events a second apart, in the web's mix of
  // events with their properties.
  // A plain table (the pool's next query may run on another connection than a temporary one's).
  await db.exec('DROP TABLE IF EXISTS bench_usage_users');
  await db.query(
    `CREATE UNLOGGED TABLE bench_usage_users AS
       SELECT row_number() OVER (PARTITION BY home_country_code ORDER BY email) - 1 AS n,
              array_position($1::text[], home_country_code) - 1 AS m, id, role
       FROM users WHERE email LIKE 'bench-usage-%@bench.test'`,
    [COUNTRY_CODES],
  );
  await db.exec('CREATE INDEX ON bench_usage_users (m, n); ANALYZE bench_usage_users');
  // The generated rows are consistent by construction: skip the per-row foreign-key trigger (the way
  // bulk loads do). Negative ids, below every inbox row's (the log's key is the inbox row's id).
  await db.transaction(async (tx) => {
    await tx.query(`SET LOCAL session_replication_role = replica`);
    await tx.query(
      `INSERT INTO usage_event_log (id, market, received_at, user_id, role, events)
     SELECT g.b - 1000000000000, ($1::text[])[1 + g.m], e.at + interval '30 seconds', u.id, u.role, ev.events
     FROM (SELECT b, b % $2::int AS m,
                  -- Busy and quiet users: the square of a uniform number favours the first ones.
                  (((b * 7919) % 1000003)::float8 / 1000003 * ((b * 104729) % 1000033)::float8 / 1000033
                    * $3::int)::int AS n
           FROM generate_series(0, ($4::bigint + ${BATCH} - 1) / ${BATCH} - 1) AS b) g
     JOIN bench_usage_users u ON u.m = g.m AND u.n = least(g.n, $3::int - 1)
     CROSS JOIN LATERAL (SELECT $5::timestamptz - make_interval(days => (g.b % 365)::int,
                                                                secs => ((g.b * 37) % 86400)::int) AS at) e
     CROSS JOIN LATERAL (
       SELECT jsonb_agg(jsonb_build_object(
                'event', x.event, 'at', e.at + make_interval(secs => x.k2), 'screen', x.screen,
                'deviceType', CASE WHEN x.i % 3 = 0 THEN 'mobile' ELSE 'Desktop' END, 'browser', 'Chrome 140',
                'os', CASE WHEN x.i % 3 = 0 THEN 'Android' ELSE 'Windows' END,
                'deviceModel', CASE WHEN x.i % 3 = 0 THEN 'Pixel 8' END, 'properties', x.properties)
              ORDER BY x.k2) AS events
       FROM (SELECT i, k2, kk.k,
           (ARRAY['homepage', 'teamView', 'teamDetails', 'distributorView', 'kpiView', 'reportView', 'reportView',
                  'filter', 'dateSelection', 'download', 'adminView', 'upload', 'profile', 'login', 'logout',
                  'performanceView'])[1 + kk.k] AS event,
           (ARRAY['/', '/teamlevels', '/teamlevels', '/distributorteamlevels', '/disciplinaryteamlevels', '/reportpage',
                  '/reportpage', '/reportpage', '/reportpage', '/reportpage', '/outletStatus', '/outletStatus',
                  '/homepage', '/login', '/homepage', '/homepage'])[1 + kk.k] AS screen,
           -- Only the chosen branch is built (one jsonb per event).
           CASE kk.k
             WHEN 1 THEN jsonb_build_object('period', 'mtd')
             WHEN 2 THEN jsonb_build_object('period', 'mtd', 'viewedRole', 'Salesman')
             WHEN 3 THEN jsonb_build_object('period', 'mtd')
             WHEN 4 THEN jsonb_build_object('period', 'day')
             WHEN 5 THEN jsonb_build_object('category', 'transactional', 'name', 'Report ' || (i % 23))
             WHEN 6 THEN jsonb_build_object('category', 'master', 'name', 'Master ' || (i % 7))
             WHEN 7 THEN jsonb_build_object('reportType', 'report-' || (i % 23), 'filterType', 'dt')
             WHEN 8 THEN jsonb_build_object('reportType', 'report-' || (i % 23))
             WHEN 9 THEN jsonb_build_object('reportType', 'report-' || (i % 23),
                           'format', CASE WHEN i % 2 = 0 THEN 'csv' ELSE 'xlsx' END, 'rows', (i % 5000)::int)
             WHEN 10 THEN jsonb_build_object('tool', 'outletStatus')
             WHEN 11 THEN jsonb_build_object('tool', 'outletStatus',
                            'step', (ARRAY['upload', 'apply', 'downloadErrors'])[1 + i % 3], 'kind', 'outletStatus')
             WHEN 13 THEN jsonb_build_object('mfa', false)
             WHEN 15 THEN jsonb_build_object('period', 'mtd')
             ELSE '{}'::jsonb
           END AS properties
         FROM (SELECT g.b * ${BATCH} + k2 AS i, k2 FROM generate_series(0, ${BATCH} - 1) AS k2) ii
         CROSS JOIN LATERAL (SELECT (i * 31) % 16 AS k) kk
       ) x
     ) ev`,
      [COUNTRY_CODES, COUNTRY_CODES.length, USERS_PER_MARKET, total, `${TODAY}T12:00:00Z`],
    );
  });
  log(`  events in ${Math.round((performance.now() - started) / 1000)} s; rebuilding the rollups`);
  const rollup = performance.now();
  await rebuildUsageRollups(db);
  await db.exec('DROP TABLE bench_usage_users');
  await analyzeUsage(db);
  log(`  rollups in ${Math.round((performance.now() - rollup) / 1000)} s`);
}

/** The events the log holds (each row one request's batch). */
async function storedEvents(db: Database): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT coalesce(sum(jsonb_array_length(events)), 0)::bigint AS n FROM usage_event_log`,
  );
  return Number(rows[0]!.n);
}

async function analyzeUsage(db: Database): Promise<void> {
  const tables = [
    'usage_event_log',
    'usage_daily',
    'usage_daily_users',
    'usage_daily_items',
    'usage_monthly_items',
  ];
  for (const table of [...tables, 'usage_period_users', 'usage_active_counts']) {
    await db.exec(`VACUUM ANALYZE ${table}`);
  }
}

async function rollupSizes(db: Database): Promise<Record<string, number>> {
  const { rows } = await db.query<Record<string, number>>(
    `SELECT (SELECT coalesce(sum(jsonb_array_length(events)), 0) FROM usage_event_log)::bigint AS events,
            (SELECT count(*) FROM usage_event_log)::bigint AS batches,
            (SELECT count(*) FROM usage_daily_items)::bigint AS items,
            (SELECT count(*) FROM usage_daily_users)::bigint AS daily_users,
            (SELECT count(*) FROM usage_active_counts)::bigint AS active_counts`,
  );
  const r = rows[0]!;
  return {
    'stored.events': Number(r.events),
    'stored.logRows': Number(r.batches),
    'stored.dailyItems': Number(r.items),
    'stored.dailyUsers': Number(r.daily_users),
    'stored.activeCounts': Number(r.active_counts),
  };
}

async function token(base: string, email: string, market: string): Promise<string> {
  const res = await fetch(`${base}/api/fb/accounts/login?countryCode=${market}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD, deviceId: `bench usage ${email}` }),
  });
  const body = (await res.json()) as { 'response-data': { idToken?: string } | null };
  const idToken = body['response-data']?.idToken;
  if (!idToken) throw new Error(`sign-in failed for ${email}: ${res.status}`);
  return idToken;
}

/**
 * Requests per second with `clients` loops each sending the next request when the last answered, on
 * kept-alive sockets, for `seconds` (after a one-second warm-up that is not counted).
 */
async function drive(
  url: string,
  options: { method: string; headers: Record<string, string>; body?: string },
  seconds: number,
  clients = CLIENTS,
): Promise<{ rps: number; errors: number; p99Ms: number; total: number }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
  const target = new URL(url);
  const once = () =>
    new Promise<{ status: number; ms: number }>((resolve) => {
      const started = performance.now();
      const req = http.request(
        {
          agent,
          host: target.hostname,
          port: target.port,
          path: target.pathname + target.search,
          method: options.method,
          headers: {
            ...options.headers,
            ...(options.body ? { 'content-length': Buffer.byteLength(options.body) } : {}),
          },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
        },
      );
      req.on('error', () => resolve({ status: 0, ms: performance.now() - started }));
      if (options.body) req.write(options.body);
      req.end();
    });
  let counting = false;
  let stop = false;
  let done = 0;
  let errors = 0;
  let total = 0;
  const timings: number[] = [];
  const loop = async () => {
    while (!stop) {
      const r = await once();
      total += 1;
      if (!counting) continue;
      if (r.status === 200) {
        done += 1;
        if (done % 10 === 0) timings.push(r.ms);
      } else errors += 1;
    }
  };
  const loops = Array.from({ length: clients }, loop);
  await new Promise((r) => setTimeout(r, 1_000));
  counting = true;
  const started = performance.now();
  await new Promise((r) => setTimeout(r, seconds * 1000));
  const elapsed = (performance.now() - started) / 1000;
  counting = false;
  stop = true;
  await Promise.all(loops);
  agent.destroy();
  return { rps: Math.round(done / elapsed), errors, p99Ms: round1(percentile(timings, 99)), total };
}

/** CPU time (user + system, ms) each process has used so far (Linux /proc; 100 ticks a second). */
function cpuMs(pids: readonly number[]): Map<number, number> {
  const byPid = new Map<number, number>();
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      byPid.set(pid, (Number(fields[11]) + Number(fields[12])) * 10);
    } catch {
      // gone meanwhile
    }
  }
  return byPid;
}

/**
 * The CPU the processes alive at the end used since `before` (a process started meanwhile from 0). A
 * process that ended meanwhile (an autovacuum worker) is left out rather than subtracted: summed totals
 * went negative when one that had run long before the window ended inside it (25 Nov: -2.6 ms a request).
 */
function cpuSince(before: Map<number, number>, after: Map<number, number>): number {
  let ms = 0;
  for (const [pid, used] of after) ms += used - (before.get(pid) ?? 0);
  return ms;
}

/** The PostgreSQL server listening on `port` and its backends (this machine's processes only). */
function postgresPids(port: string): number[] {
  const all = readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  const postmaster = all.find((pid) => {
    try {
      const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      return args[0]?.endsWith('postgres') && args.includes('-p') && args[args.indexOf('-p') + 1] === port;
    } catch {
      return false;
    }
  });
  if (!postmaster) return [];
  const children = all.filter((pid) => {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1] === postmaster;
    } catch {
      return false;
    }
  });
  return [Number(postmaster), ...children.map(Number)];
}

/**
 * CPU milliseconds the server and PostgreSQL spend per answered request while \`run\` drives them (and
 * for 1.5 s after, so the usage inbox moves that follow a batch are counted). Unlike requests a second,
 * it hardly depends on what else the machine runs: on a quiet machine bound by its cores, the ratio of
 * two routes' requests a second is about the inverse ratio of these.
 */
async function cpuPerRequest(
  serverPid: number | undefined,
  databaseUrl: string,
  run: () => Promise<{ total: number }>,
): Promise<{ serverMs: number; postgresMs: number } | null> {
  if (process.platform !== 'linux' || serverPid === undefined) return null;
  const port = new URL(databaseUrl).port || '5432';
  const before = { server: cpuMs([serverPid]), postgres: cpuMs(postgresPids(port)) };
  const { total } = await run();
  await new Promise((r) => setTimeout(r, 1_500));
  const after = { server: cpuMs([serverPid]), postgres: cpuMs(postgresPids(port)) };
  if (total === 0) return null;
  return {
    serverMs: round2(cpuSince(before.server, after.server) / total),
    postgresMs: round2(cpuSince(before.postgres, after.postgres) / total),
  };
}

const round2 = (n: number) => Math.round(n * 100) / 100;

function eventBatch(i: number) {
  return JSON.stringify({
    countryCode: 'vn',
    events: Array.from({ length: BATCH }, (_, k) => ({
      event: (['homepage', 'teamView', 'reportView', 'filter', 'download'] as const)[(i + k) % 5],
      at: new Date(Date.parse(`${TODAY}T03:00:00Z`) + k * 1000).toISOString(),
      screen: '/teamlevels',
      deviceType: k % 2 ? 'mobile' : 'Desktop',
      browser: 'Chrome 140',
      os: 'Android',
      deviceModel: 'Pixel 8',
      properties: {
        period: 'mtd',
        category: 'transactional',
        name: `Report ${k}`,
        reportType: 'r',
        rows: 10,
      },
    })),
  });
}

export async function usageFigures(args: string[]): Promise<Record<string, number>> {
  const total = Number(arg(args, '--events', '10000000'));
  const seconds = Number(arg(args, '--seconds', '10'));
  const keep = args.includes('--keep') ? arg(args, '--keep', '') : undefined;
  const cluster = process.env.DATABASE_URL ? null : await startCluster({ log, keepDir: keep });
  const url = process.env.DATABASE_URL ?? cluster!.url;
  const db = await openDatabase({ databaseUrl: url });
  const figures: Record<string, number> = {};
  try {
    await migrate(db);
    if (!(await isSeeded(db))) {
      log('seeding the test scale');
      await seedDatabase(db, { scale: 'test', seed: 2026, log: (m) => log(`  ${m}`) });
    }
    // The page's Super User case: the demo Super User made an admin (bench data only).
    await db.query(`UPDATE users SET user_type = 'admin' WHERE email = 'super@demo.test'`);
    const eventsOnly = args.includes('--events-only');
    if (!eventsOnly) {
      await loadEvents(db, total, args.includes('--rebuild'));
      Object.assign(figures, await rollupSizes(db));
    }

    const server = await startServer({
      DATABASE_URL: url,
      SEED_SCALE: 'none',
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
      EVENTS_RATE_LIMIT_PER_MINUTE: '1000000',
    });
    try {
      const admin = await token(server.url, 'admin.vn@demo.test', 'vn');
      const superUser = await token(server.url, 'super@demo.test', 'vn');

      if (!eventsOnly) await pageFigures();
      async function pageFigures() {
        log('usage page: 60 calls (30, 90, 365 days; one market and every market), after 6 warm-up calls');
        const page = async (tok: string, days: number, market: string) => {
          const from = new Date(Date.parse(`${TODAY}T00:00:00Z`) - (days - 1) * 86_400_000)
            .toISOString()
            .slice(0, 10);
          const started = performance.now();
          const res = await fetch(
            `${server.url}/api/usage/overview?countryCode=vn&market=${market}&from=${from}&to=${TODAY}`,
            { headers: { customerToken: tok } },
          );
          await res.arrayBuffer();
          if (res.status !== 200) throw new Error(`usage page: ${res.status}`);
          return performance.now() - started;
        };
        const variants = [
          () => page(admin, 30, 'vn'),
          () => page(admin, 90, 'vn'),
          () => page(admin, 365, 'vn'),
          () => page(superUser, 30, 'all'),
          () => page(superUser, 90, 'all'),
          () => page(superUser, 365, 'all'),
        ];
        for (const v of variants) await v();
        const all: number[] = [];
        const byVariant: number[][] = variants.map(() => []);
        for (let i = 0; i < 60; i += 1) {
          const ms = await variants[i % variants.length]!();
          all.push(ms);
          byVariant[i % variants.length]!.push(ms);
        }
        figures['usagePage.p95Ms'] = round1(percentile(all, 95));
        figures['usagePage.medianMs'] = round1(percentile(all, 50));
        figures['usagePage30d.p95Ms'] = round1(percentile(byVariant[0]!, 95));
        figures['usagePageAll365.p95Ms'] = round1(percentile(byVariant[5]!, 95));

        const exportStarted = performance.now();
        const from365 = new Date(Date.parse(`${TODAY}T00:00:00Z`) - 364 * 86_400_000)
          .toISOString()
          .slice(0, 10);
        const exp = await fetch(
          `${server.url}/api/usage/export?countryCode=vn&market=all&from=${from365}&to=${TODAY}&format=csv`,
          { headers: { customerToken: superUser } },
        );
        await exp.arrayBuffer();
        if (exp.status !== 200) throw new Error(`usage export: ${exp.status}`);
        figures['usageExport.ms'] = Math.round(performance.now() - exportStarted);
      }

      log(`baseline: GET /api/health, ${CLIENTS} clients, ${seconds} s`);
      let baseline!: Awaited<ReturnType<typeof drive>>;
      const baselineCpu = await cpuPerRequest(server.child.pid, url, async () => {
        baseline = await drive(`${server.url}/api/health`, { method: 'GET', headers: {} }, seconds);
        return baseline;
      });
      log(`  ${baseline.rps} req/s (${baseline.errors} errors)`);
      log(`events: POST /api/events, batches of ${BATCH}, ${CLIENTS} clients, ${seconds} s`);
      let events!: Awaited<ReturnType<typeof drive>>;
      const eventsCpu = await cpuPerRequest(server.child.pid, url, async () => {
        events = await drive(
          `${server.url}/api/events`,
          {
            method: 'POST',
            headers: { 'content-type': 'application/json', customerToken: admin },
            body: eventBatch(0),
          },
          seconds,
        );
        return events;
      });
      log(`  ${events.rps} req/s (${events.errors} errors)`);
      if (baselineCpu && eventsCpu) {
        figures['baseline.cpuMsPerRequest.server'] = baselineCpu.serverMs;
        figures['baseline.cpuMsPerRequest.postgres'] = baselineCpu.postgresMs;
        figures['events.cpuMsPerRequest.server'] = eventsCpu.serverMs;
        figures['events.cpuMsPerRequest.postgres'] = eventsCpu.postgresMs;
        // What the ratio would be on a quiet machine bound by its cores (the load generator left out).
        figures.eventsCpuRatio = round2(
          (baselineCpu.serverMs + baselineCpu.postgresMs) /
            Math.max(0.01, eventsCpu.serverMs + eventsCpu.postgresMs),
        );
      }
      figures['baseline.rps'] = baseline.rps;
      figures['baseline.p99Ms'] = baseline.p99Ms;
      figures['events.rps'] = events.rps;
      figures['events.p99Ms'] = events.p99Ms;
      figures['events.errors'] = events.errors;
      figures['eventsStored.perSecond'] = events.rps * BATCH;
      figures.eventsRatio = Math.round((events.rps / Math.max(1, baseline.rps)) * 100) / 100;
    } finally {
      await server.stop();
    }
  } finally {
    await db.close();
    await cluster?.stop();
  }
  return figures;
}
