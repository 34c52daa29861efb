/**
 * Usage-event writes, in two steps:
 * 1. Group commit into the inbox (lib/grouped-writer.ts): the batches that arrive while a write runs
 *    are stored together by the next write (one row per request), and each request is answered once its
 *    batch is committed there. When idle a batch is written at once, so nothing waits on a timer.
 *    One write runs at a time (WRITERS). A group that fails is written again request by request, so one bad
 *    batch fails only itself.
 * 2. A moment after a write (MOVE_DELAY_MS), the inbox is moved on into the log (usage_event_log, one
 *    row per request) and the rollups (processUsageInbox: one statement per chunk), one pass at a time
 *    per process, off the request's path. A timed pass moves what it finds and stops at the first chunk
 *    that is not full (what arrives meanwhile waits for the next pass, in bigger chunks), instead of
 *    chasing a steady stream of writes with small ones. `flush()` waits until the inbox is empty: the
 *    usage page calls it first, so it shows every event already taken in.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock.js';
import type { Queryable } from '../../db/client.js';
import { GroupedWriter } from '../../lib/grouped-writer.js';
import { drainUsageInbox, storeUsageBatches, type UsageBatchToStore } from './queries.js';

/** At most this many requests' batches in one write (50 events each at most). */
export const MAX_GROUP = 200;
/**
 * Inbox writes in flight at once per process. One: the batches that arrive while it runs make the
 * next group bigger, and PostgreSQL's work per batch falls with the group's size (docs/usage.md,
 * session 13: about 5 batches a write with two writers, 8-12 with one, under the bench's load).
 */
export const WRITERS = 1;
/**
 * After a write, the inbox is moved on this much later (one pass for everything taken in meanwhile):
 * bigger chunks cost less per event, and the moves do not compete with a burst of writes.
 */
export const MOVE_DELAY_MS = 1_000;

export class UsageWriter {
  private readonly inbox: GroupedWriter<UsageBatchToStore>;
  private processing: Promise<void> | null = null;
  private again = false;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly db: Queryable,
    private readonly clock: Clock,
    writers = WRITERS,
    private readonly log?: FastifyBaseLogger,
  ) {
    this.inbox = new GroupedWriter<UsageBatchToStore>({
      maxGroup: MAX_GROUP,
      concurrency: writers,
      onGroupError: 'each',
      write: (batches) => storeUsageBatches(this.db, batches, this.clock.now()),
      onWritten: () => this.scheduleMove(),
    });
  }

  /** Resolves when the batch is in the inbox (with whatever else was waiting). */
  store(batch: UsageBatchToStore): Promise<void> {
    return this.inbox.add(batch);
  }

  /** Moves the whole inbox into the events log and the rollups; resolves when it is empty. */
  flush(): Promise<void> {
    return this.move(true);
  }

  /**
   * One move at a time: `untilEmpty` drains the inbox, else one pass (until a chunk is not full). A
   * flush asked for while a pass runs drains the inbox after it.
   */
  private move(untilEmpty: boolean): Promise<void> {
    if (this.processing) {
      if (untilEmpty) this.again = true;
      return this.processing;
    }
    this.processing = (async () => {
      try {
        let full = untilEmpty;
        do {
          this.again = false;
          await drainUsageInbox(
            this.db,
            (error) => this.log?.warn({ err: error }, 'usage inbox: a chunk failed; moving it row by row'),
            undefined,
            full,
          );
          full = true;
        } while (this.again);
      } finally {
        this.processing = null;
      }
    })();
    return this.processing;
  }

  /** Moves what was taken in a moment later; a failure is logged and the rows wait for the next pass. */
  private scheduleMove(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.move(false).catch((error: unknown) =>
        this.log?.error({ err: error }, 'usage inbox: moving failed'),
      );
    }, MOVE_DELAY_MS);
    this.timer.unref?.();
  }

  /** At shutdown: the writes in flight finish, no more timers; everything taken in is moved. */
  async close(): Promise<void> {
    await this.inbox.settled();
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
