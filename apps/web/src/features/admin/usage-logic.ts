/**
 * The pure part of the admins' usage page: the period presets, the column chart's geometry (in real
 * pixels for the width it gets, as the UCube month trend does), and the figures that stand for a
 * chart in words.
 */
import { USAGE_PAGE_MAX_DAYS, type UsageActiveSeries, type UsagePeriod } from '@fieldforce/contracts';

export const USAGE_PRESETS = ['7', '30', '90', '365'] as const;
export type UsagePreset = (typeof USAGE_PRESETS)[number] | 'custom';

const DAY_MS = 86_400_000;
const dayNumber = (d: string) => Date.parse(`${d}T00:00:00Z`) / DAY_MS;
export const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

/** The last `days` days up to and including today. */
export function presetRange(
  preset: Exclude<UsagePreset, 'custom'>,
  today: string,
): { from: string; to: string } {
  return { from: addDays(today, -(Number(preset) - 1)), to: today };
}

/** A period the server takes: both dates, from on or before to, at most a year. */
export function rangeValid(from: string, to: string): boolean {
  const re = /^\d{4}-\d{2}-\d{2}$/;
  if (!re.test(from) || !re.test(to)) return false;
  const span = dayNumber(to) - dayNumber(from);
  return Number.isFinite(span) && span >= 0 && span < USAGE_PAGE_MAX_DAYS;
}

export interface ColumnLayout {
  width: number;
  height: number;
  plot: { left: number; top: number; right: number; bottom: number };
  yTicks: { value: number; y: number }[];
  bars: { x: number; y: number; w: number; h: number; value: number; index: number }[];
  /** The buckets that get a label under the axis (thinned so labels keep `minGap` px apart). */
  xLabels: { index: number; x: number }[];
}

export const COLUMN_MARGIN = { left: 40, right: 8, top: 10, bottom: 26 } as const;

/** Columns for `values`, laid out in a box of width × height pixels. */
export function columnLayout(
  values: readonly number[],
  width: number,
  height: number,
  minGap = 56,
): ColumnLayout {
  const w = Math.max(200, width);
  const h = Math.max(120, height);
  const plot = {
    left: COLUMN_MARGIN.left,
    top: COLUMN_MARGIN.top,
    right: w - COLUMN_MARGIN.right,
    bottom: h - COLUMN_MARGIN.bottom,
  };
  const max = Math.max(0, ...values);
  // Whole numbers of people: at most about four ticks, each step 1, 2 or 5 × 10ⁿ.
  const step = niceStep(max / 4);
  const top = Math.max(step, Math.ceil(max / step) * step);
  const yOf = (v: number) => plot.bottom - (v / top) * (plot.bottom - plot.top);
  const yTicks: ColumnLayout['yTicks'] = [];
  for (let v = 0; v <= top; v += step) yTicks.push({ value: v, y: r1(yOf(v)) });
  const slot = (plot.right - plot.left) / Math.max(1, values.length);
  const barW = Math.max(1, Math.min(48, slot * 0.7));
  const bars = values.map((value, index) => {
    const x = plot.left + slot * index + (slot - barW) / 2;
    const y = yOf(value);
    return { x: r1(x), y: r1(y), w: r1(barW), h: r1(plot.bottom - y), value, index };
  });
  const every = Math.max(1, Math.ceil(minGap / slot));
  const xLabels: ColumnLayout['xLabels'] = [];
  for (let i = 0; i < values.length; i += every)
    xLabels.push({ index: i, x: r1(plot.left + slot * (i + 0.5)) });
  return { width: w, height: h, plot, yTicks, bars, xLabels };
}

const r1 = (v: number) => Math.round(v * 10) / 10;

/** The smallest of 1, 2 or 5 × 10ⁿ (at least 1) at or above `raw`. */
export function niceStep(raw: number): number {
  if (!Number.isFinite(raw) || raw <= 1) return 1;
  const power = 10 ** Math.floor(Math.log10(raw));
  for (const m of [1, 2, 5, 10]) if (m * power >= raw) return m * power;
  return 10 * power;
}

export interface SeriesSummary {
  max: number;
  peak: string;
  min: number;
  last: number;
}

/** The highest value and its bucket, the lowest, and the latest; null for an empty series. */
export function seriesSummary(series: Pick<UsageActiveSeries, 'buckets' | 'total'>): SeriesSummary | null {
  if (series.total.length === 0 || series.total.every((v) => v === 0)) return null;
  let peak = 0;
  series.total.forEach((v, i) => {
    if (v > series.total[peak]!) peak = i;
  });
  return {
    max: series.total[peak]!,
    peak: series.buckets[peak]!,
    min: Math.min(...series.total),
    last: series.total.at(-1)!,
  };
}

/** Average per bucket, one decimal. */
export const average = (values: readonly number[]) =>
  values.length === 0 ? 0 : Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 10) / 10;

/** A bucket's label: '23 Nov' for days and weeks, 'Nov 2026' for months. */
export function bucketLabel(start: string, period: UsagePeriod, language: string): string {
  const date = new Date(`${start}T00:00:00Z`);
  const locale = language === 'vi' ? 'vi-VN' : 'en-GB';
  return new Intl.DateTimeFormat(
    locale,
    period === 'month'
      ? { month: 'short', year: 'numeric', timeZone: 'UTC' }
      : { day: 'numeric', month: 'short', timeZone: 'UTC' },
  ).format(date);
}

/** A value's share of another, as a whole percentage ('0%' of nothing). */
export const shareOf = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 100) : 0);
