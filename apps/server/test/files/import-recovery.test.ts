/**
 * Imports left by a server process that died (issue 11: "a job whose process died is retried or marked
 * failed with a message"): the import's lease runs out, and the restarted (or any other) server settles
 * it — 'failed' with the technical-error message when its apply did not commit, 'applied' with the
 * recorded result when it did. Real database, real file calls, a manual clock to let leases run out.
 * The PostgreSQL test with a real process killed mid-apply is test/imports/apply-killed.test.ts.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { importMessage, USER_UPLOAD_HEADERS, type Envelope, type ImportJob } from '@fieldforce/contracts';
import { ManualClock } from '../../src/lib/clock.js';
import { IMPORT_LEASE_MS } from '../../src/modules/files/recovery.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { uploadFile } from '../helpers/upload.js';
import { signIn } from '../outlet-status/helpers.js';

const SAMPLE = path.resolve(__dirname, '../../../../docs/samples/outlet-status-good.csv');
const clock = new ManualClock('2026-11-20T08:00:00Z');
let t: TestApp;
let dataDir: string;
let admin: string;

async function uploadSample(): Promise<ImportJob> {
  const res = await uploadFile(t.app, admin, { name: 'good.csv', content: await readFile(SAMPLE) });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as Envelope<ImportJob>)['response-data'];
}
const call = (method: 'GET' | 'POST', url: string) =>
  t.app.inject({ method, url, headers: { customertoken: admin } });
const checkstatus = async (id: string) =>
  ((await call('GET', `/api/file/checkstatus?countryCode=id&jobId=${id}`)).json() as Envelope<ImportJob>)[
    'response-data'
  ];
const leaseOf = async (id: string) =>
  (
    await t.app.db.query<{ locked_by: string | null; locked_until: Date | null }>(
      'SELECT locked_by, locked_until FROM imports WHERE id = $1',
      [id],
    )
  ).rows[0]!;

/** What a process that died while holding the import leaves behind. */
const abandon = (id: string, state: 'parsing' | 'applying', result: 'keep' | 'clear' = 'clear') =>
  t.app.db.query(
    `UPDATE imports SET state = $2, locked_by = 'a-process-that-died', locked_until = $3
       ${result === 'clear' ? ', result = NULL, applied_at = NULL' : ''}
     WHERE id = $1`,
    [id, state, new Date(clock.now().getTime() + IMPORT_LEASE_MS)],
  );

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'ff-recovery-'));
  t = await createTestApp({ seed: true, clock, config: { DATA_DIR: dataDir } });
  admin = await signIn(t.app, 'admin.id@demo.test', 'id');
}, 120_000);
afterAll(async () => {
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('imports whose process died', () => {
  it('the lease is taken while validating and applying, and released after', async () => {
    const uploaded = await uploadSample();
    expect(await leaseOf(uploaded.jobId)).toEqual({ locked_by: null, locked_until: null });
    const applied = await call('POST', `/api/file/apply?countryCode=id&jobId=${uploaded.jobId}`);
    expect(applied.statusCode, applied.body).toBe(200);
    expect(await leaseOf(uploaded.jobId)).toEqual({ locked_by: null, locked_until: null });
  });

  it('applying, lease still held: left alone; lease run out, nothing committed: failed with the message', async () => {
    const uploaded = await uploadSample();
    await abandon(uploaded.jobId, 'applying');
    expect((await checkstatus(uploaded.jobId)).state).toBe('applying');
    clock.advance(IMPORT_LEASE_MS + 1000);
    const settled = await checkstatus(uploaded.jobId);
    expect(settled.state).toBe('failed');
    expect(settled.message).toEqual(importMessage('TECHNICAL_ERROR'));
    expect(settled.can.apply).toBe(false);
    expect(await leaseOf(uploaded.jobId)).toEqual({ locked_by: null, locked_until: null });
    const again = await call('POST', `/api/file/apply?countryCode=id&jobId=${uploaded.jobId}`);
    expect(again.statusCode).toBe(409);
  });

  it('applying, but its transaction had committed (died before saying so): applied, with the recorded result', async () => {
    const uploaded = await uploadSample();
    // Another copy of the sample first, so this one's apply really changes outlets.
    await t.app.db.query(
      `UPDATE outlets SET is_online = NOT is_online WHERE country_code = 'id' AND outlet_code = '1100000001'`,
    );
    const applied = await call('POST', `/api/file/apply?countryCode=id&jobId=${uploaded.jobId}`);
    const result = (applied.json() as Envelope<ImportJob>)['response-data'].result;
    expect(result).toEqual({ created: 0, updated: 1, unchanged: 3 });
    await abandon(uploaded.jobId, 'applying');
    clock.advance(IMPORT_LEASE_MS + 1000);
    // The recurring job every server runs (at start, then every minute) settles it without a request.
    await t.app.jobs.drain();
    const row = (
      await t.app.db.query<{ state: string; result: unknown; message: unknown }>(
        'SELECT state, result, message FROM imports WHERE id = $1',
        [uploaded.jobId],
      )
    ).rows[0]!;
    expect(row).toEqual({ state: 'applied', result, message: null });
  });

  it('parsing, lease run out: failed with the message', async () => {
    const uploaded = await uploadSample();
    await abandon(uploaded.jobId, 'parsing');
    clock.advance(IMPORT_LEASE_MS + 1000);
    await t.app.jobs.drain();
    const settled = await checkstatus(uploaded.jobId);
    expect(settled.state).toBe('failed');
    expect(settled.message).toEqual(importMessage('TECHNICAL_ERROR'));
  });

  it('a users upload in progress is left alone, also once its lease looks run out', async () => {
    // The users upload (POST /api/fb/users) registers its import in the process's working set as the
    // file calls do: recovery skips it while this process holds it.
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('Users').addRow([...USER_UPLOAD_HEADERS]);
    wb.getWorksheet('Users')!.addRow(['someone@demo.test']);
    const content = Buffer.from(await wb.xlsx.writeBuffer());
    // Validation waits on reading the stored original until released.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let reading!: () => void;
    const started = new Promise<void>((resolve) => (reading = resolve));
    const files = t.app.files;
    const get = files.get.bind(files);
    const spy = vi.spyOn(files, 'get').mockImplementation((key: string) => {
      if (!key.endsWith('.xlsx')) return get(key);
      const out = new PassThrough();
      reading();
      void released.then(() => get(key).pipe(out));
      return out as Readable;
    });
    const boundary = '----recovery-users';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="users.xlsx"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\n',
      ),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    try {
      const answer = t.app.inject({
        method: 'POST',
        url: '/api/fb/users?preview=true',
        headers: {
          customertoken: admin,
          countrycode: 'id',
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
        payload,
      });
      await started;
      const { rows } = await t.app.db.query<{ id: string; state: string }>(
        `SELECT id, state FROM imports WHERE kind = 'users' ORDER BY created_at DESC LIMIT 1`,
      );
      const id = rows[0]!.id;
      expect(rows[0]!.state).toBe('parsing');
      // As if this process had stopped renewing: the lease is past its end on the clock.
      clock.advance(IMPORT_LEASE_MS + 1000);
      await t.app.jobs.drain(); // imports.recover
      expect((await checkstatus(id)).state).toBe('parsing');
      release();
      const res = await answer;
      expect(res.statusCode, res.body).toBeLessThan(500);
      const after = await t.app.db.query<{ state: string }>('SELECT state FROM imports WHERE id = $1', [id]);
      expect(after.rows[0]!.state).toBe('validated');
    } finally {
      release();
      spy.mockRestore();
    }
  });
});
