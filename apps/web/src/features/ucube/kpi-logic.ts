/** Pure helpers of the UCube pages: sorting, search, pace, chart scale, leaderboard, keyboard moves. */
import {
  achievedPercentageValue,
  comparePerformanceRows,
  formatPercentage,
  statusBand,
  type AchievedPercentage,
  type KpiSort,
  type PerformanceRow,
} from '@fieldforce/contracts';
import type { Language } from '../../lib/i18n';
import { localizeFigure } from '../../lib/i18n/locale-format';

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

/**
 * The one status scale (packages/contracts `statusBand`): 100 % and more on target, 80-99.99 % close,
 * under 80 % behind, on the figure as shown; NA has none.
 */
export function achievementBand(value: AchievedPercentage): Band {
  return statusBand(value);
}

/** The one rounding of a percentage (packages/contracts `formatPercentage`). */
export function formatPercent(value: AchievedPercentage): string {
  return localizeFigure(formatPercentage(value));
}

/**
 * Best and worst five by the status figure (`status`, the achievement unless told; 'NA' rows are in
 * neither, having no target). The lists never overlap, and a row on target (100 % and more as shown)
 * is never among the worst.
 */
export function leaderboard(
  rows: readonly PerformanceRow[],
  size = 5,
  status: (row: PerformanceRow) => AchievedPercentage = (row) => row.achievedPercentage,
) {
  const ranked = rows
    .map((row) => ({ row, value: status(row) }))
    .filter((r): r is { row: PerformanceRow; value: number } => r.value !== 'NA')
    .sort((a, b) => b.value - a.value);
  const best = ranked.slice(0, size);
  const worst = ranked
    .slice(best.length)
    .filter((r) => statusBand(r.value) !== 'good')
    .reverse()
    .slice(0, size);
  return { best: best.map((r) => r.row), worst: worst.map((r) => r.row) };
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

/**
 * A level's name inside a sentence ('Every {level}'). Vietnamese writes role names in sentence case,
 * so there its first letter goes lower case mid-sentence ('Tất cả nhân viên bán hàng'), unless the first
 * word is an abbreviation (NPP, OM DSS); English keeps the role's capitals ('Every Salesman').
 */
export function levelInSentence(level: string, language: Language): string {
  if (language !== 'vi') return level;
  return level.replace(/^\p{Lu}(?=\p{Ll})/u, (first) => first.toLocaleLowerCase('vi'));
}
