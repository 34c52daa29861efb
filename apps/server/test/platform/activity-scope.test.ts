/**
 * GET /api/admin/activityLog keeps to the caller's rights: refused (403) for a tool the market does
 * not have, and an admin limited to some DT codes sees only their own entries, changes to their
 * distributors' outlets and salesmen, and market-wide settings; never another distributor's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityEntry, Envelope, TablePage } from '@fieldforce/contracts';
import { writeAudit } from '../../src/lib/audit.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { call, createDtLimitedAdmin, signIn } from '../outlet-status/helpers.js';

let t: TestApp;
let mine: { dt: string; outlet: string; sm: string };
let theirs: { dt: string; outlet: string; sm: string };
let adminId: string;

async function pick(offset: number) {
  const { rows } = await t.app.db.query<{ dt: string; outlet: string; sm: string }>(
    `SELECT o.dt_code AS dt, min(o.outlet_code) AS outlet, min(s.sm_code) AS sm
     FROM outlets o JOIN salesmen s ON s.dt_code = o.dt_code
     WHERE o.country_code = 'id' GROUP BY o.dt_code ORDER BY o.dt_code OFFSET $1 LIMIT 1`,
    [offset],
  );
  return rows[0]!;
}

beforeAll(async () => {
  t = await createTestApp({ seed: true, config: { AUTH_RATE_LIMIT_PER_MINUTE: 100_000 } });
  mine = await pick(0);
  theirs = await pick(1);
  const { rows } = await t.app.db.query<{ id: string }>(
    `SELECT id FROM users WHERE email = 'admin.id@demo.test'`,
  );
  adminId = rows[0]!.id;
  const entry = (tool: 'outletStatus' | 'salesmanDeviceId', target: string | null, action: string) =>
    writeAudit(t.app.db, {
      actorId: adminId,
      sessionId: null,
      market: 'id',
      tool,
      action,
      target,
      before: null,
      after: null,
      requestId: 'test',
      at: new Date(),
    });
  await entry('outletStatus', mine.outlet, 'outlet.status.update');
  await entry('outletStatus', theirs.outlet, 'outlet.status.update');
  await entry('salesmanDeviceId', mine.sm, 'device.update');
  await entry('salesmanDeviceId', theirs.sm, 'device.update');
  await entry('salesmanDeviceId', null, 'validation.enable');
}, 180_000);
afterAll(() => t?.close());

const targets = async (token: string, tool: string) => {
  const res = await call(
    t.app,
    token,
    'GET',
    `/api/admin/activityLog?countryCode=id&tool=${tool}&pageSize=100`,
  );
  expect(res.statusCode).toBe(200);
  const page = (res.json() as Envelope<TablePage<ActivityEntry>>)['response-data'];
  return { total: page.total, targets: page.rows.map((r) => r.target).sort() };
};

describe('the Activity Log and the caller’s scope', () => {
  it('shows every entry to an admin with every distributor', async () => {
    const token = await signIn(t.app, 'admin.id@demo.test', 'id');
    expect((await targets(token, 'outletStatus')).total).toBe(2);
    expect((await targets(token, 'salesmanDeviceId')).total).toBe(3);
  });

  it('shows a DT-limited admin only their distributors’ outlets and salesmen, and market-wide settings', async () => {
    const email = await createDtLimitedAdmin(t.app, 'id', [mine.dt]);
    const token = await signIn(t.app, email, 'id');
    expect(await targets(token, 'outletStatus')).toEqual({ total: 1, targets: [mine.outlet] });
    expect(await targets(token, 'salesmanDeviceId')).toEqual({ total: 2, targets: [mine.sm, null].sort() });
  });

  it('refuses the log of a tool the market does not have', async () => {
    const token = await signIn(t.app, 'admin.th@demo.test', 'th');
    const res = await call(
      t.app,
      token,
      'GET',
      '/api/admin/activityLog?countryCode=th&tool=outletGeoCompliance',
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().statusMessage).toBeTruthy();
  });
});
