import { describe, expect, it } from 'vitest';
import type { Queryable } from '../db/client.js';
import { batchMemo } from './batch-memo.js';

describe('batchMemo', () => {
  const q = {} as Queryable;

  it('answers the two steps of one batch with one computation, then asks again', async () => {
    let calls = 0;
    const facts = batchMemo(async (_q: Queryable, rows: number[], _ctx: { id: string }) => {
      calls += 1;
      return rows.length;
    });
    const batch = [1, 2, 3];
    const ctx = { id: 'import-1' };
    expect(await Promise.all([facts(q, batch, ctx), facts(q, batch, ctx)])).toEqual([3, 3]);
    expect(calls).toBe(1);
    await facts(q, batch, ctx);
    expect(calls).toBe(2);
  });

  it('never shares an answer between batches or contexts', async () => {
    let calls = 0;
    const facts = batchMemo(async (_q: Queryable, rows: number[], ctx: { id: string }) => {
      calls += 1;
      return `${ctx.id}:${rows.length}`;
    });
    const batch = [1];
    expect(await facts(q, batch, { id: 'a' })).toBe('a:1');
    expect(await facts(q, batch, { id: 'b' })).toBe('b:1');
    expect(await facts(q, [1, 2], { id: 'a' })).toBe('a:2');
    expect(calls).toBe(3);
  });
});
