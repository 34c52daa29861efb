/**
 * The file calls (issue 11): upload (multipart, intake refusals, validation), checkstatus, apply and
 * download, against a real PGlite database and a temporary file folder, through app.inject.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_MESSAGES, type Envelope, type ImportJob } from '@fieldforce/contracts';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { uploadFile } from '../helpers/upload.js';
import { signIn } from '../outlet-status/helpers.js';

const SAMPLES = path.resolve(__dirname, '../../../../docs/samples');
let t: TestApp;
let dataDir: string;
let adminId: string;
let adminVn: string;
let tlId: string;

function upload(
  token: string | null,
  fileName: string,
  content: Buffer | string,
  market = 'id',
  prefix = '/api',
) {
  return uploadFile(t.app, token, { name: fileName, content }, { market, prefix });
}

const call = (token: string | null, method: 'GET' | 'POST', url: string) =>
  t.app.inject({ method, url, headers: token ? { customertoken: token } : {} });
const job = (res: { json(): unknown }) => (res.json() as Envelope<ImportJob>)['response-data'];

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'ff-files-'));
  t = await createTestApp({ seed: true, config: { DATA_DIR: dataDir, AUTH_RATE_LIMIT_PER_MINUTE: 100_000 } });
  adminId = await signIn(t.app, 'admin.id@demo.test', 'id');
  adminVn = await signIn(t.app, 'admin.vn@demo.test', 'vn');
  tlId = await signIn(t.app, 'tl.id@demo.test', 'id');
});
afterAll(async () => {
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('upload, check, apply', () => {
  it('validates the good sample, applies it, changes the outlets and writes the activity log', async () => {
    const content = await readFile(path.join(SAMPLES, 'outlet-status-good.csv'));
    const res = await upload(adminId, 'outlet-status-good.csv', content);
    expect(res.statusCode, res.body).toBe(200);
    const uploaded = job(res);
    expect(uploaded.state).toBe('validated');
    expect(uploaded.preview?.errorCount).toBe(0);
    expect(uploaded.storedName).toMatch(/^outlet-status-good_\d{8}T\d{9}Z\.csv$/);
    expect(uploaded.can.apply).toBe(true);

    const status = await call(adminId, 'GET', `/api/file/checkstatus?countryCode=id&jobId=${uploaded.jobId}`);
    expect(status.statusCode).toBe(200);
    expect(job(status).jobId).toBe(uploaded.jobId);
    const byName = await t.app.inject({
      method: 'GET',
      url: '/api/file/checkstatus?countryCode=id',
      headers: { customertoken: adminId, filename: uploaded.storedName },
    });
    expect(job(byName).jobId).toBe(uploaded.jobId);

    const applied = await call(adminId, 'POST', `/api/file/apply?countryCode=id&jobId=${uploaded.jobId}`);
    expect(applied.statusCode, applied.body).toBe(200);
    expect(job(applied).state).toBe('applied');
    expect(job(applied).result).not.toBeNull();

    const rows = content
      .toString('utf8')
      .trim()
      .split(/\r?\n/)
      .slice(1)
      .map((l) => l.split(','));
    const { rows: outlets } = await t.app.db.query<{ outlet_code: string; is_online: boolean }>(
      `SELECT outlet_code, is_online FROM outlets WHERE country_code = 'id' AND outlet_code = ANY($1::text[])`,
      [rows.map((r) => r[2])],
    );
    const online = new Map(outlets.map((o) => [o.outlet_code, o.is_online]));
    for (const r of rows) expect(online.get(r[2]!)).toBe(r[3] === '1');
    const { rows: audit } = await t.app.db.query<{ action: string; import_id: string }>(
      `SELECT action, import_id FROM audit_log WHERE import_id = $1`,
      [uploaded.jobId],
    );
    expect(audit.map((a) => a.action)).toContain('outlet.status.import');
    // The Activity Log names the file the admin uploaded, as they named it.
    const log = await call(adminId, 'GET', '/api/admin/activityLog?tool=outletStatus&countryCode=id');
    expect(log.statusCode, log.body).toBe(200);
    const entry = (
      log.json() as { 'response-data': { rows: { importId: string | null; fileName: string | null }[] } }
    )['response-data'].rows.find((r) => r.importId === uploaded.jobId);
    expect(entry?.fileName).toBe('outlet-status-good.csv');

    const again = await call(adminId, 'POST', `/api/file/apply?countryCode=id&jobId=${uploaded.jobId}`);
    expect(again.statusCode).toBe(409);

    const original = await call(
      adminId,
      'GET',
      `/api/file/download/${uploaded.originalFileId}?countryCode=id`,
    );
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-disposition']).toContain(uploaded.storedName);
    expect(original.rawPayload.equals(content)).toBe(true);
  });

  it('lists the bad sample’s errors, refuses to apply it, and serves the error file', async () => {
    const content = await readFile(path.join(SAMPLES, 'outlet-status-bad.csv'));
    const res = await upload(adminId, 'outlet-status-bad.csv', content);
    expect(res.statusCode, res.body).toBe(200);
    const uploaded = job(res);
    expect(uploaded.state).toBe('validated');
    expect(uploaded.preview!.errorCount).toBeGreaterThan(0);
    expect(uploaded.message?.code).toBe('HAS_ERRORS');
    expect(uploaded.can.apply).toBe(false);
    expect(uploaded.errorFileId).toBe(`${uploaded.jobId}-errors`);

    // As the web sends it too: the jobId in a JSON body.
    const applied = await t.app.inject({
      method: 'POST',
      url: '/api/file/apply?countryCode=id',
      headers: { customertoken: adminId },
      payload: { jobId: uploaded.jobId },
    });
    expect(applied.statusCode).toBe(409);
    expect(applied.json().errors.shortDescription).toBe(IMPORT_MESSAGES.HAS_ERRORS);

    const file = await call(adminId, 'GET', `/api/file/download/${uploaded.errorFileId}?countryCode=id`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toMatch(
      /attachment; filename="outlet-status-bad_.*_errors\.csv"/,
    );
    const lines = file.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('DT Code,DT Site Code,Outlet Code,Status,Error');
    // The error sheet's second line is the spreadsheet's row 2, and its message says so.
    expect(lines[1]).toContain('Outlet status should be only 0 or 1 in row number 2');
  });

  it('rejects a file whose header is not the template, and an empty file', async () => {
    const wrong = job(await upload(adminId, 'wrong.csv', 'A,B\n1,2\n'));
    expect(wrong.state).toBe('rejected');
    expect(wrong.message?.code).toBe('INVALID_TEMPLATE');
    const empty = job(await upload(adminId, 'empty.csv', 'DT Code,DT Site Code,Outlet Code,Status\n'));
    expect(empty.state).toBe('rejected');
    expect(empty.message?.code).toBe('EMPTY_FILE');
  });

  it('refuses a file name holding a NUL before storing anything (it was a 500 with the file left behind)', async () => {
    const before = await t.app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM stored_files');
    const nul = await upload(adminId, 'out\u0000lets.csv', 'DT Code,DT Site Code,Outlet Code,Status\n');
    expect(nul.statusCode).toBe(400);
    expect(nul.json().errors.shortDescription).toBe(IMPORT_MESSAGES.NAME_HAS_CONTROL_CHARACTERS);
    const after = await t.app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM stored_files');
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
  });

  it('refuses a name with spaces, a .xlsx file and an over-size file with the spec messages', async () => {
    const spaces = await upload(adminId, 'my file.csv', 'x');
    expect(spaces.statusCode).toBe(400);
    expect(spaces.json().errors.shortDescription).toBe(IMPORT_MESSAGES.NAME_HAS_SPACES);
    const xlsx = await upload(adminId, 'outlets.xlsx', 'x');
    expect(xlsx.statusCode).toBe(400);
    expect(xlsx.json().errors.shortDescription).toBe(IMPORT_MESSAGES.NOT_CSV);
    const big = await upload(adminId, 'big.csv', Buffer.alloc(10 * 1024 * 1024 + 10, 'a'));
    expect(big.statusCode).toBe(413);
    expect(big.json().errors.shortDescription).toBe(IMPORT_MESSAGES.FILE_TOO_LARGE);
  });

  it('rejects a file with a NUL character as unreadable text, not as a technical error (issue 9, finding 6)', async () => {
    const good = (await readFile(path.join(SAMPLES, 'outlet-status-good.csv'), 'utf8')).split('\n');
    good[1] = good[1]!.replace(',', '\u0000,');
    const uploaded = job(await upload(adminId, 'nul.csv', good.join('\n')));
    expect(uploaded.state).toBe('rejected');
    expect(uploaded.message?.code).toBe('UNREADABLE_ENCODING');
  });
});

describe('access', () => {
  it('401 without a token, 403 for a non-admin, 404 for another market’s admin, 404 on the wrong form', async () => {
    const content = await readFile(path.join(SAMPLES, 'outlet-status-good.csv'));
    expect((await upload(null, 'a.csv', content)).statusCode).toBe(401);
    expect((await upload(tlId, 'a.csv', content)).statusCode).toBe(403);
    const uploaded = job(await upload(adminId, 'a.csv', content));
    expect(
      (await call(tlId, 'GET', `/api/file/checkstatus?countryCode=id&jobId=${uploaded.jobId}`)).statusCode,
    ).toBe(403);
    // A vn admin: in vn the import does not exist; in id they are refused the market.
    expect(
      (await call(adminVn, 'GET', `/api/file/checkstatus?countryCode=vn&jobId=${uploaded.jobId}`)).statusCode,
    ).toBe(404);
    expect(
      (await call(adminVn, 'GET', `/api/file/checkstatus?countryCode=id&jobId=${uploaded.jobId}`)).statusCode,
    ).toBe(403);
    expect(
      (await call(adminVn, 'GET', `/api/file/download/${uploaded.originalFileId}?countryCode=vn`)).statusCode,
    ).toBe(404);
    expect(
      (await call(adminVn, 'POST', `/api/file/apply?countryCode=vn&jobId=${uploaded.jobId}`)).statusCode,
    ).toBe(404);
    // id has a BTP endpoint: the exp/ form answers 404.
    expect((await upload(adminId, 'a.csv', content, 'id', '/api/exp')).statusCode).toBe(404);
    expect(
      (await call(adminId, 'GET', `/api/exp/file/checkstatus?countryCode=id&jobId=${uploaded.jobId}`))
        .statusCode,
    ).toBe(404);
  });

  it('serves markets without a BTP endpoint (bd) under exp/ only', async () => {
    const adminBd = await signIn(t.app, 'admin.bd@demo.test', 'bd');
    const content = await readFile(path.join(SAMPLES, 'outlet-status-good.csv'));
    expect((await upload(adminBd, 'a.csv', content, 'bd')).statusCode).toBe(404);
    const res = await upload(adminBd, 'a.csv', content, 'bd', '/api/exp');
    expect(res.statusCode, res.body).toBe(200);
    const uploaded = job(res);
    // id's outlets are not bd's: every row is refused, and the error file comes from exp/ too.
    expect(uploaded.preview?.errorCount).toBe(4);
    const status = await call(
      adminBd,
      'GET',
      `/api/exp/file/checkstatus?countryCode=bd&jobId=${uploaded.jobId}`,
    );
    expect(job(status).jobId).toBe(uploaded.jobId);
    expect(
      (await call(adminBd, 'GET', `/api/file/checkstatus?countryCode=bd&jobId=${uploaded.jobId}`)).statusCode,
    ).toBe(404);
    const errors = await call(
      adminBd,
      'GET',
      `/api/exp/file/download/${uploaded.errorFileId}?countryCode=bd`,
    );
    expect(errors.statusCode).toBe(200);
    expect(errors.body).toContain('Error');
  });
});
