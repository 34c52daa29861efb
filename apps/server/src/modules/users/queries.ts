import type { Queryable } from '../../db/client.js';
import { USER_BASE_COLUMNS, type UserBaseRow } from '../auth/queries.js';

export interface UserDetailsRow extends UserBaseRow {
  last_login_at: Date | null;
  bsa: string[] | null;
}

/** One user with their BSA list (in stored order; the presenter sorts it per market). */
export async function findUserDetails(q: Queryable, email: string): Promise<UserDetailsRow | null> {
  const { rows } = await q.query<UserDetailsRow>(
    `SELECT ${USER_BASE_COLUMNS}, u.last_login_at,
            (SELECT array_agg(b.bsa ORDER BY b.position) FROM user_bsa b WHERE b.user_id = u.id) AS bsa
       FROM users u
      WHERE u.email = $1`,
    [email],
  );
  return rows[0] ?? null;
}
