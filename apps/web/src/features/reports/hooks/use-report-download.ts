import type { CountryCode, ReportKey } from '@fieldforce/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isAbortError } from '../../../lib/api-client';
import { exportReport, type ExportFormat } from '../api/export-report';
import type { ReportQueryParams } from '../api/get-report-page';
import {
  countLineFeeds,
  downloadFailure,
  estimateCsvRows,
  fallbackFileName,
  needsCapWarning,
  type DownloadFailure,
} from '../download-rules';
import { saveBlob } from '../save-file';

export type DownloadState =
  | { phase: 'idle' }
  | { phase: 'confirm'; format: ExportFormat }
  | { phase: 'running'; format: ExportFormat; received: number; total: number | null; rows: number | null }
  | { phase: 'failed'; format: ExportFormat; reason: DownloadFailure };

interface Options {
  reportKey: ReportKey;
  country: CountryCode;
  query: ReportQueryParams;
  /** Rows matching now (from the page answer) and the server's cap. */
  total: number;
  downloadCap: number;
  onSaved(fileName: string): void;
}

/**
 * An export: the cap warning first when more rows match than the file can hold, then a streamed
 * download with progress, Cancel (AbortController), a failure state (saying when the server refused
 * because too many downloads run at once), and the save.
 */
export function useReportDownload({ reportKey, country, query, total, downloadCap, onSaved }: Options) {
  const [state, setState] = useState<DownloadState>({ phase: 'idle' });
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const run = useCallback(
    async (format: ExportFormat) => {
      controller.current?.abort();
      const abort = new AbortController();
      controller.current = abort;
      let lineFeeds = 0;
      setState({ phase: 'running', format, received: 0, total: null, rows: format === 'csv' ? 0 : null });
      try {
        const result = await exportReport(reportKey, country, format, query, {
          signal: abort.signal,
          onProgress: ({ received, total: length, chunk }) => {
            if (format === 'csv') lineFeeds += countLineFeeds(chunk);
            setState({
              phase: 'running',
              format,
              received,
              total: length,
              rows: format === 'csv' ? estimateCsvRows(lineFeeds, downloadCap) : null,
            });
          },
        });
        if (abort.signal.aborted) return;
        const name =
          result.fileName ??
          fallbackFileName(reportKey, country, String(query.from ?? ''), String(query.to ?? ''), format);
        saveBlob(result.blob, name);
        setState({ phase: 'idle' });
        onSaved(name);
      } catch (error) {
        if (abort.signal.aborted || isAbortError(error)) return;
        setState({ phase: 'failed', format, reason: downloadFailure(error) });
      } finally {
        if (controller.current === abort) controller.current = null;
      }
    },
    [reportKey, country, query, downloadCap, onSaved],
  );

  const start = useCallback(
    (format: ExportFormat) => {
      if (needsCapWarning(total, downloadCap)) setState({ phase: 'confirm', format });
      else void run(format);
    },
    [total, downloadCap, run],
  );

  const confirm = useCallback(() => {
    if (state.phase === 'confirm') void run(state.format);
  }, [state, run]);

  const cancel = useCallback(() => {
    controller.current?.abort();
    controller.current = null;
    setState({ phase: 'idle' });
  }, []);

  return { state, start, confirm, cancel };
}
