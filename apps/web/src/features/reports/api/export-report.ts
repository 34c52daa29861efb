import type { CountryCode, ReportKey } from '@fieldforce/contracts';
import { apiDownload, type DownloadProgress, type DownloadResult } from '../../../lib/api-client';
import type { ReportQueryParams } from './get-report-page';

export type ExportFormat = 'csv' | 'xlsx';

/** GET reports/:reportKey/export?format=csv|xlsx: the streamed file, with progress and abort. */
export function exportReport(
  reportKey: ReportKey,
  countryCode: CountryCode,
  format: ExportFormat,
  query: ReportQueryParams,
  options: { signal?: AbortSignal; onProgress?: (progress: DownloadProgress) => void } = {},
): Promise<DownloadResult> {
  return apiDownload(`reports/${reportKey}/export`, {
    countryCode,
    countryInQuery: true,
    query: { ...query, format },
    ...options,
  });
}
