/**
 * How long downloads (report exports today, admin exports next) share one server process with
 * everyone else (docs/reliability.md):
 *
 * - a limit on the exports running at once, per user and overall: past it the request is refused
 *   with 429 RATE_LIMITED, a message saying which limit, and Retry-After;
 * - turns: an export does one slice of work (one database batch, or a few hundred rows of writing)
 *   per turn, and the limiter hands out at most one turn per pass of the event loop, after the
 *   loop's I/O. However many exports run, a request that arrives waits for at most one slice, not
 *   one slice per export (on PGlite a query runs on the main thread and blocks it while it runs);
 * - a cut: on shutdown, exports still running when the grace period ends are aborted, so a long
 *   download cannot hold the process past SHUTDOWN_TIMEOUT.
 */
import type { MessageParams, ServerMessageCode } from '@fieldforce/contracts';
import { AppError } from './errors.js';

export interface ExportLimitOptions {
  /** Exports one user may run at once. */
  perUser: number;
  /** Exports the process runs at once, all users together. */
  total: number;
  /** Seconds a refused client is told to wait (Retry-After). */
  retryAfterSeconds: number;
  /** The refusals' messages (shown to the user; the web translates them). */
  messages: { perUser: string; total: string };
}

/** One running export: release it when the response ends; `signal` aborts when it is cut. */
export interface ExportSlot {
  readonly signal: AbortSignal;
  /** Frees the slot; safe to call more than once. */
  release(): void;
}

/** A refusal: 429 with the limit's message; the caller sets Retry-After from `retryAfterSeconds`. */
export class ExportLimitError extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
    coded?: { messageCode: ServerMessageCode; params?: MessageParams },
  ) {
    super('RATE_LIMITED', message, undefined, undefined, coded);
  }
}

export class ExportLimits {
  private readonly running = new Map<string, number>();
  private readonly slots = new Set<AbortController>();
  private total = 0;
  private readonly waiting: (() => void)[] = [];
  private turnScheduled = false;

  constructor(readonly options: ExportLimitOptions) {}

  /** Exports running now (all users). */
  get active(): number {
    return this.total;
  }

  /** Takes a slot for `userId`, or throws ExportLimitError when a limit is reached. */
  acquire(userId: string): ExportSlot {
    const mine = this.running.get(userId) ?? 0;
    const { perUser, total, retryAfterSeconds, messages } = this.options;
    if (mine >= perUser)
      throw new ExportLimitError(messages.perUser, retryAfterSeconds, {
        messageCode: 'export.perUserLimit',
        params: { count: perUser },
      });
    if (this.total >= total)
      throw new ExportLimitError(messages.total, retryAfterSeconds, { messageCode: 'export.totalLimit' });
    this.running.set(userId, mine + 1);
    this.total += 1;
    const controller = new AbortController();
    this.slots.add(controller);
    let released = false;
    return {
      signal: controller.signal,
      release: () => {
        if (released) return;
        released = true;
        this.slots.delete(controller);
        this.total -= 1;
        const left = (this.running.get(userId) ?? 1) - 1;
        if (left > 0) this.running.set(userId, left);
        else this.running.delete(userId);
      },
    };
  }

  /** Aborts every running export (shutdown): their streams end and their slots are released. */
  cutAll(reason = 'the server is shutting down'): number {
    const cut = [...this.slots];
    for (const controller of cut) controller.abort(new Error(reason));
    return cut.length;
  }

  /**
   * Resolves when it is this caller's turn: one waiter per pass of the event loop, first come first
   * served, each after the loop has handled its pending I/O (setImmediate). Do one slice of work
   * right after it resolves, then ask again.
   */
  turn(): Promise<void> {
    return new Promise((resolve) => {
      this.waiting.push(resolve);
      this.scheduleTurn();
    });
  }

  private scheduleTurn() {
    if (this.turnScheduled || this.waiting.length === 0) return;
    this.turnScheduled = true;
    setImmediate(() => {
      this.turnScheduled = false;
      this.waiting.shift()?.();
      this.scheduleTurn();
    });
  }
}

/** A turn for code that runs without a limiter (tests, scripts): just a pass of the event loop. */
export const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
