/**
 * The events log as one row per request (migration 0027): a moved batch is one usage_event_log row
 * holding its events as they came, under the inbox row's id; the rollups equal a count made from the
 * stored rows; two movers emptying the inbox at once count every batch exactly once (on PostgreSQL the
 * two run on separate connections); and the view usage_events_all lists the log one event a row.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UsageEvent } from '@fieldforce/contracts';
import type { Queryable } from '../../src/db/client.js';
import { drainUsageInbox, rebuildUsageRollups, storeUsageBatches } from '../../src/modules/usage/queries.js';
import { buildUser } from '../factories.js';
import { freshDatabase, type TestDatabase } from '../helpers/database.js';

let database: TestDatabase;
beforeAll(async () => {
  database = await freshDatabase();
}, 120_000);
afterAll(() => database?.cleanup());

const KINDS = ['homepage', 'teamView', 'reportView', 'filter', 'download'] as const;

/** 20 events as the web sends them, a few seconds apart, some past midnight in Vietnam (17:00 UTC). */
const twenty = (seed: number): UsageEvent[] =>
  Array.from({ length: 20 }, (_, k) => ({
    event: KINDS[(seed + k) % KINDS.length]!,
    at: new Date(Date.parse('2026-11-19T16:59:50Z') + (seed * 20 + k) * 1000).toISOString(),
    screen: k % 2 ? '/teamlevels' : '/reportpage',
    deviceType: k % 2 ? 'mobile' : 'Desktop',
    browser: 'Chrome 140',
    os: 'Android',
    deviceModel: k % 3 ? null : 'Pixel 8',
    properties: {
      name: `Report ${k % 4}`,
      category: 'master',
      reportType: `r${k % 3}`,
      format: 'csv',
      rows: k,
    },
  }));

const rows = async <T>(sql: string, params: unknown[] = []) => (await database.db.query<T>(sql, params)).rows;

/** The rollups as counted straight from the stored log rows (not from the view, not from the rollups). */
const countedFromLog = (market: string) =>
  rows<{ day: string; event: string; events: number }>(
    `SELECT ((e.v ->> 'at')::timestamptz AT TIME ZONE c.time_zone)::date::text AS day, e.v ->> 'event' AS event,
            count(*)::int AS events
     FROM usage_event_log l JOIN countries c ON c.code = l.market
     CROSS JOIN LATERAL jsonb_array_elements(l.events) AS e(v)
     WHERE l.market = $1 GROUP BY 1, 2 ORDER BY 1, 2`,
    [market],
  );
const rolledUp = (market: string) =>
  rows<{ day: string; event: string; events: number }>(
    `SELECT day::text AS day, item AS event, sum(events)::int AS events FROM usage_daily_items
     WHERE market = $1 AND kind = 'event' GROUP BY 1, 2 ORDER BY 1, 2`,
    [market],
  );

describe('the usage events log', () => {
  it('keeps a moved batch as one row holding its 20 events, under the inbox row’s id', async () => {
    const u = await buildUser(database.db, { role: 'Team Leader' });
    const events = twenty(0);
    await storeUsageBatches(
      database.db,
      [{ market: 'vn', actor: { userId: u.id, role: u.role }, events }],
      new Date(),
    );
    const [inbox] = await rows<{ id: string }>('SELECT id FROM usage_event_inbox');
    await drainUsageInbox(database.db);
    const log = await rows<{ id: string; user_id: string; role: string; events: UsageEvent[] }>(
      `SELECT id, user_id, role, events FROM usage_event_log WHERE market = 'vn'`,
    );
    expect(log).toHaveLength(1);
    expect(log[0]).toEqual({ id: inbox!.id, user_id: u.id, role: 'Team Leader', events });
    // The view lists it one event a row, in order, with the old table's columns.
    const listed = await rows<{ event: string; screen: string; device_type: string; at: Date }>(
      `SELECT event, screen, device_type, at FROM usage_events_all WHERE market = 'vn' ORDER BY id`,
    );
    expect(listed.map((r) => [r.event, r.screen, r.device_type, new Date(r.at).toISOString()])).toEqual(
      events.map((e) => [e.event, e.screen, e.deviceType, e.at]),
    );
    expect(await rolledUp('vn')).toEqual(await countedFromLog('vn'));
    // A batch is logged once: its id cannot be logged again.
    await expect(
      database.db.query(
        `INSERT INTO usage_event_log (id, market, received_at, events) VALUES ($1, 'vn', now(), '[]')`,
        [inbox!.id],
      ),
    ).rejects.toThrow();
  });

  it('two movers emptying the inbox at once count every batch exactly once', async () => {
    const users = await Promise.all(
      ['Team Leader', 'Salesman', 'ASM'].map((role) => buildUser(database.db, { role, countryCodes: 'th' })),
    );
    const batches = Array.from({ length: 60 }, (_, i) => ({
      market: 'th' as const,
      actor: { userId: users[i % 3]!.id, role: users[i % 3]!.role },
      events: twenty(i),
    }));
    // In several inbox writes, as requests arrive.
    for (let i = 0; i < batches.length; i += 7) {
      await storeUsageBatches(database.db, batches.slice(i, i + 7), new Date());
    }
    // Small chunks, so the two passes interleave over many statements.
    const [a, b] = await Promise.all([
      drainUsageInbox(database.db, undefined, 4),
      drainUsageInbox(database.db, undefined, 4),
    ]);
    expect(a + b).toBe(60);
    expect(await rows('SELECT id FROM usage_event_inbox')).toEqual([]);
    const [stored] = await rows<{ batches: number; events: number }>(
      `SELECT count(*)::int AS batches, sum(jsonb_array_length(events))::int AS events
       FROM usage_event_log WHERE market = 'th'`,
    );
    expect(stored).toEqual({ batches: 60, events: 1200 });
    const counted = await countedFromLog('th');
    expect(counted.reduce((n, r) => n + r.events, 0)).toBe(1200);
    expect(await rolledUp('th')).toEqual(counted);
    const [daily] = await rows<{ n: number }>(
      `SELECT sum(events)::int AS n FROM usage_daily WHERE market = 'th'`,
    );
    expect(daily!.n).toBe(1200);
    // Who was active: the first batch alone crosses midnight in Bangkok; all three senders the next day.
    const active = await rows<{ day: string; n: number }>(
      `SELECT day::text AS day, count(*)::int AS n FROM usage_daily_users WHERE market = 'th' GROUP BY day ORDER BY day`,
    );
    expect(active).toEqual([
      { day: '2026-11-19', n: 1 },
      { day: '2026-11-20', n: 3 },
    ]);
    // And the rebuild from the log gives the rollups the moves kept.
    const kept = await rows('SELECT * FROM usage_daily_items ORDER BY market, day, kind, item, detail');
    const counts = await rows('SELECT * FROM usage_active_counts ORDER BY market, period, start, role');
    await rebuildUsageRollups(database.db);
    expect(await rows('SELECT * FROM usage_daily_items ORDER BY market, day, kind, item, detail')).toEqual(
      kept,
    );
    expect(await rows('SELECT * FROM usage_active_counts ORDER BY market, period, start, role')).toEqual(
      counts,
    );
  });

  it('a move that fails with no row to blame gives up instead of trying again for ever', async () => {
    // The move's statement fails whatever it holds (as when the database refuses it): nothing to set aside.
    const broken: Queryable = {
      query: <T>(sql: string, params?: unknown[]) =>
        sql.includes('WITH taken AS')
          ? Promise.reject(new Error('the move cannot run'))
          : database.db.query<T>(sql, params),
    };
    await expect(drainUsageInbox(broken)).rejects.toThrow('the move cannot run');
  });
});
