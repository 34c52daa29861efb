import type {
  CountryCode,
  UpdateUserAccess,
  UserAccessDetail,
  UserAccessRow,
  UserActionResult,
} from '@fieldforce/contracts';
import { useQuery } from '@tanstack/react-query';
import {
  downloadAdminTable,
  useAdminTablePage,
  useDtFilterOptions,
  type TableCallQuery,
} from '../../../components/admin-tool/api';
import { apiRequest, type DownloadProgress, type DownloadResult } from '../../../lib/api-client';

/** The page's criteria: search, filters ('' = any), paging and sort. */
export interface UserAccessCriteria {
  search: string;
  role: string;
  ucube: '' | '0' | '1';
  reports: '' | '0' | '1';
  admin: '' | '0' | '1';
  dtCode: string;
  status: '' | 'active' | 'invited' | 'disabled';
  /** Last sign-in from / to (YYYY-MM-DD). */
  from: string;
  to: string;
  page: number;
  pageSize: number;
  sort: string;
}

export const FIRST_CRITERIA: UserAccessCriteria = {
  search: '',
  role: '',
  ucube: '',
  reports: '',
  admin: '',
  dtCode: '',
  status: '',
  from: '',
  to: '',
  page: 1,
  pageSize: 50,
  sort: '',
};

const BASE = 'admin/userAccess';
const orUndefined = (value: string) => (value.trim() === '' ? undefined : value.trim());

/** …/list without filters, …/filterResult with them (docs/admin.md, "User access"). */
export function userAccessCall(criteria: UserAccessCriteria): { path: string; query: TableCallQuery } {
  const filters: TableCallQuery = {
    filter_search: orUndefined(criteria.search),
    filter_role: orUndefined(criteria.role),
    filter_ucube: orUndefined(criteria.ucube),
    filter_reports: orUndefined(criteria.reports),
    filter_admin: orUndefined(criteria.admin),
    filter_dt_code: orUndefined(criteria.dtCode),
    filter_status: orUndefined(criteria.status),
    filter_last_login_from: orUndefined(criteria.from),
    filter_last_login_to: orUndefined(criteria.to),
  };
  const filtered = Object.values(filters).some((v) => v !== undefined);
  return {
    path: filtered ? `${BASE}/filterResult` : `${BASE}/list`,
    query: { ...filters, page: criteria.page, pageSize: criteria.pageSize, sort: criteria.sort || undefined },
  };
}

export const userAccessKeys = {
  all: (country: CountryCode) => ['admin', 'userAccess', country] as const,
  page: (country: CountryCode, criteria: UserAccessCriteria) =>
    ['admin', 'userAccess', country, 'page', criteria] as const,
  filters: (country: CountryCode) => ['admin', 'userAccess', country, 'filters'] as const,
  user: (country: CountryCode, userId: string) => ['admin', 'userAccess', country, 'user', userId] as const,
};

export const useUserAccessPage = (country: CountryCode, criteria: UserAccessCriteria) =>
  useAdminTablePage<UserAccessRow>(userAccessKeys.page(country, criteria), country, userAccessCall(criteria));

/** GET …/filters: the DT codes the caller may filter by. */
export const useUserAccessFilters = (country: CountryCode) =>
  useDtFilterOptions(userAccessKeys.filters(country), country, `${BASE}/filters`);

/** GET …/user: one user's access, what the caller may do and grant. */
export const useUserAccessDetail = (country: CountryCode, userId: string | null) =>
  useQuery({
    queryKey: userAccessKeys.user(country, userId ?? ''),
    queryFn: ({ signal }) =>
      apiRequest<UserAccessDetail>(`${BASE}/user`, {
        countryCode: country,
        countryInQuery: true,
        query: { userId: userId ?? '' },
        signal,
      }),
    enabled: userId !== null,
  });

/** PUT admin/userAccess: the changed fields of one user. */
export const saveUserAccess = (country: CountryCode, change: UpdateUserAccess): Promise<UserAccessDetail> =>
  apiRequest(BASE, { method: 'PUT', countryCode: country, countryInQuery: true, body: change });

/** POST …/deactivate, …/reactivate, …/endSessions. */
export const userAction = (
  country: CountryCode,
  action: 'deactivate' | 'reactivate' | 'endSessions',
  userId: string,
): Promise<UserActionResult> =>
  apiRequest(`${BASE}/${action}`, {
    method: 'POST',
    countryCode: country,
    countryInQuery: true,
    body: { userId },
  });

/** GET …/fileExport: the filtered users as CSV or XLSX, headers in the reader's language. */
export const exportUserAccess = (
  country: CountryCode,
  criteria: UserAccessCriteria,
  format: 'csv' | 'xlsx',
  lang: 'en' | 'vi',
  options: { signal?: AbortSignal; onProgress?: (progress: DownloadProgress) => void },
): Promise<DownloadResult> =>
  downloadAdminTable(`${BASE}/fileExport`, country, userAccessCall(criteria).query, format, lang, options);
