/**
 * A lease on a database row: a row with an expiry (`expires_at`, `locked_until`) that the process
 * holding it renews while its work runs; a row whose expiry has passed is free (its process died or
 * hung), and the next taker may have it. Used by the job queue (lib/jobs.ts), the shared export slots
 * (lib/export-limits.ts) and the imports (lib/imports/stored-import.ts).
 *
 * The helper owns the timing and the error handling; the SQL stays with its table:
 * - `takeLease(options, take)`: runs the caller's `take(until)` (the statement that takes the row with
 *   `until` as its expiry); when it took the row, the lease renews it every third of `leaseMs`;
 * - `renew(until)`: the caller's renewal statement; resolving `false` means the row is no longer this
 *   process's (another took it after it ran out): the lease is lost, renewal stops, `signal` aborts;
 *   a renewal that throws is logged and tried again at the next tick (the row holds until then);
 * - `stop()` stops renewing and keeps the row (its owner's last statement clears or settles it);
 *   `release()` stops and runs the caller's `release` statement (a failure is logged: the row then
 *   expires with its lease). `holdLease(…, work)` stops when the work ends, also when it throws.
 * The timer is unref'd, so a held lease never keeps the process alive.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from './clock.js';

export interface LeaseOptions {
  clock: Clock;
  /** How long the row holds without renewal; renewed every third of it. */
  leaseMs: number;
  /** Extends the row to `until`; `false` when the row is no longer this process's (the lease is lost). */
  renew: (until: Date) => Promise<boolean | void>;
  /** Gives the row back (deletes or clears it); optional when the owner's last statement does. */
  release?: () => Promise<unknown>;
  log?: FastifyBaseLogger;
  /** What is leased, for the logs and the lost lease's error ('job lease', 'export slot'). */
  what: string;
  /** Fields added to every log line (`{ jobId }`). */
  logFields?: Record<string, unknown>;
}

/** When a lease taken or renewed now runs out. */
export const leaseUntil = (clock: Clock, leaseMs: number): Date => new Date(clock.now().getTime() + leaseMs);

/** How often a lease is renewed: every third of it (at least every 10 ms). */
export const renewEvery = (leaseMs: number): number => Math.max(10, Math.floor(leaseMs / 3));

export class Lease {
  private readonly controller = new AbortController();
  private timer: NodeJS.Timeout | undefined;
  private released: Promise<void> | undefined;

  /** Starts renewing a row the caller has just taken (prefer `takeLease`). */
  constructor(private readonly options: LeaseOptions) {
    this.timer = setInterval(() => this.renewNow(), renewEvery(options.leaseMs));
    this.timer.unref();
  }

  /** Aborted when the lease was lost (another process has the row). */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** The expiry a statement run now gives the row. */
  until(): Date {
    return leaseUntil(this.options.clock, this.options.leaseMs);
  }

  /** Stops renewing; the row stays as it is (its owner's last statement settles it). */
  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** Stops renewing and gives the row back; safe to call more than once; never rejects. */
  release(): Promise<void> {
    this.stop();
    this.released ??= (this.options.release?.() ?? Promise.resolve()).then(
      () => undefined,
      (error: unknown) => this.warn(error, `releasing the ${this.options.what} failed`),
    );
    return this.released;
  }

  private renewNow(): void {
    this.options
      .renew(this.until())
      .then((held) => {
        if (held !== false || !this.timer) return;
        this.stop();
        this.warn(undefined, `the ${this.options.what} was lost: another process has it`);
        this.controller.abort(new Error(`The ${this.options.what} was lost: another process has it.`));
      })
      .catch((error: unknown) => this.warn(error, `renewing the ${this.options.what} failed`));
  }

  private warn(error: unknown, message: string): void {
    this.options.log?.warn(
      { ...(error === undefined ? {} : { err: error }), ...this.options.logFields },
      message,
    );
  }
}

/**
 * Takes a row by the caller's statement (`take(until)` returns what it took, or null when the row was
 * not free) and holds it: the lease renews it until stopped or released.
 */
export async function takeLease<T>(
  options: LeaseOptions,
  take: (until: Date) => Promise<T | null>,
): Promise<{ value: T; lease: Lease } | null> {
  const value = await take(leaseUntil(options.clock, options.leaseMs));
  if (value === null) return null;
  return { value, lease: new Lease(options) };
}

/** Holds a row already taken while `work` runs; renewal stops when it ends, however it ends. */
export async function holdLease<T>(options: LeaseOptions, work: (lease: Lease) => Promise<T>): Promise<T> {
  const lease = new Lease(options);
  try {
    return await work(lease);
  } finally {
    lease.stop();
  }
}
