/**
 * Migration 0019 rolls up the events stored before it (by 0015's one-statement writes, which kept
 * usage_daily and usage_daily_users only): afterwards the page's rollups hold them, equal to what
 * rebuildUsageRollups makes from the same log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../src/db/migrate.js';
import { rebuildUsageRollups } from '../../src/modules/usage/queries.js';
import { buildUser } from '../factories.js';
import { databaseMigratedBefore, type TestDatabase } from '../helpers/database.js';

let database: TestDatabase;

beforeAll(async () => {
  // The migrations up to 0018, as a database had them before this one.
  database = await databaseMigratedBefore('0019');
}, 120_000);
afterAll(async () => {
  await database?.cleanup();
});

describe('migration 0019', () => {
  it('rolls up the events stored before it', async () => {
    const db = database.db;
    const u = await buildUser(db, { role: 'Team Leader' });
    await db.query(
      `INSERT INTO usage_events (market, at, received_at, event, screen, user_id, role, device_type, properties)
       VALUES ('vn', '2026-11-02T20:00:00Z', now(), 'reportView', '/reportpage', $1, 'Team Leader', 'Desktop',
               '{"name": "Outlet Master", "category": "master"}'),
              ('vn', '2026-11-03T02:00:00Z', now(), 'download', '/reportpage', $1, 'Team Leader', 'Desktop',
               '{"reportType": "r1", "format": "csv", "rows": 40}')`,
      [u.id],
    );
    await db.query(
      `INSERT INTO usage_daily_users (day, market, user_id, role)
       VALUES ('2026-11-03', 'vn', $1, 'Team Leader')`,
      [u.id],
    );
    await migrate(db);
    const read = async (sql: string) => (await db.query(sql)).rows;
    const items = await read(
      `SELECT day, kind, item, detail, events, amount FROM usage_daily_items WHERE market = 'vn' ORDER BY kind, item`,
    );
    // 20:00 UTC on the 2nd is the 3rd in Vietnam.
    expect(items).toEqual([
      { day: '2026-11-03', kind: 'download', item: 'r1', detail: 'csv', events: 1, amount: 40 },
      { day: '2026-11-03', kind: 'event', item: 'download', detail: '', events: 1, amount: 0 },
      { day: '2026-11-03', kind: 'event', item: 'reportView', detail: '', events: 1, amount: 0 },
      { day: '2026-11-03', kind: 'report', item: 'Outlet Master', detail: 'master', events: 1, amount: 0 },
      { day: '2026-11-03', kind: 'screen', item: '/reportpage', detail: '', events: 1, amount: 0 },
    ]);
    expect(
      await read(
        `SELECT period, start, role, users FROM usage_active_counts WHERE market = 'vn' ORDER BY period`,
      ),
    ).toEqual([
      { period: 'day', start: '2026-11-03', role: 'Team Leader', users: 1 },
      { period: 'month', start: '2026-11-01', role: 'Team Leader', users: 1 },
      { period: 'week', start: '2026-11-02', role: 'Team Leader', users: 1 },
    ]);
    const snapshot = async () => ({
      items: await read('SELECT * FROM usage_daily_items ORDER BY market, day, kind, item, detail'),
      monthly: await read('SELECT * FROM usage_monthly_items ORDER BY market, month, kind, item, detail'),
      counts: await read('SELECT * FROM usage_active_counts ORDER BY market, period, start, role'),
    });
    const migrated = await snapshot();
    await rebuildUsageRollups(db);
    expect(await snapshot()).toEqual(migrated);
  });
});
