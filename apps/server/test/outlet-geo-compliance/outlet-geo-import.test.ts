/**
 * The Outlet Geo-Compliance bulk update (import kind 'outletGeoCompliance') through the real file calls
 * (file/upload, file/apply, file/download) with the files of docs/samples: every rule and message, the
 * preview, the apply (one audit entry per outlet changed, the data version), the same file twice, a
 * file with errors changing nothing, the 25 MB limit and the template, and scope (a DT-limited admin,
 * th where the flag is off, another market, a non-admin).
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
import { importDefinition } from '../../src/lib/imports/definition.js';
import { outletGeoImport } from '../../src/modules/outlet-geo-compliance/import-definition.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { uploadFile } from '../helpers/upload.js';
import { call, createDtLimitedAdmin, signIn } from '../outlet-status/helpers.js';

const SAMPLES = path.resolve(__dirname, '../../../../docs/samples');
const KIND = 'outletGeoCompliance';
/** What outlet-geo-compliance-good.csv says. */
const GOOD: Record<string, boolean> = {
  '3100000001': false,
  '3100000002': false,
  '3100000003': true,
  '3100000004': true,
};

let t: TestApp;
let dataDir: string;
let adminVn: string;
let adminTh: string;
let adminBd: string;
let tlVn: string;
let dtAdminVn: string;

const sample = (name: string) => readFile(path.join(SAMPLES, name));
const job = (res: { json(): unknown }) => (res.json() as Envelope<ImportJob>)['response-data'];
const upload = (token: string | null, name: string, content: Buffer | string, market = 'vn') =>
  uploadFile(t.app, token, { name, content }, { market, kind: KIND });
const apply = (token: string, jobId: string, market = 'vn') =>
  t.app.inject({
    method: 'POST',
    url: `/api/file/apply?countryCode=${market}&jobId=${jobId}`,
    headers: { customertoken: token },
  });

async function checks(): Promise<Record<string, boolean>> {
  const { rows } = await t.app.db.query<{ outlet_code: string; geo_compliance: boolean }>(
    `SELECT outlet_code, geo_compliance FROM outlets WHERE outlet_code = ANY($1::text[])`,
    [Object.keys(GOOD)],
  );
  return Object.fromEntries(rows.map((r) => [r.outlet_code, r.geo_compliance]));
}
/** Everything an apply could change: every outlet's check, the data version, the audit log. */
async function businessState() {
  const { rows } = await t.app.db.query<{ geo: string; n: number }>(
    `SELECT string_agg(outlet_code || ':' || geo_compliance, ',' ORDER BY outlet_code) AS geo,
            (SELECT count(*)::int FROM audit_log) AS n FROM outlets`,
  );
  return { geo: rows[0]!.geo, audit: rows[0]!.n, version: await readDataVersion(t.app.db) };
}
const expected = (code: ImportMessageCode, row: number, header: string) => ({
  row,
  header,
  code,
  message: IMPORT_MESSAGES[code].replace('{row}', String(row)),
});
const errorsOf = (j: ImportJob) =>
  j.preview!.errors.map((e) => ({ row: e.row, header: e.header, code: e.code, message: e.message }));

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'ff-geo-'));
  t = await createTestApp({ seed: true, config: { DATA_DIR: dataDir, AUTH_RATE_LIMIT_PER_MINUTE: 100_000 } });
  // The sample's outlets start enabled but for 3100000003 (so the good file changes 3 of 4).
  await t.app.db.query(
    `UPDATE outlets SET geo_compliance = (outlet_code <> '3100000003') WHERE outlet_code = ANY($1::text[])`,
    [Object.keys(GOOD)],
  );
  adminVn = await signIn(t.app, 'admin.vn@demo.test', 'vn');
  adminTh = await signIn(t.app, 'admin.th@demo.test', 'th');
  adminBd = await signIn(t.app, 'admin.bd@demo.test', 'bd');
  tlVn = await signIn(t.app, 'tl.vn@demo.test', 'vn');
  dtAdminVn = await signIn(t.app, await createDtLimitedAdmin(t.app, 'vn', ['VNDT002']), 'vn');
}, 120_000);
afterAll(async () => {
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('the outletGeoCompliance import definition', () => {
  it('is registered with the template headers and the 25 MB limit', () => {
    expect(importDefinition(KIND)).toBe(outletGeoImport);
    expect(outletGeoImport.headers).toEqual(['DT Code', 'Outlet Code', 'Geo-Compliance Check']);
    expect(outletGeoImport.maxBytes).toBe(25 * 1024 * 1024);
    expect(outletGeoImport.extensions).toEqual(['.csv']);
  });
});

describe('the good sample', () => {
  it('previews 3 to update and 1 unchanged, then applies: per-outlet audit entries, data version bumped', async () => {
    const before = await businessState();
    const uploaded = job(
      await upload(adminVn, 'outlet-geo-compliance-good.csv', await sample('outlet-geo-compliance-good.csv')),
    );
    expect(uploaded.state).toBe('validated');
    expect(uploaded.preview).toEqual({
      rows: 4,
      create: 0,
      update: 3,
      unchanged: 1,
      errorCount: 0,
      errorRows: 0,
      errors: [],
    });
    expect(uploaded.can.apply).toBe(true);
    expect(await businessState()).toEqual(before); // validating changes nothing

    const res = await apply(adminVn, uploaded.jobId);
    expect(res.statusCode, res.body).toBe(200);
    expect(job(res).state).toBe('applied');
    expect(job(res).result).toEqual({ created: 0, updated: 3, unchanged: 1 });
    expect(await checks()).toEqual(GOOD);
    expect(await readDataVersion(t.app.db)).not.toBe(before.version);
    const { rows: audit } = await t.app.db.query(
      `SELECT action, target, before, after, tool FROM audit_log WHERE import_id = $1 ORDER BY action, target`,
      [uploaded.jobId],
    );
    expect(audit).toEqual([
      {
        action: 'outlet.geo.import',
        target: 'outlet-geo-compliance-good.csv',
        before: null,
        after: expect.anything(),
        tool: KIND,
      },
      ...[
        ['3100000001', 1, 0],
        ['3100000002', 1, 0],
        ['3100000003', 0, 1],
      ].map(([target, was, now]) => ({
        action: 'outlet.geo.update',
        target,
        before: { geoCompliance: was },
        after: { geoCompliance: now },
        tool: KIND,
      })),
    ]);
  });

  it('the same file twice changes nothing: 4 unchanged, no audit entry per outlet, the data version kept', async () => {
    const before = await businessState();
    const again = job(
      await upload(adminVn, 'outlet-geo-compliance-good.csv', await sample('outlet-geo-compliance-good.csv')),
    );
    expect(again.preview).toMatchObject({ update: 0, unchanged: 4, errorCount: 0 });
    const res = await apply(adminVn, again.jobId);
    expect(job(res).result).toEqual({ created: 0, updated: 0, unchanged: 4 });
    const after = await businessState();
    expect(after.geo).toBe(before.geo);
    expect(after.version).toBe(before.version);
    const { rows } = await t.app.db.query(`SELECT action FROM audit_log WHERE import_id = $1`, [again.jobId]);
    expect(rows).toEqual([{ action: 'outlet.geo.import' }]);
  });

  it('a DT-limited admin gets "outside your distributors" for every row of another DT', async () => {
    const uploaded = job(
      await upload(
        dtAdminVn,
        'outlet-geo-compliance-good.csv',
        await sample('outlet-geo-compliance-good.csv'),
      ),
    );
    expect(uploaded.message).toEqual(importMessage('HAS_ERRORS'));
    expect(errorsOf(uploaded)).toEqual([2, 3, 4, 5].map((row) => expected('OUT_OF_SCOPE', row, 'DT Code')));
    expect((await apply(dtAdminVn, uploaded.jobId)).statusCode).toBe(409);
  });
});

describe('the bad sample', () => {
  it('reports every rule with the row, the header and the message; cannot be applied; changes nothing', async () => {
    const before = await businessState();
    const uploaded = job(
      await upload(adminVn, 'outlet-geo-compliance-bad.csv', await sample('outlet-geo-compliance-bad.csv')),
    );
    expect(uploaded.state).toBe('validated');
    expect(uploaded.message).toEqual(importMessage('HAS_ERRORS'));
    expect(uploaded.can.apply).toBe(false);
    const byRow = (a: { row: number; header: string | null }, b: { row: number; header: string | null }) =>
      a.row - b.row || String(a.header).localeCompare(String(b.header));
    expect(errorsOf(uploaded).sort(byRow)).toEqual(
      [
        expected('GEO_CHECK_NOT_BINARY', 2, 'Geo-Compliance Check'),
        expected('BLANK_VALUE', 3, 'Outlet Code'),
        expected('GEO_DUPLICATE_ROW', 5, 'Outlet Code'),
        expected('SPACES_OR_SPECIAL', 6, 'DT Code'),
        expected('SPACES_OR_SPECIAL', 6, 'Outlet Code'),
        expected('NOT_IN_PORTAL', 7, 'Outlet Code'),
        expected('NOT_IN_PORTAL', 8, 'Outlet Code'),
        expected('GEO_CHECK_NOT_BINARY', 9, 'Geo-Compliance Check'),
      ].sort(byRow),
    );
    const res = await apply(adminVn, uploaded.jobId);
    expect(res.statusCode).toBe(409);
    expect(res.json().errors.shortDescription).toBe(IMPORT_MESSAGES.HAS_ERRORS);
    expect(await businessState()).toEqual(before);

    const file = await call(
      t.app,
      adminVn,
      'GET',
      `/api/file/download/${uploaded.errorFileId}?countryCode=vn`,
    );
    expect(file.statusCode).toBe(200);
    const lines = file.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('DT Code,Outlet Code,Geo-Compliance Check,Error');
    expect(lines[1]).toContain('Geo-Compliance Check should be only 1 or 0 in row number 2');
    expect(lines[4]).toContain('Duplicate records for DT Code, Outlet Code in row number 5');
  });

  it('a good file whose last row is bad changes nothing (all or nothing)', async () => {
    const before = await businessState();
    const text =
      'DT Code,Outlet Code,Geo-Compliance Check\nVNDT001,3100000001,1\nVNDT001,3100000002,1\n' +
      'VNDT001,3100000003,0\nVNDT001,3100000004,0\nVNDT001,3100000009,5\n';
    const uploaded = job(await upload(adminVn, 'last-row-bad.csv', text));
    expect(errorsOf(uploaded)).toEqual([expected('GEO_CHECK_NOT_BINARY', 6, 'Geo-Compliance Check')]);
    expect((await apply(adminVn, uploaded.jobId)).statusCode).toBe(409);
    expect(await businessState()).toEqual(before);
  });
});

describe('the file rules', () => {
  it('the template: the outlet-status header is an Invalid Template; an empty file says so', async () => {
    const wrong = job(
      await upload(adminVn, 'wrong.csv', 'DT Code,DT Site Code,Outlet Code,Status\nA,B,1,1\n'),
    );
    expect(wrong.state).toBe('rejected');
    expect(wrong.message).toEqual(importMessage('INVALID_TEMPLATE'));
    const empty = job(await upload(adminVn, 'empty.csv', 'DT Code,Outlet Code,Geo-Compliance Check\n'));
    expect(empty.message?.code).toBe('EMPTY_FILE');
  });

  it('a name with spaces, a .xlsx file, and over 25 MB are refused with the spec messages', async () => {
    const spaces = await upload(adminVn, 'geo file.csv', 'x');
    expect(spaces.statusCode).toBe(400);
    expect(spaces.json().errors.shortDescription).toBe(IMPORT_MESSAGES.NAME_HAS_SPACES);
    const xlsx = await upload(adminVn, 'geo.xlsx', 'x');
    expect(xlsx.json().errors.shortDescription).toBe(IMPORT_MESSAGES.NOT_CSV);
    const header = 'DT Code,Outlet Code,Geo-Compliance Check\n';
    // 20 MB passes the outlet-status 10 MB limit's place: this tool's limit is 25 MB.
    const twenty = Buffer.concat([Buffer.from(header), Buffer.alloc(20 * 1024 * 1024, 'a')]);
    expect((await upload(adminVn, 'twenty.csv', twenty)).statusCode).toBe(200);
    const big = await upload(adminVn, 'big.csv', Buffer.alloc(25 * 1024 * 1024 + 10, 'a'));
    expect(big.statusCode).toBe(413);
    expect(big.json().errors.shortDescription).toBe(IMPORT_MESSAGES.FILE_TOO_LARGE);
  }, 60_000);
});

describe('who may upload', () => {
  it('th (flag off), another market, a non-admin and no token are refused', async () => {
    const good = await sample('outlet-geo-compliance-good.csv');
    expect((await upload(adminTh, 'g.csv', good, 'th')).statusCode).toBe(403);
    expect((await upload(adminBd, 'g.csv', good, 'vn')).statusCode).toBe(403);
    expect((await upload(tlVn, 'g.csv', good)).statusCode).toBe(403);
    expect((await upload(null, 'g.csv', good)).statusCode).toBe(401);
  });
});
