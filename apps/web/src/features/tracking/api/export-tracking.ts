import type { CountryCode } from '@fieldforce/contracts';
import { apiDownload, type DownloadProgress, type DownloadResult } from '../../../lib/api-client';

/** GET tracking/salesmen/export?date&format&lang: the all-salesman table as a file. */
export function exportTracking(
  country: CountryCode,
  date: string,
  format: 'csv' | 'xlsx',
  lang: 'en' | 'vi',
  smCodes: readonly string[],
  options: { signal?: AbortSignal; onProgress?: (progress: DownloadProgress) => void } = {},
): Promise<DownloadResult> {
  return apiDownload('tracking/salesmen/export', {
    countryCode: country,
    countryInQuery: true,
    query: {
      date,
      format,
      lang,
      // The table's filters narrow the file when they leave at most 10 salesmen (the filter's cap).
      ...(smCodes.length > 0 && smCodes.length <= 10 ? { filter_sm_code: smCodes.join(',') } : {}),
    },
    ...options,
  });
}
