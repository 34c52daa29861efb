/**
 * Who may see and add merchandizing images: Merchandizing Sets' policy (policy.ts: admins of the market
 * where the isCDA flag is on, through lib/policies). Adding images changes market-wide displays, so it
 * needs what defining sets and displays needs: an admin of all the market's distributors (a DT-limited
 * admin may look, not upload).
 */
import type { Abilities } from '@fieldforce/contracts';
import { forbidden } from '../../lib/errors.js';
import type { AdminAction } from '../../lib/policies/index.js';
import type { AuthUser } from '../../lib/policy.js';
import type { RouteContext } from '../../lib/route.js';
import { assertMerch, mayDefine } from './policy.js';

export const MARKET_WIDE_IMAGES_REFUSAL =
  'Display images are market-wide: adding them needs an admin of all the market’s distributors.';

/** Adding images: an admin with no DT limit (the tool's own rule is checked by assertMerch / can). */
export const mayAddImages = (user: AuthUser): boolean => mayDefine(user);

export async function assertMerchImages(
  ctx: Pick<RouteContext, 'db' | 'user' | 'market'>,
  action: AdminAction,
): Promise<Abilities> {
  const can = await assertMerch(ctx.db, ctx.user, ctx.market, action);
  const wide = mayAddImages(ctx.user);
  if (action === 'upload' && !wide) throw forbidden(MARKET_WIDE_IMAGES_REFUSAL);
  return { ...can, upload: can.upload && wide };
}
