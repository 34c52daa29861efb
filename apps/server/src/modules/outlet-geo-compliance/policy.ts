/**
 * Who may use Outlet Geo-Compliance: lib/policies' admin rule (admins of the market, in a market whose
 * outletGeoCompliance flag is on: every market but th), and only within their DT scope (the queries put
 * dtScopeSql into every WHERE). This module adds the refusal's words for a market without the tool.
 */
import { COUNTRIES, type Abilities, type CountryCode } from '@fieldforce/contracts';
import type { Queryable } from '../../db/client.js';
import { assertAdminTool } from '../../lib/policies/index.js';
import type { AuthUser } from '../../lib/policy.js';

export const GEO_OFF_MESSAGE = (market: CountryCode) =>
  `Outlet Geo-Compliance is not available in ${COUNTRIES[market].name}: it is not enabled for that market.`;

/** Throws 403 unless the caller may `action` in Outlet Geo-Compliance in this market; else the abilities. */
export const assertOutletGeo = (q: Queryable, user: AuthUser, market: CountryCode, action: keyof Abilities) =>
  assertAdminTool(q, user, market, 'outletGeoCompliance', action, { notInMarket: GEO_OFF_MESSAGE });
