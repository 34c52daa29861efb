import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Set by hand rather than with helmet: helmet is the largest per-request cost in Fastify here
 * (toolchain.md), and these few headers are all the portal needs. No inline scripts anywhere.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const HEADERS: Record<string, string> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(self), payment=()',
  'x-dns-prefetch-control': 'off',
};

export const securityHeadersPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(HEADERS);
  });
});
