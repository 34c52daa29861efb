/**
 * Rate limits shared by every app server (issue 16): @fastify/rate-limit counts in a PostgreSQL table
 * (`rate_limit_hits`, migration 0026) instead of one process's memory, so a client that spreads its
 * sign-in attempts over several servers behind a balancer meets the same limit as on one.
 *
 * A fixed window per route and key (as the library's own stores): the first hit opens a window of
 * `timeWindow` ms, each hit adds one, a hit after the window ends opens a new one. The hits that arrive
 * while a count runs are counted together by the next statement (an upsert on a primary key per key;
 * lib/grouped-writer.ts). Window ends use this process's wall clock, as the library's in-memory store
 * did; servers' clocks agree to well under a window (NTP).
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../db/client.js';
import { GroupedWriter } from './grouped-writer.js';

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
  return (await countHits(q, [{ key, timeWindow }], nowMs))[0]!;
}

/**
 * Counts several hits in one statement, exactly as if each had been counted alone in the order given:
 * the hits of one key are added together (one row lock, one update), and the i-th of them answers the
 * count the row had before plus i + 1. Keys are upserted in key order, so two processes counting the
 * same keys lock their rows in the same order.
 */
export async function countHits(
  q: Queryable,
  hits: readonly { key: string; timeWindow: number }[],
  nowMs = Date.now(),
): Promise<{ current: number; ttl: number }[]> {
  if (hits.length === 0) return [];
  const { rows } = await q.query<{ key: string; hits: number; window_ends_at: Date }>(
    `INSERT INTO rate_limit_hits AS r (key, hits, window_ends_at)
     SELECT key, count(*)::int, max(ends) FROM unnest($1::text[], $3::timestamptz[]) AS x(key, ends)
     GROUP BY key ORDER BY key
     ON CONFLICT (key) DO UPDATE SET
       hits = CASE WHEN r.window_ends_at <= $2 THEN EXCLUDED.hits ELSE r.hits + EXCLUDED.hits END,
       window_ends_at = CASE WHEN r.window_ends_at <= $2 THEN EXCLUDED.window_ends_at ELSE r.window_ends_at END
     RETURNING key, hits, window_ends_at`,
    [hits.map((h) => h.key), new Date(nowMs), hits.map((h) => new Date(nowMs + h.timeWindow))],
  );
  // The row's count after this statement, less the hits of this batch not yet handed out.
  const after = new Map(rows.map((r) => [r.key, { hits: Number(r.hits), ends: new Date(r.window_ends_at) }]));
  const left = new Map<string, number>();
  for (const h of hits) left.set(h.key, (left.get(h.key) ?? 0) + 1);
  return hits.map((h) => {
    const row = after.get(h.key)!;
    const remaining = left.get(h.key)! - 1;
    left.set(h.key, remaining);
    return { current: row.hits - remaining, ttl: Math.max(0, row.ends.getTime() - nowMs) };
  });
}

/** At most this many hits in one statement. */
const MAX_GROUP = 500;

interface Hit {
  key: string;
  timeWindow: number;
}

/**
 * Group counting (a GroupedWriter): a hit that arrives while this process's statement runs waits for
 * the next one, which counts every hit that came meanwhile (one statement, one row lock per key,
 * instead of one each). Idle, a hit is counted at once. Every hit is in the database before its request
 * is answered, so the limit holds across app servers exactly as with one statement per hit. A failed
 * statement fails each of its hits.
 */
function hitCounter(db: Queryable, onCounted: (nowMs: number) => void) {
  return new GroupedWriter<Hit, { current: number; ttl: number }>({
    maxGroup: MAX_GROUP,
    async write(hits) {
      const nowMs = Date.now();
      const results = await countHits(db, hits, nowMs);
      onCounted(nowMs);
      return results;
    },
  });
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

  const counter = hitCounter(db, sweep);

  return class DatabaseRateLimitStore {
    constructor(
      _options?: unknown,
      private readonly prefix = '',
    ) {}

    incr(key: string, callback: Callback, timeWindow: number): void {
      counter.add({ key: storedKey(this.prefix, key), timeWindow }).then(
        (result) => callback(null, result),
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
