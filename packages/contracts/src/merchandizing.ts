/**
 * Merchandizing Sets (/merchandizingSets, issue 15; only where the market's isCDA flag is on: vn).
 *
 * A set (Set ID) is versioned: the newest version is the current one; a new version copies the
 * displays, their product lines and the outlet list, and the older versions stay readable with the
 * audits recorded against them. A display is a shelf of product lines in order, each `facings`
 * columns wide and `depth` deep (the planogram). Compliance comes from the audits salesmen record at
 * visits to assigned outlets (`merchCompliance` below is the method; the server computes the same in
 * SQL and its test checks both on a hand-computed fixture).
 *
 * Uploads go through the import pipeline (kinds below) with the templates of the issue, word for word.
 */
import { z } from 'zod';
import { abilitiesSchema, tablePageSchema, tableQuerySchema } from './admin.js';
import { countryCodeSchema } from './countries.js';

export const MERCH_API = '/api/admin/merchandizingSets';

export const MERCH_SET_TEMPLATE_HEADERS = [
  'BU-Asset Type',
  'Sub-Region',
  'Set Name',
  'OSA Hurdle Rate',
  'Facings Hurdle Rate',
  'Stock Hurdle Rate',
  'Go live date',
  'End date',
  'Set ID',
] as const;
export const MERCH_DISPLAY_TEMPLATE_HEADERS = [
  'Display Name',
  'Display ID',
  'Set ID',
  'Product Order',
  'Product Code',
  'Facings',
  'Depth',
] as const;
export const MERCH_OUTLET_TEMPLATE_HEADERS = [
  'Set ID',
  'Display ID',
  'Outlet ID',
  'Number of Times',
] as const;

export const MERCH_SETS_IMPORT_KIND = 'merchSets' as const;
export const MERCH_DISPLAYS_IMPORT_KIND = 'merchDisplays' as const;
export const MERCH_OUTLETS_IMPORT_KIND = 'merchOutlets' as const;
/** Spec section 9: 25 MB for the general uploads (the image zip's 100 MB is merch-images'). */
export const MERCH_MAX_BYTES = 25 * 1024 * 1024;

/** Limits of one record (the forms and the uploads share them). */
export const MERCH_LIMITS = {
  codeLength: 50,
  textLength: 100,
  productOrder: 99,
  facings: 50,
  depth: 20,
  times: 99,
  productsPerDisplay: 60,
} as const;

/**
 * Set IDs and Display IDs: letters, digits, - and _, starting and ending with a letter or digit, at
 * most 50 characters. A Display ID is also the name of its reference image (merch images), so it
 * must be a safe file name.
 */
export const MERCH_CODE_PATTERN = /^[A-Za-z0-9](?:[A-Za-z0-9_-]{0,48}[A-Za-z0-9])?$/;
export const isMerchCode = (value: string): boolean => MERCH_CODE_PATTERN.test(value);

/** A hurdle rate cell: 0 to 100 with at most 2 decimals (a trailing % allowed); undefined if invalid. */
export function parseHurdleRate(cell: string | undefined): number | undefined {
  const s = (cell ?? '').trim().replace(/%$/, '').trim();
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(s)) return undefined;
  const n = Number(s);
  return n <= 100 ? n : undefined;
}

/** A template date, dd/mm/yyyy (the pipeline already rewrote dd-mm-yyyy), as YYYY-MM-DD; else undefined. */
export function parseTemplateDate(cell: string | undefined): string | undefined {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec((cell ?? '').trim());
  if (!m) return undefined;
  const [, dd, mm, yyyy] = m;
  const iso = `${yyyy}-${mm}-${dd}`;
  const d = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== iso ? undefined : iso;
}

/** A whole number from 1 to max; undefined if not. */
export function parseWhole(cell: string | undefined, max: number): number | undefined {
  const s = (cell ?? '').trim();
  if (!/^\d{1,4}$/.test(s)) return undefined;
  const n = Number(s);
  return n >= 1 && n <= max ? n : undefined;
}

// ---------------------------------------------------------------------------------------------
// Compliance (the method)
// ---------------------------------------------------------------------------------------------

/** What a salesman recorded for one display at one visit (merch_audits). */
export interface MerchAuditCounts {
  productsExpected: number;
  productsOnShelf: number;
  facingsExpected: number;
  facingsCounted: number;
  stockExpected: number;
  stockCounted: number;
}

export interface MerchComplianceFigures {
  audits: number;
  /** On-shelf availability: products found / products of the planogram, percent, 1 decimal. */
  osaPct: number | null;
  /** Facings found (each audit's count capped at the planogram's) / facings planned, percent. */
  facingsPct: number | null;
  /** Stock found (capped likewise) / stock planned (facings × depth), percent. */
  stockPct: number | null;
}

const pct = (num: number, den: number) => (den > 0 ? Math.round((1000 * num) / den) / 10 : null);

/**
 * The compliance of a group of audits (an outlet, a week, a whole set version): sums over the audits,
 * so a big display weighs more than a small one; counts above the plan are capped at the plan, so a
 * surplus on one display never hides a gap on another.
 */
export function merchCompliance(audits: readonly MerchAuditCounts[]): MerchComplianceFigures {
  let pe = 0;
  let ps = 0;
  let fe = 0;
  let fc = 0;
  let se = 0;
  let sc = 0;
  for (const a of audits) {
    pe += a.productsExpected;
    ps += Math.min(a.productsOnShelf, a.productsExpected);
    fe += a.facingsExpected;
    fc += Math.min(a.facingsCounted, a.facingsExpected);
    se += a.stockExpected;
    sc += Math.min(a.stockCounted, a.stockExpected);
  }
  return { audits: audits.length, osaPct: pct(ps, pe), facingsPct: pct(fc, fe), stockPct: pct(sc, se) };
}

/** A figure meets its hurdle when it reaches it (null: no audits, not met). */
export const meetsHurdle = (value: number | null, hurdle: number): boolean =>
  value !== null && value >= hurdle;

// ---------------------------------------------------------------------------------------------
// The list of sets (the admin table)
// ---------------------------------------------------------------------------------------------

const commaList = z.string().max(2000).optional();

export const MERCH_SET_STATES = ['upcoming', 'live', 'ended'] as const;
export type MerchSetState = (typeof MERCH_SET_STATES)[number];

/** GET …/merchandizingSets/list, …/filterResult and …/fileExport: each Set ID's current version. */
export const merchSetQuerySchema = tableQuerySchema.extend({
  /** Part of a Set ID or a Set Name, case-insensitive. */
  filter_search: z.string().max(100).optional(),
  /** Sub-Regions, at most 10. */
  filter_sub_region: commaList,
  /** BU-Asset Types, at most 10. */
  filter_bu_asset_type: commaList,
  /** One of upcoming, live, ended (the market's today against the validity dates). */
  filter_state: z.enum(MERCH_SET_STATES).optional(),
});
export type MerchSetQuery = z.infer<typeof merchSetQuerySchema>;

export const merchSetRowSchema = z.object({
  setId: z.string(),
  setName: z.string(),
  version: z.number(),
  buAssetType: z.string(),
  subRegion: z.string(),
  osaHurdle: z.number(),
  facingsHurdle: z.number(),
  stockHurdle: z.number(),
  goLive: z.string(),
  endDate: z.string(),
  state: z.string(),
  displays: z.number(),
  outlets: z.number(),
  updatedAt: z.string().nullable(),
});
export type MerchSetRow = z.infer<typeof merchSetRowSchema>;
export const merchSetPageSchema = tablePageSchema(merchSetRowSchema);
export type MerchSetPage = z.infer<typeof merchSetPageSchema>;

/** The filter lists of the sets table (the market's Sub-Regions and BU-Asset Types). */
export const merchSetFiltersSchema = z.object({
  subRegions: z.array(z.string()),
  buAssetTypes: z.array(z.string()),
});
export type MerchSetFilters = z.infer<typeof merchSetFiltersSchema>;

// ---------------------------------------------------------------------------------------------
// One set (the set page)
// ---------------------------------------------------------------------------------------------

const setIdSchema = z.string().regex(MERCH_CODE_PATTERN, 'letters, digits, - and _ only, at most 50');

export const merchSetParamsSchema = z.object({
  countryCode: countryCodeSchema.optional(),
  setId: setIdSchema,
  /** A version of the set; its current (newest) one when left out. */
  version: z.coerce.number().int().min(1).optional(),
});

/** What the caller may do on the set page: the table's abilities, and whether they may define sets. */
export const merchAbilitiesSchema = abilitiesSchema.extend({
  /** Create or change sets and displays, start a version: admins of all the market's distributors. */
  define: z.boolean(),
  /** Assign outlets: any admin of the market with the tool, for outlets of their distributors. */
  assign: z.boolean(),
});
export type MerchAbilities = z.infer<typeof merchAbilitiesSchema>;

export const merchProductLineSchema = z.object({
  productOrder: z.number().int(),
  itemCode: z.string(),
  itemName: z.string(),
  facings: z.number().int(),
  depth: z.number().int(),
});
export type MerchProductLine = z.infer<typeof merchProductLineSchema>;

export const merchDisplaySchema = z.object({
  displayId: z.string(),
  displayName: z.string(),
  products: z.array(merchProductLineSchema),
  /** Outlets assigned to the display (within the caller's distributors). */
  outlets: z.number().int(),
});
export type MerchDisplay = z.infer<typeof merchDisplaySchema>;

export const merchAssignedOutletSchema = z.object({
  displayId: z.string(),
  outletCode: z.string(),
  outletName: z.string(),
  dtCode: z.string(),
  times: z.number().int(),
});
export type MerchAssignedOutlet = z.infer<typeof merchAssignedOutletSchema>;

export const merchVersionSchema = z.object({
  version: z.number().int(),
  goLive: z.string(),
  endDate: z.string(),
  createdAt: z.string(),
  createdByName: z.string().nullable(),
  audits: z.number().int(),
  current: z.boolean(),
});
export type MerchVersion = z.infer<typeof merchVersionSchema>;

export const merchSetDetailSchema = z.object({
  setId: z.string(),
  version: z.number().int(),
  current: z.boolean(),
  buAssetType: z.string(),
  subRegion: z.string(),
  setName: z.string(),
  osaHurdle: z.number(),
  facingsHurdle: z.number(),
  stockHurdle: z.number(),
  goLive: z.string(),
  endDate: z.string(),
  state: z.enum(MERCH_SET_STATES),
  versions: z.array(merchVersionSchema),
  displays: z.array(merchDisplaySchema),
  outlets: z.array(merchAssignedOutletSchema),
  /** Assigned outlets within the caller's distributors (the list above holds at most MERCH_OUTLETS_SHOWN). */
  outletsTotal: z.number().int(),
  can: merchAbilitiesSchema,
});
export type MerchSetDetail = z.infer<typeof merchSetDetailSchema>;
export const MERCH_OUTLETS_SHOWN = 500;

export const merchFiguresSchema = z.object({
  audits: z.number().int(),
  osaPct: z.number().nullable(),
  facingsPct: z.number().nullable(),
  stockPct: z.number().nullable(),
});

export const merchComplianceSchema = z.object({
  setId: z.string(),
  version: z.number().int(),
  hurdles: z.object({ osa: z.number(), facings: z.number(), stock: z.number() }),
  overall: merchFiguresSchema.extend({
    outlets: z.number().int(),
    /** Outlets whose figures meet all three hurdles. */
    outletsMeetingAll: z.number().int(),
  }),
  /** By ISO week (Monday), oldest first. */
  weeks: z.array(merchFiguresSchema.extend({ weekStart: z.string() })),
  /** By outlet (within the caller's distributors), weakest OSA first. */
  outlets: z.array(
    merchFiguresSchema.extend({
      outletCode: z.string(),
      outletName: z.string(),
      dtCode: z.string(),
      lastAuditDate: z.string(),
      osaMet: z.boolean(),
      facingsMet: z.boolean(),
      stockMet: z.boolean(),
    }),
  ),
});
export type MerchCompliance = z.infer<typeof merchComplianceSchema>;

// ---------------------------------------------------------------------------------------------
// One record at a time (the forms)
// ---------------------------------------------------------------------------------------------

const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'a date written YYYY-MM-DD')
  .refine((s) => !Number.isNaN(new Date(`${s}T00:00:00Z`).getTime()), 'not a date');
const rate = z.number().min(0).max(100).multipleOf(0.01);
const text = z.string().trim().min(1).max(MERCH_LIMITS.textLength);

/** POST …/merchandizingSets/set: creates the set (version 1) or changes its current version. */
export const saveMerchSetSchema = z
  .object({
    setId: setIdSchema,
    setName: text,
    buAssetType: text,
    subRegion: text,
    osaHurdle: rate,
    facingsHurdle: rate,
    stockHurdle: rate,
    goLive: isoDay,
    endDate: isoDay,
  })
  .refine((v) => v.endDate >= v.goLive, {
    message: 'End date is before the Go live date',
    path: ['endDate'],
  });
export type SaveMerchSet = z.infer<typeof saveMerchSetSchema>;

/** POST …/merchandizingSets/display: one display of a set's current version, its lines given whole. */
export const saveMerchDisplaySchema = z
  .object({
    setId: setIdSchema,
    displayId: z.string().regex(MERCH_CODE_PATTERN, 'letters, digits, - and _ only, at most 50'),
    displayName: text,
    products: z
      .array(
        z.object({
          productOrder: z.number().int().min(1).max(MERCH_LIMITS.productOrder),
          itemCode: z.string().trim().min(1).max(MERCH_LIMITS.codeLength),
          facings: z.number().int().min(1).max(MERCH_LIMITS.facings),
          depth: z.number().int().min(1).max(MERCH_LIMITS.depth),
        }),
      )
      .min(1)
      .max(MERCH_LIMITS.productsPerDisplay),
  })
  .refine((v) => new Set(v.products.map((p) => p.productOrder)).size === v.products.length, {
    message: 'Each Product Order once',
    path: ['products'],
  })
  .refine((v) => new Set(v.products.map((p) => p.itemCode)).size === v.products.length, {
    message: 'Each Product Code once',
    path: ['products'],
  });
export type SaveMerchDisplay = z.infer<typeof saveMerchDisplaySchema>;

/** POST …/merchandizingSets/outlet: assigns an outlet to a display of a set's current version. */
export const saveMerchOutletSchema = z.object({
  setId: setIdSchema,
  displayId: z.string().regex(MERCH_CODE_PATTERN),
  outletCode: z.string().trim().min(1).max(MERCH_LIMITS.codeLength),
  times: z.number().int().min(1).max(MERCH_LIMITS.times),
});
export type SaveMerchOutlet = z.infer<typeof saveMerchOutletSchema>;

/** DELETE …/merchandizingSets/outlet: takes an outlet off a display of the current version. */
export const removeMerchOutletSchema = saveMerchOutletSchema
  .pick({ setId: true, displayId: true, outletCode: true })
  .extend({ countryCode: countryCodeSchema.optional() });
export type RemoveMerchOutlet = z.infer<typeof removeMerchOutletSchema>;

/** POST …/merchandizingSets/version: a new version copying the current one (new dates optional). */
export const newMerchVersionSchema = z
  .object({ setId: setIdSchema, goLive: isoDay.optional(), endDate: isoDay.optional() })
  .refine((v) => !v.goLive || !v.endDate || v.endDate >= v.goLive, {
    message: 'End date is before the Go live date',
    path: ['endDate'],
  });
export type NewMerchVersion = z.infer<typeof newMerchVersionSchema>;

export const merchSaveResultSchema = z.object({
  setId: z.string(),
  version: z.number().int(),
  created: z.boolean(),
  changed: z.boolean(),
});
export type MerchSaveResult = z.infer<typeof merchSaveResultSchema>;
