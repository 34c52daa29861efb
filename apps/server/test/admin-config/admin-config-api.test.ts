/**
 * Admin configuration (issue 13) against the test seed over real HTTP (app.inject) on a real PGlite
 * database: reading the flags, who may change them, the audit entries and the data version, and that a
 * flag changed here changes what the server allows (DownloadReports → report exports, outletGeoCompliance
 * → that tool, OfflineApp → Outlet Status, the email-domain rule → Outlet Status).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_CONFIG_API,
  COUNTRY_FLAG_NAMES,
  countryFlags,
  MARKET_FLAGS_API,
  type AdminConfig,
  type Envelope,
  type MarketFlags,
} from '@fieldforce/contracts';
import { readDataVersion } from '../../src/db/data-version.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { call, signIn } from '../outlet-status/helpers.js';

let t: TestApp;
let adminVn: string;
let adminBd: string;
let tlVn: string;
let superAdmin: string;

const dataOf = <T>(res: { json(): unknown }) => (res.json() as Envelope<T>)['response-data'];
const messageOf = (res: { json(): unknown }) => (res.json() as Envelope<null>).errors?.shortDescription;
const patch = (token: string, market: string, body: unknown) =>
  call(t.app, token, 'PATCH', `${ADMIN_CONFIG_API}?countryCode=${market}`, body);
const exportUrl = (market: string) =>
  `/api/reports/salesperson-visit-summary/export?from=2026-11-01&to=2026-11-20&countryCode=${market}`;
const audits = async (market: string) =>
  (
    await t.app.db.query<{
      action: string;
      before: unknown;
      after: unknown;
      actor: string;
      target: string | null;
    }>(
      `SELECT a.action, a.before, a.after, u.email AS actor, a.target FROM audit_log a JOIN users u ON u.id = a.actor_id
        WHERE a.market = $1 AND a.tool = 'adminConfiguration' ORDER BY a.at, a.id`,
      [market],
    )
  ).rows;

beforeAll(async () => {
  t = await createTestApp({ seed: true, config: { AUTH_RATE_LIMIT_PER_MINUTE: 100_000 } });
  // A Super User who is also an admin (the demo Super User is not: userType user).
  await t.app.db.query(
    `INSERT INTO users (email, name, role, user_type, access_to_ucube, access_to_operational_dashboards,
                        is_super_user, dt_access_codes, country_codes, home_country_code, password_hash,
                        password_changed_at)
     SELECT 'superadmin@demo.test', 'Super Admin', role, 'admin', access_to_ucube, access_to_operational_dashboards,
            is_super_user, dt_access_codes, country_codes, home_country_code, password_hash, password_changed_at
       FROM users WHERE email = 'super@demo.test'`,
  );
  adminVn = await signIn(t.app, 'admin.vn@demo.test', 'vn');
  adminBd = await signIn(t.app, 'admin.bd@demo.test', 'bd');
  tlVn = await signIn(t.app, 'tl.vn@demo.test', 'vn');
  superAdmin = await signIn(t.app, 'superadmin@demo.test', 'vn');
}, 120_000);
afterAll(() => t?.close());

describe('reading the flags', () => {
  it('GET /api/config/flags: every signed-in user of the market gets the database flags', async () => {
    expect((await call(t.app, null, 'GET', `${MARKET_FLAGS_API}?countryCode=vn`)).statusCode).toBe(401);
    const res = await call(t.app, tlVn, 'GET', `${MARKET_FLAGS_API}?countryCode=vn`);
    expect(res.statusCode).toBe(200);
    const { countryCode, flags } = dataOf<MarketFlags>(res);
    expect(countryCode).toBe('vn');
    const { countryCode: _c, ...defaults } = countryFlags('vn');
    expect(flags).toEqual(defaults);
    // Another market's flags are not the caller's to read.
    expect((await call(t.app, tlVn, 'GET', `${MARKET_FLAGS_API}?countryCode=bd`)).statusCode).toBe(403);
  });

  it('GET /api/admin/configuration lists every flag with an explanation; can.edit only for admins', async () => {
    const asTl = dataOf<AdminConfig>(await call(t.app, tlVn, 'GET', `${ADMIN_CONFIG_API}?countryCode=vn`));
    expect(asTl.flags.map((f) => f.name)).toEqual([...COUNTRY_FLAG_NAMES]);
    for (const flag of asTl.flags) expect(flag.explanation.length).toBeGreaterThan(10);
    expect(asTl.can.edit).toBe(false);
    expect(asTl.outletStatusEmailDomains.domains).toEqual(['demo.test']);
    const asAdmin = dataOf<AdminConfig>(
      await call(t.app, adminVn, 'GET', `${ADMIN_CONFIG_API}?countryCode=vn`),
    );
    expect(asAdmin.can.edit).toBe(true);
    expect(asAdmin.flags.find((f) => f.name === 'OfflineApp')).toMatchObject({
      value: false,
      defaultValue: false,
      risky: true,
      editable: true,
      lastChange: null,
    });
  });

  it('a key missing from countries.flags falls back to its default', async () => {
    await t.app.db.query(`UPDATE countries SET flags = flags - 'sortable' - 'OfflineApp' WHERE code = 'pk'`);
    await t.app.dataVersion.bump();
    const superPk = await signIn(t.app, 'superadmin@demo.test', 'pk');
    const flags = dataOf<MarketFlags>(
      await call(t.app, superPk, 'GET', `${MARKET_FLAGS_API}?countryCode=pk`),
    ).flags;
    expect(flags.sortable).toBe(false);
    expect(flags.OfflineApp).toBe(true);
  });
});

describe('who may change them', () => {
  it('refuses a non-admin, an admin of another market, and nobody signed in', async () => {
    const body = { flags: { DownloadReports: false } };
    const tl = await patch(tlVn, 'vn', body);
    expect(tl.statusCode).toBe(403);
    const other = await patch(adminBd, 'vn', body);
    expect(other.statusCode).toBe(403);
    expect((await call(t.app, null, 'PATCH', `${ADMIN_CONFIG_API}?countryCode=vn`, body)).statusCode).toBe(
      401,
    );
    expect(await audits('vn')).toEqual([]);
    const flags = dataOf<MarketFlags>(
      await call(t.app, tlVn, 'GET', `${MARKET_FLAGS_API}?countryCode=vn`),
    ).flags;
    expect(flags.DownloadReports).toBe(true);
  });

  it('refuses fixed flags, unknown flags, bad domains and an empty change with 400', async () => {
    expect((await patch(adminVn, 'vn', { flags: { isHPC: true } })).statusCode).toBe(400);
    expect((await patch(adminVn, 'vn', { flags: { BTPEndpoint: false } })).statusCode).toBe(400);
    expect((await patch(adminVn, 'vn', { flags: { NoSuchFlag: true } })).statusCode).toBe(400);
    expect((await patch(adminVn, 'vn', { flags: { sortable: 'no' } })).statusCode).toBe(400);
    expect((await patch(adminVn, 'vn', { outletStatusEmailDomains: ['not a domain'] })).statusCode).toBe(400);
    expect((await patch(adminVn, 'vn', {})).statusCode).toBe(400);
    expect(await audits('vn')).toEqual([]);
  });

  it('a Super User who is an admin may change every market', async () => {
    const superBd = await signIn(t.app, 'superadmin@demo.test', 'bd');
    const res = await patch(superBd, 'bd', { flags: { MultiSelect: false } });
    expect(res.statusCode).toBe(200);
    expect(dataOf<AdminConfig>(res).flags.find((f) => f.name === 'MultiSelect')).toMatchObject({
      value: false,
      lastChange: { byName: 'Super Admin' },
    });
    expect((await patch(superAdmin, 'vn', { flags: { MultiSelect: true } })).statusCode).toBe(200);
  });
});

describe('a change', () => {
  it('DownloadReports off: one audit entry, the data version bumped, report exports refused; on again: allowed', async () => {
    expect((await call(t.app, adminVn, 'GET', exportUrl('vn'))).statusCode).toBe(200);
    const version = await readDataVersion(t.app.db);
    const off = await patch(adminVn, 'vn', { flags: { DownloadReports: false } });
    expect(off.statusCode).toBe(200);
    const flag = dataOf<AdminConfig>(off).flags.find((f) => f.name === 'DownloadReports')!;
    expect(flag.value).toBe(false);
    expect(flag.lastChange?.byName).toBeTruthy();
    expect(await readDataVersion(t.app.db)).not.toBe(version);
    expect(await audits('vn')).toEqual([
      {
        action: 'config.flag.update',
        before: { DownloadReports: true },
        after: { DownloadReports: false },
        actor: 'admin.vn@demo.test',
        target: null,
      },
    ]);

    const refused = await call(t.app, adminVn, 'GET', exportUrl('vn'));
    expect(refused.statusCode).toBe(403);
    expect(messageOf(refused)).toMatch(/Report downloads are turned off in Vietnam/);
    // The web reads the same flag.
    const flags = dataOf<MarketFlags>(
      await call(t.app, tlVn, 'GET', `${MARKET_FLAGS_API}?countryCode=vn`),
    ).flags;
    expect(flags.DownloadReports).toBe(false);
    // Another market is untouched.
    expect((await call(t.app, adminBd, 'GET', exportUrl('bd'))).statusCode).toBe(200);

    expect((await patch(adminVn, 'vn', { flags: { DownloadReports: true } })).statusCode).toBe(200);
    expect((await call(t.app, adminVn, 'GET', exportUrl('vn'))).statusCode).toBe(200);
    expect((await audits('vn')).length).toBe(2);
  });

  it('saving the current values changes nothing: no audit entry, same data version', async () => {
    const before = (await audits('vn')).length;
    const version = await readDataVersion(t.app.db);
    const res = await patch(adminVn, 'vn', {
      flags: { DownloadReports: true, sortable: true },
      outletStatusEmailDomains: ['demo.test'],
    });
    expect(res.statusCode).toBe(200);
    expect((await audits('vn')).length).toBe(before);
    expect(await readDataVersion(t.app.db)).toBe(version);
  });

  it('outletGeoCompliance off: the tool answers 403 and leaves the admin menu', async () => {
    const list = '/api/admin/outletGeoCompliance/list?countryCode=vn';
    expect((await call(t.app, adminVn, 'GET', list)).statusCode).toBe(200);
    expect((await patch(adminVn, 'vn', { flags: { outletGeoCompliance: false } })).statusCode).toBe(200);
    const refused = await call(t.app, adminVn, 'GET', list);
    expect(refused.statusCode).toBe(403);
    expect(messageOf(refused)).toMatch(/not available in Vietnam/);
    const tools = dataOf<{ tools: { key: string }[] }>(
      await call(t.app, adminVn, 'GET', '/api/admin/tools?countryCode=vn'),
    ).tools.map((x) => x.key);
    expect(tools).not.toContain('outletGeoCompliance');
    expect((await patch(adminVn, 'vn', { flags: { outletGeoCompliance: true } })).statusCode).toBe(200);
    expect((await call(t.app, adminVn, 'GET', list)).statusCode).toBe(200);
  });

  it('OfflineApp on in vn opens Outlet Status there; the email-domain rule closes it again', async () => {
    const url = '/api/admin/getSalesmanDetails?countryCode=vn';
    expect((await call(t.app, adminVn, 'GET', url)).statusCode).toBe(403);
    expect((await patch(adminVn, 'vn', { flags: { OfflineApp: true } })).statusCode).toBe(200);
    expect((await call(t.app, adminVn, 'GET', url)).statusCode).toBe(200);

    const res = await patch(adminVn, 'vn', { outletStatusEmailDomains: ['Example.COM'] });
    expect(res.statusCode).toBe(200);
    expect(dataOf<AdminConfig>(res).outletStatusEmailDomains).toMatchObject({
      domains: ['example.com'],
      lastChange: { byName: expect.any(String) as string },
    });
    const refused = await call(t.app, adminVn, 'GET', url);
    expect(refused.statusCode).toBe(403);
    expect(messageOf(refused)).toMatch(/email domain/);
    expect((await audits('vn')).at(-1)).toMatchObject({
      action: 'config.outletStatusDomains.update',
      before: { outletStatusEmailDomains: ['demo.test'] },
      after: { outletStatusEmailDomains: ['example.com'] },
    });

    await patch(adminVn, 'vn', { flags: { OfflineApp: false }, outletStatusEmailDomains: ['demo.test'] });
    expect((await call(t.app, adminVn, 'GET', url)).statusCode).toBe(403);
  });

  it('the Activity Log of the tool shows the changes to every admin of the market', async () => {
    const res = await call(
      t.app,
      adminVn,
      'GET',
      '/api/admin/activityLog?tool=adminConfiguration&countryCode=vn',
    );
    expect(res.statusCode).toBe(200);
    const rows = dataOf<{ rows: { action: string; after: Record<string, unknown> }[] }>(res).rows;
    expect(rows[0]).toMatchObject({ action: 'config.outletStatusDomains.update' });
    expect(rows.some((r) => r.action === 'config.flag.update' && r.after.DownloadReports === false)).toBe(
      true,
    );
  });
});
