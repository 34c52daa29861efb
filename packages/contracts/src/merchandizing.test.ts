import { describe, expect, it } from 'vitest';
import {
  isMerchCode,
  meetsHurdle,
  merchCompliance,
  parseHurdleRate,
  parseTemplateDate,
  parseWhole,
  saveMerchDisplaySchema,
  saveMerchSetSchema,
} from './merchandizing.js';

describe('Merchandizing Sets cell rules', () => {
  it('reads hurdle rates from 0 to 100 with at most 2 decimals', () => {
    expect(parseHurdleRate('90')).toBe(90);
    expect(parseHurdleRate('85.5')).toBe(85.5);
    expect(parseHurdleRate('70%')).toBe(70);
    expect(parseHurdleRate('0')).toBe(0);
    expect(parseHurdleRate('100')).toBe(100);
    for (const bad of ['100.01', '101', '-1', '1.234', 'abc', ''])
      expect(parseHurdleRate(bad)).toBeUndefined();
  });

  it('reads dd/mm/yyyy dates that exist', () => {
    expect(parseTemplateDate('01/11/2026')).toBe('2026-11-01');
    expect(parseTemplateDate('29/02/2028')).toBe('2028-02-29');
    for (const bad of ['31/02/2027', '2026-11-01', '1/11/2026', ''])
      expect(parseTemplateDate(bad)).toBeUndefined();
  });

  it('takes whole numbers from 1 to max and codes usable as file names', () => {
    expect(parseWhole('3', 50)).toBe(3);
    for (const bad of ['0', '51', '2.5', ' ', 'x']) expect(parseWhole(bad, 50)).toBeUndefined();
    expect(isMerchCode('VN-SET_01')).toBe(true);
    for (const bad of ['-A', 'A-', 'A B', 'A/B', '../x', 'x'.repeat(51)])
      expect(isMerchCode(bad)).toBe(false);
  });
});

describe('merchCompliance', () => {
  const audit = (ps: number, fc: number, sc: number) => ({
    productsExpected: 2,
    productsOnShelf: ps,
    facingsExpected: 3,
    facingsCounted: fc,
    stockExpected: 8,
    stockCounted: sc,
  });
  it('sums over audits and caps counts at the plan (hand-computed)', () => {
    // OSA 4/6, facings (3 + 3 + 1)/9 (the 4 counted is capped at 3), stock (6 + 8 + 2)/24.
    expect(merchCompliance([audit(2, 3, 6), audit(1, 4, 8), audit(1, 1, 2)])).toEqual({
      audits: 3,
      osaPct: 66.7,
      facingsPct: 77.8,
      stockPct: 66.7,
    });
    expect(merchCompliance([])).toEqual({ audits: 0, osaPct: null, facingsPct: null, stockPct: null });
  });
  it('meets a hurdle when the figure reaches it', () => {
    expect(meetsHurdle(90, 90)).toBe(true);
    expect(meetsHurdle(89.9, 90)).toBe(false);
    expect(meetsHurdle(null, 0)).toBe(false);
  });
});

describe('the forms', () => {
  const set = {
    setId: 'S-1',
    setName: 'Set',
    buAssetType: 'BU',
    subRegion: 'South',
    osaHurdle: 90,
    facingsHurdle: 80,
    stockHurdle: 75,
    goLive: '2026-11-01',
    endDate: '2026-12-31',
  };
  it('refuses an end date before go live and rates above 100', () => {
    expect(saveMerchSetSchema.safeParse(set).success).toBe(true);
    expect(saveMerchSetSchema.safeParse({ ...set, endDate: '2026-10-31' }).success).toBe(false);
    expect(saveMerchSetSchema.safeParse({ ...set, osaHurdle: 100.5 }).success).toBe(false);
  });
  it('refuses a display holding a product or a position twice', () => {
    const line = { productOrder: 1, itemCode: 'A', facings: 1, depth: 1 };
    const display = { setId: 'S-1', displayId: 'D-1', displayName: 'D', products: [line] };
    expect(saveMerchDisplaySchema.safeParse(display).success).toBe(true);
    expect(
      saveMerchDisplaySchema.safeParse({ ...display, products: [line, { ...line, itemCode: 'B' }] }).success,
    ).toBe(false);
    expect(
      saveMerchDisplaySchema.safeParse({ ...display, products: [line, { ...line, productOrder: 2 }] })
        .success,
    ).toBe(false);
  });
});
