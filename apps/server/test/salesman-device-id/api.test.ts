/**
 * Salesman Device ID routes (issue 12) against the test seed: access (401, 403 for non-admins and for
 * an admin of another market, a DT-limited admin's scope), the list and its search by SM codes or
 * phone numbers (≤ 10, with or without the dial code), Export Device ID, the update and delete of one
 * device ID (audit, conflict, the spec's delete failure message), the market-level validation switch,
 * and the Activity Log; the policy refuses a market whose salesmandeviceid flag is off.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  countryFlags,
  IMPORT_MESSAGES,
  type ActivityEntry,
  type Envelope,
  type SalesmanDeviceChangeResult,
  type SalesmanDevicePage,
  type SalesmanDeviceSettings,
  type TablePage,
} from '@fieldforce/contracts';
import { readDataVersion } from '../../src/db/data-version.js';
import { abilities, can, type MarketSettings } from '../../src/lib/policies/index.js';
import type { AuthUser } from '../../src/lib/policy.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { call, createDtLimitedAdmin, signIn } from '../outlet-status/helpers.js';

let t: TestApp;
let adminVn: string;
let adminTh: string;
let tlVn: string;
let dtAdminVn: string;
let limitedDt: string;

type Sm = { sm_code: string; dt_code: string; phone: string; device_id: string | null };
let vn: Sm[];

const API = '/api/admin/salesmanDeviceId';
const ROUTES = [
  ['GET', `${API}/list`],
  ['GET', `${API}/filterResult`],
  ['GET', `${API}/fileExport`],
  ['GET', `${API}/filters`],
  ['GET', `${API}/settings`],
  ['PUT', `${API}/settings`],
  ['PUT', API],
  ['DELETE', API],
] as const;
const bodyFor = (method: string, url: string) =>
  method !== 'PUT'
    ? undefined
    : url.endsWith('settings')
      ? { validationEnabled: true }
      : { smCode: 'X', deviceId: 'x1' };
const urlFor = (method: string, url: string) => (method === 'DELETE' ? `${url}?smCode=X&` : `${url}?`);

const pageOf = (res: { json(): unknown }) => (res.json() as Envelope<SalesmanDevicePage>)['response-data'];
const data = <T>(res: { json(): unknown }) => (res.json() as Envelope<T>)['response-data'];

async function salesmen(where = `country_code = 'vn'`): Promise<Sm[]> {
  const { rows } = await t.app.db.query<Sm>(
    `SELECT sm_code, dt_code, phone, device_id FROM salesmen WHERE ${where} ORDER BY sm_code`,
  );
  return rows;
}

beforeAll(async () => {
  t = await createTestApp({ seed: true, config: { AUTH_RATE_LIMIT_PER_MINUTE: 100_000 } });
  vn = await salesmen();
  limitedDt = vn[0]!.dt_code;
  adminVn = await signIn(t.app, 'admin.vn@demo.test', 'vn');
  adminTh = await signIn(t.app, 'admin.th@demo.test', 'th');
  tlVn = await signIn(t.app, 'tl.vn@demo.test', 'vn');
  dtAdminVn = await signIn(t.app, await createDtLimitedAdmin(t.app, 'vn', [limitedDt]), 'vn');
});
afterAll(() => t?.close());

describe('access', () => {
  it.each(ROUTES)('%s %s: 401 without a token', async (method, url) => {
    const res = await call(t.app, null, method, `${urlFor(method, url)}countryCode=vn`, bodyFor(method, url));
    expect(res.statusCode).toBe(401);
  });
  it.each(ROUTES)('%s %s: 403 for a user who is not an admin', async (method, url) => {
    const res = await call(t.app, tlVn, method, `${urlFor(method, url)}countryCode=vn`, bodyFor(method, url));
    expect(res.statusCode).toBe(403);
  });
  it.each(ROUTES)('%s %s: 403 for an admin of another market', async (method, url) => {
    const res = await call(
      t.app,
      adminTh,
      method,
      `${urlFor(method, url)}countryCode=vn`,
      bodyFor(method, url),
    );
    expect(res.statusCode).toBe(403);
  });

  it('the policy refuses every action in a market whose salesmandeviceid flag is off', () => {
    const admin = { userType: 'admin', countryCodes: ['vn'], isSuperUser: false } as unknown as AuthUser;
    const on: MarketSettings = { code: 'vn', flags: countryFlags('vn'), outletStatusEmailDomains: [] };
    const off: MarketSettings = { ...on, flags: { ...on.flags, salesmandeviceid: false } };
    expect(abilities(admin, 'salesmanDeviceId', on)).toEqual({
      view: true,
      edit: true,
      upload: true,
      export: true,
    });
    expect(abilities(admin, 'salesmanDeviceId', off)).toEqual({
      view: false,
      edit: false,
      upload: false,
      export: false,
    });
    expect(can(admin, 'upload', 'salesmanDeviceId', off)).toBe(false);
  });
});

describe('the list and its search', () => {
  it('list: every vn salesman with the device ID (null when none), columns and abilities', async () => {
    const res = await call(t.app, adminVn, 'GET', `${API}/list?countryCode=vn&pageSize=200`);
    expect(res.statusCode, res.body).toBe(200);
    const page = pageOf(res);
    expect(page.total).toBe(vn.length);
    expect(page.can).toEqual({ view: true, edit: true, upload: true, export: true });
    expect(page.columns.map((c) => c.key).slice(0, 4)).toEqual(['dtCode', 'smCode', 'phone', 'deviceId']);
    const byCode = new Map(page.rows.map((r) => [r.smCode, r]));
    for (const sm of vn) expect(byCode.get(sm.sm_code)?.deviceId).toBe(sm.device_id);
    expect(page.rows.some((r) => r.deviceId === null)).toBe(true); // the demo data has unmapped salesmen
  });

  it('filterResult by SM codes', async () => {
    const codes = vn.slice(0, 2).map((s) => s.sm_code);
    const page = pageOf(
      await call(
        t.app,
        adminVn,
        'GET',
        `${API}/filterResult?countryCode=vn&filter_sm_code=${codes.join(',')}`,
      ),
    );
    expect(page.rows.map((r) => r.smCode).sort()).toEqual(codes.sort());
  });

  it('filterResult by phone numbers with or without the dial code', async () => {
    const [a, b, c, d] = vn;
    const national = (p: string) => p.replace(/^\+84/, '');
    const typed = [
      a!.phone,
      `0${national(b!.phone)}`,
      national(c!.phone),
      a!.phone.slice(1),
      d!.phone.slice(1),
    ];
    const res = await call(
      t.app,
      adminVn,
      'GET',
      `${API}/filterResult?countryCode=vn&filter_phone_number=${encodeURIComponent(typed.join(','))}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(
      pageOf(res)
        .rows.map((r) => r.smCode)
        .sort(),
    ).toEqual([a, b, c, d].map((s) => s!.sm_code).sort());
  });

  it('refuses more than 10 values, and letters in a phone search (400 naming the field)', async () => {
    const eleven = Array.from({ length: 11 }, (_, i) => `VNSM${i}`).join(',');
    const many = await call(
      t.app,
      adminVn,
      'GET',
      `${API}/filterResult?countryCode=vn&filter_sm_code=${eleven}`,
    );
    expect(many.statusCode).toBe(400);
    expect(many.body).toContain('filter_sm_code');
    const letters = await call(
      t.app,
      adminVn,
      'GET',
      `${API}/filterResult?countryCode=vn&filter_phone_number=abc`,
    );
    expect(letters.statusCode).toBe(400);
    expect(letters.body).toContain('filter_phone_number');
  });

  it('a DT-limited admin sees only the salesmen of their DTs, even when searching others', async () => {
    const page = pageOf(await call(t.app, dtAdminVn, 'GET', `${API}/list?countryCode=vn&pageSize=200`));
    expect(page.total).toBe(vn.filter((s) => s.dt_code === limitedDt).length);
    expect(page.rows.every((r) => r.dtCode === limitedDt)).toBe(true);
    const other = vn.find((s) => s.dt_code !== limitedDt)!;
    const searched = pageOf(
      await call(
        t.app,
        dtAdminVn,
        'GET',
        `${API}/filterResult?countryCode=vn&filter_sm_code=${other.sm_code}`,
      ),
    );
    expect(searched.total).toBe(0);
  });
});

describe('Export Device ID', () => {
  it('streams a CSV of the filtered salesmen, in English or Vietnamese headers', async () => {
    const res = await call(t.app, adminVn, 'GET', `${API}/fileExport?countryCode=vn`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    expect(res.headers['content-disposition']).toContain('salesman-device-id_vn.csv');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]!.startsWith('DT Code,SM Code,Phone number,Device ID')).toBe(true);
    expect(lines.length - 1).toBe(vn.length);
    const vi = await call(t.app, adminVn, 'GET', `${API}/fileExport?countryCode=vn&lang=vi`);
    expect(vi.body.replace(/^\uFEFF/, '').split('\r\n')[0]).toMatch(
      /^Mã NPP,Mã NVBH,Số điện thoại,Mã thiết bị/,
    );
  });
});

describe('update and delete one device ID', () => {
  it('maps a new device ID: audit entry, data version, the row as it now is; the same again changes nothing', async () => {
    const sm = vn[1]!;
    const version = await readDataVersion(t.app.db);
    const res = await call(t.app, adminVn, 'PUT', `${API}?countryCode=vn`, {
      smCode: sm.sm_code,
      deviceId: 'new-device-01',
    });
    expect(res.statusCode, res.body).toBe(200);
    const result = data<SalesmanDeviceChangeResult>(res);
    expect(result.changed).toBe(true);
    expect(result.row).toMatchObject({
      smCode: sm.sm_code,
      deviceId: 'new-device-01',
      updatedByName: expect.any(String),
    });
    expect(await readDataVersion(t.app.db)).not.toBe(version);
    const { rows: audit } = await t.app.db.query(
      `SELECT action, target, before, after FROM audit_log WHERE tool = 'salesmanDeviceId' AND target = $1`,
      [sm.sm_code],
    );
    expect(audit).toEqual([
      {
        action: 'salesman.device.update',
        target: sm.sm_code,
        before: { deviceId: sm.device_id },
        after: { deviceId: 'new-device-01' },
      },
    ]);
    const again = await call(t.app, adminVn, 'PUT', `${API}?countryCode=vn`, {
      smCode: sm.sm_code,
      deviceId: 'new-device-01',
    });
    expect(data<SalesmanDeviceChangeResult>(again).changed).toBe(false);
  });

  it('answers the saved row for a salesman whose code holds a symbol (SM-01), not a search-rule 400', async () => {
    const sm = vn[2]!;
    await t.app.db.query(`UPDATE salesmen SET sm_code = 'VN-SM-01' WHERE sm_code = $1`, [sm.sm_code]);
    try {
      const res = await call(t.app, adminVn, 'PUT', `${API}?countryCode=vn`, {
        smCode: 'VN-SM-01',
        deviceId: 'symbol-device-01',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(data<SalesmanDeviceChangeResult>(res).row).toMatchObject({
        smCode: 'VN-SM-01',
        deviceId: 'symbol-device-01',
      });
    } finally {
      await t.app.db.query(`UPDATE salesmen SET sm_code = $1, device_id = $2 WHERE sm_code = 'VN-SM-01'`, [
        sm.sm_code,
        sm.device_id,
      ]);
    }
  });

  it('refuses a device ID mapped to another salesman (409 naming them) and a bad device ID (400)', async () => {
    const [a, b] = vn.filter((s) => s.device_id !== null && s.sm_code !== vn[1]!.sm_code);
    const res = await call(t.app, adminVn, 'PUT', `${API}?countryCode=vn`, {
      smCode: a!.sm_code,
      deviceId: b!.device_id,
    });
    expect(res.statusCode).toBe(409);
    expect(res.body).toContain(b!.sm_code);
    const bad = await call(t.app, adminVn, 'PUT', `${API}?countryCode=vn`, {
      smCode: a!.sm_code,
      deviceId: 'has space',
    });
    expect(bad.statusCode).toBe(400);
    expect((await salesmen(`sm_code = '${a!.sm_code}'`))[0]!.device_id).toBe(a!.device_id);
  });

  it('deletes a mapped device ID (audit); a salesman outside the caller’s DTs gets the spec’s failure message', async () => {
    const sm = vn.find((s) => s.device_id !== null && s.dt_code !== limitedDt)!;
    const refused = await call(t.app, dtAdminVn, 'DELETE', `${API}?countryCode=vn&smCode=${sm.sm_code}`);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().errors.shortDescription).toBe(IMPORT_MESSAGES.DEVICE_DELETE_FAILED);
    expect(IMPORT_MESSAGES.DEVICE_DELETE_FAILED).toBe(
      'Device ID cannot be deleted due to error. Please try again',
    );

    const res = await call(t.app, adminVn, 'DELETE', `${API}?countryCode=vn&smCode=${sm.sm_code}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(data<SalesmanDeviceChangeResult>(res)).toMatchObject({ changed: true, row: { deviceId: null } });
    const { rows } = await t.app.db.query(
      `SELECT action, before, after FROM audit_log WHERE tool = 'salesmanDeviceId' AND target = $1`,
      [sm.sm_code],
    );
    expect(rows).toEqual([
      { action: 'salesman.device.delete', before: { deviceId: sm.device_id }, after: { deviceId: null } },
    ]);
  });

  it('a DT-limited admin cannot update a salesman of another DT (404), only their own', async () => {
    const other = vn.find((s) => s.dt_code !== limitedDt)!;
    const res = await call(t.app, dtAdminVn, 'PUT', `${API}?countryCode=vn`, {
      smCode: other.sm_code,
      deviceId: 'dt-limited-1',
    });
    expect(res.statusCode).toBe(404);
    const own = vn.find((s) => s.dt_code === limitedDt)!;
    const ok = await call(t.app, dtAdminVn, 'PUT', `${API}?countryCode=vn`, {
      smCode: own.sm_code,
      deviceId: 'dt-limited-2',
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });
});

describe('the market-level SM Device ID validation', () => {
  it('reads, disables and enables it with an audit entry each time it changes', async () => {
    const before = data<SalesmanDeviceSettings>(
      await call(t.app, adminVn, 'GET', `${API}/settings?countryCode=vn`),
    );
    expect(before).toMatchObject({ validationEnabled: true, dialCode: '+84' });
    const off = await call(t.app, adminVn, 'PUT', `${API}/settings?countryCode=vn`, {
      validationEnabled: false,
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(data<SalesmanDeviceSettings>(off)).toMatchObject({
      validationEnabled: false,
      updatedByName: expect.any(String),
    });
    const same = await call(t.app, adminVn, 'PUT', `${API}/settings?countryCode=vn`, {
      validationEnabled: false,
    });
    expect(same.statusCode).toBe(200);
    await call(t.app, adminVn, 'PUT', `${API}/settings?countryCode=vn`, { validationEnabled: true });
    const { rows } = await t.app.db.query(
      `SELECT action, target, before, after FROM audit_log WHERE tool = 'salesmanDeviceId' AND action = 'salesman.validation.update' ORDER BY at`,
    );
    expect(rows).toEqual([
      {
        action: 'salesman.validation.update',
        target: null,
        before: { validationEnabled: true },
        after: { validationEnabled: false },
      },
      {
        action: 'salesman.validation.update',
        target: null,
        before: { validationEnabled: false },
        after: { validationEnabled: true },
      },
    ]);
    // Only vn changed.
    const { rows: th } = await t.app.db.query<{ v: boolean }>(
      `SELECT sm_device_id_validation AS v FROM countries WHERE code = 'th'`,
    );
    expect(th[0]!.v).toBe(true);
  });

  it('a DT-limited admin may read it but not switch it for the whole market', async () => {
    expect((await call(t.app, dtAdminVn, 'GET', `${API}/settings?countryCode=vn`)).statusCode).toBe(200);
    const res = await call(t.app, dtAdminVn, 'PUT', `${API}/settings?countryCode=vn`, {
      validationEnabled: false,
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('Activity Log', () => {
  it('shows the tool’s changes, newest first', async () => {
    const res = await call(
      t.app,
      adminVn,
      'GET',
      `/api/admin/activityLog?countryCode=vn&tool=salesmanDeviceId`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const page = data<TablePage<ActivityEntry>>(res);
    const actions = page.rows.map((r) => r.action);
    expect(actions).toContain('salesman.device.update');
    expect(actions).toContain('salesman.device.delete');
    expect(actions).toContain('salesman.validation.update');
  });
});
