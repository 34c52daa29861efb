import type { outletGeoEn } from './outlet-geo.en';

/** Vietnamese strings of Outlet Geo-Compliance (issue 12). */
export const outletGeoVi: Record<keyof typeof outletGeoEn, string> = {};
