import { z } from 'zod';
import path from 'node:path';

const booleanish = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** Loopback by default: `npm start` is reachable from this machine only. 0.0.0.0 opens it to the network. */
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  /** postgres://… switches from the embedded database to a PostgreSQL server. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  /**
   * Object storage for files (uploads, error files, exports, images):
   * s3://KEY:SECRET@host:port/bucket[/prefix]?region=…&forcePathStyle=… (s3+http:// for plain HTTP;
   * lib/file-store-s3.ts, docs/deployment.md). Unset: a folder, ${DATA_DIR}/files.
   */
  S3_URL: z
    .string()
    .regex(/^s3(\+https?)?:\/\//, 'must start with s3:// or s3+http://')
    .optional(),
  /**
   * postgres://… of a streaming replica: report pages, exports, UCube and tracking read there (a user's
   * reads stay on the primary briefly after their own write). Needs DATABASE_URL. docs/reliability.md.
   */
  DATABASE_READ_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  /** A replica further behind than this (ms) is not read from: reads fall back to the primary. */
  DATABASE_READ_MAX_LAG_MS: z.coerce.number().int().min(0).max(600_000).default(2000),
  /** Where the embedded database keeps its files. */
  DATA_DIR: z.string().min(1).default('./data'),
  /** Which demo data set to load into an empty database at start; 'none' loads nothing. */
  SEED_SCALE: z.enum(['demo', 'test', 'none']).default('demo'),
  SEED: z.coerce.number().int().min(0).default(2026),
  /** Folder of the built web app; the API runs without it. */
  WEB_DIST: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Seconds a graceful shutdown may take before the process gives up waiting. */
  SHUTDOWN_TIMEOUT: z.coerce.number().int().min(1).max(600).default(10),
  TRUST_PROXY: booleanish.default(false),
  /** Memory for cached UCube answers (per process, dropped on every data load); 0 turns the cache off. */
  UCUBE_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(64),

  // --- Sign-in and sessions (docs/auth.md) -----------------------------------------------------
  /** The portal's public address for SSO redirects and email links. Unset: http://localhost:PORT. */
  PUBLIC_URL: z.url().optional(),
  /** `iss` and `aud` of the id tokens the portal signs and accepts. */
  JWT_ISSUER: z.string().min(1).default('fieldforce'),
  JWT_AUDIENCE: z.string().min(1).default('fieldforce-web'),
  ID_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(900),
  /** Life of a refresh token; each use gives a new one (sliding). */
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** Secure cookies: 'auto' marks them Secure in production and on HTTPS requests. */
  COOKIE_SECURE: z.enum(['auto', 'true', 'false']).default('auto'),
  /** Requests per minute and client IP on each sign-in, OTP and forgot-password call. */
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(30),
  /**
   * A Google Tag Manager container (GTM-XXXX): when set, index.html loads it with a per-answer CSP
   * nonce and usage events also go to its data layer. Unset: nothing leaves the portal.
   */
  GTM_ID: z
    .string()
    .regex(/^GTM-[A-Z0-9]{4,12}$/, 'must look like GTM-XXXXXXX')
    .optional(),
  /** Usage-event batches per minute and session (POST /api/events; the web sends about one per 5 s). */
  EVENTS_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(60),
  /** smtp(s)://user:pass@host:port; unset: emails go to the development outbox (/dev/outbox). */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Fieldforce <no-reply@fieldforce.local>'),
  /** An OpenID Connect issuer for 'Continue with SSO'; unset: the built-in development provider. */
  OIDC_ISSUER: z.url().optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  /**
   * Salesman tracking: a MapLibre style to draw the map on instead of the offline basemap. A path on this
   * origin (e.g. /tiles/style.json, proxied to the tile server), as the Content-Security-Policy allows
   * connections to this origin only (docs/tracking.md). Unset: the offline basemap.
   */
  MAP_STYLE_URL: z
    .string()
    .regex(/^\/[^/\\]/, 'must be a path on this origin, starting with /')
    .optional(),
});

export type Config = z.infer<typeof configSchema>;

export class ConfigError extends Error {}

/** Parses the environment once. Each problem names the variable so the operator can fix it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const relevant: Record<string, string> = {};
  for (const key of Object.keys(configSchema.shape)) {
    const value = env[key];
    if (value !== undefined && value !== '') relevant[key] = value;
  }
  const parsed = configSchema.safeParse(relevant);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? '?');
      return `  ${name}=${JSON.stringify(relevant[name] ?? '')}: ${issue.message}`;
    });
    throw new ConfigError(`Invalid configuration in the environment:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

/** A development convenience that is on, what it is, and how to turn it off. */
export interface DevelopmentHelper {
  name: string;
  /** Where it lives (a path on the portal's own port), if anywhere. */
  path?: string;
  what: string;
  turnOff: string;
}

/** The development outbox (/dev/outbox and the outbox table) is in use: development, no SMTP server. */
export const outboxEnabled = (config: Pick<Config, 'NODE_ENV' | 'SMTP_URL'>) =>
  config.NODE_ENV !== 'production' && !config.SMTP_URL;

/** The built-in SSO provider (/oidc) is mounted: development, no OIDC_ISSUER (modules/auth/sso.ts). */
export const builtInSsoEnabled = (config: Pick<Config, 'NODE_ENV' | 'OIDC_ISSUER'>) =>
  config.NODE_ENV !== 'production' && !config.OIDC_ISSUER;

/** HOST is a loopback address: only this machine can connect. */
export function isLoopbackHost(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  return h === 'localhost' || h === '::1' || /^127\.\d+\.\d+\.\d+$/.test(h) || h === '::ffff:127.0.0.1';
}

/** The development helpers this configuration switches on, for the start banner (server.ts). */
export function developmentHelpers(config: Config): DevelopmentHelper[] {
  const helpers: DevelopmentHelper[] = [];
  if (outboxEnabled(config)) {
    helpers.push({
      name: 'Development outbox',
      path: '/dev/outbox',
      what: 'lists every email the portal sends (sign-in and password codes); readable from this machine or by a signed-in admin',
      turnOff: 'set SMTP_URL, or NODE_ENV=production',
    });
  }
  if (builtInSsoEnabled(config)) {
    helpers.push({
      name: 'Built-in SSO provider',
      path: '/oidc',
      what: "'Continue with SSO' signs the portal's own accounts in",
      turnOff: 'set OIDC_ISSUER and OIDC_CLIENT_ID, or NODE_ENV=production',
    });
  }
  return helpers;
}

/**
 * The start banner's account of what the server exposes: who can connect (HOST), and each
 * development helper that is on with how to turn it off.
 */
export function exposureLines(config: Config, port: number): string[] {
  const lines: string[] = [];
  const bound = `http://${config.HOST.includes(':') ? `[${config.HOST}]` : config.HOST}:${port}`;
  if (isLoopbackHost(config.HOST)) {
    lines.push(
      `  Only this machine can connect (listening on ${bound}); HOST=0.0.0.0 opens it to the network.`,
    );
  } else {
    lines.push(`  Other machines on the network can connect (listening on ${bound}).`);
  }
  const helpers = developmentHelpers(config);
  if (helpers.length > 0) {
    lines.push('', `Development helpers are on (NODE_ENV=${config.NODE_ENV}):`);
    for (const helper of helpers) {
      lines.push(`  ${helper.name}${helper.path ? ` at ${helper.path}` : ''}: ${helper.what}.`);
      lines.push(`    Off: ${helper.turnOff}.`);
    }
    lines.push(
      '  A real deployment sets NODE_ENV=production, SMTP_URL and OIDC_ISSUER (README, Configuration).',
    );
  } else if (config.NODE_ENV === 'production' && !config.SMTP_URL) {
    lines.push(
      '',
      'No SMTP_URL: emails (sign-in and password codes) are kept in the outbox table, not sent.',
    );
  }
  return lines;
}

export function resolveWebDist(config: Config, repoRoot: string): string {
  return config.WEB_DIST ? path.resolve(config.WEB_DIST) : path.join(repoRoot, 'apps/web/dist');
}
