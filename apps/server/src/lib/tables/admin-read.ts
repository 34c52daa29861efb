/**
 * A read of an admin tool beside its table (a set's page, a task's progress, a user's access, the
 * tool's settings, a filter's choices …): one declaration registers the GET route with its OpenAPI entry
 * behind the tool's policy, the read-side counterpart of registerAdminChange:
 *
 *   - the tool's policy (`authorize`, for `action`, default 'view') runs ONCE, before the querystring and
 *     params are validated (Fastify's preValidation, lib/tables/admin-gate.ts), so a caller the tool
 *     refuses gets 403 whatever they sent, never a 400; what it answered is `ctx.can`, the market it ran
 *     in `ctx.market`; a policy that depends on part of the query (the Activity Log's `tool`) gets that
 *     part, parsed by the gate, through `gateQuery`;
 *   - `read` gets the caller, the market, `can` and the validated input and returns the answer's data
 *     (sent in the envelope); what it throws (a 404) is answered by the app's error handler.
 *
 *   registerAdminRead(app, {
 *     path: `${MERCH_API}/compliance`, summary: '…', description: '…',
 *     query: merchSetParamsSchema, response: merchComplianceSchema,
 *     authorize: assertMerch,
 *     read: (ctx) => setCompliance(ctx.db, ctx.user, ctx.market, ctx.query.setId, ctx.query.version),
 *   });
 *
 * The list pages, export and DT filter lists come from registerAdminTable, behind the same gate.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok, type Abilities, type CountryCode } from '@fieldforce/contracts';
import type { Database, Queryable } from '../../db/client.js';
import type { AdminAction } from '../policies/index.js';
import type { AuthUser } from '../policy.js';
import { requireAuth } from '../request-context.js';
import { adminRouteOptions, gated, type AdminRouteSpec, type MarketQuery } from './admin-gate.js';

/** What `read` gets: the caller, the market, what the policy answered and the validated input. */
export interface AdminReadContext<P, Q> {
  user: AuthUser;
  market: CountryCode;
  /** The caller's abilities, as the route's gate answered them (for the answer's `can`). */
  can: Abilities;
  db: Database;
  log: FastifyBaseLogger;
  params: P;
  query: Q;
}

export interface AdminReadOptions<P, Q, R, G = undefined> extends AdminRouteSpec<P, Q, R, G> {
  /** The tool's policy (as registerAdminTable's), asked for `action`; `input` is what `gateQuery` parsed. */
  authorize: (
    q: Queryable,
    user: AuthUser,
    market: CountryCode,
    action: AdminAction,
    input: G,
  ) => Promise<Abilities>;
  /** Default 'view'. */
  action?: AdminAction;
  read: (ctx: AdminReadContext<P, Q>) => Promise<R>;
}

export function registerAdminRead<P = undefined, Q = MarketQuery, R = unknown, G = undefined>(
  app: FastifyInstance,
  options: AdminReadOptions<P, Q, R, G>,
): void {
  const action = options.action ?? 'view';
  app.withTypeProvider<ZodTypeProvider>().route({
    method: 'GET',
    ...adminRouteOptions(app, options, (q, user, market, input: G) =>
      options.authorize(q, user, market, action, input),
    ),
    handler: async (request) => {
      const { user } = requireAuth(request);
      const { can, market } = gated(request);
      return ok(
        await options.read({
          user,
          market,
          can,
          db: app.db,
          log: request.log,
          params: request.params as P,
          query: request.query as Q,
        }),
      );
    },
  });
}
