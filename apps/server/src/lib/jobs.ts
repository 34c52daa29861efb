/**
 * Jobs stored in the database (table `jobs`, migration 0007), run by any server process.
 *
 * - A typed registry: `JobPayloads` maps a job name to its payload; a module adds its names by
 *   declaration merging (`declare module '../../lib/jobs.js' { interface JobPayloads { 'x.y': {...} } }`)
 *   and registers a handler with `app.jobs.register(name, handler)`.
 * - `enqueue(q, name, payload)` inserts a queued row with the caller's Queryable, so a job enqueued
 *   inside a transaction exists only if the transaction commits.
 * - The worker claims the next due job with `SELECT … FOR UPDATE SKIP LOCKED` (several processes never
 *   take the same row) and holds it by a lease (`locked_by`, `locked_until`, lib/lease.ts) renewed while
 *   the handler runs. A lease that ran out means the process died: the job is claimed again, up to `max_attempts`
 *   attempts in all, then marked failed with a message. A handler that throws is retried after a delay,
 *   with the same limit. A process that finds at renewal that its lease was taken (it was held up past
 *   it) aborts the handler's `signal`, and its outcome is not recorded (every update checks `locked_by`).
 * - `every(name, ms)`: a recurring job (one queued row at a time, by singleton key), due at start and
 *   then `ms` after each run.
 * - A job may run more than once (its process died after the work, before the job was marked done; or
 *   its lease ran out while it was held up): every handler must be safe to run again after a partial
 *   first attempt (docs/reliability.md, "Jobs: running twice"). `onFailed` lets a handler settle what it
 *   owns (an import's state) when the job ends failed, including when its last process died.
 * Each process runs one job at a time; `drain()` runs every due job now (tests).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database, Queryable } from '../db/client.js';
import type { Clock } from './clock.js';
import { Lease, leaseUntil } from './lease.js';

/** Job names → payload types. Modules add theirs by declaration merging. */
export interface JobPayloads {
  'auth.purge': Record<string, never>;
}
export type JobName = keyof JobPayloads & string;

export type JobState = 'queued' | 'running' | 'done' | 'failed';

export interface JobContext<P> {
  jobId: string;
  /** 1 on the first run. */
  attempt: number;
  payload: P;
  db: Database;
  log: FastifyBaseLogger;
  /** Stores how far the job is (the web polls it); `total` null when unknown. */
  progress(done: number, total?: number | null): Promise<void>;
  /**
   * Aborted when this process lost the job's lease (it was held up longer than the lease and another
   * process claimed the job): a long handler should stop, its outcome is not recorded anyway.
   */
  signal: AbortSignal;
}

/** What the handler returns is stored as the job's `result` (JSON). */
export type JobHandler<P> = (ctx: JobContext<P>) => Promise<unknown>;

export interface JobOptions {
  /** Attempts in all, counting runs cut short by a dead process. Default 3. */
  maxAttempts?: number;
  /** Delay before retrying a handler that threw, times the attempt number. Default 10 s. */
  retryDelayMs?: number;
  /**
   * Called once the job ends failed (its last attempt threw, or the process of its last attempt died),
   * by the process that marks it failed: for a handler to record the failure where its users look
   * (an import's state). Errors are logged, not retried.
   */
  onFailed?: (failure: JobFailure<unknown>) => Promise<void>;
}

export interface JobFailure<P> {
  jobId: string;
  payload: P;
  /** The message stored on the job. */
  error: string;
  db: Database;
  log: FastifyBaseLogger;
}

export interface EnqueueOptions {
  runAt?: Date;
  /** At most one queued or running job per key; a second enqueue with the key is ignored (null). */
  singletonKey?: string;
  maxAttempts?: number;
}

export interface JobRecord {
  id: string;
  name: string;
  payload: unknown;
  state: JobState;
  attempts: number;
  maxAttempts: number;
  runAt: Date;
  lockedBy: string | null;
  lockedUntil: Date | null;
  progressDone: number;
  progressTotal: number | null;
  result: unknown;
  error: string | null;
  createdAt: Date;
  finishedAt: Date | null;
}

export interface JobQueueOptions {
  db: Database;
  clock: Clock;
  log: FastifyBaseLogger;
  /** How long a claim holds without renewal. Default 60 s; renewed every third of it. */
  leaseMs?: number;
  /** How often an idle worker looks for due jobs. Default 1 s. */
  pollMs?: number;
  workerId?: string;
}

interface JobRow {
  id: string;
  name: string;
  payload: unknown;
  state: JobState;
  attempts: number;
  max_attempts: number;
  run_at: Date;
  locked_by: string | null;
  locked_until: Date | null;
  progress_done: number;
  progress_total: number | null;
  result: unknown;
  error: string | null;
  created_at: Date;
  finished_at: Date | null;
  singleton_key: string | null;
}

const toRecord = (r: JobRow): JobRecord => ({
  id: r.id,
  name: r.name,
  payload: r.payload,
  state: r.state,
  attempts: Number(r.attempts),
  maxAttempts: Number(r.max_attempts),
  runAt: new Date(r.run_at),
  lockedBy: r.locked_by,
  lockedUntil: r.locked_until ? new Date(r.locked_until) : null,
  progressDone: Number(r.progress_done),
  progressTotal: r.progress_total === null ? null : Number(r.progress_total),
  result: r.result,
  error: r.error,
  createdAt: new Date(r.created_at),
  finishedAt: r.finished_at ? new Date(r.finished_at) : null,
});

const DEFAULT_MAX_ATTEMPTS = 3;
const recurringKey = (name: string) => `every:${name}`;

/**
 * Inserts a queued job with `q` (a transaction or the database). Returns its id, or null when a job
 * with the same singleton key is already queued or running.
 */
export async function enqueueJob<N extends JobName>(
  q: Queryable,
  name: N,
  payload: JobPayloads[N],
  options: EnqueueOptions & { now: Date },
): Promise<string | null> {
  const { rows } = await q.query<{ id: string }>(
    `INSERT INTO jobs (id, name, payload, run_at, singleton_key, max_attempts, created_at)
     VALUES ($1, $2, $3::jsonb, $4, $5, $6, $7)
     ON CONFLICT (singleton_key) WHERE singleton_key IS NOT NULL AND state IN ('queued', 'running')
     DO NOTHING
     RETURNING id`,
    [
      randomUUID(),
      name,
      JSON.stringify(payload ?? {}),
      options.runAt ?? options.now,
      options.singletonKey ?? null,
      options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
      options.now,
    ],
  );
  return rows[0]?.id ?? null;
}

export class JobQueue {
  readonly workerId: string;
  private readonly handlers = new Map<string, { handler: JobHandler<unknown>; options: JobOptions }>();
  private readonly recurring = new Map<string, number>();
  private readonly leaseMs: number;
  private readonly pollMs: number;
  private timer: NodeJS.Timeout | undefined;
  private started = false;
  /** One pass at a time in this process: the loop and drain() take turns. */
  private turn: Promise<unknown> = Promise.resolve();

  constructor(private readonly options: JobQueueOptions) {
    this.workerId = options.workerId ?? `${process.pid}-${randomUUID().slice(0, 8)}`;
    this.leaseMs = options.leaseMs ?? 60_000;
    this.pollMs = options.pollMs ?? 1_000;
  }

  /** The handler of `name` in this process; jobs of names without one are left to other processes. */
  register<N extends JobName>(
    name: N,
    handler: JobHandler<JobPayloads[N]>,
    options: Omit<JobOptions, 'onFailed'> & {
      onFailed?: (failure: JobFailure<JobPayloads[N]>) => Promise<void>;
    } = {},
  ): void {
    if (this.handlers.has(name)) throw new Error(`Job ${name} is registered twice`);
    this.handlers.set(name, { handler: handler as JobHandler<unknown>, options: options as JobOptions });
  }

  /** A recurring job: due when the worker starts, then `everyMs` after each run ends. */
  every<N extends JobName>(name: N, everyMs: number): void {
    if (!this.handlers.has(name)) throw new Error(`Register ${name} before scheduling it`);
    this.recurring.set(name, everyMs);
  }

  enqueue<N extends JobName>(
    q: Queryable,
    name: N,
    payload: JobPayloads[N],
    options: EnqueueOptions = {},
  ): Promise<string | null> {
    const id = enqueueJob(q, name, payload, { ...options, now: this.options.clock.now() });
    void id.then(() => this.wake()).catch(() => undefined);
    return id;
  }

  async get(id: string): Promise<JobRecord | null> {
    const { rows } = await this.options.db.query<JobRow>('SELECT * FROM jobs WHERE id = $1', [id]);
    return rows[0] ? toRecord(rows[0]) : null;
  }

  /** Starts the worker loop (the app does on ready). */
  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    await this.seedRecurring();
    this.schedule(0);
  }

  /** Stops the loop and waits for the job in hand to finish (the app does on close). */
  async stop(): Promise<void> {
    this.started = false;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.turn.catch(() => undefined);
  }

  /** Runs every due job now, one after the other; resolves with how many ran. */
  async drain(): Promise<number> {
    return this.exclusive(() => this.runDue());
  }

  /** Looks for work soon (after an enqueue). */
  wake(): void {
    if (this.started) this.schedule(0);
  }

  private schedule(ms: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.exclusive(() => this.runDue())
        .catch((error: unknown) => this.options.log.error({ err: error }, 'job worker pass failed'))
        .finally(() => {
          if (this.started && !this.timer) this.schedule(this.pollMs);
        });
    }, ms);
    this.timer.unref();
  }

  private exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const next = this.turn.then(fn, fn);
    this.turn = next.catch(() => undefined);
    return next;
  }

  private async seedRecurring(): Promise<void> {
    for (const name of this.recurring.keys()) {
      await enqueueJob(this.options.db, name as JobName, {} as never, {
        now: this.options.clock.now(),
        singletonKey: recurringKey(name),
      });
    }
  }

  private async runDue(): Promise<number> {
    let ran = 0;
    for (;;) {
      await this.failExhausted();
      const job = await this.claim();
      if (!job) return ran;
      await this.run(job);
      ran += 1;
    }
  }

  /** Jobs whose lease ran out on their last allowed attempt: failed, with a message. */
  private async failExhausted(): Promise<void> {
    const now = this.options.clock.now();
    const { rows } = await this.options.db.query<JobRow>(
      `UPDATE jobs SET state = 'failed', finished_at = $1, locked_by = NULL, locked_until = NULL,
              error = 'The job stopped answering (its process ended or hung) on attempt ' || attempts
                || ' of ' || max_attempts || '; it is not tried again.'
       WHERE state = 'running' AND locked_until < $1 AND attempts >= max_attempts
       RETURNING *`,
      [now],
    );
    for (const row of rows) {
      this.options.log.warn(
        { jobId: row.id, job: row.name },
        'job failed: its lease expired on the last attempt',
      );
      await this.scheduleNext(this.options.db, row.name, now);
      await this.failed(row, row.error ?? '');
    }
  }

  /** Tells the job's handler (onFailed) that the job ended failed. */
  private async failed(row: JobRow, error: string): Promise<void> {
    const onFailed = this.handlers.get(row.name)?.options.onFailed;
    if (!onFailed) return;
    const log = this.options.log.child({ jobId: row.id, job: row.name });
    try {
      await onFailed({ jobId: row.id, payload: row.payload, error, db: this.options.db, log });
    } catch (error) {
      log.error({ err: error }, 'recording a failed job failed');
    }
  }

  private async claim(): Promise<JobRow | null> {
    const names = [...this.handlers.keys()];
    if (names.length === 0) return null;
    const now = this.options.clock.now();
    const { rows } = await this.options.db.query<JobRow>(
      `UPDATE jobs SET state = 'running', attempts = attempts + 1, locked_by = $1, locked_until = $2,
              started_at = coalesce(started_at, $3)
       WHERE id = (
         SELECT id FROM jobs
         WHERE name = ANY($4::text[])
           AND ((state = 'queued' AND run_at <= $3)
             OR (state = 'running' AND locked_until < $3 AND attempts < max_attempts))
         ORDER BY run_at, created_at
         LIMIT 1
         FOR UPDATE SKIP LOCKED)
       RETURNING *`,
      [this.workerId, leaseUntil(this.options.clock, this.leaseMs), now, names],
    );
    return rows[0] ?? null;
  }

  private async run(job: JobRow): Promise<void> {
    const { db, log, clock } = this.options;
    const entry = this.handlers.get(job.name)!;
    const mine = `id = $1 AND locked_by = $2`;
    // The claim took the row; its outcome's update gives it back (locked_by cleared).
    const lease = new Lease({
      clock,
      log,
      leaseMs: this.leaseMs,
      what: 'job lease',
      logFields: { jobId: job.id, job: job.name },
      renew: async (until) => {
        const { rows } = await db.query(
          `UPDATE jobs SET locked_until = $3 WHERE ${mine} AND state = 'running' RETURNING id`,
          [job.id, this.workerId, until],
        );
        return rows.length > 0;
      },
    });
    const jobLog = log.child({ jobId: job.id, job: job.name });
    try {
      const result = await entry.handler({
        jobId: job.id,
        attempt: Number(job.attempts),
        payload: job.payload,
        db,
        log: jobLog,
        signal: lease.signal,
        progress: async (done, total = null) => {
          await db.query(`UPDATE jobs SET progress_done = $3, progress_total = $4 WHERE ${mine}`, [
            job.id,
            this.workerId,
            done,
            total,
          ]);
        },
      });
      lease.stop();
      await db.transaction(async (tx) => {
        const now = clock.now();
        await tx.query(
          `UPDATE jobs SET state = 'done', result = $3::jsonb, error = NULL, finished_at = $4,
                  locked_by = NULL, locked_until = NULL
           WHERE ${mine}`,
          [job.id, this.workerId, JSON.stringify(result ?? null), now],
        );
        await this.scheduleNext(tx, job.name, now);
      });
    } catch (error) {
      lease.stop();
      const message = error instanceof Error ? error.message : String(error);
      const attempts = Number(job.attempts);
      const last = attempts >= Number(job.max_attempts);
      jobLog.error({ err: error, attempt: attempts }, last ? 'job failed' : 'job attempt failed, retrying');
      const stored = last ? `Failed after ${attempts} attempts: ${message}` : message;
      const recorded = await db.transaction(async (tx) => {
        const now = clock.now();
        const delay = (entry.options.retryDelayMs ?? 10_000) * attempts;
        const { rows } = await tx.query(
          `UPDATE jobs SET state = $3, error = $4, run_at = $5, finished_at = $6,
                  locked_by = NULL, locked_until = NULL
           WHERE ${mine} RETURNING id`,
          [
            job.id,
            this.workerId,
            last ? 'failed' : 'queued',
            stored,
            new Date(now.getTime() + delay),
            last ? now : null,
          ],
        );
        if (last) await this.scheduleNext(tx, job.name, now);
        return rows.length > 0;
      });
      // Only when this process still held the job (a lost lease records nothing).
      if (last && recorded) await this.failed(job, stored);
    } finally {
      lease.stop();
    }
  }

  private async scheduleNext(q: Queryable, name: string, now: Date): Promise<void> {
    const everyMs = this.recurring.get(name);
    if (everyMs === undefined) return;
    await enqueueJob(q, name as JobName, {} as never, {
      now,
      runAt: new Date(now.getTime() + everyMs),
      singletonKey: recurringKey(name),
    });
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The job queue (lib/jobs.ts): register handlers, enqueue, drain in tests. */
    jobs: JobQueue;
  }
}

/** Decorates `app.jobs`; the worker starts when the app is ready and stops when it closes. */
export const jobsPlugin = fp(async (app: FastifyInstance) => {
  const queue = new JobQueue({ db: app.db, clock: app.clock, log: app.log });
  app.decorate('jobs', queue);
  app.addHook('onReady', async () => {
    await queue.start();
  });
  app.addHook('onClose', async () => {
    await queue.stop();
  });
});
