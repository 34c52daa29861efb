/**
 * A read of an admin tool beside its table (a set's page, a task's progress, a user's access, the
 * tool's settings, a filter's choices …): one declaration registers the GET route with its OpenAPI entry
 * behind the tool's policy, the read-side counterpart of registerAdminChange:
 *
 *   - the tool's policy (`authorize`, for `action`, default 'view') runs ONCE, before the querystring and
 *     params are validated (Fastify's preValidation, lib/tables/admin-gate.ts), so a caller the tool
 *     refuses gets 403 whatever they sent, never a 400; what it answered is `ctx.can`;
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
import type { Database } from '../../db/client.js';
import type { AdminAction } from '../policies/index.js';
import type { AuthUser } from '../policy.js';
import { requireAuth } from '../request-context.js';
import { adminRouteOptions, gatedAbilities, type AdminRouteSpec, type MarketQuery } from './admin-gate.js';
import type { AuthorizeTool } from './admin-table-routes.js';

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

export interface AdminReadOptions<P, Q, R> extends AdminRouteSpec<P, Q, R> {
  /** The tool's policy (as registerAdminTable's), asked for `action`. */
  authorize: AuthorizeTool;
  /** Default 'view'. */
  action?: AdminAction;
  read: (ctx: AdminReadContext<P, Q>) => Promise<R>;
}

export function registerAdminRead<P = undefined, Q = MarketQuery, R = unknown>(
  app: FastifyInstance,
  options: AdminReadOptions<P, Q, R>,
): void {
  const action = options.action ?? 'view';
  app.withTypeProvider<ZodTypeProvider>().route({
    method: 'GET',
    ...adminRouteOptions(app, options, (q, user, market) => options.authorize(q, user, market, action)),
    handler: async (request) => {
      const { user } = requireAuth(request);
      return ok(
        await options.read({
          user,
          market: request.market ?? user.homeCountryCode,
          can: gatedAbilities(request),
          db: app.db,
          log: request.log,
          params: request.params as P,
          query: request.query as Q,
        }),
      );
    },
  });
}
