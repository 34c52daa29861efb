/**
 * Who may read which UCube node (spec section 6): each viewer sees the chain from their own level
 * downward, inside their market and DT scope. A node outside that (or unknown) is refused with 403,
 * so the answer does not tell whether it exists.
 */
import { chainIndexOf, sortBsa, type CountryCode } from '@fieldforce/contracts';
import type { Queryable } from '../../db/client.js';
import { coded, forbidden } from '../../lib/errors.js';
import { inDtScope, type AuthUser } from '../../lib/policy.js';
import { anySalesman, memberInReach, type MemberNode } from './queries.js';

export interface Viewer {
  user: AuthUser;
  market: CountryCode;
  /** The caller's node in the market's hierarchy; null for Super User, CD VP, admins and DT operators. */
  member: MemberNode | null;
  /** The caller's DT codes; null when they see every distributor. */
  dtCodes: string[] | null;
}

/** A field title without a node in this market has no subtree to show. */
export function assertHasPlace(user: AuthUser, market: CountryCode, member: MemberNode | null): void {
  if (!member && chainIndexOf(user.role, market) >= 0) {
    throw coded('FORBIDDEN', 'ucube.noHierarchyPlace');
  }
}

export const viewerScope = (v: Viewer) => ({
  market: v.market,
  dtCodes: v.dtCodes,
  underMembers: [v.member?.id ?? null],
});

/** A member below the caller, with at least one salesman inside the caller's DT scope. */
export async function canSeeMember(db: Queryable, v: Viewer, target: MemberNode): Promise<boolean> {
  if (v.member) {
    if (target.id === v.member.id) return true;
    if (target.level_index <= v.member.level_index) return false;
  }
  if (target.dt_code && !inDtScope(v.user, target.dt_code)) return false;
  return memberInReach(db, {
    market: v.market,
    dtCodes: v.dtCodes,
    viewerMemberId: v.member?.id ?? null,
    targetId: target.id,
  });
}

/** A distributor of the caller's DT scope with salesmen in the caller's subtree. */
export async function canSeeDistributor(db: Queryable, v: Viewer, dtCode: string): Promise<boolean> {
  if (!inDtScope(v.user, dtCode)) return false;
  return anySalesman(db, { ...viewerScope(v), dtCode });
}

/**
 * The BSA the answer is filtered by: the one asked for, which must be one of the caller's, else the
 * caller's first (spec section 4 order). Callers without any may pick any.
 */
export function selectBsa(own: readonly string[], market: CountryCode, asked: string | undefined): string {
  const sorted = sortBsa(own, market);
  if (asked) {
    if (sorted.length > 0 && !sorted.includes(asked)) {
      throw forbidden(`${asked} is not one of your business scope assignments.`);
    }
    return asked;
  }
  return sorted[0] ?? 'Distributor';
}
