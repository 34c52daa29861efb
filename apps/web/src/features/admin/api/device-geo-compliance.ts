import {
  DEVICE_GEO_API,
  type CountryCode,
  type DeviceGeoRow,
  type SaveDeviceGeo,
  type SaveDeviceGeoResult,
} from '@fieldforce/contracts';
import {
  downloadAdminTable,
  useAdminTablePage,
  useDtFilterOptions,
  type TableCallQuery,
  type TablePaging,
} from '../../../components/admin-tool/api';
import { apiRequest, type DownloadProgress, type DownloadResult } from '../../../lib/api-client';

/** The server's paths without the /api prefix (the api client adds it). */
const BASE = DEVICE_GEO_API.replace(/^\/api\//, '');

export interface DeviceGeoCriteria extends TablePaging {
  dtCode: string;
  smCodes: string[];
  /** '' every device, '1' required, '0' not required. */
  geo: '' | '0' | '1';
}

/** …/list without filters, …/filterResult with them. */
export function deviceGeoCall(criteria: DeviceGeoCriteria): { path: string; query: TableCallQuery } {
  const filters: TableCallQuery = {
    filter_dt_code: criteria.dtCode || undefined,
    filter_sm_code: criteria.smCodes.length > 0 ? criteria.smCodes.join(',') : undefined,
    filter_geo_compliance: criteria.geo || undefined,
  };
  const filtered = Object.values(filters).some((v) => v !== undefined);
  return {
    path: `${BASE}/${filtered ? 'filterResult' : 'list'}`,
    query: { ...filters, page: criteria.page, pageSize: criteria.pageSize, sort: criteria.sort || undefined },
  };
}

export const deviceGeoKeys = {
  all: (country: CountryCode) => ['admin', 'deviceGeoCompliance', country] as const,
  page: (country: CountryCode, criteria: DeviceGeoCriteria) =>
    ['admin', 'deviceGeoCompliance', country, 'page', criteria] as const,
  filters: (country: CountryCode) => ['admin', 'deviceGeoCompliance', country, 'filters'] as const,
};

export const useDeviceGeoPage = (country: CountryCode, criteria: DeviceGeoCriteria) =>
  useAdminTablePage<DeviceGeoRow>(deviceGeoKeys.page(country, criteria), country, deviceGeoCall(criteria));

export const useDeviceGeoFilters = (country: CountryCode) =>
  useDtFilterOptions(deviceGeoKeys.filters(country), country, `${BASE}/filters`);

/** PUT …/deviceGeoCompliance: one salesman device's check and radius. */
export const saveDeviceGeo = (country: CountryCode, body: SaveDeviceGeo) =>
  apiRequest<SaveDeviceGeoResult>(BASE, { method: 'PUT', countryCode: country, countryInQuery: true, body });

/** The filtered list as CSV or XLSX, headers in the reader's language. */
export const exportDeviceGeo = (
  country: CountryCode,
  criteria: DeviceGeoCriteria,
  format: 'csv' | 'xlsx',
  lang: 'en' | 'vi',
  options: { signal?: AbortSignal; onProgress?: (progress: DownloadProgress) => void },
): Promise<DownloadResult> =>
  downloadAdminTable(`${BASE}/fileExport`, country, deviceGeoCall(criteria).query, format, lang, options);
