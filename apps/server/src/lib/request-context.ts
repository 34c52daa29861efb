/**
 * What a route handler reads from its request once the auth hook (plugins/auth.ts) has run: the signed-in
 * context, and the market the request names. Modules import these from here, never from plugins/.
 */
import type { FastifyRequest } from 'fastify';
import { isCountryCode, type CountryCode } from '@fieldforce/contracts';
import { badRequest, coded } from './errors.js';
import type { AuthContext } from './policy.js';

/** The signed-in context of a request on a non-public route (the hook has already refused others). */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw coded('UNAUTHENTICATED', 'auth.loginRequired');
  return request.auth;
}

/** One request header's value (the first when repeated). */
export function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The market a request names, if any; 400 when it names an unknown one. */
export function requestedMarket(request: FastifyRequest): CountryCode | null {
  const query = request.query as Record<string, unknown> | undefined;
  const fromQuery = query?.countryCode;
  const fromHeader = header(request, 'countrycode');
  const where = fromQuery !== undefined ? 'querystring.countryCode' : 'headers.countryCode';
  const raw = fromQuery !== undefined ? fromQuery : fromHeader;
  if (raw === undefined || raw === '') return null;
  if (typeof raw !== 'string') throw badRequest(where, 'must be one country code');
  // Indonesia IC travels as countryCode id with BusinessGroup ic (spec section 7).
  const code = raw === 'id' && header(request, 'businessgroup')?.toLowerCase() === 'ic' ? 'idic' : raw;
  if (!isCountryCode(code)) throw badRequest(where, 'is not a known country code');
  return code;
}
