/**
 * Who may use Device Geo-Compliance: lib/policies' admin rule (admins of the market; the tool is in
 * every market's admin menu), and only within their DT scope (the table and the queries put the DT
 * scope into every WHERE).
 */
import type { Abilities, CountryCode } from '@fieldforce/contracts';
import type { Queryable } from '../../db/client.js';
import { assertAdminTool } from '../../lib/policies/index.js';
import type { AuthUser } from '../../lib/policy.js';

/** Throws 403 unless the caller may `action` in Device Geo-Compliance in this market; else the abilities. */
export const assertDeviceGeo = (q: Queryable, user: AuthUser, market: CountryCode, action: keyof Abilities) =>
  assertAdminTool(q, user, market, 'deviceGeoCompliance', action);
