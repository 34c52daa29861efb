/** The session service calls of spec section 7, under /api/sessions/v1. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  activeStatusSchema,
  forgotPasswordCodeRequestSchema,
  forgotPasswordRequestSchema,
  forgotPasswordResponseSchema,
  LOGIN_MESSAGES,
  logoutResponseSchema,
  marketQuerySchema,
  messageSchema,
  ok,
  publicKeySchema,
  refreshSessionTokenRequestSchema,
  refreshSessionTokenResponseSchema,
  storeSessionRequestSchema,
} from '@fieldforce/contracts';
import { envelopeResponses } from '../../lib/responses.js';
import { AppError, forbidden } from '../../lib/errors.js';
import { requireAuth } from '../../lib/request-context.js';
import { authRateLimit } from '../../lib/rate-limits.js';
import { clearSessionCookies } from './cookies.js';
import { matchesSession, tokensOfSession } from './policy.js';
import { touchSession } from './queries.js';
import { TokenError, type IdTokenClaims } from './tokens.js';

const TAG = 'sessions';
const signedIn = [{ customerToken: [] }];

export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const limited = authRateLimit(app);
  const verify = async (token: string, options: { ignoreExpiry?: boolean } = {}): Promise<IdTokenClaims> => {
    try {
      return await app.auth.tokens.verifyIdToken(token, options);
    } catch (error) {
      if (error instanceof TokenError) throw new AppError('INVALID_ID_TOKEN', error.message);
      throw error;
    }
  };

  app.get(
    '/api/sessions/v1/checkActiveStatus',
    {
      schema: {
        tags: [TAG],
        summary: 'Is this device session still allowed, and has the password expired?',
        description:
          'Signed in; answers also for an ended session (sessionAllowed false, with the reason: evicted by the ' +
          '10-device cap, logged out, signed out from another device…). Includes the password-expiry warning.',
        querystring: marketQuerySchema,
        response: envelopeResponses(activeStatusSchema),
        security: signedIn,
      },
      config: { access: { allowEndedSession: true, allowExpiredPassword: true, market: 'any' } },
    },
    async (request) => {
      const auth = requireAuth(request);
      if (!auth.session.endedAt) await touchSession(app.db, auth.session.id, app.clock.now());
      return ok(app.auth.service.activeStatus(auth));
    },
  );

  app.post(
    '/api/sessions/v1/storeSession',
    {
      schema: {
        tags: [TAG],
        summary: 'Register the signed-in session of this device',
        description:
          'Signed in. The body must describe the caller’s own device session (user, device id, login type, token); ' +
          'anything else is refused with 403.',
        querystring: marketQuerySchema,
        body: storeSessionRequestSchema,
        response: envelopeResponses(messageSchema),
        security: signedIn,
      },
      config: { access: { allowExpiredPassword: true } },
    },
    async (request) => {
      const auth = requireAuth(request);
      const claims = await verify(request.body.token);
      if (!matchesSession(auth, claims, request.body))
        throw forbidden('The session details do not match the signed-in session.');
      await touchSession(app.db, auth.session.id, app.clock.now());
      return ok({ message: 'Session stored.' });
    },
  );

  app.put(
    '/api/sessions/v1/refreshToken',
    {
      schema: {
        tags: [TAG],
        summary: 'Register a refreshed id token with the session',
        description:
          'Signed in (with the new token). Both tokens must belong to the caller’s device session; the old one may have expired.',
        querystring: marketQuerySchema,
        body: refreshSessionTokenRequestSchema,
        response: envelopeResponses(refreshSessionTokenResponseSchema),
        security: signedIn,
      },
      config: { access: { allowExpiredPassword: true } },
    },
    async (request) => {
      const auth = requireAuth(request);
      const fresh = await verify(request.body.newToken);
      const old = await verify(request.body.oldToken, { ignoreExpiry: true });
      if (!tokensOfSession(auth, fresh, old)) throw forbidden('The tokens do not belong to this session.');
      await touchSession(app.db, auth.session.id, app.clock.now());
      return ok({ message: 'Session token updated.', sessionAllowed: true });
    },
  );

  app.get(
    '/api/sessions/v1/logout',
    {
      schema: {
        tags: [TAG],
        summary: 'Log out of this device',
        description:
          'Signed in (`customerToken` query or header). Ends the device session, revokes its refresh tokens and clears ' +
          'the cookies. For SSO sessions `endSessionUrl` is the identity provider’s sign-out page.',
        querystring: marketQuerySchema,
        response: envelopeResponses(logoutResponseSchema),
        security: signedIn,
      },
      config: {
        access: { allowEndedSession: true, allowExpiredPassword: true, changesState: true, market: 'any' },
      },
    },
    async (request, reply) => {
      const endSessionUrl = await app.auth.service.logout(requireAuth(request));
      clearSessionCookies(request, reply, app.config);
      return ok({ message: 'Logged out.', endSessionUrl });
    },
  );

  app.post(
    '/api/sessions/v1/forgotPassword/code',
    {
      schema: {
        tags: [TAG],
        summary: 'Email a password reset code',
        description:
          'Public, rate-limited. Always answers the same message. The code is single-use and expires in 10 minutes.',
        querystring: marketQuerySchema,
        body: forgotPasswordCodeRequestSchema,
        response: envelopeResponses(messageSchema, [429]),
      },
      config: { access: { public: true }, rateLimit: limited },
    },
    async (request) => {
      // Answers before anything is looked up: the code is made and mailed after the reply.
      app.auth.service.requestPasswordReset(request.body.username);
      return ok({ message: LOGIN_MESSAGES.codeSent });
    },
  );

  app.post(
    '/api/sessions/v1/forgotPassword',
    {
      schema: {
        tags: [TAG],
        summary: 'Set a new password with the emailed code',
        description:
          'Public, rate-limited. `encryptedPassword` is the new password encrypted with the key of sessions/v1/publicKey ' +
          '(RSA-OAEP, SHA-256, base64). A wrong or expired code answers 400 with errors.shortDescription. ' +
          'Ends every session of the account unless signOutEverywhere is false.',
        querystring: marketQuerySchema,
        body: forgotPasswordRequestSchema,
        response: envelopeResponses(forgotPasswordResponseSchema, [429]),
      },
      config: { access: { public: true }, rateLimit: limited },
    },
    async (request) => {
      await app.auth.service.resetPassword(request.body);
      return ok({
        status: true as const,
        message: 'Your password has been changed. Please login with the new password.',
      });
    },
  );

  app.get(
    '/api/sessions/v1/publicKey',
    {
      schema: {
        tags: [TAG],
        summary: 'The public key for encrypting a new password',
        description: 'Public. RSA-OAEP with SHA-256; import the SPKI (base64 DER) or the JWK with WebCrypto.',
        response: envelopeResponses(publicKeySchema),
      },
      config: { access: { public: true } },
    },
    async () => {
      const key = app.auth.keys.encryptionKey();
      return ok({ kid: key.kid, algorithm: 'RSA-OAEP-256' as const, spki: key.spki, jwk: { ...key.jwk } });
    },
  );
};
