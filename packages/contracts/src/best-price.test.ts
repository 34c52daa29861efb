import { describe, expect, it } from 'vitest';
import {
  bestPriceQuerySchema,
  estimateBestPrice,
  netUnitPrice,
  percentileCont,
  saveBestPriceSchema,
} from './best-price.js';

describe('percentileCont', () => {
  it('interpolates like PostgreSQL', () => {
    expect(percentileCont([1, 2, 3, 4], 0.5)).toBe(2.5);
    expect(percentileCont([10, 20, 30, 40, 50], 0.25)).toBe(20);
    expect(percentileCont([10, 20, 30, 40], 0.25)).toBe(17.5);
    expect(percentileCont([7], 0.75)).toBe(7);
  });
});

describe('netUnitPrice', () => {
  it('nets returns and leaves out lines with nothing left', () => {
    expect(netUnitPrice({ quantity: 10, amount: 1000, returnQuantity: 2, returnAmount: 200 })).toBe(100);
    expect(netUnitPrice({ quantity: 2, amount: 200, returnQuantity: 2, returnAmount: 200 })).toBeNull();
    expect(netUnitPrice({ quantity: 3, amount: 0, returnQuantity: 0, returnAmount: 0 })).toBeNull();
  });
});

describe('estimateBestPrice (hand-computed fixture)', () => {
  it('drops prices outside the fences and takes the median of the rest', () => {
    // Sorted: 95 98 100 100 102 104 500 (n = 7).
    // Q1 at position 1.5 = (98 + 100) / 2 = 99; Q3 at 4.5 = (102 + 104) / 2 = 103; IQR 4.
    // Fences [93, 109]: 500 is dropped. Kept 95 98 100 100 102 104: median (100 + 100) / 2 = 100.
    // Median of all = 100; spread 4 / 100 = 0.04, not flagged.
    expect(estimateBestPrice([100, 500, 98, 102, 95, 104, 100])).toEqual({
      price: 100,
      spread: 0.04,
      invoices: 7,
      trimmed: 1,
      flagged: false,
    });
  });

  it('flags a wide spread', () => {
    // Sorted 80 90 100 120 130: Q1 90, Q3 120, IQR 30; fences [45, 165] keep all; median 100.
    // Spread 30 / 100 = 0.3 > 0.2: flagged.
    expect(estimateBestPrice([120, 80, 100, 130, 90])).toEqual({
      price: 100,
      spread: 0.3,
      invoices: 5,
      trimmed: 0,
      flagged: true,
    });
  });

  it('rounds the price to 2 decimals and handles one or no price', () => {
    // 10.005 10.01 10.02 10.03: median (10.01 + 10.02) / 2 = 10.015 → 10.02.
    expect(estimateBestPrice([10.005, 10.01, 10.02, 10.03]).price).toBe(10.02);
    expect(estimateBestPrice([42.5])).toEqual({
      price: 42.5,
      spread: 0,
      invoices: 1,
      trimmed: 0,
      flagged: false,
    });
    expect(estimateBestPrice([])).toEqual({
      price: null,
      spread: 0,
      invoices: 0,
      trimmed: 0,
      flagged: false,
    });
  });
});

describe('schemas', () => {
  it('takes an override price in cents, or null to clear it', () => {
    expect(saveBestPriceSchema.safeParse({ itemCode: 'A', outletType: 'GT', price: 12.5 }).success).toBe(
      true,
    );
    expect(saveBestPriceSchema.safeParse({ itemCode: 'A', outletType: 'GT', price: null }).success).toBe(
      true,
    );
    expect(saveBestPriceSchema.safeParse({ itemCode: 'A', outletType: 'GT', price: 0 }).success).toBe(false);
    expect(bestPriceQuerySchema.safeParse({ filter_flagged: '2' }).success).toBe(false);
  });
});
