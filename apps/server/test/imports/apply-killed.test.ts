/**
 * A server killed mid-apply on PostgreSQL changes nothing (issue 11, "Tests": all-or-nothing).
 *
 * A real server process (apps/server/src/server.ts, in a child process) on a fresh PostgreSQL database
 * validates a 60,000-row outlet-status file; the test asks it to apply the file, watches
 * pg_stat_activity until the apply transaction's UPDATE of the outlets is running,
 * and kills the process with SIGKILL. Once PostgreSQL has ended that backend, every business table is
 * as it was (the outlets' statuses, the data version, the audit log) and the import is not 'applied'.
 * Then a restarted server (an app on the same database, its clock past the dead process's lease)
 * settles the import as failed with the technical-error message, and the same file uploaded again
 * applies in full.
 *
 * PostgreSQL only (CI's second pass: `node scripts/pg-cluster.mjs -- npx vitest run --project server`):
 * on PGlite the database lives inside the test process, so there is no separate server to kill.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, importMessage, type Envelope, type ImportJob } from '@fieldforce/contracts';
import { buildApp } from '../../src/app.js';
import { openDatabase, type Database } from '../../src/db/client.js';
import { readDataVersion } from '../../src/db/data-version.js';
import { migrate } from '../../src/db/migrate.js';
import { stagingTableName } from '../../src/lib/imports/apply.js';
import { seedDatabase } from '../../src/db/seed/index.js';
import { ManualClock } from '../../src/lib/clock.js';
import { IMPORT_LEASE_MS } from '../../src/modules/files/recovery.js';
import { buildDistributor } from '../factories.js';
import { signIn } from '../outlet-status/helpers.js';
import { uploadFile } from '../helpers/upload.js';

const URL_ = process.env.DATABASE_URL ?? '';
const onPostgres = /^postgres(ql)?:\/\//.test(URL_);
const SERVER_DIR = path.resolve(__dirname, '../..');
const ROWS = 60_000;
const FIRST_CODE = 8_870_000_000;

let dbName: string;
let dbUrl: string;
let db: Database;
let dataDir: string;
let child: ChildProcess | undefined;
let file: Buffer;
let importId: string;
let before: BusinessState;

interface BusinessState {
  outlets: string;
  online: number;
  version: string;
  audit: number;
}

/** The outlets' statuses (one digest of every row), the data version and the audit log's size. */
async function businessState(): Promise<BusinessState> {
  const { rows } = await db.query<{ digest: string; online: number; audit: number }>(
    `SELECT (SELECT md5(string_agg(outlet_code || ':' || is_online, ',' ORDER BY id)) FROM outlets) AS digest,
            (SELECT count(*)::int FROM outlets WHERE dt_code = 'THKILL' AND is_online) AS online,
            (SELECT count(*)::int FROM audit_log) AS audit`,
  );
  const r = rows[0]!;
  return { outlets: r.digest, online: r.online, version: await readDataVersion(db), audit: r.audit };
}

/** The import staging tables in the database. */
async function stagingTables(): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(
    `SELECT tablename AS name FROM pg_tables WHERE tablename LIKE 'import_stage_%' ORDER BY 1`,
  );
  return rows.map((r) => r.name);
}

/** Starts `node --import tsx src/server.ts` on the test database; resolves with its base URL. */
function startServer(): Promise<string> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: dbUrl,
    HOST: '127.0.0.1',
    PORT: '0',
    SEED_SCALE: 'none',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'development',
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
  };
  delete env.PUBLIC_URL;
  delete env.VITEST;
  const proc = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: SERVER_DIR,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child = proc;
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 90_000);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const m = /running at (http:\/\/[^\s]+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!.replace('localhost', '127.0.0.1'));
      }
    };
    proc.stdout!.on('data', onData);
    proc.stderr!.on('data', onData);
    proc.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}):\n${out}`));
    });
  });
}

const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: URL_ });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

async function importRow() {
  const { rows } = await db.query<{ state: string; message: unknown; locked_by: string | null }>(
    'SELECT state, message, locked_by FROM imports WHERE id = $1',
    [importId],
  );
  return rows[0]!;
}

describe.skipIf(!onPostgres)(
  'a server killed mid-apply (PostgreSQL only: runs when DATABASE_URL is postgres://; PGlite lives inside the test process, so there is no server to kill)',
  () => {
    beforeAll(async () => {
      dbName = `ff_test_kill_${randomBytes(5).toString('hex')}`;
      await admin((c) => c.query(`CREATE DATABASE ${dbName}`));
      const parsed = new URL(URL_);
      parsed.pathname = `/${dbName}`;
      dbUrl = parsed.toString();
      db = await openDatabase({ databaseUrl: dbUrl, poolSize: 4 });
      await migrate(db);
      await seedDatabase(db, { scale: 'test', seed: 1, today: new Date('2026-11-20T00:00:00Z') });
      await buildDistributor(db, { countryCode: 'th', dtCode: 'THKILL', dtSiteCode: 'THKILLS1' });
      await db.query(
        `INSERT INTO outlets (outlet_code, country_code, dt_code, dt_site_code, name, outlet_type, outlet_subtype,
                              channel, city, address, latitude, longitude, is_online, created_on)
         SELECT ($1::bigint + g)::text, 'th', 'THKILL', 'THKILLS1', 'Kill test outlet ' || g, 'Grocery', 'Small',
                'General Trade', 'Test City', g || ' Test Street', 13.7, 100.5, true, '2024-01-01'
         FROM generate_series(1, $2::int) AS g`,
        [FIRST_CODE, ROWS],
      );
      const lines = ['DT Code,DT Site Code,Outlet Code,Status'];
      for (let i = 1; i <= ROWS; i++) lines.push(`THKILL,THKILLS1,${FIRST_CODE + i},0`);
      file = Buffer.from(lines.join('\r\n') + '\r\n');
      dataDir = await mkdtemp(path.join(tmpdir(), 'ff-apply-killed-'));
    }, 300_000);

    afterAll(async () => {
      if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await db?.close();
      if (dbName) await admin((c) => c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`));
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    });

    it('kill -9 while the apply transaction runs: outlets, data version and audit log unchanged, import not applied', async () => {
      const base = await startServer();
      const login = await fetch(`${base}/api/fb/accounts/login?countryCode=th`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          email: 'admin.th@demo.test',
          password: DEMO_PASSWORD,
          deviceId: 'apply-killed',
        }),
      });
      expect(login.status, await login.clone().text()).toBe(200);
      const token = ((await login.json()) as Envelope<{ idToken: string }>)['response-data'].idToken;

      const form = new FormData();
      form.append('kind', 'outletStatus');
      form.append('file', new Blob([file], { type: 'text/csv' }), 'kill-test.csv');
      const uploaded = await fetch(`${base}/api/file/upload?countryCode=th&kind=outletStatus`, {
        method: 'POST',
        headers: { customertoken: token },
        body: form,
      });
      const body = await uploaded.text();
      expect(uploaded.status, body).toBe(200);
      const job = (JSON.parse(body) as Envelope<ImportJob>)['response-data'];
      expect(job.state).toBe('validated');
      expect(job.preview).toMatchObject({ rows: ROWS, update: ROWS, errorCount: 0 });
      importId = job.jobId;

      before = await businessState();
      expect(before.online).toBe(ROWS);

      const started = performance.now();
      const applying = fetch(`${base}/api/file/apply?countryCode=th&jobId=${importId}`, {
        method: 'POST',
        headers: { customertoken: token },
      }).then(
        (res) => ({ status: res.status }),
        (error: unknown) => ({ error }),
      );

      // Watch PostgreSQL until the apply transaction is changing the outlets. Its audit INSERT (60,000
      // rows) still follows before the COMMIT, so the kill lands well inside the transaction.
      const watcher = new pg.Client({ connectionString: dbUrl });
      await watcher.connect();
      let seen: { pid: number; query: string } | undefined;
      try {
        while (!seen && performance.now() - started < 120_000) {
          const { rows } = await watcher.query<{ pid: number; query: string }>(
            `SELECT pid, query FROM pg_stat_activity
             WHERE datname = current_database() AND state = 'active' AND pid <> pg_backend_pid()
               AND xact_start IS NOT NULL
               AND query LIKE '%UPDATE outlets o SET is_online = (s.status = 1)%'`,
          );
          seen = rows[0];
          if (!seen) await delay(2);
        }
        expect(seen, 'the apply transaction was never seen running').toBeDefined();
        child!.kill('SIGKILL');
        const killedAt = performance.now();
        await new Promise((resolve) =>
          child!.exitCode !== null || child!.signalCode ? resolve(null) : child!.once('exit', resolve),
        );
        expect(child!.signalCode).toBe('SIGKILL');
        // PostgreSQL ends the dead client's backend (rolling its transaction back) once it notices.
        for (;;) {
          const { rows } = await watcher.query('SELECT 1 FROM pg_stat_activity WHERE pid = $1', [seen!.pid]);
          if (rows.length === 0) break;
          await delay(20);
        }
        console.log(
          `apply-killed: killed ${Math.round(killedAt - started)} ms into the apply, during: ${seen!.query
            .replace(/\s+/g, ' ')
            .slice(0, 60)}…`,
        );
      } finally {
        await watcher.end();
      }
      expect('error' in (await applying)).toBe(true); // the connection died with the server

      expect(await businessState()).toEqual(before);
      const { rows: audit } = await db.query('SELECT 1 FROM audit_log WHERE import_id = $1', [importId]);
      expect(audit).toEqual([]);
      const row = await importRow();
      expect(row.state).toBe('applying'); // left by the dead process: never 'applied'
      expect(row.locked_by).not.toBeNull();
      // The staging table the dead process had filled is left (UNLOGGED, not business data), under
      // the import's own name so that settling the import drops it.
      expect(await stagingTables()).toEqual([stagingTableName(importId!)]);
    }, 300_000);

    it('a restarted server settles the import as failed with a message, and the file applied again changes every row', async () => {
      expect(importId).toBeDefined();
      // The restarted server's clock is past the dead process's lease.
      const clock = new ManualClock(Date.now() + IMPORT_LEASE_MS + 5_000);
      const app = await buildApp({ logger: false, db, clock, config: { DATA_DIR: dataDir } });
      await app.ready();
      try {
        await app.jobs.drain(); // the recurring imports.recover (due at start)
        const row = await importRow();
        expect(row.state).toBe('failed');
        expect(row.message).toEqual(importMessage('TECHNICAL_ERROR'));
        expect(row.locked_by).toBeNull();
        expect(await businessState()).toEqual(before);
        expect(await stagingTables()).toEqual([]);

        const token = await signIn(app, 'admin.th@demo.test', 'th');
        const status = await app.inject({
          method: 'GET',
          url: `/api/file/checkstatus?countryCode=th&jobId=${importId}`,
          headers: { customertoken: token },
        });
        const settled = (status.json() as Envelope<ImportJob>)['response-data'];
        expect(settled.state).toBe('failed');
        expect(settled.message?.message).toBe('File can not be uploaded due to some technical error');

        const upload = await uploadFile(
          app,
          token,
          { name: 'kill-test.csv', content: file },
          { market: 'th' },
        );
        expect(upload.statusCode, upload.body).toBe(200);
        const again = (upload.json() as Envelope<ImportJob>)['response-data'];
        const applied = await app.inject({
          method: 'POST',
          url: `/api/file/apply?countryCode=th&jobId=${again.jobId}`,
          headers: { customertoken: token },
        });
        expect(applied.statusCode, applied.body).toBe(200);
        expect((applied.json() as Envelope<ImportJob>)['response-data'].result).toEqual({
          created: 0,
          updated: ROWS,
          unchanged: 0,
        });
        const after = await businessState();
        expect(after.online).toBe(0);
        expect(after.version).not.toBe(before.version);
        expect(after.audit).toBe(before.audit + ROWS + 1); // one per outlet, one for the file
      } finally {
        await app.close();
      }
    }, 300_000);
  },
);
