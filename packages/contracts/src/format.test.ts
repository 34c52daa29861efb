import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  achievedPercentageValue,
  compareEmailLocalPart,
  formatAmount,
  formatDateTime,
  formatFigure,
  formatPercentage,
  localDateIso,
  roundHalfUp,
} from './format.js';

describe('formatAmount (spec section 9)', () => {
  it('abbreviates with K, M, Bn, Tr to 2 decimals', () => {
    expect(formatAmount(1500)).toBe('1.50K');
    expect(formatAmount(2_345_678)).toBe('2.35M');
    expect(formatAmount(7_000_000_000)).toBe('7.00Bn');
    expect(formatAmount(1.25e12)).toBe('1.25Tr');
    expect(formatAmount(-1500)).toBe('-1.50K');
  });
  it('uses k, m, b, t in KPI views', () => {
    expect(formatAmount(1500, 'kpi')).toBe('1.50k');
    expect(formatAmount(3e9, 'kpi')).toBe('3.00b');
  });
  it('keeps small whole numbers and gives fractions 2 decimals', () => {
    expect(formatAmount(999)).toBe('999');
    expect(formatAmount(12.345)).toBe('12.35');
    expect(formatAmount(Number.NaN)).toBe('NA');
    expect(formatAmount(null)).toBe('NA');
  });
  it('never prints more than 2 decimals', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e15, max: 1e15 }), (n) => {
        expect(formatAmount(n)).toMatch(/^-?\d+(\.\d{2})?(K|M|Bn|Tr)?$/);
      }),
    );
  });
});

describe('formatDateTime (spec section 5)', () => {
  it('formats dd-MMM-yy | HH:mm in 24 hours', () => {
    expect(formatDateTime('2026-03-04T15:07:00Z')).toBe('04-Mar-26 | 15:07');
    expect(formatDateTime('2026-03-04T15:07:00Z', 'Asia/Ho_Chi_Minh')).toBe('04-Mar-26 | 22:07');
    expect(formatDateTime('2026-01-01T00:00:00Z')).toBe('01-Jan-26 | 00:00');
  });
  it("gives a market's own date: Vietnam is already tomorrow at 20:00 UTC", () => {
    expect(localDateIso(new Date('2026-11-21T20:00:00Z'), 'Asia/Ho_Chi_Minh')).toBe('2026-11-22');
    expect(localDateIso(new Date('2026-11-21T20:00:00Z'), 'UTC')).toBe('2026-11-21');
  });
  it("shows '--' when absent or unparseable", () => {
    for (const v of [null, undefined, '', 'not a date']) expect(formatDateTime(v)).toBe('--');
  });
  it('agrees with Intl in every zone, daylight saving included (property)', () => {
    const zones = ['Asia/Ho_Chi_Minh', 'Asia/Dhaka', 'America/New_York', 'Europe/London', 'Asia/Kathmandu'];
    fc.assert(
      fc.property(fc.integer({ min: 1.5e12, max: 1.9e12 }), fc.constantFrom(...zones), (ms, timeZone) => {
        const parts = new Intl.DateTimeFormat('en-GB', {
          timeZone,
          year: '2-digit',
          month: 'short',
          day: '2-digit',
          hour: '2-digit',
          minute: '2-digit',
          hourCycle: 'h23',
        }).formatToParts(new Date(ms));
        const get = (type: string) => parts.find((p) => p.type === type)!.value;
        const expected = `${get('day')}-${get('month').slice(0, 3)}-${get('year')} | ${get('hour')}:${get('minute')}`;
        expect(formatDateTime(ms, timeZone)).toBe(expected);
      }),
    );
  });
  it('never throws', () => {
    fc.assert(fc.property(fc.string(), (s) => typeof formatDateTime(s) === 'string'));
  });
});

describe('sorting rules (spec section 9)', () => {
  it('puts numeric email local parts first', () => {
    const emails = ['bob@x.test', '20@x.test', 'alice@x.test', '3@x.test'];
    expect(emails.sort(compareEmailLocalPart)).toEqual([
      '3@x.test',
      '20@x.test',
      'alice@x.test',
      'bob@x.test',
    ]);
  });
  it("counts 'NA' as 0 for achievedPercentage", () => {
    expect(achievedPercentageValue('NA')).toBe(0);
    expect(achievedPercentageValue('45.5')).toBe(45.5);
    expect(achievedPercentageValue(120)).toBe(120);
    expect(achievedPercentageValue('')).toBe(0);
  });
});

describe('one rounding for every figure (issue 10)', () => {
  it('rounds half away from zero on the decimal value, not its binary approximation', () => {
    expect(roundHalfUp(1.005, 2)).toBe(1.01);
    expect(roundHalfUp(87.745, 2)).toBe(87.75);
    expect(roundHalfUp(45.235, 2)).toBe(45.24);
    expect(roundHalfUp(-2.5, 0)).toBe(-3);
    expect(roundHalfUp(339.63, 0)).toBe(340);
    expect(Object.is(roundHalfUp(-0.001, 2), 0)).toBe(true);
  });
  it('shows the same digits for the same value whatever the path (percent, amount, abbreviation)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (n) => {
        const v = n / 1000; // values with up to 3 decimals: the ones toFixed rounds inconsistently
        expect(formatPercentage(v)).toBe(`${roundHalfUp(v, 2).toFixed(2)}%`);
        expect(formatFigure(v, 'percent')).toBe(formatPercentage(v));
        expect(formatFigure(v * 1000, 'amount')).toBe(formatAmount(v * 1000));
      }),
    );
    expect(formatPercentage(87.745)).toBe('87.75%');
    expect(formatAmount(45_235)).toBe('45.24K');
  });
  it('shows counts as whole numbers', () => {
    expect(formatFigure(339.63, 'count')).toBe('340');
    expect(formatFigure(122.67, 'count')).toBe('123');
    expect(formatFigure(12_345.4, 'count')).toBe('12.35K');
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true, min: -999.4, max: 999.4 }), (n) => {
        expect(formatFigure(n, 'count')).toMatch(/^-?\d+$/);
      }),
    );
  });
  it('gives whole-unit currencies (VND, PKR, BDT) no decimals', () => {
    expect(formatFigure(512.5, 'amount', { currency: 'VND' })).toBe('513');
    expect(formatFigure(512.5, 'amount', { currency: 'PKR' })).toBe('513');
    expect(formatFigure(512.5, 'amount', { currency: 'BDT' })).toBe('513');
    expect(formatFigure(512.5, 'amount', { currency: 'PHP' })).toBe('512.50');
    expect(formatFigure(5_678_000_000, 'amount', { currency: 'VND' })).toBe('5.68Bn');
    expect(formatFigure(5_678_000_000, 'amount', { style: 'kpi', currency: 'VND' })).toBe('5.68b');
  });
  it('moves to the next unit when rounding reaches 1,000', () => {
    expect(formatAmount(999_999)).toBe('1.00M');
    expect(formatAmount(999.996)).toBe('1.00K');
    expect(formatAmount(995)).toBe('995');
    expect(formatFigure(999.6, 'count')).toBe('1.00K');
  });
  it('answers NA for a missing figure', () => {
    expect(formatFigure(null, 'count')).toBe('NA');
    expect(formatPercentage('NA')).toBe('NA');
  });
});
