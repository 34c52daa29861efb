import type { ActivityEntry, AdminToolKey, CountryCode, TablePage } from '@fieldforce/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { apiRequest } from '../../lib/api-client';
import { formatInstant, useI18n, useT } from '../../lib/i18n';
import { DataTable, nextSort, parseSort, type DataTableColumn } from '../data-table';
import { Dialog } from '../dialog';
import { EmailText } from '../email-text';
import { LoadingStatus } from '../loading-status';
import './activity-log.css';

export type ActivityLogPage = TablePage<ActivityEntry>;

/** GET admin/activityLog?tool=…: one page of the tool's audit entries, newest first by default. */
export function getActivityLog(
  tool: AdminToolKey,
  country: CountryCode,
  query: { page: number; pageSize: number; sort?: string },
  signal?: AbortSignal,
): Promise<ActivityLogPage> {
  return apiRequest('admin/activityLog', {
    countryCode: country,
    countryInQuery: true,
    query: { tool, ...query },
    signal,
  });
}

export const activityLogKey = (tool: AdminToolKey, country: CountryCode) => [
  'admin',
  'activityLog',
  country,
  tool,
];

/** "status: 1 → 0" for each field the change touched. */
export function describeChange(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): string {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  const show = (value: unknown) =>
    value === undefined || value === null
      ? '—'
      : typeof value === 'object'
        ? JSON.stringify(value)
        : String(value);
  return keys
    .filter((key) => JSON.stringify(before?.[key]) !== JSON.stringify(after?.[key]))
    .map((key) => `${key}: ${show(before?.[key])} → ${show(after?.[key])}`)
    .join('; ');
}

/** An applied file's counts (the import pipeline's audit entry), in words. */
function useImportSummary() {
  const t = useT();
  return (entry: ActivityEntry): string | undefined => {
    const after = entry.after;
    if (!entry.importId || !after || typeof after.rows !== 'number') return undefined;
    const n = (key: string) => (typeof after[key] === 'number' ? (after[key] as number) : 0);
    return t('activity.importSummary', {
      rows: n('rows'),
      created: n('created'),
      updated: n('updated'),
      unchanged: n('unchanged'),
    });
  };
}

/**
 * What an entry changed, for people: the name (an outlet's, a salesman's, a user's) over the code or
 * email the log keeps, which wraps where an address may.
 */
export function ActivityTarget({ entry }: { entry: ActivityEntry }) {
  if (!entry.target) return <>—</>;
  const code = entry.target.includes('@') ? <EmailText email={entry.target} /> : entry.target;
  if (!entry.targetName) return <span className="activity__target">{code}</span>;
  return (
    <span className="activity__target">
      <span>{entry.targetName}</span>
      <span className="activity__code">{code}</span>
    </span>
  );
}

/** The Activity Log of one admin tool: who changed what and when, over the data table, in a dialog. */
export function ActivityLogDialog({
  tool,
  country,
  onClose,
  actionLabel,
  describe,
}: {
  tool: AdminToolKey;
  country: CountryCode;
  onClose(): void;
  /** The tool's words for its audit actions ('outlet.status.update' → 'Status changed'). */
  actionLabel?: (action: string) => string | undefined;
  /** The tool's words for one entry's change; undefined falls back to the generic description. */
  describe?: (entry: ActivityEntry) => string | undefined;
}) {
  const t = useT();
  const importSummary = useImportSummary();
  const { language } = useI18n();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(25);
  const [sort, setSort] = useState('-at');
  const result = useQuery({
    queryKey: [...activityLogKey(tool, country), { page, pageSize, sort }],
    queryFn: ({ signal }) => getActivityLog(tool, country, { page, pageSize, sort }, signal),
    placeholderData: keepPreviousData,
  });
  const columns: DataTableColumn<ActivityEntry>[] = [
    {
      key: 'at',
      header: t('activity.at'),
      sortable: true,
      cell: (row) => formatInstant(row.at, { language }),
    },
    {
      key: 'actorName',
      header: t('activity.actor'),
      sortable: true,
      cell: (row) => <span title={row.actorEmail}>{row.actorName}</span>,
    },
    {
      key: 'action',
      header: t('activity.action'),
      sortable: true,
      cell: (row) => <span title={row.action}>{actionLabel?.(row.action) ?? row.action}</span>,
    },
    { key: 'target', header: t('activity.target'), cell: (row) => <ActivityTarget entry={row} /> },
    {
      key: 'change',
      header: t('activity.change'),
      cell: (row) => (
        <span className="activity__change">
          {describe?.(row) ?? importSummary(row) ?? (describeChange(row.before, row.after) || '—')}
        </span>
      ),
    },
    { key: 'fileName', header: t('activity.file'), cell: (row) => row.fileName ?? '—' },
  ];
  const data = result.data;
  // A page without any uploaded file has no File column (a column of dashes, a dash line on each card).
  const shown = data?.rows.some((row) => row.fileName)
    ? columns
    : columns.filter((c) => c.key !== 'fileName');
  return (
    <Dialog title={t('activity.title')} onClose={onClose} className="activity-dialog">
      {result.isPending ? <LoadingStatus label={t('table.loading')} /> : null}
      {result.isError ? (
        <p className="dtable-message dtable-message--error" role="alert">
          {t('table.error')}
        </p>
      ) : null}
      {data ? (
        <DataTable<ActivityEntry>
          caption={t('activity.caption')}
          emptyText={t('activity.empty')}
          columns={shown}
          rows={data.rows}
          rowKey={(row) => row.id}
          total={data.total}
          page={data.page}
          pageSize={data.pageSize}
          onPageChange={setPage}
          onPageSizeChange={(size) => {
            setPageSize(size);
            setPage(1);
          }}
          pageSizes={[25, 50, 100]}
          sort={parseSort(sort)}
          onSort={(key) => {
            setSort(nextSort(sort, key));
            setPage(1);
          }}
          busy={result.isFetching}
          maxHeight={420}
        />
      ) : null}
    </Dialog>
  );
}
