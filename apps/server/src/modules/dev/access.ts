/**
 * Who may read the development outbox (issue 9, finding 2): it holds every sign-in and password code,
 * so a stranger who reads it takes over any account.
 *
 * - A client on this machine: the socket's address is loopback, no proxy is configured (TRUST_PROXY)
 *   or relayed the request (Forwarded, X-Forwarded-For, X-Real-IP: a reverse proxy on this machine
 *   makes every visitor look local), and the Host header names this machine or PUBLIC_URL (so a page
 *   elsewhere cannot reach it by DNS rebinding). The socket's address, never a header, decides.
 * - Anyone else: a signed-in admin (userType admin) with a live session, as on the admin API.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ID_TOKEN_COOKIE } from '@fieldforce/contracts';
import { isLoopbackHost } from '../../config/index.js';
import { AppError } from '../../lib/errors.js';
import { isAdmin } from '../../lib/policy.js';
import { loadSessionWithUser } from '../auth/queries.js';
import { passwordStatus } from '../auth/service.js';

const RELAY_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip'];

/** An IPv4 or IPv6 loopback address as Node reports a socket's remote address. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  return address === '::1' || /^(::ffff:)?127\.\d+\.\d+\.\d+$/i.test(address);
}

function hostName(hostHeader: string | undefined): string {
  if (!hostHeader) return '';
  try {
    return new URL(`http://${hostHeader}`).hostname;
  } catch {
    return '';
  }
}

/** The request comes straight from this machine (see the module comment). */
export function isLocalClient(app: FastifyInstance, request: FastifyRequest): boolean {
  if (app.config.TRUST_PROXY) return false;
  if (RELAY_HEADERS.some((name) => request.headers[name] !== undefined)) return false;
  if (!isLoopbackAddress(request.raw.socket?.remoteAddress)) return false;
  const host = hostName(request.headers.host);
  const publicHost = app.config.PUBLIC_URL ? new URL(app.config.PUBLIC_URL).hostname : null;
  return isLoopbackHost(host) || host === publicHost;
}

function bearer(request: FastifyRequest): string | undefined {
  const header = request.headers['customertoken'];
  if (typeof header === 'string' && header) return header;
  const authorization = request.headers.authorization;
  if (authorization?.startsWith('Bearer ')) return authorization.slice(7).trim();
  return request.cookies?.[ID_TOKEN_COOKIE] || undefined;
}

const OUTSIDE_MESSAGE =
  'The development outbox is open to this machine and to signed-in admins only. Sign in as an admin.';

/** Throws 401/403 unless the request may read the outbox. */
export async function assertOutboxReader(app: FastifyInstance, request: FastifyRequest): Promise<void> {
  if (isLocalClient(app, request)) return;
  const token = bearer(request);
  if (!token) throw new AppError('UNAUTHENTICATED', OUTSIDE_MESSAGE);
  let claims;
  try {
    claims = await app.auth.tokens.verifyIdToken(token);
  } catch {
    throw new AppError('UNAUTHENTICATED', OUTSIDE_MESSAGE);
  }
  const loaded = await loadSessionWithUser(app.db, claims.sid);
  if (
    !loaded ||
    loaded.user.id !== claims.sub ||
    loaded.session.endedAt ||
    loaded.user.status !== 'active' ||
    passwordStatus(loaded.user.passwordChangedAt, app.clock.now(), loaded.session.loginType).expired
  ) {
    throw new AppError('UNAUTHENTICATED', OUTSIDE_MESSAGE);
  }
  if (!isAdmin(loaded.user)) throw new AppError('FORBIDDEN', OUTSIDE_MESSAGE);
}
