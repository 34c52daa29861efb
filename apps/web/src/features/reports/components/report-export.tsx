import type { CountryCode, ReportKey } from '@fieldforce/contracts';
import { useCallback } from 'react';
import { ExportButtons, type FileDownloadOptions, type FileFormat } from '../../../components/data-table';
import { exportReport } from '../api/export-report';
import type { ReportQueryParams } from '../api/get-report-page';
import { fallbackFileName } from '../download-rules';
import { track } from '../../../lib/usage';

/**
 * A report's 'Download CSV' and 'Download XLSX': the data table's export buttons (cap warning,
 * progress, Cancel, failure, toast) fetching `reports/:key/export` with the page's criteria.
 */
export function ReportExport({
  reportKey,
  country,
  query,
  total,
  downloadCap,
}: {
  reportKey: ReportKey;
  country: CountryCode;
  query: ReportQueryParams;
  total: number;
  downloadCap: number;
}) {
  const fetchFile = useCallback<FileDownloadOptions['fetchFile']>(
    (format, options) => exportReport(reportKey, country, format, query, options),
    [reportKey, country, query],
  );
  const fallbackName = useCallback(
    (format: FileFormat) =>
      fallbackFileName(reportKey, country, String(query.from ?? ''), String(query.to ?? ''), format),
    [reportKey, country, query],
  );
  return (
    <ExportButtons
      fetchFile={fetchFile}
      fallbackName={fallbackName}
      total={total}
      downloadCap={downloadCap}
      onSaved={(_name, format) =>
        track('download', { reportType: reportKey, format, rows: Math.min(total, downloadCap) })
      }
    />
  );
}
