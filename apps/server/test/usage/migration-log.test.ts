/**
 * Migration 0027 is expand only (rolling upgrade: old servers still write usage_events): the per-event
 * rows stored before it stay in the table, the migration moves nothing into the log, and the view
 * usage_events_all lists them as they were, in their order; an old server's write still lands in the
 * table; batches moved afterwards come after them, and the rollups rebuilt from the view count all.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../src/db/migrate.js';
import { drainUsageInbox, rebuildUsageRollups, storeUsageBatches } from '../../src/modules/usage/queries.js';
import { buildUser } from '../factories.js';
import { databaseMigratedBefore, type TestDatabase } from '../helpers/database.js';

let database: TestDatabase;

beforeAll(async () => {
  // The migrations before 0027, as a database had them.
  database = await databaseMigratedBefore('0027');
}, 120_000);
afterAll(async () => {
  await database?.cleanup();
});

const COLUMNS = `market, at, received_at, event, screen, user_id, role, device_type, browser, os, device_model, properties`;

describe('migration 0027', () => {
  it('keeps the stored per-event rows in the table, moves nothing, and the view lists them', async () => {
    const db = database.db;
    const a = await buildUser(db, { role: 'Team Leader' });
    const b = await buildUser(db, { role: 'Salesman' });
    await db.query(
      `INSERT INTO usage_events (${COLUMNS}) VALUES
         ('vn', '2026-11-02T20:00:00Z', '2026-11-02T20:00:05Z', 'reportView', '/reportpage', $1, 'Team Leader',
          'Desktop', 'Chrome 140', 'Windows', NULL, '{"name": "Outlet Master", "category": "master"}'),
         ('vn', '2026-11-02T20:00:01Z', '2026-11-02T20:00:05Z', 'homepage', '/', $2, 'Salesman',
          'mobile', 'Chrome 140', 'Android', 'Pixel 8', '{}'),
         ('vn', '2026-11-02T20:00:02Z', '2026-11-02T20:00:05Z', 'download', '/reportpage', $1, 'Team Leader',
          'Desktop', 'Chrome 140', 'Windows', NULL, '{"reportType": "r1", "format": "csv", "rows": 40}'),
         ('pk', '2026-11-02T20:00:03Z', '2026-11-02T20:00:06Z', 'backToLogin', '/login', NULL, NULL,
          'Desktop', NULL, NULL, NULL, '{}')`,
      [a.id, b.id],
    );
    const old = (await db.query(`SELECT ${COLUMNS} FROM usage_events ORDER BY id`)).rows;
    await migrate(db);

    // The table is still a table with its rows; the log is empty: nothing was moved.
    const { rows: kind } = await db.query<{ relkind: string }>(
      `SELECT relkind FROM pg_class WHERE relname = 'usage_events'`,
    );
    expect(kind).toEqual([{ relkind: 'r' }]);
    expect((await db.query(`SELECT ${COLUMNS} FROM usage_events ORDER BY id`)).rows).toEqual(old);
    const { rows: logged } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM usage_event_log`);
    expect(logged).toEqual([{ n: 0 }]);
    // The view lists the old rows unchanged, in their order.
    expect((await db.query(`SELECT ${COLUMNS} FROM usage_events_all ORDER BY id`)).rows).toEqual(old);

    // An old app server's write (one row per event into the table) still works during the rollout.
    await db.query(
      `INSERT INTO usage_events (market, at, received_at, event, screen, user_id, role, device_type, properties)
       VALUES ('vn', '2026-11-02T20:00:04Z', '2026-11-02T20:00:07Z', 'homepage', '/', $1, 'Salesman', 'mobile', '{}')`,
      [b.id],
    );

    // A batch moved after the migration comes after the old ones; the rebuild counts both.
    await storeUsageBatches(
      db,
      [
        {
          market: 'vn',
          actor: { userId: b.id, role: b.role },
          events: [
            {
              event: 'teamView',
              at: '2026-11-03T01:00:00Z',
              screen: '/teamlevels',
              deviceType: 'mobile',
              browser: null,
              os: null,
              deviceModel: null,
              properties: {},
            },
          ],
        },
      ],
      new Date(),
    );
    await drainUsageInbox(db);
    const { rows: last } = await db.query<{ event: string }>(
      `SELECT event FROM usage_events_all ORDER BY id DESC LIMIT 1`,
    );
    expect(last).toEqual([{ event: 'teamView' }]);
    await rebuildUsageRollups(db);
    const { rows: items } = await db.query(
      `SELECT market, day::text AS day, item, events FROM usage_daily_items WHERE kind = 'event' ORDER BY market, item`,
    );
    // 20:00 UTC on the 2nd is the 3rd in Vietnam; 01:00 UTC on the 3rd too.
    expect(items).toEqual([
      { market: 'pk', day: '2026-11-03', item: 'backToLogin', events: 1 },
      { market: 'vn', day: '2026-11-03', item: 'download', events: 1 },
      { market: 'vn', day: '2026-11-03', item: 'homepage', events: 2 },
      { market: 'vn', day: '2026-11-03', item: 'reportView', events: 1 },
      { market: 'vn', day: '2026-11-03', item: 'teamView', events: 1 },
    ]);
  });
});
