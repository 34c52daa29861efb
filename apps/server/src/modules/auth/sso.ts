/**
 * 'Continue with SSO': OpenID Connect authorization code flow with PKCE, state and nonce (openid-client),
 * against OIDC_ISSUER, or the built-in development provider (dev-idp.ts) when none is configured.
 * The state is kept in the database with the PKCE verifier and nonce, and bound to the browser by an
 * HttpOnly cookie, so a callback URL made for another browser is refused.
 */
import { networkInterfaces } from 'node:os';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as oidc from 'openid-client';
import { isCountryCode, type CountryCode } from '@fieldforce/contracts';
import { MINUTE_MS } from '../../lib/clock.js';
import { findUserById } from './queries.js';
import { DEV_IDP_PREFIX, mountDevIdp } from './dev-idp.js';
import { randomToken, sha256 } from './tokens.js';
import { sharedSecret } from '../../db/shared-secrets.js';
import type { AuthUser } from '../../lib/policy.js';

export const SSO_STATE_COOKIE = 'ssoState';
export const SSO_COOKIE_PATH = '/api/fb/accounts/sso';
const REQUEST_MINUTES = 10;

export class SsoError extends Error {}

const callbackUri = (origin: string) => `${origin}${SSO_COOKIE_PATH}/callback`;

export interface SsoSettings {
  issuer: string;
  clientId: string;
  clientSecret: string | undefined;
  /** The portal's base address: redirect URIs are built on it. */
  baseUrl: string;
  builtIn: boolean;
  /**
   * The built-in provider without PUBLIC_URL follows the address the browser used (localhost,
   * 127.0.0.1 or this machine's LAN address, on the server's port), so SSO works whichever it is.
   */
  followRequestHost: boolean;
  port: number;
}

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];

/** The host names that reach this machine: loopback and the IPv4 addresses of its interfaces. */
export function ownHostnames(): string[] {
  const names = new Set(LOOPBACK_NAMES);
  for (const addresses of Object.values(networkInterfaces())) {
    for (const address of addresses ?? []) if (address.family === 'IPv4') names.add(address.address);
  }
  return [...names];
}

/**
 * The origin a request came in on when the built-in provider may follow it (its host is one of this
 * machine's own names, on the server's port); null otherwise, and the configured base address is used.
 */
export function requestOrigin(
  settings: Pick<SsoSettings, 'followRequestHost' | 'port'>,
  request: Pick<FastifyRequest, 'host' | 'protocol'>,
  hostnames: readonly string[] = ownHostnames(),
): string | null {
  if (!settings.followRequestHost || request.protocol !== 'http') return null;
  let url: URL;
  try {
    url = new URL(`http://${request.host}`);
  } catch {
    return null;
  }
  const port = Number(url.port || 80);
  if (port !== settings.port || !hostnames.includes(url.hostname)) return null;
  return url.origin;
}

/** Where SSO points: the configured issuer, or the built-in one (undefined in production without one). */
export function ssoSettings(app: FastifyInstance): SsoSettings | null {
  const config = app.config;
  const baseUrl = (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, '');
  if (config.OIDC_ISSUER) {
    if (!config.OIDC_CLIENT_ID) throw new Error('OIDC_ISSUER is set but OIDC_CLIENT_ID is not.');
    return {
      issuer: config.OIDC_ISSUER,
      clientId: config.OIDC_CLIENT_ID,
      clientSecret: config.OIDC_CLIENT_SECRET,
      baseUrl,
      builtIn: false,
      followRequestHost: false,
      port: config.PORT,
    };
  }
  if (config.NODE_ENV === 'production') return null;
  return {
    issuer: `${baseUrl}${DEV_IDP_PREFIX}`,
    clientId: 'fieldforce-portal',
    clientSecret: randomToken(24),
    baseUrl,
    builtIn: true,
    followRequestHost: !config.PUBLIC_URL,
    port: config.PORT,
  };
}

export class SsoService {
  private configuration: Promise<oidc.Configuration> | null = null;
  readonly redirectUri: string;
  readonly postLogoutRedirectUri: string;

  constructor(
    private readonly app: FastifyInstance,
    readonly settings: SsoSettings,
  ) {
    this.redirectUri = callbackUri(settings.baseUrl);
    this.postLogoutRedirectUri = `${settings.baseUrl}/login`;
  }

  /** The origin to build this request's redirect URI on: its own when allowed, else the base address. */
  originFor(request: Pick<FastifyRequest, 'host' | 'protocol'>): string {
    return requestOrigin(this.settings, request) ?? this.settings.baseUrl;
  }

  async mountBuiltIn(): Promise<void> {
    if (!this.settings.builtIn) return;
    // Every address the browser may use (see followRequestHost) is a registered redirect URI.
    const origins = this.settings.followRequestHost
      ? ownHostnames().map((host) => `http://${host}:${this.settings.port}`)
      : [];
    // The client secret is the same on every app server (issue 16): made once, kept in the database.
    this.settings.clientSecret = await sharedSecret(this.app.db, 'dev-idp.client-secret', () =>
      randomToken(24),
    );
    await mountDevIdp(this.app, {
      issuer: this.settings.issuer,
      clientId: this.settings.clientId,
      clientSecret: this.settings.clientSecret!,
      redirectUri: [...new Set([this.redirectUri, ...origins.map(callbackUri)])],
      postLogoutRedirectUri: this.postLogoutRedirectUri,
    });
  }

  /** Discovery happens at the first use, so the portal starts while the provider is down. */
  private config(): Promise<oidc.Configuration> {
    this.configuration ??= this.discover().catch((error: unknown) => {
      this.configuration = null;
      throw error;
    });
    return this.configuration;
  }

  private async discover(): Promise<oidc.Configuration> {
    const options: oidc.DiscoveryRequestOptions = {};
    if (this.settings.builtIn) {
      // The built-in provider lives in this process: talk to it without the network or a listening port.
      options[oidc.customFetch] = (url, init) => this.injectFetch(url, init);
      options.execute = [oidc.allowInsecureRequests];
    }
    const config = await oidc.discovery(
      new URL(this.settings.issuer),
      this.settings.clientId,
      this.settings.clientSecret,
      undefined,
      options,
    );
    if (this.settings.builtIn) {
      config[oidc.customFetch] = (url, init) => this.injectFetch(url, init);
      oidc.allowInsecureRequests(config);
    }
    return config;
  }

  private async injectFetch(url: string, init: oidc.CustomFetchOptions): Promise<Response> {
    const target = new URL(url);
    // oauth4webapi hands over a Headers object and a URLSearchParams body, whatever the type says.
    const headers = Object.fromEntries(
      new Headers(init.headers as unknown as ConstructorParameters<typeof Headers>[0]),
    );
    const res = await this.app.inject({
      method: init.method as 'GET' | 'POST',
      url: `${target.pathname}${target.search}`,
      headers: { ...headers, host: target.host },
      payload: init.body === undefined || init.body === null ? undefined : String(init.body),
    });
    const answer = new Headers();
    for (const [name, value] of Object.entries(res.headers)) {
      for (const v of Array.isArray(value) ? value : [value])
        if (v !== undefined) answer.append(name, String(v));
    }
    return new Response(new Uint8Array(res.rawPayload), { status: res.statusCode, headers: answer });
  }

  /**
   * The provider's authorization URL for a new sign-in, and the state to bind to the browser.
   * `origin` (from originFor) is where the browser comes back; the built-in provider is reached there too.
   */
  async start(input: {
    deviceId: string;
    countryCode: CountryCode | null;
    origin?: string;
  }): Promise<{ url: string; state: string }> {
    const origin = input.origin ?? this.settings.baseUrl;
    const config = await this.config();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const verifier = oidc.randomPKCECodeVerifier();
    const now = this.app.clock.now();
    await this.app.db.query(`DELETE FROM sso_requests WHERE expires_at <= $1`, [now]);
    await this.app.db.query(
      `INSERT INTO sso_requests (state_hash, code_verifier, nonce, device_id, country_code, created_at, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [
        sha256(state),
        verifier,
        nonce,
        input.deviceId,
        input.countryCode,
        now,
        new Date(now.getTime() + REQUEST_MINUTES * MINUTE_MS),
      ],
    );
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: callbackUri(origin),
      scope: 'openid email profile',
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    // The built-in provider lives in this server: the browser reaches it on the address it already uses.
    if (this.settings.builtIn && origin !== this.settings.baseUrl) {
      const own = new URL(origin);
      url.protocol = own.protocol;
      url.host = own.host;
    }
    return { url: url.href, state };
  }

  /**
   * Completes the flow: checks state (against the browser's cookie and the stored request), trades
   * the code (PKCE), checks the id token (issuer, audience, nonce, signature), and finds the user by
   * (issuer, subject), else by verified email, linking the two.
   */
  async complete(
    callbackPath: string,
    browserState: string | undefined,
    origin: string = this.settings.baseUrl,
  ): Promise<{ user: AuthUser; deviceId: string; idToken: string | undefined; market: CountryCode }> {
    // The redirect URI of the token request is the one the sign-in started with: same origin.
    const current = new URL(callbackPath, origin);
    const state = current.searchParams.get('state');
    if (!state || !browserState || state !== browserState)
      throw new SsoError('The sign-in did not start in this browser.');
    const { rows } = await this.app.db.query<{
      code_verifier: string;
      nonce: string;
      device_id: string;
      country_code: string | null;
    }>(
      `DELETE FROM sso_requests WHERE state_hash = $1 AND expires_at > $2
       RETURNING code_verifier, nonce, device_id, country_code`,
      [sha256(state), this.app.clock.now()],
    );
    const request = rows[0];
    if (!request) throw new SsoError('The sign-in expired. Please try again.');
    const config = await this.config();
    const tokens = await oidc.authorizationCodeGrant(config, current, {
      pkceCodeVerifier: request.code_verifier,
      expectedState: state,
      expectedNonce: request.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) throw new SsoError('The identity provider sent no id token.');
    let { email, email_verified: verified } = claims;
    if (email === undefined && tokens.access_token) {
      // Providers that keep scope claims out of the id token give them at the userinfo endpoint.
      const info = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
      ({ email, email_verified: verified } = info);
    }
    const user = await this.matchUser(claims.iss, claims.sub, email, verified);
    if (!user || user.status !== 'active')
      throw new SsoError('There is no active portal account for this identity.');
    // The market the web continues in: the one chosen on the sign-in page when the user holds it,
    // else the user's home market (as a password sign-in answers defaultCountryCode).
    const asked = request.country_code;
    const market =
      asked && isCountryCode(asked) && user.countryCodes.includes(asked) ? asked : user.homeCountryCode;
    return { user, deviceId: request.device_id, idToken: tokens.id_token, market };
  }

  private async matchUser(
    issuer: string,
    subject: string,
    email: unknown,
    verified: unknown,
  ): Promise<AuthUser | null> {
    const db = this.app.db;
    const linked = await db.query<{ user_id: string }>(
      `SELECT user_id FROM sso_identities WHERE issuer = $1 AND subject = $2`,
      [issuer, subject],
    );
    if (linked.rows[0]) return findUserById(db, linked.rows[0].user_id);
    if (typeof email !== 'string' || verified === false) return null;
    const byEmail = await db.query<{ id: string }>(`SELECT id FROM users WHERE email = $1`, [
      email.trim().toLowerCase(),
    ]);
    const id = byEmail.rows[0]?.id;
    if (!id) return null;
    await db.query(
      `INSERT INTO sso_identities (issuer, subject, user_id, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`,
      [issuer, subject, id, this.app.clock.now()],
    );
    return findUserById(db, id);
  }

  /** The provider's sign-out page for an SSO device session (RP-initiated logout), or null. */
  async logoutUrl(sessionId: string): Promise<string | null> {
    const { rows } = await this.app.db.query<{ login_type: string; sso_id_token: string | null }>(
      `SELECT login_type, sso_id_token FROM device_sessions WHERE id = $1`,
      [sessionId],
    );
    const session = rows[0];
    if (session?.login_type !== 'SSO') return null;
    try {
      const config = await this.config();
      return oidc.buildEndSessionUrl(config, {
        post_logout_redirect_uri: this.postLogoutRedirectUri,
        ...(session.sso_id_token ? { id_token_hint: session.sso_id_token } : {}),
      }).href;
    } catch {
      return null;
    }
  }
}
