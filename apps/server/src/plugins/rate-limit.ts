import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import { AppError } from '../lib/errors.js';
import { databaseRateLimitStore } from '../lib/rate-limits.js';

/**
 * Per-client-IP limits, switched on route by route (`config.rateLimit`): the sign-in, OTP, signup and
 * forgot-password calls. Going over answers 429 in the envelope. Counters live in the database
 * (lib/rate-limits.ts), so every app server counts the same hits.
 */
export const rateLimitPlugin = fp(async (app: FastifyInstance) => {
  await app.register(rateLimit, {
    global: false,
    store: databaseRateLimitStore(app.db),
    errorResponseBuilder: (_request, context) =>
      new AppError('RATE_LIMITED', `Too many attempts. Please try again in ${context.after}.`),
  });
});
