import type { Queryable } from '../../db/client.js';

export interface UserDetailsRow {
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
  last_login_at: Date | null;
  bsa: string[] | null;
}

/** One user with their BSA list (in stored order; the presenter sorts it per market). */
export async function findUserDetails(q: Queryable, email: string): Promise<UserDetailsRow | null> {
  const { rows } = await q.query<UserDetailsRow>(
    `SELECT u.id, u.email, u.name, u.role, u.user_type, u.access_to_ucube, u.access_to_operational_dashboards,
            u.is_super_user, u.dt_access_codes, u.country_codes, u.home_country_code, u.status, u.last_login_at,
            (SELECT array_agg(b.bsa ORDER BY b.position) FROM user_bsa b WHERE b.user_id = u.id) AS bsa
       FROM users u
      WHERE u.email = $1`,
    [email],
  );
  return rows[0] ?? null;
}
