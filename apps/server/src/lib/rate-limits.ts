import type { FastifyInstance } from 'fastify';

/** The limit of the sign-in family of calls: AUTH_RATE_LIMIT_PER_MINUTE requests a minute per IP. */
export function authRateLimit(app: FastifyInstance, factor = 1) {
  return { max: Math.max(1, Math.round(app.config.AUTH_RATE_LIMIT_PER_MINUTE * factor)), timeWindow: 60_000 };
}
