/**
 * Group commit for usage events: the batches that arrive while a write is running are stored together
 * by the next write, in one statement (modules/usage/queries.ts), and each request is answered once its
 * own events are stored. One write at a time per process: under load each statement carries many
 * requests' events (fewer round trips, and the rollup rows every request touches are locked once per
 * statement instead of once per request); when idle a batch is written at once, so nothing waits on a
 * timer. Up to WRITERS statements run at once (one parses and stores its events while the other
 * finishes its rollup upserts; both take row locks in key order). A group that fails (a deadlock
 * included) is written again request by request, so one bad batch fails only itself.
 */
import type { Clock } from '../../lib/clock.js';
import type { Queryable } from '../../db/client.js';
import { storeUsageBatches, type UsageBatchToStore } from './queries.js';

/** At most this many requests' batches in one statement (50 events each at most). */
export const MAX_GROUP = 200;
/** Statements in flight at once per process. */
export const WRITERS = 2;

interface Pending {
  batch: UsageBatchToStore;
  resolve(): void;
  reject(error: unknown): void;
}

export class UsageWriter {
  private pending: Pending[] = [];
  private running = 0;

  constructor(
    private readonly db: Queryable,
    private readonly clock: Clock,
    private readonly writers = WRITERS,
  ) {}

  /** Resolves when the batch is stored (with whatever else was waiting). */
  store(batch: UsageBatchToStore): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.pending.push({ batch, resolve, reject });
      if (this.running < this.writers) void this.drain();
    });
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
  }
}
