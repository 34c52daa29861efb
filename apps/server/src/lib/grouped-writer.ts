/**
 * Group commit, the one implementation (the rate-limit hit counter and the usage-event inbox use it):
 * items added while a write runs wait for the next write, which takes every item that came meanwhile
 * (at most `maxGroup`) in one statement. Idle, an item is written at once: nothing waits on a timer.
 * Each `add` resolves with its item's result once its group is written, so a caller is answered only
 * after its item is committed, and rejects if it could not be written (no item is dropped silently).
 */

export interface GroupedWriterOptions<T, R> {
  /** Writes a group in one statement; answers one result per item, in the items' order (or nothing). */
  write(items: T[]): Promise<readonly R[] | void>;
  /** At most this many items in one write. */
  maxGroup: number;
  /** Writes running at once (default 1). */
  concurrency?: number;
  /**
   * A failed write of several items: 'all' (default) fails each of them with its error; 'each' writes
   * them again one by one, so one bad item fails only itself.
   */
  onGroupError?: 'all' | 'each';
  /** Called after each group is written. */
  onWritten?(): void;
}

interface Waiting<T, R> {
  item: T;
  resolve(result: R): void;
  reject(error: unknown): void;
}

export class GroupedWriter<T, R = void> {
  private pending: Waiting<T, R>[] = [];
  private running = 0;
  private settledWaiters: (() => void)[] = [];

  constructor(private readonly options: GroupedWriterOptions<T, R>) {}

  /** Resolves with the item's result once the group holding it is written. */
  add(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.pending.push({ item, resolve, reject });
      if (this.running < (this.options.concurrency ?? 1)) void this.run();
    });
  }

  /** Resolves when nothing is waiting or being written (at shutdown: every item added so far is done). */
  settled(): Promise<void> {
    if (this.running === 0 && this.pending.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.settledWaiters.push(resolve));
  }

  private async run(): Promise<void> {
    this.running += 1;
    try {
      while (this.pending.length > 0) {
        const group = this.pending.splice(0, this.options.maxGroup);
        try {
          const results = await this.options.write(group.map((w) => w.item));
          group.forEach((w, i) => w.resolve(results?.[i] as R));
          this.options.onWritten?.();
        } catch (error) {
          if (this.options.onGroupError === 'each' && group.length > 1) await this.writeOneByOne(group);
          else for (const w of group) w.reject(error);
        }
      }
    } finally {
      this.running -= 1;
      if (this.running === 0) for (const wake of this.settledWaiters.splice(0)) wake();
    }
  }

  private async writeOneByOne(group: Waiting<T, R>[]): Promise<void> {
    for (const w of group) {
      try {
        const results = await this.options.write([w.item]);
        w.resolve(results?.[0] as R);
        this.options.onWritten?.();
      } catch (error) {
        w.reject(error);
      }
    }
  }
}
