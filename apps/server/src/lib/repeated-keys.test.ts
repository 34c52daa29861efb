import { describe, expect, it } from 'vitest';
import { hash53, KeyHashes, possibleRepeats, repeatCandidates } from './repeated-keys.js';

describe('possibleRepeats', () => {
  it('finds every item whose key repeats, in order, and nothing when all keys differ', () => {
    const keys = ['A1', 'B2', 'A1', 'C3', 'B2', 'A1'];
    const found = possibleRepeats(keys, (k) => k);
    // Collisions may add items, never drop a real repeat.
    for (const i of [0, 1, 2, 4, 5]) expect(found).toContain(i);
    expect(found).toEqual([...found].sort((a, b) => a - b));
    expect(possibleRepeats(['x', 'y', 'z'], (k) => k)).toEqual([]);
    expect(possibleRepeats([], (k: string) => k)).toEqual([]);
  });

  it('on 200,000 distinct keys with 3 repeats, gives the repeats and only a few collisions', () => {
    const keys = Array.from({ length: 200_000 }, (_, i) => `SM${i}`);
    keys.push('SM7', 'SM199999', 'SM7');
    const candidates = repeatCandidates(keys, (k) => k);
    expect(candidates.filter((k) => k === 'SM7')).toHaveLength(3);
    expect(candidates.filter((k) => k === 'SM199999')).toHaveLength(2);
    expect(candidates.length).toBeLessThan(50);
  });
});

describe('KeyHashes', () => {
  it('names every row whose key repeats, in the order added, and nothing when every key differs', () => {
    const keys = new KeyHashes();
    const rows: Array<[string, number]> = [];
    // More rows than the first array holds, so it grows; three real repeats.
    for (let i = 0; i < 300_000; i += 1) rows.push([`BENCH${i}-${'0123456789abcdef'.repeat(3)}`, i + 1]);
    rows.push([rows[7]![0], 300_001], [rows[299_999]![0], 300_002], [rows[7]![0], 300_003]);
    for (const [key, row] of rows) keys.add(key, row);
    expect(keys.size).toBe(300_003);
    const found = keys.repeatedRows();
    for (const row of [8, 300_000, 300_001, 300_002, 300_003]) expect(found).toContain(row);
    expect(found).toEqual([...found].sort((a, b) => a - b));
    expect(found.length).toBeLessThan(10); // 53-bit hashes: collisions are rare
    keys.clear();
    keys.add('x', 1);
    keys.add('y', 2);
    expect(keys.repeatedRows()).toEqual([]);
  });

  it('hash53 is an exact integer below 2^53 and tells close keys apart', () => {
    const a = hash53('SMB000000001');
    expect(Number.isSafeInteger(a)).toBe(true);
    expect(a).not.toBe(hash53('SMB000000002'));
    expect(hash53('')).toBe(hash53(''));
  });
});
