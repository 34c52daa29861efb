/**
 * Device Geo-Compliance (issue 12) against the test seed: access (401, 403 for non-admins and another
 * market's admin), the list and its filters, the export, the single edit (audit, bounds, scope), the
 * bulk update from real files through the file calls (every rule with its message and row, all or
 * nothing, the same file twice, the uploader's scope, the docs/samples files), and the Activity Log.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  importMessage,
  type ActivityEntry,
  type DeviceGeoPage,
  type Envelope,
  type ImportJob,
  type ImportMessageCode,
  type SaveDeviceGeoResult,
  type TablePage,
} from '@fieldforce/contracts';
import { readDataVersion } from '../../src/db/data-version.js';
import { importDefinition } from '../../src/lib/imports/definition.js';
import { deviceGeoImport } from '../../src/modules/device-geo-compliance/import-definition.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { uploadFile } from '../helpers/upload.js';
import { call, createDtLimitedAdmin, signIn } from '../outlet-status/helpers.js';

let t: TestApp;
let adminVn: string;
let adminTh: string;
let tlVn: string;
let dtAdminVn: string;

type Sm = { sm_code: string; dt_code: string; device_id: string | null; req: boolean; radius: number };
let vn: Sm[];

const API = '/api/admin/deviceGeoCompliance';
const HEADER = 'DT Code,SM Code,Device ID,Geo-Compliance Check,Radius (m)';
const csv = (...rows: string[]) => [HEADER, ...rows].join('\r\n') + '\r\n';
const data = <T>(res: { json(): unknown }) => (res.json() as Envelope<T>)['response-data'];

async function salesmen(): Promise<Sm[]> {
  const { rows } = await t.app.db.query<Sm>(
    `SELECT sm_code, dt_code, device_id, geo_fence_required AS req, geo_fence_radius_m AS radius
     FROM salesmen WHERE country_code = 'vn' ORDER BY sm_code`,
  );
  return rows;
}
async function restore() {
  for (const s of vn) {
    await t.app.db.query(
      'UPDATE salesmen SET geo_fence_required = $2, geo_fence_radius_m = $3 WHERE sm_code = $1',
      [s.sm_code, s.req, s.radius],
    );
  }
}
async function uploaded(content: string, token = adminVn, name = 'geo.csv'): Promise<ImportJob> {
  const res = await uploadFile(
    t.app,
    token,
    { name, content },
    { market: 'vn', kind: 'deviceGeoCompliance' },
  );
  expect(res.statusCode, res.body).toBe(200);
  return data<ImportJob>(res);
}
const apply = (jobId: string, token = adminVn) =>
  t.app.inject({
    method: 'POST',
    url: `/api/file/apply?countryCode=vn&jobId=${jobId}`,
    headers: { customertoken: token },
  });
const errorsOf = (j: ImportJob) => j.preview!.errors.map((e) => [e.row, e.header, e.code, e.message]);
const expected = (
  code: ImportMessageCode,
  row: number,
  header: string,
  params: Record<string, number> = {},
) => [row, header, code, importMessage(code, { row, ...params }).message];

beforeAll(async () => {
  t = await createTestApp({ seed: true, config: { AUTH_RATE_LIMIT_PER_MINUTE: 100_000 } });
  vn = await salesmen();
  adminVn = await signIn(t.app, 'admin.vn@demo.test', 'vn');
  adminTh = await signIn(t.app, 'admin.th@demo.test', 'th');
  tlVn = await signIn(t.app, 'tl.vn@demo.test', 'vn');
  dtAdminVn = await signIn(t.app, await createDtLimitedAdmin(t.app, 'vn', ['VNDT002']), 'vn');
}, 120_000);
afterAll(() => t?.close());

describe('access', () => {
  const routes = [
    ['GET', `${API}/list`],
    ['GET', `${API}/filterResult`],
    ['GET', `${API}/fileExport`],
    ['GET', `${API}/filters`],
    ['PUT', API],
  ] as const;
  const body = (m: string) =>
    m === 'PUT' ? { smCode: 'VNSM00001', geoCompliance: 1, radiusM: 100 } : undefined;
  it.each(routes)(
    '%s %s: 401 without a token, 403 for a non-admin and another market’s admin',
    async (m, url) => {
      expect((await call(t.app, null, m, `${url}?countryCode=vn`, body(m))).statusCode).toBe(401);
      expect((await call(t.app, tlVn, m, `${url}?countryCode=vn`, body(m))).statusCode).toBe(403);
      expect((await call(t.app, adminTh, m, `${url}?countryCode=vn`, body(m))).statusCode).toBe(403);
    },
  );
});

describe('the list, its filters and the export', () => {
  it('lists every vn salesman device with its check and radius', async () => {
    const res = await call(t.app, adminVn, 'GET', `${API}/list?countryCode=vn&pageSize=200`);
    expect(res.statusCode, res.body).toBe(200);
    const page = data<DeviceGeoPage>(res);
    expect(page.total).toBe(vn.length);
    for (const s of vn) {
      expect(page.rows.find((r) => r.smCode === s.sm_code)).toMatchObject({
        deviceId: s.device_id,
        geoCompliance: s.req ? 1 : 0,
        radiusM: s.radius,
      });
    }
    // The demo data: some devices not required, different radii.
    expect(new Set(page.rows.map((r) => r.geoCompliance)).size).toBe(2);
    expect(new Set(page.rows.map((r) => r.radiusM)).size).toBeGreaterThan(1);
  });

  it('filters by the check, by SM codes; a DT-limited admin sees only their DT', async () => {
    const off = data<DeviceGeoPage>(
      await call(t.app, adminVn, 'GET', `${API}/filterResult?countryCode=vn&filter_geo_compliance=0`),
    );
    expect(off.total).toBe(vn.filter((s) => !s.req).length);
    const two = data<DeviceGeoPage>(
      await call(
        t.app,
        adminVn,
        'GET',
        `${API}/filterResult?countryCode=vn&filter_sm_code=VNSM00001,VNSM00002`,
      ),
    );
    expect(two.rows.map((r) => r.smCode).sort()).toEqual(['VNSM00001', 'VNSM00002']);
    const limited = data<DeviceGeoPage>(
      await call(t.app, dtAdminVn, 'GET', `${API}/list?countryCode=vn&pageSize=200`),
    );
    expect(limited.rows.every((r) => r.dtCode === 'VNDT002')).toBe(true);
    expect(limited.total).toBe(vn.filter((s) => s.dt_code === 'VNDT002').length);
  });

  it('exports a CSV with the template columns first', async () => {
    const res = await call(t.app, adminVn, 'GET', `${API}/fileExport?countryCode=vn`);
    expect(res.statusCode).toBe(200);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]!.startsWith('DT Code,SM Code,Device ID,Geo-Compliance Check,Radius (m)')).toBe(true);
    expect(lines).toHaveLength(vn.length + 1);
  });
});

describe('the single edit', () => {
  it('saves the check and radius with an audit entry; the same again changes nothing', async () => {
    const version = await readDataVersion(t.app.db);
    const res = await call(t.app, adminVn, 'PUT', `${API}?countryCode=vn`, {
      smCode: 'VNSM00002',
      geoCompliance: 0,
      radiusM: 420,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(data<SaveDeviceGeoResult>(res)).toMatchObject({
      changed: true,
      row: { smCode: 'VNSM00002', geoCompliance: 0, radiusM: 420 },
    });
    expect(await readDataVersion(t.app.db)).not.toBe(version);
    const before = vn.find((s) => s.sm_code === 'VNSM00002')!;
    const { rows } = await t.app.db.query(
      `SELECT action, before, after FROM audit_log WHERE tool = 'deviceGeoCompliance' AND target = 'VNSM00002'`,
    );
    expect(rows).toEqual([
      {
        action: 'device.geo.update',
        before: { geoCompliance: before.req ? 1 : 0, radiusM: before.radius },
        after: { geoCompliance: 0, radiusM: 420 },
      },
    ]);
    const again = await call(t.app, adminVn, 'PUT', `${API}?countryCode=vn`, {
      smCode: 'VNSM00002',
      geoCompliance: 0,
      radiusM: 420,
    });
    expect(data<SaveDeviceGeoResult>(again).changed).toBe(false);
    await restore();
  });

  it('refuses a radius outside 10 to 5000 m (400) and a salesman outside the caller’s DTs (404)', async () => {
    for (const radiusM of [9, 5001, 50.5]) {
      const res = await call(t.app, adminVn, 'PUT', `${API}?countryCode=vn`, {
        smCode: 'VNSM00001',
        geoCompliance: 1,
        radiusM,
      });
      expect(res.statusCode).toBe(400);
    }
    const other = vn.find((s) => s.dt_code !== 'VNDT002')!;
    const res = await call(t.app, dtAdminVn, 'PUT', `${API}?countryCode=vn`, {
      smCode: other.sm_code,
      geoCompliance: 1,
      radiusM: 100,
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('the bulk update', () => {
  it('is registered with its template and the 25 MB limit', () => {
    expect(importDefinition('deviceGeoCompliance')).toBe(deviceGeoImport);
    expect(deviceGeoImport.headers).toEqual([
      'DT Code',
      'SM Code',
      'Device ID',
      'Geo-Compliance Check',
      'Radius (m)',
    ]);
    expect(deviceGeoImport.maxBytes).toBe(25 * 1024 * 1024);
  });

  it('the good sample: previewed, applied with an audit entry per salesman, the same file again changes nothing', async () => {
    await restore();
    const good = readFileSync(
      new URL('../../../../docs/samples/device-geo-compliance-good.csv', import.meta.url),
      'utf8',
    );
    const j = await uploaded(good, adminVn, 'device-geo-compliance-good.csv');
    expect(j.preview).toEqual({
      rows: 4,
      create: 0,
      update: 2,
      unchanged: 2,
      errorCount: 0,
      errorRows: 0,
      errors: [],
    });
    const res = await apply(j.jobId);
    expect(res.statusCode, res.body).toBe(200);
    expect(data<ImportJob>(res).result).toEqual({ created: 0, updated: 2, unchanged: 2 });
    const now = await salesmen();
    expect(now.find((s) => s.sm_code === 'VNSM00002')).toMatchObject({ req: false, radius: 100 });
    expect(now.find((s) => s.sm_code === 'VNSM00003')).toMatchObject({ req: true, radius: 250 });
    const { rows } = await t.app.db.query<{ target: string }>(
      `SELECT target FROM audit_log WHERE import_id = $1 AND action = 'device.geo.update' ORDER BY target`,
      [j.jobId],
    );
    expect(rows.map((r) => r.target)).toEqual(['VNSM00002', 'VNSM00003']);
    const again = await uploaded(good, adminVn, 'device-geo-compliance-good.csv');
    expect(data<ImportJob>(await apply(again.jobId)).result).toEqual({
      created: 0,
      updated: 0,
      unchanged: 4,
    });
    await restore();
  });

  it('the bad sample: every rule with its message and row; nothing can be applied', async () => {
    const bad = readFileSync(
      new URL('../../../../docs/samples/device-geo-compliance-bad.csv', import.meta.url),
      'utf8',
    );
    const before = await salesmen();
    const j = await uploaded(bad, adminVn, 'device-geo-compliance-bad.csv');
    expect(errorsOf(j)).toEqual([
      expected('GEO_CHECK_NOT_BINARY', 2, 'Geo-Compliance Check'),
      expected('RADIUS_INVALID', 3, 'Radius (m)', { min: 10, max: 5000 }),
      expected('RADIUS_INVALID', 4, 'Radius (m)', { min: 10, max: 5000 }),
      expected('BLANK_VALUE', 5, 'Geo-Compliance Check'),
      expected('DEVICE_MISMATCH', 6, 'Device ID'),
      expected('SM_DUPLICATE_ROW', 7, 'SM Code'),
      expected('NOT_IN_PORTAL', 8, 'SM Code'),
      expected('NOT_IN_PORTAL', 9, 'SM Code'),
      expected('DEVICE_ID_INVALID', 10, 'Device ID'),
      expected('BLANK_VALUE', 11, 'DT Code'),
    ]);
    expect((await apply(j.jobId)).statusCode).toBe(409);
    expect(await salesmen()).toEqual(before);
  });

  it('all or nothing: good rows and one bad last row change nothing', async () => {
    const before = await salesmen();
    const j = await uploaded(csv('VNDT001,VNSM00001,,0,60', 'VNDT001,VNSM00002,,1,'));
    expect(j.preview).toMatchObject({ rows: 2, errorCount: 1 });
    expect((await apply(j.jobId)).statusCode).toBe(409);
    expect(await salesmen()).toEqual(before);
  });

  it('a DT-limited admin gets the other DT’s rows refused as outside their distributors', async () => {
    const j = await uploaded(csv('VNDT001,VNSM00001,,1,75', 'VNDT002,VNSM00003,,1,300'), dtAdminVn);
    expect(errorsOf(j)).toEqual([expected('SALESMAN_OUT_OF_SCOPE', 2, 'DT Code')]);
  });
});

describe('Activity Log', () => {
  it('shows the single edit and the file', async () => {
    const res = await call(
      t.app,
      adminVn,
      'GET',
      `/api/admin/activityLog?countryCode=vn&tool=deviceGeoCompliance`,
    );
    expect(res.statusCode).toBe(200);
    const actions = data<TablePage<ActivityEntry>>(res).rows.map((r) => r.action);
    expect(actions).toContain('device.geo.update');
    expect(actions).toContain('device.geo.import');
  });
});
