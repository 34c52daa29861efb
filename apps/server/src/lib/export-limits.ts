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
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import {
  EXPORT_LIMIT_MESSAGES,
  EXPORT_LIMITS,
  type MessageParams,
  type ServerMessageCode,
} from '@fieldforce/contracts';
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

/** `Content-Disposition` of a download: the name as ASCII, and in full for clients that read `filename*`. */
export function attachmentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The exports running in this process: one limiter for every route that streams a download (reports,
     * admin tables), so the per-user and overall limits hold across them.
     */
    exports: AppExports;
  }
}

export interface AppExports {
  /** A slot for `userId`'s export, or 429 with the limit's message and Retry-After on `reply`. */
  slot(userId: string, reply: FastifyReply): ExportSlot;
  /** One slice of export work per pass of the event loop (ExportLimits.turn). */
  turn(): Promise<void>;
}

/** Decorates `app.exports`; exports still running when the shutdown deadline comes are cut. */
export const exportLimitsPlugin = fp(async (app: FastifyInstance) => {
  const limits = new ExportLimits({ ...EXPORT_LIMITS, messages: EXPORT_LIMIT_MESSAGES });
  app.atShutdownDeadline(() => {
    const cut = limits.cutAll();
    if (cut > 0) app.log.warn({ cut }, 'shutdown: exports still running were cut');
  });
  app.decorate('exports', {
    slot(userId: string, reply: FastifyReply): ExportSlot {
      try {
        return limits.acquire(userId);
      } catch (error) {
        if (error instanceof ExportLimitError)
          void reply.header('Retry-After', String(error.retryAfterSeconds));
        throw error;
      }
    },
    turn: () => limits.turn(),
  } satisfies AppExports);
});
