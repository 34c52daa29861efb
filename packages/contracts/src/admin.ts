/**
 * The admin foundation's calls (issue 11): the admin menu, the declared tables (page, filters,
 * export), the import pipeline's files and jobs, the activity log, and Outlet Status Online/Offline,
 * the reference tool. Shapes every admin tool shares live here once; a tool adds its row schema and
 * its messages.
 */
import { z } from 'zod';
import { countryCodeSchema } from './countries.js';
import { BEST_PRICE_UPLOAD_MESSAGES } from './best-price-messages.js';
import { MERCH_IMAGE_MESSAGES } from './merch-image-messages.js';
import { MERCH_UPLOAD_MESSAGES } from './merchandizing-messages.js';
import { TASK_UPLOAD_MESSAGES } from './tasks-messages.js';
import { USER_UPLOAD_MESSAGES } from './users.js';

// ---------------------------------------------------------------------------------------------
// Admin tools and abilities
// ---------------------------------------------------------------------------------------------

export const ADMIN_TOOL_KEYS = [
  'userAccess',
  'taskManagement',
  'estimatedBestPrice',
  'outletGeoCompliance',
  'salesmanDeviceId',
  'merchandizingSets',
  'deviceGeoCompliance',
  'outletStatus',
  'adminConfiguration',
] as const;
export type AdminToolKey = (typeof ADMIN_TOOL_KEYS)[number];
export const adminToolKeySchema = z.enum(ADMIN_TOOL_KEYS);

/** What the caller may do with a tool or an answer: the web reads this, never re-derives it. */
export const abilitiesSchema = z.object({
  view: z.boolean(),
  edit: z.boolean(),
  upload: z.boolean(),
  export: z.boolean(),
});
export type Abilities = z.infer<typeof abilitiesSchema>;

/** GET /api/admin/tools?countryCode=…: the admin menu of the market for the caller, in menu order. */
export const adminToolEntrySchema = z.object({
  key: adminToolKeySchema,
  /** The web route, exactly as the spec's route table writes it (e.g. /outletStatus). */
  path: z.string(),
  can: abilitiesSchema,
});
export const adminToolsSchema = z.object({ tools: z.array(adminToolEntrySchema) });
export type AdminToolEntry = z.infer<typeof adminToolEntrySchema>;
export type AdminTools = z.infer<typeof adminToolsSchema>;

// ---------------------------------------------------------------------------------------------
// Declared tables: one page shape for every admin list
// ---------------------------------------------------------------------------------------------

export const ADMIN_PAGE_SIZE_DEFAULT = 50;
export const ADMIN_PAGE_SIZE_MAX = 200;
/** Search lists (outlet codes, SM codes, phone numbers): at most this many comma-separated values. */
export const SEARCH_LIST_MAX = 10;

export const tableColumnSchema = z.object({
  key: z.string(),
  /** Headers in both languages: the declaration holds them, exports use the caller's language. */
  header: z.object({ en: z.string(), vi: z.string() }),
  type: z.enum(['text', 'number', 'amount', 'date', 'datetime', 'boolean']),
  sortable: z.boolean(),
});
export type TableColumn = z.infer<typeof tableColumnSchema>;

const cell = z.union([z.string(), z.number(), z.boolean(), z.null()]);

/** One page of a declared table, with what the caller may do with it. */
export function tablePageSchema<T extends z.ZodType>(row: T) {
  return z.object({
    rows: z.array(row),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
    sort: z.string(),
    columns: z.array(tableColumnSchema),
    downloadCap: z.number().int(),
    can: abilitiesSchema,
  });
}
export const genericTablePageSchema = tablePageSchema(z.record(z.string(), cell));
export type TablePage<T> = Omit<z.infer<typeof genericTablePageSchema>, 'rows'> & { rows: T[] };

const commaList = z.string().max(2000).optional();
export const tableQuerySchema = z.object({
  countryCode: countryCodeSchema.optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(ADMIN_PAGE_SIZE_MAX).default(ADMIN_PAGE_SIZE_DEFAULT),
  sort: z
    .string()
    .regex(/^-?[A-Za-z]+$/, 'must be a column key, with a leading - for descending')
    .optional(),
  /** Export only: the file format. */
  format: z.enum(['csv', 'xlsx']).default('csv'),
  /** Export only: the headers' language. */
  lang: z.enum(['en', 'vi']).default('en'),
});
export type TableQuery = z.infer<typeof tableQuerySchema>;

// ---------------------------------------------------------------------------------------------
// Outlet Status Online/Offline (/outletStatus)
// ---------------------------------------------------------------------------------------------

/** The spec's filter keys (section 9), as query parameters of admin/filterResult and admin/fileExport. */
export const OUTLET_STATUS_FILTER_KEYS = [
  'filter_dt_code',
  'filter_dt_site_code',
  'filter_outlet_code',
] as const;
export type OutletStatusFilterKey = (typeof OUTLET_STATUS_FILTER_KEYS)[number];

/**
 * GET admin/getSalesmanDetails (all tenants, no filters), admin/filterResult?{filter}={values} (also with
 * tenantCode = one DT code) and admin/fileExport (same query, a file).
 */
export const outletStatusQuerySchema = tableQuerySchema.extend({
  tenantCode: z.string().max(50).optional(),
  filter_dt_code: commaList,
  filter_dt_site_code: commaList,
  filter_outlet_code: commaList,
});
export type OutletStatusQuery = z.infer<typeof outletStatusQuerySchema>;

export const outletStatusRowSchema = z.object({
  outletCode: z.string(),
  outletName: z.string(),
  dtCode: z.string(),
  dtName: z.string(),
  dtSiteCode: z.string(),
  dtSiteName: z.string(),
  salesmanName: z.string().nullable(),
  /** 1 online, 0 offline (the CSV's Status column). */
  status: z.union([z.literal(0), z.literal(1)]),
  updatedAt: z.string().nullable(),
  updatedByName: z.string().nullable(),
});
export type OutletStatusRow = z.infer<typeof outletStatusRowSchema>;
export const outletStatusPageSchema = tablePageSchema(outletStatusRowSchema);
export type OutletStatusPage = z.infer<typeof outletStatusPageSchema>;

/** The distributors and sites the caller may filter an admin table by (names with codes, DT scope). */
export const dtFilterOptionsSchema = z.object({
  dtCodes: z.array(z.object({ code: z.string(), name: z.string() })),
  dtSiteCodes: z.array(z.object({ code: z.string(), name: z.string(), dtCode: z.string() })),
  /** Per filter parameter that offers a choice (e.g. filter_outlet_type): the values the caller's rows hold. */
  choices: z.record(z.string(), z.array(z.string())).optional(),
});
export type DtFilterOptions = z.infer<typeof dtFilterOptionsSchema>;
export const outletStatusFiltersSchema = dtFilterOptionsSchema;
export type OutletStatusFilters = DtFilterOptions;

/** An item of the changed-status list (spec section 4): add one, remove by outletCode, clear all. */
export const changedOutletStatusSchema = z.object({
  outletCode: z.string().min(1).max(50),
  dtCode: z.string().min(1).max(50),
  dtSiteCode: z.string().min(1).max(50),
  status: z.union([z.literal(0), z.literal(1)]),
});
export type ChangedOutletStatus = z.infer<typeof changedOutletStatusSchema>;

/** PUT /api/admin/outletStatus: the changed-status list saved together, in one transaction. */
export const saveOutletStatusSchema = z.object({
  changes: z.array(changedOutletStatusSchema).min(1).max(1000),
});
export const saveOutletStatusResultSchema = z.object({
  updated: z.number().int(),
  unchanged: z.number().int(),
});

/** The outlet-status CSV template (the spec names the key columns; the Status column is 0 or 1). */
export const OUTLET_STATUS_TEMPLATE_HEADERS = ['DT Code', 'DT Site Code', 'Outlet Code', 'Status'] as const;
export const OUTLET_STATUS_MAX_BYTES = 10 * 1024 * 1024;

// ---------------------------------------------------------------------------------------------
// Imports: files and jobs (file/upload, file/checkstatus, file/download/{id}; exp/ prefix rule)
// ---------------------------------------------------------------------------------------------

export const IMPORT_KINDS = [
  'outletStatus',
  'outletGeoCompliance',
  'salesmanDeviceId',
  'deviceGeoCompliance',
  'users',
  'salesmen',
  'estimatedBestPrice',
  'merchImages',
  'merchSets',
  'merchDisplays',
  'merchOutlets',
  'tasks',
] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];
export const importKindSchema = z.enum(IMPORT_KINDS);

/**
 * The file calls' path: as written for markets with a BTP endpoint, under exp/ otherwise (spec
 * section 7). `filePath('upload', flags)` → 'file/upload' or 'exp/file/upload'.
 */
export function filePath(call: string, btpEndpoint: boolean): string {
  return btpEndpoint ? `file/${call}` : `exp/file/${call}`;
}

export const IMPORT_STATES = [
  'queued',
  'parsing',
  'validated',
  'applying',
  'applied',
  'rejected',
  'failed',
] as const;
export type ImportState = (typeof IMPORT_STATES)[number];

/** A message with a code the web translates and the parameters it fills in ({row}, {header}, ...). */
export const codedMessageSchema = z.object({
  code: z.string(),
  message: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type CodedMessage = z.infer<typeof codedMessageSchema>;

export const rowErrorSchema = codedMessageSchema.extend({
  /**
   * The row's number in the spreadsheet: the header is row 1, the first data row 2 (blank lines above
   * the header are not counted).
   */
  row: z.number().int(),
  header: z.string().nullable(),
});
export type RowError = z.infer<typeof rowErrorSchema>;

export const importPreviewSchema = z.object({
  rows: z.number().int(),
  create: z.number().int(),
  update: z.number().int(),
  unchanged: z.number().int(),
  /** Every error found; a row may have several. */
  errorCount: z.number().int(),
  /** The rows with at least one error (absent in previews stored before it was counted). */
  errorRows: z.number().int().optional(),
  /** The first errors, in row order. */
  errors: z.array(rowErrorSchema),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

/** POST file/upload answers this; file/checkstatus and file/apply too. */
export const importJobSchema = z.object({
  jobId: z.string(),
  kind: importKindSchema,
  /** The name as the admin chose it, and as stored (timestamp suffix, lower-case extension). */
  originalName: z.string(),
  storedName: z.string(),
  state: z.enum(IMPORT_STATES),
  progress: z.object({ done: z.number().int(), total: z.number().int().nullable() }),
  preview: importPreviewSchema.nullable(),
  result: z
    .object({ created: z.number().int(), updated: z.number().int(), unchanged: z.number().int() })
    .nullable(),
  /** Why the file was rejected or the job failed (a whole-file message: Invalid Template, empty file, ...). */
  message: codedMessageSchema.nullable(),
  /** Stored file ids for file/download/{id}. */
  originalFileId: z.string(),
  errorFileId: z.string().nullable(),
  createdAt: z.string(),
  can: z.object({ apply: z.boolean(), downloadErrors: z.boolean() }),
});
export type ImportJob = z.infer<typeof importJobSchema>;

/** Query of file/checkstatus and file/apply (the spec's headers fileName and folderPath are also read). */
export const importJobQuerySchema = z.object({
  countryCode: countryCodeSchema.optional(),
  jobId: z.string().max(64).optional(),
});

// ---------------------------------------------------------------------------------------------
// Activity log (one viewer for every tool)
// ---------------------------------------------------------------------------------------------

export const activityLogQuerySchema = tableQuerySchema.extend({ tool: adminToolKeySchema });
export const activityEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  actorName: z.string(),
  actorEmail: z.string(),
  /** e.g. outlet.status.update, outlet.status.import */
  action: z.string(),
  target: z.string().nullable(),
  /** The target's name for people (an outlet's, a salesman's, a user's, a product's, a task's title). */
  targetName: z.string().nullable().optional(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  importId: z.string().nullable(),
  fileName: z.string().nullable(),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;
export const activityLogPageSchema = tablePageSchema(activityEntrySchema);

// ---------------------------------------------------------------------------------------------
// Messages (spec sections 5, 8 and 9, word for word where the spec gives them)
// ---------------------------------------------------------------------------------------------

/**
 * Codes → English text with {params}. The web translates by code (en and vi); the server sends the
 * English text too, for logs and API users.
 */
export const IMPORT_MESSAGES = {
  FILE_TOO_LARGE: 'File size exceeded',
  FILE_TOO_LARGE_DETAIL:
    'The maximum file size that can be updated is* {limit} MB. Please reduce the file size and upload',
  NOT_CSV: 'File is not in .csv format. Please upload with the given template in .csv',
  NAME_HAS_SPACES: 'File name should not contain spaces. Please rename the file and upload again.',
  NAME_HAS_CONTROL_CHARACTERS:
    'File name contains characters that cannot be stored (control characters). Please rename the file and upload again.',
  INVALID_TEMPLATE: 'Invalid Template',
  EMPTY_FILE: 'The file is empty. Please upload the template with at least one row.',
  UNREADABLE_ENCODING:
    'The file could not be read as text. Please save it as "CSV UTF-8 (Comma delimited)" and upload again.',
  STATUS_NOT_BINARY: 'Outlet status should be only 0 or 1 in row number {row}',
  BLANK_VALUE: 'Null values are present in row number {row}',
  DUPLICATE_ROW: 'Duplicate records for DT Code, DT Site Code, Outlet Code in row number {row}',
  SPACES_OR_SPECIAL: 'Blank space or special characters are present in the values of row number {row}',
  NOT_IN_PORTAL: 'The data in row number {row} is not present in the portal',
  OUT_OF_SCOPE: 'The outlet in row number {row} is outside your distributors',
  TECHNICAL_ERROR: 'File can not be uploaded due to some technical error',
  GEO_CHECK_NOT_BINARY: 'Geo-Compliance Check should be only 1 or 0 in row number {row}',
  GEO_DUPLICATE_ROW: 'Duplicate records for DT Code, Outlet Code in row number {row}',
  CONNECTIVITY_ERROR:
    'File can not be uploaded due to a connectivity error. Please check your connection and try again.',
  DEVICE_ID_REQUIRED: 'New Device ID is required in row number {row}',
  DEVICE_ID_INVALID:
    'Device ID in row number {row} should hold letters, digits and - _ : . only, at most 64 characters',
  DEVICE_ID_IN_FILE_TWICE:
    'Device ID in row number {row} is also given to the salesman in row number {other}',
  DEVICE_ID_TAKEN: 'Device ID in row number {row} is already mapped to another salesman ({smCode})',
  SM_DUPLICATE_ROW: 'Duplicate records for SM Code in row number {row}',
  PHONE_INVALID: 'Phone number in row number {row} should be digits, with or without the dial code',
  PHONE_MISMATCH: "The phone number in row number {row} is not the salesman's phone number",
  SALESMAN_OUT_OF_SCOPE: 'The salesman in row number {row} is outside your distributors',
  DEVICE_MISMATCH: 'Device ID in row number {row} is not the device mapped to the salesman',
  RADIUS_INVALID: 'Radius (m) should be a whole number from {min} to {max} in row number {row}',
  DEVICE_DELETE_FAILED: 'Device ID cannot be deleted due to error. Please try again',
  DOWNLOAD_INTERRUPTED: 'Download was interrupted. Please try again',
  HAS_ERRORS: 'Upload Failed. Please check file data and upload again.',
  STATUS_SAVE_FAILED: 'Status cannot be updated due to error. Kindly update again.',
  GENERIC: 'Something went wrong. Please try again after sometime',
  DOWNLOAD_CAPPED: 'Download restricted to first 100000 records only.',
  ...USER_UPLOAD_MESSAGES,
  ...BEST_PRICE_UPLOAD_MESSAGES,
  ...MERCH_IMAGE_MESSAGES,
  ...MERCH_UPLOAD_MESSAGES,
  ...TASK_UPLOAD_MESSAGES,
} as const;
export type ImportMessageCode = keyof typeof IMPORT_MESSAGES;

/** The English text of a coded message, its {params} filled in. */
export function importMessage(
  code: ImportMessageCode,
  params: Record<string, string | number> = {},
): CodedMessage {
  const message = IMPORT_MESSAGES[code].replace(/\{(\w+)\}/g, (_, name: string) =>
    name in params ? String(params[name]) : `{${name}}`,
  );
  return Object.keys(params).length > 0 ? { code, message, params } : { code, message };
}

// ---------------------------------------------------------------------------------------------
// User access bulk upload: the preview of POST fb/users?preview=true
// ---------------------------------------------------------------------------------------------

/** What the upload would do (nothing changed yet), and the error sheet when rows have errors. */
export const userUploadPreviewSchema = importPreviewSchema.extend({
  importId: z.string(),
  fileName: z.string(),
  /** file/download/{id} of the error sheet (the rows with an Error column), or null. */
  errorFileId: z.string().nullable(),
});
export type UserUploadPreview = z.infer<typeof userUploadPreviewSchema>;
