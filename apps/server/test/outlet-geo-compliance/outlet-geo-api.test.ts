/**
 * Outlet Geo-Compliance routes (issue 12) against the test seed, over real HTTP (app.inject): access
 * (401; 403 for a non-admin, for th where the flag is off, for another market), DT scope, filters,
 * the export, the save of the changed list (one transaction, all or nothing naming the refused outlets,
 * an audit entry per outlet, the data version) and the Activity Log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  IMPORT_MESSAGES,
  OUTLET_GEO_API,
  type ActivityEntry,
  type Envelope,
  type OutletGeoFilters,
  type OutletGeoPage,
  type TablePage,
} from '@fieldforce/contracts';
import { readDataVersion } from '../../src/db/data-version.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { call, createDtLimitedAdmin, signIn } from '../outlet-status/helpers.js';

let t: TestApp;
let adminVn: string;
let adminTh: string;
let adminBd: string;
let tlVn: string;
let dtAdminVn: string;

const ROUTES = [
  ['GET', `${OUTLET_GEO_API}/list`],
  ['GET', `${OUTLET_GEO_API}/filterResult`],
  ['GET', `${OUTLET_GEO_API}/fileExport`],
  ['GET', `${OUTLET_GEO_API}/filters`],
  ['PUT', OUTLET_GEO_API],
] as const;
const someChange = { changes: [{ outletCode: '3100000001', dtCode: 'VNDT001', geoCompliance: 0 }] };

type Outlet = { outlet_code: string; dt_code: string; geo_compliance: boolean };
async function outlets(where: string, params: unknown[] = []): Promise<Outlet[]> {
  const { rows } = await t.app.db.query<Outlet>(
    `SELECT outlet_code, dt_code, geo_compliance FROM outlets WHERE ${where} ORDER BY outlet_code`,
    params,
  );
  return rows;
}
const dataOf = <T>(res: { json(): unknown }) => (res.json() as Envelope<T>)['response-data'];
const auditCount = async () =>
  (await t.app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_log')).rows[0]!.n;

beforeAll(async () => {
  t = await createTestApp({ seed: true, config: { AUTH_RATE_LIMIT_PER_MINUTE: 100_000 } });
  adminVn = await signIn(t.app, 'admin.vn@demo.test', 'vn');
  adminTh = await signIn(t.app, 'admin.th@demo.test', 'th');
  adminBd = await signIn(t.app, 'admin.bd@demo.test', 'bd');
  tlVn = await signIn(t.app, 'tl.vn@demo.test', 'vn');
  dtAdminVn = await signIn(t.app, await createDtLimitedAdmin(t.app, 'vn', ['VNDT002']), 'vn');
}, 120_000);
afterAll(() => t?.close());

const send = (token: string | null, method: string, url: string, market = 'vn') =>
  call(
    t.app,
    token,
    method as 'GET',
    `${url}${url.includes('?') ? '&' : '?'}countryCode=${market}`,
    method === 'PUT' ? someChange : undefined,
  );

describe('access', () => {
  it.each(ROUTES)('%s %s: 401 without a token', async (method, url) => {
    expect((await send(null, method, url)).statusCode).toBe(401);
  });

  it.each(ROUTES)('%s %s: 403 for a user who is not an admin', async (method, url) => {
    expect((await send(tlVn, method, url)).statusCode).toBe(403);
  });

  it.each(ROUTES)('%s %s: 403 in th (flag off), saying so', async (method, url) => {
    const res = await send(adminTh, method, url, 'th');
    expect(res.statusCode).toBe(403);
    expect((res.json() as Envelope<null>).errors?.shortDescription).toMatch(
      /Outlet Geo-Compliance is not available in Thailand/,
    );
  });

  it.each(ROUTES)('%s %s: a bd admin cannot act on vn (403)', async (method, url) => {
    expect((await send(adminBd, method, url, 'vn')).statusCode).toBe(403);
  });

  it('nothing changed by the refused saves', async () => {
    expect((await outlets(`outlet_code = '3100000001'`))[0]!.geo_compliance).toBe(true);
  });
});

describe('the list', () => {
  it('every vn outlet with its check as 1/0, and what the caller may do', async () => {
    const res = await send(adminVn, 'GET', `${OUTLET_GEO_API}/list?pageSize=200`);
    expect(res.statusCode, res.body).toBe(200);
    const page = dataOf<OutletGeoPage>(res);
    const all = await outlets(`country_code = 'vn'`);
    expect(page.total).toBe(all.length);
    expect(page.can).toEqual({ view: true, edit: true, upload: true, export: true });
    const byCode = new Map(page.rows.map((r) => [r.outletCode, r]));
    for (const o of all) expect(byCode.get(o.outlet_code)?.geoCompliance).toBe(o.geo_compliance ? 1 : 0);
    expect(page.columns.slice(0, 3).map((c) => c.header.en)).toEqual([
      'DT Code',
      'Outlet Code',
      'Geo-Compliance Check',
    ]);
  });

  it('filters: outlet codes (at most 10), the check, DT', async () => {
    const off = await outlets(`country_code = 'vn' AND NOT geo_compliance`);
    expect(off.length).toBeGreaterThan(0);
    const res = await send(
      adminVn,
      'GET',
      `${OUTLET_GEO_API}/filterResult?filter_geo_compliance=0&pageSize=200`,
    );
    expect(
      dataOf<OutletGeoPage>(res)
        .rows.map((r) => r.outletCode)
        .sort(),
    ).toEqual(off.map((o) => o.outlet_code));

    const codes = ['3100000001', '3100000002'];
    const some = await send(
      adminVn,
      'GET',
      `${OUTLET_GEO_API}/filterResult?filter_outlet_code=${codes.join(',')}`,
    );
    expect(dataOf<OutletGeoPage>(some).rows.map((r) => r.outletCode)).toEqual(codes);

    const eleven = Array.from({ length: 11 }, (_, i) => String(3100000001 + i)).join(',');
    const tooMany = await send(adminVn, 'GET', `${OUTLET_GEO_API}/filterResult?filter_outlet_code=${eleven}`);
    expect(tooMany.statusCode).toBe(400);

    const dt = await send(
      adminVn,
      'GET',
      `${OUTLET_GEO_API}/filterResult?filter_dt_code=VNDT002&pageSize=200`,
    );
    expect(new Set(dataOf<OutletGeoPage>(dt).rows.map((r) => r.dtCode))).toEqual(new Set(['VNDT002']));
  });

  it('a DT-limited admin sees only their DT, in the list and in the filter options', async () => {
    const page = dataOf<OutletGeoPage>(await send(dtAdminVn, 'GET', `${OUTLET_GEO_API}/list?pageSize=200`));
    expect(page.total).toBe((await outlets(`country_code = 'vn' AND dt_code = 'VNDT002'`)).length);
    expect(new Set(page.rows.map((r) => r.dtCode))).toEqual(new Set(['VNDT002']));
    const filters = dataOf<OutletGeoFilters>(await send(dtAdminVn, 'GET', `${OUTLET_GEO_API}/filters`));
    expect(filters.dtCodes.map((d) => d.code)).toEqual(['VNDT002']);
    expect(filters.dtSiteCodes.every((s) => s.dtCode === 'VNDT002')).toBe(true);
  });

  it('Export Outlets: a CSV whose first three headers are the template’s', async () => {
    const res = await send(adminVn, 'GET', `${OUTLET_GEO_API}/fileExport?filter_outlet_code=3100000001`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/outlet-geo-compliance_vn\.csv/);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]!.startsWith('DT Code,Outlet Code,Geo-Compliance Check,')).toBe(true);
    expect(lines).toHaveLength(2);
    expect(lines[1]!.startsWith('VNDT001,3100000001,1,')).toBe(true);
  });
});

describe('saving the changed list', () => {
  const put = (token: string, changes: unknown[]) =>
    call(t.app, token, 'PUT', `${OUTLET_GEO_API}?countryCode=vn`, { changes });

  it('saves every change in one transaction: an audit entry per outlet changed, the data version bumped', async () => {
    const [a, b] = (await outlets(`country_code = 'vn' AND dt_code = 'VNDT001' AND geo_compliance`)).slice(
      0,
      2,
    );
    const version = await readDataVersion(t.app.db);
    const res = await put(adminVn, [
      { outletCode: a!.outlet_code, dtCode: 'VNDT001', geoCompliance: 0 },
      { outletCode: b!.outlet_code, dtCode: 'VNDT001', geoCompliance: 1 }, // already 1: unchanged
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(dataOf(res)).toEqual({ updated: 1, unchanged: 1 });
    expect((await outlets(`outlet_code = $1`, [a!.outlet_code]))[0]!.geo_compliance).toBe(false);
    expect(await readDataVersion(t.app.db)).not.toBe(version);
    const { rows } = await t.app.db.query(
      `SELECT action, target, before, after, tool FROM audit_log WHERE tool = 'outletGeoCompliance'`,
    );
    expect(rows).toEqual([
      {
        action: 'outlet.geo.update',
        target: a!.outlet_code,
        before: { geoCompliance: 1 },
        after: { geoCompliance: 0 },
        tool: 'outletGeoCompliance',
      },
    ]);
    // The list shows the last change and who made it.
    const row = dataOf<OutletGeoPage>(
      await send(adminVn, 'GET', `${OUTLET_GEO_API}/filterResult?filter_outlet_code=${a!.outlet_code}`),
    ).rows[0]!;
    expect(row.geoCompliance).toBe(0);
    expect(row.updatedAt).not.toBeNull();
    expect(row.updatedByName).toBeTruthy();
  });

  it('nothing changed: no audit entry, the data version kept', async () => {
    const [a] = (await outlets(`country_code = 'vn' AND geo_compliance`)).slice(0, 1);
    const version = await readDataVersion(t.app.db);
    const audit = await auditCount();
    const res = await put(adminVn, [{ outletCode: a!.outlet_code, dtCode: a!.dt_code, geoCompliance: 1 }]);
    expect(dataOf(res)).toEqual({ updated: 0, unchanged: 1 });
    expect(await readDataVersion(t.app.db)).toBe(version);
    expect(await auditCount()).toBe(audit);
  });

  it('all or nothing: an outlet outside the caller’s DTs refuses the whole list, naming it', async () => {
    const [mine] = (await outlets(`country_code = 'vn' AND dt_code = 'VNDT002' AND geo_compliance`)).slice(
      0,
      1,
    );
    const [theirs] = (await outlets(`country_code = 'vn' AND dt_code = 'VNDT001' AND geo_compliance`)).slice(
      0,
      1,
    );
    const audit = await auditCount();
    const version = await readDataVersion(t.app.db);
    const res = await put(dtAdminVn, [
      { outletCode: mine!.outlet_code, dtCode: 'VNDT002', geoCompliance: 0 },
      { outletCode: theirs!.outlet_code, dtCode: 'VNDT001', geoCompliance: 0 },
    ]);
    expect(res.statusCode).toBe(400);
    const errors = (res.json() as Envelope<null>).errors!;
    expect(errors.shortDescription).toBe(IMPORT_MESSAGES.STATUS_SAVE_FAILED);
    expect(errors.fields).toEqual([
      {
        field: 'body.changes.1',
        message: `Outlet ${theirs!.outlet_code} of DT VNDT001 is outside your distributors.`,
      },
    ]);
    expect((await outlets(`outlet_code = $1`, [mine!.outlet_code]))[0]!.geo_compliance).toBe(true);
    expect(await auditCount()).toBe(audit);
    expect(await readDataVersion(t.app.db)).toBe(version);
  });

  it('all or nothing: an unknown outlet, an outlet under another DT, another market’s outlet', async () => {
    const [good] = (await outlets(`country_code = 'vn' AND dt_code = 'VNDT001' AND geo_compliance`)).slice(
      0,
      1,
    );
    const [bd] = (await outlets(`country_code = 'bd'`)).slice(0, 1);
    const res = await put(adminVn, [
      { outletCode: good!.outlet_code, dtCode: 'VNDT001', geoCompliance: 0 },
      { outletCode: '3199999999', dtCode: 'VNDT001', geoCompliance: 0 },
      {
        outletCode: good!.outlet_code === '3100000001' ? '3100000002' : '3100000001',
        dtCode: 'VNDT002',
        geoCompliance: 0,
      },
      { outletCode: bd!.outlet_code, dtCode: bd!.dt_code, geoCompliance: 0 },
    ]);
    expect(res.statusCode).toBe(400);
    const fields = (res.json() as Envelope<null>).errors!.fields!;
    expect(fields.map((f) => f.field)).toEqual(['body.changes.1', 'body.changes.2', 'body.changes.3']);
    expect(fields[0]!.message).toBe('Outlet 3199999999 is not one of the market’s outlets under DT VNDT001.');
    expect((await outlets(`outlet_code = $1`, [good!.outlet_code]))[0]!.geo_compliance).toBe(true);
  });

  it('an outlet twice in the list: 400', async () => {
    const change = { outletCode: '3100000005', dtCode: 'VNDT001', geoCompliance: 0 };
    const res = await put(adminVn, [change, change]);
    expect(res.statusCode).toBe(400);
  });
});

describe('the Activity Log', () => {
  it('lists the saves of this tool, in words the web can show', async () => {
    const res = await call(
      t.app,
      adminVn,
      'GET',
      '/api/admin/activityLog?countryCode=vn&tool=outletGeoCompliance',
    );
    expect(res.statusCode, res.body).toBe(200);
    const page = dataOf<TablePage<ActivityEntry>>(res);
    expect(page.rows.length).toBeGreaterThan(0);
    expect(page.rows.every((r) => r.action === 'outlet.geo.update')).toBe(true);
    expect(page.rows[0]!.before).toEqual({ geoCompliance: 1 });
  });
});
