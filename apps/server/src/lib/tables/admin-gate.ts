/**
 * The access gate of every admin tool route (its list pages, export and filter lists through
 * registerAdminTable, its own reads through registerAdminRead, its changes through registerAdminChange
 * and registerChangeListSave): the tool's policy runs ONCE per request, in Fastify's preValidation,
 * before the querystring, params and body are validated, so a caller the tool refuses gets 403 whatever
 * they sent (never a 400 first). The abilities it answered are kept for the handler (`gatedAbilities`,
 * e.g. for the answer's `can`), which never calls the policy again.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Abilities, CountryCode } from '@fieldforce/contracts';
import type { Queryable } from '../../db/client.js';
import type { AuthUser } from '../policy.js';
import { requireAuth } from '../request-context.js';

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
