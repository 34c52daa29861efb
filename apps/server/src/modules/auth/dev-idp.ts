/**
 * The built-in development identity provider (oidc-provider) that 'Continue with SSO' uses when no
 * OIDC_ISSUER is configured, mounted on the same server under /oidc. Its accounts are the portal's
 * users, and its sign-in page goes through the portal's own sign-in rules (AuthService's
 * verifyFirstFactor and verifySecondFactor: per-IP rate limit, per-source waits, failure counts and
 * lockout, the MFA challenge's attempt limit, the same messages), so SSO is no way around any of them.
 * Never mounted in production.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import formbody from '@fastify/formbody';
import Provider, { type OidcContext } from 'oidc-provider';
import { exportJWK, generateKeyPair } from 'jose';
import { emailSchema } from '@fieldforce/contracts';
import { AppError } from '../../lib/errors.js';
import { authRateLimit } from '../../lib/rate-limits.js';
import { requestContext } from './routes.js';
import { invalidCredentials } from './service.js';
import { randomToken } from './tokens.js';
import { sharedSecret } from '../../db/shared-secrets.js';
import { databaseOidcAdapter } from './dev-idp-store.js';

export const DEV_IDP_PREFIX = '/oidc';

export interface DevIdpOptions {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** One or more: the built-in provider answers on every address of the machine (sso.ts). */
  redirectUri: string | readonly string[];
  postLogoutRedirectUri: string;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const PAGE_HEAD = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Fieldforce development sign-in</title>
<style>body{font:15px system-ui,sans-serif;margin:3rem auto;max-width:22rem}label{display:block;margin:.8rem 0 .2rem}input{width:100%;padding:.4rem;box-sizing:border-box}button{margin-top:1rem;padding:.5rem 1rem}.error{color:#b00020}small{color:#555}</style>
</head><body>
<h1>Development SSO</h1>`;

const errorLine = (error?: string) => (error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : '');

/** Step 1: email and password. */
function loginPage(uid: string, error?: string, email = ''): string {
  return `${PAGE_HEAD}
<p><small>The built-in identity provider of a development server. Sign in with a portal account (demo
password <code>fieldforce-demo-2026</code>).</small></p>
${errorLine(error)}
<form method="post" action="${DEV_IDP_PREFIX}/interaction/${escapeHtml(uid)}/login">
<label for="email">Email</label><input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(email)}">
<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Sign in</button>
</form>
</body></html>`;
}

/** Step 2, for accounts with TOTP: the authenticator code for the challenge the password step opened. */
function codePage(uid: string, challengeId: string, error?: string): string {
  return `${PAGE_HEAD}
<p><small>This account uses an authenticator app.</small></p>
${errorLine(error)}
<form method="post" action="${DEV_IDP_PREFIX}/interaction/${escapeHtml(uid)}/login">
<input type="hidden" name="challengeId" value="${escapeHtml(challengeId)}">
<label for="code">Authenticator code</label><input id="code" name="code" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9]{6}" required autofocus>
<button type="submit">Verify and sign in</button>
</form>
</body></html>`;
}

export async function mountDevIdp(app: FastifyInstance, options: DevIdpOptions): Promise<void> {
  // Every app server signs with the same key and reads the same cookies (issue 16): both are made once
  // and kept in the database, as is the provider's state (dev-idp-store.ts).
  const signingKey = JSON.parse(
    await sharedSecret(app.db, 'dev-idp.signing-key', async () => {
      const { privateKey } = await generateKeyPair('RS256', { extractable: true });
      return JSON.stringify({
        ...(await exportJWK(privateKey)),
        kid: randomToken(8),
        alg: 'RS256',
        use: 'sig',
      });
    }),
  ) as Record<string, unknown>;
  const cookieKey = await sharedSecret(app.db, 'dev-idp.cookie-key', () => randomToken(32));

  const provider = new Provider(options.issuer, {
    adapter: databaseOidcAdapter(app.db),
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: ([] as string[]).concat(options.redirectUri),
        post_logout_redirect_uris: [options.postLogoutRedirectUri],
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    async findAccount(_ctx: unknown, id: string) {
      const { rows } = await app.db.query<{ id: string; email: string; name: string }>(
        `SELECT id, email, name FROM users WHERE id = $1 AND status = 'active'`,
        [id],
      );
      const user = rows[0];
      if (!user) return undefined;
      return {
        accountId: user.id,
        claims: () => ({ sub: user.id, email: user.email, email_verified: true, name: user.name }),
      };
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // The portal reads email from the id token itself.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false }, rpInitiatedLogout: { enabled: true } },
    interactions: {
      url: (_ctx: unknown, interaction: { uid: string }) =>
        `${DEV_IDP_PREFIX}/interaction/${interaction.uid}`,
    },
    // The portal is the only client and first-party: no consent screen.
    async loadExistingGrant(ctx: OidcContext) {
      const { client, session, result, provider: p } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grantId = result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      if (grantId) return p.Grant.find(grantId);
      const grant = new p.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    cookies: { keys: [cookieKey] },
    jwks: { keys: [signingKey] },
    pkce: { required: () => true },
    ttl: {
      Interaction: 600,
      Session: 8 * 3600,
      Grant: 8 * 3600,
      IdToken: 3600,
      AccessToken: 3600,
      AuthorizationCode: 60,
    },
  });
  const handle = provider.callback();

  /** Hands the raw request to oidc-provider with the /oidc prefix removed (its issuer includes it). */
  const delegate = (request: FastifyRequest, reply: FastifyReply) => {
    reply.hijack();
    // As a mounting framework would: originalUrl keeps the prefix, so the provider builds its own URLs right.
    const raw = request.raw as typeof request.raw & { originalUrl?: string };
    raw.originalUrl = raw.url;
    raw.url = raw.url!.slice(DEV_IDP_PREFIX.length) || '/';
    handle(raw, reply.raw);
  };

  await app.register(async (scope) => {
    await scope.register(formbody);
    const hidden = { hide: true };
    const access = { access: { public: true } };

    scope.get<{ Params: { uid: string } }>(
      `${DEV_IDP_PREFIX}/interaction/:uid`,
      { schema: hidden, config: access },
      async (request, reply) => {
        const details = await provider.interactionDetails(request.raw, reply.raw);
        return reply
          .header('cache-control', 'no-store')
          .type('text/html; charset=utf-8')
          .send(loginPage(details.uid));
      },
    );

    type LoginForm = { email?: string; password?: string; challengeId?: string; code?: string };
    scope.post<{ Params: { uid: string }; Body: LoginForm }>(
      `${DEV_IDP_PREFIX}/interaction/:uid/login`,
      // The portal's sign-in rate limit (per IP and route), as on POST /api/fb/accounts/login.
      { schema: hidden, config: { ...access, rateLimit: authRateLimit(app) } },
      async (request, reply) => {
        const details = await provider.interactionDetails(request.raw, reply.raw);
        const form = request.body ?? {};
        const ctx = requestContext(request);
        // The MFA challenge is opened for this interaction only: a challenge id pasted into another fails.
        const binding = `oidc-interaction:${details.uid}`;
        const page = (status: number, html: string) =>
          reply
            .status(status)
            .header('cache-control', 'no-store')
            .type('text/html; charset=utf-8')
            .send(html);
        let accountId: string;
        if (typeof form.challengeId === 'string' && form.challengeId) {
          try {
            const { user } = await app.auth.service.verifySecondFactor(
              { challengeId: form.challengeId, code: String(form.code ?? '').trim() },
              binding,
            );
            accountId = user.id;
          } catch (error) {
            if (!(error instanceof AppError)) throw error;
            return page(error.statusCode, codePage(details.uid, form.challengeId, error.shortDescription));
          }
        } else {
          const parsed = emailSchema.safeParse(String(form.email ?? ''));
          const email = parsed.success ? parsed.data : String(form.email ?? '').slice(0, 254);
          try {
            if (!parsed.success) throw invalidCredentials();
            const outcome = await app.auth.service.verifyFirstFactor(
              { email, password: String(form.password ?? '').slice(0, 1024) },
              ctx,
              { deviceId: binding, loginType: 'SSO' },
            );
            if (outcome.kind === 'mfa') return page(200, codePage(details.uid, outcome.answer.challengeId));
            accountId = outcome.user.id;
          } catch (error) {
            if (!(error instanceof AppError)) throw error;
            return page(error.statusCode, loginPage(details.uid, error.shortDescription, email));
          }
        }
        reply.hijack();
        await provider.interactionFinished(
          request.raw,
          reply.raw,
          { login: { accountId } },
          { mergeWithLastSubmission: false },
        );
      },
    );

    scope.route({
      method: ['GET', 'POST'],
      url: `${DEV_IDP_PREFIX}/*`,
      schema: hidden,
      config: access,
      // Before Fastify reads the body: oidc-provider parses its own requests.
      onRequest: async (request, reply) => delegate(request, reply),
      handler: async () => undefined,
    });
  });
}
