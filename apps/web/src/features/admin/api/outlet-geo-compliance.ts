import {
  type CountryCode,
  type OutletGeoChange,
  type OutletGeoFilters,
  type OutletGeoPage,
  type SaveOutletGeoResult,
} from '@fieldforce/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiDownload, apiRequest, type DownloadProgress, type DownloadResult } from '../../../lib/api-client';

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

type Query = Record<string, string | number | undefined>;
const BASE = 'admin/outletGeoCompliance';

/** …/list without filters, …/filterResult with them (docs/admin.md, "Outlet Geo-Compliance"). */
export function outletGeoCall(criteria: OutletGeoCriteria): { path: string; query: Query } {
  const filters: Query = {
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

export function useOutletGeoPage(country: CountryCode, criteria: OutletGeoCriteria) {
  return useQuery({
    queryKey: outletGeoKeys.page(country, criteria),
    queryFn: ({ signal }) => {
      const { path, query } = outletGeoCall(criteria);
      return apiRequest<OutletGeoPage>(path, { countryCode: country, countryInQuery: true, query, signal });
    },
    placeholderData: keepPreviousData,
  });
}

/** GET …/filters: the distributors and sites the caller may filter by. */
export function useOutletGeoFilters(country: CountryCode) {
  return useQuery({
    queryKey: outletGeoKeys.filters(country),
    queryFn: ({ signal }) =>
      apiRequest<OutletGeoFilters>(`${BASE}/filters`, { countryCode: country, countryInQuery: true, signal }),
    staleTime: 5 * 60_000,
  });
}

/** PUT admin/outletGeoCompliance: the changed list, saved together (all or nothing). */
export function saveOutletGeo(
  country: CountryCode,
  changes: OutletGeoChange[],
): Promise<SaveOutletGeoResult> {
  return apiRequest(BASE, { method: 'PUT', countryCode: country, countryInQuery: true, body: { changes } });
}

/** GET …/fileExport (Export Outlets): the filtered list as CSV or XLSX, headers in the reader's language. */
export function exportOutletGeo(
  country: CountryCode,
  criteria: OutletGeoCriteria,
  format: 'csv' | 'xlsx',
  lang: 'en' | 'vi',
  options: { signal?: AbortSignal; onProgress?: (progress: DownloadProgress) => void },
): Promise<DownloadResult> {
  const { query } = outletGeoCall(criteria);
  const { page: _page, pageSize: _size, ...rest } = query;
  return apiDownload(`${BASE}/fileExport`, {
    countryCode: country,
    countryInQuery: true,
    query: { ...rest, format, lang },
    ...options,
  });
}
