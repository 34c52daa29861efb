/**
 * The sign-in flows: password (with lockout and the MFA step), emailed OTP, refresh, password expiry,
 * change and reset, TOTP enrolment, signup activation and invitations. Routes call these and present
 * the result; nothing here knows about HTTP except the AppError it throws.
 */
import { randomUUID } from 'node:crypto';
import {
  AUTH_LIMITS,
  LOGIN_MESSAGES,
  sessionEndedMessage,
  type ActiveStatus,
  type LoginType,
  type MfaChallenge,
  type SignedIn,
  type TotpEnrolment,
  type TotpEnrolRequest,
  type TotpStatus,
} from '@fieldforce/contracts';
import type { Database, Queryable } from '../../db/client.js';
import { AppError, badRequest, coded, codedBadRequest, notFound } from '../../lib/errors.js';
import { DAY_MS, MINUTE_MS, type Clock } from '../../lib/clock.js';
import type { AuthContext, AuthUser } from '../../lib/policy.js';
import { AfterReplyQueue } from './after-reply.js';
import type { KeyStore } from './keys.js';
import type { Mail, Mailer } from './mailer.js';
import { dummyVerify, hashPassword, passwordProblem, verifyPassword } from './passwords.js';
import * as q from './queries.js';
import type { LoginCandidate } from './queries.js';
import { SessionStore } from './sessions.js';
import {
  codeHash,
  invitationCode,
  normaliseInvitationCode,
  randomDigits,
  randomToken,
  sha256,
  type TokenService,
} from './tokens.js';
import { matchTotp, newTotpSecret, otpauthUri, qrDataUrl } from './totp.js';

export interface RequestContext {
  userAgent: string | null;
  ip: string | null;
}

/** A completed sign-in: the answer plus the secrets that travel in cookies. */
export interface SignInResult {
  answer: SignedIn;
  idToken: string;
  refreshToken: string;
}

export type LoginOutcome =
  { kind: 'signed-in'; result: SignInResult } | { kind: 'mfa'; answer: MfaChallenge };

/** A first factor passed: the user (no TOTP), or the MFA challenge to finish with verifySecondFactor. */
export type FirstFactorOutcome = { kind: 'verified'; user: AuthUser } | { kind: 'mfa'; answer: MfaChallenge };

/** The source a request comes from, for the per-source sign-in throttle: its client IP. */
const sourceOf = (ctx: RequestContext) => ctx.ip ?? 'unknown';

export interface PasswordStatus {
  expired: boolean;
  expiresInDays: number | null;
}

export const invalidCredentials = () => coded('INVALID_CREDENTIALS', 'auth.invalidCredentials');
const invalidCode = () => coded('INVALID_MFA_CODE', 'auth.invalidCode');

/** Password age rules of spec sections 8 and 9. SSO sessions have no portal password to age. */
export function passwordStatus(
  changedAt: Date | null,
  now: Date,
  loginType: LoginType = 'NON_SSO',
): PasswordStatus {
  if (loginType === 'SSO') return { expired: false, expiresInDays: null };
  if (!changedAt) return { expired: true, expiresInDays: null };
  const msLeft = changedAt.getTime() + AUTH_LIMITS.passwordMaxAgeDays * DAY_MS - now.getTime();
  if (msLeft <= 0) return { expired: true, expiresInDays: null };
  const days = Math.ceil(msLeft / DAY_MS);
  return { expired: false, expiresInDays: days <= AUTH_LIMITS.passwordWarningDays ? days : null };
}

export interface AuthServiceDeps {
  db: Database;
  clock: Clock;
  tokens: TokenService;
  keys: KeyStore;
  mailer: Mailer;
  refreshTtlDays: number;
  /** Base address for links in emails, e.g. https://portal.example.com; '' gives relative paths. */
  publicUrl: string;
  log: { error(obj: unknown, msg: string): void };
  /**
   * Queues an email that carries no secret as the job 'email.send' (sent by whichever process is
   * free, retried when the mail server fails). Emails with a one-time code never go through it: the
   * jobs table would hold the code in clear. Without it (unit tests) the notice is sent after the reply.
   */
  enqueueMail?: (mail: Mail) => Promise<unknown>;
}

export class AuthService {
  readonly sessions: SessionStore;
  /** Work done after the answer is sent (the code emails); `idle()` waits for it. */
  readonly afterReply: AfterReplyQueue;
  private readonly db: Database;
  private readonly clock: Clock;

  constructor(private readonly deps: AuthServiceDeps) {
    this.db = deps.db;
    this.clock = deps.clock;
    this.sessions = new SessionStore(deps.db, deps.clock, deps.refreshTtlDays);
    this.afterReply = new AfterReplyQueue(deps.log);
  }

  // -------------------------------------------------------------------------------------------
  // Password sign-in
  // -------------------------------------------------------------------------------------------

  /** After the portal's own first factor: the MFA challenge as it is, else the device session. */
  private async portalSessionFor(
    outcome: FirstFactorOutcome,
    deviceId: string,
    ctx: RequestContext,
  ): Promise<LoginOutcome> {
    if (outcome.kind === 'mfa') return outcome;
    return {
      kind: 'signed-in',
      result: await this.signIn(outcome.user, { deviceId, loginType: 'NON_SSO', mfa: false }, ctx),
    };
  }

  /**
   * Every failure answers the same way and takes about the same time: unknown email, inactive or
   * locked account, wrong password (spec: nothing tells whether an email exists).
   */
  async passwordLogin(
    input: { email: string; password: string; deviceId: string },
    ctx: RequestContext,
  ): Promise<LoginOutcome> {
    const outcome = await this.verifyFirstFactor(input, ctx, {
      deviceId: input.deviceId,
      loginType: 'NON_SSO',
    });
    return this.portalSessionFor(outcome, input.deviceId, ctx);
  }

  /**
   * The password step of every sign-in (the portal's login and the development identity provider's
   * page): the per-source wait, the account lock, the failure counts. Answers the user when the account
   * has no TOTP, else opens the MFA challenge (for `challenge.deviceId`), finished by verifySecondFactor.
   */
  async verifyFirstFactor(
    input: { email: string; password: string },
    ctx: RequestContext,
    challenge: { deviceId: string; loginType: LoginType },
  ): Promise<FirstFactorOutcome> {
    const candidate = await this.passwordStep(input, ctx);
    return this.firstFactorPassed(candidate, input.email, ctx, challenge);
  }

  /**
   * Checks a password with every sign-in rule and answers the account, or throws INVALID_CREDENTIALS
   * (RATE_LIMITED while this source must wait). Unknown, inactive and locked accounts run a dummy hash.
   */
  private async passwordStep(
    input: { email: string; password: string },
    ctx: RequestContext,
  ): Promise<LoginCandidate & { passwordHash: string }> {
    const now = this.clock.now();
    const source = sourceOf(ctx);
    const { knownSource } = await this.sourceGate(input.email, source, now);
    const candidate = await q.findLoginCandidate(this.db, input.email);
    const locked = Boolean(candidate?.lockedUntil && candidate.lockedUntil > now && !knownSource);
    if (!candidate || candidate.user.status !== 'active' || !candidate.passwordHash || locked) {
      await dummyVerify(input.password);
      await this.countSourceFailure(input.email, source, now);
      throw invalidCredentials();
    }
    if (!(await verifyPassword(candidate.passwordHash, input.password))) {
      await this.recordFailure(candidate.user.id, { email: input.email, source });
      throw invalidCredentials();
    }
    return { ...candidate, passwordHash: candidate.passwordHash };
  }

  /**
   * Refuses (429, the same for every email) while `source` must wait after failures of `email`; tells
   * whether the source signed in to that account recently (then the account's lock does not hold it).
   */
  private async sourceGate(email: string, source: string, now: Date): Promise<{ knownSource: boolean }> {
    const row = await q.findSignInSource(this.db, email, source);
    if (row?.blockedUntil && row.blockedUntil > now) {
      const seconds = Math.max(1, Math.ceil((row.blockedUntil.getTime() - now.getTime()) / 1000));
      throw coded('RATE_LIMITED', 'auth.tooManyAttempts', { seconds });
    }
    const knownSince = now.getTime() - AUTH_LIMITS.knownSourceDays * DAY_MS;
    return { knownSource: Boolean(row?.lastSuccessAt && row.lastSuccessAt.getTime() > knownSince) };
  }

  private async countSourceFailure(email: string, source: string, now: Date): Promise<void> {
    await q.countSourceFailure(this.db, email, source, now, {
      freeAttempts: AUTH_LIMITS.throttleFreeAttempts,
      firstDelayMs: AUTH_LIMITS.throttleFirstDelaySeconds * 1000,
      maxDelayMs: AUTH_LIMITS.throttleMaxDelaySeconds * 1000,
    });
  }

  /**
   * A password or emailed code was right: the source's failures are forgotten, then the TOTP step for
   * accounts that have one, else the user. The account's failures (and its lock) are forgotten when
   * the sign-in is complete: for accounts with TOTP, at the right code, so wrong codes add up across
   * challenges and lock the account like wrong passwords do.
   */
  private async firstFactorPassed(
    candidate: { user: AuthUser; totpEnabled: boolean },
    typedEmail: string,
    ctx: RequestContext,
    challenge: { deviceId: string; loginType: LoginType },
  ): Promise<FirstFactorOutcome> {
    const now = this.clock.now();
    await q.clearSourceFailures(this.db, typedEmail, sourceOf(ctx), now);
    if (!candidate.totpEnabled) await q.clearFailures(this.db, candidate.user.id, now);
    if (candidate.totpEnabled) {
      return {
        kind: 'mfa',
        answer: await this.openLoginChallenge(candidate.user.id, challenge.deviceId, challenge.loginType),
      };
    }
    return { kind: 'verified', user: candidate.user };
  }

  /**
   * Counts a failure against the account (10 lock it for 15 minutes) and, for a first factor, against
   * its source (whose next attempts then wait).
   */
  private async recordFailure(userId: string, from?: { email: string; source: string }): Promise<void> {
    const now = this.clock.now();
    if (from) await this.countSourceFailure(from.email, from.source, now);
    const count = await q.countFailure(this.db, userId, now);
    if (count >= AUTH_LIMITS.lockoutAttempts) {
      await q.lockAccount(
        this.db,
        userId,
        new Date(now.getTime() + AUTH_LIMITS.lockoutMinutes * MINUTE_MS),
        now,
      );
    }
  }

  private async openLoginChallenge(
    userId: string,
    deviceId: string,
    loginType: LoginType,
  ): Promise<MfaChallenge> {
    const challengeId = randomToken(32);
    const now = this.clock.now();
    await q.insertChallenge(this.db, {
      idHash: sha256(challengeId),
      purpose: 'login',
      userId,
      deviceId,
      loginType,
      now,
      expiresAt: new Date(now.getTime() + AUTH_LIMITS.mfaChallengeMinutes * MINUTE_MS),
    });
    return {
      mfaRequired: true,
      challengeId,
      methods: ['totp'],
      expiresIn: AUTH_LIMITS.mfaChallengeMinutes * 60,
    };
  }

  /** The second step of a sign-in: a TOTP code for the challenge. Each code works once. */
  async completeMfaLogin(
    input: { challengeId: string; code: string },
    ctx: RequestContext,
  ): Promise<SignInResult> {
    const { user, challenge } = await this.verifySecondFactor(input);
    return this.signIn(
      user,
      { deviceId: challenge.device_id ?? 'unknown', loginType: challenge.login_type ?? 'NON_SSO', mfa: true },
      ctx,
    );
  }

  /**
   * The TOTP step of every sign-in (the portal's and the development identity provider's): 5 wrong
   * codes spend the challenge, each counts against the account, each code works once. The account's
   * lock does not stop it: the password was right before the lock, and the code is the owner's proof.
   * With `deviceId`, the challenge must have been opened for it (the provider binds it to its page).
   */
  async verifySecondFactor(
    input: { challengeId: string; code: string },
    deviceId?: string,
  ): Promise<{ user: AuthUser; challenge: q.ChallengeRow }> {
    const idHash = sha256(input.challengeId);
    const outcome = await this.db.transaction(async (tx) => {
      const now = this.clock.now();
      const challenge = await q.lockLiveChallenge(tx, idHash, 'login', now);
      if (!challenge || (deviceId !== undefined && challenge.device_id !== deviceId))
        return { ok: false as const };
      const candidate = await q.findLoginCandidate(tx, await this.emailOf(tx, challenge.user_id));
      const step =
        candidate?.totpSecret && candidate.user.status === 'active'
          ? matchTotp(candidate.totpSecret, input.code, now)
          : null;
      if (step === null || !(await q.claimTotpStep(tx, challenge.user_id, step, now))) {
        await q.countChallengeAttempt(tx, idHash, AUTH_LIMITS.codeAttempts, now);
        return { ok: false as const, userId: challenge.user_id };
      }
      await q.consumeChallenge(tx, idHash, now);
      return { ok: true as const, user: candidate!.user, challenge };
    });
    if (!outcome.ok) {
      if (outcome.userId) await this.recordFailure(outcome.userId);
      throw invalidCode();
    }
    await q.clearFailures(this.db, outcome.user.id, this.clock.now());
    return { user: outcome.user, challenge: outcome.challenge };
  }

  private async emailOf(db: Queryable, userId: string): Promise<string> {
    const { rows } = await db.query<{ email: string }>(`SELECT email FROM users WHERE id = $1`, [userId]);
    return rows[0]?.email ?? '';
  }

  /** Opens the device session and issues the tokens. */
  async signIn(
    user: AuthUser,
    how: { deviceId: string; loginType: LoginType; mfa: boolean; ssoIdToken?: string | null },
    ctx: RequestContext,
  ): Promise<SignInResult> {
    await q.recordSourceSuccess(this.db, user.email, sourceOf(ctx), this.clock.now());
    const started = await this.sessions.start({
      userId: user.id,
      deviceId: how.deviceId,
      loginType: how.loginType,
      mfa: how.mfa,
      userAgent: ctx.userAgent,
      ip: ctx.ip,
      ssoIdToken: how.ssoIdToken ?? null,
    });
    const idToken = await this.deps.tokens.issueIdToken({
      userId: user.id,
      email: user.email,
      sessionId: started.sessionId,
      loginType: how.loginType,
    });
    const status = passwordStatus(user.passwordChangedAt, this.clock.now(), how.loginType);
    const messages: string[] = [];
    if (status.expired) messages.push(LOGIN_MESSAGES.passwordExpired);
    if (status.expiresInDays !== null)
      messages.push(LOGIN_MESSAGES.passwordExpiryWarning(status.expiresInDays));
    return {
      idToken,
      refreshToken: started.refreshToken,
      answer: {
        mfaRequired: false,
        idToken,
        expiresIn: this.deps.tokens.settings.idTokenTtlSeconds,
        loginType: how.loginType,
        countryCodes: user.countryCodes,
        defaultCountryCode: user.homeCountryCode,
        passwordExpired: status.expired,
        passwordExpiresInDays: status.expiresInDays,
        evictedSessions: started.evicted,
        messages,
      },
    };
  }

  // -------------------------------------------------------------------------------------------
  // Emailed one-time codes (OTP sign-in, password reset)
  // -------------------------------------------------------------------------------------------

  /**
   * Emails a fresh one-time code when the account exists and is active. Runs after the answer (the
   * after-reply queue): the request does no work that depends on the email, so neither the answer nor
   * its timing tells whether an account exists.
   */
  private emailCodeAfterReply(
    email: string,
    purpose: 'email-login' | 'password-reset',
    minutes: number,
    compose: (code: string) => { subject: string; text: string },
  ): void {
    this.afterReply.enqueue(`email ${purpose} code`, async () => {
      const candidate = await q.findLoginCandidate(this.db, email);
      if (!candidate || candidate.user.status !== 'active') return;
      const code = await this.newCode(candidate.user.id, purpose, minutes * MINUTE_MS);
      await this.deps.mailer.send({ to: candidate.user.email, ...compose(code) });
    });
  }

  /** Queues the sign-in code email (see emailCodeAfterReply); returns at once. */
  requestEmailOtp(email: string): void {
    this.emailCodeAfterReply(email, 'email-login', AUTH_LIMITS.emailOtpMinutes, (code) => ({
      subject: 'Your Fieldforce sign-in code',
      text:
        `Your sign-in code is ${code}.\n\nIt works once and expires in ${AUTH_LIMITS.emailOtpMinutes} minutes. ` +
        `If you did not ask for it, you can ignore this email.`,
    }));
  }

  /**
   * Signs in with an emailed code. Accounts with TOTP still take the TOTP step. The account's lock
   * does not hold it (the code proves the mailbox: the owner's way past a stranger's lock, which it
   * clears); the per-source wait does.
   */
  async verifyEmailOtp(
    input: { email: string; code: string; deviceId: string },
    ctx: RequestContext,
  ): Promise<LoginOutcome> {
    const now = this.clock.now();
    const source = sourceOf(ctx);
    await this.sourceGate(input.email, source, now);
    const candidate = await q.findLoginCandidate(this.db, input.email);
    const usable = candidate?.user.status === 'active';
    if (!candidate || !usable || !(await this.useCode(candidate.user.id, 'email-login', input.code))) {
      if (candidate && usable) await this.recordFailure(candidate.user.id, { email: input.email, source });
      else await this.countSourceFailure(input.email, source, now);
      throw invalidCode();
    }
    const outcome = await this.firstFactorPassed(candidate, input.email, ctx, {
      deviceId: input.deviceId,
      loginType: 'NON_SSO',
    });
    return this.portalSessionFor(outcome, input.deviceId, ctx);
  }

  /** Queues the password reset code email (see emailCodeAfterReply); returns at once. */
  requestPasswordReset(email: string): void {
    this.emailCodeAfterReply(email, 'password-reset', AUTH_LIMITS.resetCodeMinutes, (code) => ({
      subject: 'Reset your Fieldforce password',
      text:
        `Your password reset code is ${code}.\n\nEnter it on the forgot-password page (${this.link('/forgotpassword')}) ` +
        `with your new password. It works once and expires in ${AUTH_LIMITS.resetCodeMinutes} minutes. ` +
        `If you did not ask for it, you can ignore this email: your password has not changed.`,
    }));
  }

  /** Sets a new password with an emailed code; ends every session unless asked not to. */
  async resetPassword(input: {
    username: string;
    encryptedPassword: string;
    code: string;
    signOutEverywhere: boolean;
  }): Promise<void> {
    const password = this.deps.keys.decrypt(input.encryptedPassword);
    if (password === null)
      throw badRequest('body.encryptedPassword', 'could not be decrypted with the published key');
    const problem = passwordProblem(password, { email: input.username });
    if (problem) throw badRequest('body.encryptedPassword', `The new password ${problem}.`);
    const candidate = await q.findLoginCandidate(this.db, input.username);
    if (
      !candidate ||
      candidate.user.status !== 'active' ||
      !(await this.useCode(candidate.user.id, 'password-reset', input.code))
    ) {
      throw codedBadRequest('body.code', 'auth.invalidCode');
    }
    const passwordHash = await hashPassword(password);
    const now = this.clock.now();
    await q.setPassword(this.db, candidate.user.id, passwordHash, now);
    // The owner of the mailbox proved who they are: the lock has done its job.
    await q.clearFailures(this.db, candidate.user.id, now);
    if (input.signOutEverywhere) await this.sessions.endAllOf(candidate.user.id, 'password_reset');
  }

  private async newCode(userId: string, purpose: q.CodePurpose, lifeMs: number): Promise<string> {
    const code = purpose === 'invitation' ? invitationCode() : randomDigits(6);
    const now = this.clock.now();
    await q.replaceCode(this.db, {
      id: randomUUID(),
      purpose,
      userId,
      codeHash: codeHash(userId, purpose === 'invitation' ? normaliseInvitationCode(code) : code),
      now,
      expiresAt: new Date(now.getTime() + lifeMs),
    });
    return code;
  }

  /** Spends a live code when it matches; counts a wrong attempt otherwise. */
  private async useCode(userId: string, purpose: q.CodePurpose, code: string): Promise<boolean> {
    const given = purpose === 'invitation' ? normaliseInvitationCode(code) : code.trim();
    return this.db.transaction(async (tx) => {
      const now = this.clock.now();
      const live = await q.lockLiveCode(tx, userId, purpose, now);
      if (!live) return false;
      if (live.code_hash !== codeHash(userId, given)) {
        await q.countCodeAttempt(tx, live.id, AUTH_LIMITS.codeAttempts, now);
        return false;
      }
      await q.spendCode(tx, live.id, now);
      return true;
    });
  }

  /**
   * A notice without a secret: queued as the job 'email.send' when jobs are there, else sent after the
   * reply. Never fails the caller's request.
   */
  private notify(mail: Mail): void {
    const enqueue = this.deps.enqueueMail;
    if (enqueue) {
      enqueue(mail).catch((error: unknown) =>
        this.deps.log.error({ err: error }, 'queueing an email failed'),
      );
      return;
    }
    this.afterReply.enqueue('notice email', () => this.mail(mail));
  }

  /** Sends an email the caller's answer does not depend on; a failure is logged, not thrown. */
  private async mail(mail: Mail): Promise<void> {
    try {
      await this.deps.mailer.send(mail);
    } catch (error) {
      this.deps.log.error({ err: error }, 'sending email failed');
    }
  }

  private link(path: string): string {
    return `${this.deps.publicUrl}${path}`;
  }

  // -------------------------------------------------------------------------------------------
  // Sessions
  // -------------------------------------------------------------------------------------------

  activeStatus(auth: AuthContext): ActiveStatus {
    const ended = auth.session.endedAt !== null;
    const status = passwordStatus(auth.user.passwordChangedAt, this.clock.now(), auth.session.loginType);
    let message: string | null = null;
    if (ended) message = sessionEndedMessage(auth.session.endReason);
    else if (status.expired) message = LOGIN_MESSAGES.passwordExpired;
    else if (status.expiresInDays !== null)
      message = LOGIN_MESSAGES.passwordExpiryWarning(status.expiresInDays);
    return {
      sessionAllowed: !ended,
      passwordExpired: status.expired,
      passwordExpiresInDays: ended ? null : status.expiresInDays,
      reason: ended ? auth.session.endReason : null,
      message,
    };
  }

  /** Uses a refresh token: a new id token and the next refresh token, or 401. */
  async refresh(
    refreshToken: string,
    expectedSessionId?: string,
  ): Promise<{ idToken: string; refreshToken: string; sessionId: string }> {
    const outcome = await this.sessions.rotate(refreshToken, expectedSessionId);
    if (!outcome.ok) {
      if (
        outcome.reason === 'session-ended' ||
        outcome.reason === 'reused' ||
        outcome.reason === 'inactive'
      ) {
        throw coded('SESSION_ENDED', 'auth.sessionEnded');
      }
      throw coded('INVALID_REFRESH_TOKEN', 'auth.refreshTokenInvalid');
    }
    const idToken = await this.deps.tokens.issueIdToken({
      userId: outcome.userId,
      email: outcome.email,
      sessionId: outcome.sessionId,
      loginType: outcome.loginType,
    });
    return { idToken, refreshToken: outcome.refreshToken, sessionId: outcome.sessionId };
  }

  /** Ends the device session; answers the identity provider's sign-out address for SSO sessions. */
  async logout(auth: AuthContext): Promise<string | null> {
    await this.sessions.end(auth.session.id, 'logout');
    return this.ssoLogoutUrl ? this.ssoLogoutUrl(auth.session.id) : null;
  }

  /** Set by the SSO module when single sign-on is configured. */
  ssoLogoutUrl: ((sessionId: string) => Promise<string | null>) | null = null;

  async changePassword(
    auth: AuthContext,
    input: { currentPassword: string; newPassword: string; signOutOtherSessions: boolean },
  ): Promise<void> {
    const now = this.clock.now();
    const candidate = await q.findLoginCandidate(this.db, auth.user.email);
    if (!candidate?.passwordHash)
      throw badRequest('body.currentPassword', 'this account has no password; use forgot password');
    const locked = candidate.lockedUntil && candidate.lockedUntil > now;
    if (locked || !(await verifyPassword(candidate.passwordHash, input.currentPassword))) {
      if (!locked) await this.recordFailure(auth.user.id);
      throw badRequest('body.currentPassword', 'is not your current password');
    }
    const problem = passwordProblem(input.newPassword, { email: auth.user.email });
    if (problem) throw badRequest('body.newPassword', problem);
    if (await verifyPassword(candidate.passwordHash, input.newPassword)) {
      throw badRequest('body.newPassword', 'must differ from the current password');
    }
    await q.setPassword(this.db, auth.user.id, await hashPassword(input.newPassword), now);
    await q.clearFailures(this.db, auth.user.id, now);
    if (input.signOutOtherSessions)
      await this.sessions.endAllOf(auth.user.id, 'password_changed', auth.session.id);
  }

  async listDevices(auth: AuthContext) {
    const staleBefore = this.clock.now().getTime() - this.deps.refreshTtlDays * DAY_MS;
    const sessions = (await q.activeSessions(this.db, auth.user.id)).filter(
      (s) => s.lastSeenAt.getTime() >= staleBefore,
    );
    return sessions.map((s) => ({
      id: s.id,
      deviceId: s.deviceId,
      loginType: s.loginType,
      createdAt: s.createdAt.toISOString(),
      lastSeenAt: s.lastSeenAt.toISOString(),
      current: s.id === auth.session.id,
    }));
  }

  /** Signs one of the user's own devices out; another user's session is simply not found. */
  async endDevice(auth: AuthContext, sessionId: string): Promise<void> {
    const own = (await q.activeSessions(this.db, auth.user.id)).some((s) => s.id === sessionId);
    if (!own) throw notFound('Device session');
    await this.sessions.end(sessionId, 'signed_out_remotely');
  }

  // -------------------------------------------------------------------------------------------
  // TOTP enrolment and signup
  // -------------------------------------------------------------------------------------------

  /** Whether the account signs in with an authenticator app. */
  async totpStatus(auth: AuthContext): Promise<TotpStatus> {
    const { rows } = await this.db.query<{ totp_enabled_at: Date | null; totp_secret: string | null }>(
      `SELECT totp_enabled_at, totp_secret FROM user_security WHERE user_id = $1`,
      [auth.user.id],
    );
    const row = rows[0];
    const enrolled = Boolean(row?.totp_secret && row.totp_enabled_at);
    return { enrolled, enrolledAt: enrolled ? new Date(row!.totp_enabled_at!).toISOString() : null };
  }

  /**
   * Starts setting up or replacing the authenticator of a signed-in user, who must prove who they are
   * afresh (an id token alone is not enough, issue 9): the password, with every sign-in rule (a wrong
   * one counts against the account), and a current code of the authenticator being replaced. The
   * enrolment is bound to this device session.
   */
  async startAuthenticatorChange(
    auth: AuthContext,
    proof: TotpEnrolRequest,
    ctx: RequestContext,
  ): Promise<TotpEnrolment> {
    let candidate: LoginCandidate;
    try {
      candidate = await this.passwordStep({ email: auth.user.email, password: proof.currentPassword }, ctx);
    } catch (error) {
      if (error instanceof AppError && error.code === 'INVALID_CREDENTIALS')
        throw badRequest('body.currentPassword', 'is not your current password');
      throw error;
    }
    if (candidate.totpEnabled && candidate.totpSecret) {
      if (!proof.currentCode)
        throw badRequest('body.currentCode', 'is required: a code from your current authenticator app');
      const now = this.clock.now();
      const step = matchTotp(candidate.totpSecret, proof.currentCode, now);
      if (step === null || !(await q.claimTotpStep(this.db, auth.user.id, step, now))) {
        await this.recordFailure(auth.user.id);
        throw codedBadRequest('body.currentCode', 'auth.invalidCode');
      }
    }
    await q.clearFailures(this.db, auth.user.id, this.clock.now());
    return this.startTotpEnrolment(auth.user, 'enrolment', undefined, auth.session.id);
  }

  /** Starts a 5-minute enrolment session: a new secret, its otpauth URI and QR code. */
  private async startTotpEnrolment(
    user: { id: string; email: string },
    purpose: 'enrolment' | 'signup',
    passwordHash?: string,
    sessionId?: string,
  ): Promise<TotpEnrolment> {
    const enrolmentId = randomToken(32);
    const secret = newTotpSecret();
    const now = this.clock.now();
    const expiresAt = new Date(now.getTime() + AUTH_LIMITS.enrolmentMinutes * MINUTE_MS);
    await q.insertChallenge(this.db, {
      idHash: sha256(enrolmentId),
      purpose,
      userId: user.id,
      deviceId: sessionId ?? null,
      totpSecret: secret,
      passwordHash: passwordHash ?? null,
      now,
      expiresAt,
    });
    const uri = otpauthUri(secret, user.email);
    return {
      enrolmentId,
      secret,
      otpauthUri: uri,
      qrDataUrl: await qrDataUrl(uri),
      expiresAt: expiresAt.toISOString(),
      expiresIn: AUTH_LIMITS.enrolmentMinutes * 60,
      message: LOGIN_MESSAGES.enrolmentExpiry,
    };
  }

  /**
   * Confirms an enrolment with a code from the new authenticator, in the device session that started
   * it. The new authenticator replaces the old one, the user's other sessions end, and the account's
   * email gets a notice (after the answer).
   */
  async confirmTotpEnrolment(input: { enrolmentId: string; code: string }, auth: AuthContext): Promise<void> {
    const idHash = sha256(input.enrolmentId);
    const outcome = await this.db.transaction(async (tx) => {
      const now = this.clock.now();
      const challenge = await q.lockLiveChallenge(tx, idHash, 'enrolment', now);
      if (
        !challenge?.totp_secret ||
        challenge.user_id !== auth.user.id ||
        challenge.device_id !== auth.session.id
      )
        return null;
      const step = matchTotp(challenge.totp_secret, input.code, now);
      if (step === null) {
        await q.countChallengeAttempt(tx, idHash, AUTH_LIMITS.codeAttempts, now);
        return null;
      }
      const before = await q.findLoginCandidate(tx, auth.user.email);
      await q.consumeChallenge(tx, idHash, now);
      await q.enableTotp(tx, challenge.user_id, challenge.totp_secret, step, now);
      return { replaced: Boolean(before?.totpEnabled), at: now };
    });
    if (!outcome) throw codedBadRequest('body.code', 'auth.invalidCode');
    const ended = await this.sessions.endAllOf(auth.user.id, 'authenticator_changed', auth.session.id);
    const what = outcome.replaced ? 'was replaced' : 'was set up';
    this.notify({
      to: auth.user.email,
      subject: `Your Fieldforce authenticator app ${what}`,
      text:
        `Hello ${auth.user.name},\n\nThe authenticator app of your Fieldforce account ${what} on ` +
        `${outcome.at.toISOString().replace('T', ' ').slice(0, 16)} UTC; sign-ins now take its codes. ` +
        `${ended > 0 ? `Your other signed-in devices (${ended}) were signed out. ` : ''}` +
        `If this was not you, reset your password now (${this.link('/forgotpassword')}) and tell your administrator.`,
    });
  }

  /**
   * Activates an invited account with its invitation code and a new password. When the market asks
   * for enrolment (SMSEnrolment) the account stays invited until signup/verify confirms a TOTP code.
   */
  async signup(input: {
    email: string;
    invitationCode: string;
    password: string;
  }): Promise<TotpEnrolment | null> {
    const refused = () => badRequest('body.invitationCode', 'The email or invitation code is not valid.');
    const candidate = await q.findLoginCandidate(this.db, input.email);
    if (!candidate || candidate.user.status !== 'invited') {
      await dummyVerify(input.password);
      throw refused();
    }
    const problem = passwordProblem(input.password, { email: candidate.user.email });
    if (problem) throw badRequest('body.password', problem);
    const passwordHash = await hashPassword(input.password);
    const needsEnrolment = await q.marketFlag(this.db, candidate.user.homeCountryCode, 'SMSEnrolment');
    if (needsEnrolment) {
      if (!(await this.checkInvitation(candidate.user.id, input.invitationCode, false))) throw refused();
      return this.startTotpEnrolment(candidate.user, 'signup', passwordHash);
    }
    const activated = await this.db.transaction(async (tx) => {
      if (!(await this.checkInvitation(candidate.user.id, input.invitationCode, true, tx))) return false;
      return q.activateUser(tx, candidate.user.id, passwordHash, this.clock.now());
    });
    if (!activated) throw refused();
    return null;
  }

  /** Finishes a signup that needed enrolment: spends the invitation, sets the password, enables TOTP. */
  async confirmSignup(input: { enrolmentId: string; code: string }): Promise<void> {
    const idHash = sha256(input.enrolmentId);
    const ok = await this.db.transaction(async (tx) => {
      const now = this.clock.now();
      const challenge = await q.lockLiveChallenge(tx, idHash, 'signup', now);
      if (!challenge?.totp_secret || !challenge.password_hash) return false;
      const step = matchTotp(challenge.totp_secret, input.code, now);
      if (step === null) {
        await q.countChallengeAttempt(tx, idHash, AUTH_LIMITS.codeAttempts, now);
        return false;
      }
      const invitation = await q.lockLiveCode(tx, challenge.user_id, 'invitation', now);
      if (!invitation) return false;
      await q.spendCode(tx, invitation.id, now);
      await q.consumeChallenge(tx, idHash, now);
      if (!(await q.activateUser(tx, challenge.user_id, challenge.password_hash, now))) return false;
      await q.enableTotp(tx, challenge.user_id, challenge.totp_secret, step, now);
      return true;
    });
    if (!ok) throw codedBadRequest('body.code', 'auth.invalidCode');
  }

  private async checkInvitation(
    userId: string,
    code: string,
    spend: boolean,
    tx?: Queryable,
  ): Promise<boolean> {
    const run = async (t: Queryable) => {
      const now = this.clock.now();
      const live = await q.lockLiveCode(t, userId, 'invitation', now);
      if (!live) return false;
      if (live.code_hash !== codeHash(userId, normaliseInvitationCode(code))) {
        await q.countCodeAttempt(t, live.id, AUTH_LIMITS.codeAttempts, now);
        return false;
      }
      if (spend) await q.spendCode(t, live.id, now);
      return true;
    };
    return tx ? run(tx) : this.db.transaction(run);
  }

  /** (Re)issues an invitation code to an invited user and emails it. */
  async issueInvitation(user: { id: string; email: string; name: string }): Promise<Date> {
    const life = AUTH_LIMITS.invitationDays * DAY_MS;
    const code = await this.newCode(user.id, 'invitation', life);
    await this.mail({
      to: user.email,
      subject: 'Your Fieldforce invitation',
      text:
        `Hello ${user.name},\n\nYou have been invited to Fieldforce. Open ${this.link('/signup')} and enter your ` +
        `email and this invitation code: ${code}\n\nThe code expires in ${AUTH_LIMITS.invitationDays} days.`,
    });
    return new Date(this.clock.now().getTime() + life);
  }
}
