import { describe, expect, it } from 'vitest';
import { pruneCache } from './service.js';

describe('tracking caches', () => {
  it('drop expired entries when one is written, then the oldest beyond the limit', () => {
    const cache = new Map<string, { at: number }>([
      ['old', { at: 0 }],
      ['fresh', { at: 50_000 }],
      ['newer', { at: 60_000 }],
    ]);
    pruneCache(cache, 61_000, 60_000, 32); // 'old' is 61 s old: gone, though the cache is far from full
    expect([...cache.keys()]).toEqual(['fresh', 'newer']);
    cache.set('newest', { at: 61_000 });
    pruneCache(cache, 61_000, 60_000, 2);
    expect([...cache.keys()]).toEqual(['newer', 'newest']);
  });
});
