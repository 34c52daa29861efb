import type { ChangedOutletStatus, CountryCode, OutletStatusRow } from '@fieldforce/contracts';
import {
  downloadAdminTable,
  useAdminTablePage,
  useDtFilterOptions,
  type TableCallQuery,
} from '../../../components/admin-tool';
import { apiRequest, type DownloadProgress, type DownloadResult } from '../../../lib/api-client';

/** The page's criteria: the spec's filter keys as comma lists, paging and sort. */
export interface OutletStatusCriteria {
  dtCode: string;
  dtSiteCode: string;
  outletCodes: string[];
  page: number;
  pageSize: number;
  sort: string;
}

/** admin/getSalesmanDetails without filters, admin/filterResult with them (spec section 7). */
export function outletStatusCall(criteria: OutletStatusCriteria): { path: string; query: TableCallQuery } {
  const filters: TableCallQuery = {
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
  return useAdminTablePage<OutletStatusRow>(
    outletStatusKeys.page(country, criteria),
    country,
    outletStatusCall(criteria),
    enabled,
  );
}

/** GET admin/outletStatus/filters: the distributors and sites the caller may filter by. */
export const useOutletStatusFilters = (country: CountryCode, enabled: boolean) =>
  useDtFilterOptions(outletStatusKeys.filters(country), country, 'admin/outletStatus/filters', enabled);

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
  return downloadAdminTable(
    'admin/fileExport',
    country,
    outletStatusCall(criteria).query,
    format,
    lang,
    options,
  );
}
