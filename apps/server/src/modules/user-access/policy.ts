/**
 * Who may use User Access: lib/policies' admin rule (admins of the market; every market has the
 * tool). What an admin may grant is the contracts' rule (userAccessRefusals, spec section 6) over the
 * admin as a grantor: their own markets (every market for a Super User), DT codes (all with
 * 'All (Super Access)'), UCube and reports access, BSAs, and Super User rights only for Super Users.
 */
import {
  BSA_VALUES,
  COUNTRY_CODES,
  type Abilities,
  type CountryCode,
  type UserAccessGrantor,
} from '@fieldforce/contracts';
import type { Queryable } from '../../db/client.js';
import { assertAdminTool, type AdminAction } from '../../lib/policies/index.js';
import { dtScope, isSuperUser, type AuthUser } from '../../lib/policy.js';

/** Throws 403 unless the caller may `action` in User Access in this market; else the abilities. */
export const assertUserAccess = (
  q: Queryable,
  user: AuthUser,
  market: CountryCode,
  action: AdminAction,
): Promise<Abilities> => assertAdminTool(q, user, market, 'userAccess', action);

/** The caller as a grantor: what they hold, so what they may give. */
export function grantorOf(user: AuthUser): UserAccessGrantor {
  const superUser = isSuperUser(user);
  return {
    superUser,
    ucube: user.accessToUcube,
    reports: user.accessToOperationalDashboards,
    dtCodes: dtScope(user),
    markets: superUser ? [...COUNTRY_CODES] : [...user.countryCodes],
    bsa: superUser ? [...BSA_VALUES] : [...(user.bsa ?? [])],
  };
}
