import type { ActivityEntry, AdminToolKey, CountryCode, ImportJob, ImportKind } from '@fieldforce/contracts';
import { useQueryClient, type QueryKey, type UseQueryResult } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ActivityLogDialog, activityLogKey } from '../activity-log';
import { DataTable, ExportButtons, nextSort, parseSort, type DataTableColumn } from '../data-table';
import { LoadingStatus } from '../loading-status';
import { Toast } from '../toast';
import { UploadDialog } from '../upload';
import { formatInstant, useI18n, useT } from '../../lib/i18n';
import { track } from '../../lib/usage';
import type { DownloadProgress, DownloadResult } from '../../lib/api-client';
import type { AdminTablePage, TablePaging } from './api';
import './admin-tool.css';

export interface AdminUpload {
  kind: ImportKind;
  /** The toolbar button ('Bulk Update'). */
  label: string;
  /** The dialog's title. */
  title: string;
  templateHeaders: readonly string[];
  templateName: string;
  maxBytes: number;
  extensions?: readonly string[];
  noSpacesInName?: boolean;
  onEvent?(event: 'upload' | 'downloadErrors' | 'apply'): void;
}

export interface AdminTableViewProps<Row> {
  tool: AdminToolKey;
  country: CountryCode;
  /** The page query (useAdminTablePage). */
  result: UseQueryResult<AdminTablePage<Row>>;
  paging: TablePaging;
  onPagingChange(paging: TablePaging): void;
  caption: string;
  columns: DataTableColumn<Row>[];
  rowKey(row: Row): string;
  rowClassName?(row: Row): string | undefined;
  /** What to refresh after a file is applied (the tool's queries; the Activity Log is refreshed too). */
  refreshKey: QueryKey;
  upload?: AdminUpload;
  export?: {
    fetchFile(
      format: 'csv' | 'xlsx',
      options: { signal?: AbortSignal; onProgress?: (progress: DownloadProgress) => void },
    ): Promise<DownloadResult>;
    fallbackName(format: 'csv' | 'xlsx'): string;
    /** The tool's words for the buttons ('Export Outlets'); else 'Download CSV' / 'Download XLSX'. */
    label?: string;
    onSaved?(fileName: string, format: 'csv' | 'xlsx'): void;
  };
  /** The tool's words for its Activity Log entries. */
  activity: {
    actionLabel?(action: string): string | undefined;
    describe?(entry: ActivityEntry): string | undefined;
  };
  /** More toolbar buttons before Bulk Update / Activity Log / Export. */
  toolbar?: ReactNode;
}

/**
 * The read side of an admin tool's screen, the same for every tool: the table (server paging,
 * sorting, column chooser) with its loading and error states, and a toolbar with Bulk Update (the
 * shared upload dialog; after a file is applied, a 5-second toast and the tool's list and Activity
 * Log refreshed), Activity Log and Export (CSV and XLSX with progress), each shown only when the
 * server's `can` allows it. A tool gives its columns, its calls and its words. Uploads (each step)
 * and downloads send their usage events here, for every tool; a tool sends its own 'save' events.
 */
export function AdminTableView<Row>(props: AdminTableViewProps<Row>) {
  const t = useT();
  const queryClient = useQueryClient();
  const { result, paging, onPagingChange, tool, country } = props;
  const data = result.data;
  const [hidden, setHidden] = useState<string[]>([]);
  const [dialog, setDialog] = useState<'upload' | 'activity' | null>(null);
  const [toast, setToast] = useState<string | null>(null);
  const upload = props.upload;
  const exp = props.export;

  const applied = (_job: ImportJob) => {
    setToast(t('upload.success'));
    void queryClient.invalidateQueries({ queryKey: props.refreshKey });
    void queryClient.invalidateQueries({ queryKey: activityLogKey(tool, country) });
  };

  return (
    <>
      {result.isPending ? <LoadingStatus label={t('table.loading')} /> : null}
      {result.isError ? (
        <div className="dtable-message dtable-message--error" role="alert">
          <p>{t('table.error')}</p>
          <button type="button" className="button button--ghost" onClick={() => void result.refetch()}>
            {t('common.retry')}
          </button>
        </div>
      ) : null}
      {data ? (
        <DataTable<Row>
          caption={props.caption}
          columns={props.columns}
          rows={data.rows}
          rowKey={props.rowKey}
          rowClassName={props.rowClassName}
          total={data.total}
          page={data.page}
          pageSize={data.pageSize}
          onPageChange={(page) => onPagingChange({ ...paging, page })}
          onPageSizeChange={(pageSize) => onPagingChange({ ...paging, pageSize, page: 1 })}
          sort={parseSort(paging.sort || data.sort)}
          onSort={(key) =>
            onPagingChange({ ...paging, sort: nextSort(paging.sort || data.sort, key), page: 1 })
          }
          hidden={hidden}
          onHiddenChange={setHidden}
          busy={result.isFetching}
          toolbar={
            <>
              {props.toolbar}
              {upload && data.can.upload ? (
                <button type="button" className="button button--ghost" onClick={() => setDialog('upload')}>
                  {upload.label}
                </button>
              ) : null}
              <button type="button" className="button button--ghost" onClick={() => setDialog('activity')}>
                {t('activity.button')}
              </button>
              {exp && data.can.export ? (
                <ExportButtons
                  formats={['csv', 'xlsx']}
                  total={data.total}
                  downloadCap={data.downloadCap}
                  fetchFile={exp.fetchFile}
                  fallbackName={exp.fallbackName}
                  label={exp.label}
                  onSaved={(fileName, format) => {
                    track('download', { tool, format, rows: Math.min(data.total, data.downloadCap) });
                    exp.onSaved?.(fileName, format);
                  }}
                />
              ) : null}
            </>
          }
        />
      ) : null}
      {upload && dialog === 'upload' ? (
        <UploadDialog
          kind={upload.kind}
          title={upload.title}
          country={country}
          templateHeaders={upload.templateHeaders}
          templateName={upload.templateName}
          maxBytes={upload.maxBytes}
          extensions={upload.extensions}
          noSpacesInName={upload.noSpacesInName}
          onEvent={(event) => {
            track('upload', { tool, step: event, kind: upload.kind });
            upload.onEvent?.(event);
          }}
          onClose={() => setDialog(null)}
          onApplied={applied}
        />
      ) : null}
      {dialog === 'activity' ? (
        <ActivityLogDialog
          tool={tool}
          country={country}
          onClose={() => setDialog(null)}
          actionLabel={props.activity.actionLabel}
          describe={props.activity.describe}
        />
      ) : null}
      <Toast message={toast} kind="success" onDone={() => setToast(null)} />
    </>
  );
}

/**
 * The date and time of a row's last change, with who made it ("21-Nov-26 | 09:30 · Lan Nguyen";
 * "21/11/2026 | 09:30 · …" in Vietnamese), in the reader's time zone; '--' when there is none.
 */
export function useChangedAt(): (at: string | null | undefined, by?: string | null) => string {
  const { language } = useI18n();
  return (at, by) => `${formatInstant(at, { language })}${at && by ? ` · ${by}` : ''}`;
}
