/**
 * Rate limits shared by every app server (issue 16): @fastify/rate-limit counts in a PostgreSQL table
 * (`rate_limit_hits`, migration 0026) instead of one process's memory, so a client that spreads its
 * sign-in attempts over several servers behind a balancer meets the same limit as on one.
 *
 * A fixed window per route and key (as the library's own stores): the first hit opens a window of
 * `timeWindow` ms, each hit adds one, a hit after the window ends opens a new one. One statement per
 * counted request (an upsert on a primary key). Window ends use this process's wall clock, as the
 * library's in-memory store did; servers' clocks agree to well under a window (NTP).
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../db/client.js';

/** The limit of the sign-in family of calls: AUTH_RATE_LIMIT_PER_MINUTE requests a minute per IP. */
export function authRateLimit(app: FastifyInstance, factor = 1) {
  return { max: Math.max(1, Math.round(app.config.AUTH_RATE_LIMIT_PER_MINUTE * factor)), timeWindow: 60_000 };
}

/**
 * The stored key: a hash of the route and the client key. Some limits key on a bearer token (usage events
 * count per session token): the table never holds one, and every key has the same short length.
 */
const storedKey = (prefix: string, key: string) =>
  createHash('sha256').update(prefix).update('\0').update(key).digest('base64url');

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** How often (at most) a process deletes the counters whose window has ended. */
const SWEEP_EVERY_MS = 60_000;

interface RouteInfo {
  routeInfo?: { method?: string | string[]; url?: string };
}

/** Counts `key` in the database; answers the hits in the window and the ms left of it. */
export async function countHit(
  q: Queryable,
  key: string,
  timeWindow: number,
  nowMs = Date.now(),
): Promise<{ current: number; ttl: number }> {
  const now = new Date(nowMs);
  const { rows } = await q.query<{ hits: number; window_ends_at: Date }>(
    `INSERT INTO rate_limit_hits AS r (key, hits, window_ends_at) VALUES ($1, 1, $3)
     ON CONFLICT (key) DO UPDATE SET
       hits = CASE WHEN r.window_ends_at <= $2 THEN 1 ELSE r.hits + 1 END,
       window_ends_at = CASE WHEN r.window_ends_at <= $2 THEN EXCLUDED.window_ends_at ELSE r.window_ends_at END
     RETURNING hits, window_ends_at`,
    [key, now, new Date(nowMs + timeWindow)],
  );
  const row = rows[0]!;
  return { current: Number(row.hits), ttl: Math.max(0, new Date(row.window_ends_at).getTime() - nowMs) };
}

/**
 * A store class for @fastify/rate-limit (`store` option) over `db`. The library makes one per limited
 * route through `child()`; each prefixes its keys with the route, as the in-memory store keeps one map
 * per route.
 */
export function databaseRateLimitStore(db: Queryable) {
  let lastSweep = 0;
  const sweep = (nowMs: number) => {
    if (nowMs - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = nowMs;
    void db
      .query('DELETE FROM rate_limit_hits WHERE window_ends_at < $1', [new Date(nowMs)])
      .catch(() => undefined);
  };

  return class DatabaseRateLimitStore {
    constructor(
      _options?: unknown,
      private readonly prefix = '',
    ) {}

    incr(key: string, callback: Callback, timeWindow: number): void {
      const nowMs = Date.now();
      countHit(db, storedKey(this.prefix, key), timeWindow, nowMs).then(
        (result) => {
          sweep(nowMs);
          callback(null, result);
        },
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    read(key: string, callback: Callback): void {
      const nowMs = Date.now();
      db.query<{ hits: number; window_ends_at: Date }>(
        'SELECT hits, window_ends_at FROM rate_limit_hits WHERE key = $1',
        [storedKey(this.prefix, key)],
      ).then(
        ({ rows }) => {
          const row = rows[0];
          const ends = row ? new Date(row.window_ends_at).getTime() : 0;
          callback(
            null,
            ends > nowMs ? { current: Number(row!.hits), ttl: ends - nowMs } : { current: 0, ttl: 0 },
          );
        },
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(routeOptions: object): DatabaseRateLimitStore {
      const info = (routeOptions as RouteInfo).routeInfo ?? {};
      const method = Array.isArray(info.method) ? info.method.join(',') : (info.method ?? '');
      return new DatabaseRateLimitStore(undefined, `${method} ${info.url ?? ''}|`);
    }
  };
}
