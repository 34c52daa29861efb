import { z } from 'zod';
import type { CountryCode } from './countries.js';
import { CD_VP_ROLE, DT_OPERATOR_ROLE, SUPER_USER_ROLE } from './hierarchy.js';
import { hasAllDtAccess, splitList } from './users.js';

/**
 * Who may call a route, besides "signed in": spec section 6. `admin` is userType admin, `ucube` is
 * accessToUcube YES (with a role), `reports` is accessToOperationalDashboards YES, `superUser` is role
 * Super User with isSuperUser YES. A route listing several accepts any of them.
 */
export const ACCESS_ROLES = ['admin', 'ucube', 'reports', 'superUser'] as const;
export type AccessRole = (typeof ACCESS_ROLES)[number];
export const accessRoleSchema = z.enum(ACCESS_ROLES);

/** The fields of the user details the access rules read (profile call shape, spec section 3). */
export interface AccessSubject {
  role: string | null | undefined;
  userType: string | null | undefined;
  accessToUcube: 'YES' | 'NO' | boolean;
  accessToOperationalDashboards: 'YES' | 'NO' | boolean;
  isSuperUser: 'YES' | 'NO' | boolean;
  dtAccessCodes: string | null | undefined;
}

const yes = (v: 'YES' | 'NO' | boolean) => v === true || v === 'YES';

/** adminAccess: userType admin. */
export const adminAccess = (u: AccessSubject) => u.userType === 'admin';
/** ucubeAccess: accessToUcube YES and a role. */
export const ucubeAccess = (u: AccessSubject) => yes(u.accessToUcube) && Boolean(u.role);
/** opsReportAccess: accessToOperationalDashboards YES. */
export const opsReportAccess = (u: AccessSubject) => yes(u.accessToOperationalDashboards);
/** Only role Super User with isSuperUser YES may switch country or act in another market. */
export const superUserAccess = (u: AccessSubject) => yes(u.isSuperUser) && u.role === SUPER_USER_ROLE;
/** All distributors: super users, 'All (Super Access)', or no DT codes at all (spec section 6). */
export const allDtAccess = (u: AccessSubject) => superUserAccess(u) || hasAllDtAccess(u.dtAccessCodes);
/** Master reports and the DT access 'All' view: operational access plus all distributors. */
export const masterReportsAccess = (u: AccessSubject) => opsReportAccess(u) && allDtAccess(u);

export function hasAccessRole(u: AccessSubject, role: AccessRole): boolean {
  switch (role) {
    case 'admin':
      return adminAccess(u);
    case 'ucube':
      return ucubeAccess(u);
    case 'reports':
      return opsReportAccess(u);
    case 'superUser':
      return superUserAccess(u);
  }
}

/** The DT codes a user is limited to; empty when the user sees every distributor. */
export function dtCodesOf(u: AccessSubject): string[] {
  return allDtAccess(u) ? [] : splitList(u.dtAccessCodes);
}

/**
 * The DT scope, the one name for it on both sides: the DT codes the user is limited to, or null when
 * the user sees every distributor (allDtAccess). The server filters by it; the web shows it.
 */
export function dtScope(u: AccessSubject): string[] | null {
  return allDtAccess(u) ? null : splitList(u.dtAccessCodes);
}

/** The user may see this distributor (it is in their DT scope). */
export const inDtScope = (u: AccessSubject, dtCode: string) => {
  const scope = dtScope(u);
  return scope === null || scope.includes(dtCode);
};

// ---------------------------------------------------------------------------------------------
// Role → level (spec section 4: "a different mapping per country (bd, id, other)")
// ---------------------------------------------------------------------------------------------

/** Which role→level table a market uses. Indonesia IC shares Indonesia's hierarchy and table. */
export type LevelTable = 'bd' | 'id' | 'other';
export const LEVEL_TABLE_OF: Record<CountryCode, LevelTable> = {
  id: 'id',
  idic: 'id',
  vn: 'other',
  ph: 'other',
  th: 'other',
  pk: 'other',
  bd: 'bd',
};

/**
 * Level is the position of the role in its market's team chain (spec section 3), LEVEL1 at the top
 * (Super User / CD VP). The DT Operator sits at the distributor's place in the distributor chain,
 * LEVEL2, as the spec numbers it (Distributor LEVEL2, team lead LEVEL3, salesperson LEVEL4).
 * docs/decisions.md lists the three tables.
 */
export const ROLE_LEVELS: Record<LevelTable, Readonly<Record<string, string>>> = {
  id: {
    [SUPER_USER_ROLE]: 'LEVEL1',
    [CD_VP_ROLE]: 'LEVEL1',
    'Regional Sales Director': 'LEVEL2',
    'Area Sales Manager': 'LEVEL3',
    'Assistant Area Sales Manager': 'LEVEL4',
    'OM DSS': 'LEVEL5',
    Salesman: 'LEVEL6',
    [DT_OPERATOR_ROLE]: 'LEVEL2',
  },
  other: {
    [SUPER_USER_ROLE]: 'LEVEL1',
    [CD_VP_ROLE]: 'LEVEL1',
    'Branch Manager': 'LEVEL2',
    'Area Sales Manager': 'LEVEL3',
    Supervisor: 'LEVEL4',
    'Team Leader': 'LEVEL5',
    Salesman: 'LEVEL6',
    [DT_OPERATOR_ROLE]: 'LEVEL2',
  },
  bd: {
    [SUPER_USER_ROLE]: 'LEVEL1',
    [CD_VP_ROLE]: 'LEVEL1',
    'Regional Manager': 'LEVEL2',
    'Area Manager': 'LEVEL3',
    'Senior/Territory Manager': 'LEVEL4',
    'Operations Manager': 'LEVEL5',
    'Field Sale Executive': 'LEVEL6',
    'Sales Officer': 'LEVEL7',
    [DT_OPERATOR_ROLE]: 'LEVEL2',
  },
};

/** The level of a role in a market; unknown roles get the top of the chain, as they get the CD VP chain. */
export function levelForRole(role: string | null | undefined, country: CountryCode): string {
  const table = ROLE_LEVELS[LEVEL_TABLE_OF[country]];
  return (role && table[role]) || 'LEVEL1';
}
