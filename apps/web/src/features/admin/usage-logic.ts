/**
 * The pure part of the admins' usage page: the period presets, the column chart's geometry (in real
 * pixels for the width it gets, as the UCube month trend does), and the figures that stand for a
 * chart in words.
 */
import { USAGE_PAGE_MAX_DAYS, type UsageActiveSeries, type UsagePeriod } from '@fieldforce/contracts';
import { chartDayLabels, type Language } from '../../lib/i18n';

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

/**
 * An average as shown: one decimal, but '< 0.1' when there was some use that rounds to nothing (one
 * user on one day of thirty is 0.03 a day: '0' beside a chart showing that user read as none).
 */
export function averageText(values: readonly number[]): string {
  const shown = average(values);
  return shown === 0 && values.some((v) => v > 0) ? '< 0.1' : String(shown);
}

/**
 * The buckets' labels (`axis` under the columns, `full` read alone: chartDayLabels): 'Nov 2026' for
 * months; days and weeks as '23 Nov', read alone with the year where the series spans two.
 */
export function bucketLabels(
  starts: readonly string[],
  period: UsagePeriod,
  language: Language,
): { axis: string[]; full: string[] } {
  if (period !== 'month') return chartDayLabels(starts, language);
  const month = new Intl.DateTimeFormat(language === 'vi' ? 'vi-VN' : 'en-GB', {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const labels = starts.map((start) => month.format(new Date(`${start}T00:00:00Z`)));
  return { axis: labels, full: labels };
}

/** A value's share of another, as a whole percentage ('0%' of nothing). */
export const shareOf = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 100) : 0);
