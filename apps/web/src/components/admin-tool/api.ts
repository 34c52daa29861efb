import type { CountryCode, DtFilterOptions, TablePage } from '@fieldforce/contracts';
import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import { apiDownload, apiRequest, type DownloadProgress, type DownloadResult } from '../../lib/api-client';

/** Query parameters of an admin table call; undefined ones are left out. */
export type TableCallQuery = Record<string, string | number | undefined>;

/** A page of an admin table as the server's registerAdminTable answers it (with `can` and `downloadCap`). */
export type AdminTablePage<Row> = TablePage<Row>;

/** The paging and sort every admin table keeps beside its own filters. */
export interface TablePaging {
  page: number;
  pageSize: number;
  sort: string;
}

/** One page of an admin table (the previous page stays on screen while the next one loads). */
export function useAdminTablePage<Row>(
  queryKey: QueryKey,
  country: CountryCode,
  call: { path: string; query: TableCallQuery },
  enabled = true,
) {
  return useQuery({
    queryKey,
    queryFn: ({ signal }) =>
      apiRequest<AdminTablePage<Row>>(call.path, {
        countryCode: country,
        countryInQuery: true,
        query: call.query,
        signal,
      }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/**
 * What the caller may filter a tool's table by (its filterOptions route): the DT codes and DT site codes,
 * and `choices` for the filters that offer a choice of values (Estimated Best Price's outlet types).
 */
export function useDtFilterOptions(queryKey: QueryKey, country: CountryCode, path: string, enabled = true) {
  return useQuery({
    queryKey,
    queryFn: ({ signal }) =>
      apiRequest<DtFilterOptions>(path, { countryCode: country, countryInQuery: true, signal }),
    staleTime: 5 * 60_000,
    enabled,
  });
}

/** A tool's export: the same filters as the list (no paging), the file format and the headers' language. */
export function downloadAdminTable(
  path: string,
  country: CountryCode,
  query: TableCallQuery,
  format: 'csv' | 'xlsx',
  lang: 'en' | 'vi',
  options: { signal?: AbortSignal; onProgress?: (progress: DownloadProgress) => void },
): Promise<DownloadResult> {
  const { page: _page, pageSize: _size, ...rest } = query;
  return apiDownload(path, {
    countryCode: country,
    countryInQuery: true,
    query: { ...rest, format, lang },
    ...options,
  });
}
