/**
 * Outlet-status files saved by LibreOffice Calc (issue 11, "Tests"): every rule and message of spec
 * sections 5 and 8 from real Calc-made CSV files, through the real file calls (file/upload, apply,
 * download) on a real database. The files are made by scripts/make-libreoffice-fixtures.sh and
 * committed (CI has no LibreOffice): UTF-8, Windows-874 (Thai), Windows-1258 (Vietnamese) and UTF-16.
 * The rows name the distributors, sites (Thai names) and outlets this file creates in th.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  IMPORT_MESSAGES,
  importMessage,
  type Envelope,
  type ImportJob,
  type ImportMessageCode,
} from '@fieldforce/contracts';
import { readDataVersion } from '../../src/db/data-version.js';
import { readRows } from '../../src/lib/imports/validate.js';
import { outletStatusImport } from '../../src/modules/outlet-status/import-definition.js';
import { buildDistributor, buildOutlet } from '../factories.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createDtLimitedAdmin, signIn } from './helpers.js';
import { uploadFile } from '../helpers/upload.js';

const FIXTURES = path.resolve(__dirname, '../fixtures/libreoffice');
const fixture = (name: string) => readFile(path.join(FIXTURES, name));

const S1 = 'ลาดพร้าว01';
const S2 = 'บางนา02';
/** The outlets the fixtures name, and their status before any file is applied. */
const OUTLETS: Array<[dtCode: string, site: string, code: string, online: boolean]> = [
  ['THLO1', S1, '5990000001', true],
  ['THLO1', S1, '5990000002', true],
  ['THLO1', S1, '5990000003', false],
  ['THLO1', S1, '5990000004', false],
  ['THLO2', S2, '5990000011', true],
  ['THLO2', S2, '5990000012', false],
];
/** What good-*.csv says. */
const GOOD: Record<string, boolean> = {
  '5990000001': false,
  '5990000002': true,
  '5990000003': true,
  '5990000004': false,
  '5990000011': false,
};

let t: TestApp;
let dataDir: string;
let adminTh: string;
let adminId: string;
let dtLimitedTh: string;

function upload(token: string, fileName: string, content: Buffer, market = 'th') {
  return uploadFile(t.app, token, { name: fileName, content }, { market });
}
const job = (res: { json(): unknown }) => (res.json() as Envelope<ImportJob>)['response-data'];

/** Uploads a fixture as the th admin (or `token`); expects 200 and returns the import. */
async function uploadFixture(name: string, token = adminTh, market = 'th'): Promise<ImportJob> {
  const res = await upload(token, name, await fixture(name), market);
  expect(res.statusCode, res.body).toBe(200);
  return job(res);
}

const apply = (token: string, jobId: string, market = 'th') =>
  t.app.inject({
    method: 'POST',
    url: `/api/file/apply?countryCode=${market}&jobId=${jobId}`,
    headers: { customertoken: token },
  });

async function statuses(): Promise<Record<string, boolean>> {
  const { rows } = await t.app.db.query<{ outlet_code: string; is_online: boolean }>(
    `SELECT outlet_code, is_online FROM outlets WHERE country_code = 'th' AND outlet_code LIKE '599%'`,
  );
  return Object.fromEntries(rows.map((r) => [r.outlet_code, r.is_online]));
}

/** Everything an apply could change: the outlets, the data version, the audit log. */
async function businessState() {
  const { rows } = await t.app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_log');
  return { statuses: await statuses(), version: await readDataVersion(t.app.db), audit: rows[0]!.n };
}

/** The preview's errors as (row, header, code, exact message) — the words of spec section 8. */
const errorsOf = (j: ImportJob) =>
  j.preview!.errors.map((e) => ({ row: e.row, header: e.header, code: e.code, message: e.message }));
const expected = (code: ImportMessageCode, row: number, header: string) => ({
  row,
  header,
  code,
  message: IMPORT_MESSAGES[code].replace('{row}', String(row)),
});

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'ff-libreoffice-'));
  t = await createTestApp({ seed: true, config: { DATA_DIR: dataDir, AUTH_RATE_LIMIT_PER_MINUTE: 100_000 } });
  await buildDistributor(t.app.db, { countryCode: 'th', dtCode: 'THLO1', dtSiteCode: S1 });
  await buildDistributor(t.app.db, { countryCode: 'th', dtCode: 'THLO2', dtSiteCode: S2 });
  for (const [dtCode, dtSiteCode, outletCode, isOnline] of OUTLETS)
    await buildOutlet(t.app.db, { countryCode: 'th', dtCode, dtSiteCode, outletCode, isOnline });
  adminTh = await signIn(t.app, 'admin.th@demo.test', 'th');
  adminId = await signIn(t.app, 'admin.id@demo.test', 'id');
  const limited = await createDtLimitedAdmin(t.app, 'th', ['THLO2']);
  dtLimitedTh = await signIn(t.app, limited, 'th');
}, 120_000);
afterAll(async () => {
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('a good file saved by Calc in UTF-8, Windows-874 and UTF-16', () => {
  const names = ['good-utf8.csv', 'good-windows-874.csv', 'good-utf16.csv'];

  it('each is validated with the same preview: Thai site names decoded, 3 to update, 2 unchanged', async () => {
    const before = await businessState();
    for (const name of names) {
      const uploaded = await uploadFixture(name);
      expect(uploaded.state, name).toBe('validated');
      expect(uploaded.message, name).toBeNull();
      expect(uploaded.preview, name).toEqual({
        rows: 5,
        create: 0,
        update: 3,
        unchanged: 2,
        errorCount: 0,
        errorRows: 0,
        errors: [],
      });
      expect(uploaded.can.apply).toBe(true);
      expect(uploaded.errorFileId).toBeNull();
    }
    expect(await businessState()).toEqual(before); // validating changes nothing
  });

  it('the UTF-8 file applies; the same rows again from Windows-874 and UTF-16 change nothing', async () => {
    const version = await readDataVersion(t.app.db);
    const first = await uploadFixture('good-utf8.csv');
    const applied = await apply(adminTh, first.jobId);
    expect(applied.statusCode, applied.body).toBe(200);
    expect(job(applied).state).toBe('applied');
    expect(job(applied).result).toEqual({ created: 0, updated: 3, unchanged: 2 });
    expect(await statuses()).toEqual({ ...GOOD, '5990000012': false });
    const afterFirst = await readDataVersion(t.app.db);
    expect(afterFirst).not.toBe(version);
    const { rows: audit } = await t.app.db.query<{ action: string; target: string }>(
      `SELECT action, target FROM audit_log WHERE import_id = $1 ORDER BY action, target`,
      [first.jobId],
    );
    expect(audit).toEqual([
      { action: 'outlet.status.import', target: 'good-utf8.csv' },
      ...['5990000001', '5990000003', '5990000011'].map((target) => ({
        action: 'outlet.status.update',
        target,
      })),
    ]);

    for (const name of ['good-windows-874.csv', 'good-utf16.csv']) {
      const again = await uploadFixture(name);
      expect(again.preview, name).toMatchObject({ update: 0, unchanged: 5, errorCount: 0 });
      const res = await apply(adminTh, again.jobId);
      expect(res.statusCode, res.body).toBe(200);
      expect(job(res).result, name).toEqual({ created: 0, updated: 0, unchanged: 5 });
    }
    expect(await readDataVersion(t.app.db)).toBe(afterFirst);
    expect(await statuses()).toEqual({ ...GOOD, '5990000012': false });
  });

  it('a DT-limited admin gets "outside your distributors" for the other DT’s rows', async () => {
    const uploaded = await uploadFixture('good-utf8.csv', dtLimitedTh);
    expect(uploaded.message).toEqual(importMessage('HAS_ERRORS'));
    expect(errorsOf(uploaded)).toEqual([2, 3, 4, 5].map((row) => expected('OUT_OF_SCOPE', row, 'DT Code')));
  });
});

describe('the rules of spec section 5, each from a Calc file, with the exact messages and row numbers', () => {
  const cases: Array<[file: string, rows: number, errors: ReturnType<typeof expected>[]]> = [
    [
      'bad-status.csv', // 2, online, -1, 1.5
      6,
      [3, 4, 5, 6].map((row) => expected('STATUS_NOT_BINARY', row, 'Status')),
    ],
    [
      'bad-blank.csv', // Calc writes the blank row 4 as ",,,": dropped, still counted
      4,
      [expected('BLANK_VALUE', 3, 'DT Site Code'), expected('BLANK_VALUE', 5, 'Status')],
    ],
    [
      'bad-duplicate.csv',
      5,
      [expected('DUPLICATE_ROW', 4, 'Outlet Code'), expected('DUPLICATE_ROW', 6, 'Outlet Code')],
    ],
    [
      'bad-not-in-portal.csv', // unknown, other DT, other site, other market, "59900""00001"
      6,
      [3, 4, 5, 6, 7].map((row) => expected('NOT_IN_PORTAL', row, 'Outlet Code')),
    ],
    [
      'bad-special.csv', // row 6 has spaces around its values only: trimmed, good
      5,
      [
        expected('SPACES_OR_SPECIAL', 3, 'Outlet Code'),
        expected('SPACES_OR_SPECIAL', 4, 'DT Code'),
        expected('SPACES_OR_SPECIAL', 5, 'DT Site Code'),
      ],
    ],
  ];

  it.each(cases)('%s', async (file, rows, errors) => {
    const before = await businessState();
    const uploaded = await uploadFixture(file);
    expect(uploaded.state).toBe('validated');
    expect(uploaded.message).toEqual(importMessage('HAS_ERRORS'));
    expect(uploaded.preview).toMatchObject({ rows, errorCount: errors.length });
    expect(errorsOf(uploaded)).toEqual(errors);
    expect(uploaded.can.apply).toBe(false);

    const refused = await apply(adminTh, uploaded.jobId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors.shortDescription).toBe(IMPORT_MESSAGES.HAS_ERRORS);

    // The error file: the Calc rows as they were, each failing row with its messages.
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/file/download/${uploaded.errorFileId}?countryCode=th`,
      headers: { customertoken: adminTh },
    });
    expect(res.statusCode).toBe(200);
    const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('DT Code,DT Site Code,Outlet Code,Status,Error');
    for (const e of errors) expect(res.body).toContain(e.message);
    expect(res.body).toContain(S1); // Thai text survives into the error file
    expect(await businessState()).toEqual(before);
  });

  it('a bad last row: nothing can be applied, every table stays as it was', async () => {
    const before = await businessState();
    const uploaded = await uploadFixture('bad-last-row.csv');
    expect(errorsOf(uploaded)).toEqual([expected('STATUS_NOT_BINARY', 6, 'Status')]);
    expect((await apply(adminTh, uploaded.jobId)).statusCode).toBe(409);
    expect(await businessState()).toEqual(before);
  });
});

describe('whole-file messages', () => {
  it.each([
    ['wrong-template.csv', 'INVALID_TEMPLATE'], // Status header renamed
    ['wrong-template-extra-column.csv', 'INVALID_TEMPLATE'], // an Outlet Name column of Thai names
    ['empty-header-only.csv', 'EMPTY_FILE'],
    ['empty-sheet.csv', 'EMPTY_FILE'], // Calc writes a single line break
  ] as const)('%s → %s', async (file, code) => {
    const uploaded = await uploadFixture(file);
    expect(uploaded.state).toBe('rejected');
    expect(uploaded.message).toEqual(importMessage(code));
    expect(uploaded.preview).toBeNull();
    expect(uploaded.can.apply).toBe(false);
  });

  it('"Invalid Template" is the exact text', () => {
    expect(importMessage('INVALID_TEMPLATE').message).toBe('Invalid Template');
  });
});

describe('legacy code pages', () => {
  it('a Windows-874 file in a market without a code page is refused with what to save as', async () => {
    const uploaded = await uploadFixture('good-windows-874.csv', adminId, 'id');
    expect(uploaded.state).toBe('rejected');
    expect(uploaded.message).toEqual(importMessage('UNREADABLE_ENCODING'));
    expect(uploaded.message!.message).toBe(
      'The file could not be read as text. Please save it as "CSV UTF-8 (Comma delimited)" and upload again.',
    );
  });

  it('a bad file saved in Windows-874 and in UTF-16: the same errors and the same UTF-8 error file', async () => {
    const files: Buffer[] = [];
    let first: ReturnType<typeof errorsOf> | undefined;
    for (const name of ['bad-status.csv', 'bad-status-windows-874.csv', 'bad-status-utf16.csv']) {
      const uploaded = await uploadFixture(name);
      first ??= errorsOf(uploaded);
      expect(errorsOf(uploaded), name).toEqual(first);
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/file/download/${uploaded.errorFileId}?countryCode=th`,
        headers: { customertoken: adminTh },
      });
      expect(res.statusCode).toBe(200);
      files.push(res.rawPayload);
    }
    expect(first).toHaveLength(4);
    expect(files[0]!.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(files[0]!.toString('utf8')).toContain(
      `THLO1,${S1},5990000002,2,${IMPORT_MESSAGES.STATUS_NOT_BINARY.replace('{row}', '3')}`,
    );
    expect(files[1]!.equals(files[0]!)).toBe(true);
    expect(files[2]!.equals(files[0]!)).toBe(true);
  });

  it('a Windows-1258 (Vietnamese) file uploaded in th is not read as Thai: refused the same way', async () => {
    const uploaded = await uploadFixture('vn-windows-1258.csv');
    expect(uploaded.state).toBe('rejected');
    expect(uploaded.message).toEqual(importMessage('UNREADABLE_ENCODING'));
  });

  it('a Windows-1258 file read for vn gives the Vietnamese names as the portal stores them (NFC)', async () => {
    // Outlet Status is off in vn (no upload call there), so the reading step is called directly.
    // Calc writes "ẵ" as "ă" + a combining tilde and "ế" as "ê" + a combining acute (Windows-1258 has
    // no precomposed letters with tone marks); the pipeline composes them back.
    const bytes = await fixture('vn-windows-1258.csv');
    const read = await readRows(
      async function* () {
        yield new Uint8Array(bytes);
      },
      outletStatusImport,
      'vn',
    );
    expect(read.message).toBeNull();
    expect(read.errors).toEqual([]);
    expect(read.valid).toEqual([
      { row: 2, value: { dtCode: 'VNLO1', dtSiteCode: 'ĐàNẵng01', outletCode: '4990000001', status: 1 } },
      { row: 3, value: { dtCode: 'VNLO1', dtSiteCode: 'Huế', outletCode: '4990000002', status: 0 } },
      { row: 4, value: { dtCode: 'VNLO2', dtSiteCode: 'HồChíMinh', outletCode: '4990000003', status: 1 } },
    ]);
    for (const { value } of read.valid) expect(value.dtSiteCode).toBe(value.dtSiteCode.normalize('NFC'));
  });

  it('the same, with the file cut into 1-byte chunks (a tone mark arrives apart from its letter)', async () => {
    const bytes = await fixture('vn-windows-1258.csv');
    const read = await readRows(
      async function* () {
        for (const b of bytes) yield new Uint8Array([b]);
      },
      outletStatusImport,
      'vn',
    );
    expect(read.errors).toEqual([]);
    expect(read.valid.map((r) => r.value.dtSiteCode)).toEqual(['ĐàNẵng01', 'Huế', 'HồChíMinh']);
  });
});
