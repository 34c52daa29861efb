import { DEFAULT_ROLE, sortBsa, type CountryCode, type UserDetails } from '@fieldforce/contracts';
import type { UserDetailsRow } from './queries.js';

const yesNo = (value: boolean) => (value ? 'YES' : 'NO');

/** The user details of spec section 3, with the BSA list sorted for the market being viewed. */
export function presentUserDetails(row: UserDetailsRow, market: CountryCode): UserDetails {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role || DEFAULT_ROLE,
    userType: row.user_type,
    accessToUcube: yesNo(row.access_to_ucube),
    accessToOperationalDashboards: yesNo(row.access_to_operational_dashboards),
    isSuperUser: yesNo(row.is_super_user),
    dtAccessCodes: row.dt_access_codes,
    countryCode: row.country_codes
      .split(',')
      .map((c) => c.trim().toLowerCase())
      .filter(Boolean)
      .join(','),
    bsa: sortBsa(row.bsa ?? [], market),
    lastLoginAt: row.last_login_at ? new Date(row.last_login_at).toISOString() : null,
  };
}
