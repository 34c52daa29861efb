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
import type { z } from 'zod';
import { marketQuerySchema, ok, type Abilities, type CountryCode } from '@fieldforce/contracts';
import type { Database } from '../../db/client.js';
import type { AdminAction } from '../policies/index.js';
import type { AuthUser } from '../policy.js';
import { requireAuth } from '../request-context.js';
import { envelopeResponses } from '../responses.js';
import { gatedAbilities, toolGate } from './admin-gate.js';
import type { AuthorizeTool } from './admin-table-routes.js';

const signedIn = [{ customerToken: [] }];

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

type MarketQuery = z.infer<typeof marketQuerySchema>;

export interface AdminReadOptions<P, Q, R> {
  path: string;
  summary: string;
  description: string;
  /** OpenAPI tag (default 'admin'). */
  tag?: string;
  params?: z.ZodType<P>;
  /** The querystring (default contracts' marketQuerySchema). */
  query?: z.ZodType<Q>;
  /** The answer's response-data schema; the envelope's error statuses are added. */
  response: z.ZodType<R>;
  /** Role gate read by plugins/auth.ts before anything else (default: admins). */
  roles?: readonly ['admin'];
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
    url: options.path,
    schema: {
      tags: [options.tag ?? 'admin'],
      summary: options.summary,
      description: options.description,
      ...(options.params ? { params: options.params } : {}),
      querystring: options.query ?? marketQuerySchema,
      response: envelopeResponses(options.response),
      security: signedIn,
    },
    config: { access: { roles: options.roles ?? (['admin'] as const) } },
    // The tool's rule before the input is validated: 403 for a caller who may not, whatever they sent.
    preValidation: toolGate(app, (q, user, market) => options.authorize(q, user, market, action)),
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
