import { describe, expect, it } from 'vitest';
import { USAGE_EVENTS } from '@fieldforce/contracts';
import {
  chartDayLabels,
  foldForSearch,
  formatInstant,
  formatIsoDay,
  localizeAmount,
  localizeDates,
  localizeFigure,
} from './locale-format';
import { en } from './en';

describe('numbers and dates in the chosen language', () => {
  it('writes an abbreviated figure with the Vietnamese words (tr is triệu, not the spec’s trillion)', () => {
    expect(localizeAmount('45.23M', 'vi')).toBe('45,23\u00a0tr');
    expect(localizeAmount('4.35Bn', 'vi')).toBe('4,35\u00a0tỷ');
    expect(localizeAmount('1.20Tr', 'vi')).toBe('1,20\u00a0nghìn tỷ');
    expect(localizeAmount('12.50K', 'vi')).toBe('12,50\u00a0nghìn');
    expect(localizeAmount('3.10b', 'vi')).toBe('3,10\u00a0tỷ');
    expect(localizeAmount('7.00m', 'vi')).toBe('7,00\u00a0tr');
    expect(localizeAmount('339', 'vi')).toBe('339');
    expect(localizeAmount('NA', 'vi')).toBe('NA');
    expect(localizeAmount('45.23M', 'en')).toBe('45.23M');
    expect(localizeAmount('4.35Bn', 'en')).toBe('4.35Bn');
  });

  it('has words for every usage event (the usage page names them)', () => {
    for (const event of USAGE_EVENTS) expect(Object.hasOwn(en, `usage.eventName.${event}`)).toBe(true);
  });

  it('writes figures the vi-VN way and keeps the abbreviation letters', () => {
    expect(localizeFigure('45.23M', 'vi')).toBe('45,23M');
    expect(localizeFigure('4.35Bn', 'vi')).toBe('4,35Bn');
    expect(localizeFigure('87.75%', 'vi')).toBe('87,75%');
    expect(localizeFigure('1,234.50', 'vi')).toBe('1.234,50');
    expect(localizeFigure('GSV 2.44Bn / 4.02Bn (60.75%)', 'vi')).toBe('GSV 2,44Bn / 4,02Bn (60,75%)');
    expect(localizeFigure('339', 'vi')).toBe('339');
    expect(localizeFigure('NA', 'vi')).toBe('NA');
    expect(localizeFigure('45.23M', 'en')).toBe('45.23M');
  });

  it('writes dates dd/MM/yyyy in Vietnamese and the spec form in English', () => {
    expect(localizeDates('23-Nov-26 | 14:05', 'vi')).toBe('23/11/2026 | 14:05');
    expect(localizeDates('25-Oct-26 đến 23-Nov-26', 'vi')).toBe('25/10/2026 đến 23/11/2026');
    expect(localizeDates('23-Nov-26 | 14:05', 'en')).toBe('23-Nov-26 | 14:05');
    expect(formatIsoDay('2026-11-01', 'vi')).toBe('01/11/2026');
    expect(formatIsoDay('2026-11-01', 'en')).toBe('01-Nov-26');
    expect(formatIsoDay('not a day', 'vi')).toBe('not a day');
    expect(formatIsoDay(null, 'en')).toBe('--');
    expect(formatIsoDay('', 'vi')).toBe('--');
  });

  it('writes an instant dd-MMM-yy | HH:mm (24 h) in English, dd/MM/yyyy | HH:mm in Vietnamese, in a zone', () => {
    const at = '2026-11-24T14:23:00Z';
    expect(formatInstant(at, { language: 'en', timeZone: 'UTC' })).toBe('24-Nov-26 | 14:23');
    expect(formatInstant(at, { language: 'vi', timeZone: 'UTC' })).toBe('24/11/2026 | 14:23');
    expect(formatInstant(at, { language: 'vi', timeZone: 'Asia/Ho_Chi_Minh' })).toBe('24/11/2026 | 21:23');
    expect(
      formatInstant('2026-11-24T20:00:00Z', { language: 'en', timeZone: 'Asia/Ho_Chi_Minh', time: false }),
    ).toBe('25-Nov-26');
    expect(formatInstant(null, { language: 'en' })).toBe('--');
    expect(formatInstant('not a date', { language: 'vi' })).toBe('--');
  });
});

describe('chartDayLabels', () => {
  it('days of one year are day and month, under the axis and alone', () => {
    const labels = chartDayLabels(['2026-11-16', '2026-11-23'], 'en');
    expect(labels).toEqual({ axis: ['16 Nov', '23 Nov'], full: ['16 Nov', '23 Nov'] });
  });

  it('a series over two years keeps the axis short and names the year in every label read alone', () => {
    const weeks = ['2025-11-24', '2025-12-29', '2026-01-05', '2026-11-23'];
    const labels = chartDayLabels(weeks, 'en');
    expect(labels.axis).toEqual(['24 Nov', '29 Dec', '5 Jan', '23 Nov']);
    expect(labels.full).toEqual(['24 Nov 2025', '29 Dec 2025', '5 Jan 2026', '23 Nov 2026']);
    const vi = chartDayLabels(weeks, 'vi');
    expect(vi.full[0]).toContain('2025');
    expect(vi.full[3]).toContain('2026');
    expect(vi.axis[0]).not.toMatch(/20\d\d/);
  });
});

describe('foldForSearch', () => {
  it('drops Vietnamese marks and case, đ as d', () => {
    expect(foldForSearch('Tạp Hóa Đông')).toBe('tap hoa dong');
    expect(foldForSearch('Nguyễn Thị Ánh')).toBe('nguyen thi anh');
  });
});
