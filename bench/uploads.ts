// Uploads at volume (issue 11, "Speed"), on PostgreSQL: the outlet-status import pipeline against its
// floors, in one run.
//   apply100k.ms      applyImport (lib/imports/apply.ts, the outlet-status definition) of 100,000 valid
//                     rows, every row changing an outlet's status (the worst case: 100,000 updates and
//                     100,000 audit entries); copy100k.ms a bare COPY of the same rows into a plain table;
//                     applyUnchanged100k.ms the same rows applied again (nothing changes).
//   validate10mb.ms   validateImport (read, template, trim, row rules, duplicates, database and scope
//                     checks, plan) of a 10 MB file of valid rows; rawParse10mb.ms the CSV parser alone
//                     (decodeText + parseCsvBatches, the form validation reads) on the same bytes;
//                     readValidate10mb.ms the same file through the steps without the database (read,
//                     template, trim, row rules, duplicates).
//   upload.peakRssMb  the server's resident memory growth (peak during the call minus before it) while
//                     POST /api/file/upload?countryCode=id takes the same 10 MB file (multipart).
// Median of --runs (3) for each timing; the upload figure is the largest growth of the runs.
//   npm run bench -- uploads [--runs 3] [--only validate|apply|upload]
// DATABASE_URL, else a throwaway cluster (scripts/pg-cluster.mjs), seeded with the `test` scale when
// empty; the bench adds its own outlets (codes 9xxxxxxxxx) under market id's sites.
import { createReadStream, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  OUTLET_STATUS_MAX_BYTES,
  OUTLET_STATUS_TEMPLATE_HEADERS,
  SALESMAN_DEVICE_MAX_BYTES,
  SALESMAN_DEVICE_TEMPLATE_HEADERS,
} from '@fieldforce/contracts';
import { startCluster } from '../scripts/pg-cluster.mjs';
import { openDatabase, type Database } from '../apps/server/src/db/client.js';
import { migrate } from '../apps/server/src/db/migrate.js';
import { isSeeded, seedDatabase } from '../apps/server/src/db/seed/index.js';
import { toAuthUser } from '../apps/server/src/modules/auth/queries.js';
import { applyImport } from '../apps/server/src/lib/imports/apply.js';
import { decodeText, parseCsvBatches } from '../apps/server/src/lib/imports/csv.js';
import { readRows, validateImport } from '../apps/server/src/lib/imports/validate.js';
import type {
  ImportContext,
  ImportDefinition,
  KeyedRule,
  ValidRow,
} from '../apps/server/src/lib/imports/definition.js';
import { KeyHashes } from '../apps/server/src/lib/repeated-keys.js';
import { outletStatusImport } from '../apps/server/src/modules/outlet-status/import-definition.js';
import type { OutletStatusValue } from '../apps/server/src/modules/outlet-status/rules.js';
import { salesmanDeviceImport } from '../apps/server/src/modules/salesman-device-id/import-definition.js';
import { arg, log, residentMemory, signIn, startServer } from './lib.js';

const MARKET = 'id';
const ADMIN = 'admin.id@demo.test';
const APPLY_ROWS = 100_000;
/** The file stays just under the tool's limit (10 MiB). */
const FILE_BYTES = OUTLET_STATUS_MAX_BYTES - 1024;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const round = (n: number) => Math.round(n * 10) / 10;
const benchCode = (i: number) => `9${String(i + 1).padStart(9, '0')}`;

interface Site {
  dt_code: string;
  dt_site_code: string;
}

/** The file's rows: bench outlets spread over the market's sites, statuses in a fixed pattern. */
export function fileRows(sites: Site[], maxBytes: number) {
  const header = `${OUTLET_STATUS_TEMPLATE_HEADERS.join(',')}\r\n`;
  const lines: string[] = [];
  let bytes = Buffer.byteLength(header);
  for (let i = 0; ; i += 1) {
    const site = sites[i % sites.length]!;
    const line = `${site.dt_code},${site.dt_site_code},${benchCode(i)},${i % 3 === 0 ? 0 : 1}\r\n`;
    if (bytes + line.length > maxBytes) break;
    lines.push(line);
    bytes += line.length;
  }
  return { bytes: Buffer.from(header + lines.join(''), 'utf8'), rows: lines.length };
}

/** Writes the file to a temporary folder; opens it the way the server opens a stored upload. */
export function storedFile(bytes: Buffer): { open: () => AsyncIterable<Uint8Array>; remove(): void } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ff-bench-uploads-'));
  const file = path.join(dir, 'outlet-status-10mb.csv');
  writeFileSync(file, bytes);
  return {
    open: () => createReadStream(file) as AsyncIterable<Uint8Array>,
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** Seeds the test scale when the database is empty; the market's sites. */
export async function marketSites(db: Database): Promise<Site[]> {
  if (!(await isSeeded(db))) {
    log('seeding the test scale');
    await seedDatabase(db, { scale: 'test', seed: 2026, log: (m) => log(`  ${m}`) });
  }
  const { rows: sites } = await db.query<Site>(
    `SELECT dt_code, dt_site_code FROM dt_sites WHERE country_code = $1 ORDER BY dt_site_code`,
    [MARKET],
  );
  if (sites.length === 0) throw new Error(`no sites in market ${MARKET}`);
  return sites;
}

/** Outlets 9000000001… for the file's rows, over the sites in turn (kept between runs). */
export async function insertOutlets(db: Database, sites: Site[], count: number): Promise<void> {
  log(`bench outlets: ${count} under ${sites.length} sites of ${MARKET}`);
  await db.query(
    `INSERT INTO outlets (outlet_code, country_code, dt_code, dt_site_code, name, outlet_type, outlet_subtype,
                          channel, city, address, latitude, longitude, created_on)
     SELECT '9' || lpad(g::text, 9, '0'), $1, s.dt_code, s.dt_site_code, 'Bench outlet ' || g, 'Retail',
            'Grocery', 'General Trade', 'Jakarta', 'Bench street ' || g, -6.2, 106.8, DATE '2026-01-01'
     FROM generate_series(1, $2::int) AS g
     JOIN unnest($3::text[], $4::text[]) WITH ORDINALITY AS s(dt_code, dt_site_code, n)
       ON s.n = (g - 1) % $5 + 1
     ON CONFLICT (outlet_code) DO NOTHING`,
    [MARKET, count, sites.map((s) => s.dt_code), sites.map((s) => s.dt_site_code), sites.length],
  );
  await db.exec('VACUUM ANALYZE outlets');
}

/** The device-ID file stays just under the tool's limit (50 MiB). */
const DEVICE_FILE_BYTES = SALESMAN_DEVICE_MAX_BYTES - 1024;
const benchSmCode = (i: number) => `SMB${String(i + 1).padStart(9, '0')}`;
/** The salesman's phone as stored (+62…) and as the file gives it. */
const benchPhone = (i: number) => `+6289${String(i + 1).padStart(9, '0')}`;
/** A 64-character device ID (the longest the rule allows), unique per row. */
const benchDevice = (i: number) =>
  `BENCH${String(i + 1).padStart(9, '0')}-${'0123456789abcdef'.repeat(4)}`.slice(0, 64);

/**
 * The 50 MB device-ID file: one row per bench salesman (SMB000000001…, over the market's sites in
 * turn) with their phone and a new device ID. Every row is valid.
 */
export function deviceFileRows(sites: Site[], maxBytes: number) {
  const header = `${SALESMAN_DEVICE_TEMPLATE_HEADERS.join(',')}\r\n`;
  const lines: string[] = [];
  let bytes = Buffer.byteLength(header);
  for (let i = 0; ; i += 1) {
    const site = sites[i % sites.length]!;
    const line = `${site.dt_code},${benchSmCode(i)},${benchPhone(i)},${benchDevice(i)}\r\n`;
    if (bytes + line.length > maxBytes) break;
    lines.push(line);
    bytes += line.length;
  }
  return { bytes: Buffer.from(header + lines.join(''), 'utf8'), rows: lines.length };
}

/**
 * Salesmen SMB000000001… (with their users and hierarchy members, as a seeded salesman of the market
 * has them) under the market's sites in turn, without a device; kept between runs, devices cleared.
 */
export async function insertSalesmen(db: Database, sites: Site[], count: number): Promise<void> {
  log(`bench salesmen: ${count} under ${sites.length} sites of ${MARKET}`);
  const dt = sites.map((s) => s.dt_code);
  const site = sites.map((s) => s.dt_site_code);
  await db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO users (id, email, name, role, user_type, country_codes, home_country_code, phone)
       SELECT 'bench-sm-' || g, 'bench.sm' || g || '@bench.test', 'Bench salesman ' || g, u.role, 'salesman',
              u.country_codes, u.home_country_code, '+6289' || lpad(g::text, 9, '0')
       FROM generate_series(1, $2::int) AS g,
            (SELECT u.* FROM salesmen s JOIN users u ON u.id = s.user_id WHERE s.country_code = $1
             ORDER BY s.id LIMIT 1) AS u
       ON CONFLICT DO NOTHING`,
      [MARKET, count],
    );
    await tx.query(
      `INSERT INTO hierarchy_members (country_code, employee_code, user_id, title, level_index, manager_id,
                                      dt_code, dt_site_code, city)
       SELECT $1, 'BENCHSM' || g, 'bench-sm-' || g, m.title, m.level_index, m.manager_id, s.dt_code,
              s.dt_site_code, m.city
       FROM generate_series(1, $2::int) AS g
       JOIN unnest($3::text[], $4::text[]) WITH ORDINALITY AS s(dt_code, dt_site_code, n)
         ON s.n = (g - 1) % $5 + 1,
            (SELECT m.* FROM salesmen s JOIN hierarchy_members m ON m.id = s.member_id WHERE s.country_code = $1
             ORDER BY s.id LIMIT 1) AS m
       ON CONFLICT DO NOTHING`,
      [MARKET, count, dt, site, sites.length],
    );
    await tx.query(
      `INSERT INTO salesmen (sm_code, country_code, member_id, user_id, team_leader_member_id, dt_code,
                             dt_site_code, name, phone)
       SELECT 'SMB' || lpad(g::text, 9, '0'), $1, m.id, m.user_id, t.team_leader_member_id, m.dt_code,
              m.dt_site_code, 'Bench salesman ' || g, '+6289' || lpad(g::text, 9, '0')
       FROM generate_series(1, $2::int) AS g
       JOIN hierarchy_members m ON m.employee_code = 'BENCHSM' || g,
            (SELECT team_leader_member_id FROM salesmen WHERE country_code = $1 ORDER BY id LIMIT 1) AS t
       ON CONFLICT DO NOTHING`,
      [MARKET, count],
    );
    await tx.query(
      `UPDATE salesmen SET device_id = NULL WHERE sm_code LIKE 'SMB%' AND device_id IS NOT NULL`,
    );
  });
  await db.exec('VACUUM ANALYZE salesmen');
}

export async function adminContext(db: Database): Promise<ImportContext> {
  const { rows } = await db.query<Parameters<typeof toAuthUser>[0]>(
    `SELECT u.*, u.password_changed_at FROM users u WHERE email = $1`,
    [ADMIN],
  );
  if (!rows[0]) throw new Error(`${ADMIN} is not in the database`);
  return { importId: crypto.randomUUID(), market: MARKET, user: toAuthUser(rows[0]), now: new Date() };
}

/** validate10mb and rawParse10mb, alternating, after one warm-up of each. */
async function validateRuns<V>(
  db: Database,
  file: Buffer,
  expectedRows: number,
  runs: number,
  ctx: ImportContext,
  def: ImportDefinition<V> = outletStatusImport as unknown as ImportDefinition<V>,
) {
  const stored = storedFile(file);
  const open = stored.open;
  const parse = async () => {
    let records = 0;
    for await (const batch of parseCsvBatches(decodeText(open())))
      for (const record of batch) records += record.length > 0 ? 1 : 0;
    return records;
  };
  const readValidate = async () => {
    // As validation reads it: no row kept, each keyed rule's compact keys (lib/repeated-keys.ts).
    const rules = def.crossRowRules as ReadonlyArray<KeyedRule<V>>;
    const keys = rules.map(() => new KeyHashes());
    const read = await readRows(open, def, MARKET, undefined, {
      keep: false,
      onRow: (r) => {
        for (let i = 0; i < rules.length; i += 1) {
          const key = rules[i]!.key(r.value);
          if (key !== null) keys[i]!.add(key, r.row);
        }
      },
    });
    let errors = read.errors.length;
    for (const k of keys) errors += k.repeatedRows().length;
    if (read.message || read.rows !== expectedRows || errors !== 0)
      throw new Error(`read: ${JSON.stringify(read.message)} ${read.rows} rows, ${errors} errors`);
  };
  const validate = async () => {
    const outcome = await validateImport(db, open, def, {
      ...ctx,
      importId: crypto.randomUUID(),
    });
    if (outcome.message || outcome.preview?.rows !== expectedRows || outcome.preview.errorCount !== 0)
      throw new Error(
        `validation: ${JSON.stringify(outcome.message)} ${JSON.stringify(outcome.preview).slice(0, 1000)}`,
      );
  };
  try {
    await parse();
    await readValidate();
    await validate();
    const parseMs: number[] = [];
    const readMs: number[] = [];
    const validateMs: number[] = [];
    const time = async (fn: () => Promise<unknown>, into: number[]) => {
      const started = performance.now();
      await fn();
      into.push(performance.now() - started);
    };
    for (let i = 0; i < runs; i += 1) {
      await time(parse, parseMs);
      await time(readValidate, readMs);
      await time(validate, validateMs);
      log(
        `  run ${i + 1}: parse ${Math.round(parseMs[i]!)} ms, read and row rules ${Math.round(readMs[i]!)} ms, ` +
          `validate with the database ${Math.round(validateMs[i]!)} ms`,
      );
    }
    return { parse: median(parseMs), read: median(readMs), validate: median(validateMs) };
  } finally {
    stored.remove();
  }
}

/** apply100k and copy100k: every apply run flips the status of all 100,000 outlets. */
async function applyRuns(db: Database, sites: Site[], runs: number, ctx: ImportContext) {
  const rowsFor = (flip: number): ValidRow<OutletStatusValue>[] =>
    Array.from({ length: APPLY_ROWS }, (_, i) => {
      const site = sites[i % sites.length]!;
      const base = i % 3 === 0 ? 0 : 1;
      return {
        row: i + 1,
        value: {
          dtCode: site.dt_code,
          dtSiteCode: site.dt_site_code,
          outletCode: benchCode(i),
          status: (base ^ flip) as 0 | 1,
        },
      };
    });
  // Start from the opposite of the first run's statuses.
  await db.query(
    `UPDATE outlets SET is_online = NOT ((right(outlet_code, 9)::int - 1) % 3 <> 0)
     WHERE outlet_code LIKE '9%' AND length(outlet_code) = 10 AND right(outlet_code, 9)::int <= $1`,
    [APPLY_ROWS],
  );
  await db.exec('DROP TABLE IF EXISTS bench_upload_copy');
  await db.exec(
    'CREATE TABLE bench_upload_copy (dt_code text, dt_site_code text, outlet_code text, status integer)',
  );
  const applyMs: number[] = [];
  const againMs: number[] = [];
  const copyMs: number[] = [];
  const apply = async (rows: ValidRow<OutletStatusValue>[], expected: number) => {
    const started = performance.now();
    const result = await applyImport(
      db,
      outletStatusImport,
      rows,
      { ...ctx, importId: crypto.randomUUID() },
      { sessionId: null, requestId: null, fileName: 'bench-apply.csv' },
    );
    if (result.updated !== expected) throw new Error(`apply updated ${result.updated}, not ${expected}`);
    return performance.now() - started;
  };
  try {
    for (let i = 0; i < runs; i += 1) {
      await db.exec('VACUUM ANALYZE outlets');
      const rows = rowsFor(i % 2);
      applyMs.push(await apply(rows, APPLY_ROWS));
      await db.exec('VACUUM ANALYZE outlets');
      againMs.push(await apply(rows, 0));

      const csv =
        rows.map(({ value: v }) => `${v.dtCode},${v.dtSiteCode},${v.outletCode},${v.status}`).join('\n') +
        '\n';
      await db.exec('TRUNCATE bench_upload_copy');
      const copyStarted = performance.now();
      const copied = await db.copyCsv(
        'bench_upload_copy',
        ['dt_code', 'dt_site_code', 'outlet_code', 'status'],
        csv,
      );
      copyMs.push(performance.now() - copyStarted);
      if (copied !== APPLY_ROWS) throw new Error(`COPY wrote ${copied} rows`);
      log(
        `  run ${i + 1}: apply (every row changes) ${Math.round(applyMs[i]!)} ms, the same rows again ` +
          `${Math.round(againMs[i]!)} ms, COPY ${Math.round(copyMs[i]!)} ms`,
      );
    }
  } finally {
    await db.exec('DROP TABLE IF EXISTS bench_upload_copy');
  }
  return { apply: median(applyMs), again: median(againMs), copy: median(copyMs) };
}

/** The server's RSS growth while it takes the file through POST /api/file/upload. */
async function uploadRuns(
  url: string,
  file: Buffer,
  expectedRows: number,
  runs: number,
  kind = 'outletStatus',
  fileName = 'outlet-status-10mb.csv',
) {
  const server = await startServer({
    DATABASE_URL: url,
    SEED_SCALE: 'none',
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
  });
  try {
    const pid = server.child.pid!;
    const token = await signIn(server.url, ADMIN, MARKET);
    const growth: number[] = [];
    const ms: number[] = [];
    for (let i = 0; i < runs; i += 1) {
      await new Promise((r) => setTimeout(r, 1_000)); // let the server settle
      const before = residentMemory(pid).rssMb;
      let peak = before;
      const timer = setInterval(() => {
        peak = Math.max(peak, residentMemory(pid).rssMb);
      }, 10);
      const form = new FormData();
      form.append('kind', kind);
      form.append('file', new Blob([new Uint8Array(file)], { type: 'text/csv' }), fileName);
      const started = performance.now();
      const res = await fetch(`${server.url}/api/file/upload?countryCode=${MARKET}&kind=${kind}`, {
        method: 'POST',
        headers: { customerToken: token },
        body: form,
      });
      const body = (await res.json()) as {
        'response-data': { state: string; preview: { rows: number; errorCount: number } | null } | null;
      };
      ms.push(performance.now() - started);
      clearInterval(timer);
      peak = Math.max(peak, residentMemory(pid).rssMb);
      const job = body['response-data'];
      if (res.status !== 200 || job?.state !== 'validated' || job.preview?.rows !== expectedRows)
        throw new Error(`upload: ${res.status} ${JSON.stringify(body).slice(0, 500)}`);
      growth.push(peak - before);
      log(`  run ${i + 1}: upload ${Math.round(ms[i]!)} ms, RSS ${before} → ${peak} MB (+${peak - before})`);
    }
    return { peakRssMb: Math.max(...growth), ms: median(ms) };
  } finally {
    await server.stop();
  }
}

export async function uploadsBench(args: string[]): Promise<Record<string, number>> {
  const runs = Math.max(1, Number(arg(args, '--runs', '3')));
  const only = arg(args, '--only', 'all');
  if (!['all', 'validate', 'apply', 'upload', 'devices'].includes(only))
    throw new Error('--only must be validate, apply, upload or devices');
  const cluster = process.env.DATABASE_URL ? null : await startCluster({ log });
  const url = process.env.DATABASE_URL ?? cluster!.url;
  const db = await openDatabase({ databaseUrl: url });
  try {
    await migrate(db);
    const sites = await marketSites(db);
    const file = fileRows(sites, FILE_BYTES);
    await insertOutlets(db, sites, Math.max(APPLY_ROWS, file.rows));
    log(`file: ${(file.bytes.length / 1024 / 1024).toFixed(2)} MiB, ${file.rows} rows`);
    const ctx = await adminContext(db);

    const figures: Record<string, number> = { 'file.rows': file.rows, 'file.bytes': file.bytes.length };
    if (only === 'all' || only === 'validate') {
      log('validate10mb against rawParse10mb');
      const validate = await validateRuns(db, file.bytes, file.rows, runs, ctx);
      figures['validate10mb.ms'] = Math.round(validate.validate);
      figures['rawParse10mb.ms'] = Math.round(validate.parse);
      figures.validateToParseRatio = Math.round((validate.validate / validate.parse) * 100) / 100;
      figures['readValidate10mb.ms'] = Math.round(validate.read);
      figures.readValidateToParseRatio = Math.round((validate.read / validate.parse) * 100) / 100;
    }
    if (only === 'all' || only === 'apply') {
      log('apply100k against copy100k');
      const apply = await applyRuns(db, sites, runs, ctx);
      figures['apply100k.ms'] = Math.round(apply.apply);
      figures['copy100k.ms'] = Math.round(apply.copy);
      figures.applyToCopyRatio = Math.round((apply.apply / apply.copy) * 100) / 100;
      figures['applyUnchanged100k.ms'] = Math.round(apply.again);
      figures.applyUnchangedToCopyRatio = Math.round((apply.again / apply.copy) * 100) / 100;
    }
    if (only === 'all' || only === 'upload') {
      log('upload: the server takes the 10 MB file');
      const upload = await uploadRuns(url, file.bytes, file.rows, runs);
      figures['upload.ms'] = Math.round(upload.ms);
      figures['upload.peakRssMb'] = round(upload.peakRssMb);
    }
    if (only === 'all' || only === 'devices') {
      const devices = deviceFileRows(sites, DEVICE_FILE_BYTES);
      await insertSalesmen(db, sites, devices.rows);
      log(`device-ID file: ${(devices.bytes.length / 1024 / 1024).toFixed(2)} MiB, ${devices.rows} rows`);
      figures['file50mb.rows'] = devices.rows;
      log('validate50mb against rawParse50mb (salesmanDeviceId)');
      const validate = await validateRuns(db, devices.bytes, devices.rows, runs, ctx, salesmanDeviceImport);
      figures['validate50mb.ms'] = Math.round(validate.validate);
      figures['rawParse50mb.ms'] = Math.round(validate.parse);
      figures.validate50mbToParseRatio = Math.round((validate.validate / validate.parse) * 100) / 100;
      figures['readValidate50mb.ms'] = Math.round(validate.read);
      figures.readValidate50mbToParseRatio = Math.round((validate.read / validate.parse) * 100) / 100;
      log('upload50mb: the server takes the 50 MB device-ID file');
      const upload = await uploadRuns(
        url,
        devices.bytes,
        devices.rows,
        runs,
        'salesmanDeviceId',
        'salesman-device-id-50mb.csv',
      );
      figures['upload50mb.ms'] = Math.round(upload.ms);
      figures['upload50mb.peakRssMb'] = round(upload.peakRssMb);
    }
    return figures;
  } finally {
    await db.close();
    cluster?.stop();
  }
}
