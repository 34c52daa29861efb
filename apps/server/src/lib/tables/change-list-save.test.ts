import { describe, expect, it } from 'vitest';
import { repeatedChanges } from './change-list-save.js';

describe('repeatedChanges', () => {
  it('names every later occurrence of a key, not the first', () => {
    const list = [{ c: 'A' }, { c: 'B' }, { c: 'A' }, { c: 'C' }, { c: 'B' }, { c: 'A' }];
    expect(repeatedChanges(list, (x) => x.c)).toEqual([2, 4, 5]);
  });

  it('finds nothing in a list of distinct keys or an empty list', () => {
    expect(repeatedChanges([{ c: 'A' }, { c: 'B' }], (x) => x.c)).toEqual([]);
    expect(repeatedChanges([], (x: { c: string }) => x.c)).toEqual([]);
  });
});
