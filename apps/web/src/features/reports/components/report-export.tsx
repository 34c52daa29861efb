import { EXPORT_LIMITS, type CountryCode, type ReportKey } from '@fieldforce/contracts';
import { useCallback, useState } from 'react';
import { Dialog } from '../../../components/dialog';
import { DownloadProgress } from '../../../components/download-progress';
import { Toast } from '../../../components/toast';
import { useT } from '../../../lib/i18n';
import type { ReportQueryParams } from '../api/get-report-page';
import { useReportDownload } from '../hooks/use-report-download';
import { localizeFigure } from '../../../lib/i18n/locale-format';

/** 'Download CSV' and 'Download XLSX', with the cap warning, progress, Cancel, failure and success toast. */
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
  const t = useT();
  const [toast, setToast] = useState<string | null>(null);
  const onSaved = useCallback((fileName: string) => setToast(t('download.done', { file: fileName })), [t]);
  const clearToast = useCallback(() => setToast(null), []);
  const { state, start, confirm, cancel } = useReportDownload({
    reportKey,
    country,
    query,
    total,
    downloadCap,
    onSaved,
  });
  const busy = state.phase === 'running';
  // Until the first byte comes the server is preparing the file: say how many rows it will hold
  // instead of "0 B received" (then the bytes and, for a CSV, the rows counted so far).
  const status =
    state.phase === 'running' && state.received === 0
      ? t('reports.download.preparing', {
          rows: localizeFigure(Math.min(total, downloadCap).toLocaleString('en-US')),
        })
      : null;

  return (
    <div className="report-export">
      <div className="report-export__buttons">
        <button
          type="button"
          className="button button--ghost"
          disabled={busy || total === 0}
          onClick={() => start('csv')}
        >
          {t('download.csv')}
        </button>
        <button
          type="button"
          className="button button--ghost"
          disabled={busy || total === 0}
          onClick={() => start('xlsx')}
        >
          {t('download.xlsx')}
        </button>
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
        <p className="report-message report-message--error" role="alert">
          {state.reason === 'userLimit'
            ? t('download.userLimit', { count: EXPORT_LIMITS.perUser })
            : t(state.reason === 'serverLimit' ? 'download.serverLimit' : 'download.interrupted')}
        </p>
      ) : null}
      {state.phase === 'confirm' ? (
        <Dialog title={t('download.capTitle')} onClose={cancel}>
          <p>{t('download.capRestricted', { cap: downloadCap })}</p>
          <p>
            {t('download.capCount', {
              total: localizeFigure(total.toLocaleString('en-US')),
              cap: localizeFigure(downloadCap.toLocaleString('en-US')),
            })}
          </p>
          <div className="dialog__actions report-export__dialog-actions">
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
