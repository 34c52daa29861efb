/**
 * Authorization as policy functions per admin tool, over the shared predicates (each with one name,
 * defined in lib/policy.ts and re-exported here): isAdmin, inMarket, inDtScope, dtScopeSql.
 *
 *   can(user, 'upload', 'outletStatus', market)  → boolean
 *   abilities(user, 'outletStatus', market)      → { view, edit, upload, export } (contracts' Abilities)
 *
 * Answers carry `abilities(...)` as `can`, so the web reads what the caller may do instead of
 * re-deriving the rules. The per-market settings a rule needs (flags, allowed email domains) come in
 * a `MarketSettings` the caller loads once with `loadMarketSettings`.
 */
import {
  countryFlags,
  type Abilities,
  type AdminToolKey,
  type CountryCode,
  type CountryFlags,
} from '@fieldforce/contracts';
import type { Queryable } from '../../db/client.js';
import { inMarket, isAdmin, type AuthUser } from '../policy.js';

export { dtScope, dtScopeSql, dtScopeWhere, inDtScope, inMarket, isAdmin, isSuperUser } from '../policy.js';

export type AdminAction = 'view' | 'edit' | 'upload' | 'export';

export interface MarketSettings {
  code: CountryCode;
  flags: CountryFlags;
  /** Outlet Status: the email domains (lower case) whose admins see the tool. */
  outletStatusEmailDomains: readonly string[];
}

export async function loadMarketSettings(q: Queryable, market: CountryCode): Promise<MarketSettings> {
  const { rows } = await q.query<{ outlet_status_email_domains: string[] | null }>(
    'SELECT outlet_status_email_domains FROM countries WHERE code = $1',
    [market],
  );
  return {
    code: market,
    flags: countryFlags(market),
    outletStatusEmailDomains: (rows[0]?.outlet_status_email_domains ?? []).map((d) => d.toLowerCase()),
  };
}

/** The domain of the user's email, lower case. */
export const emailDomainOf = (user: Pick<AuthUser, 'email'>) =>
  user.email.slice(user.email.lastIndexOf('@') + 1).toLowerCase();

/**
 * Whether the tool is part of the market's admin menu at all (spec section 2's per-country
 * conditions; the same order and conditions as the web's admin-tools.ts had).
 */
export function toolInMarket(tool: AdminToolKey, market: MarketSettings): boolean {
  const flags = market.flags;
  switch (tool) {
    case 'estimatedBestPrice':
      return market.code !== 'id';
    case 'outletGeoCompliance':
      return flags.outletGeoCompliance;
    case 'salesmanDeviceId':
      return flags.salesmandeviceid;
    case 'merchandizingSets':
      return flags.isCDA;
    case 'outletStatus':
      return flags.OfflineApp;
    default:
      return true;
  }
}

/** The tool's own rule on top of "an admin of this market". */
function toolRule(user: AuthUser, tool: AdminToolKey, market: MarketSettings): boolean {
  if (tool === 'outletStatus') return market.outletStatusEmailDomains.includes(emailDomainOf(user));
  return true;
}

export function can(
  user: AuthUser,
  action: AdminAction,
  tool: AdminToolKey,
  market: MarketSettings,
): boolean {
  if (!isAdmin(user) || !inMarket(user, market.code)) return false;
  if (!toolInMarket(tool, market) || !toolRule(user, tool, market)) return false;
  // Every admin tool today allows its admins all four; a tool with a narrower rule adds it here.
  void action;
  return true;
}

export function abilities(user: AuthUser, tool: AdminToolKey, market: MarketSettings): Abilities {
  return {
    view: can(user, 'view', tool, market),
    edit: can(user, 'edit', tool, market),
    upload: can(user, 'upload', tool, market),
    export: can(user, 'export', tool, market),
  };
}
