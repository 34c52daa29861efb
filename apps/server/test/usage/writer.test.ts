/**
 * The usage-event writer on a real database: batches arriving while a write runs go into the inbox
 * together, each caller is answered, and moving the inbox fills the log and the rollups; a batch that
 * cannot be stored is set aside alone. And rebuildUsageRollups, run over the stored log, gives the same
 * rollups the moves kept.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UsageEvent } from '@fieldforce/contracts';
import type { Queryable } from '../../src/db/client.js';
import { systemClock } from '../../src/lib/clock.js';
import { drainUsageInbox, rebuildUsageRollups, storeUsageBatches } from '../../src/modules/usage/queries.js';
import { UsageWriter } from '../../src/modules/usage/writer.js';
import { buildUser } from '../factories.js';
import { freshDatabase, type TestDatabase } from '../helpers/database.js';

let database: TestDatabase;
beforeAll(async () => {
  database = await freshDatabase();
}, 120_000);
afterAll(() => database?.cleanup());

const event = (
  name: UsageEvent['event'],
  at: string,
  properties: UsageEvent['properties'] = {},
): UsageEvent => ({
  event: name,
  at,
  screen: name === 'reportView' ? '/reportpage' : '/teamlevels',
  deviceType: 'Desktop',
  browser: null,
  os: null,
  deviceModel: null,
  properties,
});

const snapshot = async () => {
  const read = async (sql: string) => (await database.db.query(sql)).rows;
  return {
    daily: await read('SELECT * FROM usage_daily ORDER BY day, market, event, role'),
    users: await read('SELECT * FROM usage_daily_users ORDER BY day, market, user_id'),
    items: await read('SELECT * FROM usage_daily_items ORDER BY market, day, kind, item, detail'),
    periods: await read('SELECT * FROM usage_period_users ORDER BY period, market, start, user_id'),
    counts: await read('SELECT * FROM usage_active_counts ORDER BY market, period, start, role'),
  };
};

describe('UsageWriter', () => {
  it('stores the batches that arrive together in one go and answers each caller', async () => {
    const db = database.db;
    const a = await buildUser(db, { role: 'Team Leader' });
    const b = await buildUser(db, { role: 'Salesman' });
    const writer = new UsageWriter(db, systemClock);
    const statements: number[] = [];
    const counting: Queryable = {
      query: <T>(sql: string, params?: unknown[]) => {
        if (sql.includes('INSERT INTO usage_event_inbox')) statements.push(1);
        return db.query<T>(sql, params);
      },
    };
    const grouped = new UsageWriter(counting, systemClock, 1);
    await Promise.all([
      grouped.store({
        market: 'vn',
        actor: { userId: a.id, role: a.role },
        events: [event('teamView', '2026-11-19T03:00:00Z')],
      }),
      grouped.store({
        market: 'vn',
        actor: { userId: b.id, role: b.role },
        events: [event('teamView', '2026-11-19T04:00:00Z')],
      }),
      grouped.store({
        market: 'vn',
        actor: { userId: a.id, role: a.role },
        events: [event('reportView', '2026-11-19T05:00:00Z', { name: 'R1', category: 'master' })],
      }),
    ]);
    // The first goes alone (nothing was running); the two that came meanwhile share the second write.
    expect(statements).toHaveLength(2);
    await grouped.flush();
    const { rows: inbox } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM usage_event_inbox');
    expect(inbox[0]!.n).toBe(0);
    const { rows } = await db.query<{ n: number; users: number }>(
      `SELECT (SELECT sum(events) FROM usage_daily WHERE market = 'vn')::int AS n,
              (SELECT sum(users) FROM usage_active_counts WHERE market = 'vn' AND period = 'day')::int AS users`,
    );
    expect(rows[0]).toEqual({ n: 3, users: 2 });
    await writer.store({ market: 'vn', actor: { userId: a.id, role: a.role }, events: [] });
  });

  it('sets aside only the batch that cannot be stored', async () => {
    const db = database.db;
    const a = await buildUser(db, { role: 'Team Leader' });
    const writer = new UsageWriter(db, systemClock);
    const good = () =>
      writer.store({
        market: 'th',
        actor: { userId: a.id, role: a.role },
        events: [event('homepage', '2026-11-19T03:00:00Z')],
      });
    const results = await Promise.allSettled([
      good(),
      good(),
      // No such user: the foreign key refuses it.
      writer.store({
        market: 'th',
        actor: { userId: 'nobody', role: 'x' },
        events: [event('homepage', '2026-11-19T03:00:00Z')],
      }),
      good(),
    ]);
    // Every batch is taken in; the one whose sender does not exist cannot be stored and is set aside.
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'fulfilled']);
    await writer.flush();
    const { rows } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM usage_events_all WHERE market = 'th'`,
    );
    expect(rows[0]!.n).toBe(3);
    const { rows: aside } = await db.query<{ user_id: string; failed: boolean }>(
      'SELECT user_id, failed FROM usage_event_inbox',
    );
    expect(aside).toEqual([{ user_id: 'nobody', failed: true }]);
  });

  it('rebuilds from the log exactly the rollups the writes kept', async () => {
    const db = database.db;
    const c = await buildUser(db, { role: 'ASM', countryCodes: 'pk' });
    await storeUsageBatches(
      db,
      [
        {
          market: 'pk',
          actor: { userId: c.id, role: c.role },
          events: [
            event('download', '2026-11-02T20:00:00Z', { reportType: 'r1', format: 'csv', rows: 12 }),
            event('upload', '2026-11-03T05:00:00Z', { tool: 'outletStatus', step: 'apply' }),
          ],
        },
        {
          market: 'pk',
          actor: { userId: null, role: null },
          events: [event('backToLogin', '2026-11-03T05:00:00Z')],
        },
      ],
      new Date(),
    );
    await drainUsageInbox(db);
    const kept = await snapshot();
    await rebuildUsageRollups(db);
    expect(await snapshot()).toEqual(kept);
  });
});
