/**
 * Shared predicates of the access rules (spec section 6). Each domain's policy module combines these;
 * list queries put `dtScopeSql` / `marketScopeSql` into their WHERE clause so a user outside the scope
 * simply matches no row.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  adminAccess,
  allDtAccess,
  dtScope,
  hasAccessRole,
  inDtScope,
  masterReportsAccess,
  opsReportAccess,
  superUserAccess,
  ucubeAccess,
  type AccessRole,
  type AccessSubject,
  type CountryCode,
  type LoginType,
} from '@fieldforce/contracts';

/** Who may call a route: every API route declares one in `config.access` (plugins/auth.ts enforces it). */
export interface RouteAccess {
  /** No token needed (and none is read). */
  public?: boolean;
  /** Any of these roles; omitted or empty: any signed-in user. */
  roles?: readonly AccessRole[];
  /**
   * 'own' (default): a market named by the request (`countryCode` query or header) must be one of the
   * user's, unless the user is a Super User. 'any': the route does not act on a market.
   */
  market?: 'own' | 'any';
  /** Reachable while the password is expired (the change-password screen and what it needs). */
  allowExpiredPassword?: boolean;
  /** Reachable with a token whose device session has ended (checkActiveStatus, logout). */
  allowEndedSession?: boolean;
  /** A GET that changes state (the spec's GET logout): cookie-only callers need the CSRF header too. */
  changesState?: boolean;
}

/** The signed-in user as the access rules see it (loaded with the device session on every request). */
export interface AuthUser extends AccessSubject {
  id: string;
  email: string;
  name: string;
  role: string;
  userType: string;
  accessToUcube: boolean;
  accessToOperationalDashboards: boolean;
  isSuperUser: boolean;
  dtAccessCodes: string;
  countryCodes: CountryCode[];
  homeCountryCode: CountryCode;
  status: string;
  passwordChangedAt: Date | null;
  /**
   * The business scope assignments in the user's order, loaded with the user on every request (the
   * sign-in queries always set it; hand-built users in tests may leave it out).
   */
  bsa?: readonly string[];
}

export interface AuthSession {
  id: string;
  deviceId: string;
  loginType: LoginType;
  mfa: boolean;
  createdAt: Date;
  endedAt: Date | null;
  endReason: string | null;
}

export interface AuthContext {
  user: AuthUser;
  session: AuthSession;
  /** Where the id token came from; cookie-only callers are held to the CSRF rule. */
  tokenSource: 'header' | 'query' | 'cookie';
}

export const isAdmin = (u: AuthUser) => adminAccess(u);
export const isSuperUser = (u: AuthUser) => superUserAccess(u);
export const hasUcube = (u: AuthUser) => ucubeAccess(u);
export const hasReports = (u: AuthUser) => opsReportAccess(u);
export const hasMasterReports = (u: AuthUser) => masterReportsAccess(u);
export const hasRole = (u: AuthUser, role: AccessRole) => hasAccessRole(u, role);

/** The user may act in this market: one of theirs, or any for a Super User. */
export const inMarket = (u: AuthUser, market: string) =>
  isSuperUser(u) || (u.countryCodes as readonly string[]).includes(market);

/** The DT scope (null: every distributor) and its membership test: one definition, in contracts. */
export { allDtAccess, dtScope, inDtScope };

/**
 * A WHERE condition limiting `column` (a trusted column name, never user input) to the user's DT
 * codes, for raw SQL. Pushes its parameter onto `params` and refers to it by position.
 *   const params: unknown[] = [market];
 *   const where = `country_code = $1 AND ${dtScopeSql(user, 'dt_code', params)}`;
 */
export function dtScopeSql(u: AuthUser, column: string, params: unknown[]): string {
  const codes = dtScope(u);
  if (codes === null) return 'TRUE';
  if (codes.length === 0) return 'FALSE';
  params.push(codes);
  return `${column} = ANY($${params.length}::text[])`;
}

/** The same condition for Drizzle queries. */
export function dtScopeWhere(u: AuthUser, column: AnyPgColumn): SQL {
  const codes = dtScope(u);
  if (codes === null) return sql`TRUE`;
  if (codes.length === 0) return sql`FALSE`;
  return sql`${column} = ANY(${codes}::text[])`;
}

/** The user's markets as a WHERE condition (for lists that span markets). */
export function marketScopeSql(u: AuthUser, column: string, params: unknown[]): string {
  if (isSuperUser(u)) return 'TRUE';
  params.push(u.countryCodes);
  return `${column} = ANY($${params.length}::text[])`;
}
