/**
 * Jobs across two app servers (issue 16): whichever worker is free claims a job (FOR UPDATE SKIP LOCKED),
 * each job runs once, and a job whose worker died (its lease ran out) is retried by the other, or marked
 * failed with a message on its last attempt.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { JobQueue, type JobName } from '../../src/lib/jobs.js';
import { systemClock } from '../../src/lib/clock.js';
import { twoApps, type Pair } from './helpers.js';

let p: Pair;
const runs: { id: string; by: string; attempt: number }[] = [];
beforeAll(async () => {
  p = await twoApps({ seed: false });
  for (const [app, name] of [
    [p.a, 'A'],
    [p.b, 'B'],
  ] as const) {
    app.jobs.register('cluster.test' as JobName, async (ctx) => {
      runs.push({ id: ctx.jobId, by: name, attempt: ctx.attempt });
      // Work that takes a moment, so the other worker looks for work meanwhile.
      await new Promise((resolve) => setTimeout(resolve, 5));
      return { by: name };
    });
  }
}, 180_000);
afterAll(() => p?.close());

/**
 * A job as a process left it: running, held by `lockedBy` until `lockedUntil`, after `attempts` tries. One
 * insert, so no worker can take it while it is being set up.
 */
async function leftRunning(lockedBy: string, lockedUntil: Date, attempts: 'one' | 'all'): Promise<string> {
  const id = randomUUID();
  await p.db.query(
    `INSERT INTO jobs (id, name, payload, state, attempts, max_attempts, run_at, locked_by, locked_until, created_at, started_at)
     VALUES ($1, 'cluster.test', '{}'::jsonb, 'running', $2, 3, $3, $4, $5, $3, $3)`,
    [id, attempts === 'one' ? 1 : 3, p.clock.now(), lockedBy, lockedUntil],
  );
  return id;
}

const enqueue = (app: FastifyInstance, n: number) =>
  app.jobs.enqueue(app.db, 'cluster.test' as JobName, { n } as never);

describe('jobs on two servers', () => {
  it('forty jobs enqueued on either server run once each, shared by both workers', async () => {
    runs.length = 0;
    const ids: string[] = [];
    for (let i = 0; i < 40; i++) ids.push((await enqueue(i % 2 ? p.a : p.b, i))!);
    await Promise.all([p.a.jobs.drain(), p.b.jobs.drain(), p.a.jobs.drain(), p.b.jobs.drain()]);
    expect(runs.map((r) => r.id).sort()).toEqual([...ids].sort());
    const { rows } = await p.db.query<{ state: string; n: number }>(
      `SELECT state, count(*)::int AS n FROM jobs WHERE name = 'cluster.test' GROUP BY state`,
    );
    expect(rows).toEqual([{ state: 'done', n: 40 }]);
  });

  it('a job whose worker died (lease run out) is retried by a live server, once', async () => {
    runs.length = 0;
    // What a process killed mid-job leaves behind: the job running, held by it, the lease in the past.
    const id = await leftRunning('a-dead-process', new Date(p.clock.now().getTime() - 1000), 'one');
    // Whichever live server looks first (B's drain here, or A's own polling loop) runs it, once.
    await p.b.jobs.drain();
    await p.a.jobs.drain();
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ id, attempt: 2 });
    expect(await p.b.jobs.get(id)).toMatchObject({ state: 'done', result: { by: runs[0]!.by }, attempts: 2 });
  });

  it('a job whose worker died on its last attempt is marked failed with a message', async () => {
    runs.length = 0;
    const id = await leftRunning('a-dead-process', new Date(p.clock.now().getTime() - 1000), 'all');
    await p.a.jobs.drain();
    expect(runs).toEqual([]);
    const job = await p.a.jobs.get(id);
    expect(job).toMatchObject({ state: 'failed' });
    expect(job!.error).toMatch(/stopped answering/);
  });

  it('a lease still running is left alone by the other server', async () => {
    runs.length = 0;
    const id = await leftRunning('a-live-process', new Date(p.clock.now().getTime() + 60_000), 'one');
    await p.b.jobs.drain();
    expect(runs).toEqual([]);
    expect(await p.b.jobs.get(id)).toMatchObject({ state: 'running', lockedBy: 'a-live-process' });
  });

  it('a worker that lost its lease (held up past it, the job claimed elsewhere) is told to stop, and records nothing', async () => {
    const queue = new JobQueue({
      db: p.db,
      clock: systemClock,
      log: p.a.log,
      leaseMs: 300,
      workerId: 'slow-worker',
    });
    let aborted: unknown = null;
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    queue.register('cluster.slow' as JobName, async ({ signal }) => {
      started();
      await new Promise<void>((resolve) => {
        // Past the next renewal by far even on a loaded machine; the test fails if it ends this way.
        const timer = setTimeout(resolve, 20_000);
        signal.addEventListener('abort', () => {
          aborted = signal.reason;
          clearTimeout(timer);
          resolve();
        });
      });
      return { by: 'slow-worker' };
    });
    const id = (await queue.enqueue(p.db, 'cluster.slow' as JobName, {} as never))!;
    const drained = queue.drain();
    await running;
    // Meanwhile another process claimed the job (as after this one's lease ran out).
    await p.db.query(`UPDATE jobs SET locked_by = 'the-other-process' WHERE id = $1`, [id]);
    await drained;
    expect(String(aborted)).toMatch(/lease was lost/);
    expect(await queue.get(id)).toMatchObject({
      state: 'running',
      lockedBy: 'the-other-process',
      result: null,
    });
  }, 40_000);
});
