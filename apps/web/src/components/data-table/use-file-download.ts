import { useCallback, useEffect, useRef, useState } from 'react';
import { isAbortError, type DownloadProgress, type DownloadResult } from '../../lib/api-client';
import {
  countLineFeeds,
  downloadFailure,
  estimateCsvRows,
  needsCapWarning,
  type DownloadFailure,
} from './download-rules';
import { saveBlob } from './save-file';

export type FileFormat = 'csv' | 'xlsx';

export type FileDownloadState =
  | { phase: 'idle' }
  | { phase: 'confirm'; format: FileFormat }
  /** `rows`: a CSV's rows so far, counted from its line feeds (null for XLSX). */
  | { phase: 'running'; format: FileFormat; received: number; total: number | null; rows: number | null }
  | { phase: 'failed'; format: FileFormat; reason: DownloadFailure };

export interface FileDownloadOptions {
  /** Fetches the file (apiDownload) with the abort signal and progress callback. */
  fetchFile(
    format: FileFormat,
    options: { signal: AbortSignal; onProgress(progress: DownloadProgress): void },
  ): Promise<DownloadResult>;
  /** The file's name when the server named none. */
  fallbackName(format: FileFormat): string;
  /** Rows matching now and the server's cap: more than the cap asks first. */
  total: number;
  downloadCap: number;
  onSaved?(fileName: string, format: FileFormat): void;
}

/**
 * A streamed export: the cap warning first when more rows match than the file can hold, then the
 * download with progress (bytes, and a CSV's rows so far), Cancel (AbortController), a failure state
 * (saying when the server refused because too many downloads run at once), and the save.
 */
export function useFileDownload({
  fetchFile,
  fallbackName,
  total,
  downloadCap,
  onSaved,
}: FileDownloadOptions) {
  const [state, setState] = useState<FileDownloadState>({ phase: 'idle' });
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const run = useCallback(
    async (format: FileFormat) => {
      controller.current?.abort();
      const abort = new AbortController();
      controller.current = abort;
      const csv = format === 'csv';
      let lineFeeds = 0;
      setState({ phase: 'running', format, received: 0, total: null, rows: csv ? 0 : null });
      try {
        const result = await fetchFile(format, {
          signal: abort.signal,
          onProgress: ({ received, total: length, chunk }) => {
            if (csv) lineFeeds += countLineFeeds(chunk);
            setState({
              phase: 'running',
              format,
              received,
              total: length,
              rows: csv ? estimateCsvRows(lineFeeds, downloadCap) : null,
            });
          },
        });
        if (abort.signal.aborted) return;
        const name = result.fileName ?? fallbackName(format);
        saveBlob(result.blob, name);
        setState({ phase: 'idle' });
        onSaved?.(name, format);
      } catch (error) {
        if (abort.signal.aborted || isAbortError(error)) return;
        setState({ phase: 'failed', format, reason: downloadFailure(error) });
      } finally {
        if (controller.current === abort) controller.current = null;
      }
    },
    [fetchFile, fallbackName, downloadCap, onSaved],
  );

  const start = useCallback(
    (format: FileFormat) => {
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
