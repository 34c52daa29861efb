/**
 * Sign-in state of the demo data set, called by the seed after the users exist. Idempotent.
 * - mfa.vn@demo.test gets TOTP with the documented secret DEMO_TOTP_SECRET (contracts/auth.ts), so a
 *   tester can add it to any authenticator app (or `otpauth`) and generate codes.
 * - Every invited user gets an invitation code in the development outbox (/dev/outbox), so /signup
 *   works out of the box. Users that already hold a live code are left alone.
 */
import { randomUUID } from 'node:crypto';
import { AUTH_LIMITS, DEMO_TOTP_SECRET } from '@fieldforce/contracts';
import type { Database } from '../../db/client.js';
import { DAY_MS, systemClock, type Clock } from '../../lib/clock.js';
import { codeHash, invitationCode, normaliseInvitationCode } from './tokens.js';

export const DEMO_MFA_EMAIL = 'mfa.vn@demo.test';

export async function seedAuthDemo(db: Database, options: { clock?: Clock } = {}): Promise<void> {
  const now = (options.clock ?? systemClock).now();
  await db.query(
    `INSERT INTO user_security (user_id, totp_secret, totp_enabled_at, updated_at)
     SELECT id, $2, $3, $3 FROM users WHERE email = $1
     ON CONFLICT (user_id) DO UPDATE SET totp_secret = EXCLUDED.totp_secret,
       totp_enabled_at = coalesce(user_security.totp_enabled_at, EXCLUDED.totp_enabled_at), updated_at = EXCLUDED.updated_at`,
    [DEMO_MFA_EMAIL, DEMO_TOTP_SECRET, now],
  );

  const { rows } = await db.query<{ id: string; email: string; name: string }>(
    `SELECT u.id, u.email, u.name FROM users u
      WHERE u.status = 'invited'
        AND NOT EXISTS (SELECT 1 FROM one_time_codes c
                         WHERE c.user_id = u.id AND c.purpose = 'invitation' AND c.used_at IS NULL AND c.expires_at > $1)
      ORDER BY u.email`,
    [now],
  );
  for (const user of rows) {
    const code = invitationCode();
    const expiresAt = new Date(now.getTime() + AUTH_LIMITS.invitationDays * DAY_MS);
    await db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO one_time_codes (id, purpose, user_id, code_hash, created_at, expires_at)
         VALUES ($1, 'invitation', $2, $3, $4, $5)`,
        [randomUUID(), user.id, codeHash(user.id, normaliseInvitationCode(code)), now, expiresAt],
      );
      await tx.query(
        `INSERT INTO outbox (to_address, subject, text_body, created_at) VALUES ($1, $2, $3, $4)`,
        [
          user.email,
          'Your Fieldforce invitation',
          `Hello ${user.name},\n\nYou have been invited to Fieldforce. Open /signup and enter your email and this ` +
            `invitation code: ${code}\n\nThe code expires in ${AUTH_LIMITS.invitationDays} days.`,
          now,
        ],
      );
    });
  }
}
