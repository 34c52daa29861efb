import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { hasAllDtAccess, sortBsa, splitList, ALL_DT_ACCESS } from './users.js';

describe('BSA order (spec section 4)', () => {
  it('sorts Distributor, New Channel, Ice Cream by default', () => {
    expect(sortBsa(['Ice Cream', 'New Channel', 'Distributor'], 'vn')).toEqual([
      'Distributor',
      'New Channel',
      'Ice Cream',
    ]);
  });
  it('sorts Ice Cream, Distributor, New Channel for idic', () => {
    expect(sortBsa(['New Channel', 'Distributor', 'Ice Cream'], 'idic')).toEqual([
      'Ice Cream',
      'Distributor',
      'New Channel',
    ]);
  });
  it('keeps every entry, whatever the input', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('Distributor', 'New Channel', 'Ice Cream', 'Other')),
        fc.constantFrom('vn', 'idic'),
        (list, cc) => {
          expect(sortBsa(list, cc).slice().sort()).toEqual(list.slice().sort());
        },
      ),
    );
  });
});

describe('DT access', () => {
  it('treats no codes or All (Super Access) as all-DT access', () => {
    expect(hasAllDtAccess('')).toBe(true);
    expect(hasAllDtAccess(null)).toBe(true);
    expect(hasAllDtAccess(`DT001, ${ALL_DT_ACCESS}`)).toBe(true);
    expect(hasAllDtAccess('DT001,DT002')).toBe(false);
  });
  it('splits comma lists, trimming blanks', () => {
    expect(splitList(' a, ,b ,')).toEqual(['a', 'b']);
  });
});
