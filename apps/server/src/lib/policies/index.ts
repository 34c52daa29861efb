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
  COUNTRIES,
  type Abilities,
  type AdminToolKey,
  type CountryCode,
  type CountryFlags,
} from '@fieldforce/contracts';
import type { Queryable } from '../../db/client.js';
import { forbidden } from '../errors.js';
import { marketFlags } from '../market-flags.js';
import { dtScope, inMarket, isAdmin, type AuthUser } from '../policy.js';

export { dtScope, dtScopeSql, dtScopeWhere, inDtScope, inMarket, isAdmin, isSuperUser } from '../policy.js';

export type AdminAction = 'view' | 'edit' | 'upload' | 'export';

export interface MarketSettings {
  code: CountryCode;
  flags: CountryFlags;
  /** Outlet Status: the email domains (lower case) whose admins see the tool. */
  outletStatusEmailDomains: readonly string[];
}

/** The market's flags (from the database, lib/market-flags.ts) and its Outlet Status email domains. */
export async function loadMarketSettings(q: Queryable, market: CountryCode): Promise<MarketSettings> {
  // One after the other: `q` may be a transaction, which runs one statement at a time.
  const flags = await marketFlags(q, market);
  const { rows } = await q.query<{ outlet_status_email_domains: string[] | null }>(
    'SELECT outlet_status_email_domains FROM countries WHERE code = $1',
    [market],
  );
  return {
    code: market,
    flags,
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
  // One price per item and outlet type for the whole market: admins of all its distributors only.
  if (tool === 'estimatedBestPrice') return dtScope(user) === null;
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

/** Each tool's name in refusals (the admin menu's words, in English like every server message). */
export const ADMIN_TOOL_NAMES: Record<AdminToolKey, string> = {
  userAccess: 'User Access',
  taskManagement: 'Task Management',
  estimatedBestPrice: 'Estimated Best Price',
  outletGeoCompliance: 'Outlet Geo-Compliance',
  salesmanDeviceId: 'Salesman Device ID',
  merchandizingSets: 'Merchandizing Sets',
  deviceGeoCompliance: 'Device Geo-Compliance',
  outletStatus: 'Outlet Status',
  adminConfiguration: 'Admin Configuration',
};

/** A tool's own words for its refusals, where the defaults are not enough. */
export interface ToolRefusals {
  /** The tool is not part of this market (its flag is off). */
  notInMarket?: (market: CountryCode) => string;
  /** An admin of the market whom the tool's own rule leaves out (e.g. an email domain). */
  ruleFailed?: string;
}

/**
 * Throws 403 unless the caller may `action` in `tool` in this market, saying why (the tool is not in
 * the market, admins only, the tool's own rule); else the caller's abilities, for the answer's `can`.
 */
export async function assertAdminTool(
  q: Queryable,
  user: AuthUser,
  market: CountryCode,
  tool: AdminToolKey,
  action: AdminAction,
  refusals: ToolRefusals = {},
): Promise<Abilities> {
  const name = ADMIN_TOOL_NAMES[tool];
  const settings = await loadMarketSettings(q, market);
  if (!toolInMarket(tool, settings)) {
    throw forbidden(
      refusals.notInMarket?.(market) ?? `${name} is not available in ${COUNTRIES[market].name}.`,
    );
  }
  if (!isAdmin(user)) throw forbidden(`${name} is open to the market’s admins only.`);
  const can = abilities(user, tool, settings);
  if (!can[action]) {
    throw forbidden(refusals.ruleFailed ?? `You may not ${action} in ${name} in ${COUNTRIES[market].name}.`);
  }
  return can;
}
