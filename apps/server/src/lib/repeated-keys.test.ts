import { describe, expect, it } from 'vitest';
import { possibleRepeats, repeatCandidates } from './repeated-keys.js';

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
