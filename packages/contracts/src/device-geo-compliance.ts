/**
 * Device Geo-Compliance (/devicegeocompliance, issue 12): per salesman device, whether visits must be
 * recorded inside the outlet's radius (the geo-fence) and that radius in metres; the list, the single
 * edit, the bulk-update CSV, the export. Salesman tracking reads the same settings and judges a visit
 * with `visitInsideRadius` / `judgeVisit` below. Shapes shared with every admin tool are in admin.ts.
 */
import { z } from 'zod';
import { tablePageSchema, tableQuerySchema } from './admin.js';

/** The routes (the spec names none for this tool): /api/admin/deviceGeoCompliance/… */
export const DEVICE_GEO_API = '/api/admin/deviceGeoCompliance';

/** The radius bounds in metres (docs/decisions.md, "Device Geo-Compliance"): GPS noise to a large market. */
export const GEO_RADIUS_MIN_M = 10;
export const GEO_RADIUS_MAX_M = 5000;
/** The radius a salesman gets until an admin sets one. */
export const GEO_RADIUS_DEFAULT_M = 100;

export const DEVICE_GEO_FILTER_KEYS = ['filter_dt_code', 'filter_sm_code', 'filter_geo_compliance'] as const;
export type DeviceGeoFilterKey = (typeof DEVICE_GEO_FILTER_KEYS)[number];

const commaList = z.string().max(2000).optional();

/** GET …/deviceGeoCompliance/list (no filters), …/filterResult and …/fileExport. */
export const deviceGeoQuerySchema = tableQuerySchema.extend({
  filter_dt_code: commaList,
  /** SM codes, at most 10. */
  filter_sm_code: commaList,
  /** '1' required, '0' not required. */
  filter_geo_compliance: z.enum(['0', '1']).optional(),
});
export type DeviceGeoQuery = z.infer<typeof deviceGeoQuerySchema>;

export const geoRadiusSchema = z.number().int().min(GEO_RADIUS_MIN_M).max(GEO_RADIUS_MAX_M);

export const deviceGeoRowSchema = z.object({
  dtCode: z.string(),
  dtName: z.string(),
  smCode: z.string(),
  salesmanName: z.string(),
  deviceId: z.string().nullable(),
  /** 1: visits must be recorded inside the outlet's radius; 0: not checked. */
  geoCompliance: z.union([z.literal(0), z.literal(1)]),
  radiusM: z.number().int(),
  updatedAt: z.string().nullable(),
  updatedByName: z.string().nullable(),
});
export type DeviceGeoRow = z.infer<typeof deviceGeoRowSchema>;
export const deviceGeoPageSchema = tablePageSchema(deviceGeoRowSchema);
export type DeviceGeoPage = z.infer<typeof deviceGeoPageSchema>;

/** PUT …/deviceGeoCompliance: one salesman device's setting. */
export const saveDeviceGeoSchema = z.object({
  smCode: z.string().min(1).max(50),
  geoCompliance: z.union([z.literal(0), z.literal(1)]),
  radiusM: geoRadiusSchema,
});
export type SaveDeviceGeo = z.infer<typeof saveDeviceGeoSchema>;
export const saveDeviceGeoResultSchema = z.object({ changed: z.boolean(), row: deviceGeoRowSchema });
export type SaveDeviceGeoResult = z.infer<typeof saveDeviceGeoResultSchema>;

/**
 * The bulk-update template (the spec gives none: docs/decisions.md). Device ID is optional; when
 * given it must be the device mapped to the salesman (the setting is meant for that device).
 */
export const DEVICE_GEO_TEMPLATE_HEADERS = [
  'DT Code',
  'SM Code',
  'Device ID',
  'Geo-Compliance Check',
  'Radius (m)',
] as const;
/** Spec section 9: 25 MB for geo-compliance uploads. */
export const DEVICE_GEO_MAX_BYTES = 25 * 1024 * 1024;
export const DEVICE_GEO_IMPORT_KIND = 'deviceGeoCompliance' as const;

// ---------------------------------------------------------------------------------------------
// The rule salesman tracking applies to a visit
// ---------------------------------------------------------------------------------------------

export interface GeoPoint {
  lat: number;
  lng: number;
}

const EARTH_RADIUS_M = 6_371_008.8;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** The great-circle distance in metres between two points (haversine, mean Earth radius). */
export function distanceMetres(a: GeoPoint, b: GeoPoint): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

const validPoint = (p: GeoPoint) =>
  Number.isFinite(p.lat) && Number.isFinite(p.lng) && Math.abs(p.lat) <= 90 && Math.abs(p.lng) <= 180;

/**
 * Whether a visit recorded at `visit` is inside the radius of the outlet at `outlet` (the boundary
 * counts as inside). A point that is not a coordinate (NaN, out of range) is never inside.
 */
export function visitInsideRadius(visit: GeoPoint, outlet: GeoPoint, radiusM: number): boolean {
  if (!validPoint(visit) || !validPoint(outlet) || !(radiusM >= 0)) return false;
  return distanceMetres(visit, outlet) <= radiusM;
}

export interface DeviceGeoSetting {
  /** Visits must be recorded inside the outlet's radius. */
  required: boolean;
  radiusM: number;
}

export type VisitVerdict =
  | { verdict: 'not-required' }
  | { verdict: 'inside' | 'outside'; distanceM: number }
  | { verdict: 'no-location' };

/**
 * How salesman tracking judges one visit: not checked when the device does not require it; without a
 * usable location (or outlet coordinates) a required visit cannot be verified ('no-location');
 * otherwise inside or outside the radius, with the distance (rounded to the metre).
 */
export function judgeVisit(
  setting: DeviceGeoSetting,
  visit: GeoPoint | null,
  outlet: GeoPoint | null,
): VisitVerdict {
  if (!setting.required) return { verdict: 'not-required' };
  if (!visit || !outlet || !validPoint(visit) || !validPoint(outlet)) return { verdict: 'no-location' };
  const distanceM = Math.round(distanceMetres(visit, outlet));
  return {
    verdict: visitInsideRadius(visit, outlet, setting.radiusM) ? 'inside' : 'outside',
    distanceM,
  };
}
