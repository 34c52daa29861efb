import { EXPORT_LIMITS } from '@fieldforce/contracts';
import { useCallback, useState } from 'react';
import { Dialog } from '../dialog';
import { DownloadProgress } from '../download-progress';
import { Toast } from '../toast';
import { useT } from '../../lib/i18n';
import { localizeFigure } from '../../lib/i18n/locale-format';
import { useFileDownload, type FileDownloadOptions, type FileFormat } from './use-file-download';

/**
 * 'Download CSV' / 'Download XLSX' for a data table: the cap warning when more rows match than the
 * file holds, streamed progress with Cancel ("Preparing N rows…" until the first byte, then bytes and
 * a CSV's rows), the failure message, and the 5 s toast once saved.
 */
export function ExportButtons({
  formats = ['csv', 'xlsx'],
  disabled,
  label,
  ...options
}: FileDownloadOptions & {
  formats?: readonly FileFormat[];
  disabled?: boolean;
  /** The tool's own words ('Export Outlets'): the buttons then read 'Export Outlets (CSV)'. */
  label?: string;
}) {
  const t = useT();
  const [toast, setToast] = useState<string | null>(null);
  const { onSaved } = options;
  const saved = useCallback(
    (fileName: string, format: FileFormat) => {
      setToast(t('download.done', { file: fileName }));
      onSaved?.(fileName, format);
    },
    [t, onSaved],
  );
  const clearToast = useCallback(() => setToast(null), []);
  const { state, start, confirm, cancel } = useFileDownload({ ...options, onSaved: saved });
  const busy = state.phase === 'running';
  const count = (n: number) => localizeFigure(n.toLocaleString('en-US'));
  // Until the first byte comes the server is preparing the file: say how many rows it will hold
  // instead of "0 B received" (then the bytes and, for a CSV, the rows counted so far).
  const status =
    state.phase === 'running' && state.received === 0
      ? t('download.preparing', { rows: count(Math.min(options.total, options.downloadCap)) })
      : null;

  return (
    <div className="dtable-export">
      <div className="dtable-export__buttons">
        {formats.map((format) => (
          <button
            key={format}
            type="button"
            className="button button--ghost"
            disabled={busy || disabled || options.total === 0}
            onClick={() => start(format)}
          >
            {label
              ? t('download.labelled', { label, format: format.toUpperCase() })
              : t(format === 'csv' ? 'download.csv' : 'download.xlsx')}
          </button>
        ))}
      </div>
      {state.phase === 'running' ? (
        <DownloadProgress
          label={t(state.format === 'csv' ? 'download.runningCsv' : 'download.runningXlsx')}
          received={state.received}
          total={state.total}
          rows={state.rows}
          status={status}
          onCancel={cancel}
        />
      ) : null}
      {state.phase === 'failed' ? (
        <p className="dtable-message dtable-message--error" role="alert">
          {state.reason === 'userLimit'
            ? t('download.userLimit', { count: EXPORT_LIMITS.perUser })
            : t(state.reason === 'serverLimit' ? 'download.serverLimit' : 'download.interrupted')}
        </p>
      ) : null}
      {state.phase === 'confirm' ? (
        <Dialog title={t('download.capTitle')} onClose={cancel}>
          <p>{t('download.capRestricted', { cap: options.downloadCap })}</p>
          <p>{t('download.capCount', { total: count(options.total), cap: count(options.downloadCap) })}</p>
          <div className="dialog__actions dtable-export__dialog-actions">
            <button type="button" className="button button--primary" onClick={confirm}>
              {t('download.continue')}
            </button>
            <button type="button" className="button button--ghost" onClick={cancel}>
              {t('download.cancel')}
            </button>
          </div>
        </Dialog>
      ) : null}
      <Toast message={toast} onDone={clearToast} />
    </div>
  );
}
