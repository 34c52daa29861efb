/**
 * The device-ID CSV (issue 12; spec sections 5, 8, 9) through the real file calls (file/upload, apply,
 * download) on a real database: every rule and its message with the row named, a device ID already
 * mapped to another salesman, all-or-nothing, the same file twice, the uploader's scope, and the
 * set-based apply with one audit entry per salesman.
 */
import { readFileSync } from 'node:fs';
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
import { salesmanDeviceImport } from '../../src/modules/salesman-device-id/import-definition.js';
import { buildDistributor, buildSalesman } from '../factories.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { uploadFile } from '../helpers/upload.js';
import { createDtLimitedAdmin, signIn } from '../outlet-status/helpers.js';

let t: TestApp;
let adminVn: string;
let adminTh: string;
let tlVn: string;
let dtLimitedVn: string;

const HEADER = 'DT Code,SM Code,Phone number,Device ID';
/** The salesmen this file builds in vn: code → [DT, phone, device]. */
const SALESMEN: Record<string, [dt: string, phone: string, device: string | null]> = {
  VNDSM1: ['VNDV1', '+84901110001', 'dev-a1'],
  VNDSM2: ['VNDV1', '+84901110002', 'dev-a2'],
  VNDSM3: ['VNDV1', '+84901110003', null],
  VNDSM4: ['VNDV2', '+84901110004', 'dev-b4'],
};

function upload(token: string, name: string, content: string | Buffer, market = 'vn') {
  return uploadFile(t.app, token, { name, content }, { market, kind: 'salesmanDeviceId' });
}
const job = (res: { json(): unknown }) => (res.json() as Envelope<ImportJob>)['response-data'];
async function uploaded(content: string | Buffer, token = adminVn, name = 'devices.csv'): Promise<ImportJob> {
  const res = await upload(token, name, content);
  expect(res.statusCode, res.body).toBe(200);
  return job(res);
}
const apply = (token: string, jobId: string, market = 'vn') =>
  t.app.inject({
    method: 'POST',
    url: `/api/file/apply?countryCode=${market}&jobId=${jobId}`,
    headers: { customertoken: token },
  });
const csv = (...rows: string[]) => [HEADER, ...rows].join('\r\n') + '\r\n';

async function devices(): Promise<Record<string, string | null>> {
  const { rows } = await t.app.db.query<{ sm_code: string; device_id: string | null }>(
    `SELECT sm_code, device_id FROM salesmen WHERE sm_code LIKE 'VNDSM%' ORDER BY sm_code`,
  );
  return Object.fromEntries(rows.map((r) => [r.sm_code, r.device_id]));
}
async function businessState() {
  const { rows } = await t.app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_log');
  return { devices: await devices(), version: await readDataVersion(t.app.db), audit: rows[0]!.n };
}
const errorsOf = (j: ImportJob) =>
  j.preview!.errors.map((e) => ({ row: e.row, header: e.header, code: e.code, message: e.message }));
const expected = (
  code: ImportMessageCode,
  row: number,
  header: string,
  params: Record<string, string | number> = {},
) => ({ row, header, code, message: importMessage(code, { row, ...params }).message });

async function resetDevices() {
  for (const [sm, [, , device]] of Object.entries(SALESMEN))
    await t.app.db.query('UPDATE salesmen SET device_id = $2 WHERE sm_code = $1', [sm, device]);
}

beforeAll(async () => {
  t = await createTestApp({ seed: true, config: { AUTH_RATE_LIMIT_PER_MINUTE: 100_000 } });
  const dv1 = await buildDistributor(t.app.db, { countryCode: 'vn', dtCode: 'VNDV1', dtSiteCode: 'VNDV1S1' });
  const dv2 = await buildDistributor(t.app.db, { countryCode: 'vn', dtCode: 'VNDV2', dtSiteCode: 'VNDV2S1' });
  for (const [smCode, [dt, phone]] of Object.entries(SALESMEN)) {
    const site = dt === 'VNDV1' ? dv1 : dv2;
    await buildSalesman(t.app.db, {
      countryCode: 'vn',
      smCode,
      phone,
      dtCode: site.dtCode,
      dtSiteCode: site.dtSiteCode,
    });
  }
  await resetDevices();
  adminVn = await signIn(t.app, 'admin.vn@demo.test', 'vn');
  adminTh = await signIn(t.app, 'admin.th@demo.test', 'th');
  tlVn = await signIn(t.app, 'tl.vn@demo.test', 'vn');
  dtLimitedVn = await signIn(t.app, await createDtLimitedAdmin(t.app, 'vn', ['VNDV2']), 'vn');
}, 120_000);
afterAll(() => t?.close());

describe('the salesmanDeviceId import definition', () => {
  it('is registered with the template, the 50 MB limit and the no-spaces rule', () => {
    expect(importDefinition('salesmanDeviceId')).toBe(salesmanDeviceImport);
    expect(salesmanDeviceImport.headers).toEqual(['DT Code', 'SM Code', 'Phone number', 'Device ID']);
    expect(salesmanDeviceImport.maxBytes).toBe(50 * 1024 * 1024);
    expect(salesmanDeviceImport.noSpacesInName).toBe(true);
    expect(salesmanDeviceImport.extensions).toEqual(['.csv']);
  });
});

describe('a good file', () => {
  const good = csv(
    'VNDV1,VNDSM1,+84901110001,dev-new-1', // new device, phone with dial code
    'VNDV1,VNDSM2,0901110002,dev-a2', // unchanged, phone with the trunk 0
    'VNDV1,VNDSM3,,dev-new-3', // no device before, no phone given
    'VNDV2,VNDSM4,84901110004,dev-new-4', // phone with the dial code without +
  );

  it('validates with its preview and changes nothing until applied', async () => {
    await resetDevices();
    const before = await businessState();
    const j = await uploaded(good);
    expect(j.state).toBe('validated');
    expect(j.message).toBeNull();
    expect(j.preview).toEqual({
      rows: 4,
      create: 0,
      update: 3,
      unchanged: 1,
      errorCount: 0,
      errorRows: 0,
      errors: [],
    });
    expect(j.can.apply).toBe(true);
    expect(await businessState()).toEqual(before);
  });

  it('applies: the devices, one audit entry per salesman changed, the data version; twice changes nothing', async () => {
    await resetDevices();
    const version = await readDataVersion(t.app.db);
    const first = await uploaded(good);
    const res = await apply(adminVn, first.jobId);
    expect(res.statusCode, res.body).toBe(200);
    expect(job(res).result).toEqual({ created: 0, updated: 3, unchanged: 1 });
    expect(await devices()).toEqual({
      VNDSM1: 'dev-new-1',
      VNDSM2: 'dev-a2',
      VNDSM3: 'dev-new-3',
      VNDSM4: 'dev-new-4',
    });
    const { rows: audit } = await t.app.db.query<{
      action: string;
      target: string;
      before: unknown;
      after: unknown;
    }>(`SELECT action, target, before, after FROM audit_log WHERE import_id = $1 ORDER BY action, target`, [
      first.jobId,
    ]);
    expect(audit).toEqual([
      { action: 'salesman.device.import', target: 'devices.csv', before: null, after: expect.anything() },
      {
        action: 'salesman.device.update',
        target: 'VNDSM1',
        before: { deviceId: 'dev-a1' },
        after: { deviceId: 'dev-new-1' },
      },
      {
        action: 'salesman.device.update',
        target: 'VNDSM3',
        before: { deviceId: null },
        after: { deviceId: 'dev-new-3' },
      },
      {
        action: 'salesman.device.update',
        target: 'VNDSM4',
        before: { deviceId: 'dev-b4' },
        after: { deviceId: 'dev-new-4' },
      },
    ]);
    const afterFirst = await readDataVersion(t.app.db);
    expect(afterFirst).not.toBe(version);
    const { rows: stamped } = await t.app.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM salesmen WHERE sm_code IN ('VNDSM1','VNDSM3','VNDSM4') AND device_id_updated_at IS NOT NULL`,
    );
    expect(stamped[0]!.n).toBe(3);

    const again = await uploaded(good);
    expect(again.preview).toMatchObject({ update: 0, unchanged: 4, errorCount: 0 });
    const second = await apply(adminVn, again.jobId);
    expect(job(second).result).toEqual({ created: 0, updated: 0, unchanged: 4 });
    expect(await readDataVersion(t.app.db)).toBe(afterFirst);
  });
});

describe('every rule, from a file, with the exact message and the row named', () => {
  const cases: Array<[name: string, content: string, errors: ReturnType<typeof expected>[]]> = [
    [
      'blank and special codes',
      csv(',VNDSM1,,dev-x1', 'VNDV1, ,,dev-x2', 'VNDV1,#VNDSM2,,dev-x3', 'VNDV1,VNDSM 3,,dev-x4'),
      [
        expected('BLANK_VALUE', 2, 'DT Code'),
        expected('BLANK_VALUE', 3, 'SM Code'),
        expected('SPACES_OR_SPECIAL', 4, 'SM Code'),
        expected('SPACES_OR_SPECIAL', 5, 'SM Code'),
      ],
    ],
    [
      'a new device ID is required, in the device ID format',
      csv('VNDV1,VNDSM1,,', 'VNDV1,VNDSM2,,bad device', 'VNDV1,VNDSM3,,' + 'x'.repeat(65)),
      [
        expected('DEVICE_ID_REQUIRED', 2, 'Device ID'),
        expected('DEVICE_ID_INVALID', 3, 'Device ID'),
        expected('DEVICE_ID_INVALID', 4, 'Device ID'),
      ],
    ],
    [
      'the phone number: digits with or without the dial code, and the salesman’s own',
      csv(
        'VNDV1,VNDSM1,call me,dev-x1',
        'VNDV1,VNDSM2,+84901110009,dev-x2',
        'VNDV1,VNDSM3,+66901110003,dev-x3',
      ),
      [
        expected('PHONE_INVALID', 2, 'Phone number'),
        expected('PHONE_MISMATCH', 3, 'Phone number'),
        expected('PHONE_MISMATCH', 4, 'Phone number'),
      ],
    ],
    [
      'an SM code once',
      csv('VNDV1,VNDSM1,,dev-x1', 'VNDV1,VNDSM2,,dev-x2', 'VNDV1,VNDSM1,,dev-x3'),
      [expected('SM_DUPLICATE_ROW', 4, 'SM Code')],
    ],
    [
      'one device ID for one salesman within the file, naming the first row',
      csv('VNDV1,VNDSM1,,dev-same', 'VNDV1,VNDSM2,,dev-x2', 'VNDV1,VNDSM3,,dev-same'),
      [expected('DEVICE_ID_IN_FILE_TWICE', 4, 'Device ID', { other: 2 })],
    ],
    [
      'a device ID already mapped to another salesman',
      csv('VNDV1,VNDSM1,,dev-a1', 'VNDV1,VNDSM3,,dev-a2'),
      [expected('DEVICE_ID_TAKEN', 3, 'Device ID', { smCode: 'VNDSM2' })],
    ],
    [
      'not in the portal: unknown SM, another DT, another market',
      csv('VNDV1,VNDSM9,,dev-x1', 'VNDV2,VNDSM1,,dev-x2', `THDT001,${'THSM00001'},,dev-x3`),
      [
        expected('NOT_IN_PORTAL', 2, 'SM Code'),
        expected('NOT_IN_PORTAL', 3, 'SM Code'),
        expected('NOT_IN_PORTAL', 4, 'SM Code'),
      ],
    ],
  ];

  it.each(cases)('%s', async (_name, content, errors) => {
    await resetDevices();
    const before = await businessState();
    const j = await uploaded(content);
    expect(j.state).toBe('validated');
    expect(j.message).toEqual(importMessage('HAS_ERRORS'));
    expect(errorsOf(j)).toEqual(errors);
    expect(j.can.apply).toBe(false);
    const refused = await apply(adminVn, j.jobId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors.shortDescription).toBe(IMPORT_MESSAGES.HAS_ERRORS);
    expect(await businessState()).toEqual(before);
  });

  it('a device ID held by a salesman of another market is refused without naming them', async () => {
    await resetDevices();
    const { rows } = await t.app.db.query<{ device_id: string }>(
      `SELECT device_id FROM salesmen WHERE country_code = 'th' AND device_id IS NOT NULL LIMIT 1`,
    );
    const j = await uploaded(csv(`VNDV1,VNDSM1,,${rows[0]!.device_id}`));
    expect(errorsOf(j)).toEqual([
      expected('DEVICE_ID_TAKEN', 2, 'Device ID', { smCode: 'not one of your salesmen' }),
    ]);
  });

  it('the error file holds the original rows with an Error column', async () => {
    const j = await uploaded(csv('VNDV1,VNDSM1,,dev-x1', 'VNDV1,VNDSM2,,=cmd'));
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/file/download/${j.errorFileId}?countryCode=vn`,
      headers: { customertoken: adminVn },
    });
    expect(res.statusCode).toBe(200);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe(`${HEADER},Error`);
    expect(lines[1]).toBe('VNDV1,VNDSM1,,dev-x1,');
    expect(lines[2]).toContain(IMPORT_MESSAGES.DEVICE_ID_INVALID.replace('{row}', '3'));
    expect(lines[2]).not.toMatch(/,=cmd/); // formula-neutralised
  });
});

describe('all or nothing', () => {
  it('a bad last row leaves every salesman as it was; the file cannot be applied', async () => {
    await resetDevices();
    const before = await businessState();
    const j = await uploaded(csv('VNDV1,VNDSM1,,dev-ok-1', 'VNDV1,VNDSM2,,dev-ok-2', 'VNDV1,VNDSM3,,'));
    expect(j.preview).toMatchObject({ rows: 3, errorCount: 1 });
    expect((await apply(adminVn, j.jobId)).statusCode).toBe(409);
    expect(await businessState()).toEqual(before);
  });
});

describe('scope', () => {
  it('an admin limited to VNDV2 gets the VNDV1 rows refused as outside their distributors', async () => {
    await resetDevices();
    const j = await uploaded(csv('VNDV1,VNDSM1,,dev-x1', 'VNDV2,VNDSM4,,dev-x4'), dtLimitedVn);
    expect(errorsOf(j)).toEqual([expected('SALESMAN_OUT_OF_SCOPE', 2, 'DT Code')]);
  });

  it('a user who is not an admin, and an admin of another market, cannot upload (403)', async () => {
    const content = csv('VNDV1,VNDSM1,,dev-x1');
    expect((await upload(tlVn, 'devices.csv', content)).statusCode).toBe(403);
    expect((await upload(adminTh, 'devices.csv', content)).statusCode).toBe(403);
  });

  it('the 50 MB limit: over it refused before reading (413), a file over Outlet Status’s 10 MB is read', async () => {
    const big = await upload(adminVn, 'big.csv', Buffer.alloc(50 * 1024 * 1024 + 10, 'a'));
    expect(big.statusCode).toBe(413);
    expect(big.json().errors.shortDescription).toBe(IMPORT_MESSAGES.FILE_TOO_LARGE);
    const twelve = await uploaded(Buffer.alloc(12 * 1024 * 1024, 'a'), adminVn, 'twelve.csv');
    expect(twelve.message?.code).toBe('INVALID_TEMPLATE');
  });

  it('a file of the wrong template, with spaces in its name, or not a CSV is refused with the spec’s words', async () => {
    const wrong = await uploaded('DT Code,SM Code,Device ID\r\nVNDV1,VNDSM1,dev-x1\r\n');
    expect(wrong.message).toEqual(importMessage('INVALID_TEMPLATE'));
    const spaced = await upload(adminVn, 'my devices.csv', csv('VNDV1,VNDSM1,,dev-x1'));
    expect(spaced.statusCode).toBe(400);
    expect(spaced.body).toContain(IMPORT_MESSAGES.NAME_HAS_SPACES);
    const xlsx = await upload(adminVn, 'devices.xlsx', csv('VNDV1,VNDSM1,,dev-x1'));
    expect(xlsx.statusCode).toBe(400);
    expect(xlsx.body).toContain(IMPORT_MESSAGES.NOT_CSV);
  });
});

describe('docs/samples (vn of the test seed)', () => {
  const sample = (name: string) =>
    readFileSync(new URL(`../../../../docs/samples/${name}`, import.meta.url), 'utf8');

  it('the good file validates without errors: 3 to update, 1 unchanged', async () => {
    const j = await uploaded(sample('salesman-device-id-good.csv'), adminVn, 'salesman-device-id-good.csv');
    expect(j.preview).toEqual({
      rows: 4,
      create: 0,
      update: 3,
      unchanged: 1,
      errorCount: 0,
      errorRows: 0,
      errors: [],
    });
  });

  it('the bad file trips every rule, each row named', async () => {
    const j = await uploaded(sample('salesman-device-id-bad.csv'), adminVn, 'salesman-device-id-bad.csv');
    expect(errorsOf(j).map((e) => [e.row, e.code])).toEqual([
      [2, 'DEVICE_ID_REQUIRED'],
      [3, 'PHONE_INVALID'],
      [3, 'DEVICE_ID_INVALID'],
      [4, 'DEVICE_ID_TAKEN'],
      [6, 'DEVICE_ID_IN_FILE_TWICE'],
      [7, 'SM_DUPLICATE_ROW'],
      [8, 'NOT_IN_PORTAL'],
      [9, 'NOT_IN_PORTAL'],
      [10, 'PHONE_MISMATCH'],
      [11, 'SPACES_OR_SPECIAL'],
    ]);
    // Row 3 has two errors: the preview counts errors and the rows that have them apart.
    expect(j.preview).toMatchObject({ rows: 10, errorCount: 10, errorRows: 9 });
    expect(errorsOf(j).find((e) => e.row === 4)!.message).toBe(
      'Device ID in row number 4 is already mapped to another salesman (VNSM00002)',
    );
  });
});
