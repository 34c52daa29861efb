import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config/index.js';
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

/** The tag manager's origin, allowed only when GTM_ID is set (spec section 7: a tag-manager script). */
export const GTM_ORIGIN = 'https://www.googletagmanager.com';

/**
 * The policy of an index.html that loads the tag manager: its two scripts carry this answer's nonce
 * (no other inline script runs), and the tag manager may load and report to Google's analytics.
 */
export function contentSecurityPolicyWithGtm(nonce: string): string {
  return CONTENT_SECURITY_POLICY.replace(
    "script-src 'self'",
    `script-src 'self' 'nonce-${nonce}' ${GTM_ORIGIN}`,
  )
    .replace(
      "img-src 'self' data: blob:",
      `img-src 'self' data: blob: ${GTM_ORIGIN} https://*.google-analytics.com`,
    )
    .replace(
      "connect-src 'self'",
      `connect-src 'self' https://*.google-analytics.com https://*.analytics.google.com ${GTM_ORIGIN}`,
    );
}

export type HeaderConfig = Pick<Config, 'NODE_ENV' | 'TRUST_PROXY'>;

export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(self), payment=()',
  'x-dns-prefetch-control': 'off',
};

/** One year, subdomains included (issue 9): browsers then refuse plain HTTP to the host for a year. */
export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Paths whose answers are never stored by a browser or a shared cache: the API (personal and business
 * data; /api/health and /api/docs too, for one simple rule), the development outbox and the built-in
 * SSO provider.
 */
export function isNoStorePath(url: string): boolean {
  return (
    url === '/api' ||
    url.startsWith('/api/') ||
    url.startsWith('/api?') ||
    url.startsWith('/dev/') ||
    url.startsWith('/oidc/') ||
    url === '/oidc'
  );
}

/**
 * Served over HTTPS, or declared production. Behind a proxy (TRUST_PROXY) the proxy's
 * X-Forwarded-Proto says which, read here too because the router's own refusals (malformed URLs)
 * come with a request object that does not apply the proxy rules.
 */
export function wantsHsts(request: FastifyRequest, config: HeaderConfig): boolean {
  if (config.NODE_ENV === 'production' || request.protocol === 'https') return true;
  if (!config.TRUST_PROXY) return false;
  const forwarded = request.headers['x-forwarded-proto'];
  const value = Array.isArray(forwarded) ? forwarded.join(',') : (forwarded ?? '');
  return value.split(',').pop()?.trim().toLowerCase() === 'https';
}

/**
 * The headers of every answer. HSTS goes on the raw response, so answers that bypass Fastify's reply
 * (the built-in SSO provider writes its own) carry it too; a route may still replace Cache-Control.
 */
export function applySecurityHeaders(
  request: FastifyRequest,
  reply: FastifyReply,
  config: HeaderConfig,
): void {
  reply.headers(SECURITY_HEADERS);
  if (wantsHsts(request, config)) reply.raw.setHeader('strict-transport-security', HSTS);
  if (isNoStorePath(request.url)) reply.header('cache-control', 'no-store');
}

export const securityHeadersPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', async (request, reply) => {
    applySecurityHeaders(request, reply, app.config);
  });
});
