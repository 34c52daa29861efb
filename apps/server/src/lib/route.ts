/**
 * One way to declare a signed-in route: the access rule (`config.access`, enforced by plugins/auth.ts),
 * the zod schema, and a handler that gets one context instead of reading the request itself:
 *
 *   app.get('/api/admin/x', routeOptions({ access: { roles: ['admin'] }, schema }), handle(async (ctx, input) => …));
 *
 * ctx = { user, session, market, db, dbRead, log, audit, requestId, clock }; `ctx.audit(q, entry)` writes an
 * audit row in the caller's transaction with the actor, session, market and request id filled in.
 */
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { CountryCode } from '@fieldforce/contracts';
import type { Database, Queryable } from '../db/client.js';
import type { ReadDatabase } from '../db/read-routing.js';
import { writeAudit, type AuditEntry } from './audit.js';
import type { Clock } from './clock.js';
import type { AuthSession, AuthUser, RouteAccess } from './policy.js';
import { requireAuth } from './request-context.js';

export type AuditInput = Omit<AuditEntry, 'actorId' | 'sessionId' | 'market' | 'requestId'> & {
  market?: string;
};

export interface RouteContext {
  user: AuthUser;
  session: AuthSession;
  market: CountryCode;
  db: Database;
  /** Reads that may go to the read replica (report, export, UCube and tracking reads; db/read-routing.ts). */
  dbRead: ReadDatabase;
  log: FastifyBaseLogger;
  /** Writes an audit row with `q` (the change's transaction), filled with who, where and which request. */
  audit(q: Queryable, entry: AuditInput): Promise<string>;
  requestId: string;
  clock: Clock;
}

/** The context of a signed-in request (the auth hook has already refused others). */
export function routeContext(request: FastifyRequest): RouteContext {
  const { user, session } = requireAuth(request);
  const market = request.market ?? user.homeCountryCode;
  const app = request.server;
  return {
    user,
    session,
    market,
    db: app.db,
    dbRead: request.dbRead,
    log: request.log,
    requestId: request.id,
    clock: app.clock,
    audit: (q, entry) =>
      writeAudit(q, {
        ...entry,
        market: entry.market ?? market,
        actorId: user.id,
        sessionId: session.id,
        requestId: request.id,
        at: entry.at ?? app.clock.now(),
      }),
  };
}

/** Route options with the access rule where plugins/auth.ts reads it. */
export function routeOptions<S>(options: { access: RouteAccess; schema: S }): {
  schema: S;
  config: { access: RouteAccess };
} {
  return { schema: options.schema, config: { access: options.access } };
}

/** The input Fastify validated against the schema: query, params and body merged. */
export interface RouteInput<R extends FastifyRequest> {
  query: R['query'];
  params: R['params'];
  body: R['body'];
}

/** Wraps a handler so it receives the route context and the validated input. */
export function handle<R extends FastifyRequest, T>(
  fn: (ctx: RouteContext, input: RouteInput<R>, request: R) => Promise<T>,
): (request: R) => Promise<T> {
  return (request) =>
    fn(routeContext(request), { query: request.query, params: request.params, body: request.body }, request);
}
