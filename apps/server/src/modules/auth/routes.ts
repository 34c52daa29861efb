/**
 * The account calls under /api/fb/accounts: password and OTP sign-in with the MFA step, token refresh,
 * logout, password change, own devices, TOTP enrolment and signup activation.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import formbody from '@fastify/formbody';
import { z } from 'zod';
import {
  accountLogoutRequestSchema,
  AUTH_LIMITS,
  changePasswordRequestSchema,
  CSRF_HEADER,
  CSRF_HEADER_VALUE,
  describeDevice,
  devicesResponseSchema,
  loginRequestSchema,
  loginResponseSchema,
  logoutResponseSchema,
  marketQuerySchema,
  messageSchema,
  mfaLoginRequestSchema,
  ok,
  otpRequestSchema,
  otpVerifySchema,
  REFRESH_TOKEN_COOKIE,
  refreshGrantResponseSchema,
  refreshGrantSchema,
  signedInSchema,
  signupRequestSchema,
  signupResponseSchema,
  totpEnrolmentSchema,
  totpEnrolRequestSchema,
  totpStatusSchema,
  totpVerifyRequestSchema,
  LOGIN_MESSAGES,
} from '@fieldforce/contracts';
import { envelopeResponses } from '../../lib/responses.js';
import { AppError, coded, forbidden } from '../../lib/errors.js';
import { requireAuth } from '../../lib/request-context.js';
import { authRateLimit } from '../../lib/rate-limits.js';
import { clearSessionCookies, setSessionCookies } from './cookies.js';
import { canLogOut } from './policy.js';
import type { LoginOutcome, RequestContext } from './service.js';
import { TokenError } from './tokens.js';

const TAG = 'auth';
const signedIn = [{ customerToken: [] }];

export function requestContext(request: FastifyRequest): RequestContext {
  const agent = request.headers['user-agent'];
  return { userAgent: typeof agent === 'string' ? agent.slice(0, 512) : null, ip: request.ip ?? null };
}

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const limited = authRateLimit(app);
  // Emails queued after an answer are sent before the server closes.
  app.addHook('onClose', () => app.auth.service.afterReply.idle());
  const presentLogin = (outcome: LoginOutcome, request: FastifyRequest, reply: FastifyReply) => {
    if (outcome.kind === 'mfa') return ok(outcome.answer);
    setSessionCookies(request, reply, app.config, outcome.result);
    return ok(outcome.result.answer);
  };

  app.post(
    '/api/fb/accounts/login',
    {
      schema: {
        tags: [TAG],
        summary: 'Sign in with email and password',
        description:
          'Public, rate-limited per IP. Answers the id token and sets the `idToken` and `refreshToken` cookies; ' +
          'for an account with TOTP it answers `{mfaRequired: true, challengeId}` instead, finished by login/mfa. ' +
          'A wrong email or password, an unknown or locked account all answer 401 INVALID_CREDENTIALS with the same message.',
        querystring: marketQuerySchema,
        body: loginRequestSchema,
        response: envelopeResponses(loginResponseSchema, [429]),
      },
      config: { access: { public: true }, rateLimit: limited },
    },
    async (request, reply) =>
      presentLogin(
        await app.auth.service.passwordLogin(request.body, requestContext(request)),
        request,
        reply,
      ),
  );

  app.post(
    '/api/fb/accounts/login/mfa',
    {
      schema: {
        tags: [TAG],
        summary: 'Finish a sign-in with a TOTP code',
        description:
          'Public, rate-limited. The challenge lives 5 minutes and takes 5 wrong codes; each code works once.',
        body: mfaLoginRequestSchema,
        response: envelopeResponses(signedInSchema, [429]),
      },
      config: { access: { public: true }, rateLimit: limited },
    },
    async (request, reply) => {
      const result = await app.auth.service.completeMfaLogin(request.body, requestContext(request));
      setSessionCookies(request, reply, app.config, result);
      return ok(result.answer);
    },
  );

  app.post(
    '/api/fb/accounts/otp/request',
    {
      schema: {
        tags: [TAG],
        summary: 'Email a sign-in code (OTP request)',
        description:
          'Public, rate-limited. Always answers the same message at once, whether or not the account exists; ' +
          'the code is made and emailed after the answer.',
        querystring: marketQuerySchema,
        body: otpRequestSchema,
        response: envelopeResponses(messageSchema, [429]),
      },
      config: { access: { public: true }, rateLimit: limited },
    },
    async (request) => {
      // Answers before anything is looked up: the code is made and mailed after the reply.
      app.auth.service.requestEmailOtp(request.body.email);
      return ok({ message: LOGIN_MESSAGES.codeSent });
    },
  );

  app.post(
    '/api/fb/accounts/otp/verify',
    {
      schema: {
        tags: [TAG],
        summary: 'Sign in with an emailed code',
        description:
          'Public, rate-limited. The code is single-use and lives 10 minutes. Accounts with TOTP still take the MFA step.',
        querystring: marketQuerySchema,
        body: otpVerifySchema,
        response: envelopeResponses(loginResponseSchema, [429]),
      },
      config: { access: { public: true }, rateLimit: limited },
    },
    async (request, reply) =>
      presentLogin(
        await app.auth.service.verifyEmailOtp(request.body, requestContext(request)),
        request,
        reply,
      ),
  );

  // Form-encoded bodies are accepted here only (the spec's refresh call); other routes take JSON.
  await app.register(async (scope) => {
    await scope.register(formbody);
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/fb/accounts/refreshtoken',
      {
        schema: {
          tags: [TAG],
          summary: 'Trade the refresh token for a new id token',
          description:
            'Public (the id token may have expired), rate-limited. The refresh token comes from the body ' +
            '(`refresh_token`, JSON or form-encoded) or the HttpOnly cookie; with the cookie alone the request must ' +
            `send ${CSRF_HEADER}: ${CSRF_HEADER_VALUE}. Each refresh token works once; presenting a used one ends the session.`,
          querystring: marketQuerySchema,
          body: refreshGrantSchema,
          response: envelopeResponses(refreshGrantResponseSchema, [429]),
        },
        config: { access: { public: true }, rateLimit: authRateLimit(app, 10) },
      },
      async (request, reply) => {
        const fromBody = request.body.refresh_token;
        const token = fromBody ?? request.cookies[REFRESH_TOKEN_COOKIE];
        if (!token) throw coded('INVALID_REFRESH_TOKEN', 'auth.refreshTokenMissing');
        if (!fromBody && String(request.headers[CSRF_HEADER] ?? '').toLowerCase() !== CSRF_HEADER_VALUE) {
          throw forbidden(
            `Requests authenticated by cookie must send the header X-Requested-With: ${CSRF_HEADER_VALUE}.`,
          );
        }
        // The old id token, when sent, must belong to the same device session (its expiry does not matter).
        const oldToken =
          (request.headers['customertoken'] as string | undefined) ?? request.query.customerToken;
        let expectedSessionId: string | undefined;
        if (oldToken) {
          try {
            expectedSessionId = (await app.auth.tokens.verifyIdToken(oldToken, { ignoreExpiry: true })).sid;
          } catch (error) {
            if (error instanceof TokenError) throw new AppError('INVALID_ID_TOKEN', error.message);
            throw error;
          }
        }
        try {
          const result = await app.auth.service.refresh(token, expectedSessionId);
          setSessionCookies(request, reply, app.config, result);
          return ok({
            id_token: result.idToken,
            expires_in: app.config.ID_TOKEN_TTL_SECONDS,
            token_type: 'Bearer' as const,
            ...(fromBody ? { refresh_token: result.refreshToken } : {}),
          });
        } catch (error) {
          if (!fromBody) clearSessionCookies(request, reply, app.config);
          throw error;
        }
      },
    );
  });

  app.post(
    '/api/fb/accounts/logout',
    {
      schema: {
        tags: [TAG],
        summary: 'Log out of this device',
        description:
          'Signed in. `email` (lowercased) must be the signed-in user. Ends the device session, revokes its refresh ' +
          'tokens and clears the cookies; answers 200 with statusMessage SUCCESS.',
        querystring: marketQuerySchema,
        body: accountLogoutRequestSchema,
        response: envelopeResponses(logoutResponseSchema),
        security: signedIn,
      },
      config: { access: { allowEndedSession: true, allowExpiredPassword: true, market: 'any' } },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      if (!canLogOut(auth, request.body.email)) throw forbidden('You can only log yourself out.');
      const endSessionUrl = await app.auth.service.logout(auth);
      clearSessionCookies(request, reply, app.config);
      return ok({ message: 'Logged out.', endSessionUrl });
    },
  );

  app.post(
    '/api/fb/accounts/changePassword',
    {
      schema: {
        tags: [TAG],
        summary: 'Change the password (also when it has expired)',
        description:
          'Signed in; reachable while the password is expired. 8 to 128 characters, not a common password. ' +
          'Ends the other sessions unless signOutOtherSessions is false.',
        querystring: marketQuerySchema,
        body: changePasswordRequestSchema,
        response: envelopeResponses(messageSchema),
        security: signedIn,
      },
      config: { access: { allowExpiredPassword: true, market: 'any' } },
    },
    async (request) => {
      await app.auth.service.changePassword(requireAuth(request), request.body);
      return ok({ message: 'Your password has been changed.' });
    },
  );

  app.get(
    '/api/fb/accounts/devices',
    {
      schema: {
        tags: [TAG],
        summary: 'My signed-in devices',
        description: `Signed in. The active device sessions of the caller (at most ${AUTH_LIMITS.maxDevices}).`,
        querystring: marketQuerySchema,
        response: envelopeResponses(devicesResponseSchema),
        security: signedIn,
      },
      config: { access: { allowExpiredPassword: true, market: 'any' } },
    },
    async (request) =>
      ok({
        devices: (await app.auth.service.listDevices(requireAuth(request))).map((device) => ({
          ...device,
          label: describeDevice(device.deviceId),
        })),
        maxDevices: AUTH_LIMITS.maxDevices,
      }),
  );

  app.delete(
    '/api/fb/accounts/devices/:id',
    {
      schema: {
        tags: [TAG],
        summary: 'Sign one of my devices out',
        description: "Signed in. Another user's session answers 404.",
        params: z.object({ id: z.string().min(1).max(100) }),
        querystring: marketQuerySchema,
        response: envelopeResponses(messageSchema),
        security: signedIn,
      },
      config: { access: { allowExpiredPassword: true, market: 'any' } },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      await app.auth.service.endDevice(auth, request.params.id);
      if (request.params.id === auth.session.id) clearSessionCookies(request, reply, app.config);
      return ok({ message: 'The device was signed out.' });
    },
  );

  app.get(
    '/api/fb/accounts/mfa/totp',
    {
      schema: {
        tags: [TAG],
        summary: 'Whether my account has an authenticator app',
        description: 'Signed in. `enrolled` tells the web whether replacing it asks for a current code.',
        querystring: marketQuerySchema,
        response: envelopeResponses(totpStatusSchema),
        security: signedIn,
      },
      config: { access: { market: 'any' } },
    },
    async (request) => ok(await app.auth.service.totpStatus(requireAuth(request))),
  );

  app.post(
    '/api/fb/accounts/mfa/totp/enrol',
    {
      schema: {
        tags: [TAG],
        summary: 'Start setting up or replacing my authenticator app',
        description:
          'Signed in, rate-limited. Takes a fresh proof: `currentPassword`, and `currentCode` from the current ' +
          'authenticator when the account has one (a wrong one counts towards the lockout). Opens a 5-minute ' +
          'enrolment session for this device session: a new secret, its otpauth URI and a QR code. Confirm with ' +
          'mfa/totp/verify.',
        querystring: marketQuerySchema,
        body: totpEnrolRequestSchema,
        response: envelopeResponses(totpEnrolmentSchema, [429]),
        security: signedIn,
      },
      config: { access: { market: 'any' }, rateLimit: limited },
    },
    async (request) => {
      const auth = requireAuth(request);
      return ok(await app.auth.service.startAuthenticatorChange(auth, request.body, requestContext(request)));
    },
  );

  app.post(
    '/api/fb/accounts/mfa/totp/verify',
    {
      schema: {
        tags: [TAG],
        summary: 'Confirm an authenticator enrolment with a code',
        description:
          'Signed in, from the device session that started the enrolment. From now on, sign-ins of this account ' +
          'take codes of the new authenticator (it replaces the old one). Ends the other sessions of the account ' +
          'and emails it a notice.',
        querystring: marketQuerySchema,
        body: totpVerifyRequestSchema,
        response: envelopeResponses(messageSchema),
        security: signedIn,
      },
      config: { access: { market: 'any' } },
    },
    async (request) => {
      await app.auth.service.confirmTotpEnrolment(request.body, requireAuth(request));
      return ok({ message: 'The authenticator app is enrolled.' });
    },
  );

  app.post(
    '/api/fb/accounts/signup',
    {
      schema: {
        tags: [TAG],
        summary: 'Activate an invited account',
        description:
          'Public, rate-limited. The invitation code from the email and a new password. When the market asks for ' +
          'enrolment (SMSEnrolment), answers an enrolment session to finish with signup/verify.',
        querystring: marketQuerySchema,
        body: signupRequestSchema,
        response: envelopeResponses(signupResponseSchema, [429]),
      },
      config: { access: { public: true }, rateLimit: limited },
    },
    async (request) => {
      const enrolment = await app.auth.service.signup(request.body);
      return ok({
        activated: enrolment === null,
        enrolment,
        message: enrolment
          ? `Scan the QR code with an authenticator app and enter its code. ${LOGIN_MESSAGES.enrolmentExpiry}`
          : 'Your account is active. Please login.',
      });
    },
  );

  app.post(
    '/api/fb/accounts/signup/verify',
    {
      schema: {
        tags: [TAG],
        summary: 'Finish an activation with the first authenticator code',
        description: 'Public, rate-limited. Activates the account, sets its password and enables TOTP.',
        body: totpVerifyRequestSchema,
        response: envelopeResponses(signupResponseSchema, [429]),
      },
      config: { access: { public: true }, rateLimit: limited },
    },
    async (request) => {
      await app.auth.service.confirmSignup(request.body);
      return ok({ activated: true, enrolment: null, message: 'Your account is active. Please login.' });
    },
  );
};
