/**
 * Who may see and add merchandizing images: admins of the market where Merchandizing Sets is on (the
 * isCDA flag), through lib/policies' tool rule; adding images changes market-wide displays, so it needs
 * an admin of all the market's distributors (a DT-limited admin may look, not upload).
 */
import type { Abilities } from '@fieldforce/contracts';
import { forbidden } from '../../lib/errors.js';
import { assertAdminTool, dtScope, type AdminAction } from '../../lib/policies/index.js';
import type { AuthUser } from '../../lib/policy.js';
import type { RouteContext } from '../../lib/route.js';

export const MARKET_WIDE_REFUSAL =
  'Display images are market-wide: adding them needs an admin of all the market’s distributors.';

/** Adding images: an admin with no DT limit (the tool's own rule is checked by assertAdminTool / can). */
export const mayAddImages = (user: AuthUser): boolean => dtScope(user) === null;

export async function assertMerchImages(
  ctx: Pick<RouteContext, 'db' | 'user' | 'market'>,
  action: AdminAction,
): Promise<Abilities> {
  const can = await assertAdminTool(ctx.db, ctx.user, ctx.market, 'merchandizingSets', action);
  const wide = mayAddImages(ctx.user);
  if (action === 'upload' && !wide) throw forbidden(MARKET_WIDE_REFUSAL);
  return { ...can, upload: can.upload && wide };
}
