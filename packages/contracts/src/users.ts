import { z } from 'zod';

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
