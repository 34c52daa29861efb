/**
 * Outlet Status Online/Offline routes (issue 11) against the test seed: access (401, 403 for
 * non-admins, for vn whose OfflineApp flag is off, for another market), DT scope, filters (≤ 10
 * values), the save (one transaction, audit per outlet, data version) and the export's headers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope, OutletStatusFilters, OutletStatusPage } from '@fieldforce/contracts';
import { IMPORT_MESSAGES } from '@fieldforce/contracts';
import { readDataVersion } from '../../src/db/data-version.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { call, createDtLimitedAdmin, signIn } from './helpers.js';

let t: TestApp;
let adminTh: string;
let adminVn: string;
let tlTh: string;
let dtAdminTh: string;
let thDts: string[];
let limitedDt: string;

const ROUTES = [
  ['GET', '/api/admin/getSalesmanDetails'],
  ['GET', '/api/admin/filterResult'],
  ['GET', '/api/admin/fileExport'],
  ['GET', '/api/admin/outletStatus/filters'],
  ['PUT', '/api/admin/outletStatus'],
] as const;
const someChange = { changes: [{ outletCode: 'X1', dtCode: 'X', dtSiteCode: 'X', status: 0 }] };

type Outlet = { outlet_code: string; dt_code: string; dt_site_code: string; is_online: boolean };
async function outlets(where: string, params: unknown[] = []): Promise<Outlet[]> {
  const { rows } = await t.app.db.query<Outlet>(
    `SELECT outlet_code, dt_code, dt_site_code, is_online FROM outlets WHERE ${where} ORDER BY outlet_code`,
    params,
  );
  return rows;
}
const pageOf = (res: { json(): unknown }) => (res.json() as Envelope<OutletStatusPage>)['response-data'];

beforeAll(async () => {
  t = await createTestApp({ seed: true, config: { AUTH_RATE_LIMIT_PER_MINUTE: 100_000 } });
  const { rows } = await t.app.db.query<{ dt_code: string }>(
    `SELECT DISTINCT dt_code FROM outlets WHERE country_code = 'th' ORDER BY dt_code`,
  );
  thDts = rows.map((r) => r.dt_code);
  limitedDt = thDts[0]!;
  adminTh = await signIn(t.app, 'admin.th@demo.test', 'th');
  adminVn = await signIn(t.app, 'admin.vn@demo.test', 'vn');
  tlTh = await signIn(t.app, 'tl.th@demo.test', 'th');
  dtAdminTh = await signIn(t.app, await createDtLimitedAdmin(t.app, 'th', [limitedDt]), 'th');
});
afterAll(() => t?.close());

describe('access', () => {
  it.each(ROUTES)('%s %s: 401 without a token', async (method, url) => {
    const res = await call(
      t.app,
      null,
      method,
      `${url}?countryCode=th`,
      method === 'PUT' ? someChange : undefined,
    );
    expect(res.statusCode).toBe(401);
  });

  it.each(ROUTES)('%s %s: 403 for a user who is not an admin', async (method, url) => {
    const res = await call(
      t.app,
      tlTh,
      method,
      `${url}?countryCode=th`,
      method === 'PUT' ? someChange : undefined,
    );
    expect(res.statusCode).toBe(403);
  });

  it.each(ROUTES)('%s %s: 403 in vn (OfflineApp off), saying so', async (method, url) => {
    const res = await call(
      t.app,
      adminVn,
      method,
      `${url}?countryCode=vn`,
      method === 'PUT' ? someChange : undefined,
    );
    expect(res.statusCode).toBe(403);
    expect((res.json() as Envelope<null>).errors?.shortDescription).toMatch(/offline app is not enabled/);
  });

  it.each(ROUTES)('%s %s: a vn admin cannot act on th (403)', async (method, url) => {
    const res = await call(
      t.app,
      adminVn,
      method,
      `${url}?countryCode=th`,
      method === 'PUT' ? someChange : undefined,
    );
    expect(res.statusCode).toBe(403);
  });
});

describe('the email-domain rule', () => {
  it("refuses an admin whose email domain is not one of the market's allowed domains", async () => {
    await t.app.db.query(
      `UPDATE countries SET outlet_status_email_domains = ARRAY['example.com'] WHERE code = 'th'`,
    );
    try {
      for (const [method, url] of ROUTES) {
        const res = await call(
          t.app,
          adminTh,
          method,
          `${url}?countryCode=th`,
          method === 'PUT' ? someChange : undefined,
        );
        expect(res.statusCode, url).toBe(403);
        expect((res.json() as Envelope<null>).errors?.shortDescription).toMatch(/email domain/);
      }
      await t.app.db.query(
        `UPDATE countries SET outlet_status_email_domains = ARRAY['Demo.Test'] WHERE code = 'th'`,
      );
      const res = await call(
        t.app,
        adminTh,
        'GET',
        '/api/admin/getSalesmanDetails?countryCode=th&pageSize=1',
      );
      expect(res.statusCode).toBe(200);
    } finally {
      await t.app.db.query(
        `UPDATE countries SET outlet_status_email_domains = ARRAY['demo.test'] WHERE code = 'th'`,
      );
    }
  });
});

describe('the list', () => {
  it('getSalesmanDetails: the first page of every th outlet, with columns and abilities', async () => {
    const res = await call(t.app, adminTh, 'GET', '/api/admin/getSalesmanDetails?countryCode=th&pageSize=5');
    expect(res.statusCode).toBe(200);
    const page = pageOf(res);
    const all = await outlets(`country_code = 'th'`);
    expect(page.total).toBe(all.length);
    expect(page.rows).toHaveLength(5);
    expect(page.can).toEqual({ view: true, edit: true, upload: true, export: true });
    expect(page.columns.map((c) => c.key).slice(0, 4)).toEqual([
      'dtCode',
      'dtSiteCode',
      'outletCode',
      'status',
    ]);
    const known = new Map(all.map((o) => [o.outlet_code, o]));
    for (const row of page.rows) {
      expect(row.status).toBe(known.get(row.outletCode)!.is_online ? 1 : 0);
      expect(row.dtCode).toBe(known.get(row.outletCode)!.dt_code);
    }
  });

  it('getSalesmanDetails ignores filters; filterResult applies them (DT, site, outlet codes, tenantCode)', async () => {
    const [first] = await outlets(`country_code = 'th' AND dt_code = $1`, [thDts[1]]);
    const all = await call(
      t.app,
      adminTh,
      'GET',
      `/api/admin/getSalesmanDetails?countryCode=th&filter_dt_code=${thDts[1]}`,
    );
    expect(pageOf(all).total).toBe((await outlets(`country_code = 'th'`)).length);

    const byDt = pageOf(
      await call(t.app, adminTh, 'GET', `/api/admin/filterResult?countryCode=th&filter_dt_code=${thDts[1]}`),
    );
    expect(byDt.total).toBe((await outlets(`dt_code = $1`, [thDts[1]])).length);
    expect(new Set(byDt.rows.map((r) => r.dtCode))).toEqual(new Set([thDts[1]]));

    const bySite = pageOf(
      await call(
        t.app,
        adminTh,
        'GET',
        `/api/admin/filterResult?countryCode=th&filter_dt_site_code=${first!.dt_site_code}`,
      ),
    );
    expect(bySite.total).toBe((await outlets(`dt_site_code = $1`, [first!.dt_site_code])).length);

    const byOutlet = pageOf(
      await call(
        t.app,
        adminTh,
        'GET',
        `/api/admin/filterResult?countryCode=th&filter_outlet_code=${first!.outlet_code}`,
      ),
    );
    expect(byOutlet.rows.map((r) => r.outletCode)).toEqual([first!.outlet_code]);

    const tenant = pageOf(
      await call(
        t.app,
        adminTh,
        'GET',
        `/api/admin/filterResult?countryCode=th&tenantCode=${thDts[0]}&filter_outlet_code=${first!.outlet_code}`,
      ),
    );
    expect(tenant.total).toBe(0); // the outlet is under another DT
  });

  it.each(['filter_dt_code', 'filter_dt_site_code', 'filter_outlet_code'])(
    'filterResult: at most 10 values in %s (400 naming the field past that)',
    async (field) => {
      const ten = Array.from({ length: 10 }, (_, i) => `A${i}`).join(',');
      expect(
        (await call(t.app, adminTh, 'GET', `/api/admin/filterResult?countryCode=th&${field}=${ten}`))
          .statusCode,
      ).toBe(200);
      const res = await call(
        t.app,
        adminTh,
        'GET',
        `/api/admin/filterResult?countryCode=th&${field}=${ten},A10`,
      );
      expect(res.statusCode).toBe(400);
      const body = res.json() as Envelope<null>;
      expect(body.errors?.fields?.[0]?.field).toBe(`querystring.${field}`);
      expect(body.errors?.shortDescription).toContain('10');
    },
  );

  it('a DT-limited admin sees only the outlets and filter options of their DTs', async () => {
    const page = pageOf(
      await call(t.app, dtAdminTh, 'GET', '/api/admin/getSalesmanDetails?countryCode=th&pageSize=200'),
    );
    expect(page.total).toBe((await outlets(`dt_code = $1`, [limitedDt])).length);
    expect(new Set(page.rows.map((r) => r.dtCode))).toEqual(new Set([limitedDt]));
    const other = pageOf(
      await call(
        t.app,
        dtAdminTh,
        'GET',
        `/api/admin/filterResult?countryCode=th&filter_dt_code=${thDts[1]}`,
      ),
    );
    expect(other.total).toBe(0);
    const filters = (
      (
        await call(t.app, dtAdminTh, 'GET', '/api/admin/outletStatus/filters?countryCode=th')
      ).json() as Envelope<OutletStatusFilters>
    )['response-data'];
    expect(filters.dtCodes.map((d) => d.code)).toEqual([limitedDt]);
    expect(new Set(filters.dtSiteCodes.map((s) => s.dtCode))).toEqual(new Set([limitedDt]));
  });

  it('filters: every DT and site of the market for an admin of all DTs', async () => {
    const res = await call(t.app, adminTh, 'GET', '/api/admin/outletStatus/filters?countryCode=th');
    expect(res.statusCode).toBe(200);
    const filters = (res.json() as Envelope<OutletStatusFilters>)['response-data'];
    const { rows } = await t.app.db.query<{ dt_code: string }>(
      `SELECT dt_code FROM distributors WHERE country_code = 'th' ORDER BY dt_code`,
    );
    expect(filters.dtCodes.map((d) => d.code)).toEqual(rows.map((r) => r.dt_code));
    expect(filters.dtSiteCodes.length).toBeGreaterThan(0);
  });
});

describe('the save', () => {
  it('saves the changed-status list in one transaction, audits each changed outlet and bumps the data version', async () => {
    const [a, b] = await outlets(`country_code = 'th' AND dt_code = $1`, [thDts[1]]);
    const before = await readDataVersion(t.app.db);
    const res = await call(t.app, adminTh, 'PUT', '/api/admin/outletStatus?countryCode=th', {
      changes: [
        {
          outletCode: a!.outlet_code,
          dtCode: a!.dt_code,
          dtSiteCode: a!.dt_site_code,
          status: a!.is_online ? 0 : 1,
        },
        {
          outletCode: b!.outlet_code,
          dtCode: b!.dt_code,
          dtSiteCode: b!.dt_site_code,
          status: b!.is_online ? 1 : 0,
        },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect((res.json() as Envelope<unknown>)['response-data']).toEqual({ updated: 1, unchanged: 1 });
    expect((await outlets(`outlet_code = $1`, [a!.outlet_code]))[0]!.is_online).toBe(!a!.is_online);
    expect(await readDataVersion(t.app.db)).not.toBe(before);

    const { rows: audit } = await t.app.db.query<{
      action: string;
      target: string;
      before: unknown;
      after: unknown;
      tool: string;
      market: string;
    }>(`SELECT action, target, before, after, tool, market FROM audit_log WHERE tool = 'outletStatus'`);
    expect(audit).toEqual([
      {
        action: 'outlet.status.update',
        target: a!.outlet_code,
        before: { status: a!.is_online ? 1 : 0 },
        after: { status: a!.is_online ? 0 : 1 },
        tool: 'outletStatus',
        market: 'th',
      },
    ]);

    // The list shows who changed it and when.
    const page = pageOf(
      await call(
        t.app,
        adminTh,
        'GET',
        `/api/admin/filterResult?countryCode=th&filter_outlet_code=${a!.outlet_code}`,
      ),
    );
    expect(page.rows[0]!.status).toBe(a!.is_online ? 0 : 1);
    expect(page.rows[0]!.updatedByName).toBeTruthy();
    expect(page.rows[0]!.updatedAt).toMatch(/^\d{4}-\d\d-\d\dT/);

    // Saving the same list again changes nothing.
    const again = await call(t.app, adminTh, 'PUT', '/api/admin/outletStatus?countryCode=th', {
      changes: [
        {
          outletCode: a!.outlet_code,
          dtCode: a!.dt_code,
          dtSiteCode: a!.dt_site_code,
          status: a!.is_online ? 0 : 1,
        },
      ],
    });
    expect((again.json() as Envelope<unknown>)['response-data']).toEqual({ updated: 0, unchanged: 1 });
  });

  it('all or nothing: one change naming no outlet of the caller leaves every outlet as it was', async () => {
    const [a, b] = await outlets(`country_code = 'th' AND dt_code = $1`, [thDts[2] ?? thDts[1]]);
    const [vnOutlet] = await outlets(`country_code = 'vn'`);
    const auditBefore = (await t.app.db.query(`SELECT 1 FROM audit_log`)).rows.length;
    for (const bad of [
      { outletCode: 'NO-SUCH-OUTLET', dtCode: a!.dt_code, dtSiteCode: a!.dt_site_code, status: 0 as const },
      {
        outletCode: vnOutlet!.outlet_code,
        dtCode: vnOutlet!.dt_code,
        dtSiteCode: vnOutlet!.dt_site_code,
        status: 0 as const,
      },
      { outletCode: b!.outlet_code, dtCode: b!.dt_code, dtSiteCode: 'WRONGSITE', status: 0 as const },
    ]) {
      const res = await call(t.app, adminTh, 'PUT', '/api/admin/outletStatus?countryCode=th', {
        changes: [
          {
            outletCode: a!.outlet_code,
            dtCode: a!.dt_code,
            dtSiteCode: a!.dt_site_code,
            status: a!.is_online ? 0 : 1,
          },
          bad,
        ],
      });
      expect(res.statusCode).toBe(400);
      const errors = (res.json() as Envelope<null>).errors;
      expect(errors?.shortDescription).toBe(IMPORT_MESSAGES.STATUS_SAVE_FAILED);
      // The refused row is named by its place in the list, as every changed-list save does.
      expect(errors?.fields?.map((f) => f.field)).toEqual(['body.changes.1']);
    }
    expect((await outlets(`outlet_code = $1`, [a!.outlet_code]))[0]!.is_online).toBe(a!.is_online);
    expect((await t.app.db.query(`SELECT 1 FROM audit_log`)).rows.length).toBe(auditBefore);
  });

  it('a DT-limited admin cannot change an outlet of another DT', async () => {
    const [other] = await outlets(`country_code = 'th' AND dt_code = $1`, [thDts[1]]);
    const [mine] = await outlets(`dt_code = $1`, [limitedDt]);
    const res = await call(t.app, dtAdminTh, 'PUT', '/api/admin/outletStatus?countryCode=th', {
      changes: [
        {
          outletCode: other!.outlet_code,
          dtCode: other!.dt_code,
          dtSiteCode: other!.dt_site_code,
          status: other!.is_online ? 0 : 1,
        },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect((await outlets(`outlet_code = $1`, [other!.outlet_code]))[0]!.is_online).toBe(other!.is_online);
    const own = await call(t.app, dtAdminTh, 'PUT', '/api/admin/outletStatus?countryCode=th', {
      changes: [
        {
          outletCode: mine!.outlet_code,
          dtCode: mine!.dt_code,
          dtSiteCode: mine!.dt_site_code,
          status: mine!.is_online ? 0 : 1,
        },
      ],
    });
    expect(own.statusCode).toBe(200);
  });

  it('refuses the same outlet twice in one list, and an empty list (400)', async () => {
    const [a] = await outlets(`country_code = 'th'`);
    const change = { outletCode: a!.outlet_code, dtCode: a!.dt_code, dtSiteCode: a!.dt_site_code, status: 1 };
    expect(
      (
        await call(t.app, adminTh, 'PUT', '/api/admin/outletStatus?countryCode=th', {
          changes: [change, change],
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (await call(t.app, adminTh, 'PUT', '/api/admin/outletStatus?countryCode=th', { changes: [] }))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await call(t.app, adminTh, 'PUT', '/api/admin/outletStatus?countryCode=th', {
          changes: [{ ...change, status: 2 }],
        })
      ).statusCode,
    ).toBe(400);
  });
});

describe('the export', () => {
  it('streams a CSV of the filtered outlets with the template columns first', async () => {
    const res = await call(
      t.app,
      adminTh,
      'GET',
      `/api/admin/fileExport?countryCode=th&filter_dt_code=${thDts[1]}`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain('outlet-status_th.csv');
    const expected = await outlets(`dt_code = $1`, [thDts[1]]);
    expect(res.headers['x-total-count']).toBe(String(expected.length));
    expect(res.headers['x-export-truncated']).toBeUndefined();
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]!.startsWith('DT Code,DT Site Code,Outlet Code,Status,')).toBe(true);
    expect(lines).toHaveLength(expected.length + 1);
    const byCode = new Map(expected.map((o) => [o.outlet_code, o]));
    for (const line of lines.slice(1)) {
      const [dt, site, code, status] = line.split(',');
      expect(byCode.get(code!)).toMatchObject({ dt_code: dt, dt_site_code: site, is_online: status === '1' });
    }
  });

  it('writes Vietnamese headers with lang=vi, and an XLSX workbook with format=xlsx', async () => {
    const vi = await call(
      t.app,
      adminTh,
      'GET',
      `/api/admin/fileExport?countryCode=th&lang=vi&filter_dt_code=${thDts[1]}`,
    );
    expect(vi.body.replace(/^\uFEFF/, '').split('\r\n')[0]).toMatch(/^Mã NPP,/);
    const xlsx = await call(
      t.app,
      adminTh,
      'GET',
      `/api/admin/fileExport?countryCode=th&format=xlsx&filter_dt_code=${thDts[1]}`,
    );
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('a DT-limited admin exports only their DTs', async () => {
    const res = await call(t.app, dtAdminTh, 'GET', '/api/admin/fileExport?countryCode=th');
    expect(res.headers['x-total-count']).toBe(String((await outlets(`dt_code = $1`, [limitedDt])).length));
    const dts = new Set(
      res.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n')
        .slice(1)
        .map((l) => l.split(',')[0]),
    );
    expect(dts).toEqual(new Set([limitedDt]));
  });
});
