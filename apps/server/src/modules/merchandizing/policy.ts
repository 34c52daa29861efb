/**
 * Who may use Merchandizing Sets: lib/policies' admin rule (admins of the market, only where the
 * market's isCDA flag is on: vn). On top of it (docs/decisions.md, "Merchandizing Sets"): sets,
 * displays and versions are market-wide definitions, so creating or changing them (and their uploads)
 * needs an admin of all the market's distributors; an admin limited to some DT codes reads every set
 * and assigns outlets of their own distributors only, and sees the outlet list and the compliance of
 * those outlets only.
 */
import type { Abilities, CountryCode, MerchAbilities } from '@fieldforce/contracts';
import type { Queryable } from '../../db/client.js';
import { forbidden } from '../../lib/errors.js';
import { assertAdminTool, type AdminAction } from '../../lib/policies/index.js';
import { dtScope, type AuthUser } from '../../lib/policy.js';

export const MERCH_TOOL = 'merchandizingSets';

export const MARKET_WIDE_REFUSAL =
  'Sets and displays are market-wide: creating or changing them is open to admins of all the market’s distributors.';

export const assertMerch = (
  q: Queryable,
  user: AuthUser,
  market: CountryCode,
  action: AdminAction,
): Promise<Abilities> => assertAdminTool(q, user, market, MERCH_TOOL, action);

/** Whether the caller may define sets and displays (no DT limit). */
export const mayDefine = (user: AuthUser): boolean => dtScope(user) === null;

export const merchAbilities = (can: Abilities, user: AuthUser): MerchAbilities => ({
  ...can,
  define: can.edit && mayDefine(user),
  assign: can.edit,
});

/** The tool's 'edit' ability and no DT limit: else 403 saying why. */
export async function assertDefine(q: Queryable, user: AuthUser, market: CountryCode): Promise<Abilities> {
  const can = await assertMerch(q, user, market, 'edit');
  if (!mayDefine(user)) throw forbidden(MARKET_WIDE_REFUSAL);
  return can;
}
