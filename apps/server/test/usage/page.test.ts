/**
 * The usage page (GET /api/usage/overview and /api/usage/export) on a real database: events sent
 * through POST /api/events show up as daily, weekly and monthly active users by role and market, the
 * most opened screens and reports, downloads and the upload funnel; admins of the market only, a Super
 * User admin for another market or all of them; the export as CSV and XLSX.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, type UsageOverview } from '@fieldforce/contracts';
import { wholeMonths } from '../../src/modules/usage/queries.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
const tokens = new Map<string, string>();

async function token(email: string, market = 'vn'): Promise<string> {
  const key = `${email}|${market}`;
  const cached = tokens.get(key);
  if (cached) return cached;
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/fb/accounts/login?countryCode=${market}`,
    payload: { email, password: DEMO_PASSWORD, deviceId: `usage-page ${email}` },
  });
  expect(res.statusCode).toBe(200);
  const idToken = (res.json() as { 'response-data': { idToken: string } })['response-data'].idToken;
  tokens.set(key, idToken);
  return idToken;
}

const event = (name: string, at: string, screen: string, properties: Record<string, unknown> = {}) => ({
  event: name,
  at,
  screen,
  deviceType: 'Desktop',
  browser: 'Chrome 140',
  os: 'Linux',
  deviceModel: null,
  properties,
});

async function send(email: string, market: string, events: unknown[]) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/events',
    headers: { customertoken: await token(email, market) },
    payload: { countryCode: market, events },
  });
  expect(res.statusCode).toBe(200);
}

async function overview(email: string, query: Record<string, string>, market = 'vn') {
  return t.app.inject({
    method: 'GET',
    url: '/api/usage/overview',
    headers: { customertoken: await token(email, market) },
    query: { countryCode: market, from: '2026-11-01', to: '2026-11-20', ...query },
  });
}

beforeAll(async () => {
  t = await createTestApp({
    seed: true,
    config: { AUTH_RATE_LIMIT_PER_MINUTE: 100_000, EVENTS_RATE_LIMIT_PER_MINUTE: 100_000 },
  });
  // A Super User who is also an admin (the demo Super User is not).
  await t.app.db.query(`UPDATE users SET user_type = 'admin' WHERE email = 'super@demo.test'`);
  // 16 Nov 2026 is a Monday: the 15th (Sunday) belongs to the week before.
  await send('tl.vn@demo.test', 'vn', [
    event('homepage', '2026-11-15T09:00:00+07:00', '/'),
    event('teamView', '2026-11-17T09:00:00+07:00', '/teamlevels'),
    event('reportView', '2026-11-17T09:05:00+07:00', '/reportpage', {
      category: 'transactional',
      name: 'Salesperson Visit Summary',
    }),
    event('download', '2026-11-17T09:06:00+07:00', '/reportpage', {
      reportType: 'salesperson-visit-summary',
      format: 'xlsx',
      rows: 120,
    }),
  ]);
  await send('asm.vn@demo.test', 'vn', [
    event('reportView', '2026-11-18T10:00:00+07:00', '/reportpage', {
      category: 'transactional',
      name: 'Salesperson Visit Summary',
    }),
    event('reportView', '2026-11-18T10:01:00+07:00', '/reportpage', {
      category: 'master',
      name: 'Outlet Master',
    }),
    // Late in the evening in Vietnam (16:30 UTC): still the 18th in the market's day.
    event('teamView', '2026-11-18T23:30:00+07:00', '/teamlevels'),
  ]);
  await send('admin.vn@demo.test', 'vn', [
    event('adminView', '2026-11-19T08:00:00+07:00', '/outletGeoCompliance', { tool: 'outletGeoCompliance' }),
    // The profile popup opened over the tool: an event, not a screen opened.
    event('profile', '2026-11-19T08:00:30+07:00', '/outletGeoCompliance'),
    event('upload', '2026-11-19T08:01:00+07:00', '/outletGeoCompliance', {
      tool: 'outletGeoCompliance',
      step: 'upload',
      kind: 'outletGeoCompliance',
    }),
    event('upload', '2026-11-19T08:02:00+07:00', '/outletGeoCompliance', {
      tool: 'outletGeoCompliance',
      step: 'apply',
      kind: 'outletGeoCompliance',
    }),
  ]);
  // Another market's events never show in vn's page.
  await send('tl.th@demo.test', 'th', [event('homepage', '2026-11-18T09:00:00+07:00', '/')]);
  // The import pipeline's records: three files in vn (one applied, one refused, one waiting), one in th.
  const { rows } = await t.app.db.query<{ id: string }>(
    `SELECT id FROM users WHERE email = 'admin.vn@demo.test'`,
  );
  const admin = rows[0]!.id;
  const imp = (market: string, state: string, preview: boolean, createdAt: string) =>
    t.app.db.query(
      `INSERT INTO imports (kind, market, uploader_id, original_name, stored_name, original_file_id, state, preview,
                            created_at)
       VALUES ('outletGeoCompliance', $1, $2, 'f.csv', 'f_1.csv', 'file', $3, $4, $5)`,
      [market, admin, state, preview ? JSON.stringify({ total: 1 }) : null, createdAt],
    );
  await imp('vn', 'applied', true, '2026-11-19T01:00:00Z');
  await imp('vn', 'rejected', true, '2026-11-19T02:00:00Z');
  await imp('vn', 'queued', false, '2026-11-19T03:00:00Z');
  await imp('vn', 'applied', true, '2026-10-19T03:00:00Z'); // before the period
  await imp('th', 'applied', true, '2026-11-19T03:00:00Z');
}, 240_000);
afterAll(() => t?.close());

describe('GET /api/usage/overview', () => {
  it('answers active users by day, week and month, by role, from the rollups', async () => {
    const res = await overview('admin.vn@demo.test', {});
    expect(res.statusCode).toBe(200);
    const o = res.json()['response-data'] as UsageOverview;
    expect(o.markets).toEqual(['vn']);
    expect(o.can).toEqual({ export: true, chooseMarket: false });
    const day = (d: string) => o.active.day.total[o.active.day.buckets.indexOf(d)];
    expect(o.active.day.buckets).toHaveLength(20);
    expect(['15', '16', '17', '18', '19'].map((d) => day(`2026-11-${d}`))).toEqual([1, 0, 1, 1, 1]);
    // Weeks from Monday: 9 Nov (tl on Sunday the 15th) and 16 Nov (tl, asm and admin).
    expect(o.active.week.buckets).toEqual(['2026-10-26', '2026-11-02', '2026-11-09', '2026-11-16']);
    expect(o.active.week.total).toEqual([0, 0, 1, 3]);
    // The week's role split adds up to its total (one role per person and week).
    expect(o.active.week.byRole.reduce((n, r) => n + r.users[3]!, 0)).toBe(3);
    expect(o.active.month).toMatchObject({ buckets: ['2026-11-01'], total: [3] });
    const roles = Object.fromEntries(o.active.month.byRole.map((r) => [r.key, r.users[0]]));
    expect(Object.values(roles).reduce((a, b) => a! + b!, 0)).toBe(3);
    expect(o.active.month.byMarket).toEqual([{ key: 'vn', users: [3] }]);
  });

  it('lists the most opened screens and reports, the downloads and the upload funnel', async () => {
    const o = (await overview('admin.vn@demo.test', {})).json()['response-data'] as UsageOverview;
    expect(o.screens).toEqual([
      { screen: '/reportpage', opens: 3 },
      { screen: '/teamlevels', opens: 2 },
      { screen: '/', opens: 1 },
      { screen: '/outletGeoCompliance', opens: 1 },
    ]);
    expect(o.reports).toEqual([
      { name: 'Salesperson Visit Summary', category: 'transactional', opens: 2 },
      { name: 'Outlet Master', category: 'master', opens: 1 },
    ]);
    expect(o.downloads).toEqual({
      total: 1,
      rows: 120,
      items: [{ item: 'salesperson-visit-summary', format: 'xlsx', downloads: 1, rows: 120 }],
    });
    expect(o.uploads.funnel).toEqual({ started: 3, previewed: 2, applied: 1, failed: 1 });
    expect(o.uploads.byKind).toEqual([
      { kind: 'outletGeoCompliance', started: 3, previewed: 2, applied: 1, failed: 1 },
    ]);
    expect(o.uploads.steps).toEqual(
      expect.arrayContaining([
        { tool: 'outletGeoCompliance', step: 'upload', events: 1 },
        { tool: 'outletGeoCompliance', step: 'apply', events: 1 },
      ]),
    );
    expect(o.events.find((e) => e.event === 'reportView')).toEqual({ event: 'reportView', count: 3 });
    expect(o.events.find((e) => e.event === 'profile')).toEqual({ event: 'profile', count: 1 });
  });

  it('shows a narrower period only (the 18th)', async () => {
    const o = (await overview('admin.vn@demo.test', { from: '2026-11-18', to: '2026-11-18' })).json()[
      'response-data'
    ] as UsageOverview;
    expect(o.active.day).toMatchObject({ buckets: ['2026-11-18'], total: [1] });
    expect(o.screens).toEqual([
      { screen: '/reportpage', opens: 2 },
      { screen: '/teamlevels', opens: 1 },
    ]);
  });

  it('reads whole months from the monthly rollup and gives the same figures as the days', async () => {
    // 1 Oct to 30 Nov: two whole months (monthly rollup); 1 Oct to 29 Nov: October whole, November by day.
    const whole = (await overview('admin.vn@demo.test', { from: '2026-10-01', to: '2026-11-30' })).json()[
      'response-data'
    ] as UsageOverview;
    const days = (await overview('admin.vn@demo.test', { from: '2026-10-01', to: '2026-11-29' })).json()[
      'response-data'
    ] as UsageOverview;
    expect(whole.screens).toEqual(days.screens);
    expect(whole.events).toEqual(days.events);
    expect(whole.downloads).toEqual(days.downloads);
    expect(whole.screens[0]).toEqual({ screen: '/reportpage', opens: 3 });
    expect(wholeMonths('2026-10-01', '2026-11-30')).toEqual({ from: '2026-10-01', to: '2026-12-01' });
    expect(wholeMonths('2026-10-02', '2026-11-29')).toEqual({ from: '2026-11-01', to: '2026-11-01' });
    expect(wholeMonths('2025-11-21', '2026-11-20')).toEqual({ from: '2025-12-01', to: '2026-11-01' });
  });

  it('refuses non-admins, admins of another market, and other markets to anyone but a Super User', async () => {
    expect((await overview('tl.vn@demo.test', {})).statusCode).toBe(403);
    // An admin of bd asking for vn: not their market.
    expect((await overview('admin.bd@demo.test', {}, 'bd')).statusCode).toBe(200);
    expect((await overview('admin.bd@demo.test', { countryCode: 'vn' }, 'bd')).statusCode).toBe(403);
    expect((await overview('admin.vn@demo.test', { market: 'th' })).statusCode).toBe(403);
    expect((await overview('admin.vn@demo.test', { market: 'all' })).statusCode).toBe(403);
    // The demo Super User without admin rights in a copy of the rule: refused as a non-admin.
    await t.app.db.query(`UPDATE users SET user_type = 'user' WHERE email = 'super@demo.test'`);
    expect((await overview('super@demo.test', { market: 'all' })).statusCode).toBe(403);
    await t.app.db.query(`UPDATE users SET user_type = 'admin' WHERE email = 'super@demo.test'`);
  });

  it('lets a Super User admin read another market, or every market split by market', async () => {
    const th = (await overview('super@demo.test', { market: 'th' })).json()['response-data'] as UsageOverview;
    expect(th.markets).toEqual(['th']);
    expect(th.active.month.total).toEqual([1]);
    expect(th.uploads.funnel.started).toBe(1);
    const res = await overview('super@demo.test', { market: 'all' });
    expect(res.statusCode).toBe(200);
    const all = res.json()['response-data'] as UsageOverview;
    expect(all.can.chooseMarket).toBe(true);
    expect(all.markets).toContain('th');
    expect(all.active.month.total).toEqual([4]);
    expect(Object.fromEntries(all.active.month.byMarket.map((m) => [m.key, m.users[0]]))).toEqual({
      vn: 3,
      th: 1,
    });
    expect(all.uploads.funnel.started).toBe(4);
  });

  it('refuses a period past a year or upside down', async () => {
    expect((await overview('admin.vn@demo.test', { from: '2025-01-01', to: '2026-11-20' })).statusCode).toBe(
      400,
    );
    expect((await overview('admin.vn@demo.test', { from: '2026-11-20', to: '2026-11-01' })).statusCode).toBe(
      400,
    );
  });
});

describe('GET /api/usage/export', () => {
  const download = async (email: string, query: Record<string, string>) =>
    t.app.inject({
      method: 'GET',
      url: '/api/usage/export',
      headers: { customertoken: await token(email) },
      query: { countryCode: 'vn', from: '2026-11-01', to: '2026-11-20', ...query },
    });

  it('writes the page as CSV, headers in the chosen language', async () => {
    const res = await download('admin.vn@demo.test', { format: 'csv', lang: 'vi' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('usage_vn_2026-11-01_2026-11-20.csv');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Mục,Đầu kỳ,Thị trường,Vai trò,Nội dung,Chi tiết,Giá trị');
    expect(lines).toContain('Người dùng hoạt động hằng tháng,2026-11-01,vn,Tất cả,,,3');
    expect(lines).toContain('Lượt xem báo cáo,2026-11-01,vn,,Salesperson Visit Summary,transactional,2');
  });

  it('writes an XLSX workbook with numbers as numbers', async () => {
    const res = await download('admin.vn@demo.test', { format: 'xlsx' });
    expect(res.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Section',
      'Period start',
      'Market',
      'Role',
      'Item',
      'Detail',
      'Value',
    ]);
    const funnel = sheet
      .getSheetValues()
      .find(
        (r) => Array.isArray(r) && r[1] === 'Upload funnel' && r[6] === 'Applied' && r[5] === 'All',
      ) as unknown[];
    expect(funnel[7]).toBe(1);
  });

  it('is refused to non-admins', async () => {
    expect((await download('tl.vn@demo.test', {})).statusCode).toBe(403);
  });
});
