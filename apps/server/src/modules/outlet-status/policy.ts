/**
 * Who may use Outlet Status Online/Offline: admins (userType admin) of the market, in a market whose
 * OfflineApp flag is on, and only within their DT scope (the queries put dtScopeSql into every
 * WHERE). In a market with the flag off (vn) every call is refused with OFFLINE_APP_OFF, and the web
 * sends the user to /adminconfigurationpage (spec section 2).
 *
 * The email-domain part of the rule (docs/decisions.md, "Outlet Status: who sees it"): the user's
 * email domain must be one of the market's `countries.outlet_status_email_domains` (exact match).
 */
import { COUNTRIES, countryFlags, type Abilities, type CountryCode } from '@fieldforce/contracts';
import type { Queryable } from '../../db/client.js';
import { forbidden } from '../../lib/errors.js';
import { isAdmin, type AuthUser } from '../../lib/policy.js';

export const OFFLINE_APP_OFF_MESSAGE = (market: CountryCode) =>
  `Outlet Status is not available in ${COUNTRIES[market].name}: the offline app is not enabled there. ` +
  'Use the admin configuration page instead.';

/** The market's OfflineApp flag (contracts' countryFlags, mirrored in countries.flags). */
export const offlineAppOn = (market: CountryCode) => countryFlags(market).OfflineApp === true;

/** The part of an email after the last @, lower-cased. */
export const emailDomain = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

/** The user's email domain is one of the market's allowed domains (an exact match; empty list: none). */
export const emailDomainAllowed = (email: string, allowed: readonly string[]) =>
  allowed.map((d) => d.toLowerCase()).includes(emailDomain(email));

/** What the caller may do in Outlet Status in this market (the answers' `can`). */
export function outletStatusAbilities(
  user: AuthUser,
  market: CountryCode,
  allowedDomains: readonly string[],
): Abilities {
  const on = isAdmin(user) && offlineAppOn(market) && emailDomainAllowed(user.email, allowedDomains);
  return { view: on, edit: on, upload: on, export: on };
}

/** The market's allowed email domains (countries.outlet_status_email_domains). */
export async function allowedEmailDomains(q: Queryable, market: CountryCode): Promise<string[]> {
  const { rows } = await q.query<{ domains: string[] | null }>(
    'SELECT outlet_status_email_domains AS domains FROM countries WHERE code = $1',
    [market],
  );
  return rows[0]?.domains ?? [];
}

/** Throws 403 unless the caller may `action` in Outlet Status in this market; else the abilities. */
export async function assertOutletStatus(
  q: Queryable,
  user: AuthUser,
  market: CountryCode,
  action: keyof Abilities,
): Promise<Abilities> {
  if (!offlineAppOn(market)) throw forbidden(OFFLINE_APP_OFF_MESSAGE(market));
  if (!isAdmin(user)) throw forbidden('Outlet Status is open to the market’s admins only.');
  const can = outletStatusAbilities(user, market, await allowedEmailDomains(q, market));
  if (!can[action]) {
    throw forbidden('Outlet Status is open only to admins whose email domain the market allows.');
  }
  return can;
}
