import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { IMPORT_MESSAGES } from '@fieldforce/contracts';
import {
  databaseRowErrors,
  duplicateRowErrors,
  hasSpaceOrSpecialAround,
  validateOutletStatusRow,
  type KnownOutlet,
  type NumberedValue,
} from './rules.js';

const good = { 'DT Code': 'TH-DT-001', 'DT Site Code': 'TH-S-0012', 'Outlet Code': '5000123', Status: '0' };

describe('validateOutletStatusRow', () => {
  it('accepts a good row and types the status', () => {
    expect(validateOutletStatusRow(good, 1)).toEqual({
      value: { dtCode: 'TH-DT-001', dtSiteCode: 'TH-S-0012', outletCode: '5000123', status: 0 },
    });
    expect(validateOutletStatusRow({ ...good, Status: '1' }, 1).value?.status).toBe(1);
  });

  it.each(['2', '-1', 'yes', '01', '1.0', 'true'])('refuses status %s with the row number', (status) => {
    const { errors } = validateOutletStatusRow({ ...good, Status: status }, 7);
    expect(errors).toEqual([
      {
        code: 'STATUS_NOT_BINARY',
        message: 'Outlet status should be only 0 or 1 in row number 7',
        params: { row: 7 },
        row: 7,
        header: 'Status',
      },
    ]);
  });

  it('reports every blank cell of an active row, once each', () => {
    const { errors } = validateOutletStatusRow({ 'DT Code': '', 'Outlet Code': ' ', Status: '1' }, 3);
    expect(errors?.map((e) => [e.code, e.header, e.message])).toEqual([
      ['BLANK_VALUE', 'DT Code', 'Null values are present in row number 3'],
      ['BLANK_VALUE', 'DT Site Code', 'Null values are present in row number 3'],
      ['BLANK_VALUE', 'Outlet Code', 'Null values are present in row number 3'],
    ]);
  });

  it.each([' 5000123', '5000123 ', '#5000123', '5000123*', '50 00123', "'5000123", '=5000123'])(
    'refuses blank space or special characters around %j',
    (code) => {
      const { errors } = validateOutletStatusRow({ ...good, 'Outlet Code': code }, 4);
      expect(errors).toEqual([
        expect.objectContaining({
          code: 'SPACES_OR_SPECIAL',
          header: 'Outlet Code',
          message: IMPORT_MESSAGES.SPACES_OR_SPECIAL.replace('{row}', '4'),
        }),
      ]);
    },
  );

  it('keeps inner dashes and letters of any script', () => {
    expect(hasSpaceOrSpecialAround('TH-DT-001')).toBe(false);
    expect(hasSpaceOrSpecialAround('ĐàNẵng1')).toBe(false);
    expect(hasSpaceOrSpecialAround('-x')).toBe(true);
    // A Thai word ending in a vowel and a tone mark ends with a letter and its marks.
    expect(hasSpaceOrSpecialAround('สาขานี้')).toBe(false);
    expect(hasSpaceOrSpecialAround('Hue\u0301')).toBe(false);
    expect(hasSpaceOrSpecialAround('\u0301Hue')).toBe(true);
    expect(hasSpaceOrSpecialAround('x-\u0301')).toBe(true);
  });

  it('property: a row of alphanumeric codes and a 0/1 status always passes, with its values kept', () => {
    const code = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9-]{0,10}[A-Za-z0-9]$|^[A-Za-z0-9]$/);
    fc.assert(
      fc.property(code, code, code, fc.constantFrom('0', '1'), fc.nat(), (dt, site, outlet, status, row) => {
        const check = validateOutletStatusRow(
          { 'DT Code': dt, 'DT Site Code': site, 'Outlet Code': outlet, Status: status },
          row,
        );
        expect(check.errors).toBeUndefined();
        expect(check.value).toEqual({
          dtCode: dt,
          dtSiteCode: site,
          outletCode: outlet,
          status: Number(status),
        });
      }),
    );
  });

  it('property: any other status is refused, with the given row number, and never throws', () => {
    fc.assert(
      fc.property(
        fc.string().filter((s) => s !== '0' && s !== '1'),
        fc.integer({ min: 1, max: 1_000_000 }),
        (status, row) => {
          const { errors } = validateOutletStatusRow({ ...good, Status: status }, row);
          expect(errors).toHaveLength(1);
          expect(errors![0]!.row).toBe(row);
          expect(['STATUS_NOT_BINARY', 'BLANK_VALUE']).toContain(errors![0]!.code);
          expect(errors![0]!.message).toContain(String(row));
        },
      ),
    );
  });

  it('property: arbitrary cells give a value or errors, never both, never a throw', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.constantFrom('DT Code', 'DT Site Code', 'Outlet Code', 'Status'), fc.string()),
        (raw) => {
          const check = validateOutletStatusRow(raw, 1);
          expect(Boolean(check.value) !== Boolean(check.errors)).toBe(true);
          for (const e of check.errors ?? []) expect(e.row).toBe(1);
        },
      ),
    );
  });
});

const v = (
  row: number,
  outletCode: string,
  dtCode = 'D1',
  dtSiteCode = 'S1',
  status: 0 | 1 = 0,
): NumberedValue => ({
  row,
  value: { dtCode, dtSiteCode, outletCode, status },
});

describe('duplicateRowErrors', () => {
  it('flags every repeat of DT Code, DT Site Code, Outlet Code after the first, whatever the status', () => {
    const errors = duplicateRowErrors([
      v(1, 'A'),
      v(2, 'B'),
      v(3, 'A', 'D1', 'S1', 1),
      v(4, 'A'),
      v(5, 'A', 'D2'),
    ]);
    expect(errors.map((e) => [e.row, e.code])).toEqual([
      [3, 'DUPLICATE_ROW'],
      [4, 'DUPLICATE_ROW'],
    ]);
    expect(errors[0]!.message).toBe(
      'Duplicate records for DT Code, DT Site Code, Outlet Code in row number 3',
    );
  });

  it('property: errors = rows − distinct keys, and no first occurrence is flagged', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(fc.constantFrom('A', 'B', 'C'), fc.constantFrom('D1', 'D2'), fc.constantFrom('S1', 'S2')),
        ),
        (keys) => {
          const rows = keys.map(([o, d, s], i) => v(i + 1, o, d, s));
          const errors = duplicateRowErrors(rows);
          const distinct = new Set(keys.map((k) => k.join('|')));
          expect(errors).toHaveLength(rows.length - distinct.size);
          const firsts = new Set<number>();
          const seen = new Set<string>();
          keys.forEach((k, i) => {
            if (!seen.has(k.join('|'))) firsts.add(i + 1);
            seen.add(k.join('|'));
          });
          for (const e of errors) expect(firsts.has(e.row)).toBe(false);
        },
      ),
    );
  });
});

describe('databaseRowErrors', () => {
  const known = new Map<string, KnownOutlet>([
    ['A', { outletCode: 'A', dtCode: 'D1', dtSiteCode: 'S1' }],
    ['B', { outletCode: 'B', dtCode: 'D2', dtSiteCode: 'S2' }],
  ]);

  it('NOT_IN_PORTAL for an unknown code or one under another DT or site; OUT_OF_SCOPE outside the DT scope', () => {
    const rows = [v(1, 'A'), v(2, 'Z'), v(3, 'A', 'D2'), v(4, 'A', 'D1', 'S9'), v(5, 'B', 'D2', 'S2')];
    expect(databaseRowErrors(rows, known, null).map((e) => [e.row, e.code])).toEqual([
      [2, 'NOT_IN_PORTAL'],
      [3, 'NOT_IN_PORTAL'],
      [4, 'NOT_IN_PORTAL'],
    ]);
    const limited = databaseRowErrors(rows, known, ['D1']);
    expect(limited.map((e) => [e.row, e.code])).toEqual([
      [2, 'NOT_IN_PORTAL'],
      [3, 'NOT_IN_PORTAL'],
      [4, 'NOT_IN_PORTAL'],
      [5, 'OUT_OF_SCOPE'],
    ]);
    expect(limited[3]!.message).toBe('The outlet in row number 5 is outside your distributors');
    expect(limited[0]!.message).toBe('The data in row number 2 is not present in the portal');
  });

  it('property: an empty DT scope refuses every known row, every DT scope none', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('A', 'B')), (codes) => {
        const rows = codes.map((c, i) => v(i + 1, c, known.get(c)!.dtCode, known.get(c)!.dtSiteCode));
        expect(databaseRowErrors(rows, known, [])).toHaveLength(rows.length);
        expect(databaseRowErrors(rows, known, null)).toHaveLength(0);
      }),
    );
  });
});
