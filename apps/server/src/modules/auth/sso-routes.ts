/** 'Continue with SSO': start (redirect to the identity provider) and callback (sign in, back to /). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { countryCodeSchema, deviceIdSchema } from '@fieldforce/contracts';
import { envelopeResponses } from '../../lib/responses.js';
import { coded } from '../../lib/errors.js';
import { authRateLimit } from '../../lib/rate-limits.js';
import { secureCookies, setSessionCookies } from './cookies.js';
import { requestContext } from './routes.js';
import { SSO_COOKIE_PATH, SSO_STATE_COOKIE, SsoError, SsoService, ssoSettings } from './sso.js';

const TAG = 'auth';

export const ssoRoutes: FastifyPluginAsyncZod = async (app) => {
  const settings = ssoSettings(app);
  const sso = settings ? new SsoService(app, settings) : null;
  if (sso) {
    await sso.mountBuiltIn();
    app.auth.service.ssoLogoutUrl = (sessionId) => sso.logoutUrl(sessionId);
  }
  const limited = authRateLimit(app);
  const notConfigured = () => coded('SERVICE_UNAVAILABLE', 'auth.ssoUnavailable');

  app.get(
    `${SSO_COOKIE_PATH}/start`,
    {
      schema: {
        tags: [TAG],
        summary: 'Continue with SSO: redirect to the identity provider',
        description:
          'Public, rate-limited. Redirects (302) to the OpenID Connect provider (OIDC_ISSUER, or the built-in ' +
          'development provider under /oidc) with PKCE, state and nonce; `deviceId` names the device session to open.',
        querystring: z.object({ deviceId: deviceIdSchema, countryCode: countryCodeSchema.optional() }),
        response: envelopeResponses(z.null(), [429, 503]),
      },
      config: { access: { public: true }, rateLimit: limited },
    },
    async (request, reply) => {
      if (!sso) throw notConfigured();
      const { url, state } = await sso.start({
        deviceId: request.query.deviceId,
        countryCode: request.market,
        origin: sso.originFor(request),
      });
      reply.setCookie(SSO_STATE_COOKIE, state, {
        path: SSO_COOKIE_PATH,
        httpOnly: true,
        // Lax: the provider sends the browser back with a cross-site top-level GET.
        sameSite: 'lax',
        secure: secureCookies(request, app.config),
        maxAge: 600,
      });
      return reply.redirect(url, 302);
    },
  );

  app.get(
    `${SSO_COOKIE_PATH}/callback`,
    {
      schema: {
        tags: [TAG],
        summary: 'Continue with SSO: the provider’s answer',
        description:
          'Public. Completes the sign-in (loginType SSO), sets the idToken and refreshToken cookies and redirects to ' +
          '/?countryCode=… (the market chosen at the start when the user holds it, else their home market). ' +
          'On failure redirects to /login?ssoError=… with a readable reason.',
        querystring: z.object({ code: z.string().optional(), state: z.string().optional() }).loose(),
        response: envelopeResponses(z.null(), [503]),
      },
      config: { access: { public: true }, rateLimit: limited },
    },
    async (request, reply) => {
      if (!sso) throw notConfigured();
      reply.clearCookie(SSO_STATE_COOKIE, { path: SSO_COOKIE_PATH });
      try {
        const { user, deviceId, idToken, market } = await sso.complete(
          request.url,
          request.cookies[SSO_STATE_COOKIE],
          sso.originFor(request),
        );
        const result = await app.auth.service.signIn(
          user,
          { deviceId, loginType: 'SSO', mfa: false, ssoIdToken: idToken ?? null },
          requestContext(request),
        );
        setSessionCookies(request, reply, app.config, result);
        return reply.redirect(`/?countryCode=${market}`, 302);
      } catch (error) {
        const reason = error instanceof SsoError ? error.message : 'Single sign-on failed. Please try again.';
        if (!(error instanceof SsoError)) request.log.warn({ err: error }, 'SSO callback failed');
        return reply.redirect(`/login?ssoError=${encodeURIComponent(reason)}`, 302);
      }
    },
  );
};
