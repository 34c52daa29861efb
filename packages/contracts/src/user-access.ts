/**
 * User Access Management (/useraccess, issue 13): the market's users as an admin table (list, filters,
 * export), one user's access with what the caller may grant, the edit of role, access flags, admin
 * right, Super User right, DT access codes, BSAs and markets, deactivation / reactivation and "end
 * sessions". The rules of spec section 6 are `userAccessRefusals` below: the server enforces them
 * (with the checks against the data: DT codes that exist), and the web's edit panel shows the same
 * refusals before Save. The bulk upload (POST fb/users) is another module.
 */
import { z } from 'zod';
import { tablePageSchema, tableQuerySchema } from './admin.js';
import { countryCodeSchema } from './countries.js';
import { ALL_ROLES, SUPER_USER_ROLE } from './hierarchy.js';
import { ALL_DT_ACCESS, BSA_VALUES } from './users.js';

export const USER_ACCESS_API = '/api/admin/userAccess';

export const USER_STATUSES = ['active', 'invited', 'disabled'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

const commaList = z.string().max(2000).optional();
const oneOrZero = z.enum(['0', '1']).optional();
const day = z.string().max(10).optional();

/** GET …/userAccess/list, …/filterResult and …/fileExport. */
export const userAccessQuerySchema = tableQuerySchema.extend({
  /** A name or email contains this (case-insensitive). */
  filter_search: z.string().max(100).optional(),
  /** Roles, comma-separated (exact names). */
  filter_role: commaList,
  filter_ucube: oneOrZero,
  filter_reports: oneOrZero,
  filter_admin: oneOrZero,
  /** Users holding any of these DT codes (at most 10). */
  filter_dt_code: commaList,
  /** active, invited, disabled (deactivated); comma-separated. */
  filter_status: commaList,
  /** Last sign-in on or after / on or before this day of the market's calendar (YYYY-MM-DD). */
  filter_last_login_from: day,
  filter_last_login_to: day,
});
export type UserAccessQuery = z.infer<typeof userAccessQuerySchema>;

const flag = z.union([z.literal(0), z.literal(1)]);

export const userAccessRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.string(),
  accessToUcube: flag,
  accessToOperationalDashboards: flag,
  admin: flag,
  superUser: flag,
  /** Comma-separated, as stored (may be 'All (Super Access)'; empty means every distributor). */
  dtAccessCodes: z.string(),
  /** The BSAs in the user's order, comma-separated. */
  bsa: z.string(),
  markets: z.string(),
  lastLoginAt: z.string().nullable(),
  status: z.enum(USER_STATUSES),
  deactivatedAt: z.string().nullable(),
});
export type UserAccessRow = z.infer<typeof userAccessRowSchema>;
export const userAccessPageSchema = tablePageSchema(userAccessRowSchema);
export type UserAccessPage = z.infer<typeof userAccessPageSchema>;

// ---------------------------------------------------------------------------------------------
// One user's access and what the caller may grant
// ---------------------------------------------------------------------------------------------

/** A user's access as the edit panel shows and changes it. */
export const userAccessStateSchema = z.object({
  role: z.string().min(1).max(80),
  accessToUcube: z.boolean(),
  accessToOperationalDashboards: z.boolean(),
  /** userType admin. */
  isAdmin: z.boolean(),
  isSuperUser: z.boolean(),
  /** DT codes, or ['All (Super Access)']; [] also means every distributor (spec section 6). */
  dtAccessCodes: z.array(z.string().min(1).max(50)).max(500),
  bsa: z.array(z.string().min(1).max(50)).max(10),
  markets: z.array(countryCodeSchema).max(7),
});
export type UserAccessState = z.infer<typeof userAccessStateSchema>;

/** What the caller may grant (spec section 6: an admin cannot grant what they do not have). */
export const userAccessGrantorSchema = z.object({
  superUser: z.boolean(),
  ucube: z.boolean(),
  reports: z.boolean(),
  /** The caller's DT codes; null: every distributor ('All (Super Access)' or a Super User). */
  dtCodes: z.array(z.string()).nullable(),
  markets: z.array(countryCodeSchema),
  bsa: z.array(z.string()),
});
export type UserAccessGrantor = z.infer<typeof userAccessGrantorSchema>;

export const userAccessDetailSchema = z.object({
  user: userAccessStateSchema.extend({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    status: z.enum(USER_STATUSES),
    lastLoginAt: z.string().nullable(),
    deactivatedAt: z.string().nullable(),
    deactivatedByName: z.string().nullable(),
    /** Device sessions still open. */
    activeSessions: z.number().int(),
  }),
  /** Whether the caller may change this user at all, and why not (an English sentence). */
  can: z.object({ edit: z.boolean(), deactivate: z.boolean(), endSessions: z.boolean() }),
  refusal: z.string().nullable(),
  grantor: userAccessGrantorSchema,
  /** The roles that may be chosen (the target market's chain and the portal-wide roles). */
  roles: z.array(z.string()),
  /** The distributors of the caller's markets the caller may grant, with names. */
  dtOptions: z.array(z.object({ code: z.string(), name: z.string(), countryCode: z.string() })),
});
export type UserAccessDetail = z.infer<typeof userAccessDetailSchema>;

/** GET …/userAccess/user?userId=… */
export const userAccessUserQuerySchema = z.object({
  countryCode: countryCodeSchema.optional(),
  userId: z.string().min(1).max(64),
});

/** PUT …/userAccess: the fields given change, the others stay. */
export const updateUserAccessSchema = userAccessStateSchema.partial().extend({
  userId: z.string().min(1).max(64),
});
export type UpdateUserAccess = z.infer<typeof updateUserAccessSchema>;

/** POST …/userAccess/deactivate, …/reactivate, …/endSessions. */
export const userActionSchema = z.object({ userId: z.string().min(1).max(64) });
export const userActionResultSchema = userAccessDetailSchema.extend({
  /** Sessions this call ended. */
  endedSessions: z.number().int(),
});
export type UserActionResult = z.infer<typeof userActionResultSchema>;

/** Audit actions of the tool (tool 'userAccess', target the user's email). */
export const USER_ACCESS_ACTIONS = {
  update: 'user.access.update',
  deactivate: 'user.deactivate',
  reactivate: 'user.reactivate',
  endSessions: 'user.sessions.end',
} as const;

// ---------------------------------------------------------------------------------------------
// The rules (spec section 6), shared by the server and the edit panel
// ---------------------------------------------------------------------------------------------

/** Codes → English text with {params}; the web translates by code. */
export const USER_ACCESS_MESSAGES = {
  TARGET_MARKET_NOT_HELD: 'This user also belongs to {market}, a market you do not hold.',
  TARGET_DT_OUT_OF_SCOPE: 'This user reaches distributors outside yours.',
  MARKET_NOT_HELD: 'You cannot give access to {market}: you do not hold that market.',
  MARKETS_REQUIRED: 'A user needs at least one market.',
  DT_OUT_OF_SCOPE: 'You cannot give DT code {code}: it is outside your distributors.',
  DT_ALL_NOT_HELD: "Only an admin with 'All (Super Access)' may give access to every distributor.",
  DT_UNKNOWN: 'DT code {code} is not a distributor of the user’s markets.',
  SUPER_USER_ONLY: 'Only a Super User may grant Super User rights.',
  UCUBE_NOT_HELD: 'You cannot grant UCube access: you do not have it.',
  REPORTS_NOT_HELD: 'You cannot grant reports access: you do not have it.',
  BSA_UNKNOWN: '{bsa} is not a business scope assignment.',
  BSA_NOT_HELD: 'You cannot grant the BSA {bsa}: you do not hold it.',
  ROLE_UNKNOWN: '{role} is not a known role.',
  OWN_ADMIN: 'You cannot remove your own admin right.',
  SELF_ACTION: 'You cannot deactivate yourself or end your own sessions here.',
  USER_NOT_FOUND: 'No user {userId} in this market.',
} as const;
export type UserAccessMessageCode = keyof typeof USER_ACCESS_MESSAGES;

export interface UserAccessRefusal {
  /** The state's field the refusal is about ('user' for the user as a whole). */
  field: keyof UserAccessState | 'user';
  code: UserAccessMessageCode;
  params?: Record<string, string>;
}

export function userAccessMessage(r: Pick<UserAccessRefusal, 'code' | 'params'>): string {
  return USER_ACCESS_MESSAGES[r.code].replace(/\{(\w+)\}/g, (_, k: string) => r.params?.[k] ?? `{${k}}`);
}

/** DT codes as one stored field: 'All (Super Access)' alone when it is among them; order kept. */
export function normaliseDtCodes(codes: readonly string[]): string[] {
  const clean = [...new Set(codes.map((c) => c.trim()).filter((c) => c.length > 0))];
  return clean.includes(ALL_DT_ACCESS) ? [ALL_DT_ACCESS] : clean;
}

/** A user's DT codes reach every distributor: none given, or 'All (Super Access)'. */
export const reachesAllDts = (codes: readonly string[]) =>
  codes.length === 0 || codes.includes(ALL_DT_ACCESS);

/** The user's access is within the grantor's reach (markets and DT codes): else why not. */
export function targetRefusals(grantor: UserAccessGrantor, target: UserAccessState): UserAccessRefusal[] {
  const out: UserAccessRefusal[] = [];
  if (!grantor.superUser) {
    const foreign = target.markets.find((m) => !grantor.markets.includes(m));
    if (foreign) out.push({ field: 'user', code: 'TARGET_MARKET_NOT_HELD', params: { market: foreign } });
  }
  if (grantor.dtCodes !== null) {
    const mine = grantor.dtCodes;
    if (reachesAllDts(target.dtAccessCodes) || target.dtAccessCodes.some((c) => !mine.includes(c))) {
      out.push({ field: 'user', code: 'TARGET_DT_OUT_OF_SCOPE' });
    }
  }
  return out;
}

/**
 * Why a change of `before` into `after` is refused (empty: allowed), spec section 6: the target must
 * be within the grantor's markets and DT codes; what is newly given (a market, DT codes, UCube or
 * reports access, a BSA, Super User rights) must be the grantor's own; roles and BSAs must be known;
 * an admin keeps their own admin right. Removing access is always allowed. Data checks (DT codes
 * that exist) are the server's.
 */
export function userAccessRefusals(
  grantor: UserAccessGrantor,
  before: UserAccessState,
  after: UserAccessState,
  options: { self: boolean },
): UserAccessRefusal[] {
  const out = targetRefusals(grantor, before);
  const added = <T>(now: readonly T[], was: readonly T[]) => now.filter((v) => !was.includes(v));

  if (after.markets.length === 0) out.push({ field: 'markets', code: 'MARKETS_REQUIRED' });
  if (!grantor.superUser) {
    for (const market of added(after.markets, before.markets)) {
      if (!grantor.markets.includes(market))
        out.push({ field: 'markets', code: 'MARKET_NOT_HELD', params: { market } });
    }
  }

  const dts = normaliseDtCodes(after.dtAccessCodes);
  const was = normaliseDtCodes(before.dtAccessCodes);
  const dtChanged = dts.length !== was.length || dts.some((c, i) => c !== was[i]);
  if (grantor.dtCodes !== null && dtChanged) {
    if (reachesAllDts(dts)) out.push({ field: 'dtAccessCodes', code: 'DT_ALL_NOT_HELD' });
    for (const code of dts) {
      if (code !== ALL_DT_ACCESS && !grantor.dtCodes.includes(code))
        out.push({ field: 'dtAccessCodes', code: 'DT_OUT_OF_SCOPE', params: { code } });
    }
  }

  if (!ALL_ROLES.includes(after.role)) {
    out.push({ field: 'role', code: 'ROLE_UNKNOWN', params: { role: after.role } });
  }
  const superNow = after.isSuperUser && !before.isSuperUser;
  const superRoleNow = after.role === SUPER_USER_ROLE && before.role !== SUPER_USER_ROLE;
  if (!grantor.superUser && (superNow || superRoleNow)) {
    out.push({ field: after.isSuperUser && superNow ? 'isSuperUser' : 'role', code: 'SUPER_USER_ONLY' });
  }
  if (after.accessToUcube && !before.accessToUcube && !grantor.ucube) {
    out.push({ field: 'accessToUcube', code: 'UCUBE_NOT_HELD' });
  }
  if (after.accessToOperationalDashboards && !before.accessToOperationalDashboards && !grantor.reports) {
    out.push({ field: 'accessToOperationalDashboards', code: 'REPORTS_NOT_HELD' });
  }
  for (const bsa of added(after.bsa, before.bsa)) {
    if (!(BSA_VALUES as readonly string[]).includes(bsa))
      out.push({ field: 'bsa', code: 'BSA_UNKNOWN', params: { bsa } });
    else if (!grantor.superUser && !grantor.bsa.includes(bsa))
      out.push({ field: 'bsa', code: 'BSA_NOT_HELD', params: { bsa } });
  }
  if (options.self && before.isAdmin && !after.isAdmin) out.push({ field: 'isAdmin', code: 'OWN_ADMIN' });
  return out;
}
