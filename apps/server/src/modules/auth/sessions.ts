/**
 * Device sessions and their refresh-token families: the device cap (10, the next sign-in ends the
 * earliest), rotation on every refresh, and reuse detection.
 */
import { randomUUID } from 'node:crypto';
import { AUTH_LIMITS, type LoginType } from '@fieldforce/contracts';
import type { Database } from '../../db/client.js';
import { DAY_MS, type Clock } from '../../lib/clock.js';
import * as q from './queries.js';
import { randomToken, sha256 } from './tokens.js';

/** A new device session as the sign-in knows it (its id and time are the store's). */
export type StartSessionInput = Omit<q.NewSession, 'id' | 'now' | 'ssoIdToken'> & {
  ssoIdToken?: string | null;
};

export interface StartedSession {
  sessionId: string;
  refreshToken: string;
  /** How many of the user's sessions this sign-in ended because of the device cap. */
  evicted: number;
}

export type RefreshOutcome =
  | { ok: true; sessionId: string; userId: string; email: string; loginType: LoginType; refreshToken: string }
  | {
      ok: false;
      reason: 'unknown' | 'expired' | 'reused' | 'revoked' | 'session-ended' | 'inactive' | 'mismatch';
    };

export class SessionStore {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly refreshTtlDays: number,
  ) {}

  /**
   * Opens a device session. One transaction holds the user's row lock, so concurrent sign-ins of the
   * same user count the active sessions one after the other and the cap holds (PostgreSQL and PGlite).
   * A sign-in on a device that already has a session replaces it rather than taking a second place.
   */
  async start(input: StartSessionInput): Promise<StartedSession> {
    const refreshToken = randomToken(32);
    const sessionId = randomUUID();
    const evicted = await this.db.transaction(async (tx) => {
      const now = this.clock.now();
      await q.lockUser(tx, input.userId);
      // A session unseen for longer than a refresh token lives can never refresh again: it no longer
      // holds one of the 10 places.
      const staleBefore = now.getTime() - this.refreshTtlDays * DAY_MS;
      const sessions = await q.activeSessions(tx, input.userId);
      const stale = sessions.filter((s) => s.lastSeenAt.getTime() < staleBefore).map((s) => s.id);
      await q.endSessions(tx, stale, 'expired', now);
      const active = sessions.filter((s) => !stale.includes(s.id));
      const sameDevice = active.filter((s) => s.deviceId === input.deviceId).map((s) => s.id);
      await q.endSessions(tx, sameDevice, 'replaced', now);
      const others = active.filter((s) => s.deviceId !== input.deviceId);
      const excess = others.length - (AUTH_LIMITS.maxDevices - 1);
      const evictedCount =
        excess > 0
          ? await q.endSessions(
              tx,
              others.slice(0, excess).map((s) => s.id),
              'evicted',
              now,
            )
          : 0;
      await q.insertSession(tx, {
        id: sessionId,
        userId: input.userId,
        deviceId: input.deviceId,
        loginType: input.loginType,
        mfa: input.mfa,
        userAgent: input.userAgent,
        ip: input.ip,
        ssoIdToken: input.ssoIdToken ?? null,
        now,
      });
      await q.insertRefreshToken(tx, {
        hash: sha256(refreshToken),
        familyId: randomUUID(),
        sessionId,
        userId: input.userId,
        now,
        expiresAt: new Date(now.getTime() + this.refreshTtlDays * DAY_MS),
      });
      await q.recordLogin(tx, input.userId, now);
      return evictedCount;
    });
    return { sessionId, refreshToken, evicted };
  }

  /**
   * Trades a refresh token for the next one of its family. A token that was already used is a replay
   * (or a stolen copy racing the owner): the whole family is revoked and the device session ends.
   * `expectedSessionId` (from the caller's old id token) must be the token's session when given.
   */
  async rotate(refreshToken: string, expectedSessionId?: string): Promise<RefreshOutcome> {
    return this.db.transaction(async (tx): Promise<RefreshOutcome> => {
      const now = this.clock.now();
      const row = await q.lockRefreshToken(tx, sha256(refreshToken));
      if (!row) return { ok: false, reason: 'unknown' };
      if (expectedSessionId && row.session_id !== expectedSessionId) return { ok: false, reason: 'mismatch' };
      if (row.used_at) {
        await q.revokeFamily(tx, row.family_id, now);
        await q.endSessions(tx, [row.session_id], 'refresh_reuse', now);
        return { ok: false, reason: 'reused' };
      }
      if (row.revoked_at) return { ok: false, reason: 'revoked' };
      if (row.session_ended_at) return { ok: false, reason: 'session-ended' };
      if (new Date(row.expires_at).getTime() <= now.getTime()) return { ok: false, reason: 'expired' };
      if (row.status !== 'active') {
        await q.endSessions(tx, [row.session_id], 'disabled', now);
        return { ok: false, reason: 'inactive' };
      }
      const next = randomToken(32);
      await q.markRefreshTokenUsed(tx, row.token_hash, now);
      await q.insertRefreshToken(tx, {
        hash: sha256(next),
        familyId: row.family_id,
        sessionId: row.session_id,
        userId: row.user_id,
        now,
        expiresAt: new Date(now.getTime() + this.refreshTtlDays * DAY_MS),
      });
      await q.touchSession(tx, row.session_id, now);
      return {
        ok: true,
        sessionId: row.session_id,
        userId: row.user_id,
        email: row.email,
        loginType: row.login_type,
        refreshToken: next,
      };
    });
  }

  async end(sessionId: string, reason: string): Promise<void> {
    await q.endSessions(this.db, [sessionId], reason, this.clock.now());
  }

  async endAllOf(userId: string, reason: string, exceptSessionId?: string): Promise<number> {
    return q.endUserSessions(this.db, userId, reason, this.clock.now(), exceptSessionId);
  }
}
