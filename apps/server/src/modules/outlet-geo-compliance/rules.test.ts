import { describe, expect, it } from 'vitest';
import { IMPORT_MESSAGES } from '@fieldforce/contracts';
import { databaseGeoErrors, duplicateGeoRows, validateOutletGeoRow, type NumberedGeoValue } from './rules.js';

const raw = (dt: string, outlet: string, check: string) => ({
  'DT Code': dt,
  'Outlet Code': outlet,
  'Geo-Compliance Check': check,
});
const codes = (errors: ReadonlyArray<{ code: string; header: string | null }>) =>
  errors.map((e) => `${e.header}:${e.code}`);
const value = (
  row: number,
  dtCode: string,
  outletCode: string,
  geoCompliance: 0 | 1 = 1,
): NumberedGeoValue => ({
  row,
  value: { dtCode, outletCode, geoCompliance },
});

describe('validateOutletGeoRow', () => {
  it('accepts 1 and 0 and reads them as the check', () => {
    expect(validateOutletGeoRow(raw('VNDT001', '3100000001', '1'), 1)).toEqual({
      value: { dtCode: 'VNDT001', outletCode: '3100000001', geoCompliance: 1 },
    });
    expect(validateOutletGeoRow(raw('VNDT001', '3100000001', '0'), 1).value?.geoCompliance).toBe(0);
  });

  it.each(['2', 'yes', 'Y', 'true', '01', '1.0', '-1'])(
    'refuses %s as the check, naming the row',
    (check) => {
      const { errors } = validateOutletGeoRow(raw('VNDT001', '3100000001', check), 7);
      expect(errors).toEqual([
        {
          code: 'GEO_CHECK_NOT_BINARY',
          message: 'Geo-Compliance Check should be only 1 or 0 in row number 7',
          params: { row: 7 },
          row: 7,
          header: 'Geo-Compliance Check',
        },
      ]);
    },
  );

  it('reports every blank cell (BLANK_VALUE)', () => {
    const { errors } = validateOutletGeoRow(raw('', '3100000001', ''), 3);
    expect(codes(errors!)).toEqual(['DT Code:BLANK_VALUE', 'Geo-Compliance Check:BLANK_VALUE']);
    expect(errors![0]!.message).toBe(IMPORT_MESSAGES.BLANK_VALUE.replace('{row}', '3'));
  });

  it('a missing cell (short line) is blank too', () => {
    const { errors } = validateOutletGeoRow({ 'DT Code': 'VNDT001' }, 2);
    expect(codes(errors!)).toEqual(['Outlet Code:BLANK_VALUE', 'Geo-Compliance Check:BLANK_VALUE']);
  });

  it.each(['VN DT001', '#VNDT001', 'VNDT001-', '_x'])(
    'refuses spaces or special characters around %s',
    (dt) => {
      const { errors } = validateOutletGeoRow(raw(dt, '3100000001', '1'), 4);
      expect(codes(errors!)).toEqual(['DT Code:SPACES_OR_SPECIAL']);
    },
  );

  it('accepts a code with letters that carry marks (Thai, Vietnamese)', () => {
    expect(validateOutletGeoRow(raw('สาขานี้', 'Huế1', '1'), 1).errors).toBeUndefined();
  });
});

describe('duplicateGeoRows', () => {
  it('flags every repeat of DT Code + Outlet Code after the first, in row order', () => {
    const errors = duplicateGeoRows([
      value(1, 'A', '1'),
      value(2, 'A', '2'),
      value(3, 'A', '1', 0),
      value(4, 'B', '1'),
      value(5, 'A', '1'),
    ]);
    expect(errors.map((e) => [e.row, e.code, e.header])).toEqual([
      [3, 'GEO_DUPLICATE_ROW', 'Outlet Code'],
      [5, 'GEO_DUPLICATE_ROW', 'Outlet Code'],
    ]);
    expect(errors[0]!.message).toBe('Duplicate records for DT Code, Outlet Code in row number 3');
  });

  it('rows out of order are judged in row order', () => {
    const errors = duplicateGeoRows([value(9, 'A', '1'), value(2, 'A', '1')]);
    expect(errors.map((e) => e.row)).toEqual([9]);
  });
});

describe('databaseGeoErrors', () => {
  const rows = [value(1, 'A', '1'), value(2, 'A', '2'), value(3, 'B', '3'), value(4, 'A', '4')];
  const facts = new Map<number, string | null>([
    [1, 'A'], // found, in scope
    [2, null], // no such outlet in the market
    [3, 'B'], // found, outside the scope
    [4, 'B'], // exists, but under another DT
  ]);

  it('NOT_IN_PORTAL for an unknown outlet or another DT; OUT_OF_SCOPE outside the DT codes', () => {
    expect(databaseGeoErrors(rows, facts, ['A']).map((e) => [e.row, e.code, e.header])).toEqual([
      [2, 'NOT_IN_PORTAL', 'Outlet Code'],
      [3, 'OUT_OF_SCOPE', 'DT Code'],
      [4, 'NOT_IN_PORTAL', 'Outlet Code'],
    ]);
  });

  it('every DT when the scope is null', () => {
    expect(databaseGeoErrors(rows, facts, null).map((e) => e.row)).toEqual([2, 4]);
  });
});
