/**
 * The access gate of every admin tool route (its list pages, export and filter lists through
 * registerAdminTable, its own reads through registerAdminRead, its changes through registerAdminChange
 * and registerChangeListSave): the tool's policy runs ONCE per request, in Fastify's preValidation,
 * before the querystring, params and body are validated, so a caller the tool refuses gets 403 whatever
 * they sent (never a 400 first). The gate reads the request's market (the countryCode asked for, else the
 * caller's home market) and keeps it with the abilities the policy answered (`gated`: `{ can, market }`),
 * so the handler neither calls the policy again nor works the market out a second time.
 *
 * A policy that depends on part of the input (the Activity Log's `tool`) names it with `gateQuery`: the
 * gate parses only that part of the querystring first and hands it to the policy. When that part is
 * itself invalid the gate steps aside: the route's querystring validation then answers the 400 it always
 * did (and the handler, never reached, needs no abilities). `adminRouteOptions` is the route shape
 * registerAdminRead and registerAdminChange share: the OpenAPI entry, the role gate and this gate.
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

/**
 * The tool's policy for one action: throws 403 with the refusal's words, else the caller's abilities.
 * `input` is the part of the querystring the route's `gateQuery` parsed (undefined without one).
 */
export type ToolGatePolicy<G = undefined> = (
  q: Queryable,
  user: AuthUser,
  market: CountryCode,
  input: G,
) => Promise<Abilities>;

/** What the gate found for one request: the caller's abilities and the market they hold in. */
export interface Gated {
  can: Abilities;
  market: CountryCode;
}

const granted = new WeakMap<FastifyRequest, Gated>();

/**
 * The preValidation hook running `policy` for the caller in the request's market; with `gateQuery`, on
 * that part of the querystring, parsed first (invalid: no policy, the route's validation answers 400).
 */
export function toolGate<G = undefined>(
  app: FastifyInstance,
  policy: ToolGatePolicy<G>,
  gateQuery?: z.ZodType<G>,
) {
  return async (request: FastifyRequest): Promise<void> => {
    const { user } = requireAuth(request);
    let input = undefined as G;
    if (gateQuery) {
      const parsed = gateQuery.safeParse(request.query);
      if (!parsed.success) return;
      input = parsed.data;
    }
    const market = request.market ?? user.homeCountryCode;
    granted.set(request, { can: await policy(app.db, user, market, input), market });
  };
}

/** What the route's gate found for this request (the gate has run: it is the route's preValidation). */
export function gated(request: FastifyRequest): Gated {
  const found = granted.get(request);
  if (!found) throw new Error(`${request.routeOptions.url ?? request.url}: an admin route without its gate`);
  return found;
}

/** What an admin route declares beside its policy and its handler (registerAdminRead, registerAdminChange). */
export interface AdminRouteSpec<P, Q, R, G = undefined> {
  path: string;
  summary: string;
  description: string;
  /** OpenAPI tag (default 'admin'). */
  tag?: string;
  params?: z.ZodType<P>;
  /** The querystring (default contracts' marketQuerySchema). */
  query?: z.ZodType<Q>;
  /**
   * The part of the querystring the policy depends on (e.g. `query.pick({ tool: true })`), parsed by the
   * gate before the rest is validated and handed to the policy as its `input`.
   */
  gateQuery?: z.ZodType<G>;
  /** The answer's response-data schema; the envelope's error statuses are added. */
  response: z.ZodType<R>;
  /** Error statuses past 400, 401, 403, 404 and 500 the OpenAPI entry lists. */
  errorStatuses?: number[];
  /** Role gate read by plugins/auth.ts before anything else (default: admins). */
  roles?: readonly ['admin'];
}

/** The route's url, OpenAPI schema, role gate and tool gate (`policy` in preValidation). */
export function adminRouteOptions<P, Q, R, G>(
  app: FastifyInstance,
  spec: AdminRouteSpec<P, Q, R, G>,
  policy: ToolGatePolicy<G>,
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
    preValidation: toolGate(app, policy, spec.gateQuery),
  };
}
