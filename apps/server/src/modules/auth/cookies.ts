/**
 * The session cookies. `idToken` is readable by the web (spec section 3 keeps it in a cookie and sends
 * it as `customerToken`); `refreshToken` is HttpOnly and only goes to /api. Both SameSite=Strict, and
 * Secure on HTTPS and in production (COOKIE_SECURE overrides).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ID_TOKEN_COOKIE, REFRESH_TOKEN_COOKIE } from '@fieldforce/contracts';
import type { Config } from '../../config/index.js';
import { DAY_MS } from '../../lib/clock.js';

type CookieConfig = Pick<Config, 'COOKIE_SECURE' | 'NODE_ENV' | 'REFRESH_TOKEN_TTL_DAYS'>;

export function secureCookies(request: FastifyRequest, config: CookieConfig): boolean {
  if (config.COOKIE_SECURE === 'true') return true;
  if (config.COOKIE_SECURE === 'false') return false;
  return config.NODE_ENV === 'production' || request.protocol === 'https';
}

export function setSessionCookies(
  request: FastifyRequest,
  reply: FastifyReply,
  config: CookieConfig,
  tokens: { idToken: string; refreshToken?: string },
): void {
  const secure = secureCookies(request, config);
  // The id token cookie lives as long as the session can be refreshed: the web reads its presence
  // as "signed in" (spec section 4) and refreshes the short-lived token inside it.
  const maxAge = Math.floor((config.REFRESH_TOKEN_TTL_DAYS * DAY_MS) / 1000);
  reply.setCookie(ID_TOKEN_COOKIE, tokens.idToken, {
    path: '/',
    sameSite: 'strict',
    secure,
    httpOnly: false,
    maxAge,
  });
  if (tokens.refreshToken) {
    reply.setCookie(REFRESH_TOKEN_COOKIE, tokens.refreshToken, {
      path: '/api',
      sameSite: 'strict',
      secure,
      httpOnly: true,
      maxAge,
    });
  }
}

export function clearSessionCookies(
  request: FastifyRequest,
  reply: FastifyReply,
  config: CookieConfig,
): void {
  const secure = secureCookies(request, config);
  reply.clearCookie(ID_TOKEN_COOKIE, { path: '/', sameSite: 'strict', secure });
  reply.clearCookie(REFRESH_TOKEN_COOKIE, { path: '/api', sameSite: 'strict', secure, httpOnly: true });
}
