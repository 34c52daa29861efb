import type { CountryCode, OutletGeoChange, OutletGeoRow, SaveOutletGeoResult } from '@fieldforce/contracts';
import {
  downloadAdminTable,
  useAdminTablePage,
  useDtFilterOptions,
  type TableCallQuery,
} from '../../../components/admin-tool/api';
import { apiRequest, type DownloadProgress, type DownloadResult } from '../../../lib/api-client';

/** The page's criteria: the filter keys, paging and sort. `geo` '' = both, '1' enabled, '0' disabled. */
export interface OutletGeoCriteria {
  dtCode: string;
  dtSiteCode: string;
  outletCodes: string[];
  geo: '' | '0' | '1';
  page: number;
  pageSize: number;
  sort: string;
}

const BASE = 'admin/outletGeoCompliance';

/** …/list without filters, …/filterResult with them (docs/admin.md, "Outlet Geo-Compliance"). */
export function outletGeoCall(criteria: OutletGeoCriteria): { path: string; query: TableCallQuery } {
  const filters: TableCallQuery = {
    filter_dt_code: criteria.dtCode || undefined,
    filter_dt_site_code: criteria.dtSiteCode || undefined,
    filter_outlet_code: criteria.outletCodes.length > 0 ? criteria.outletCodes.join(',') : undefined,
    filter_geo_compliance: criteria.geo || undefined,
  };
  const filtered = Object.values(filters).some((v) => v !== undefined);
  return {
    path: filtered ? `${BASE}/filterResult` : `${BASE}/list`,
    query: { ...filters, page: criteria.page, pageSize: criteria.pageSize, sort: criteria.sort || undefined },
  };
}

export const outletGeoKeys = {
  all: (country: CountryCode) => ['admin', 'outletGeoCompliance', country] as const,
  page: (country: CountryCode, criteria: OutletGeoCriteria) =>
    ['admin', 'outletGeoCompliance', country, 'page', criteria] as const,
  filters: (country: CountryCode) => ['admin', 'outletGeoCompliance', country, 'filters'] as const,
};

export const useOutletGeoPage = (country: CountryCode, criteria: OutletGeoCriteria) =>
  useAdminTablePage<OutletGeoRow>(outletGeoKeys.page(country, criteria), country, outletGeoCall(criteria));

/** GET …/filters: the distributors and sites the caller may filter by. */
export const useOutletGeoFilters = (country: CountryCode) =>
  useDtFilterOptions(outletGeoKeys.filters(country), country, `${BASE}/filters`);

/** PUT admin/outletGeoCompliance: the changed list, saved together (all or nothing). */
export function saveOutletGeo(
  country: CountryCode,
  changes: OutletGeoChange[],
): Promise<SaveOutletGeoResult> {
  return apiRequest(BASE, { method: 'PUT', countryCode: country, countryInQuery: true, body: { changes } });
}

/** GET …/fileExport (Export Outlets): the filtered list as CSV or XLSX, headers in the reader's language. */
export const exportOutletGeo = (
  country: CountryCode,
  criteria: OutletGeoCriteria,
  format: 'csv' | 'xlsx',
  lang: 'en' | 'vi',
  options: { signal?: AbortSignal; onProgress?: (progress: DownloadProgress) => void },
): Promise<DownloadResult> =>
  downloadAdminTable(`${BASE}/fileExport`, country, outletGeoCall(criteria).query, format, lang, options);
