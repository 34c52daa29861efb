import {
  type ChangedOutletStatus,
  type CountryCode,
  type OutletStatusFilters,
  type OutletStatusPage,
} from '@fieldforce/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiDownload, apiRequest, type DownloadProgress, type DownloadResult } from '../../../lib/api-client';

/** The page's criteria: the spec's filter keys as comma lists, paging and sort. */
export interface OutletStatusCriteria {
  dtCode: string;
  dtSiteCode: string;
  outletCodes: string[];
  page: number;
  pageSize: number;
  sort: string;
}

type Query = Record<string, string | number | undefined>;

/** admin/getSalesmanDetails without filters, admin/filterResult with them (spec section 7). */
export function outletStatusCall(criteria: OutletStatusCriteria): { path: string; query: Query } {
  const filters: Query = {
    filter_dt_code: criteria.dtCode || undefined,
    filter_dt_site_code: criteria.dtSiteCode || undefined,
    filter_outlet_code: criteria.outletCodes.length > 0 ? criteria.outletCodes.join(',') : undefined,
  };
  const filtered = Object.values(filters).some((v) => v !== undefined);
  return {
    path: filtered ? 'admin/filterResult' : 'admin/getSalesmanDetails',
    query: {
      ...filters,
      ...(criteria.dtCode ? { tenantCode: criteria.dtCode } : {}),
      page: criteria.page,
      pageSize: criteria.pageSize,
      sort: criteria.sort || undefined,
    },
  };
}

export const outletStatusKeys = {
  all: (country: CountryCode) => ['admin', 'outletStatus', country] as const,
  page: (country: CountryCode, criteria: OutletStatusCriteria) =>
    ['admin', 'outletStatus', country, 'page', criteria] as const,
  filters: (country: CountryCode) => ['admin', 'outletStatus', country, 'filters'] as const,
};

export function useOutletStatusPage(country: CountryCode, criteria: OutletStatusCriteria, enabled: boolean) {
  return useQuery({
    queryKey: outletStatusKeys.page(country, criteria),
    queryFn: ({ signal }) => {
      const { path, query } = outletStatusCall(criteria);
      return apiRequest<OutletStatusPage>(path, {
        countryCode: country,
        countryInQuery: true,
        query,
        signal,
      });
    },
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** GET admin/outletStatus/filters: the distributors and sites the caller may filter by. */
export function useOutletStatusFilters(country: CountryCode, enabled: boolean) {
  return useQuery({
    queryKey: outletStatusKeys.filters(country),
    queryFn: ({ signal }) =>
      apiRequest<OutletStatusFilters>('admin/outletStatus/filters', {
        countryCode: country,
        countryInQuery: true,
        signal,
      }),
    staleTime: 5 * 60_000,
    enabled,
  });
}

/** PUT admin/outletStatus: the changed-status list, saved together. */
export function saveOutletStatuses(
  country: CountryCode,
  changes: ChangedOutletStatus[],
): Promise<{ updated: number; unchanged: number }> {
  return apiRequest('admin/outletStatus', {
    method: 'PUT',
    countryCode: country,
    countryInQuery: true,
    body: { changes },
  });
}

/** GET admin/fileExport: the filtered list as CSV or XLSX, headers in the reader's language. */
export function exportOutletStatuses(
  country: CountryCode,
  criteria: OutletStatusCriteria,
  format: 'csv' | 'xlsx',
  lang: 'en' | 'vi',
  options: { signal?: AbortSignal; onProgress?: (progress: DownloadProgress) => void },
): Promise<DownloadResult> {
  const { query } = outletStatusCall(criteria);
  const { page: _page, pageSize: _size, ...rest } = query;
  return apiDownload('admin/fileExport', {
    countryCode: country,
    countryInQuery: true,
    query: { ...rest, format, lang },
    ...options,
  });
}
