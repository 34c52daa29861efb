/** The answers of User Access: one user with what the caller may do and grant. */
import {
  ALL_ROLES,
  CD_VP_ROLE,
  chainFor,
  DT_OPERATOR_ROLE,
  SUPER_USER_ROLE,
  type CountryCode,
  type UserAccessDetail,
  type UserAccessGrantor,
} from '@fieldforce/contracts';
import type { DtOption, TargetUser } from './queries.js';

/** The roles offered in a market: the portal-wide ones, then the market's chain (all known roles). */
export function rolesFor(market: CountryCode, grantor: UserAccessGrantor, current: string): string[] {
  const roles = [
    ...(grantor.superUser ? [SUPER_USER_ROLE] : []),
    CD_VP_ROLE,
    ...chainFor(market).map((c) => c.role),
    DT_OPERATOR_ROLE,
  ];
  if (current && ALL_ROLES.includes(current) && !roles.includes(current)) roles.unshift(current);
  return [...new Set(roles)];
}

export function presentDetail(
  target: TargetUser,
  input: {
    self: boolean;
    refusal: string | null;
    grantor: UserAccessGrantor;
    market: CountryCode;
    dtOptions: DtOption[];
  },
): UserAccessDetail {
  const edit = input.refusal === null;
  return {
    user: {
      ...target.state,
      id: target.id,
      name: target.name,
      email: target.email,
      status: target.status,
      lastLoginAt: target.lastLoginAt?.toISOString() ?? null,
      deactivatedAt: target.deactivatedAt?.toISOString() ?? null,
      deactivatedByName: target.deactivatedByName,
      activeSessions: target.activeSessions,
    },
    can: { edit, deactivate: edit && !input.self, endSessions: edit && !input.self },
    refusal: input.refusal,
    grantor: input.grantor,
    roles: rolesFor(input.market, input.grantor, target.state.role),
    dtOptions: input.dtOptions,
  };
}
