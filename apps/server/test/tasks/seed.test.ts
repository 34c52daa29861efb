/**
 * The demo tasks of the seed (db/seed/tasks.ts): every market with outlets gets its tasks, each with
 * targets, and the results come from real visits in the window (the progress view has figures), done
 * and not done both present, nothing recorded for the upcoming task.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
}, 120_000);
afterAll(() => t?.close());

describe('demo tasks', () => {
  it('gives each market running, closed and upcoming tasks with targets', async () => {
    const { rows } = await t.app.db.query<{ country_code: string; n: number; closed: number; empty: number }>(
      `SELECT country_code, count(*)::int AS n, count(*) FILTER (WHERE status = 'closed')::int AS closed,
              count(*) FILTER (WHERE target_count = 0 OR cardinality(dt_codes) = 0)::int AS empty
       FROM tasks GROUP BY 1 ORDER BY 1`,
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      expect(r.n).toBeGreaterThanOrEqual(3);
      expect(r.closed).toBe(1);
      expect(r.empty).toBe(0);
    }
  });

  it('derives results from actual visits inside each window, done and not done', async () => {
    const { rows } = await t.app.db.query<{ bad: number; done: number; not_done: number; upcoming: number }>(
      `SELECT count(*) FILTER (WHERE v.id IS NULL OR NOT v.actual OR v.outlet_id <> r.outlet_id
                                 OR r.visit_date NOT BETWEEN t.start_date AND t.end_date)::int AS bad,
              count(*) FILTER (WHERE r.done)::int AS done, count(*) FILTER (WHERE NOT r.done)::int AS not_done,
              count(*) FILTER (WHERE t.start_date > CURRENT_DATE)::int AS upcoming
       FROM task_results r JOIN tasks t ON t.id = r.task_id LEFT JOIN visits v ON v.id = r.visit_id`,
    );
    expect(rows[0]).toMatchObject({ bad: 0, upcoming: 0 });
    expect(rows[0]!.done).toBeGreaterThan(0);
    expect(rows[0]!.not_done).toBeGreaterThan(0);
  });
});
