import { useCallback, useEffect, useRef, useState } from 'react';
import { isAbortError, isApiError, type DownloadProgress, type DownloadResult } from '../../lib/api-client';
import { EXPORT_LIMIT_MESSAGES } from '@fieldforce/contracts';
import { saveBlob } from './save-file';

/** 429 names who is over the limit: this user's downloads, or the server's (issue 9). */
function failureOf(error: unknown): 'userLimit' | 'serverLimit' | 'interrupted' {
  if (!isApiError(error) || error.status !== 429) return 'interrupted';
  return error.shortDescription === EXPORT_LIMIT_MESSAGES.perUser ? 'userLimit' : 'serverLimit';
}

export type FileFormat = 'csv' | 'xlsx';

export type FileDownloadState =
  | { phase: 'idle' }
  | { phase: 'confirm'; format: FileFormat }
  | { phase: 'running'; format: FileFormat; received: number; total: number | null }
  | { phase: 'failed'; format: FileFormat; reason: 'userLimit' | 'serverLimit' | 'interrupted' };

export interface FileDownloadOptions {
  /** Fetches the file (apiDownload) with the abort signal and progress callback. */
  fetchFile(
    format: FileFormat,
    options: { signal: AbortSignal; onProgress(progress: DownloadProgress): void },
  ): Promise<DownloadResult>;
  fallbackName(format: FileFormat): string;
  /** Rows matching now and the server's cap: more than the cap asks first. */
  total: number;
  downloadCap: number;
  onSaved?(fileName: string, format: FileFormat): void;
}

/** A streamed export: the cap warning, progress, Cancel, failure, save. */
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
      setState({ phase: 'running', format, received: 0, total: null });
      try {
        const result = await fetchFile(format, {
          signal: abort.signal,
          onProgress: ({ received, total: length }) =>
            setState({ phase: 'running', format, received, total: length }),
        });
        if (abort.signal.aborted) return;
        const name = result.fileName ?? fallbackName(format);
        saveBlob(result.blob, name);
        setState({ phase: 'idle' });
        onSaved?.(name, format);
      } catch (error) {
        if (abort.signal.aborted || isAbortError(error)) return;
        setState({ phase: 'failed', format, reason: failureOf(error) });
      } finally {
        if (controller.current === abort) controller.current = null;
      }
    },
    [fetchFile, fallbackName, onSaved],
  );

  const start = useCallback(
    (format: FileFormat) => {
      if (total > downloadCap) setState({ phase: 'confirm', format });
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
