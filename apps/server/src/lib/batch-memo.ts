/**
 * One database answer per import batch. The pipeline asks a definition's `checkAgainstDb` and `plan`
 * for the same batch together (the same array and context); when one statement can answer both, wrap
 * it here: the first call runs it, the second gets the same promise, and the entry is then forgotten
 * (a later call on the same batch asks again).
 *
 *   const facts = batchMemo((q, rows, ctx) => oneStatement(q, rows, ctx));
 *   checkAgainstDb: async (q, rows, ctx) => errorsFrom(await facts(q, rows, ctx)),
 *   plan: async (q, rows, ctx) => planFrom(await facts(q, rows, ctx)),
 */
import type { Queryable } from '../db/client.js';

export function batchMemo<Rows extends object, Ctx, Answer>(
  compute: (q: Queryable, rows: Rows, ctx: Ctx) => Promise<Answer>,
): (q: Queryable, rows: Rows, ctx: Ctx) => Promise<Answer> {
  const pending = new WeakMap<Rows, { ctx: Ctx; answer: Promise<Answer> }>();
  return (q, rows, ctx) => {
    const hit = pending.get(rows);
    if (hit && hit.ctx === ctx) {
      pending.delete(rows);
      return hit.answer;
    }
    const answer = compute(q, rows, ctx);
    pending.set(rows, { ctx, answer });
    return answer;
  };
}
