/**
 * Authentication and route-level authorization for every request, in one onRequest hook:
 *   1. the route's `config.access` (every /api route must declare one; the app refuses to start
 *      otherwise, and an undeclared route would be refused, never served);
 *   2. the id token from the `customerToken` header, `Authorization: Bearer`, the `customerToken` query
 *      parameter or the `idToken` cookie, verified, and its device session and user loaded;
 *   3. CSRF for cookie-only state changes, and the hardening headers (X-User-ID, X-Device-ID,
 *      X-Login-Type) checked against the token;
 *   4. password expiry, roles and market.
 * 401 without a valid token or session, 403 otherwise; resource rules (DT scope, "own profile") stay
 * in each domain's policy module and queries.
 */
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import cookie from '@fastify/cookie';
import {
  CSRF_HEADER,
  CSRF_HEADER_VALUE,
  ID_TOKEN_COOKIE,
  sessionEndedMessageCode,
  type CountryCode,
} from '@fieldforce/contracts';
import { AppError, coded, forbidden } from '../lib/errors.js';
import { header, requestedMarket } from '../lib/request-context.js';
import { hasRole, inMarket, type AuthContext, type RouteAccess } from '../lib/policy.js';
import { KeyStore } from '../modules/auth/keys.js';
import { createMailer, purgeMailDeliveries, type Mail, type Mailer } from '../modules/auth/mailer.js';
import { loadSessionWithUser, purgeExpired } from '../modules/auth/queries.js';
import { AuthService, passwordStatus } from '../modules/auth/service.js';
import { TokenError, TokenService } from '../modules/auth/tokens.js';

declare module '../lib/jobs.js' {
  interface JobPayloads {
    /** A notice without a secret (see AuthServiceDeps.enqueueMail). */
    'email.send': Mail;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    auth: { keys: KeyStore; tokens: TokenService; service: AuthService; mailer: Mailer };
  }
  interface FastifyRequest {
    /** The signed-in user and device session; null on public routes. */
    auth: AuthContext | null;
    /**
     * The market the request acts in: `countryCode` (query, else header; `id` with BusinessGroup `ic`
     * is idic), else the user's home market. Checked against the user's markets unless the route
     * declares `market: 'any'`. Handlers read this, not the raw parameter.
     */
    market: CountryCode | null;
  }
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const isApiUrl = (url: string) => url === '/api' || url.startsWith('/api/');
const isHidden = (schema: unknown) => Boolean((schema as { hide?: boolean } | undefined)?.hide);

function readToken(request: FastifyRequest): { token: string; source: AuthContext['tokenSource'] } | null {
  const fromHeader = header(request, 'customertoken');
  if (fromHeader) return { token: fromHeader, source: 'header' };
  const authorization = header(request, 'authorization');
  if (authorization?.startsWith('Bearer ')) return { token: authorization.slice(7).trim(), source: 'header' };
  const query = request.query as Record<string, unknown> | undefined;
  if (typeof query?.customerToken === 'string' && query.customerToken) {
    return { token: query.customerToken, source: 'query' };
  }
  const fromCookie = request.cookies?.[ID_TOKEN_COOKIE];
  if (fromCookie) return { token: fromCookie, source: 'cookie' };
  return null;
}

async function authenticate(app: FastifyInstance, request: FastifyRequest): Promise<void> {
  if (request.is404) return;
  const access = request.routeOptions.config?.access as RouteAccess | undefined;
  if (!access) {
    // Fail closed: an API route that forgot to declare its access is refused (onReady also refuses to start).
    if (isApiUrl(request.routeOptions.url ?? request.url) && !isHidden(request.routeOptions.schema)) {
      throw forbidden('This route does not declare who may call it.');
    }
    return;
  }
  if (access.public) {
    request.market = requestedMarket(request);
    return;
  }

  const found = readToken(request);
  if (!found) throw coded('UNAUTHENTICATED', 'auth.loginRequired');
  let claims;
  try {
    claims = await app.auth.tokens.verifyIdToken(found.token);
  } catch (error) {
    if (error instanceof TokenError) throw new AppError('INVALID_ID_TOKEN', error.message);
    throw error;
  }
  const loaded = await loadSessionWithUser(app.db, claims.sid);
  if (!loaded || loaded.user.id !== claims.sub) throw coded('SESSION_ENDED', 'auth.sessionEnded');
  const { user, session } = loaded;
  if (user.status !== 'active' && !session.endedAt) {
    session.endedAt = app.clock.now();
    session.endReason = 'disabled';
  }
  if (session.endedAt && !access.allowEndedSession) {
    throw coded('SESSION_ENDED', sessionEndedMessageCode(session.endReason));
  }

  // A cookie is sent by the browser on its own; a custom header is not (no CORS here), so requiring one
  // on cookie-only state changes stops cross-site requests on top of SameSite=Strict.
  const changesState = STATE_CHANGING.has(request.method) || access.changesState === true;
  if (
    found.source === 'cookie' &&
    changesState &&
    header(request, CSRF_HEADER)?.toLowerCase() !== CSRF_HEADER_VALUE
  ) {
    throw forbidden(
      `Requests authenticated by cookie must send the header X-Requested-With: ${CSRF_HEADER_VALUE}.`,
    );
  }
  const userHeader = header(request, 'x-user-id');
  if (userHeader !== undefined && userHeader.trim().toLowerCase() !== user.email) {
    throw forbidden('X-User-ID does not match the signed-in user.');
  }
  const deviceHeader = header(request, 'x-device-id');
  if (deviceHeader !== undefined && deviceHeader !== session.deviceId) {
    throw forbidden('X-Device-ID does not match this session.');
  }
  const loginTypeHeader = header(request, 'x-login-type');
  if (loginTypeHeader !== undefined && loginTypeHeader !== session.loginType) {
    throw forbidden('X-Login-Type does not match this session.');
  }

  request.auth = { user, session, tokenSource: found.source };

  if (
    !access.allowExpiredPassword &&
    passwordStatus(user.passwordChangedAt, app.clock.now(), session.loginType).expired
  ) {
    throw coded('PASSWORD_EXPIRED', 'auth.passwordExpired');
  }
  if (access.roles && access.roles.length > 0 && !access.roles.some((role) => hasRole(user, role))) {
    throw forbidden();
  }
  const market = requestedMarket(request);
  if (market && access.market !== 'any' && !inMarket(user, market)) {
    throw coded('FORBIDDEN', 'auth.noMarketAccess');
  }
  request.market = market ?? user.homeCountryCode;
}

export const authPlugin = fp(async (app: FastifyInstance) => {
  await app.register(cookie);
  const keys = new KeyStore(app.db, app.clock);
  await keys.init();
  const tokens = new TokenService(keys, app.clock, {
    issuer: app.config.JWT_ISSUER,
    audience: app.config.JWT_AUDIENCE,
    idTokenTtlSeconds: app.config.ID_TOKEN_TTL_SECONDS,
  });
  const mailer = createMailer({
    smtpUrl: app.config.SMTP_URL,
    from: app.config.MAIL_FROM,
    db: app.db,
    clock: app.clock,
  });
  const service = new AuthService({
    db: app.db,
    clock: app.clock,
    tokens,
    keys,
    mailer,
    refreshTtlDays: app.config.REFRESH_TOKEN_TTL_DAYS,
    publicUrl: (app.config.PUBLIC_URL ?? '').replace(/\/$/, ''),
    log: app.log,
    enqueueMail: (mail) => app.jobs.enqueue(app.db, 'email.send', mail, { maxAttempts: 5 }),
  });
  app.decorate('auth', { keys, tokens, service, mailer });
  // Notices (no secrets) go out as jobs: any process sends them, and a failing mail server is retried.
  // Sent at most once per job (mailer.ts, deliveryKey): a retry after a process died mid-job does not
  // send it again; a process that lost the job's lease leaves it to the one that took it over.
  app.jobs.register('email.send', async ({ jobId, payload, signal }) => {
    signal.throwIfAborted();
    const sent = await mailer.send(payload, { deliveryKey: jobId });
    return { to: payload.to, ...(sent ? {} : { alreadySent: true }) };
  });
  app.decorateRequest('auth', null);
  app.decorateRequest('market', null);

  const apiRoutes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    if (isApiUrl(route.url)) apiRoutes.push(route);
  });
  app.addHook('onReady', async () => {
    const undeclared = apiRoutes
      .filter((route) => !isHidden(route.schema) && !route.config?.access)
      .map((route) => `${String(route.method)} ${route.url}`);
    if (undeclared.length > 0) {
      throw new Error(
        `Every API route must declare config.access (lib/policy.ts RouteAccess): ${undeclared.join(', ')}`,
      );
    }
  });

  app.addHook('onRequest', async (request) => authenticate(app, request));

  // Housekeeping: expired codes, challenges and refresh tokens go a week after their expiry, once at
  // start and then hourly, as a recurring job (lib/jobs.ts): with several processes, one runs it.
  app.jobs.register('auth.purge', async ({ db }) => ({
    ...(await purgeExpired(db, app.clock.now())),
    mailDeliveries: await purgeMailDeliveries(db, app.clock.now()),
  }));
  app.jobs.every('auth.purge', 3_600_000);
});
