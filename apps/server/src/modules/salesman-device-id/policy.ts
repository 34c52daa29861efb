/**
 * Who may use Salesman Device ID: lib/policies' admin rule (admins of the market, in a market whose
 * salesmandeviceid flag is on), and only within their DT scope (the table and the queries put the DT
 * scope into every WHERE). This module adds the refusal's words for a market without the tool.
 */
import { COUNTRIES, type Abilities, type CountryCode } from '@fieldforce/contracts';
import type { Queryable } from '../../db/client.js';
import { assertAdminTool } from '../../lib/policies/index.js';
import type { AuthUser } from '../../lib/policy.js';

export const DEVICE_ID_OFF_MESSAGE = (market: CountryCode) =>
  `Salesman Device ID is not available in ${COUNTRIES[market].name}: it is not enabled for that market.`;

/** Throws 403 unless the caller may `action` in Salesman Device ID in this market; else the abilities. */
export const assertSalesmanDeviceId = (
  q: Queryable,
  user: AuthUser,
  market: CountryCode,
  action: keyof Abilities,
) => assertAdminTool(q, user, market, 'salesmanDeviceId', action, { notInMarket: DEVICE_ID_OFF_MESSAGE });
