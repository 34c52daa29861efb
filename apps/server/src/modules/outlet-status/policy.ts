/**
 * Who may use Outlet Status Online/Offline: admins (userType admin) of the market, in a market whose
 * OfflineApp flag is on, and only within their DT scope (the queries put dtScopeSql into every
 * WHERE). In a market with the flag off (vn) every call is refused with OFFLINE_APP_OFF, and the web
 * sends the user to /adminconfigurationpage (spec section 2).
 *
 * The email-domain part of the rule (docs/decisions.md, "Outlet Status: who sees it") is the
 * market's `countries.outlet_status_email_domains`; lib/policies applies it once it lands, and these
 * functions then defer to it.
 */
import { COUNTRIES, countryFlags, type Abilities, type CountryCode } from '@fieldforce/contracts';
import { forbidden } from '../../lib/errors.js';
import { isAdmin, type AuthUser } from '../../lib/policy.js';

export const OFFLINE_APP_OFF_MESSAGE = (market: CountryCode) =>
  `Outlet Status is not available in ${COUNTRIES[market].name}: the offline app is not enabled there. ` +
  'Use the admin configuration page instead.';

/** The market's OfflineApp flag (contracts' countryFlags, mirrored in countries.flags). */
export const offlineAppOn = (market: CountryCode) => countryFlags(market).OfflineApp === true;

/** What the caller may do in Outlet Status in this market (the answers' `can`). */
export function outletStatusAbilities(user: AuthUser, market: CountryCode): Abilities {
  const on = isAdmin(user) && offlineAppOn(market);
  return { view: on, edit: on, upload: on, export: on };
}

/** Throws 403 unless the caller may `action` in Outlet Status in this market. */
export function assertOutletStatus(user: AuthUser, market: CountryCode, action: keyof Abilities): Abilities {
  if (!offlineAppOn(market)) throw forbidden(OFFLINE_APP_OFF_MESSAGE(market));
  const can = outletStatusAbilities(user, market);
  if (!can[action]) throw forbidden('Outlet Status is open to the market’s admins only.');
  return can;
}
