/**
 * User Access SQL outside the declared table (table.ts): one user of the market with their BSAs and
 * open sessions, the distributors an admin may give, and the changes (access, deactivation, sessions)
 * made in the caller's transaction.
 */
import {
  ALL_DT_ACCESS,
  isCountryCode,
  splitList,
  type CountryCode,
  type UserAccessState,
  type UserStatus,
} from '@fieldforce/contracts';
import type { Queryable } from '../../db/client.js';
import type { AuthUser } from '../../lib/policy.js';
import { endUserSessions } from '../auth/queries.js';

export interface TargetUser {
  id: string;
  email: string;
  name: string;
  userType: string;
  status: UserStatus;
  lastLoginAt: Date | null;
  deactivatedAt: Date | null;
  deactivatedByName: string | null;
  activeSessions: number;
  homeCountryCode: string;
  state: UserAccessState;
}

interface TargetRow {
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
  status: UserStatus;
  last_login_at: Date | null;
  deactivated_at: Date | null;
  deactivated_by_name: string | null;
  bsa: string[] | null;
  active_sessions: number;
}

/**
 * The user `id` if their markets hold `market`, else null. `lock`: the user's row is locked for the
 * rest of the transaction (two admins editing one user apply one after the other).
 */
export async function findTarget(
  q: Queryable,
  id: string,
  market: CountryCode,
  lock = false,
): Promise<TargetUser | null> {
  const { rows } = await q.query<TargetRow>(
    `SELECT u.id, u.email, u.name, u.role, u.user_type, u.access_to_ucube, u.access_to_operational_dashboards,
            u.is_super_user, u.dt_access_codes, u.country_codes, u.home_country_code, u.status, u.last_login_at,
            u.deactivated_at, (SELECT d.name FROM users d WHERE d.id = u.deactivated_by) AS deactivated_by_name,
            (SELECT array_agg(b.bsa ORDER BY b.position) FROM user_bsa b WHERE b.user_id = u.id) AS bsa,
            (SELECT count(*)::int FROM device_sessions s WHERE s.user_id = u.id AND s.ended_at IS NULL)
              AS active_sessions
       FROM users u
      WHERE u.id = $1 AND code_list(u.country_codes) @> ARRAY[$2::text]
      ${lock ? 'FOR UPDATE OF u' : ''}`,
    [id, market],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    userType: row.user_type,
    status: row.status,
    lastLoginAt: row.last_login_at ? new Date(row.last_login_at) : null,
    deactivatedAt: row.deactivated_at ? new Date(row.deactivated_at) : null,
    deactivatedByName: row.deactivated_by_name,
    activeSessions: Number(row.active_sessions),
    homeCountryCode: row.home_country_code,
    state: {
      role: row.role ?? '',
      accessToUcube: row.access_to_ucube,
      accessToOperationalDashboards: row.access_to_operational_dashboards,
      isAdmin: row.user_type === 'admin',
      isSuperUser: row.is_super_user,
      dtAccessCodes: splitList(row.dt_access_codes),
      bsa: row.bsa ?? [],
      markets: splitList(row.country_codes.toLowerCase()).filter(isCountryCode),
    },
  };
}

export interface DtOption {
  code: string;
  name: string;
  countryCode: string;
}

/** The distributors of these markets, limited to `dtCodes` when given (null: all of them). */
export async function distributorsOf(
  q: Queryable,
  markets: readonly string[],
  dtCodes: readonly string[] | null,
): Promise<DtOption[]> {
  const params: unknown[] = [markets];
  let where = 'country_code = ANY($1::text[])';
  if (dtCodes !== null) {
    params.push(dtCodes);
    where += ' AND dt_code = ANY($2::text[])';
  }
  const { rows } = await q.query<{ dt_code: string; name: string; country_code: string }>(
    `SELECT dt_code, name, country_code FROM distributors WHERE ${where} ORDER BY country_code, dt_code`,
    params,
  );
  return rows.map((r) => ({ code: r.dt_code, name: r.name, countryCode: r.country_code }));
}

/** The codes among `codes` that are no distributor of `markets` ('All (Super Access)' is not a code). */
export async function unknownDtCodes(
  q: Queryable,
  codes: readonly string[],
  markets: readonly string[],
): Promise<string[]> {
  const asked = codes.filter((c) => c !== ALL_DT_ACCESS);
  if (asked.length === 0) return [];
  const { rows } = await q.query<{ dt_code: string }>(
    `SELECT dt_code FROM distributors WHERE dt_code = ANY($1::text[]) AND country_code = ANY($2::text[])`,
    [asked, markets],
  );
  const found = new Set(rows.map((r) => r.dt_code));
  return asked.filter((c) => !found.has(c));
}

/** Writes the access state of a user (the BSA list replaced in its order). */
export async function writeAccess(
  q: Queryable,
  target: TargetUser,
  next: UserAccessState,
  now: Date,
): Promise<void> {
  const userType = next.isAdmin ? 'admin' : target.userType === 'admin' ? 'user' : target.userType;
  const home = next.markets.includes(target.homeCountryCode as CountryCode)
    ? target.homeCountryCode
    : next.markets[0]!;
  await q.query(
    `UPDATE users SET role = $2, user_type = $3, access_to_ucube = $4, access_to_operational_dashboards = $5,
            is_super_user = $6, dt_access_codes = $7, country_codes = $8, home_country_code = $9, updated_at = $10
      WHERE id = $1`,
    [
      target.id,
      next.role,
      userType,
      next.accessToUcube,
      next.accessToOperationalDashboards,
      next.isSuperUser,
      next.dtAccessCodes.join(','),
      next.markets.join(','),
      home,
      now,
    ],
  );
  if (next.bsa.join(',') !== target.state.bsa.join(',')) {
    await q.query('DELETE FROM user_bsa WHERE user_id = $1', [target.id]);
    if (next.bsa.length > 0) {
      await q.query(
        `INSERT INTO user_bsa (user_id, bsa, position)
         SELECT $1, b.bsa, b.position::int FROM unnest($2::text[]) WITH ORDINALITY AS b(bsa, position)`,
        [target.id, next.bsa],
      );
    }
  }
}

/**
 * Deactivates a user: status 'disabled' (refused by the auth plugin on the next call and at sign-in),
 * who and when, and every open session ended with its refresh tokens revoked. Returns the sessions ended.
 */
export async function deactivate(q: Queryable, target: TargetUser, by: AuthUser, now: Date): Promise<number> {
  await q.query(
    `UPDATE users SET status = 'disabled', deactivated_at = $2, deactivated_by = $3, updated_at = $2 WHERE id = $1`,
    [target.id, now, by.id],
  );
  return endUserSessions(q, target.id, 'disabled', now);
}

/** Reactivates a user: active again, or invited when they never chose a password. */
export async function reactivate(q: Queryable, target: TargetUser, now: Date): Promise<void> {
  await q.query(
    `UPDATE users SET status = CASE WHEN password_hash IS NULL THEN 'invited' ELSE 'active' END,
            deactivated_at = NULL, deactivated_by = NULL, updated_at = $2
      WHERE id = $1`,
    [target.id, now],
  );
}

/** Ends every open session of the user ('signed_out_remotely': their next call is told they were signed out). */
export const endSessionsOf = (q: Queryable, target: TargetUser, now: Date) =>
  endUserSessions(q, target.id, 'signed_out_remotely', now);
