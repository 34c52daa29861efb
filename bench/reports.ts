// Reports at volume (issue 5): the first page of a 60-day report, a 100,000-row CSV export against
// PostgreSQL's own COPY of the same rows, an XLSX export against the spreadsheet library writing the
// same rows from memory, and the server's memory growth during an export. Issue 9: /api/health polled
// every 100 ms while 4 CSV and 2 XLSX exports run (healthDuringExports.*), on the demo set in PGlite
// and on PostgreSQL, and how long a SIGTERM sent during exports takes to stop the server.
//   npm run bench -- reports [--db both|pglite|postgres] [--scale large|demo] [--data-dir DIR]
// pglite: the demo set in a PGlite folder (--data-dir keeps it seeded between runs; else a temporary
// one). postgres: DATABASE_URL, else a throwaway cluster, seeded with the scale when missing. both
// (default) runs the two, PostgreSQL figures prefixed `pg.` where they repeat a PGlite one.
import { PassThrough, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import ExcelJS from 'exceljs';
import { REPORT_DOWNLOAD_CAP, reportByKey, reportQuerySchema } from '@fieldforce/contracts';
import { startCluster } from '../scripts/pg-cluster.mjs';
import { reportCriteria } from '../apps/server/src/modules/reports/service.js';
import { reportRowsQuery } from '../apps/server/src/modules/reports/queries.js';
import type { AuthUser } from '../apps/server/src/lib/policy.js';
import {
  arg,
  downloadAll,
  ensurePgliteDemo,
  ensureSeeded,
  log,
  percentile,
  pgliteDataDir,
  pollHealth,
  residentMemory,
  signIn,
  startServer,
  type ExportRun,
  type RunningServer,
} from './lib.js';

const REPORT_KEY = 'salesperson-visit-summary';
const DAY_MS = 86_400_000;

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

async function seedToday(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(`SELECT value FROM app_meta WHERE key = 'seed_today'`);
    return Date.parse(String(rows[0]?.value ?? new Date().toISOString()).slice(0, 10) + 'T00:00:00Z');
  } finally {
    await client.end();
  }
}

/** Inlines $n parameters as SQL literals: COPY takes no parameters. */
function inlineParams(client: pg.Client, sql: string, params: unknown[]): string {
  return sql.replace(/\$(\d+)/g, (_, n: string) => {
    const value = params[Number(n) - 1];
    if (Array.isArray(value)) return `ARRAY[${value.map((v) => client.escapeLiteral(String(v))).join(',')}]`;
    if (typeof value === 'number') return String(value);
    return client.escapeLiteral(String(value));
  });
}

async function timedDownload(url: string, token: string, pid: number) {
  const before = residentMemory(pid).rssMb;
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, residentMemory(pid).rssMb);
  }, 20);
  const started = performance.now();
  const res = await fetch(url, { headers: { customerToken: token } });
  if (!res.ok || !res.body) throw new Error(`export failed: ${res.status} ${await res.text()}`);
  let bytes = 0;
  let lines = 0;
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    for (const b of value) if (b === 10) lines += 1;
  }
  const ms = performance.now() - started;
  clearInterval(timer);
  return { ms, bytes, lines, growthMb: peak - before };
}

/**
 * /api/health polled every 100 ms while 4 CSV and 2 XLSX exports of the 60-day window ending on
 * `today` run at once, by three users (two exports each: the per-user limit); and the same before, idle.
 */
async function healthDuringExports(server: RunningServer, today: number): Promise<Record<string, number>> {
  const { from, to } = { from: isoDay(today - 59 * DAY_MS), to: isoDay(today) };
  const url = (market: string, format: string) =>
    `${server.url}/api/reports/${REPORT_KEY}/export?countryCode=${market}&from=${from}&to=${to}&format=${format}`;
  const [superUser, adminVn, adminId] = [
    await signIn(server.url, 'super@demo.test'),
    await signIn(server.url, 'admin.vn@demo.test'),
    await signIn(server.url, 'admin.id@demo.test', 'id'),
  ];
  const runs: ExportRun[] = [
    { url: url('vn', 'csv'), token: superUser },
    { url: url('vn', 'csv'), token: superUser },
    { url: url('vn', 'csv'), token: adminVn },
    { url: url('vn', 'csv'), token: adminVn },
    { url: url('id', 'xlsx'), token: adminId },
    { url: url('id', 'xlsx'), token: adminId },
  ];
  log('health: idle, then while 4 CSV and 2 XLSX exports run');
  const idle = await pollHealth(server.url, new Promise((r) => setTimeout(r, 2_000)));
  const started = performance.now();
  const downloads = downloadAll(runs);
  const busy = await pollHealth(server.url, downloads);
  const results = await downloads;
  const failed = results.filter((r) => r.status !== 200);
  if (failed.length > 0) throw new Error(`exports failed: ${failed.map((r) => r.status).join(', ')}`);

  log('shutdown: SIGTERM one second into the same six exports');
  const cut = downloadAll(runs);
  await new Promise((r) => setTimeout(r, 1_000));
  const signalled = performance.now();
  const code = await server.stop();
  const shutdownMs = performance.now() - signalled;
  await cut;
  return {
    'healthIdle.p99Ms': round(percentile(idle.timings, 99)),
    'healthDuringExports.p50Ms': round(percentile(busy.timings, 50)),
    'healthDuringExports.p99Ms': round(percentile(busy.timings, 99)),
    'healthDuringExports.maxMs': round(Math.max(...busy.timings)),
    'healthDuringExports.polls': busy.timings.length,
    'healthDuringExports.errors': busy.errors,
    'healthDuringExports.exportsMs': Math.round(performance.now() - started),
    'shutdownDuringExports.ms': Math.round(shutdownMs),
    'shutdownDuringExports.exitCode': code ?? -1,
    'shutdownTimeout.ms': SHUTDOWN_TIMEOUT_S * 1000,
  };
}

const round = (n: number) => Math.round(n * 10) / 10;
const SHUTDOWN_TIMEOUT_S = 5;

/** The demo set in PGlite: health while exports run, and shutdown during exports. */
async function pgliteRun(args: string[]): Promise<Record<string, number>> {
  const data = pgliteDataDir(args, 'ff-bench-reports-');
  try {
    const today = await ensurePgliteDemo(data.dir);
    log(`starting the server on PGlite in ${data.dir}`);
    const server = await startServer({
      DATA_DIR: data.dir,
      DATABASE_URL: '',
      SEED_SCALE: 'none',
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
      SHUTDOWN_TIMEOUT: String(SHUTDOWN_TIMEOUT_S),
    });
    try {
      return await healthDuringExports(server, today);
    } finally {
      await server.stop();
    }
  } finally {
    data.cleanup();
  }
}

export async function reportsBench(args: string[]): Promise<Record<string, number>> {
  const db = arg(args, '--db', 'both');
  if (!['both', 'pglite', 'postgres'].includes(db)) throw new Error(`--db must be both, pglite or postgres`);
  const figures: Record<string, number> = {};
  if (db !== 'postgres') Object.assign(figures, await pgliteRun(args));
  if (db !== 'pglite') {
    const pgFigures = await postgresRun(args);
    for (const [name, value] of Object.entries(pgFigures)) {
      figures[db === 'both' && name in figures ? `pg.${name}` : name] = value;
    }
  }
  return figures;
}

/** PostgreSQL at `--scale` (large by default): pages, exports against their floors, health, shutdown. */
async function postgresRun(args: string[]): Promise<Record<string, number>> {
  const scale = arg(args, '--scale', 'large');
  const cluster = process.env.DATABASE_URL ? null : await startCluster({ log });
  const url = process.env.DATABASE_URL ?? cluster!.url;
  try {
    await ensureSeeded(url, scale);
    const today = await seedToday(url);
    const server = await startServer({
      DATABASE_URL: url,
      SEED_SCALE: 'none',
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
      SHUTDOWN_TIMEOUT: String(SHUTDOWN_TIMEOUT_S),
    });
    try {
      const token = await signIn(server.url, 'super@demo.test');
      const range = (endOffsetDays: number) => ({
        from: isoDay(today - (endOffsetDays + 59) * DAY_MS),
        to: isoDay(today - endOffsetDays * DAY_MS),
      });

      log('page: first page of a 60-day window, 40 windows');
      const timings: number[] = [];
      for (let i = 0; i < 45; i += 1) {
        const { from, to } = range(i % 30);
        const started = performance.now();
        const res = await fetch(
          `${server.url}/api/reports/${REPORT_KEY}?countryCode=vn&from=${from}&to=${to}&page=1&pageSize=50`,
          { headers: { customerToken: token } },
        );
        if (!res.ok) throw new Error(`page failed: ${res.status}`);
        await res.arrayBuffer();
        if (i >= 5) timings.push(performance.now() - started); // the first five warm the caches
      }

      const { from, to } = range(0);
      const exportUrl = (format: string) =>
        `${server.url}/api/reports/${REPORT_KEY}/export?countryCode=vn&from=${from}&to=${to}&format=${format}`;
      log('export: CSV');
      const csv = await timedDownload(exportUrl('csv'), token, server.child.pid!);
      log('export: XLSX');
      const xlsx = await timedDownload(exportUrl('xlsx'), token, server.child.pid!);

      // The floors: PostgreSQL's COPY of the same rows, and exceljs writing them from memory.
      const superUser = {
        id: 'bench',
        email: 'super@demo.test',
        name: 'Bench',
        role: 'Super User',
        userType: 'user',
        accessToUcube: true,
        accessToOperationalDashboards: true,
        isSuperUser: true,
        dtAccessCodes: 'All (Super Access)',
        countryCodes: ['vn'],
        homeCountryCode: 'vn',
        status: 'active',
        passwordChangedAt: null,
      } as unknown as AuthUser;
      const criteria = reportCriteria(
        reportByKey(REPORT_KEY)!,
        reportQuerySchema.parse({ countryCode: 'vn', from, to }),
        superUser,
        'vn',
        isoDay(today),
      );
      const query = reportRowsQuery(criteria, REPORT_DOWNLOAD_CAP);
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      let copyMs = 0;
      let rawXlsxMs = 0;
      let rows = 0;
      try {
        const copySql = `COPY (${inlineParams(client, query.sql, query.params)}) TO STDOUT WITH (FORMAT csv, HEADER)`;
        const started = performance.now();
        await pipeline(
          client.query(copyTo(copySql)),
          new Writable({
            write(_chunk, _enc, done) {
              done();
            },
          }),
        );
        copyMs = performance.now() - started;

        const result = await client.query(query.sql, query.params);
        rows = result.rows.length;
        const columns = Object.keys(result.rows[0] ?? {});
        const startedXlsx = performance.now();
        const sink = new PassThrough();
        sink.resume();
        const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
          stream: sink,
          useStyles: true,
          useSharedStrings: false,
        });
        const sheet = workbook.addWorksheet('rows');
        sheet.addRow(columns).commit();
        for (const row of result.rows) sheet.addRow(columns.map((c) => row[c] as ExcelJS.CellValue)).commit();
        sheet.commit();
        await workbook.commit();
        rawXlsxMs = performance.now() - startedXlsx;
      } finally {
        await client.end();
      }

      const health = await healthDuringExports(server, today);
      return {
        ...health,
        'page.p50Ms': Math.round(percentile(timings, 50) * 10) / 10,
        'page.p95Ms': Math.round(percentile(timings, 95) * 10) / 10,
        'export.rows': rows,
        'exportCsv100k.ms': Math.round(csv.ms),
        'copyCsv100k.ms': Math.round(copyMs),
        'exportCsv.ratio': Math.round((csv.ms / copyMs) * 100) / 100,
        'exportXlsx100k.ms': Math.round(xlsx.ms),
        'rawXlsx100k.ms': Math.round(rawXlsxMs),
        'exportXlsx.ratio': Math.round((xlsx.ms / rawXlsxMs) * 100) / 100,
        'export.peakRssMb': Math.max(csv.growthMb, xlsx.growthMb),
      };
    } finally {
      await server.stop();
    }
  } finally {
    cluster?.stop();
  }
}
