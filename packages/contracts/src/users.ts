import { z } from 'zod';
import { countryCodeSchema } from './countries.js';

export const yesNoSchema = z.enum(['YES', 'NO']);
export type YesNo = z.infer<typeof yesNoSchema>;

export const ALL_DT_ACCESS = 'All (Super Access)';

/** Business scope assignments, in the default sort order (the first is the user's selected BSA). */
export const BSA_VALUES = ['Distributor', 'New Channel', 'Ice Cream'] as const;
export type Bsa = (typeof BSA_VALUES)[number];
const BSA_ORDER_DEFAULT: readonly string[] = BSA_VALUES;
const BSA_ORDER_IDIC: readonly string[] = ['Ice Cream', 'Distributor', 'New Channel'];

/**
 * Sorts a BSA list: Distributor, New Channel, Ice Cream; in idic (Indonesia Ice Cream) Ice Cream,
 * Distributor, New Channel. Unknown values keep their place at the end.
 */
export function sortBsa(list: readonly string[], countryCode: string): string[] {
  const order = countryCode === 'idic' ? BSA_ORDER_IDIC : BSA_ORDER_DEFAULT;
  const rank = (v: string) => {
    const i = order.indexOf(v);
    return i === -1 ? order.length : i;
  };
  return [...list].sort((a, b) => rank(a) - rank(b));
}

/** User details as the profile call returns them (spec section 3). */
export const userDetailsSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.string(),
  userType: z.string(),
  accessToUcube: yesNoSchema,
  accessToOperationalDashboards: yesNoSchema,
  isSuperUser: yesNoSchema,
  dtAccessCodes: z.string(),
  countryCode: z.string(),
  bsa: z.array(z.string()),
  lastLoginAt: z.string().nullable(),
});
export type UserDetails = z.infer<typeof userDetailsSchema>;

export const DEFAULT_ROLE = 'CD VP';

export function hasAllDtAccess(dtAccessCodes: string | null | undefined): boolean {
  const codes = splitList(dtAccessCodes);
  return codes.length === 0 || codes.includes(ALL_DT_ACCESS);
}

/** Splits a comma-separated field, trimming blanks. */
export function splitList(value: string | null | undefined): string[] {
  if (!value) return [];
  return value
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

export const DEMO_PASSWORD = 'fieldforce-demo-2026';

// ---------------------------------------------------------------------------------------------
// User access bulk upload (POST fb/users, POST fb/users?userType=salesman) and Add Salesman BG Mapping
// ---------------------------------------------------------------------------------------------

/** The upload's user types (spec section 6: "Upload user types: user and salesman"). */
export const UPLOAD_USER_TYPES = ['user', 'salesman'] as const;
export type UploadUserType = (typeof UPLOAD_USER_TYPES)[number];

/** The user template's columns, in order (a file whose header differs: Invalid Template). */
export const USER_UPLOAD_HEADERS = [
  'Email',
  'Name',
  'Role',
  'User Type',
  'Access To UCube',
  'Access To Operational Dashboards',
  'Super User',
  'DT Access Codes',
  'Country Codes',
  'BSA',
] as const;

/** The salesman template's columns, in order. */
export const SALESMAN_UPLOAD_HEADERS = [
  'DT Code',
  'DT Site Code',
  'SM Code',
  'Salesman Name',
  'Phone number',
  'Email',
] as const;

/** What each column takes: the template's Notes sheet and the docs say the same. */
export const USER_UPLOAD_NOTES: Record<(typeof USER_UPLOAD_HEADERS)[number], string> = {
  Email:
    'Required. The user’s email (name@domain.com, a 2-4 letter ending); a known email updates that user.',
  Name: 'Required. The user’s full name.',
  Role: 'Required. One of the portal’s roles (Super User, CD VP, Regional Sales Director, Area Sales Manager, …).',
  'User Type': 'Required. admin or user.',
  'Access To UCube': 'Required. YES or NO.',
  'Access To Operational Dashboards': 'Required. YES or NO.',
  'Super User': 'Required. YES or NO (only a Super User may grant YES).',
  'DT Access Codes':
    'DT codes of the market, separated by commas, or "All (Super Access)"; blank means all distributors.',
  'Country Codes':
    'Market codes separated by commas (vn, id, idic, ph, th, pk, bd); blank means this market.',
  BSA: 'Distributor, New Channel and/or Ice Cream, separated by commas; may be blank.',
};

export const SALESMAN_UPLOAD_NOTES: Record<(typeof SALESMAN_UPLOAD_HEADERS)[number], string> = {
  'DT Code': 'Required. A DT code of the market, inside your distributors.',
  'DT Site Code': 'Required. A site of that DT code, with a team leader.',
  'SM Code': 'Required. The salesman’s code; a known code updates that salesman.',
  'Salesman Name': 'Required. The salesman’s full name.',
  'Phone number': 'Required. Digits, with or without the market’s dial code.',
  Email: 'Required for a new salesman (their sign-in); may be blank when updating.',
};

/** The spec's email pattern (section 5: an email with a 2-4 letter ending). */
export const UPLOAD_EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,4}$/;

/** Upload limits of the modal (spec sections 5 and 9): shown, not enforced by the modal. */
export const USER_UPLOAD_MAX_BYTES = 25 * 1024 * 1024;
export const USER_UPLOAD_EXTENSIONS = ['.xlsx', '.xml'] as const;
/** The fake progress of a chosen file (spec section 9) and the empty-upload message's life. */
export const USER_UPLOAD_PROGRESS_MS = 2000;
export const USER_UPLOAD_NO_FILE_MS = 1000;
export const USER_UPLOAD_TOAST_MS = 5000;

/**
 * The upload's messages, by IMPORT_MESSAGES code (admin.ts spreads these in): the spec's own words
 * where it gives them (its misspelling 'incoreect' included), the row rules' words otherwise.
 */
export const USER_UPLOAD_MESSAGES = {
  USER_FILE_INCORRECT:
    'There may be duplicate entries or incoreect in the xls. Please check and upload again.',
  USER_FILE_EXISTS: 'File "{name}" already exists.',
  USER_NO_FILE: 'Please select a file before uploading.',
  USER_UPLOAD_SUCCESS: 'User access data is successfully updated',
  USER_EMAIL_INVALID: 'Email in row number {row} is not a valid email address',
  USER_EMAIL_DUPLICATE: 'Duplicate records for Email in row number {row}',
  USER_ROLE_UNKNOWN: 'Role in row number {row} is not a known role',
  USER_TYPE_INVALID: 'User Type in row number {row} should be admin or user',
  USER_YES_NO: '{header} in row number {row} should be YES or NO',
  USER_BSA_UNKNOWN: 'BSA in row number {row} should be Distributor, New Channel or Ice Cream',
  USER_MARKET_OUT_OF_SCOPE: 'Country code {code} in row number {row} is not one of your markets',
  USER_DT_NOT_IN_MARKET: 'DT code {code} in row number {row} is not present in the portal',
  USER_DT_OUT_OF_SCOPE: 'DT code {code} in row number {row} is outside your distributors',
  USER_GRANT_REFUSED: 'Row number {row} gives {right}, which you do not have',
  USER_NOT_EDITABLE: 'The user in row number {row} is outside your markets or has rights you do not have',
  SALESMAN_NO_TEAM_LEADER: 'DT Site Code in row number {row} has no team leader for the salesman',
  SALESMAN_EMAIL_TAKEN: 'Email in row number {row} already belongs to another user',
  SALESMAN_EMAIL_REQUIRED: 'Email is required for the new salesman in row number {row}',
} as const;

/** POST fb/users answers response-data 'success' (spec section 7). */
export const userUploadResultSchema = z.literal('success');

export const userUploadQuerySchema = z.object({
  countryCode: countryCodeSchema.optional(),
  userType: z.enum(UPLOAD_USER_TYPES).optional(),
  /** Validate only: answer the preview counts and change nothing. */
  preview: z.enum(['true', 'false']).optional(),
});

/** Business groups a salesman may be mapped to ('Add Salesman BG Mapping'). */
export const BUSINESS_GROUPS = BSA_VALUES;

export const salesmanBgMappingRequestSchema = z.object({
  smCode: z.string().trim().min(1).max(64),
  businessGroups: z
    .array(z.enum(BUSINESS_GROUPS))
    .min(1, 'choose at least one business group')
    .max(BUSINESS_GROUPS.length)
    .refine((list) => new Set(list).size === list.length, 'a business group is listed twice'),
});
export type SalesmanBgMappingRequest = z.infer<typeof salesmanBgMappingRequestSchema>;

export const salesmanBgMappingSchema = z.object({
  smCode: z.string(),
  name: z.string(),
  dtCode: z.string(),
  businessGroups: z.array(z.string()),
  updatedAt: z.string().nullable(),
});
export type SalesmanBgMapping = z.infer<typeof salesmanBgMappingSchema>;
