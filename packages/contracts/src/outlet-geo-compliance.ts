/**
 * Outlet Geo-Compliance (/outletGeoCompliance, issue 12): the outlets of the market with their
 * geo-compliance check (whether a visit must be recorded inside the outlet's radius), the list and
 * its export, the save of the changed list, and the bulk-update CSV. Markets whose
 * outletGeoCompliance flag is on (every market but th). Shapes shared with every admin tool
 * (page, abilities, imports) are in admin.ts.
 */
import { z } from 'zod';
import { dtFilterOptionsSchema, tablePageSchema, tableQuerySchema, type DtFilterOptions } from './admin.js';

/** The routes (the spec names none for this tool): /api/admin/outletGeoCompliance/…  */
export const OUTLET_GEO_API = '/api/admin/outletGeoCompliance';

/** Filter parameters of the list and export calls (the spec's filter_* naming, section 9). */
export const OUTLET_GEO_FILTER_KEYS = [
  'filter_dt_code',
  'filter_dt_site_code',
  'filter_outlet_code',
  'filter_geo_compliance',
] as const;
export type OutletGeoFilterKey = (typeof OUTLET_GEO_FILTER_KEYS)[number];

const commaList = z.string().max(2000).optional();

/** GET …/outletGeoCompliance/list, …/filterResult and …/fileExport. */
export const outletGeoQuerySchema = tableQuerySchema.extend({
  filter_dt_code: commaList,
  filter_dt_site_code: commaList,
  /** Outlet codes, at most 10 (spec section 5's search lists). */
  filter_outlet_code: commaList,
  /** '1' enabled, '0' disabled. */
  filter_geo_compliance: z.enum(['0', '1']).optional(),
});
export type OutletGeoQuery = z.infer<typeof outletGeoQuerySchema>;

/** 1: visits to the outlet must be recorded inside its radius; 0: not checked. */
export const geoCheckSchema = z.union([z.literal(0), z.literal(1)]);
export type GeoCheck = z.infer<typeof geoCheckSchema>;

export const outletGeoRowSchema = z.object({
  dtCode: z.string(),
  dtName: z.string(),
  dtSiteCode: z.string(),
  dtSiteName: z.string(),
  outletCode: z.string(),
  outletName: z.string(),
  salesmanCode: z.string().nullable(),
  salesmanName: z.string().nullable(),
  geoCompliance: geoCheckSchema,
  updatedAt: z.string().nullable(),
  updatedByName: z.string().nullable(),
});
export type OutletGeoRow = z.infer<typeof outletGeoRowSchema>;
export const outletGeoPageSchema = tablePageSchema(outletGeoRowSchema);
export type OutletGeoPage = z.infer<typeof outletGeoPageSchema>;

/** GET …/outletGeoCompliance/filters: the distributors and sites the caller may filter by. */
export const outletGeoFiltersSchema = dtFilterOptionsSchema;
export type OutletGeoFilters = DtFilterOptions;

/** An item of the changed list: one outlet's new check. */
export const outletGeoChangeSchema = z.object({
  outletCode: z.string().min(1).max(50),
  dtCode: z.string().min(1).max(50),
  geoCompliance: geoCheckSchema,
});
export type OutletGeoChange = z.infer<typeof outletGeoChangeSchema>;

/** PUT …/outletGeoCompliance: the changed list saved together, in one transaction (all or nothing). */
export const saveOutletGeoSchema = z.object({
  changes: z.array(outletGeoChangeSchema).min(1).max(1000),
});
export type SaveOutletGeo = z.infer<typeof saveOutletGeoSchema>;
export const saveOutletGeoResultSchema = z.object({
  updated: z.number().int(),
  unchanged: z.number().int(),
});
export type SaveOutletGeoResult = z.infer<typeof saveOutletGeoResultSchema>;

/** The bulk-update template (spec section 9), in order. The check is 1 (enabled) or 0 (disabled). */
export const OUTLET_GEO_TEMPLATE_HEADERS = ['DT Code', 'Outlet Code', 'Geo-Compliance Check'] as const;
/** Spec section 9: 25 MB for the geo-compliance upload. */
export const OUTLET_GEO_MAX_BYTES = 25 * 1024 * 1024;
/** The import kind of the bulk update (file/upload's kind field). */
export const OUTLET_GEO_IMPORT_KIND = 'outletGeoCompliance' as const;
