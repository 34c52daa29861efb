/** Who may read or act on which user account. */
import { inMarket, isSuperUser, type AuthUser } from '../../lib/policy.js';
import type { UserDetailsRow } from './queries.js';

/** A user reads their own profile; a Super User may read anyone's. */
export const canReadProfile = (viewer: AuthUser, email: string) =>
  email === viewer.email || isSuperUser(viewer);

/** Admins (re)invite invited users of the market they act in. */
export function canInvite(admin: AuthUser, target: UserDetailsRow, market: string): boolean {
  const targetMarkets = target.country_codes.split(',').map((c) => c.trim());
  return target.status === 'invited' && targetMarkets.includes(market) && inMarket(admin, market);
}
