/**
 * The month trend of the UCube home page (GET /api/ucube/daily-trend) on the `test` seed (today
 * 2026-11-20): running totals against the Team View total of the same caller, daily values against
 * an independent count over visits and orders, scope per caller, periods and refusals.
 */
import { describe, expect, it } from 'vitest';
import type { DailyTrendAnswer, KpiAnswer } from '@fieldforce/contracts';
import { body } from '../auth/helpers.js';
import { ucubeTestClient } from './helpers.js';

const client = ucubeTestClient();
const { call, sql, data } = client;

const TREND = '/api/ucube/daily-trend';
const TEAM = '/api/ucube/individual-performance-kpis';

const trend = async (email: string, query: Record<string, string> = {}) =>
  client.data<DailyTrendAnswer>(await call(email, TREND, query));
const team = async (email: string, query: Record<string, string>) =>
  client.data<KpiAnswer>(await call(email, TEAM, query));

describe('access', () => {
  it('needs a token (401), UCube access (403), a valid period (400) and an own BSA (403)', async () => {
    const none = await call(null, TREND);
    expect(none.statusCode).toBe(401);
    expect(body(none).errors?.code).toBe('UNAUTHENTICATED');
    expect((await call('none.vn@demo.test', TREND)).statusCode).toBe(403);
    expect((await call('reports.vn@demo.test', TREND)).statusCode).toBe(403);
    const bad = await call('super@demo.test', TREND, { period: 'day' });
    expect(bad.statusCode).toBe(400);
    expect(body(bad).errors?.fields?.[0]?.field).toBe('querystring.period');
    const own = await sql<{ bsa: string }>(
      `SELECT b.bsa FROM user_bsa b JOIN users u ON u.id = b.user_id WHERE u.email = 'sm.vn@demo.test'`,
    );
    const missing = ['Distributor', 'New Channel', 'Ice Cream'].find((b) => !own.some((o) => o.bsa === b));
    if (missing) expect((await call('sm.vn@demo.test', TREND, { bsa: missing })).statusCode).toBe(403);
  });
});

describe('month to date', () => {
  it('runs from the first of the month to the market’s today, ending on the Team View total', async () => {
    for (const bsa of [undefined, 'New Channel']) {
      const q: Record<string, string> = bsa ? { bsa } : {};
      const a = await trend('super@demo.test', q);
      expect(a).toMatchObject({ period: 'mtd', month: '2026-11-01', daysInMonth: 30, daysGone: 20 });
      expect(a.days.map((d) => d.date)).toEqual(
        Array.from({ length: 20 }, (_, i) => `2026-11-${String(i + 1).padStart(2, '0')}`),
      );
      const total = (await team('super@demo.test', { period: 'mtd', ...q })).total.kpis;
      expect(a.bsa).toBe((await team('super@demo.test', { period: 'mtd', ...q })).bsa);
      const last = a.days.at(-1)!;
      expect(last.gsvCumulative).toBeCloseTo(total.gsv!.actual, 2);
      expect(last.ecoCumulative).toBe(total.eco!.actual);
      expect(last.productiveCallsCumulative).toBe(total.prodCalls!.actual);
      expect(a.targets.gsv).toBeCloseTo(total.gsv!.monthTarget!, 2);
      expect(a.targets.eco).toBe(total.eco!.monthTarget);
      expect(a.targets.productiveCalls).toBe(total.prodCalls!.monthTarget);
    }
  });

  it('a team leader: each day against visits and orders of their team, the total against their Team View', async () => {
    const a = await trend('tl.vn@demo.test');
    const expected = await sql<{
      date: string;
      gsv: number;
      bills: number;
      productive: number;
      planned: number;
      new_eco: number;
    }>(
      `WITH team AS (
         SELECT s.id FROM salesmen s
         JOIN hierarchy_members tl ON tl.id = s.team_leader_member_id JOIN users u ON u.id = tl.user_id
         WHERE u.email = 'tl.vn@demo.test' AND s.bsa = $1
       ),
       firsts AS (
         SELECT o.outlet_id, min(o.invoice_date) AS first_day FROM orders o
         WHERE o.salesman_id IN (SELECT id FROM team) AND o.invoice_date BETWEEN '2026-11-01' AND '2026-11-20'
         GROUP BY o.outlet_id
       )
       SELECT to_char(d, 'YYYY-MM-DD') AS date,
         coalesce((SELECT sum(o.gross_amount) FROM orders o WHERE o.salesman_id IN (SELECT id FROM team) AND o.invoice_date = d::date), 0)::float8 AS gsv,
         (SELECT count(*) FROM orders o WHERE o.salesman_id IN (SELECT id FROM team) AND o.invoice_date = d::date)::int AS bills,
         (SELECT count(*) FROM visits v WHERE v.salesman_id IN (SELECT id FROM team) AND v.productive AND v.visit_date = d::date)::int AS productive,
         (SELECT count(*) FROM visits v WHERE v.salesman_id IN (SELECT id FROM team) AND v.planned AND v.visit_date = d::date)::int AS planned,
         (SELECT count(*) FROM firsts f WHERE f.first_day = d::date)::int AS new_eco
       FROM generate_series('2026-11-01'::date, '2026-11-20'::date, interval '1 day') d ORDER BY d`,
      [a.bsa],
    );
    expect(a.days.map((d) => d.date)).toEqual(expected.map((e) => e.date));
    expect(expected.some((e) => e.productive > 0)).toBe(true);
    let eco = 0;
    a.days.forEach((d, i) => {
      const e = expected[i]!;
      eco += e.new_eco;
      expect(d.gsv, d.date).toBeCloseTo(e.gsv, 2);
      expect([d.bills, d.productiveCalls, d.plannedCalls, d.newEco, d.ecoCumulative], d.date).toEqual([
        e.bills,
        e.productive,
        e.planned,
        e.new_eco,
        eco,
      ]);
    });
    const last = a.days.at(-1)!;
    expect(last.gsvCumulative).toBeCloseTo(
      expected.reduce((s, e) => s + e.gsv, 0),
      2,
    );
    expect(last.billsCumulative).toBe(expected.reduce((s, e) => s + e.bills, 0));
    expect(last.plannedCallsCumulative).toBe(expected.reduce((s, e) => s + e.planned, 0));

    const total = (await team('tl.vn@demo.test', { period: 'mtd' })).total.kpis;
    expect(last.gsvCumulative).toBeCloseTo(total.gsv!.actual, 2);
    expect(last.ecoCumulative).toBe(total.eco!.actual);
    expect(last.productiveCallsCumulative).toBe(total.prodCalls!.actual);
  });

  it('covers only the caller’s scope: a team leader’s trend is their team, not the market', async () => {
    const leader = await trend('tl.vn@demo.test');
    const boss = await trend('super@demo.test', { bsa: leader.bsa });
    expect(leader.days.at(-1)!.gsvCumulative).toBeGreaterThan(0);
    expect(leader.days.at(-1)!.gsvCumulative).toBeLessThan(boss.days.at(-1)!.gsvCumulative);
    expect(leader.targets.gsv!).toBeLessThan(boss.targets.gsv!);
    expect(leader.days).not.toEqual(boss.days);
  });

  it('shows a salesperson only themself', async () => {
    const a = await trend('sm.vn@demo.test');
    const [own] = await sql<{ gsv: number; eco: number; productive: number; gsv_target: number }>(
      `SELECT
         coalesce((SELECT sum(o.gross_amount) FROM orders o WHERE o.salesman_id = s.id
                     AND o.invoice_date BETWEEN '2026-11-01' AND '2026-11-20'), 0)::float8 AS gsv,
         (SELECT count(DISTINCT o.outlet_id) FROM orders o WHERE o.salesman_id = s.id
            AND o.invoice_date BETWEEN '2026-11-01' AND '2026-11-20')::int AS eco,
         (SELECT count(*) FROM visits v WHERE v.salesman_id = s.id AND v.productive
            AND v.visit_date BETWEEN '2026-11-01' AND '2026-11-20')::int AS productive,
         (SELECT t.gsv_target FROM monthly_targets t WHERE t.salesman_id = s.id AND t.month = '2026-11-01')::float8 AS gsv_target
       FROM salesmen s JOIN users u ON u.id = s.user_id WHERE u.email = 'sm.vn@demo.test'`,
    );
    const last = a.days.at(-1)!;
    expect(last.gsvCumulative).toBeCloseTo(own!.gsv, 2);
    expect(last.ecoCumulative).toBe(own!.eco);
    expect(last.productiveCallsCumulative).toBe(own!.productive);
    expect(a.targets.gsv).toBeCloseTo(own!.gsv_target, 2);
  });
});

describe('last month', () => {
  it('answers every day of last month, ending on the Team View total for last month', async () => {
    const a = await trend('super@demo.test', { period: 'lm' });
    expect(a).toMatchObject({ period: 'lm', month: '2026-10-01', daysInMonth: 31, daysGone: 31 });
    expect(a.days).toHaveLength(31);
    expect([a.days[0]!.date, a.days.at(-1)!.date]).toEqual(['2026-10-01', '2026-10-31']);
    const total = (await team('super@demo.test', { period: 'lm' })).total.kpis;
    const last = a.days.at(-1)!;
    expect(last.gsvCumulative).toBeCloseTo(total.gsv!.actual, 2);
    expect(last.ecoCumulative).toBe(total.eco!.actual);
    expect(last.productiveCallsCumulative).toBe(total.prodCalls!.actual);
    expect(a.targets.gsv).toBeCloseTo(total.gsv!.monthTarget!, 2);
  });

  it('caches per query: the same answer twice, a different one for another period', async () => {
    const first = await call('tl.vn@demo.test', TREND, { period: 'lm' });
    const again = await call('tl.vn@demo.test', TREND, { period: 'lm' });
    expect(again.body).toBe(first.body);
    expect(again.headers['content-type']).toMatch(/^application\/json/);
    const mtd = await call('tl.vn@demo.test', TREND, { period: 'mtd' });
    expect(data<DailyTrendAnswer>(mtd).period).toBe('mtd');
  });
});
