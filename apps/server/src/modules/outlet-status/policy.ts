/**
 * Who may use Outlet Status Online/Offline: the admin policy of lib/policies (admins of the market,
 * OfflineApp on, the user's email domain one of the market's `outlet_status_email_domains`: see
 * docs/decisions.md, "Outlet Status: who sees it"), and only within their DT scope (the queries put
 * dtScopeSql into every WHERE). This module adds the refusals' words: in a market with the flag off
 * (vn) every call is refused saying so, and the web sends the user to /adminconfigurationpage.
 */
import { COUNTRIES, type Abilities, type CountryCode } from '@fieldforce/contracts';
import type { Queryable } from '../../db/client.js';
import { marketFlags } from '../../lib/market-flags.js';
import { assertAdminTool } from '../../lib/policies/index.js';
import type { AuthUser } from '../../lib/policy.js';

export const OFFLINE_APP_OFF_MESSAGE = (market: CountryCode) =>
  `Outlet Status is not available in ${COUNTRIES[market].name}: the offline app is not enabled there. ` +
  'Use the admin configuration page instead.';

/** The market's OfflineApp flag as the database holds it (admin configuration edits it). */
export const offlineAppOn = async (q: Queryable, market: CountryCode) =>
  (await marketFlags(q, market)).OfflineApp === true;

/** Throws 403 unless the caller may `action` in Outlet Status in this market; else the abilities. */
export const assertOutletStatus = (
  q: Queryable,
  user: AuthUser,
  market: CountryCode,
  action: keyof Abilities,
) =>
  assertAdminTool(q, user, market, 'outletStatus', action, {
    notInMarket: OFFLINE_APP_OFF_MESSAGE,
    ruleFailed: 'Outlet Status is open only to admins whose email domain the market allows.',
  });
