/**
 * Work a request hands off to run after its answer is sent (issue 9): the code requests answer at once,
 * whatever the email, and look the account up, store the code and send the email here. One job at a time,
 * in order; a failure is logged, never thrown at anyone. The queue is bounded so a flood cannot grow it
 * without limit (the per-IP rate limits keep it far below that).
 */
export class AfterReplyQueue {
  private tail: Promise<void> = Promise.resolve();
  private pending = 0;

  constructor(
    private readonly log: { error(obj: unknown, msg: string): void },
    private readonly maxPending = 1000,
  ) {}

  /** Queues a job; false (and a log line) when the queue is full and the job was dropped. */
  enqueue(name: string, job: () => Promise<void>): boolean {
    if (this.pending >= this.maxPending) {
      this.log.error({ job: name }, 'after-reply queue full: job dropped');
      return false;
    }
    this.pending += 1;
    this.tail = this.tail
      // Never in the request's own tick: the answer goes first.
      .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
      .then(job)
      .catch((error: unknown) => this.log.error({ err: error, job: name }, 'after-reply job failed'))
      .finally(() => {
        this.pending -= 1;
      });
    return true;
  }

  /** Jobs queued and not yet finished. */
  get size(): number {
    return this.pending;
  }

  /** Resolves once every queued job has finished (graceful close; tests that read the outbox). */
  async idle(): Promise<void> {
    while (this.pending > 0) await this.tail;
  }
}
