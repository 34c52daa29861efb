/**
 * Salesman Device ID (/salesmandeviceid, issue 12): the salesmen of the market with the device ID
 * their mobile app is bound to, the market-level switch of SM Device ID validation, the update and
 * delete of one salesman's device ID, the search by SM codes or phone numbers, the export and the
 * bulk-update CSV. Markets whose salesmandeviceid flag is on. Shapes shared with every admin tool
 * (page, abilities, imports) are in admin.ts.
 */
import { z } from 'zod';
import { tablePageSchema, tableQuerySchema } from './admin.js';
import { countryCodeSchema } from './countries.js';

/** The routes (the spec names none for this tool): /api/admin/salesmanDeviceId/… */
export const SALESMAN_DEVICE_API = '/api/admin/salesmanDeviceId';

/** Filter parameters of the list and export calls (the spec's filter_* naming, section 9). */
export const SALESMAN_DEVICE_FILTER_KEYS = [
  'filter_dt_code',
  'filter_sm_code',
  'filter_phone_number',
] as const;
export type SalesmanDeviceFilterKey = (typeof SALESMAN_DEVICE_FILTER_KEYS)[number];

const commaList = z.string().max(2000).optional();

/** GET …/salesmanDeviceId/list (no filters), …/filterResult and …/fileExport. */
export const salesmanDeviceQuerySchema = tableQuerySchema.extend({
  filter_dt_code: commaList,
  /** SM codes, at most 10 (spec section 5's search lists). */
  filter_sm_code: commaList,
  /** Phone numbers, at most 10, with or without the market's dial code (normalisePhone). */
  filter_phone_number: commaList,
});
export type SalesmanDeviceQuery = z.infer<typeof salesmanDeviceQuerySchema>;

export const salesmanDeviceRowSchema = z.object({
  dtCode: z.string(),
  dtName: z.string(),
  dtSiteCode: z.string(),
  dtSiteName: z.string(),
  smCode: z.string(),
  salesmanName: z.string(),
  phone: z.string(),
  /** Null: no device is mapped (the salesman's next sign-in on the app binds one). */
  deviceId: z.string().nullable(),
  updatedAt: z.string().nullable(),
  updatedByName: z.string().nullable(),
});
export type SalesmanDeviceRow = z.infer<typeof salesmanDeviceRowSchema>;
export const salesmanDevicePageSchema = tablePageSchema(salesmanDeviceRowSchema);
export type SalesmanDevicePage = z.infer<typeof salesmanDevicePageSchema>;

/** GET …/salesmanDeviceId/settings: the market-level switch and the dial code the phone search uses. */
export const salesmanDeviceSettingsSchema = z.object({
  /** Whether the salesman app checks the device ID at sign-in (SM Device ID validation). */
  validationEnabled: z.boolean(),
  /** The market's dial code (+84): phone numbers are searched with or without it. */
  dialCode: z.string(),
  updatedAt: z.string().nullable(),
  updatedByName: z.string().nullable(),
});
export type SalesmanDeviceSettings = z.infer<typeof salesmanDeviceSettingsSchema>;

/** PUT …/salesmanDeviceId/settings: enable or disable SM Device ID validation for the market. */
export const saveSalesmanDeviceSettingsSchema = z.object({ validationEnabled: z.boolean() });

/**
 * A device ID: 1 to 64 characters, letters, digits and - _ : . only (Android IDs, IMEIs, UUIDs and the
 * app's own ids all fit); no spaces.
 */
export const DEVICE_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_:.-]{0,63}$/;
export const salesmanDeviceIdSchema = z
  .string()
  .trim()
  .regex(DEVICE_ID_PATTERN, 'letters, digits and - _ : . only, at most 64 characters');

/** PUT …/salesmanDeviceId: map a new device ID to one salesman. */
export const updateSalesmanDeviceSchema = z.object({
  smCode: z.string().min(1).max(50),
  deviceId: salesmanDeviceIdSchema,
});
export type UpdateSalesmanDevice = z.infer<typeof updateSalesmanDeviceSchema>;

/** DELETE …/salesmanDeviceId?smCode=…: remove the salesman's mapped device ID. */
export const deleteSalesmanDeviceQuerySchema = z.object({
  countryCode: countryCodeSchema.optional(),
  smCode: z.string().min(1).max(50),
});

/** The answer of an update or delete: the salesman's row as it now is. */
export const salesmanDeviceChangeResultSchema = z.object({
  changed: z.boolean(),
  row: salesmanDeviceRowSchema,
});
export type SalesmanDeviceChangeResult = z.infer<typeof salesmanDeviceChangeResultSchema>;

/** The bulk-update template (spec section 9), in order. */
export const SALESMAN_DEVICE_TEMPLATE_HEADERS = ['DT Code', 'SM Code', 'Phone number', 'Device ID'] as const;
/** Spec section 9: 50 MB for the device ID CSV. */
export const SALESMAN_DEVICE_MAX_BYTES = 50 * 1024 * 1024;
/** The import kind of the bulk update (file/upload's kind field). */
export const SALESMAN_DEVICE_IMPORT_KIND = 'salesmanDeviceId' as const;

/**
 * A typed phone number in the form the portal stores it: with the market's dial code (+84901234567),
 * whichever way it was typed: "+84 90-123 4567", "84901234567" (the dial code without '+'),
 * "0901234567" (the national trunk 0) or "901234567". A number that starts with the dial code's digits
 * and still has 8 or more digits after them is read as carrying the dial code. A number with another
 * market's '+' code stays as typed (it matches none of this market's). Null for text that is not a
 * phone number (letters, or not 6 to 15 digits).
 */
export function normalisePhone(typed: string, dialCode: string): string | null {
  const compact = typed.replace(/[\s().-]/g, '');
  if (!/^\+?\d{6,15}$/.test(compact)) return null;
  if (compact.startsWith('+')) return compact;
  const dial = dialCode.replace(/^\+/, '');
  if (compact.startsWith('0')) return `+${dial}${compact.slice(1)}`;
  if (compact.startsWith(dial) && compact.length - dial.length >= 8) return `+${compact}`;
  return `+${dial}${compact}`;
}
