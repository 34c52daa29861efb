/** Pure helpers of the UCube pages: sorting, search, pace, chart scale, leaderboard, keyboard moves. */
import {
  achievedPercentageValue,
  comparePerformanceRows,
  type AchievedPercentage,
  type KpiColumn,
  type KpiSort,
  type KpiValue,
  type PerformanceRow,
} from '@fieldforce/contracts';

export function sortRows(rows: readonly PerformanceRow[], sort: KpiSort, order: 'asc' | 'desc') {
  return [...rows].sort(comparePerformanceRows(sort, order));
}

/** Case-insensitive match on name, code, email or DT site code. */
export function searchRows(rows: readonly PerformanceRow[], q: string): PerformanceRow[] {
  const needle = q.trim().toLowerCase();
  if (!needle) return [...rows];
  return rows.filter((r) =>
    [r.name, r.code, r.emailId, r.dtSiteCode].some((v) => v?.toLowerCase().includes(needle)),
  );
}

export type Band = 'good' | 'warn' | 'bad' | 'na';

/** Achievement colouring: 100% and more good, 80-99% warning, under 80% bad; NA has none. */
export function achievementBand(value: AchievedPercentage): Band {
  if (value === 'NA') return 'na';
  if (value >= 100) return 'good';
  if (value >= 80) return 'warn';
  return 'bad';
}

export function formatPercent(value: AchievedPercentage): string {
  return value === 'NA' ? 'NA' : `${value.toFixed(2)}%`;
}

export interface Pace {
  /** Where the straight line to the month's target stands today. */
  expected: number;
  /** Actual as a share of the expected, %. */
  paceRatio: number;
  behind: boolean;
}

/**
 * Month-to-date pace: the straight line is monthTarget × timeGone%. null when there is no month
 * target (or it is 0) or the KPI is a percentage (its target already is a rate).
 */
export function computePace(
  value: KpiValue | undefined,
  column: Pick<KpiColumn, 'unit'>,
  timeGonePercentage: number,
): Pace | null {
  if (!value || column.unit === 'percent') return null;
  if (value.monthTarget === null || value.monthTarget <= 0 || timeGonePercentage <= 0) return null;
  const expected = (value.monthTarget * timeGonePercentage) / 100;
  const paceRatio = Math.round((value.actual / expected) * 10000) / 100;
  return { expected, paceRatio, behind: value.actual < expected };
}

/** Horizontal bar scale: the largest actual or target fills `width`; negatives and NA are 0. */
export function barScale(values: readonly (number | null | undefined)[], width: number) {
  const max = Math.max(0, ...values.map((v) => (typeof v === 'number' && Number.isFinite(v) ? v : 0)));
  return (v: number | null | undefined) =>
    max === 0 || typeof v !== 'number' || !Number.isFinite(v) || v <= 0 ? 0 : (v / max) * width;
}

/** Best and worst five by achievement ('NA' as 0); the worst excludes rows already among the best. */
export function leaderboard(rows: readonly PerformanceRow[], size = 5) {
  const ranked = sortRows(rows, 'achievedPercentage', 'desc');
  const best = ranked.slice(0, size);
  const worst = ranked.slice(best.length).reverse().slice(0, size);
  return { best, worst };
}

export const achievement = (row: PerformanceRow) => achievedPercentageValue(row.achievedPercentage);

/** Roving focus through the table rows: arrows move one, Home/End jump; null for other keys. */
export function nextRowIndex(current: number, key: string, count: number): number | null {
  if (count === 0) return null;
  switch (key) {
    case 'ArrowDown':
      return Math.min(count - 1, current + 1);
    case 'ArrowUp':
      return Math.max(0, current - 1);
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}
