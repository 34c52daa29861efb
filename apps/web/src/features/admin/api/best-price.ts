import {
  BEST_PRICE_API,
  type BestPriceRow,
  type CountryCode,
  type SaveBestPrice,
  type SaveBestPriceResult,
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
const BASE = BEST_PRICE_API.replace(/^\/api\//, '');

export interface BestPriceCriteria extends TablePaging {
  itemCodes: string[];
  outletType: string;
  /** '' all, '1' wide spread, '0' not. */
  flagged: '' | '0' | '1';
  /** '' all, '1' overridden, '0' not. */
  overridden: '' | '0' | '1';
}

/** …/list without filters, …/filterResult with them. */
export function bestPriceCall(criteria: BestPriceCriteria): { path: string; query: TableCallQuery } {
  const filters: TableCallQuery = {
    filter_item_code: criteria.itemCodes.length > 0 ? criteria.itemCodes.join(',') : undefined,
    filter_outlet_type: criteria.outletType.trim() || undefined,
    filter_flagged: criteria.flagged || undefined,
    filter_overridden: criteria.overridden || undefined,
  };
  const filtered = Object.values(filters).some((v) => v !== undefined);
  return {
    path: `${BASE}/${filtered ? 'filterResult' : 'list'}`,
    query: { ...filters, page: criteria.page, pageSize: criteria.pageSize, sort: criteria.sort || undefined },
  };
}

export const bestPriceKeys = {
  all: (country: CountryCode) => ['admin', 'estimatedBestPrice', country] as const,
  page: (country: CountryCode, criteria: BestPriceCriteria) =>
    ['admin', 'estimatedBestPrice', country, 'page', criteria] as const,
};

export const useBestPricePage = (country: CountryCode, criteria: BestPriceCriteria) =>
  useAdminTablePage<BestPriceRow>(bestPriceKeys.page(country, criteria), country, bestPriceCall(criteria));

/** GET …/filters: the outlet types of the market's prices (choices.filter_outlet_type). */
export const useBestPriceFilters = (country: CountryCode) =>
  useDtFilterOptions([...bestPriceKeys.all(country), 'filters'], country, `${BASE}/filters`);

/** PUT …/estimatedBestPrice: set (a price) or clear (null) one override. */
export const saveBestPrice = (country: CountryCode, body: SaveBestPrice) =>
  apiRequest<SaveBestPriceResult>(BASE, { method: 'PUT', countryCode: country, countryInQuery: true, body });

/** POST …/recompute: rebuild the estimates from the last 90 days' invoices. */
export const recomputeBestPrices = (country: CountryCode) =>
  apiRequest<{ estimates: number; asOf: string }>(`${BASE}/recompute`, {
    method: 'POST',
    countryCode: country,
    countryInQuery: true,
    body: {},
  });

/** The filtered list as CSV or XLSX, headers in the reader's language. */
export const exportBestPrice = (
  country: CountryCode,
  criteria: BestPriceCriteria,
  format: 'csv' | 'xlsx',
  lang: 'en' | 'vi',
  options: { signal?: AbortSignal; onProgress?: (progress: DownloadProgress) => void },
): Promise<DownloadResult> =>
  downloadAdminTable(`${BASE}/fileExport`, country, bestPriceCall(criteria).query, format, lang, options);
