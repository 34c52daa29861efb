/**
 * How long downloads (report exports today, admin exports next) share one server process with
 * everyone else (docs/reliability.md):
 *
 * - a limit on the exports running at once, per user and overall: past it the request is refused
 *   with 429 RATE_LIMITED, a message saying which limit, and Retry-After. The per-user count is shared
 *   by every app server (SharedExportSlots: table `export_slots`, a row per running export held by a
 *   lease), so a user behind a balancer gets the same slots as on one server; the overall limit
 *   protects one process's CPU and memory, so each process counts its own;
 * - turns: an export does one slice of work (one database batch, or a few hundred rows of writing)
 *   per turn, and the limiter hands out at most one turn per pass of the event loop, after the
 *   loop's I/O. However many exports run, a request that arrives waits for at most one slice, not
 *   one slice per export (on PGlite a query runs on the main thread and blocks it while it runs);
 * - a cut: on shutdown, exports still running when the grace period ends are aborted, so a long
 *   download cannot hold the process past SHUTDOWN_TIMEOUT.
 */
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import {
  EXPORT_LIMIT_MESSAGES,
  EXPORT_LIMITS,
  type MessageParams,
  type ServerMessageCode,
} from '@fieldforce/contracts';
import type { Database } from '../db/client.js';
import type { Clock } from './clock.js';
import { followAbort } from './abort.js';
import { AppError } from './errors.js';
import { takeLease, type Lease } from './lease.js';

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

/** The advisory-lock space of a user's export slots (any constant no other lock of the database uses). */
const SLOT_LOCK = 726_351_905;

export interface SharedExportSlotOptions {
  db: Database;
  clock: Clock;
  /** Slots a user may hold on all servers together. */
  perUser: number;
  /** How long a slot holds without renewal (renewed every third of it while its export runs); 60 s. */
  leaseMs?: number;
  /** This process, as written in `holder` (for a look at the table). */
  holder?: string;
  log?: FastifyBaseLogger;
}

/**
 * Per-user export slots shared by every app server (issue 16), in `export_slots`: a row per running
 * export. Taking one locks the user's slots (a transaction-scoped advisory lock, so two servers never
 * both take a user's last slot; fine behind a pooler in transaction mode), drops the user's expired
 * rows, counts the rest and inserts one. A slot is deleted when its export ends; while it runs, its
 * process renews the lease (lib/lease.ts); a process that dies stops renewing, and its slots expire
 * after the lease. A renewal that finds no row (this process was held up past the lease, and another
 * server dropped the slot as expired) loses the lease: its `signal` aborts and the export is cut, so
 * the user never runs more than `perUser` exports on all servers together.
 */
export class SharedExportSlots {
  /** The slots this process holds, each renewed by its lease (lib/lease.ts). */
  private readonly held = new Map<string, Lease>();
  private readonly releasing = new Set<Promise<unknown>>();
  private readonly leaseMs: number;
  private readonly holder: string;

  constructor(private readonly options: SharedExportSlotOptions) {
    this.leaseMs = options.leaseMs ?? 60_000;
    this.holder = options.holder ?? `${process.pid}-${randomUUID().slice(0, 8)}`;
  }

  /** Slots this process holds now. */
  get active(): number {
    return this.held.size;
  }

  /** Aborts when slot `id`'s lease is lost (another server dropped its row); undefined once released. */
  signal(id: string): AbortSignal | undefined {
    return this.held.get(id)?.signal;
  }

  /** A slot's id, or null when the user already holds `perUser` slots on any server. */
  async acquire(userId: string): Promise<string | null> {
    // This process's own releases first, so a download that just ended is not counted.
    await Promise.allSettled([...this.releasing]);
    const { db, clock, perUser, log } = this.options;
    const id = randomUUID();
    const taken = await takeLease(
      {
        clock,
        log,
        leaseMs: this.leaseMs,
        what: 'export slot',
        // Held while the row is there: RETURNING says whether the UPDATE found it (PGlite and pg alike).
        renew: async (until) => {
          const { rows } = await db.query(
            'UPDATE export_slots SET expires_at = $2 WHERE id = $1 RETURNING id',
            [id, until],
          );
          return rows.length > 0;
        },
        // A delete that fails is logged; the slot then expires with its lease.
        release: () => db.query('DELETE FROM export_slots WHERE id = $1', [id]),
      },
      (until) =>
        db.transaction(async (tx) => {
          await tx.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [SLOT_LOCK, userId]);
          const now = clock.now();
          await tx.query('DELETE FROM export_slots WHERE user_id = $1 AND expires_at <= $2', [userId, now]);
          const { rows } = await tx.query<{ n: number }>(
            'SELECT count(*)::int AS n FROM export_slots WHERE user_id = $1',
            [userId],
          );
          if (Number(rows[0]?.n ?? 0) >= perUser) return null;
          await tx.query(
            `INSERT INTO export_slots (id, user_id, holder, started_at, expires_at)
             VALUES ($1, $2, $3, $4, $5)`,
            [id, userId, this.holder, now, until],
          );
          return id;
        }),
    );
    if (!taken) return null;
    this.held.set(id, taken.lease);
    return id;
  }

  /** Gives the slot back (its row deleted); safe to call more than once. */
  release(id: string): void {
    const lease = this.held.get(id);
    if (!lease) return;
    this.held.delete(id);
    const deleting: Promise<unknown> = lease.release().finally(() => this.releasing.delete(deleting));
    this.releasing.add(deleting);
  }

  /** Stops renewing and gives back every slot still held (the server is closing). */
  async close(): Promise<void> {
    for (const id of [...this.held.keys()]) this.release(id);
    await Promise.allSettled([...this.releasing]);
  }
}

/**
 * Destroys `stream` with the slot's reason when the slot is cut (shutdown, a lost shared slot), and
 * stops listening once the stream has closed, so a finished export leaves nothing on the signal.
 */
export function cutOnAbort(slot: ExportSlot, stream: Readable): void {
  const cut = () => stream.destroy(slot.signal.reason as Error);
  if (slot.signal.aborted) return void cut();
  slot.signal.addEventListener('abort', cut, { once: true });
  stream.once('close', () => slot.signal.removeEventListener('abort', cut));
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
  /**
   * A slot for `userId`'s export (per user on all servers, overall in this process), or 429 with the
   * limit's message and Retry-After on `reply`. Given back when the response closes (or by `release`).
   */
  slot(userId: string, reply: FastifyReply): Promise<ExportSlot>;
  /** One slice of export work per pass of the event loop (ExportLimits.turn). */
  turn(): Promise<void>;
}

/** Decorates `app.exports`; exports still running when the shutdown deadline comes are cut. */
export const exportLimitsPlugin = fp(async (app: FastifyInstance) => {
  const limits = new ExportLimits({ ...EXPORT_LIMITS, messages: EXPORT_LIMIT_MESSAGES });
  const shared = new SharedExportSlots({
    db: app.db,
    clock: app.clock,
    perUser: EXPORT_LIMITS.perUser,
    log: app.log,
  });
  app.atShutdownDeadline(() => {
    const cut = limits.cutAll();
    if (cut > 0) app.log.warn({ cut }, 'shutdown: exports still running were cut');
  });
  app.addHook('onClose', async () => {
    await shared.close();
  });
  const refused = (error: ExportLimitError, reply: FastifyReply) => {
    void reply.header('Retry-After', String(error.retryAfterSeconds));
    return error;
  };
  app.decorate('exports', {
    async slot(userId: string, reply: FastifyReply): Promise<ExportSlot> {
      const { perUser, retryAfterSeconds } = limits.options;
      const id = await shared.acquire(userId);
      if (id === null)
        throw refused(
          new ExportLimitError(limits.options.messages.perUser, retryAfterSeconds, {
            messageCode: 'export.perUserLimit',
            params: { count: perUser },
          }),
          reply,
        );
      let local: ExportSlot;
      try {
        local = limits.acquire(userId);
      } catch (error) {
        shared.release(id);
        throw error instanceof ExportLimitError ? refused(error, reply) : error;
      }
      // Cut at shutdown (this process's slot) or when the shared slot was lost (the user's count on
      // every server no longer includes this export). One controller of the slot's own, following
      // both, rather than AbortSignal.any: Node keeps a combined signal that has an 'abort' listener
      // in a process-wide set until the listener is removed, with everything the listener reaches (the
      // export's stream, its response), which leaked every export (docs/reliability.md, "Soak").
      const cutter = new AbortController();
      const unfollow = [followAbort(cutter, local.signal), followAbort(cutter, shared.signal(id))];
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        for (const stop of unfollow) stop();
        local.release();
        shared.release(id);
      };
      const signal = cutter.signal;
      // Freed when the response ends, however it ends (also when the client left while the slot was taken).
      reply.raw.once('close', release);
      if (reply.raw.destroyed) release();
      return { signal, release };
    },
    turn: () => limits.turn(),
  } satisfies AppExports);
});
