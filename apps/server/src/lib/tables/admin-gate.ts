/**
 * The access gate of every admin tool route (its list pages, export and filter lists through
 * registerAdminTable, its own reads through registerAdminRead, its changes through registerAdminChange
 * and registerChangeListSave): the tool's policy runs ONCE per request, in Fastify's preValidation,
 * before the querystring, params and body are validated, so a caller the tool refuses gets 403 whatever
 * they sent (never a 400 first). The abilities it answered are kept for the handler (`gatedAbilities`,
 * e.g. for the answer's `can`), which never calls the policy again. `adminRouteOptions` is the route
 * shape registerAdminRead and registerAdminChange share: the OpenAPI entry, the role gate and this gate.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { marketQuerySchema, type Abilities, type CountryCode } from '@fieldforce/contracts';
import type { Queryable } from '../../db/client.js';
import type { AuthUser } from '../policy.js';
import { requireAuth } from '../request-context.js';
import { envelopeResponses } from '../responses.js';

const signedIn = [{ customerToken: [] }];

/** The default querystring's shape: contracts' marketQuerySchema. */
export type MarketQuery = z.infer<typeof marketQuerySchema>;

/** The tool's policy for one action: throws 403 with the refusal's words, else the caller's abilities. */
export type ToolGatePolicy = (q: Queryable, user: AuthUser, market: CountryCode) => Promise<Abilities>;

const granted = new WeakMap<FastifyRequest, Abilities>();

/** The preValidation hook running `policy` for the caller in the request's market. */
export function toolGate(app: FastifyInstance, policy: ToolGatePolicy) {
  return async (request: FastifyRequest): Promise<void> => {
    const { user } = requireAuth(request);
    granted.set(request, await policy(app.db, user, request.market ?? user.homeCountryCode));
  };
}

/** The abilities the route's gate found for this request (the gate has run: it is the route's preValidation). */
export function gatedAbilities(request: FastifyRequest): Abilities {
  const can = granted.get(request);
  if (!can) throw new Error(`${request.routeOptions.url ?? request.url}: an admin route without its gate`);
  return can;
}

/** What an admin route declares beside its policy and its handler (registerAdminRead, registerAdminChange). */
export interface AdminRouteSpec<P, Q, R> {
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
  /** Error statuses past 400, 401, 403, 404 and 500 the OpenAPI entry lists. */
  errorStatuses?: number[];
  /** Role gate read by plugins/auth.ts before anything else (default: admins). */
  roles?: readonly ['admin'];
}

/** The route's url, OpenAPI schema, role gate and tool gate (`policy` in preValidation). */
export function adminRouteOptions<P, Q, R>(
  app: FastifyInstance,
  spec: AdminRouteSpec<P, Q, R>,
  policy: ToolGatePolicy,
  body?: z.ZodType,
) {
  return {
    url: spec.path,
    schema: {
      tags: [spec.tag ?? 'admin'],
      summary: spec.summary,
      description: spec.description,
      ...(spec.params ? { params: spec.params } : {}),
      querystring: spec.query ?? marketQuerySchema,
      ...(body ? { body } : {}),
      response: envelopeResponses(spec.response, spec.errorStatuses),
      security: signedIn,
    },
    config: { access: { roles: spec.roles ?? (['admin'] as const) } },
    // The tool's rule before the input is validated: 403 for a caller who may not, whatever they sent.
    preValidation: toolGate(app, policy),
  };
}
