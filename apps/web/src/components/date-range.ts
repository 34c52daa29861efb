import {
  localDateIso,
  REPORT_DATA_FROM,
  validateReportRange,
  type DateRangeRule,
} from '@fieldforce/contracts';

const DAY_MS = 86_400_000;

/** Today as YYYY-MM-DD in the market's time zone: the day the server checks a range's end against. */
export function todayIso(now: Date = new Date(), timeZone = 'UTC'): string {
  return localDateIso(now, timeZone);
}

/** `days` calendar days ending today, both ends counted (so 60 is exactly the widest range allowed). */
export function quickRange(days: number, today: string): { from: string; to: string } {
  const end = Date.parse(`${today}T00:00:00Z`);
  const start = new Date(end - (days - 1) * DAY_MS).toISOString().slice(0, 10);
  return { from: start < REPORT_DATA_FROM ? REPORT_DATA_FROM : start, to: today };
}

export type RangeCheck = { ok: true; days: number } | { ok: false; rule: DateRangeRule; days: number | null };

/**
 * The shared rule (validateReportRange: 60 days, from 1 Oct 2023, not in the future) with the day
 * count the message needs; the picker translates the rule.
 */
export function checkRange(from: string, to: string, today: string): RangeCheck {
  const result = validateReportRange(from, to, today);
  if (result.ok) return result;
  const days =
    result.rule === 'maxDays'
      ? Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1
      : null;
  return { ok: false, rule: result.rule, days };
}
