import {
  MERCH_API,
  type CountryCode,
  type MerchCompliance,
  type MerchSaveResult,
  type MerchSetDetail,
  type MerchSetFilters,
  type MerchSetRow,
  type MerchSetState,
  type NewMerchVersion,
  type RemoveMerchOutlet,
  type SaveMerchDisplay,
  type SaveMerchOutlet,
  type SaveMerchSet,
} from '@fieldforce/contracts';
import { useQuery } from '@tanstack/react-query';
import {
  downloadAdminTable,
  useAdminTablePage,
  type TableCallQuery,
  type TablePaging,
} from '../../../components/admin-tool/api';
import { apiRequest, type DownloadProgress, type DownloadResult } from '../../../lib/api-client';

/** The server's paths without the /api prefix (the api client adds it). */
const BASE = MERCH_API.replace(/^\/api\//, '');

export interface MerchSetCriteria extends TablePaging {
  search: string;
  subRegion: string;
  buAssetType: string;
  state: '' | MerchSetState;
}

/** …/list without filters, …/filterResult with them. */
export function merchSetCall(criteria: MerchSetCriteria): { path: string; query: TableCallQuery } {
  const filters: TableCallQuery = {
    filter_search: criteria.search.trim() || undefined,
    filter_sub_region: criteria.subRegion || undefined,
    filter_bu_asset_type: criteria.buAssetType || undefined,
    filter_state: criteria.state || undefined,
  };
  const filtered = Object.values(filters).some((v) => v !== undefined);
  return {
    path: `${BASE}/${filtered ? 'filterResult' : 'list'}`,
    query: { ...filters, page: criteria.page, pageSize: criteria.pageSize, sort: criteria.sort || undefined },
  };
}

export const merchKeys = {
  all: (country: CountryCode) => ['admin', 'merchandizingSets', country] as const,
  page: (country: CountryCode, criteria: MerchSetCriteria) =>
    ['admin', 'merchandizingSets', country, 'page', criteria] as const,
  filters: (country: CountryCode) => ['admin', 'merchandizingSets', country, 'filters'] as const,
  set: (country: CountryCode, setId: string, version?: number) =>
    ['admin', 'merchandizingSets', country, 'set', setId, version ?? 'current'] as const,
  compliance: (country: CountryCode, setId: string, version?: number) =>
    ['admin', 'merchandizingSets', country, 'compliance', setId, version ?? 'current'] as const,
};

export const useMerchSetPage = (country: CountryCode, criteria: MerchSetCriteria) =>
  useAdminTablePage<MerchSetRow>(merchKeys.page(country, criteria), country, merchSetCall(criteria));

export const useMerchSetFilters = (country: CountryCode) =>
  useQuery({
    queryKey: merchKeys.filters(country),
    queryFn: ({ signal }) =>
      apiRequest<MerchSetFilters>(`${BASE}/filters`, { countryCode: country, countryInQuery: true, signal }),
    staleTime: 60_000,
  });

export const useMerchSet = (country: CountryCode, setId: string, version?: number) =>
  useQuery({
    queryKey: merchKeys.set(country, setId, version),
    queryFn: ({ signal }) =>
      apiRequest<MerchSetDetail>(`${BASE}/set`, {
        countryCode: country,
        countryInQuery: true,
        query: { setId, version },
        signal,
      }),
  });

export const useMerchCompliance = (country: CountryCode, setId: string, version?: number) =>
  useQuery({
    queryKey: merchKeys.compliance(country, setId, version),
    queryFn: ({ signal }) =>
      apiRequest<MerchCompliance>(`${BASE}/compliance`, {
        countryCode: country,
        countryInQuery: true,
        query: { setId, version },
        signal,
      }),
  });

const post = <B>(country: CountryCode, path: string, body: B) =>
  apiRequest<MerchSaveResult>(`${BASE}/${path}`, {
    method: 'POST',
    countryCode: country,
    countryInQuery: true,
    body,
  });

export const saveMerchSet = (country: CountryCode, body: SaveMerchSet) => post(country, 'set', body);
export const saveMerchDisplay = (country: CountryCode, body: SaveMerchDisplay) =>
  post(country, 'display', body);
export const saveMerchOutlet = (country: CountryCode, body: SaveMerchOutlet) => post(country, 'outlet', body);
export const newMerchVersion = (country: CountryCode, body: NewMerchVersion) =>
  post(country, 'version', body);
export const removeMerchOutlet = (country: CountryCode, body: RemoveMerchOutlet) =>
  apiRequest<MerchSaveResult>(`${BASE}/outlet`, {
    method: 'DELETE',
    countryCode: country,
    countryInQuery: true,
    query: { setId: body.setId, displayId: body.displayId, outletCode: body.outletCode },
  });

/** The filtered sets as CSV or XLSX, headers in the reader's language. */
export const exportMerchSets = (
  country: CountryCode,
  criteria: MerchSetCriteria,
  format: 'csv' | 'xlsx',
  lang: 'en' | 'vi',
  options: { signal?: AbortSignal; onProgress?: (progress: DownloadProgress) => void },
): Promise<DownloadResult> =>
  downloadAdminTable(`${BASE}/fileExport`, country, merchSetCall(criteria).query, format, lang, options);
