/**
 * The UCube KPI calls (issue 4) on the `test` seed: KPI values against an independent count over
 * visits and orders, the chains and active defaults of spec section 3, scope, periods and labels.
 */
import { describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { KpiAnswer, PerformanceRow } from '@fieldforce/contracts';
import { refreshSummaries } from '../../src/db/seed/summaries.js';
import { body } from '../auth/helpers.js';
import { ucubeTestClient } from './helpers.js';

const client = ucubeTestClient();
const { call, sql } = client;

const TEAM = '/api/ucube/individual-performance-kpis';
const DT = '/api/ucube/individual-distributor-kpis';
const KPI = '/api/ucube/individual-disciplinary-kpis';

const answer = (res: LightMyRequestResponse) => client.data<KpiAnswer>(res);

describe('access and scope', () => {
  it('needs a token (401) and UCube access (403)', async () => {
    expect((await call(null, TEAM)).statusCode).toBe(401);
    expect((await call('none.vn@demo.test', TEAM)).statusCode).toBe(403);
    expect((await call('reports.vn@demo.test', DT)).statusCode).toBe(403);
  });

  it('lets a team leader open only their own team', async () => {
    const [other] = await sql<{ email: string }>(
      `SELECT u.email FROM hierarchy_members m JOIN users u ON u.id = m.user_id
       WHERE m.country_code = 'vn' AND m.title = 'Team Leader' AND u.email <> 'tl.vn@demo.test'`,
    );
    const own = answer(await call('tl.vn@demo.test', TEAM, { role: 'LEVEL6', emailId: 'tl.vn@demo.test' }));
    expect(own.rows.length).toBeGreaterThan(0);
    expect(own.total.emailId).toBe('tl.vn@demo.test');
    const refused = await call('tl.vn@demo.test', TEAM, { role: 'LEVEL6', emailId: other!.email });
    expect(refused.statusCode).toBe(403);
    // A level above their own is not in their chain.
    expect((await call('tl.vn@demo.test', TEAM, { role: 'LEVEL4' })).statusCode).toBe(403);
    // The head above both may open it.
    const head = answer(await call('head.vn@demo.test', TEAM, { role: 'LEVEL6', emailId: other!.email }));
    expect(head.total.emailId).toBe(other!.email);
  });

  it('keeps an area manager out of the other area', async () => {
    const [otherSupervisor] = await sql<{ email: string }>(
      `SELECT u.email FROM hierarchy_members m JOIN users u ON u.id = m.user_id
       JOIN hierarchy_members a ON a.id = m.manager_id JOIN users au ON au.id = a.user_id
       WHERE m.country_code = 'vn' AND m.title = 'Supervisor' AND au.email <> 'asm.vn@demo.test'`,
    );
    expect(
      (await call('asm.vn@demo.test', TEAM, { role: 'LEVEL5', emailId: otherSupervisor!.email })).statusCode,
    ).toBe(403);
    expect(
      (await call('asm.vn@demo.test', TEAM, { role: 'LEVEL5', emailId: 'nobody@demo.test' })).statusCode,
    ).toBe(403);
  });

  it('limits a DT operator to their distributor', async () => {
    const dt = answer(await call('dt.vn@demo.test', DT));
    const [{ codes }] = (await sql<{ codes: string }>(
      `SELECT dt_access_codes AS codes FROM users WHERE email = 'dt.vn@demo.test'`,
    )) as [{ codes: string }];
    expect(dt.rows.map((r) => r.code)).toEqual([codes]);
    const [other] = await sql<{ dt_code: string }>(
      `SELECT dt_code FROM distributors WHERE country_code = 'vn' AND dt_code <> $1 AND active`,
      [codes],
    );
    expect((await call('dt.vn@demo.test', DT, { role: 'LEVEL3', dtCode: other!.dt_code })).statusCode).toBe(
      403,
    );
    const own = answer(await call('dt.vn@demo.test', DT, { role: 'LEVEL3', dtCode: codes }));
    expect(own.rows.length).toBeGreaterThan(0);
    expect(own.rows.every((r) => r.dtCode === codes)).toBe(true);
    expect(own.levels[1]).toMatchObject({ dtCode: codes, active: false, role: 'LEVEL2' });
    // The team view of a DT operator is their distributor's teams.
    const team = answer(await call('dt.vn@demo.test', TEAM));
    expect(team.levels.map((l) => l.levelname)).toEqual(['DT Operator', 'Team Leader', 'Salesman']);
    expect(team.rows.every((r) => r.dtCode === codes)).toBe(true);
  });

  it('refuses a business scope assignment the caller does not have', async () => {
    const own = await sql<{ bsa: string }>(
      `SELECT b.bsa FROM user_bsa b JOIN users u ON u.id = b.user_id WHERE u.email = 'sm.vn@demo.test'`,
    );
    const missing = ['Distributor', 'New Channel', 'Ice Cream'].find((b) => !own.some((o) => o.bsa === b));
    if (missing) expect((await call('sm.vn@demo.test', TEAM, { bsa: missing })).statusCode).toBe(403);
    expect(answer(await call('super@demo.test', TEAM, { bsa: 'New Channel' })).bsa).toBe('New Channel');
  });

  it('names the missing choice (400) when a level needs a node above it', async () => {
    const res = await call('super@demo.test', TEAM, { role: 'LEVEL4' });
    expect(res.statusCode).toBe(400);
    expect(body(res).errors?.fields?.[0]?.field).toBe('emailId');
    const dt = await call('super@demo.test', DT, { role: 'LEVEL3' });
    expect(body(dt).errors?.fields?.[0]?.field).toBe('dtCode');
    expect((await call('super@demo.test', TEAM, { type: 'distributor' })).statusCode).toBe(400);
  });
});

describe('chains and active defaults (spec section 3)', () => {
  const names = (a: KpiAnswer) => a.levels.map((l) => [l.levelname, l.columnName, l.active]);

  it('standard (id): Super User down to OM DSS and Salesman, the second level active', async () => {
    const a = answer(await call('super@demo.test', TEAM, { countryCode: 'id' }));
    expect(names(a)).toEqual([
      ['Super User', 'Super User', false],
      ['Regional Sales Director', 'Regional Sales Director', true],
      ['Area Sales Manager', 'Area Sales Manager', false],
      ['Assistant Area Sales Manager', 'Assistant Area Sales Manager', false],
      ['OM DSS', 'Team Leads', false],
      ['Salesman', 'Sales Person', false],
    ]);
    expect(a.rows.every((r) => r.levelname === 'Regional Sales Director')).toBe(true);
    expect(a.levels.every((l) => l.role === undefined)).toBe(true);
  });

  it('branch (vn): the Branch Manager list, CD VP for admins, the Team Leader list active first', async () => {
    const head = answer(await call('head.vn@demo.test', TEAM));
    expect(names(head)).toEqual([
      ['Branch Manager', 'Branch Manager', false],
      ['Area Sales Manager', 'Area Sales Manager', true],
      ['Supervisor', 'Sales Supervisor', false],
      ['Team Leader', 'Team Leads', false],
      ['Salesman', 'Sales Person', false],
    ]);
    expect(head.rows).toHaveLength(2);
    const admin = answer(await call('admin.vn@demo.test', TEAM));
    expect(admin.levels[0]).toMatchObject({ levelname: 'CD VP', active: false });
    expect(admin.levels[1]).toMatchObject({ levelname: 'Branch Manager', active: true });
    const tl = answer(await call('tl.vn@demo.test', TEAM));
    expect(names(tl)).toEqual([
      ['Team Leader', 'Team Leads', true],
      ['Salesman', 'Sales Person', false],
    ]);
    expect(tl.rows.map((r) => r.emailId)).toEqual(['tl.vn@demo.test']);
  });

  it('regional (bd): Distributor Details, Field Sale Executive and Sales Officer on the distributor side', async () => {
    const a = answer(await call('super@demo.test', DT, { countryCode: 'bd' }));
    expect(a.levels.map((l) => [l.levelname, l.columnName, l.role, l.active])).toEqual([
      ['Super User', 'Super User', 'LEVEL1', false],
      ['Distributor Details', 'DT Site Code', 'LEVEL2', true],
      ['Field Sale Executive', 'Field Sale Executive', 'LEVEL3', false],
      ['Sales Officer', 'Sales Officer', 'LEVEL4', false],
    ]);
    const team = answer(await call('super@demo.test', TEAM, { countryCode: 'bd' }));
    expect(team.levels.map((l) => l.levelname)).toEqual([
      'Super User',
      'Regional Manager',
      'Area Manager',
      'Senior/Territory Manager',
      'Operations Manager',
      'Field Sale Executive',
      'Sales Officer',
    ]);
  });

  it('drills from the market to one salesman, recording the email chosen at each level', async () => {
    let a = answer(await call('super@demo.test', TEAM, { period: 'mtd' }));
    const path: string[] = [];
    while (a.rows[0]?.drill) {
      const row = a.rows[0];
      path.push(row.emailId!);
      const { role, type, emailId } = row.drill!;
      a = answer(await call('super@demo.test', TEAM, { period: 'mtd', role, type, emailId: emailId! }));
      expect(a.total.emailId).toBe(row.emailId);
      expect(a.total.kpis).toEqual(row.kpis);
    }
    expect(a.levels.at(-1)).toMatchObject({ levelname: 'Salesman', active: true, emailId: '' });
    expect(a.levels.slice(1, -1).map((l) => l.emailId)).toEqual(path);
    expect(a.rows.every((r) => r.salesmanCode && r.drill === null)).toBe(true);
  });
});

describe('the distributor chain and the bottom of the team chain', () => {
  it('drills distributor → team lead → salesmen, keeping the distributor chosen', async () => {
    const top = answer(await call('super@demo.test', DT, { period: 'mtd' }));
    const dt = top.rows[0]!;
    expect(dt.drill).toEqual({ role: 'LEVEL3', type: 'distributor', dtCode: dt.code });
    const teams = answer(await call('super@demo.test', DT, { period: 'mtd', ...dt.drill, dtCode: dt.code }));
    expect(teams.total).toMatchObject({ code: dt.code, kpis: dt.kpis });
    const team = teams.rows[0]!;
    expect(team.drill).toMatchObject({ role: 'LEVEL4', emailId: team.emailId, dtCode: dt.code });
    const people = answer(
      await call('super@demo.test', DT, {
        period: 'mtd',
        role: 'LEVEL4',
        emailId: team.emailId!,
        dtCode: dt.code,
      }),
    );
    expect(people.levels.map((l) => [l.emailId, l.dtCode, l.active])).toEqual([
      ['super@demo.test', undefined, false],
      ['', dt.code, false],
      [team.emailId, undefined, false],
      ['', undefined, true],
    ]);
    expect(people.rows.every((r) => r.dtCode === dt.code && r.drill === null)).toBe(true);
  });

  it('shows a salesperson only their own row', async () => {
    const a = answer(await call('sm.vn@demo.test', TEAM, { period: 'mtd' }));
    expect(a.levels.map((l) => [l.levelname, l.active])).toEqual([['Salesman', true]]);
    expect(a.rows.map((r) => r.emailId)).toEqual(['sm.vn@demo.test']);
    expect(a.rows[0]!.salesmanCode).toBeTruthy();
    expect(
      (await call('sm.vn@demo.test', TEAM, { emailId: 'tl.vn@demo.test', role: 'LEVEL6' })).statusCode,
    ).toBe(403);
  });
});

describe('KPI values', () => {
  interface Independent {
    email: string;
    gsv: number;
    eco: number;
    productive: number;
    planned: number;
    actual: number;
    bills: number;
    new_eco: number;
  }
  /** The same figures counted straight from visits and orders (not the summary tables). */
  const independent = (from: string, to: string) =>
    sql<Independent>(
      `SELECT u.email,
         coalesce((SELECT sum(o.gross_amount) FROM orders o WHERE o.salesman_id = s.id AND o.invoice_date BETWEEN $1 AND $2), 0)::float8 AS gsv,
         (SELECT count(DISTINCT o.outlet_id) FROM orders o WHERE o.salesman_id = s.id AND o.invoice_date BETWEEN $1 AND $2)::int AS eco,
         (SELECT count(*) FROM orders o WHERE o.salesman_id = s.id AND o.invoice_date BETWEEN $1 AND $2)::int AS bills,
         (SELECT count(*) FROM visits v WHERE v.salesman_id = s.id AND v.productive AND v.visit_date BETWEEN $1 AND $2)::int AS productive,
         (SELECT count(*) FROM visits v WHERE v.salesman_id = s.id AND v.planned AND v.visit_date BETWEEN $1 AND $2)::int AS planned,
         (SELECT count(*) FROM visits v WHERE v.salesman_id = s.id AND v.actual AND v.visit_date BETWEEN $1 AND $2)::int AS actual,
         (SELECT count(DISTINCT o.outlet_id) FROM orders o WHERE o.salesman_id = s.id AND o.invoice_date = $2
            AND NOT EXISTS (SELECT 1 FROM orders p WHERE p.salesman_id = s.id AND p.outlet_id = o.outlet_id
                            AND p.invoice_date >= date_trunc('month', $2::date) AND p.invoice_date < $2))::int AS new_eco
       FROM salesmen s JOIN users u ON u.id = s.user_id
       JOIN hierarchy_members tl ON tl.id = s.team_leader_member_id JOIN users tu ON tu.id = tl.user_id
       WHERE tu.email = 'tl.vn@demo.test'`,
      [from, to],
    );
  const targets = () =>
    sql<{
      email: string;
      eco_target: number;
      productive_calls_target: number;
      bills_target: number;
      gsv_target: number;
    }>(
      `SELECT u.email, t.eco_target, t.productive_calls_target, t.bills_target, t.gsv_target::float8 AS gsv_target
       FROM monthly_targets t JOIN salesmen s ON s.id = t.salesman_id JOIN users u ON u.id = s.user_id
       WHERE t.month = '2026-11-01'`,
    );
  const pct = (a: number, b: number) => Math.round((a / b) * 10000) / 100;
  const round2 = (x: number) => Math.round(x * 100) / 100;
  const byEmail = (rows: PerformanceRow[], email: string) => rows.find((r) => r.emailId === email)!;

  it('month to date: GSV, ECO and PC of each salesman match visits and orders; targets on the straight line', async () => {
    const a = answer(
      await call('tl.vn@demo.test', TEAM, { period: 'mtd', role: 'LEVEL6', emailId: 'tl.vn@demo.test' }),
    );
    const expected = await independent('2026-11-01', '2026-11-20');
    const tgt = await targets();
    expect(a.rows.map((r) => r.emailId).sort()).toEqual(expected.map((e) => e.email).sort());
    for (const e of expected) {
      const row = byEmail(a.rows, e.email);
      const target = tgt.find((x) => x.email === e.email)!;
      expect(row.kpis.gsv!.actual).toBeCloseTo(e.gsv, 2);
      expect(row.kpis.gsv!.target).toBeCloseTo(round2((target.gsv_target * 20) / 30), 2);
      expect(row.kpis.gsv!.monthTarget).toBeCloseTo(target.gsv_target, 2);
      expect(row.kpis.eco).toEqual({
        actual: e.eco,
        target: target.eco_target,
        achievedPercentage: pct(e.eco, target.eco_target),
        monthTarget: target.eco_target,
      });
      expect(row.kpis.prodCalls!.actual).toBe(e.productive);
      expect(row.achievedPercentage).toBe(row.kpis.gsv!.achievedPercentage);
    }
    // The total is the team: sums of the salesmen (ECO: distinct outlets).
    expect(a.total.kpis.prodCalls!.actual).toBe(expected.reduce((s, e) => s + e.productive, 0));
    expect(a.total.kpis.eco!.actual).toBe(expected.reduce((s, e) => s + e.eco, 0));
    // Sorted by achievedPercentage, highest first.
    const values = a.rows.map((r) => (r.achievedPercentage === 'NA' ? 0 : r.achievedPercentage));
    expect(values).toEqual([...values].sort((x, y) => y - x));
  });

  it('day: New ECO, calls and bills of the day', async () => {
    const a = answer(
      await call('tl.vn@demo.test', KPI, { period: 'day', role: 'LEVEL6', emailId: 'tl.vn@demo.test' }),
    );
    expect(a.kpis.map((k) => k.key)).toEqual(['newEco', 'prodCalls', 'calls']);
    const expected = await independent('2026-11-20', '2026-11-20');
    const dt = answer(await call('super@demo.test', KPI, { period: 'day', type: 'distributor' }));
    expect(dt.kpis.map((k) => k.key)).toEqual(['newEco', 'billsProd', 'calls']);
    for (const e of expected) {
      const row = byEmail(a.rows, e.email);
      expect(row.kpis.newEco!.actual).toBe(e.new_eco);
      expect(row.kpis.calls).toMatchObject({ actual: e.actual, target: e.planned });
      expect(row.kpis.prodCalls!.actual).toBe(e.productive);
    }
  });

  it('bills productivity in distributor mode and percentages of planned calls outside vn and th', async () => {
    const dt = answer(
      await call('tl.vn@demo.test', DT, { period: 'mtd', role: 'LEVEL4', emailId: 'tl.vn@demo.test' }),
    );
    const expected = await independent('2026-11-01', '2026-11-20');
    for (const e of expected) expect(byEmail(dt.rows, e.email).kpis.billsProd!.actual).toBe(e.bills);

    const ph = answer(await call('super@demo.test', TEAM, { countryCode: 'ph', period: 'mtd' }));
    const [sums] = await sql<{ productive: number; planned: number }>(
      `SELECT coalesce(sum(productive_calls), 0)::int AS productive, coalesce(sum(planned_calls), 0)::int AS planned
       FROM salesman_daily_kpis k JOIN salesmen s ON s.id = k.salesman_id
       WHERE k.country_code = 'ph' AND s.bsa = $1 AND k.kpi_date BETWEEN '2026-11-01' AND '2026-11-20'`,
      [ph.bsa],
    );
    expect(ph.total.kpis.prodCalls!.actual).toBeCloseTo(pct(sums!.productive, sums!.planned), 2);
  });
});

describe('periods and labels', () => {
  it('falls back to last month for an unknown or missing period', async () => {
    for (const period of ['nonsense', '']) {
      const a = answer(await call('super@demo.test', TEAM, period ? { period } : {}));
      expect(a.period).toBe('lm');
      expect(a.range).toMatchObject({ from: '2026-10-01', to: '2026-10-31', month: '2026-10-01' });
    }
    expect(answer(await call('super@demo.test', TEAM, { period: 'MTD' })).period).toBe('mtd');
    expect(answer(await call('super@demo.test', TEAM, { period: 'day' })).range).toMatchObject({
      from: '2026-11-20',
      to: '2026-11-20',
    });
  });

  it('labels per market and mode (spec section 9)', async () => {
    const labels = async (url: string, countryCode: string, period = 'mtd') =>
      answer(await call('super@demo.test', url, { countryCode, period })).kpis.map((k) => [
        k.label,
        k.targetLabel,
        k.actualLabel,
      ]);
    expect(await labels(TEAM, 'vn')).toEqual([
      ['GSV', 'GSV Target', 'GSV Actuals'],
      ['ECO', 'ECO Target', 'Eco Actuals'],
      ['PC', 'PC Target', 'PC Actuals'],
    ]);
    expect((await labels(TEAM, 'th'))[2]).toEqual(['PC', 'PC Target', 'PC Actuals']);
    expect((await labels(TEAM, 'id'))[2]).toEqual(['PC %', 'PC Target %', 'PC Actuals %']);
    expect((await labels(TEAM, 'pk'))[2]).toEqual([
      'Bills Productivity',
      'Bills Productivity Target',
      'Bills Productivity Actuals',
    ]);
    expect((await labels(TEAM, 'vn', 'day'))[1]).toEqual(['New ECO', 'New ECO Target', 'New ECO Actuals']);
    expect(await labels(DT, 'vn')).toEqual([
      ['Secondary [TP]', 'Secondary [TP] Target', 'Secondary [TP] Actuals'],
      ['ECO', 'ECO Target', 'Eco Actuals'],
      ['Bills Productivity', 'Bills Productivity Target', 'Bills Productivity Actuals'],
    ]);
  });

  it('sorts by email local part when asked', async () => {
    const a = answer(
      await call('super@demo.test', TEAM, { role: 'LEVEL6', emailId: 'tl.vn@demo.test', sort: 'email' }),
    );
    const emails = a.rows.map((r) => r.emailId!.split('@')[0]);
    expect(emails).toEqual([...emails].sort((x, y) => x!.localeCompare(y!, 'en', { sensitivity: 'base' })));
  });
});

describe('answer cache', () => {
  const query = { period: 'mtd', role: 'LEVEL6', emailId: 'tl.vn@demo.test' };
  const teamGsv = async () =>
    answer(await call('tl.vn@demo.test', TEAM, query)).total.kpis.gsv!.actual as number;

  it('serves the same answer until a data load bumps the version, then the new figures', async () => {
    const first = await call('tl.vn@demo.test', TEAM, query);
    const again = await call('tl.vn@demo.test', TEAM, query);
    expect(again.body).toBe(first.body);
    expect(again.headers['content-type']).toMatch(/^application\/json/);
    const before = await teamGsv();

    // A load that changes the summary tables (here by hand) and marks the data as changed.
    const [one] = await sql<{ salesman_id: number; kpi_date: string }>(
      `SELECT k.salesman_id, k.kpi_date::text FROM salesman_daily_kpis k
       JOIN salesmen s ON s.id = k.salesman_id JOIN hierarchy_members tl ON tl.id = s.team_leader_member_id
       JOIN users u ON u.id = tl.user_id
       WHERE u.email = 'tl.vn@demo.test' AND k.kpi_date BETWEEN '2026-11-01' AND '2026-11-20' LIMIT 1`,
    );
    const bump = `UPDATE salesman_daily_kpis SET gsv = gsv + $3 WHERE salesman_id = $1 AND kpi_date = $2`;
    await sql(bump, [one!.salesman_id, one!.kpi_date, 1000]);
    try {
      expect(await teamGsv()).toBe(before); // not yet announced: still the cached answer
      await client.t.app.dataVersion.bump();
      expect(await teamGsv()).toBeCloseTo(before + 1000, 2);
    } finally {
      await sql(bump, [one!.salesman_id, one!.kpi_date, -1000]);
      await client.t.app.dataVersion.bump();
    }
    expect(await teamGsv()).toBeCloseTo(before, 2);
  });

  it('never hands one caller’s answer to another, nor across markets or days', async () => {
    const leader = await call('tl.vn@demo.test', TEAM, { period: 'mtd' });
    const boss = await call('super@demo.test', TEAM, { period: 'mtd' });
    expect(answer(leader).levels).not.toEqual(answer(boss).levels);
    // The team leader asking for the same node through the Super User's URL is still checked.
    const superRows = answer(boss).rows;
    const foreign = superRows.find((r) => r.drill?.emailId && r.drill.emailId !== 'tl.vn@demo.test');
    expect(foreign).toBeTruthy();
    await call('super@demo.test', TEAM, { period: 'mtd', ...foreign!.drill! });
    const denied = await call('tl.vn@demo.test', TEAM, { period: 'mtd', ...foreign!.drill! });
    expect(denied.statusCode).toBe(403);
    const ph = await call('super@demo.test', TEAM, { period: 'mtd', countryCode: 'ph' });
    expect(answer(ph).countryCode).toBe('ph');
  });
});

describe('drill from the total row (span=subtree)', () => {
  const follow = (email: string, url: string, drill: NonNullable<PerformanceRow['drill']>) =>
    call(email, url, { period: 'mtd', ...(drill as Record<string, string>) });

  it('opens every salesperson of the market from the top total, with the same total', async () => {
    const top = answer(await call('super@demo.test', TEAM, { period: 'mtd' }));
    expect(top.total.drill).toEqual({ role: 'LEVEL6', type: 'team', span: 'subtree' });
    const all = answer(await follow('super@demo.test', TEAM, top.total.drill!));
    const [count] = await sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM salesmen WHERE country_code = 'vn' AND bsa = $1`,
      [all.bsa],
    );
    expect(all.rows).toHaveLength(count!.n);
    expect(all.rows.every((r) => r.levelname === 'Salesman' && r.drill === null)).toBe(true);
    expect(all.total.kpis).toEqual(top.total.kpis);
    expect(all.total.drill).toBeNull(); // the rows already are the bottom level
    // Levels between the top and the salespeople were skipped: nothing chosen there.
    expect(all.levels.map((l) => [l.emailId, l.active])).toEqual([
      ['super@demo.test', false],
      ['', false],
      ['', false],
      ['', false],
      ['', false],
      ['', true],
    ]);
  });

  it('opens the salespeople under one manager, summing to that manager’s total', async () => {
    const top = answer(await call('super@demo.test', TEAM, { period: 'mtd' }));
    const branch = top.rows[0]!;
    const asms = answer(await follow('super@demo.test', TEAM, branch.drill!));
    expect(asms.total.drill).toEqual({
      role: 'LEVEL6',
      type: 'team',
      span: 'subtree',
      emailId: branch.emailId,
    });
    const people = answer(await follow('super@demo.test', TEAM, asms.total.drill!));
    expect(people.total).toMatchObject({ emailId: branch.emailId, kpis: branch.kpis });
    expect(people.levels[1]).toMatchObject({ emailId: branch.emailId });
    const gsv = people.rows.reduce((s, r) => s + (r.kpis.gsv!.actual as number), 0);
    expect(gsv).toBeCloseTo(branch.kpis.gsv!.actual as number, 2);
  });

  it('opens a distributor’s salespeople from its total in the DT View', async () => {
    const top = answer(await call('super@demo.test', DT, { period: 'mtd' }));
    const dt = top.rows[0]!;
    const teams = answer(await follow('super@demo.test', DT, dt.drill!));
    expect(teams.total.drill).toEqual({
      role: 'LEVEL4',
      type: 'distributor',
      span: 'subtree',
      dtCode: dt.code,
    });
    const people = answer(await follow('super@demo.test', DT, teams.total.drill!));
    expect(people.rows.length).toBeGreaterThan(0);
    expect(
      people.rows.every((r) => r.dtCode === dt.code && r.levelname === people.levels[3]!.levelname),
    ).toBe(true);
    expect(people.total.kpis).toEqual(dt.kpis);
  });

  it('keeps scope: a team leader cannot open another team or their manager’s subtree', async () => {
    const mine = answer(await call('tl.vn@demo.test', TEAM, { period: 'mtd' }));
    expect(mine.total.drill).toMatchObject({ span: 'subtree' });
    const top = answer(await call('super@demo.test', TEAM, { period: 'mtd' }));
    const spanOf = (email: string) => ({ period: 'mtd', role: 'LEVEL6', span: 'subtree', emailId: email });
    expect((await call('tl.vn@demo.test', TEAM, spanOf(top.rows[0]!.emailId!))).statusCode).toBe(403);
    expect((await call('sm.vn@demo.test', TEAM, spanOf('tl.vn@demo.test'))).statusCode).toBe(403);
    // A node at or below the level asked for is not a subtree of it.
    const bad = await call('super@demo.test', TEAM, { ...spanOf('sm.vn@demo.test') });
    expect(bad.statusCode).toBe(400);
    expect(body(bad).errors?.fields?.[0]?.field).toBe('emailId');
  });
});

describe('ECO with an outlet billed by two salesmen of one team', () => {
  it('counts the outlet once for the team and once for each of the two salesmen', async () => {
    const db = client.t.database.db;
    // An outlet a salesman of tl.vn's team billed twice this month; the earlier order moves to a teammate.
    const [move] = await sql<{ order_id: number; from_id: number; to_id: number; d: string }>(
      `SELECT o.id AS order_id, o.salesman_id AS from_id, mate.id AS to_id, o.invoice_date::text AS d
       FROM orders o JOIN salesmen s ON s.id = o.salesman_id
       JOIN hierarchy_members tl ON tl.id = s.team_leader_member_id JOIN users tu ON tu.id = tl.user_id
       JOIN orders later ON later.outlet_id = o.outlet_id AND later.salesman_id = o.salesman_id
        AND later.invoice_date > o.invoice_date
       JOIN LATERAL (SELECT id FROM salesmen m WHERE m.team_leader_member_id = s.team_leader_member_id
                     AND m.id <> s.id AND m.bsa = s.bsa ORDER BY id LIMIT 1) mate ON TRUE
       WHERE tu.email = 'tl.vn@demo.test' AND o.invoice_date >= '2026-11-01' AND later.invoice_date <= '2026-11-20'
       ORDER BY o.id LIMIT 1`,
    );
    expect(move, 'the test seed has an outlet billed twice in November').toBeTruthy();
    const reassign = async (to: number) => {
      await db.query(`UPDATE orders SET salesman_id = $2 WHERE id = $1`, [move!.order_id, to]);
      await db.query(`UPDATE invoice_lines SET salesman_id = $2 WHERE order_id = $1`, [move!.order_id, to]);
      await refreshSummaries(db, { from: move!.d, to: move!.d });
      await client.t.app.dataVersion.bump();
    };
    await reassign(move!.to_id);
    try {
      const mtd = answer(
        await call('tl.vn@demo.test', TEAM, { period: 'mtd', role: 'LEVEL6', emailId: 'tl.vn@demo.test' }),
      );
      const [counted] = await sql<{ team: number; per_salesman: number }>(
        `WITH billed AS (
           SELECT o.salesman_id, o.outlet_id FROM orders o JOIN salesmen s ON s.id = o.salesman_id
           JOIN hierarchy_members tl ON tl.id = s.team_leader_member_id JOIN users u ON u.id = tl.user_id
           WHERE u.email = 'tl.vn@demo.test' AND s.bsa = $1 AND o.invoice_date BETWEEN '2026-11-01' AND '2026-11-20'
         )
         SELECT count(DISTINCT outlet_id)::int AS team,
                (SELECT count(*) FROM (SELECT DISTINCT salesman_id, outlet_id FROM billed) x)::int AS per_salesman
         FROM billed`,
        [mtd.bsa],
      );
      // The moved order makes one outlet count for two salesmen, but once for the team.
      expect(counted!.per_salesman).toBe(counted!.team + 1);
      expect(mtd.total.kpis.eco!.actual).toBe(counted!.team);
      const rowsSum = mtd.rows.reduce((n, r) => n + (r.kpis.eco!.actual as number), 0);
      expect(rowsSum).toBe(counted!.per_salesman);
      // The month trend's running ECO ends on the same team figure.
      const trend = await call('tl.vn@demo.test', '/api/ucube/daily-trend', { period: 'mtd', bsa: mtd.bsa });
      expect(trend.statusCode, trend.body).toBe(200);
      const days = body<{ days: { date: string; ecoCumulative: number }[] }>(trend)['response-data'].days;
      expect(days.at(-1)).toMatchObject({ date: '2026-11-20', ecoCumulative: counted!.team });
    } finally {
      await reassign(move!.from_id);
    }
  });
});
