/**
 * A salesperson's day (issue 10) and the names the KPI answers give the breadcrumb, on the `test`
 * seed: the visits and orders of a day against the tables, and the same scope as the KPI views.
 */
import { describe, expect, it } from 'vitest';
import type { KpiAnswer, SalesmanDayAnswer } from '@fieldforce/contracts';
import { ucubeTestClient } from './helpers.js';

const client = ucubeTestClient();
const { call, sql } = client;

const DAY = '/api/ucube/salesman-day';
const TEAM = '/api/ucube/individual-performance-kpis';
const DT = '/api/ucube/individual-distributor-kpis';

/** The latest day sm.vn has visits on, and what the tables say about it. */
async function busyDay(email = 'sm.vn@demo.test') {
  const [row] = await sql<{ id: string; day: string }>(
    `SELECT s.id::text AS id, max(v.visit_date)::text AS day
     FROM salesmen s JOIN users u ON u.id = s.user_id JOIN visits v ON v.salesman_id = s.id
     WHERE u.email = $1 GROUP BY s.id`,
    [email],
  );
  const [counts] = await sql<{ visits: number; productive: number; orders: number; amount: string }>(
    `SELECT (SELECT count(*)::int FROM visits WHERE salesman_id = $1 AND visit_date = $2) AS visits,
            (SELECT count(*)::int FROM visits WHERE salesman_id = $1 AND visit_date = $2 AND productive) AS productive,
            (SELECT count(*)::int FROM orders WHERE salesman_id = $1 AND invoice_date = $2) AS orders,
            (SELECT coalesce(sum(gross_amount), 0)::text FROM orders WHERE salesman_id = $1 AND invoice_date = $2) AS amount`,
    [row!.id, row!.day],
  );
  return { day: row!.day, ...counts! };
}

describe('a salesperson’s day', () => {
  it('lists the day’s visits in order with their orders, matching the tables', async () => {
    const expected = await busyDay();
    const a = client.data<SalesmanDayAnswer>(
      await call('tl.vn@demo.test', DAY, { emailId: 'sm.vn@demo.test', date: expected.day }),
    );
    expect(a.date).toBe(expected.day);
    expect(a.salesman).toMatchObject({
      emailId: 'sm.vn@demo.test',
      teamLeader: { emailId: 'tl.vn@demo.test' },
    });
    expect(a.salesman.smCode).toMatch(/\S/);
    expect(a.visits).toHaveLength(expected.visits);
    expect(a.totals.productiveCalls).toBe(expected.productive);
    expect(a.totals.orders).toBe(expected.orders);
    expect(a.totals.orderValue).toBeCloseTo(Number(expected.amount), 2);
    const inVisits = a.visits.reduce((n, v) => n + v.orders.length, 0);
    expect(inVisits + a.ordersWithoutVisit.length).toBe(expected.orders);
    const sequences = a.visits.map((v) => v.sequence).filter((s): s is number => s !== null);
    expect(sequences).toEqual([...sequences].sort((x, y) => x - y));
    expect(a.visits.every((v) => v.outletName && v.outletCode)).toBe(true);
  });

  it('lets the salesperson and everyone above them open it, nobody else', async () => {
    const { day } = await busyDay();
    for (const email of [
      'sm.vn@demo.test',
      'asm.vn@demo.test',
      'head.vn@demo.test',
      'super@demo.test',
      'dt.vn@demo.test',
    ]) {
      expect((await call(email, DAY, { emailId: 'sm.vn@demo.test', date: day })).statusCode, email).toBe(200);
    }
    const [other] = await sql<{ email: string }>(
      `SELECT u.email FROM salesmen s JOIN users u ON u.id = s.user_id
       JOIN hierarchy_members tl ON tl.id = s.team_leader_member_id JOIN users tu ON tu.id = tl.user_id
       WHERE s.country_code = 'vn' AND tu.email <> 'tl.vn@demo.test' LIMIT 1`,
    );
    expect((await call('tl.vn@demo.test', DAY, { emailId: other!.email })).statusCode).toBe(403);
    expect((await call('sm.vn@demo.test', DAY, { emailId: other!.email })).statusCode).toBe(403);
    // A manager is not a salesperson; an unknown email says no more than a foreign one.
    expect((await call('head.vn@demo.test', DAY, { emailId: 'tl.vn@demo.test' })).statusCode).toBe(403);
    expect((await call('head.vn@demo.test', DAY, { emailId: 'nobody@demo.test' })).statusCode).toBe(403);
    expect((await call('reports.vn@demo.test', DAY, { emailId: 'sm.vn@demo.test' })).statusCode).toBe(403);
    expect((await call(null, DAY, { emailId: 'sm.vn@demo.test' })).statusCode).toBe(401);
  });

  it('answers today by default and refuses a day after today, too far back or not a date (400)', async () => {
    const a = client.data<SalesmanDayAnswer>(
      await call('tl.vn@demo.test', DAY, { emailId: 'sm.vn@demo.test' }),
    );
    expect(a.date).toBe(a.today);
    for (const date of ['2099-01-01', '2020-01-01', '2026-02-30', '20261101']) {
      expect(
        (await call('tl.vn@demo.test', DAY, { emailId: 'sm.vn@demo.test', date })).statusCode,
        date,
      ).toBe(400);
    }
  });
});

describe('names for the breadcrumb and codes for the level', () => {
  it('names each member chosen on the way down and gives salespeople their own SM code', async () => {
    let a = client.data<KpiAnswer>(await call('super@demo.test', TEAM, { period: 'mtd' }));
    const names: string[] = [];
    while (a.rows[0]?.drill) {
      const row = a.rows[0];
      names.push(row.name);
      const { role, type, emailId } = row.drill!;
      a = client.data<KpiAnswer>(
        await call('super@demo.test', TEAM, { period: 'mtd', role, type, emailId: emailId! }),
      );
    }
    expect(a.levels[0]!.name).toBe('Demo Super User');
    expect(a.levels.slice(1, -1).map((l) => l.name)).toEqual(names);
    const smCodes = await sql<{ email: string; sm_code: string }>(
      `SELECT u.email, s.sm_code FROM salesmen s JOIN users u ON u.id = s.user_id`,
    );
    for (const r of a.rows) expect(r.code).toBe(smCodes.find((s) => s.email === r.emailId)!.sm_code);
    expect(new Set(a.rows.map((r) => r.code)).size).toBe(a.rows.length);
  });

  it('names the distributor chosen in the DT View and codes distributors by DT code', async () => {
    const top = client.data<KpiAnswer>(await call('super@demo.test', DT, { period: 'mtd' }));
    const dt = top.rows[0]!;
    expect(dt.code).toBe(dt.dtCode);
    const team = client.data<KpiAnswer>(
      await call('super@demo.test', DT, {
        period: 'mtd',
        role: 'LEVEL3',
        type: 'distributor',
        dtCode: dt.code,
      }),
    );
    expect(team.levels[1]).toMatchObject({ dtCode: dt.code, name: dt.name });
    const lead = team.rows[0]!;
    const people = client.data<KpiAnswer>(
      await call('super@demo.test', DT, {
        period: 'mtd',
        ...lead.drill!,
        emailId: lead.emailId!,
        dtCode: dt.code,
      }),
    );
    expect(people.levels.map((l) => l.name)).toEqual(['Demo Super User', dt.name, lead.name, undefined]);
  });
});
