/**
 * Drizzle description of the sign-in tables of migrations/0003_auth.sql (the SQL is the source of
 * truth; schema.test.ts finds this file and compares the two column by column).
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { tstz } from './columns.js';
import { users } from './schema.js';

const userRef = () =>
  text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

export const authKeys = pgTable(
  'auth_keys',
  {
    kid: text('kid').primaryKey(),
    purpose: text('purpose').notNull().$type<'id-token' | 'password-encryption'>(),
    algorithm: text('algorithm').notNull(),
    privateKey: text('private_key').notNull(),
    publicKey: text('public_key').notNull(),
    createdAt: tstz('created_at').notNull(),
    retiredAt: tstz('retired_at'),
  },
  (t) => [
    uniqueIndex('auth_keys_active_purpose_idx')
      .on(t.purpose)
      .where(sql`retired_at IS NULL`),
  ],
);

export const userSecurity = pgTable('user_security', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  failedAttempts: integer('failed_attempts').notNull().default(0),
  lockedUntil: tstz('locked_until'),
  totpSecret: text('totp_secret'),
  totpEnabledAt: tstz('totp_enabled_at'),
  totpLastStep: bigint('totp_last_step', { mode: 'number' }),
  updatedAt: tstz('updated_at').notNull(),
});

export const deviceSessions = pgTable(
  'device_sessions',
  {
    id: text('id').primaryKey(),
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    userId: userRef(),
    deviceId: text('device_id').notNull(),
    loginType: text('login_type').notNull().$type<'SSO' | 'NON_SSO'>(),
    mfa: boolean('mfa').notNull().default(false),
    userAgent: text('user_agent'),
    ip: text('ip'),
    ssoIdToken: text('sso_id_token'),
    createdAt: tstz('created_at').notNull(),
    lastSeenAt: tstz('last_seen_at').notNull(),
    endedAt: tstz('ended_at'),
    endReason: text('end_reason'),
  },
  (t) => [
    index('device_sessions_user_active_idx')
      .on(t.userId, t.createdAt, t.seq)
      .where(sql`ended_at IS NULL`),
    uniqueIndex('device_sessions_user_device_active_idx')
      .on(t.userId, t.deviceId)
      .where(sql`ended_at IS NULL`),
  ],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    familyId: text('family_id').notNull(),
    sessionId: text('session_id')
      .notNull()
      .references(() => deviceSessions.id, { onDelete: 'cascade' }),
    userId: userRef(),
    createdAt: tstz('created_at').notNull(),
    expiresAt: tstz('expires_at').notNull(),
    usedAt: tstz('used_at'),
    revokedAt: tstz('revoked_at'),
  },
  (t) => [
    index('refresh_tokens_family_idx').on(t.familyId),
    index('refresh_tokens_session_idx').on(t.sessionId),
  ],
);

export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: text('id').primaryKey(),
    purpose: text('purpose').notNull().$type<'password-reset' | 'email-login' | 'invitation'>(),
    userId: userRef(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: tstz('created_at').notNull(),
    expiresAt: tstz('expires_at').notNull(),
    usedAt: tstz('used_at'),
  },
  (t) => [
    index('one_time_codes_user_purpose_idx')
      .on(t.userId, t.purpose)
      .where(sql`used_at IS NULL`),
  ],
);

export const mfaChallenges = pgTable(
  'mfa_challenges',
  {
    idHash: text('id_hash').primaryKey(),
    purpose: text('purpose').notNull().$type<'login' | 'enrolment' | 'signup'>(),
    userId: userRef(),
    deviceId: text('device_id'),
    loginType: text('login_type').$type<'SSO' | 'NON_SSO'>(),
    totpSecret: text('totp_secret'),
    passwordHash: text('password_hash'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: tstz('created_at').notNull(),
    expiresAt: tstz('expires_at').notNull(),
    consumedAt: tstz('consumed_at'),
  },
  (t) => [index('mfa_challenges_user_idx').on(t.userId)],
);

export const outbox = pgTable(
  'outbox',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    createdAt: tstz('created_at').notNull(),
  },
  (t) => [index('outbox_to_idx').on(t.toAddress, t.id)],
);

export const ssoIdentities = pgTable(
  'sso_identities',
  {
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    userId: userRef(),
    createdAt: tstz('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.issuer, t.subject] }), index('sso_identities_user_idx').on(t.userId)],
);

export const ssoRequests = pgTable('sso_requests', {
  stateHash: text('state_hash').primaryKey(),
  codeVerifier: text('code_verifier').notNull(),
  nonce: text('nonce').notNull(),
  deviceId: text('device_id').notNull(),
  countryCode: text('country_code'),
  createdAt: tstz('created_at').notNull(),
  expiresAt: tstz('expires_at').notNull(),
});

/** Sign-in throttling per email and source (IP); see migration 0006. */
export const signInSources = pgTable(
  'sign_in_sources',
  {
    email: text('email').notNull(),
    source: text('source').notNull(),
    failures: integer('failures').notNull().default(0),
    blockedUntil: tstz('blocked_until'),
    lastSuccessAt: tstz('last_success_at'),
    updatedAt: tstz('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.email, t.source] }), index('sign_in_sources_updated_idx').on(t.updatedAt)],
);

export const authTables = {
  authKeys,
  userSecurity,
  deviceSessions,
  refreshTokens,
  oneTimeCodes,
  mfaChallenges,
  outbox,
  ssoIdentities,
  ssoRequests,
  signInSources,
} as const;
