import {
  TASK_IMPORT_KIND,
  TASK_KINDS,
  TASK_MAX_BYTES,
  TASK_STATUSES,
  TASK_TEMPLATE_HEADERS,
  type TaskRow,
} from '@fieldforce/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { activityLogKey } from '../../../components/activity-log';
import { AdminFilters, AdminTableView, useChangedAt } from '../../../components/admin-tool';
import { CountdownPopup } from '../../../components/countdown-popup';
import type { DataTableColumn } from '../../../components/data-table';
import { DateRangeFields } from '../../../components/date-range-fields';
import { ConfirmDialog } from '../../../components/dialog';
import { FormField } from '../../../components/form-field';
import { useI18n, useT, type MessageKey } from '../../../lib/i18n';
import { useClientStore } from '../../../lib/store';
import { track } from '../../../lib/usage';
import { closeTask, exportTasks, taskKeys, useTaskPage, type TaskCriteria } from '../api/tasks';
import { AdminToolScreen } from './admin-tool-screen';
import { ChoiceField, showDay, taskItems, taskWhere } from './task-fields';
import { TaskFormDialog } from './task-form-dialog';
import { TaskProgressView } from './task-progress';
import './task-management.css';

const FIRST: TaskCriteria = {
  search: '',
  kind: '',
  status: '',
  location: '',
  item: '',
  from: '',
  to: '',
  page: 1,
  pageSize: 25,
  sort: '',
};

type Popup = { kind: 'success' | 'failure'; message: string };

/** /taskmanagment: tasks for salesmen at outlets, their progress from the visits, by hand or by template. */
export function TaskManagementPage() {
  return <AdminToolScreen screen="taskManagement" View={TaskView} />;
}

function TaskView() {
  const [open, setOpen] = useState<string | null>(null);
  // Back from a task's progress, focus returns to that task's Progress button in the list.
  const [back, setBack] = useState<string | null>(null);
  return open ? (
    <TaskProgressView
      code={open}
      onBack={() => {
        setBack(open);
        setOpen(null);
      }}
    />
  ) : (
    <TaskList onOpen={(code) => setOpen(code)} returnTo={back} />
  );
}

function TaskList({ onOpen, returnTo }: { onOpen(code: string): void; returnTo: string | null }) {
  const t = useT();
  const { language } = useI18n();
  const queryClient = useQueryClient();
  const changedAt = useChangedAt();
  const country = useClientStore((s) => s.selectedCountryCode);
  const [criteria, setCriteria] = useState<TaskCriteria>(FIRST);
  const [draft, setDraft] = useState<TaskCriteria>(FIRST);
  const [editing, setEditing] = useState<{ code: string | null } | null>(null);
  const [closing, setClosing] = useState<TaskRow | null>(null);
  const [busy, setBusy] = useState(false);
  const [popup, setPopup] = useState<Popup | null>(null);

  const result = useTaskPage(country, criteria);
  const can = result.data?.can;
  const returned = useRef(false);
  useEffect(() => {
    if (returned.current || !returnTo || !result.data) return;
    returned.current = true;
    const label = t('tasks.progressLabel', { code: returnTo });
    document.querySelector<HTMLElement>(`button[aria-label="${CSS.escape(label)}"]`)?.focus();
  }, [returnTo, result.data, t]);
  const kindLabel = (kind: string) => t(`tasks.kind.${kind}` as MessageKey);
  const statusLabel = (status: string) => t(`tasks.status.${status}` as MessageKey);
  const set = (patch: Partial<TaskCriteria>) => setDraft((d) => ({ ...d, ...patch }));

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: taskKeys.all(country) });
    void queryClient.invalidateQueries({ queryKey: activityLogKey('taskManagement', country) });
  };

  const columns: DataTableColumn<TaskRow>[] = [
    { key: 'code', header: t('tasks.col.code'), sortable: true, cell: (row) => row.code },
    {
      key: 'title',
      header: t('tasks.col.title'),
      sortable: true,
      cardTitle: true,
      cell: (row) => (
        <button type="button" className="link-button" onClick={() => onOpen(row.code)}>
          {row.title}
        </button>
      ),
    },
    { key: 'kind', header: t('tasks.col.kind'), sortable: true, cell: (row) => kindLabel(row.kind) },
    {
      key: 'status',
      header: t('tasks.col.status'),
      sortable: true,
      cell: (row) => (
        <span className={row.status === 'open' ? 'task-badge task-badge--open' : 'task-badge'}>
          {statusLabel(row.status)}
        </span>
      ),
    },
    {
      key: 'locationCode',
      header: t('tasks.col.where'),
      sortable: true,
      cell: (row) => taskWhere(row, t),
    },
    { key: 'itemCodes', header: t('tasks.col.items'), cell: (row) => taskItems(row) },
    {
      key: 'startDate',
      header: t('tasks.col.dates'),
      sortable: true,
      cell: (row) => `${showDay(row.startDate, language)} – ${showDay(row.endDate, language)}`,
    },
    {
      key: 'targets',
      header: t('tasks.col.targets'),
      sortable: true,
      numeric: true,
      cell: (row) => row.targets,
    },
    {
      key: 'actions',
      header: t('tasks.col.actions'),
      actions: true,
      cell: (row) => (
        <span className="task-actions">
          <button
            type="button"
            className="button button--ghost button--small"
            aria-label={t('tasks.progressLabel', { code: row.code })}
            onClick={() => onOpen(row.code)}
          >
            {t('tasks.progress')}
          </button>
          {can?.edit && row.status === 'open' ? (
            <>
              <button
                type="button"
                className="button button--ghost button--small"
                aria-label={t('tasks.editLabel', { code: row.code })}
                onClick={() => setEditing({ code: row.code })}
              >
                {t('tasks.edit')}
              </button>
              <button
                type="button"
                className="button button--ghost button--small"
                aria-label={t('tasks.closeLabel', { code: row.code })}
                onClick={() => setClosing(row)}
              >
                {t('tasks.close')}
              </button>
            </>
          ) : null}
        </span>
      ),
    },
    {
      key: 'createdAt',
      header: t('tasks.col.created'),
      sortable: true,
      cell: (row) => changedAt(row.createdAt, row.createdByName),
    },
  ];

  const describe = (entry: {
    action: string;
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
  }) => {
    const title = String(entry.after?.['title'] ?? entry.before?.['title'] ?? '');
    if (entry.action === 'task.create')
      return t('tasks.change.create', { title, targets: String(entry.after?.['targets'] ?? '') });
    if (entry.action === 'task.update')
      return t('tasks.change.update', {
        title,
        from: String(entry.before?.['targets'] ?? ''),
        to: String(entry.after?.['targets'] ?? ''),
      });
    return undefined;
  };

  return (
    <div className="admin-tool">
      <AdminFilters
        label={t('tasks.filters')}
        onSubmit={() => setCriteria((c) => ({ ...draft, page: 1, pageSize: c.pageSize, sort: c.sort }))}
        onReset={() => {
          setDraft(FIRST);
          setCriteria((c) => ({ ...FIRST, pageSize: c.pageSize }));
        }}
        submitLabel={t('tasks.apply')}
        resetLabel={t('tasks.reset')}
      >
        <FormField
          className="admin-filters__search"
          label={t('tasks.search')}
          hint={t('tasks.searchHint')}
          value={draft.search}
          maxLength={100}
          onChange={(e) => set({ search: e.target.value })}
        />
        <ChoiceField
          label={t('tasks.kind')}
          value={draft.kind}
          onChange={(kind) => set({ kind })}
          allLabel={t('tasks.all')}
          choices={TASK_KINDS.map((k) => ({ value: k, label: kindLabel(k) }))}
        />
        <ChoiceField
          label={t('tasks.status')}
          value={draft.status}
          onChange={(status) => set({ status })}
          allLabel={t('tasks.all')}
          choices={TASK_STATUSES.map((s) => ({ value: s, label: statusLabel(s) }))}
        />
        <FormField
          label={t('tasks.location')}
          value={draft.location}
          maxLength={40}
          onChange={(e) => set({ location: e.target.value })}
        />
        <FormField
          label={t('tasks.item')}
          value={draft.item}
          maxLength={40}
          onChange={(e) => set({ item: e.target.value })}
        />
        <DateRangeFields
          fromLabel={t('tasks.from')}
          toLabel={t('tasks.to')}
          from={draft.from}
          to={draft.to}
          linked
          checkBounds={false}
          onChange={set}
        />
      </AdminFilters>

      <AdminTableView<TaskRow>
        tool="taskManagement"
        country={country}
        result={result}
        paging={criteria}
        onPagingChange={(paging) => setCriteria((c) => ({ ...c, ...paging }))}
        caption={t('tasks.caption')}
        columns={columns}
        rowKey={(row) => row.code}
        refreshKey={taskKeys.all(country)}
        toolbar={
          can?.edit ? (
            <button
              type="button"
              className="button button--primary"
              onClick={() => setEditing({ code: null })}
            >
              {t('tasks.new')}
            </button>
          ) : null
        }
        upload={{
          kind: TASK_IMPORT_KIND,
          label: t('tasks.upload'),
          title: t('tasks.uploadTitle'),
          templateHeaders: TASK_TEMPLATE_HEADERS,
          templateName: 'task_template.csv',
          maxBytes: TASK_MAX_BYTES,
        }}
        export={{
          fetchFile: (format, options) => exportTasks(country, criteria, format, language, options),
          fallbackName: (format) => `tasks_${country}.${format}`,
        }}
        activity={{
          actionLabel: (action) =>
            ({
              'task.create': t('tasks.action.create'),
              'task.update': t('tasks.action.update'),
              'task.close': t('tasks.action.close'),
              'task.import': t('tasks.action.import'),
            })[action],
          describe,
        }}
      />

      {editing ? (
        <TaskFormDialog
          country={country}
          code={editing.code}
          onClose={() => setEditing(null)}
          onSaved={(task) => {
            track('save', { tool: 'taskManagement', count: 1 });
            setEditing(null);
            setPopup({
              kind: 'success',
              message: t('tasks.form.saved', { code: task.code, targets: task.targets }),
            });
            refresh();
          }}
        />
      ) : null}
      {closing ? (
        <ConfirmDialog
          title={t('tasks.closeTitle', { code: closing.code })}
          confirmLabel={t('tasks.closeConfirm')}
          danger
          busy={busy}
          onCancel={() => setClosing(null)}
          onConfirm={async () => {
            setBusy(true);
            try {
              await closeTask(country, closing.code);
              track('save', { tool: 'taskManagement', count: 1 });
              setPopup({ kind: 'success', message: t('tasks.closed', { code: closing.code }) });
            } catch {
              setPopup({ kind: 'failure', message: t('tasks.closeFailed') });
            }
            setBusy(false);
            setClosing(null);
            refresh();
          }}
        >
          <p>{t('tasks.closeBody', { title: closing.title })}</p>
        </ConfirmDialog>
      ) : null}
      {popup ? (
        <CountdownPopup kind={popup.kind} message={popup.message} onClose={() => setPopup(null)} />
      ) : null}
    </div>
  );
}
