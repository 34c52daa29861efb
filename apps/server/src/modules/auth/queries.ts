/**
 * SQL of the sign-in domain. Each function takes the database or a transaction (`q`), and every time
 * comes from the caller's clock.
 */
import {
  AUTH_LIMITS,
  isCountryCode,
  type CountryCode,
  type CountryFlagName,
  type LoginType,
} from '@fieldforce/contracts';
import type { Queryable } from '../../db/client.js';
import { marketFlags } from '../../lib/market-flags.js';
import type { AuthSession, AuthUser } from '../../lib/policy.js';

// ---------------------------------------------------------------------------------------------
// Users
// ---------------------------------------------------------------------------------------------

/** The columns of `users` every user-facing query reads (users/queries.ts builds on them). */
export interface UserBaseRow {
  id: string;
  email: string;
  name: string;
  role: string | null;
  user_type: string;
  access_to_ucube: boolean;
  access_to_operational_dashboards: boolean;
  is_super_user: boolean;
  dt_access_codes: string;
  country_codes: string;
  home_country_code: string;
  status: string;
}

interface UserRow extends UserBaseRow {
  password_changed_at: Date | null;
  /** The BSAs in the user's order (part of the scope cached answers key on). */
  bsa: string[] | null;
}

export const USER_BASE_COLUMNS = `u.id, u.email, u.name, u.role, u.user_type, u.access_to_ucube,
  u.access_to_operational_dashboards, u.is_super_user, u.dt_access_codes, u.country_codes, u.home_country_code,
  u.status`;
const USER_COLUMNS = `${USER_BASE_COLUMNS}, u.password_changed_at,
  (SELECT array_agg(b.bsa ORDER BY b.position) FROM user_bsa b WHERE b.user_id = u.id) AS bsa`;

export function toAuthUser(row: UserRow): AuthUser {
  const home = isCountryCode(row.home_country_code) ? row.home_country_code : 'vn';
  const countries = row.country_codes
    .split(',')
    .map((c) => c.trim())
    .filter(isCountryCode);
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role ?? '',
    userType: row.user_type,
    accessToUcube: row.access_to_ucube,
    accessToOperationalDashboards: row.access_to_operational_dashboards,
    isSuperUser: row.is_super_user,
    dtAccessCodes: row.dt_access_codes,
    countryCodes: countries.length > 0 ? countries : [home],
    homeCountryCode: home,
    status: row.status,
    passwordChangedAt: row.password_changed_at ? new Date(row.password_changed_at) : null,
    bsa: row.bsa ?? [],
  };
}

export interface LoginCandidate {
  user: AuthUser;
  passwordHash: string | null;
  lockedUntil: Date | null;
  totpSecret: string | null;
  totpEnabled: boolean;
}

export async function findLoginCandidate(q: Queryable, email: string): Promise<LoginCandidate | null> {
  const { rows } = await q.query<
    UserRow & {
      password_hash: string | null;
      locked_until: Date | null;
      totp_secret: string | null;
      totp_enabled_at: Date | null;
    }
  >(
    `SELECT ${USER_COLUMNS}, u.password_hash, s.locked_until, s.totp_secret, s.totp_enabled_at
       FROM users u LEFT JOIN user_security s ON s.user_id = u.id
      WHERE u.email = $1`,
    [email],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    user: toAuthUser(row),
    passwordHash: row.password_hash,
    lockedUntil: row.locked_until ? new Date(row.locked_until) : null,
    totpSecret: row.totp_secret,
    totpEnabled: Boolean(row.totp_secret && row.totp_enabled_at),
  };
}

export async function findUserById(q: Queryable, id: string): Promise<AuthUser | null> {
  const { rows } = await q.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users u WHERE u.id = $1`, [id]);
  return rows[0] ? toAuthUser(rows[0]) : null;
}

export async function findPasswordHash(q: Queryable, userId: string): Promise<string | null> {
  const { rows } = await q.query<{ password_hash: string | null }>(
    `SELECT password_hash FROM users WHERE id = $1`,
    [userId],
  );
  return rows[0]?.password_hash ?? null;
}

/** Serialises sign-ins of one user (the device cap); works on PostgreSQL and PGlite alike. */
export async function lockUser(q: Queryable, userId: string): Promise<void> {
  await q.query(`SELECT id FROM users WHERE id = $1 FOR UPDATE`, [userId]);
}

export async function setPassword(
  q: Queryable,
  userId: string,
  passwordHash: string,
  now: Date,
): Promise<void> {
  await q.query(
    `UPDATE users SET password_hash = $2, password_changed_at = $3, updated_at = $3 WHERE id = $1`,
    [userId, passwordHash, now],
  );
}

export async function activateUser(
  q: Queryable,
  userId: string,
  passwordHash: string,
  now: Date,
): Promise<boolean> {
  const { rows } = await q.query(
    `UPDATE users SET password_hash = $2, password_changed_at = $3, status = 'active', updated_at = $3
      WHERE id = $1 AND status = 'invited' RETURNING id`,
    [userId, passwordHash, now],
  );
  return rows.length > 0;
}

export async function recordLogin(q: Queryable, userId: string, now: Date): Promise<void> {
  await q.query(`UPDATE users SET last_login_at = $2 WHERE id = $1`, [userId, now]);
}

/** One of the market's flags as the database holds it, with the contracts' default when unset. */
export async function marketFlag(
  q: Queryable,
  country: CountryCode,
  flag: CountryFlagName,
): Promise<boolean> {
  return (await marketFlags(q, country))[flag];
}

// ---------------------------------------------------------------------------------------------
// Lockout and TOTP state
// ---------------------------------------------------------------------------------------------

/** Counts a failed attempt; returns the count so far (the caller locks at the limit). */
export async function countFailure(q: Queryable, userId: string, now: Date): Promise<number> {
  const { rows } = await q.query<{ failed_attempts: number }>(
    `INSERT INTO user_security AS s (user_id, failed_attempts, updated_at) VALUES ($1, 1, $2)
     ON CONFLICT (user_id) DO UPDATE SET failed_attempts = s.failed_attempts + 1, updated_at = $2
     RETURNING failed_attempts`,
    [userId, now],
  );
  return Number(rows[0]?.failed_attempts ?? 1);
}

export async function lockAccount(q: Queryable, userId: string, until: Date, now: Date): Promise<void> {
  await q.query(
    `UPDATE user_security SET locked_until = $2, failed_attempts = 0, updated_at = $3 WHERE user_id = $1`,
    [userId, until, now],
  );
}

export async function clearFailures(q: Queryable, userId: string, now: Date): Promise<void> {
  await q.query(
    `UPDATE user_security SET failed_attempts = 0, locked_until = NULL, updated_at = $2
      WHERE user_id = $1 AND (failed_attempts <> 0 OR locked_until IS NOT NULL)`,
    [userId, now],
  );
}

export async function enableTotp(
  q: Queryable,
  userId: string,
  secret: string,
  step: number,
  now: Date,
): Promise<void> {
  await q.query(
    `INSERT INTO user_security AS s (user_id, totp_secret, totp_enabled_at, totp_last_step, updated_at)
     VALUES ($1, $2, $3, $4, $3)
     ON CONFLICT (user_id) DO UPDATE SET totp_secret = $2, totp_enabled_at = $3, totp_last_step = $4, updated_at = $3`,
    [userId, secret, now, step],
  );
}

/** Records the step a TOTP code was used for; false when that step (or a later one) was used already. */
export async function claimTotpStep(q: Queryable, userId: string, step: number, now: Date): Promise<boolean> {
  const { rows } = await q.query(
    `UPDATE user_security SET totp_last_step = $2, updated_at = $3
      WHERE user_id = $1 AND (totp_last_step IS NULL OR totp_last_step < $2) RETURNING user_id`,
    [userId, step, now],
  );
  return rows.length > 0;
}

// ---------------------------------------------------------------------------------------------
// Throttling per email and source (sign_in_sources)
// ---------------------------------------------------------------------------------------------

export interface SignInSource {
  failures: number;
  blockedUntil: Date | null;
  lastSuccessAt: Date | null;
}

export async function findSignInSource(
  q: Queryable,
  email: string,
  source: string,
): Promise<SignInSource | null> {
  const { rows } = await q.query<{
    failures: number;
    blocked_until: Date | null;
    last_success_at: Date | null;
  }>(
    `SELECT failures, blocked_until, last_success_at FROM sign_in_sources WHERE email = $1 AND source = $2`,
    [email, source],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    failures: Number(row.failures),
    blockedUntil: row.blocked_until ? new Date(row.blocked_until) : null,
    lastSuccessAt: row.last_success_at ? new Date(row.last_success_at) : null,
  };
}

/**
 * Counts a failure of `email` from `source`; past `freeAttempts` the source waits, `firstDelayMs` doubled
 * per further failure up to `maxDelayMs`. Returns the failures so far.
 */
export async function countSourceFailure(
  q: Queryable,
  email: string,
  source: string,
  now: Date,
  rule: { freeAttempts: number; firstDelayMs: number; maxDelayMs: number },
): Promise<number> {
  const { rows } = await q.query<{ failures: number }>(
    `INSERT INTO sign_in_sources AS s (email, source, failures, updated_at) VALUES ($1, $2, 1, $3)
     ON CONFLICT (email, source) DO UPDATE SET failures = s.failures + 1, updated_at = $3
     RETURNING failures`,
    [email, source, now],
  );
  const failures = Number(rows[0]?.failures ?? 1);
  if (failures > rule.freeAttempts) {
    const doublings = Math.min(failures - rule.freeAttempts - 1, 30);
    const delay = Math.min(rule.maxDelayMs, rule.firstDelayMs * 2 ** doublings);
    await q.query(`UPDATE sign_in_sources SET blocked_until = $3 WHERE email = $1 AND source = $2`, [
      email,
      source,
      new Date(now.getTime() + delay),
    ]);
  }
  return failures;
}

/** The first factor passed from this source: its failures are forgotten. */
export async function clearSourceFailures(
  q: Queryable,
  email: string,
  source: string,
  now: Date,
): Promise<void> {
  await q.query(
    `UPDATE sign_in_sources SET failures = 0, blocked_until = NULL, updated_at = $3
      WHERE email = $1 AND source = $2 AND (failures <> 0 OR blocked_until IS NOT NULL)`,
    [email, source, now],
  );
}

/** A completed sign-in from this source: it counts as known to the account's lock from now on. */
export async function recordSourceSuccess(
  q: Queryable,
  email: string,
  source: string,
  now: Date,
): Promise<void> {
  await q.query(
    `INSERT INTO sign_in_sources AS s (email, source, failures, last_success_at, updated_at) VALUES ($1, $2, 0, $3, $3)
     ON CONFLICT (email, source) DO UPDATE SET failures = 0, blocked_until = NULL, last_success_at = $3, updated_at = $3`,
    [email, source, now],
  );
}

// ---------------------------------------------------------------------------------------------
// Device sessions
// ---------------------------------------------------------------------------------------------

interface SessionRow {
  id: string;
  device_id: string;
  login_type: LoginType;
  mfa: boolean;
  created_at: Date;
  last_seen_at: Date;
  ended_at: Date | null;
  end_reason: string | null;
}

function toSession(row: SessionRow): AuthSession & { lastSeenAt: Date } {
  return {
    id: row.id,
    deviceId: row.device_id,
    loginType: row.login_type,
    mfa: row.mfa,
    createdAt: new Date(row.created_at),
    lastSeenAt: new Date(row.last_seen_at),
    endedAt: row.ended_at ? new Date(row.ended_at) : null,
    endReason: row.end_reason,
  };
}

const SESSION_COLUMNS = `s.id, s.device_id, s.login_type, s.mfa, s.created_at, s.last_seen_at, s.ended_at, s.end_reason`;

/** The device session of a token together with its user: one query per authenticated request. */
export async function loadSessionWithUser(
  q: Queryable,
  sessionId: string,
): Promise<{ session: AuthSession; user: AuthUser; ssoIdToken: string | null } | null> {
  // Both tables have `id`: the session's comes back as session_id.
  const { rows } = await q.query<
    Omit<SessionRow, 'id'> & UserRow & { session_id: string; sso_id_token: string | null }
  >(
    `SELECT s.id AS session_id, s.device_id, s.login_type, s.mfa, s.created_at, s.last_seen_at, s.ended_at, s.end_reason,
            s.sso_id_token, ${USER_COLUMNS}
       FROM device_sessions s JOIN users u ON u.id = s.user_id
      WHERE s.id = $1`,
    [sessionId],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    session: toSession({ ...row, id: row.session_id }),
    user: toAuthUser(row),
    ssoIdToken: row.sso_id_token,
  };
}

export async function activeSessions(q: Queryable, userId: string) {
  const { rows } = await q.query<SessionRow>(
    `SELECT ${SESSION_COLUMNS} FROM device_sessions s
      WHERE s.user_id = $1 AND s.ended_at IS NULL ORDER BY s.created_at, s.seq`,
    [userId],
  );
  return rows.map(toSession);
}

export interface NewSession {
  id: string;
  userId: string;
  deviceId: string;
  loginType: LoginType;
  mfa: boolean;
  userAgent: string | null;
  ip: string | null;
  ssoIdToken: string | null;
  now: Date;
}

export async function insertSession(q: Queryable, s: NewSession): Promise<void> {
  await q.query(
    `INSERT INTO device_sessions (id, user_id, device_id, login_type, mfa, user_agent, ip, sso_id_token, created_at, last_seen_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9)`,
    [s.id, s.userId, s.deviceId, s.loginType, s.mfa, s.userAgent, s.ip, s.ssoIdToken, s.now],
  );
}

/** Ends sessions (those still active) and revokes their refresh tokens. Returns how many ended. */
export async function endSessions(
  q: Queryable,
  ids: readonly string[],
  reason: string,
  now: Date,
): Promise<number> {
  if (ids.length === 0) return 0;
  const { rows } = await q.query(
    `UPDATE device_sessions SET ended_at = $2, end_reason = $3 WHERE id = ANY($1::text[]) AND ended_at IS NULL RETURNING id`,
    [ids, now, reason],
  );
  await q.query(
    `UPDATE refresh_tokens SET revoked_at = $2 WHERE session_id = ANY($1::text[]) AND revoked_at IS NULL`,
    [ids, now],
  );
  return rows.length;
}

export async function endUserSessions(
  q: Queryable,
  userId: string,
  reason: string,
  now: Date,
  exceptSessionId?: string,
): Promise<number> {
  const { rows } = await q.query<{ id: string }>(
    `SELECT id FROM device_sessions WHERE user_id = $1 AND ended_at IS NULL AND id <> $2`,
    [userId, exceptSessionId ?? ''],
  );
  return endSessions(
    q,
    rows.map((r) => r.id),
    reason,
    now,
  );
}

export async function touchSession(q: Queryable, sessionId: string, now: Date): Promise<void> {
  await q.query(`UPDATE device_sessions SET last_seen_at = $2 WHERE id = $1 AND ended_at IS NULL`, [
    sessionId,
    now,
  ]);
}

// ---------------------------------------------------------------------------------------------
// Refresh tokens
// ---------------------------------------------------------------------------------------------

export async function insertRefreshToken(
  q: Queryable,
  t: { hash: string; familyId: string; sessionId: string; userId: string; now: Date; expiresAt: Date },
): Promise<void> {
  await q.query(
    `INSERT INTO refresh_tokens (token_hash, family_id, session_id, user_id, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [t.hash, t.familyId, t.sessionId, t.userId, t.now, t.expiresAt],
  );
}

export interface RefreshTokenRow {
  token_hash: string;
  family_id: string;
  session_id: string;
  user_id: string;
  expires_at: Date;
  used_at: Date | null;
  revoked_at: Date | null;
  session_ended_at: Date | null;
  login_type: LoginType;
  email: string;
  status: string;
}

/** The token row, locked for the rest of the transaction (two refreshes of one token run one after the other). */
export async function lockRefreshToken(q: Queryable, hash: string): Promise<RefreshTokenRow | null> {
  const { rows } = await q.query<RefreshTokenRow>(
    `SELECT t.token_hash, t.family_id, t.session_id, t.user_id, t.expires_at, t.used_at, t.revoked_at,
            s.ended_at AS session_ended_at, s.login_type, u.email, u.status
       FROM refresh_tokens t
       JOIN device_sessions s ON s.id = t.session_id
       JOIN users u ON u.id = t.user_id
      WHERE t.token_hash = $1
      FOR UPDATE OF t`,
    [hash],
  );
  return rows[0] ?? null;
}

export async function markRefreshTokenUsed(q: Queryable, hash: string, now: Date): Promise<void> {
  await q.query(`UPDATE refresh_tokens SET used_at = $2 WHERE token_hash = $1`, [hash, now]);
}

export async function revokeFamily(q: Queryable, familyId: string, now: Date): Promise<void> {
  await q.query(`UPDATE refresh_tokens SET revoked_at = $2 WHERE family_id = $1 AND revoked_at IS NULL`, [
    familyId,
    now,
  ]);
}

// ---------------------------------------------------------------------------------------------
// Emailed one-time codes
// ---------------------------------------------------------------------------------------------

export type CodePurpose = 'password-reset' | 'email-login' | 'invitation';

/** Stores a new code and spends the older unused ones of the same purpose. */
export async function replaceCode(
  q: Queryable,
  c: { id: string; purpose: CodePurpose; userId: string; codeHash: string; now: Date; expiresAt: Date },
): Promise<void> {
  await q.query(
    `UPDATE one_time_codes SET used_at = $3 WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL`,
    [c.userId, c.purpose, c.now],
  );
  await q.query(
    `INSERT INTO one_time_codes (id, purpose, user_id, code_hash, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6)`,
    [c.id, c.purpose, c.userId, c.codeHash, c.now, c.expiresAt],
  );
}

export interface CodeRow {
  id: string;
  code_hash: string;
  attempts: number;
  expires_at: Date;
}

/** The newest unused, unexpired code of a purpose, locked. */
export async function lockLiveCode(
  q: Queryable,
  userId: string,
  purpose: CodePurpose,
  now: Date,
): Promise<CodeRow | null> {
  const { rows } = await q.query<CodeRow>(
    `SELECT id, code_hash, attempts, expires_at FROM one_time_codes
      WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > $3
      ORDER BY created_at DESC LIMIT 1 FOR UPDATE`,
    [userId, purpose, now],
  );
  return rows[0] ?? null;
}

export async function spendCode(q: Queryable, id: string, now: Date): Promise<void> {
  await q.query(`UPDATE one_time_codes SET used_at = $2 WHERE id = $1`, [id, now]);
}

/** Counts a wrong code; the code is spent after `maxAttempts`. */
export async function countCodeAttempt(
  q: Queryable,
  id: string,
  maxAttempts: number,
  now: Date,
): Promise<void> {
  await q.query(
    `UPDATE one_time_codes SET attempts = attempts + 1,
            used_at = CASE WHEN attempts + 1 >= $2 THEN $3 ELSE used_at END
      WHERE id = $1`,
    [id, maxAttempts, now],
  );
}

// ---------------------------------------------------------------------------------------------
// MFA challenges and enrolments
// ---------------------------------------------------------------------------------------------

export type ChallengePurpose = 'login' | 'enrolment' | 'signup';

export async function insertChallenge(
  q: Queryable,
  c: {
    idHash: string;
    purpose: ChallengePurpose;
    userId: string;
    deviceId?: string | null;
    loginType?: LoginType | null;
    totpSecret?: string | null;
    passwordHash?: string | null;
    now: Date;
    expiresAt: Date;
  },
): Promise<void> {
  await q.query(
    `INSERT INTO mfa_challenges (id_hash, purpose, user_id, device_id, login_type, totp_secret, password_hash, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      c.idHash,
      c.purpose,
      c.userId,
      c.deviceId ?? null,
      c.loginType ?? null,
      c.totpSecret ?? null,
      c.passwordHash ?? null,
      c.now,
      c.expiresAt,
    ],
  );
}

export interface ChallengeRow {
  id_hash: string;
  user_id: string;
  device_id: string | null;
  login_type: LoginType | null;
  totp_secret: string | null;
  password_hash: string | null;
  attempts: number;
}

export async function lockLiveChallenge(
  q: Queryable,
  idHash: string,
  purpose: ChallengePurpose,
  now: Date,
): Promise<ChallengeRow | null> {
  const { rows } = await q.query<ChallengeRow>(
    `SELECT id_hash, user_id, device_id, login_type, totp_secret, password_hash, attempts FROM mfa_challenges
      WHERE id_hash = $1 AND purpose = $2 AND consumed_at IS NULL AND expires_at > $3 FOR UPDATE`,
    [idHash, purpose, now],
  );
  return rows[0] ?? null;
}

export async function consumeChallenge(q: Queryable, idHash: string, now: Date): Promise<void> {
  await q.query(`UPDATE mfa_challenges SET consumed_at = $2 WHERE id_hash = $1`, [idHash, now]);
}

export async function countChallengeAttempt(
  q: Queryable,
  idHash: string,
  maxAttempts: number,
  now: Date,
): Promise<void> {
  await q.query(
    `UPDATE mfa_challenges SET attempts = attempts + 1,
            consumed_at = CASE WHEN attempts + 1 >= $2 THEN $3 ELSE consumed_at END
      WHERE id_hash = $1`,
    [idHash, maxAttempts, now],
  );
}

/**
 * Housekeeping: one-time codes, MFA/enrolment challenges and refresh tokens that expired more than
 * `keepDays` ago. Past their expiry they can no longer be used (an expired refresh token is refused
 * before reuse is checked), so they are only clutter, and a code's hash is better not kept.
 */
export async function purgeExpired(
  q: Queryable,
  now: Date,
  keepDays = 7,
): Promise<{ codes: number; challenges: number; refreshTokens: number; signInSources: number }> {
  const before = new Date(now.getTime() - keepDays * 86_400_000);
  const purge = async (table: string) => {
    const { rows } = await q.query<{ n: number }>(
      `WITH gone AS (DELETE FROM ${table} WHERE expires_at < $1 RETURNING 1) SELECT count(*)::int AS n FROM gone`,
      [before],
    );
    return rows[0]?.n ?? 0;
  };
  // Throttling rows a source has not touched for the known-source period (30 days) say nothing any more.
  const { rows } = await q.query<{ n: number }>(
    `WITH gone AS (DELETE FROM sign_in_sources WHERE updated_at < $1 RETURNING 1) SELECT count(*)::int AS n FROM gone`,
    [new Date(now.getTime() - AUTH_LIMITS.knownSourceDays * 86_400_000)],
  );
  return {
    codes: await purge('one_time_codes'),
    challenges: await purge('mfa_challenges'),
    refreshTokens: await purge('refresh_tokens'),
    signInSources: rows[0]?.n ?? 0,
  };
}
