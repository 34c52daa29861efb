/** English strings of Outlet Geo-Compliance (issue 12). */
export const outletGeoEn = {} as const;
