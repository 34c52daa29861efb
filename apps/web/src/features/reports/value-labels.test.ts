import { describe, expect, it } from 'vitest';
import { translate } from '../../lib/i18n';
import { valueLabelKey } from './value-labels';

describe('words for stored data values in report cells', () => {
  it('labels BSAs, categories and outlet types, and leaves unknown values and other columns alone', () => {
    const vi = (column: string, value: string) => {
      const key = valueLabelKey(column, value);
      return key ? translate('vi', key) : value;
    };
    expect(vi('bsa', 'Distributor')).toBe('Nhà phân phối');
    expect(vi('category', 'Hair Care')).toBe('Chăm sóc tóc');
    expect(vi('outletType', 'Wet Market')).toBe('Chợ truyền thống');
    expect(vi('outletSubtype', 'Semi-Wholesaler')).toBe('Đại lý bán sỉ nhỏ');
    expect(vi('status', 'not_applied')).toBe('Chưa áp dụng');
    expect(vi('category', 'Pet Care')).toBe('Pet Care');
    expect(vi('productName', 'Hair Care')).toBe('Hair Care');
    expect(
      valueLabelKey('category', 'Hair Care') && translate('en', valueLabelKey('category', 'Hair Care')!),
    ).toBe('Hair Care');
  });
});
