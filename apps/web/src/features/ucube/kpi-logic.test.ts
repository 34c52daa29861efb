import { describe, expect, it } from 'vitest';
import type { PerformanceRow } from '@fieldforce/contracts';
import {
  achievementBand,
  leaderboard,
  levelInSentence,
  nextRowIndex,
  searchRows,
  sortRows,
} from './kpi-logic';

const row = (emailId: string, achievedPercentage: number | 'NA', name = emailId): PerformanceRow => ({
  name,
  emailId,
  code: emailId.split('@')[0]!,
  levelname: 'Salesman',
  level: 'LEVEL6',
  dtCode: null,
  dtSiteCode: null,
  isActive: true,
  salesmen: 1,
  achievedPercentage,
  kpis: {},
  drill: null,
});

describe('sorting and search', () => {
  const rows = [row('b@x', 50), row('10@x', 'NA'), row('a@x', 120), row('2@x', -5)];
  it('sorts by achievement with NA as 0', () => {
    expect(sortRows(rows, 'achievedPercentage', 'desc').map((r) => r.emailId)).toEqual([
      'a@x',
      'b@x',
      '10@x',
      '2@x',
    ]);
    expect(sortRows(rows, 'achievedPercentage', 'asc')[0]!.emailId).toBe('2@x');
  });
  it('sorts by email local part, numeric first', () => {
    expect(sortRows(rows, 'email', 'asc').map((r) => r.emailId)).toEqual(['2@x', '10@x', 'a@x', 'b@x']);
  });
  it('searches name, code and email case-insensitively', () => {
    const named = [row('a@x', 1, 'Nguyen Van An'), row('b@x', 1, 'Tran Thi Binh')];
    expect(searchRows(named, 'BINH').map((r) => r.emailId)).toEqual(['b@x']);
    expect(searchRows(named, '  ')).toHaveLength(2);
  });
  it('ranks best and worst five without overlap', () => {
    const many = Array.from({ length: 7 }, (_, i) => row(`${i}@x`, i * 10));
    const { best, worst } = leaderboard(many);
    expect(best.map((r) => r.achievedPercentage)).toEqual([60, 50, 40, 30, 20]);
    expect(worst.map((r) => r.achievedPercentage)).toEqual([0, 10]);
  });
  it('never puts a row on target among the worst, nor a row in both lists', () => {
    const few = [
      row('a@x', 109),
      row('b@x', 120),
      row('c@x', 101),
      row('d@x', 130),
      row('e@x', 140),
      row('f@x', 104),
      row('g@x', 99.995),
      row('h@x', 'NA'),
    ];
    const { best, worst } = leaderboard(few);
    expect(best.map((r) => r.emailId)).toEqual(['e@x', 'd@x', 'b@x', 'a@x', 'f@x']);
    // 101 % and 99.995 % (shown as 100.00 %) are on target; NA has no target.
    expect(worst).toEqual([]);
    const mixed = [row('a@x', 109), row('b@x', 95), row('c@x', 40)];
    const board = leaderboard(mixed);
    expect(board.best.map((r) => r.emailId)).toEqual(['a@x', 'b@x', 'c@x']);
    expect(board.worst).toEqual([]);
    const many = Array.from({ length: 12 }, (_, i) => row(`${i}@x`, 60 + i * 5));
    const split = leaderboard(many);
    expect(split.worst.map((r) => r.achievedPercentage)).toEqual([60, 65, 70, 75, 80]);
    expect(split.best.some((r) => split.worst.includes(r))).toBe(false);
  });
  it('ranks by the status figure it is given (month to date: actual against expected by today)', () => {
    const rows = [row('a@x', 50), row('b@x', 60)];
    const pace = (r: PerformanceRow) => (r.emailId === 'a@x' ? 130 : 70);
    expect(leaderboard(rows, 1, pace).best[0]!.emailId).toBe('a@x');
    expect(leaderboard(rows, 1, pace).worst[0]!.emailId).toBe('b@x');
  });
});

describe('achievement and pace', () => {
  it('bands achievement', () => {
    expect([100, 99.99, 80, 79.9, 'NA'].map((v) => achievementBand(v as number))).toEqual([
      'good',
      'warn',
      'warn',
      'bad',
      'na',
    ]);
  });
});

describe('keyboard navigation', () => {
  it('moves through rows and stops at the ends', () => {
    expect(nextRowIndex(0, 'ArrowDown', 3)).toBe(1);
    expect(nextRowIndex(2, 'ArrowDown', 3)).toBe(2);
    expect(nextRowIndex(0, 'ArrowUp', 3)).toBe(0);
    expect(nextRowIndex(1, 'End', 3)).toBe(2);
    expect(nextRowIndex(2, 'Home', 3)).toBe(0);
    expect(nextRowIndex(0, 'a', 3)).toBeNull();
    expect(nextRowIndex(0, 'ArrowDown', 0)).toBeNull();
  });
});

describe('a level named inside a sentence', () => {
  it('lowers a Vietnamese role’s first letter but keeps abbreviations and English capitals', () => {
    expect(levelInSentence('Nhân viên bán hàng', 'vi')).toBe('nhân viên bán hàng');
    expect(levelInSentence('Ánh xạ', 'vi')).toBe('ánh xạ');
    expect(levelInSentence('NPP', 'vi')).toBe('NPP');
    expect(levelInSentence('OM DSS', 'vi')).toBe('OM DSS');
    expect(levelInSentence('Salesman', 'en')).toBe('Salesman');
  });
});
