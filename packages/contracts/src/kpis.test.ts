import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  achievedPercentage,
  comparePerformanceRows,
  defaultActiveIndex,
  distributorChain,
  emptyKpiSums,
  kpiColumnsFor,
  kpiValue,
  levelEntries,
  paceFlag,
  periodRange,
  readKpi,
  resolvePeriod,
  statusBand,
  teamChain,
  type KpiSums,
} from './kpis.js';

/** One salesman, November 2026 (30 days), as docs/kpis.md works it through by hand. */
const sums: KpiSums = {
  ...emptyKpiSums(),
  plannedCalls: 40,
  actualCalls: 36,
  productiveCalls: 20,
  bills: 22,
  gsv: 1500,
  eco: 18,
  newEco: 3,
  ecoBeforeDay: 15,
  ecoTarget: 30,
  productiveCallsTarget: 60,
  billsTarget: 60,
  gsvTarget: 4500,
  hasTargets: true,
};

describe('periods', () => {
  it('keeps day and mtd and falls back to last month', () => {
    expect(resolvePeriod('day')).toBe('day');
    expect(resolvePeriod('MTD')).toBe('mtd');
    for (const v of ['lm', 'ytd', '', undefined, null]) expect(resolvePeriod(v)).toBe('lm');
  });
  it('gives the dates and the target share', () => {
    expect(periodRange('mtd', '2026-11-20')).toMatchObject({
      from: '2026-11-01',
      to: '2026-11-20',
      daysInMonth: 30,
      daysGone: 20,
      timeGonePercentage: 66.67,
    });
    expect(periodRange('day', '2026-11-20')).toMatchObject({ from: '2026-11-20', targetShare: 1 / 30 });
    expect(periodRange('lm', '2026-03-05')).toMatchObject({
      from: '2026-02-01',
      to: '2026-02-28',
      month: '2026-02-01',
      targetShare: 1,
    });
    expect(periodRange('lm', '2026-01-10')).toMatchObject({ from: '2025-12-01', to: '2025-12-31' });
  });
});

describe('KPI formulas on a hand-computed fixture', () => {
  const mtd = periodRange('mtd', '2026-11-20'); // 20 of 30 days: flow targets are 2/3 of the month's
  it('ECO against the whole month’s target', () => {
    expect(kpiValue('eco', sums, mtd, 'vn')).toEqual({
      actual: 18,
      target: 30,
      achievedPercentage: 60,
      monthTarget: 30,
    });
  });
  it('PC as counts in vn and th, as shares of planned calls elsewhere, same achievement', () => {
    expect(kpiValue('prodCalls', sums, mtd, 'vn')).toEqual({
      actual: 20,
      target: 40,
      achievedPercentage: 50,
      monthTarget: 60,
    });
    expect(kpiValue('prodCalls', sums, mtd, 'id')).toEqual({
      actual: 50, // 20 of 40 planned calls
      target: 100, // 40 of 40
      achievedPercentage: 50,
      monthTarget: 60,
    });
  });
  it('bills, GSV and calls', () => {
    expect(kpiValue('billsProd', sums, mtd, 'pk').achievedPercentage).toBe(55);
    expect(kpiValue('gsv', sums, mtd, 'vn')).toEqual({
      actual: 1500,
      target: 3000,
      achievedPercentage: 50,
      monthTarget: 4500,
    });
    expect(kpiValue('calls', sums, mtd, 'vn')).toEqual({
      actual: 36,
      target: 40,
      achievedPercentage: 90,
      monthTarget: null,
    });
  });
  it('New ECO (day): the ECO still missing spread over the days left', () => {
    const day = periodRange('day', '2026-11-20');
    // (30 - 15) outlets over 11 days (20th to 30th) = 1.36, rounded up to 2.
    expect(kpiValue('newEco', sums, day, 'vn')).toEqual({
      actual: 3,
      target: 2,
      achievedPercentage: 150,
      monthTarget: 30,
    });
    expect(kpiValue('gsv', sums, day, 'vn').target).toBe(150);
  });
  it("is 'NA' without a target", () => {
    expect(achievedPercentage(5, 0)).toBe('NA');
    expect(achievedPercentage(5, null)).toBe('NA');
    const none = { ...sums, hasTargets: false };
    expect(kpiValue('gsv', none, mtd, 'vn')).toMatchObject({ target: null, achievedPercentage: 'NA' });
    expect(kpiValue('prodCalls', { ...sums, plannedCalls: 0 }, mtd, 'id').achievedPercentage).toBe('NA');
  });
});

describe('labels (spec section 9)', () => {
  const labels = (...args: Parameters<typeof kpiColumnsFor>) =>
    kpiColumnsFor(...args).map((c) => c.targetLabel);
  it('per market, mode and period', () => {
    expect(labels('performance', 'vn', 'mtd', 'team')).toEqual(['GSV Target', 'ECO Target', 'PC Target']);
    expect(labels('performance', 'ph', 'day', 'team')).toEqual([
      'GSV Target',
      'New ECO Target',
      'PC Target %',
    ]);
    expect(labels('performance', 'pk', 'mtd', 'team')[2]).toBe('Bills Productivity Target');
    expect(labels('distributor', 'th', 'mtd', 'distributor')).toEqual([
      'Secondary [TP] Target',
      'ECO Target',
      'Bills Productivity Target',
    ]);
    expect(kpiColumnsFor('disciplinary', 'vn', 'mtd', 'team')[0]!.actualLabel).toBe('Eco Actuals');
  });
});

describe('chains (spec section 3)', () => {
  const names = (c: ReturnType<typeof teamChain>) => c.map((l) => l.levelname);
  it('team chains start at the viewer; the second entry is active, the first for a team leader', () => {
    expect(names(teamChain('vn', 'Super User'))[0]).toBe('Super User');
    expect(names(teamChain('vn', 'Whatever'))[0]).toBe('CD VP');
    expect(names(teamChain('vn', 'Supervisor'))).toEqual(['Supervisor', 'Team Leader', 'Salesman']);
    expect(names(teamChain('vn', 'Area Sales Manager'))).toEqual([
      'Area Sales Manager',
      'Supervisor',
      'Team Leader',
      'Salesman',
    ]);
    expect(names(teamChain('vn', 'DT Operator'))).toEqual(['DT Operator', 'Team Leader', 'Salesman']);
    expect(defaultActiveIndex('team', teamChain('vn', 'Team Leader'), 'vn')).toBe(0);
    expect(defaultActiveIndex('team', teamChain('id', 'OM DSS'), 'id')).toBe(0);
    expect(defaultActiveIndex('team', teamChain('vn', 'Supervisor'), 'vn')).toBe(1);
    expect(teamChain('id', 'Area Sales Manager').map((l) => l.level)).toEqual([
      'LEVEL3',
      'LEVEL4',
      'LEVEL5',
      'LEVEL6',
    ]);
  });
  it('distributor chains carry role, with the regional variant’s titles', () => {
    const chain = distributorChain('bd', 'CD VP');
    expect(chain.map((l) => [l.levelname, l.columnName, l.level])).toEqual([
      ['CD VP', 'CD VP', 'LEVEL1'],
      ['Distributor Details', 'DT Site Code', 'LEVEL2'],
      ['Field Sale Executive', 'Field Sale Executive', 'LEVEL3'],
      ['Sales Officer', 'Sales Officer', 'LEVEL4'],
    ]);
    const entries = levelEntries('distributor', chain, 2, [{ emailId: 'a@x.test' }, { dtCode: 'BDDT001' }]);
    expect(entries.map((e) => [e.emailId, e.active, e.role, e.dtCode])).toEqual([
      ['a@x.test', false, 'LEVEL1', undefined],
      ['', false, 'LEVEL2', 'BDDT001'],
      ['', true, 'LEVEL3', undefined],
      ['', false, 'LEVEL4', undefined],
    ]);
    expect(distributorChain('vn', 'Branch Manager')[1]!.levelname).toBe('Distributor');
  });
});

describe('sorting', () => {
  const row = (emailId: string, achievedPercentage: number | 'NA') => ({
    emailId,
    code: emailId,
    achievedPercentage,
  });
  it("orders by achievement with 'NA' as 0, then by email local part", () => {
    const rows = [row('b@x', 'NA'), row('a@x', 50), row('10@x', -5), row('2@x', 'NA')];
    expect(rows.sort(comparePerformanceRows('achievedPercentage', 'desc')).map((r) => r.emailId)).toEqual([
      'a@x',
      '2@x',
      'b@x',
      '10@x',
    ]);
    expect(rows.sort(comparePerformanceRows('email', 'asc')).map((r) => r.emailId)).toEqual([
      '2@x',
      '10@x',
      'a@x',
      'b@x',
    ]);
  });
});

describe('one meaning of target, one status scale (issue 10)', () => {
  const mtd = { period: 'mtd' as const, daysGone: 23, daysInMonth: 30 };
  const gsv = (actual: number, monthTarget: number) => {
    const target = Math.round(monthTarget * (23 / 30) * 100) / 100;
    return { actual, target, achievedPercentage: achievedPercentage(actual, target), monthTarget };
  };

  it('shows the month target month to date, with expected by today beside it', () => {
    const r = readKpi('gsv', gsv(4_000, 10_000), 'amount', mtd);
    expect(r.target).toBe(10_000);
    expect(r.expected).toBe(7_666.67);
    expect(r.achievement).toBe(40);
    expect(r.pace).toBe(52.17);
    expect(r.band).toBe('bad');
  });

  it('judges ECO on the same straight line as the flow KPIs', () => {
    const eco = { actual: 70, target: 88, achievedPercentage: 79.55, monthTarget: 88 };
    const r = readKpi('eco', eco, 'count', mtd);
    expect([r.target, r.expected, r.achievement]).toEqual([88, 67.47, 79.55]);
    expect(r.band).toBe('good');
    expect(paceFlag(r)).toBeNull();
  });

  it('keeps the answer’s own target for a day, last month, calls and % rates', () => {
    const v = { actual: 5, target: 10, achievedPercentage: 50, monthTarget: 300 };
    expect(readKpi('gsv', v, 'amount', { ...mtd, period: 'day' })).toMatchObject({
      target: 10,
      expected: null,
    });
    expect(readKpi('gsv', v, 'amount', { ...mtd, period: 'lm' }).band).toBe('bad');
    expect(readKpi('calls', { ...v, monthTarget: null }, 'count', mtd).target).toBe(10);
    expect(readKpi('prodCalls', v, 'percent', mtd).expected).toBeNull();
  });

  it('bands on the figure as shown, so 99.996 % is on target', () => {
    expect([99.996, 99.99, 80, 79.994, 'NA' as const].map((v) => statusBand(v))).toEqual([
      'good',
      'warn',
      'warn',
      'bad',
      'na',
    ]);
  });

  it('never lets a row’s band and its pace flag contradict', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2_000_000 }),
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 1, max: 31 }),
        fc.constantFrom(...(['gsv', 'eco', 'prodCalls', 'billsProd'] as const)),
        (actual, monthTarget, day, key) => {
          const range = { period: 'mtd' as const, daysGone: Math.min(day, 28), daysInMonth: 28 };
          const target =
            key === 'eco' ? monthTarget : Math.round(monthTarget * (range.daysGone / 28) * 100) / 100;
          const value = {
            actual,
            target,
            achievedPercentage: achievedPercentage(actual, target),
            monthTarget,
          };
          const r = readKpi(key, value, 'count', range);
          const flag = paceFlag(r);
          const behindLine = r.expected !== null && actual < r.expected;
          // Green only at or ahead of the line (as shown); a flag only on amber or red, matching it.
          if (r.band === 'good') expect(flag).toBeNull();
          if (flag === 'behind') expect(r.band).toBe('bad');
          if (flag === 'close') expect(r.band).toBe('warn');
          if (r.band === 'bad' || r.band === 'warn') expect(flag).not.toBeNull();
          if (behindLine && r.band === 'good') expect(r.pace).toBeGreaterThanOrEqual(99.995);
          // Flow KPIs: the status figure is the answer's own achievement against expected by today.
          if (key !== 'eco') expect(r.pace).toBe(value.achievedPercentage);
        },
      ),
    );
  });
});
