/**
 * The seven reports as table-engine declarations: each names its scope columns, has both headers on
 * every column, and its filters are exactly the contracts' report filters with their labels.
 */
import { describe, expect, it } from 'vitest';
import { REPORT_KEYS, reportByKey } from '@fieldforce/contracts';
import { REPORT_SQL } from '../../src/modules/reports/definitions.js';
import { reportColumns } from '../../src/modules/reports/presenter.js';

describe('report declarations', () => {
  it.each(REPORT_KEYS)('%s: scope, en and vi headers, the contract filters', (key) => {
    const table = REPORT_SQL[key];
    expect(table.key).toBe(key);
    expect(table.scope.market).toMatch(/\.country_code$/);
    expect(table.scope.dt).toMatch(/\.dt_code$/);
    for (const col of table.columns) {
      expect(col.header.en.length, col.key).toBeGreaterThan(0);
      expect(col.header.vi.length, col.key).toBeGreaterThan(0);
    }
    const contract = reportByKey(key)!.filters;
    expect(Object.keys(table.filters).sort()).toEqual(contract.map((f) => f.param).sort());
    for (const f of contract) {
      expect(table.filters[f.param as keyof typeof table.filters]!.label.en).toBe(f.label);
    }
  });

  it('gives Vietnamese headers with the currency symbol when asked, English by default', () => {
    const vi = reportColumns('product-master', 'vn', 'vi');
    expect(vi.find((c) => c.key === 'price')!.header).toBe('Giá (₫)');
    expect(vi.find((c) => c.key === 'dtCode')!.header).toBe('Mã NPP');
    const en = reportColumns('product-master', 'vn');
    expect(en.find((c) => c.key === 'price')!.header).toBe('Price (₫)');
  });

  it('keeps the Order Loss customer code rule (letters allowed) apart from the digits-only one', () => {
    const orderLoss = REPORT_SQL['order-loss'].filters.customerCode!;
    const demand = REPORT_SQL['demand-capture'].filters.customerCode!;
    expect(orderLoss.chars.clean('AB12, 34')).toBe('AB12, 34');
    expect(demand.chars.clean('AB12, 34')).toBe('12, 34');
    expect(orderLoss.chars.describe.en).toBe('letters and digits');
    expect(demand.chars.describe.en).toBe('digits');
  });
});
