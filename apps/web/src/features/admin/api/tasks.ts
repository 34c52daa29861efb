import {
  TASK_API,
  type CountryCode,
  type SaveTaskResult,
  type TaskDetail,
  type TaskInput,
  type TaskOutletTypes,
  type TaskOutletRow,
  type TaskProgress,
  type TaskRow,
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
const BASE = TASK_API.replace(/^\/api\//, '');

export interface TaskCriteria extends TablePaging {
  search: string;
  kind: string;
  status: string;
  location: string;
  item: string;
  from: string;
  to: string;
}

/** …/list without filters, …/filterResult with them. */
export function taskCall(criteria: TaskCriteria): { path: string; query: TableCallQuery } {
  const filters: TableCallQuery = {
    search: criteria.search.trim() || undefined,
    filter_kind: criteria.kind || undefined,
    filter_status: criteria.status || undefined,
    filter_location: criteria.location.trim() || undefined,
    filter_item: criteria.item.trim() || undefined,
    filter_from: criteria.from || undefined,
    filter_to: criteria.to || undefined,
  };
  const filtered = Object.values(filters).some((v) => v !== undefined);
  return {
    path: `${BASE}/${filtered ? 'filterResult' : 'list'}`,
    query: { ...filters, page: criteria.page, pageSize: criteria.pageSize, sort: criteria.sort || undefined },
  };
}

export interface TaskOutletCriteria extends TablePaging {
  task: string;
  state: string;
  teamLeader: string;
  salesman: string;
}

export function taskOutletCall(criteria: TaskOutletCriteria): { path: string; query: TableCallQuery } {
  return {
    path: `${BASE}/outlets`,
    query: {
      task: criteria.task,
      filter_state: criteria.state || undefined,
      filter_team_leader: criteria.teamLeader || undefined,
      filter_salesman: criteria.salesman || undefined,
      page: criteria.page,
      pageSize: criteria.pageSize,
      sort: criteria.sort || undefined,
    },
  };
}

export const taskKeys = {
  all: (country: CountryCode) => ['admin', 'taskManagement', country] as const,
  page: (country: CountryCode, criteria: TaskCriteria) =>
    ['admin', 'taskManagement', country, 'page', criteria] as const,
  progress: (country: CountryCode, code: string) =>
    ['admin', 'taskManagement', country, 'progress', code] as const,
  outlets: (country: CountryCode, criteria: TaskOutletCriteria) =>
    ['admin', 'taskManagement', country, 'outlets', criteria] as const,
  outletTypes: (country: CountryCode) => ['admin', 'taskManagement', country, 'outletTypes'] as const,
};

export const useTaskPage = (country: CountryCode, criteria: TaskCriteria) =>
  useAdminTablePage<TaskRow>(taskKeys.page(country, criteria), country, taskCall(criteria));

export const useTaskOutlets = (country: CountryCode, criteria: TaskOutletCriteria) =>
  useAdminTablePage<TaskOutletRow>(taskKeys.outlets(country, criteria), country, taskOutletCall(criteria));

export const useTaskProgress = (country: CountryCode, code: string) =>
  useQuery({
    queryKey: taskKeys.progress(country, code),
    queryFn: ({ signal }) =>
      apiRequest<TaskProgress>(`${BASE}/${encodeURIComponent(code)}/progress`, {
        countryCode: country,
        countryInQuery: true,
        signal,
      }),
  });

/** GET …/tasks/outletTypes: the outlet types (each with its subtypes) the form offers. */
export const useTaskOutletTypes = (country: CountryCode) =>
  useQuery({
    queryKey: taskKeys.outletTypes(country),
    queryFn: ({ signal }) =>
      apiRequest<TaskOutletTypes>(`${BASE}/outletTypes`, {
        countryCode: country,
        countryInQuery: true,
        signal,
      }),
    staleTime: 5 * 60_000,
  });

/** GET …/tasks/{code}: the task as the form edits it. */
export const fetchTask = (country: CountryCode, code: string) =>
  apiRequest<TaskDetail>(`${BASE}/${encodeURIComponent(code)}`, {
    countryCode: country,
    countryInQuery: true,
  });

/** POST …/tasks (code null) or PUT …/tasks/{code}. */
export const saveTask = (country: CountryCode, code: string | null, body: TaskInput) =>
  apiRequest<SaveTaskResult>(code ? `${BASE}/${encodeURIComponent(code)}` : BASE, {
    method: code ? 'PUT' : 'POST',
    countryCode: country,
    countryInQuery: true,
    body,
  });

export const closeTask = (country: CountryCode, code: string) =>
  apiRequest<SaveTaskResult>(`${BASE}/${encodeURIComponent(code)}/close`, {
    method: 'POST',
    countryCode: country,
    countryInQuery: true,
    body: {},
  });

type Download = { signal?: AbortSignal; onProgress?: (progress: DownloadProgress) => void };

export const exportTasks = (
  country: CountryCode,
  criteria: TaskCriteria,
  format: 'csv' | 'xlsx',
  lang: 'en' | 'vi',
  options: Download,
): Promise<DownloadResult> =>
  downloadAdminTable(`${BASE}/fileExport`, country, taskCall(criteria).query, format, lang, options);

export const exportTaskOutlets = (
  country: CountryCode,
  criteria: TaskOutletCriteria,
  format: 'csv' | 'xlsx',
  lang: 'en' | 'vi',
  options: Download,
): Promise<DownloadResult> =>
  downloadAdminTable(
    `${BASE}/outlets/fileExport`,
    country,
    taskOutletCall(criteria).query,
    format,
    lang,
    options,
  );
