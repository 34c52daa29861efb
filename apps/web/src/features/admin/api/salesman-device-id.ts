import {
  SALESMAN_DEVICE_API,
  type CountryCode,
  type SalesmanDeviceChangeResult,
  type SalesmanDeviceRow,
  type SalesmanDeviceSettings,
} from '@fieldforce/contracts';
import { useQuery } from '@tanstack/react-query';
import {
  downloadAdminTable,
  useAdminTablePage,
  useDtFilterOptions,
  type TableCallQuery,
  type TablePaging,
} from '../../../components/admin-tool/api';
import { apiRequest, type DownloadProgress, type DownloadResult } from '../../../lib/api-client';

/** The server's paths without the /api prefix (the api client adds it). */
const BASE = SALESMAN_DEVICE_API.replace(/^\/api\//, '');

/** The search: SM codes or phone numbers (at most 10; the server reads phones with or without the dial code). */
export interface SalesmanDeviceCriteria extends TablePaging {
  dtCode: string;
  by: 'smCode' | 'phone';
  values: string[];
}

/** …/list without filters, …/filterResult with them. */
export function salesmanDeviceCall(criteria: SalesmanDeviceCriteria): {
  path: string;
  query: TableCallQuery;
} {
  const values = criteria.values.length > 0 ? criteria.values.join(',') : undefined;
  const filters: TableCallQuery = {
    filter_dt_code: criteria.dtCode || undefined,
    filter_sm_code: criteria.by === 'smCode' ? values : undefined,
    filter_phone_number: criteria.by === 'phone' ? values : undefined,
  };
  const filtered = Object.values(filters).some((v) => v !== undefined);
  return {
    path: `${BASE}/${filtered ? 'filterResult' : 'list'}`,
    query: {
      ...filters,
      page: criteria.page,
      pageSize: criteria.pageSize,
      sort: criteria.sort || undefined,
    },
  };
}

export const salesmanDeviceKeys = {
  all: (country: CountryCode) => ['admin', 'salesmanDeviceId', country] as const,
  page: (country: CountryCode, criteria: SalesmanDeviceCriteria) =>
    ['admin', 'salesmanDeviceId', country, 'page', criteria] as const,
  filters: (country: CountryCode) => ['admin', 'salesmanDeviceId', country, 'filters'] as const,
  settings: (country: CountryCode) => ['admin', 'salesmanDeviceId', country, 'settings'] as const,
};

export const useSalesmanDevicePage = (country: CountryCode, criteria: SalesmanDeviceCriteria) =>
  useAdminTablePage<SalesmanDeviceRow>(
    salesmanDeviceKeys.page(country, criteria),
    country,
    salesmanDeviceCall(criteria),
  );

export const useSalesmanDeviceFilters = (country: CountryCode) =>
  useDtFilterOptions(salesmanDeviceKeys.filters(country), country, `${BASE}/filters`);

/** GET …/settings: the market's SM Device ID validation switch and its dial code. */
export function useSalesmanDeviceSettings(country: CountryCode) {
  return useQuery({
    queryKey: salesmanDeviceKeys.settings(country),
    queryFn: ({ signal }) =>
      apiRequest<SalesmanDeviceSettings>(`${BASE}/settings`, {
        countryCode: country,
        countryInQuery: true,
        signal,
      }),
  });
}

/** PUT …/settings: enable or disable SM Device ID validation for the market. */
export const saveDeviceValidation = (country: CountryCode, validationEnabled: boolean) =>
  apiRequest<SalesmanDeviceSettings>(`${BASE}/settings`, {
    method: 'PUT',
    countryCode: country,
    countryInQuery: true,
    body: { validationEnabled },
  });

/** PUT …/salesmanDeviceId: map a new device ID to one salesman. */
export const updateSalesmanDevice = (country: CountryCode, smCode: string, deviceId: string) =>
  apiRequest<SalesmanDeviceChangeResult>(BASE, {
    method: 'PUT',
    countryCode: country,
    countryInQuery: true,
    body: { smCode, deviceId },
  });

/** DELETE …/salesmanDeviceId?smCode=…: remove the salesman's mapped device ID. */
export const deleteSalesmanDevice = (country: CountryCode, smCode: string) =>
  apiRequest<SalesmanDeviceChangeResult>(BASE, {
    method: 'DELETE',
    countryCode: country,
    countryInQuery: true,
    query: { smCode },
  });

/** Export Device ID: the filtered list as CSV or XLSX, headers in the reader's language. */
export const exportSalesmanDevices = (
  country: CountryCode,
  criteria: SalesmanDeviceCriteria,
  format: 'csv' | 'xlsx',
  lang: 'en' | 'vi',
  options: { signal?: AbortSignal; onProgress?: (progress: DownloadProgress) => void },
): Promise<DownloadResult> => {
  const { path, query } = salesmanDeviceCall(criteria);
  return downloadAdminTable(
    path.replace(/(list|filterResult)$/, 'fileExport'),
    country,
    query,
    format,
    lang,
    options,
  );
};
