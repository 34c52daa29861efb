import { z } from 'zod';
import path from 'node:path';

const booleanish = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  /** postgres://… switches from the embedded database to a PostgreSQL server. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
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

export function resolveWebDist(config: Config, repoRoot: string): string {
  return config.WEB_DIST ? path.resolve(config.WEB_DIST) : path.join(repoRoot, 'apps/web/dist');
}
