/**
 * The pure part of the home page's month trend chart: which series a KPI reads, the straight line
 * to the month target, where the actual stands against it, and the chart's geometry for a given
 * width (pixels, so text keeps its size at 480 px and on a wide screen alike).
 */
import { roundHalfUp, type DailyTrendAnswer, type TrendDay } from '@fieldforce/contracts';

export const TREND_KPIS = ['gsv', 'eco', 'productiveCalls', 'bills'] as const;
export type TrendKpi = (typeof TREND_KPIS)[number];

export interface TrendPoint {
  /** Day of the month, 1-based. */
  day: number;
  date: string;
  /** The day's own figure (for ECO: outlets billed for the first time that month). */
  daily: number;
  cumulative: number;
  /** Where the straight line to the month target stands at the end of this day; null without a target. */
  expected: number | null;
}

const READ: Record<TrendKpi, (d: TrendDay) => [daily: number, cumulative: number]> = {
  gsv: (d) => [d.gsv, d.gsvCumulative],
  eco: (d) => [d.newEco, d.ecoCumulative],
  productiveCalls: (d) => [d.productiveCalls, d.productiveCallsCumulative],
  bills: (d) => [d.bills, d.billsCumulative],
};

export function monthTarget(answer: DailyTrendAnswer, kpi: TrendKpi): number | null {
  return answer.targets[kpi];
}

/** The straight line: 0 before the first day, the whole target at the end of the last. */
export function straightLine(target: number, day: number, daysInMonth: number): number {
  return daysInMonth > 0 ? (target * day) / daysInMonth : 0;
}

export function trendPoints(answer: DailyTrendAnswer, kpi: TrendKpi): TrendPoint[] {
  const target = monthTarget(answer, kpi);
  return answer.days.map((d) => {
    const day = Number(d.date.slice(8, 10));
    const [daily, cumulative] = READ[kpi](d);
    return {
      day,
      date: d.date,
      daily,
      cumulative,
      expected: target === null ? null : straightLine(target, day, answer.daysInMonth),
    };
  });
}

export interface TrendStatus {
  point: TrendPoint;
  /** The month target. */
  target: number;
  /** The straight line at the last day shown. */
  expected: number;
  /** Cumulative actual ÷ month target, %, two decimals. */
  achieved: number;
  ahead: boolean;
}

/** The last day shown against the straight line; null without a target (or without days). */
export function trendStatus(points: readonly TrendPoint[], target: number | null): TrendStatus | null {
  const point = points.at(-1);
  if (!point || target === null || point.expected === null || target <= 0) return null;
  return {
    point,
    target,
    expected: point.expected,
    achieved: roundHalfUp((point.cumulative / target) * 100, 2),
    ahead: point.cumulative >= point.expected,
  };
}

/**
 * The top of the y axis: the smallest of 1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6 or 8 × 10ⁿ at or above
 * `value` (1 for nothing to show), so the axis ends just above the largest value or target (a
 * 5.7Bn target gets 6Bn, not 10Bn) and its quarter ticks stay round numbers.
 */
export function niceCeiling(value: number): number {
  if (!Number.isFinite(value) || value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10]) {
    if (value <= step * power * (1 + 1e-12)) return Math.round(step * power * 1e6) / 1e6;
  }
  return 10 * power;
}

/** Days that get an x-axis label: the 1st, the last, and every `step`th day between, at least `minGap` px apart. */
export function xTickDays(daysInMonth: number, plotWidth: number, minGap = 28): number[] {
  const perDay = plotWidth / Math.max(1, daysInMonth);
  const step = [1, 2, 5, 7, 10, 15].find((s) => s * perDay >= minGap) ?? daysInMonth;
  const days = [1];
  for (let d = step; d < daysInMonth; d += step) if (d !== 1) days.push(d);
  // The last day replaces a tick too close to it.
  if (days.length > 1 && (daysInMonth - days.at(-1)!) * perDay < minGap) days.pop();
  if (daysInMonth > 1) days.push(daysInMonth);
  return days;
}

export interface TrendLayoutInput {
  points: readonly TrendPoint[];
  target: number | null;
  daysInMonth: number;
  /** The day the "today" marker stands at; null for none (a past month). */
  today: number | null;
  width: number;
  height: number;
}

export interface TrendLayout {
  width: number;
  height: number;
  plot: { left: number; top: number; right: number; bottom: number };
  yMax: number;
  yTicks: { value: number; y: number }[];
  xTicks: { day: number; x: number }[];
  /** The cumulative actual from (0, 0) through each day's end. */
  actualPath: string;
  /** The straight line from (0, 0) to (daysInMonth, target); null without a target. */
  targetPath: string | null;
  dots: { x: number; y: number; point: TrendPoint }[];
  todayX: number | null;
}

export const TREND_MARGIN = { left: 52, right: 14, top: 14, bottom: 26 } as const;

const r1 = (v: number) => Math.round(v * 10) / 10;

/**
 * Pixel geometry: x runs from the start of the month (0) to the end of its last day (daysInMonth),
 * so a day's point sits at the end of that day, where its running total is complete.
 */
export function trendLayout(input: TrendLayoutInput): TrendLayout {
  const { points, target, daysInMonth, today } = input;
  const width = Math.max(240, input.width);
  const height = Math.max(140, input.height);
  const plot = {
    left: TREND_MARGIN.left,
    top: TREND_MARGIN.top,
    right: width - TREND_MARGIN.right,
    bottom: height - TREND_MARGIN.bottom,
  };
  const maxActual = points.reduce((m, p) => Math.max(m, p.cumulative), 0);
  const yMax = niceCeiling(Math.max(maxActual, target ?? 0));
  const x = (day: number) => r1(plot.left + ((plot.right - plot.left) * day) / Math.max(1, daysInMonth));
  const y = (value: number) => r1(plot.bottom - ((plot.bottom - plot.top) * value) / yMax);
  const dots = points.map((p) => ({ x: x(p.day), y: y(p.cumulative), point: p }));
  const actualPath = [`M${x(0)} ${y(0)}`, ...dots.map((d) => `L${d.x} ${d.y}`)].join(' ');
  const targetPath =
    target === null ? null : `M${x(0)} ${y(0)} L${x(daysInMonth)} ${y(Math.min(target, yMax))}`;
  return {
    width,
    height,
    plot,
    yMax,
    yTicks: [0, 0.25, 0.5, 0.75, 1].map((f) => ({ value: yMax * f, y: y(yMax * f) })),
    xTicks: xTickDays(daysInMonth, plot.right - plot.left).map((day) => ({ day, x: x(day) })),
    actualPath,
    targetPath,
    dots,
    todayX: today === null ? null : x(today),
  };
}
