import { describe, expect, it } from 'vitest';
import type { DailyTrendAnswer, TrendDay } from '@fieldforce/contracts';
import {
  niceCeiling,
  straightLine,
  trendLayout,
  trendPoints,
  trendStatus,
  xTickDays,
  type TrendPoint,
} from './trend-logic';

const day = (n: number, gsv: number, gsvCumulative: number, ecoCumulative: number): TrendDay => ({
  date: `2026-11-${String(n).padStart(2, '0')}`,
  gsv,
  gsvCumulative,
  newEco: 0,
  ecoCumulative,
  productiveCalls: 0,
  productiveCallsCumulative: 0,
  plannedCalls: 0,
  plannedCallsCumulative: 0,
  bills: 0,
  billsCumulative: 0,
});

const answer: DailyTrendAnswer = {
  countryCode: 'vn',
  bsa: 'Distributor',
  period: 'mtd',
  month: '2026-11-01',
  daysInMonth: 30,
  daysGone: 3,
  targets: { gsv: 3000, eco: null, productiveCalls: 90, bills: 90 },
  days: [day(1, 100, 100, 4), day(2, 50, 150, 6), day(3, 0, 150, 6)],
};

describe('series and the straight line', () => {
  it('reads the cumulative series of a KPI with the straight line at each day', () => {
    expect(trendPoints(answer, 'gsv')).toEqual([
      { day: 1, date: '2026-11-01', daily: 100, cumulative: 100, expected: 100 },
      { day: 2, date: '2026-11-02', daily: 50, cumulative: 150, expected: 200 },
      { day: 3, date: '2026-11-03', daily: 0, cumulative: 150, expected: 300 },
    ]);
    expect(trendPoints(answer, 'eco').every((p) => p.expected === null)).toBe(true);
    // Bills (the headline of Pakistan and of distributor mode) read their own series and target.
    const billed = {
      ...answer,
      days: answer.days.map((d, i) => ({ ...d, bills: 2, billsCumulative: 2 * (i + 1) })),
    };
    expect(trendPoints(billed, 'bills').map((p) => [p.daily, p.cumulative, p.expected])).toEqual([
      [2, 2, 3],
      [2, 4, 6],
      [2, 6, 9],
    ]);
    expect(straightLine(3000, 30, 30)).toBe(3000);
    expect(straightLine(3000, 0, 30)).toBe(0);
  });

  it('says where the last day stands against the line, and nothing without a target', () => {
    expect(trendStatus(trendPoints(answer, 'gsv'), 3000)).toMatchObject({
      expected: 300,
      achieved: 5,
      ahead: false,
      target: 3000,
    });
    const ahead: TrendPoint[] = [{ day: 1, date: 'x', daily: 500, cumulative: 500, expected: 100 }];
    expect(trendStatus(ahead, 3000)!.ahead).toBe(true);
    expect(trendStatus(trendPoints(answer, 'eco'), null)).toBeNull();
    expect(trendStatus([], 3000)).toBeNull();
  });
});

describe('axes', () => {
  it('ends the scale just above the largest value: 1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6 or 8 × 10ⁿ', () => {
    expect([0, 1, 7, 19, 21, 240, 3000, 3001, 46_000_000, 5.68e9, 0.35].map(niceCeiling)).toEqual([
      1, 1, 8, 20, 25, 250, 3000, 4000, 50_000_000, 6e9, 0.4,
    ]);
    // Never more than a third above the value (the old 1-2-2.5-5 steps left up to half the plot empty).
    for (let v = 1; v < 1e7; v *= 1.37) expect(niceCeiling(v) / v).toBeLessThanOrEqual(4 / 3 + 1e-9);
  });

  it('labels fewer days on a narrow plot, always the first and the last', () => {
    expect(xTickDays(30, 900)).toEqual([1, 2, 3, ...Array.from({ length: 26 }, (_, i) => i + 4), 30]);
    const narrow = xTickDays(30, 400);
    expect(narrow[0]).toBe(1);
    expect(narrow.at(-1)).toBe(30);
    const gaps = narrow.slice(1).map((d, i) => ((d - narrow[i]!) * 400) / 30);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(28);
    expect(xTickDays(31, 380)).toEqual([1, 5, 10, 15, 20, 25, 31]);
  });
});

describe('layout', () => {
  const layout = (width: number, today: number | null = 3) =>
    trendLayout({
      points: trendPoints(answer, 'gsv'),
      target: 3000,
      daysInMonth: 30,
      today,
      width,
      height: 240,
    });

  it('runs both lines from the origin; the target line ends at the top right on the month target', () => {
    const l = layout(640);
    expect(l.yMax).toBe(3000);
    expect(l.actualPath.startsWith(`M${l.plot.left} ${l.plot.bottom}`)).toBe(true);
    expect(l.targetPath).toBe(`M${l.plot.left} ${l.plot.bottom} L${l.plot.right} ${l.plot.top}`);
    expect(l.dots).toHaveLength(3);
    expect(l.dots[0]!.x).toBeCloseTo(l.plot.left + (l.plot.right - l.plot.left) / 30, 1);
    expect(l.yTicks.map((t) => t.value)).toEqual([0, 750, 1500, 2250, 3000]);
  });

  it('puts the today marker at the end of today, none for a past month', () => {
    const l = layout(640);
    expect(l.todayX).toBe(l.dots[2]!.x);
    expect(layout(640, null).todayX).toBeNull();
  });

  it('scales with the width and keeps every point inside the plot at 480 px', () => {
    const narrow = layout(480);
    const wide = layout(960);
    expect(narrow.width).toBe(480);
    expect(wide.plot.right - wide.plot.left).toBeGreaterThan(narrow.plot.right - narrow.plot.left);
    for (const d of narrow.dots) {
      expect(d.x).toBeGreaterThanOrEqual(narrow.plot.left);
      expect(d.x).toBeLessThanOrEqual(narrow.plot.right);
      expect(d.y).toBeGreaterThanOrEqual(narrow.plot.top);
      expect(d.y).toBeLessThanOrEqual(narrow.plot.bottom);
    }
  });

  it('has no target line without a target, and still a scale for an empty month', () => {
    const l = trendLayout({ points: [], target: null, daysInMonth: 30, today: 1, width: 480, height: 240 });
    expect(l.targetPath).toBeNull();
    expect(l.yMax).toBe(1);
    expect(l.actualPath).toBe(`M${l.plot.left} ${l.plot.bottom}`);
  });
});
