/** GET /api/admin/tools and GET /api/admin/activityLog: admins of the market only, per-market menus. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '@fieldforce/contracts';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { writeAudit } from '../../src/lib/audit.js';

let t: TestApp;
const tokens = new Map<string, string>();

async function token(email: string, market: string): Promise<string> {
  const cached = tokens.get(email);
  if (cached) return cached;
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/fb/accounts/login?countryCode=${market}`,
    payload: { email, password: DEMO_PASSWORD, deviceId: `admin-test ${email}` },
  });
  expect(res.statusCode).toBe(200);
  const idToken = (res.json() as { 'response-data': { idToken: string } })['response-data'].idToken;
  tokens.set(email, idToken);
  return idToken;
}

const get = async (url: string, email?: string, market = 'vn') =>
  t.app.inject({ method: 'GET', url, headers: email ? { customertoken: await token(email, market) } : {} });

beforeAll(async () => {
  t = await createTestApp({ seed: true, config: { AUTH_RATE_LIMIT_PER_MINUTE: 100_000 } });
}, 180_000);
afterAll(() => t?.close());

describe('GET /api/admin/tools', () => {
  it('401 without a token, 403 for a non-admin', async () => {
    expect((await get('/api/admin/tools?countryCode=vn')).statusCode).toBe(401);
    expect((await get('/api/admin/tools?countryCode=vn', 'tl.vn@demo.test')).statusCode).toBe(403);
  });

  it('lists the market’s tools in menu order with the per-country conditions', async () => {
    const vn = await get('/api/admin/tools?countryCode=vn', 'admin.vn@demo.test');
    expect(vn.statusCode).toBe(200);
    const vnKeys = (vn.json()['response-data'].tools as { key: string }[]).map((x) => x.key);
    // vn: OfflineApp off (no Outlet Status), CDA on (Merchandizing Sets).
    expect(vnKeys).toEqual([
      'userAccess',
      'taskManagement',
      'estimatedBestPrice',
      'outletGeoCompliance',
      'salesmanDeviceId',
      'merchandizingSets',
      'deviceGeoCompliance',
    ]);
    // The other per-country conditions of spec section 2.
    const keysOf = async (market: string) =>
      (
        (await get(`/api/admin/tools?countryCode=${market}`, `admin.${market}@demo.test`, market)).json()[
          'response-data'
        ].tools as { key: string }[]
      ).map((x) => x.key);
    expect(await keysOf('id')).not.toContain('estimatedBestPrice');
    expect(await keysOf('idic')).toContain('estimatedBestPrice');
    expect(await keysOf('th')).not.toContain('outletGeoCompliance');
    const ph = await keysOf('ph');
    expect(ph).not.toContain('merchandizingSets');
    expect(ph).toContain('outletStatus');
    const bd = await get('/api/admin/tools?countryCode=bd', 'admin.bd@demo.test', 'bd');
    const bdTools = bd.json()['response-data'].tools as { key: string; path: string; can: unknown }[];
    expect(bdTools.map((x) => x.key)).toContain('outletStatus');
    expect(bdTools.find((x) => x.key === 'outletStatus')).toEqual({
      key: 'outletStatus',
      path: '/outletStatus',
      can: { view: true, edit: true, upload: true, export: true },
    });
  });

  it('Outlet Status needs the caller’s email domain among the market’s allowed domains', async () => {
    await t.database.db.query(
      `UPDATE countries SET outlet_status_email_domains = '{unilever.com}' WHERE code = 'bd'`,
    );
    try {
      const bd = await get('/api/admin/tools?countryCode=bd', 'admin.bd@demo.test', 'bd');
      expect((bd.json()['response-data'].tools as { key: string }[]).map((x) => x.key)).not.toContain(
        'outletStatus',
      );
    } finally {
      await t.database.db.query(
        `UPDATE countries SET outlet_status_email_domains = '{demo.test}' WHERE code = 'bd'`,
      );
    }
  });
});

describe('GET /api/admin/activityLog', () => {
  it('401 without a token, 403 for a non-admin and for an admin of another market', async () => {
    expect((await get('/api/admin/activityLog?tool=outletStatus&countryCode=th')).statusCode).toBe(401);
    expect(
      (await get('/api/admin/activityLog?tool=outletStatus&countryCode=vn', 'sm.vn@demo.test')).statusCode,
    ).toBe(403);
    expect(
      (await get('/api/admin/activityLog?tool=outletStatus&countryCode=th', 'admin.vn@demo.test')).statusCode,
    ).toBe(403);
  });

  it('shows the market’s rows of the tool, newest first, with the actor’s name', async () => {
    const { rows } = await t.database.db.query<{ id: string; name: string }>(
      `SELECT id, name FROM users WHERE email = 'admin.th@demo.test'`,
    );
    const actor = rows[0]!;
    const base = {
      actorId: actor.id,
      sessionId: null,
      tool: 'outletStatus' as const,
      action: 'outlet.status.update',
      before: { status: 1 },
      after: { status: 0 },
      requestId: 'r',
    };
    await writeAudit(t.database.db, {
      ...base,
      market: 'th',
      target: 'OLD',
      at: new Date('2026-11-19T00:00:00Z'),
    });
    await writeAudit(t.database.db, {
      ...base,
      market: 'th',
      target: 'NEW',
      at: new Date('2026-11-20T00:00:00Z'),
    });
    await writeAudit(t.database.db, {
      ...base,
      market: 'vn',
      target: 'VN',
      at: new Date('2026-11-20T00:00:00Z'),
    });
    const res = await get(
      '/api/admin/activityLog?tool=outletStatus&countryCode=th',
      'admin.th@demo.test',
      'th',
    );
    expect(res.statusCode).toBe(200);
    const page = res.json()['response-data'];
    expect(page.total).toBe(2);
    expect(page.rows.map((r: { target: string }) => r.target)).toEqual(['NEW', 'OLD']);
    expect(page.rows[0]).toMatchObject({ actorName: actor.name, actorEmail: 'admin.th@demo.test' });
  });

  it('names each target for people beside its code: the outlet, or the user of an email', async () => {
    const { rows: admins } = await t.database.db.query<{ id: string }>(
      `SELECT id FROM users WHERE email = 'admin.th@demo.test'`,
    );
    const { rows: outlets } = await t.database.db.query<{ outlet_code: string; name: string }>(
      `SELECT outlet_code, name FROM outlets WHERE country_code = 'th' ORDER BY outlet_code LIMIT 1`,
    );
    const outlet = outlets[0]!;
    const base = {
      actorId: admins[0]!.id,
      sessionId: null,
      market: 'th',
      before: null,
      after: null,
      requestId: 'r',
    };
    await writeAudit(t.database.db, {
      ...base,
      tool: 'outletStatus',
      action: 'outlet.status.update',
      target: outlet.outlet_code,
      at: new Date('2026-11-21T00:00:00Z'),
    });
    await writeAudit(t.database.db, {
      ...base,
      tool: 'userAccess',
      action: 'user.update',
      target: 'admin.th@demo.test',
      at: new Date('2026-11-21T00:00:00Z'),
    });
    const outletLog = (
      await get('/api/admin/activityLog?tool=outletStatus&countryCode=th', 'admin.th@demo.test', 'th')
    ).json()['response-data'];
    expect(outletLog.rows[0]).toMatchObject({ target: outlet.outlet_code, targetName: outlet.name });
    const userLog = (
      await get('/api/admin/activityLog?tool=userAccess&countryCode=th', 'admin.th@demo.test', 'th')
    ).json()['response-data'];
    const { rows: names } = await t.database.db.query<{ name: string }>(
      `SELECT name FROM users WHERE email = 'admin.th@demo.test'`,
    );
    expect(userLog.rows[0]).toMatchObject({ target: 'admin.th@demo.test', targetName: names[0]!.name });
  });
});
