/**
 * Migration 0027 moves the per-event rows stored before it into the log (one row per market, time
 * received and sender), and the view usage_events lists them as they were, in their order; batches
 * moved afterwards come after them, and the rollups rebuilt from the log count both.
 */
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, MIGRATIONS_DIR } from '../../src/db/migrate.js';
import { drainUsageInbox, rebuildUsageRollups, storeUsageBatches } from '../../src/modules/usage/queries.js';
import { buildUser } from '../factories.js';
import { freshDatabase, type TestDatabase } from '../helpers/database.js';

let database: TestDatabase;
let before: string;

beforeAll(async () => {
  database = await freshDatabase({ migrate: false });
  // The migrations before 0027, as a database had them.
  before = mkdtempSync(path.join(os.tmpdir(), 'ff-migrations-'));
  for (const file of readdirSync(MIGRATIONS_DIR).filter((f) => f < '0027')) {
    cpSync(path.join(MIGRATIONS_DIR, file), path.join(before, file));
  }
  await migrate(database.db, before);
}, 120_000);
afterAll(async () => {
  await database?.cleanup();
  rmSync(before, { recursive: true, force: true });
});

const COLUMNS = `market, at, received_at, event, screen, user_id, role, device_type, browser, os, device_model, properties`;

describe('migration 0027', () => {
  it('moves the stored per-event rows into the log, listed unchanged by the view', async () => {
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

    // One log row per market, time received and sender; the table is now the view over it.
    const { rows: log } = await db.query<{ market: string; user_id: string | null; n: number; id: string }>(
      `SELECT market, user_id, jsonb_array_length(events) AS n, id FROM usage_event_log ORDER BY id`,
    );
    expect(log.map((r) => [r.market, r.user_id, r.n])).toEqual([
      ['vn', a.id, 2],
      ['vn', b.id, 1],
      ['pk', null, 1],
    ]);
    expect(log.every((r) => Number(r.id) < 0)).toBe(true);
    const { rows: kind } = await db.query<{ relkind: string }>(
      `SELECT relkind FROM pg_class WHERE relname = 'usage_events'`,
    );
    expect(kind).toEqual([{ relkind: 'v' }]);
    const listed = (await db.query(`SELECT ${COLUMNS} FROM usage_events ORDER BY id`)).rows;
    expect(listed).toEqual([old[0], old[2], old[1], old[3]]);

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
      `SELECT event FROM usage_events ORDER BY id DESC LIMIT 1`,
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
      { market: 'vn', day: '2026-11-03', item: 'homepage', events: 1 },
      { market: 'vn', day: '2026-11-03', item: 'reportView', events: 1 },
      { market: 'vn', day: '2026-11-03', item: 'teamView', events: 1 },
    ]);
  });
});
