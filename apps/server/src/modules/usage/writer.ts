/**
 * Usage-event writes, in two steps:
 * 1. Group commit into the inbox: the batches that arrive while a write runs are stored together by
 *    the next write (one row per request), and each request is answered once its batch is committed
 *    there. When idle a batch is written at once, so nothing waits on a timer. Up to WRITERS writes run
 *    at once. A group that fails is written again request by request, so one bad batch fails only itself.
 * 2. A moment after a write (MOVE_DELAY_MS), the inbox is moved on into the log (usage_event_log, one row
 *    per request) and the rollups
 *    (processUsageInbox: one statement per chunk), one pass at a time per process, off the request's path. `flush()` waits
 *    until the inbox is empty: the usage page calls it first, so it shows every event already taken in.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock.js';
import type { Queryable } from '../../db/client.js';
import { drainUsageInbox, storeUsageBatches, type UsageBatchToStore } from './queries.js';

/** At most this many requests' batches in one write (50 events each at most). */
export const MAX_GROUP = 200;
/** Inbox writes in flight at once per process. */
export const WRITERS = 2;
/**
 * After a write, the inbox is moved on this much later (one pass for everything taken in meanwhile):
 * bigger chunks cost less per event, and the moves do not compete with a burst of writes.
 */
export const MOVE_DELAY_MS = 1_000;

interface Pending {
  batch: UsageBatchToStore;
  resolve(): void;
  reject(error: unknown): void;
}

export class UsageWriter {
  private pending: Pending[] = [];
  private running = 0;
  private processing: Promise<void> | null = null;
  private again = false;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly db: Queryable,
    private readonly clock: Clock,
    private readonly writers = WRITERS,
    private readonly log?: FastifyBaseLogger,
  ) {}

  /** Resolves when the batch is in the inbox (with whatever else was waiting). */
  store(batch: UsageBatchToStore): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.pending.push({ batch, resolve, reject });
      if (this.running < this.writers) void this.drain();
    });
  }

  /** Moves the whole inbox into the events log and the rollups; resolves when it is empty. */
  flush(): Promise<void> {
    if (this.processing) {
      this.again = true;
      return this.processing;
    }
    this.processing = (async () => {
      try {
        do {
          this.again = false;
          await drainUsageInbox(this.db, (error) =>
            this.log?.warn({ err: error }, 'usage inbox: a chunk failed; moving it row by row'),
          );
        } while (this.again);
      } finally {
        this.processing = null;
      }
    })();
    return this.processing;
  }

  private async drain(): Promise<void> {
    this.running += 1;
    try {
      while (this.pending.length > 0) {
        const group = this.pending.splice(0, MAX_GROUP);
        try {
          await storeUsageBatches(
            this.db,
            group.map((p) => p.batch),
            this.clock.now(),
          );
          for (const p of group) p.resolve();
        } catch (error) {
          if (group.length === 1) {
            group[0]!.reject(error);
            continue;
          }
          for (const p of group) {
            try {
              await storeUsageBatches(this.db, [p.batch], this.clock.now());
              p.resolve();
            } catch (single) {
              p.reject(single);
            }
          }
        }
      }
    } finally {
      this.running -= 1;
    }
    this.scheduleMove();
  }

  /** Moves what was taken in a moment later; a failure is logged and the rows wait for the next pass. */
  private scheduleMove(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.flush().catch((error: unknown) => this.log?.error({ err: error }, 'usage inbox: moving failed'));
    }, MOVE_DELAY_MS);
    this.timer.unref?.();
  }

  /** At shutdown: no more timers; everything taken in is moved. */
  async close(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.flush();
  }
}

const writers = new WeakMap<object, UsageWriter>();

/** The writer of `db` (one per database object: the app's routes and its tests share it). */
export function usageWriterFor(db: Queryable, clock: Clock, log?: FastifyBaseLogger): UsageWriter {
  let writer = writers.get(db);
  if (!writer) {
    writer = new UsageWriter(db, clock, WRITERS, log);
    writers.set(db, writer);
  }
  return writer;
}

/** The writer already made for `db`, if any (tests: `await usageWriterOf(app.db)?.flush()`). */
export const usageWriterOf = (db: Queryable): UsageWriter | undefined => writers.get(db);
