import {
  TASK_OUTLET_STATES,
  type TaskCounts,
  type TaskOutletRow,
  type TaskProgress,
  type TaskTeamRow,
} from '@fieldforce/contracts';
import { useEffect, useRef, useState } from 'react';
import { AdminTableView } from '../../../components/admin-tool';
import type { DataTableColumn } from '../../../components/data-table';
import { useI18n, useT, type MessageKey } from '../../../lib/i18n';
import { dataWord } from '../../../lib/i18n/terms';
import { useClientStore } from '../../../lib/store';
import {
  exportTaskOutlets,
  taskKeys,
  useTaskOutlets,
  useTaskProgress,
  type TaskOutletCriteria,
} from '../api/tasks';
import { ChoiceField, showDay } from './task-fields';

const SEGMENTS = ['done', 'notDone', 'notReached'] as const;

/** One task's progress: the bar of done / not done / not reached, the teams, and the outlets drill-down. */
export function TaskProgressView({ code, onBack }: { code: string; onBack(): void }) {
  const t = useT();
  const country = useClientStore((s) => s.selectedCountryCode);
  const progress = useTaskProgress(country, code);
  const [drill, setDrill] = useState<{ teamLeader: string; salesman: string; name: string } | null>(null);

  return (
    <div className="admin-tool task-progress">
      <p className="task-progress__back">
        <button type="button" className="link-button" onClick={onBack}>
          <span aria-hidden="true">←</span> {t('tasks.back')}
        </button>
      </p>
      {progress.isPending ? <p role="status">{t('common.loading')}</p> : null}
      {progress.isError ? (
        <div className="dtable-message dtable-message--error" role="alert">
          <p>{t('tasks.loadFailed')}</p>
          <button type="button" className="button button--ghost" onClick={() => void progress.refetch()}>
            {t('common.retry')}
          </button>
        </div>
      ) : null}
      {progress.data ? (
        <>
          <TaskHeading progress={progress.data} />
          <ProgressBar counts={progress.data.overall} />
          <TeamTable
            teams={progress.data.teams}
            overall={progress.data.overall}
            onDrill={(d) => setDrill(d)}
          />
          <TaskOutlets
            key={`${drill?.teamLeader ?? ''}|${drill?.salesman ?? ''}`}
            code={code}
            drill={drill}
            onAll={() => setDrill(null)}
          />
        </>
      ) : null}
    </div>
  );
}

function TaskHeading({ progress }: { progress: TaskProgress }) {
  const { t, language } = useI18n();
  // The list was replaced by this view: the reader (and a screen reader) starts at the task's heading.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const task = progress.task;
  const where = task.locationCode
    ? [
        t('tasks.whereLocation', { location: task.locationCode }),
        ...task.outletTypes.map((w) => dataWord(w, t)),
        ...task.outletSubtypes.map((w) => dataWord(w, t)),
      ].join(' · ')
    : t('tasks.whereCustomers', { count: task.customerCodes.length });
  return (
    <section className="task-heading" aria-labelledby="task-heading-title">
      <h2 id="task-heading-title" ref={heading} tabIndex={-1}>
        {t('tasks.progressTitle', { code: task.code, title: task.title })}
      </h2>
      <p>
        <span className={task.status === 'open' ? 'task-badge task-badge--open' : 'task-badge'}>
          {t(`tasks.status.${task.status}` as MessageKey)}
        </span>{' '}
        {t('tasks.summary', {
          kind: t(`tasks.kind.${task.kind}` as MessageKey),
          start: showDay(task.startDate, language),
          end: showDay(task.endDate, language),
          where,
        })}
      </p>
      {task.itemCodes.length > 0 ? <p>{t('tasks.itemsLine', { items: task.itemCodes.join(', ') })}</p> : null}
      {task.description ? <p className="task-heading__description">{task.description}</p> : null}
      {progress.limitedToScope ? <p className="field__hint">{t('tasks.scopeNote')}</p> : null}
    </section>
  );
}

/** The overall figures as one stacked bar, with its summary in words for screen readers and everyone. */
export function ProgressBar({ counts }: { counts: TaskCounts }) {
  const t = useT();
  const { language } = useI18n();
  const pct = new Intl.NumberFormat(language === 'vi' ? 'vi-VN' : 'en-GB', {
    style: 'percent',
    maximumFractionDigits: 0,
  });
  const share = (n: number) => (counts.targeted > 0 ? n / counts.targeted : 0);
  if (counts.targeted === 0) return <p>{t('tasks.noTargets')}</p>;
  const summary = t('tasks.chartSummary', {
    done: counts.done,
    donePct: pct.format(share(counts.done)),
    notDone: counts.notDone,
    notDonePct: pct.format(share(counts.notDone)),
    notReached: counts.notReached,
    notReachedPct: pct.format(share(counts.notReached)),
  });
  return (
    <figure className="task-bar">
      <figcaption className="task-bar__caption">
        {t('tasks.chartLabel', { targeted: counts.targeted })}
      </figcaption>
      <div className="task-bar__track" role="img" aria-label={summary}>
        {SEGMENTS.map((s) =>
          counts[s] > 0 ? (
            <div
              key={s}
              className={`task-bar__segment task-bar__segment--${s}`}
              style={{ width: `${share(counts[s]) * 100}%` }}
              title={`${t(`tasks.state.${s}` as MessageKey)}: ${counts[s]}`}
            />
          ) : null,
        )}
      </div>
      <ul className="task-bar__legend">
        {SEGMENTS.map((s) => (
          <li key={s}>
            <span className={`task-bar__swatch task-bar__segment--${s}`} aria-hidden="true" />
            {t(`tasks.state.${s}` as MessageKey)}: <strong>{counts[s]}</strong> (
            {pct.format(share(counts[s]))})
          </li>
        ))}
      </ul>
    </figure>
  );
}

export function TeamTable({
  teams,
  overall,
  onDrill,
}: {
  teams: TaskTeamRow[];
  overall: TaskCounts;
  onDrill(d: { teamLeader: string; salesman: string; name: string }): void;
}) {
  const t = useT();
  const { language } = useI18n();
  const pct = new Intl.NumberFormat(language === 'vi' ? 'vi-VN' : 'en-GB', {
    style: 'percent',
    maximumFractionDigits: 0,
  });
  const figures = (c: TaskCounts) => (
    <>
      <td>{c.targeted}</td>
      <td>{c.reached}</td>
      <td>{c.done}</td>
      <td>{c.notDone}</td>
      <td>{c.notReached}</td>
      <td>{pct.format(c.targeted > 0 ? c.done / c.targeted : 0)}</td>
    </>
  );
  const drillButton = (name: string, d: { teamLeader: string; salesman: string }) => (
    <button
      type="button"
      className="button button--ghost button--small"
      aria-label={t('tasks.team.outletsLabel', { name })}
      onClick={() => onDrill({ ...d, name })}
    >
      {t('tasks.team.outlets')}
    </button>
  );
  return (
    <section aria-labelledby="task-teams-title">
      <h3 id="task-teams-title">{t('tasks.teams')}</h3>
      <div className="task-teams">
        <table className="task-teams__table">
          <thead>
            <tr>
              <th scope="col">{t('tasks.team.leader')}</th>
              <th scope="col">{t('tasks.team.targeted')}</th>
              <th scope="col">{t('tasks.team.reached')}</th>
              <th scope="col">{t('tasks.team.done')}</th>
              <th scope="col">{t('tasks.team.notDone')}</th>
              <th scope="col">{t('tasks.team.notReached')}</th>
              <th scope="col">{t('tasks.team.rate')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('tasks.team.outlets')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {teams.map((team) => {
              const name = team.teamLeaderName ?? t('tasks.team.none');
              return [
                <tr key={`tl-${team.teamLeaderId ?? 'none'}`} className="task-teams__team">
                  <th scope="row">{name}</th>
                  {figures(team)}
                  <td>
                    {team.teamLeaderId !== null
                      ? drillButton(name, { teamLeader: String(team.teamLeaderId), salesman: '' })
                      : null}
                  </td>
                </tr>,
                ...team.salesmen
                  .filter((s) => s.salesmanId !== null)
                  .map((s) => {
                    const sName = `${s.salesmanName ?? ''}${s.smCode ? ` (${s.smCode})` : ''}`;
                    return (
                      <tr key={`sm-${s.salesmanId}`} className="task-teams__salesman">
                        <th scope="row">{sName}</th>
                        {figures(s)}
                        <td>{drillButton(sName, { teamLeader: '', salesman: String(s.salesmanId) })}</td>
                      </tr>
                    );
                  }),
              ];
            })}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{t('tasks.team.total')}</th>
              {figures(overall)}
              <td />
            </tr>
          </tfoot>
        </table>
      </div>
    </section>
  );
}

function TaskOutlets({
  code,
  drill,
  onAll,
}: {
  code: string;
  drill: { teamLeader: string; salesman: string; name: string } | null;
  onAll(): void;
}) {
  const t = useT();
  const { language } = useI18n();
  const country = useClientStore((s) => s.selectedCountryCode);
  const [criteria, setCriteria] = useState<TaskOutletCriteria>({
    task: code,
    state: '',
    teamLeader: drill?.teamLeader ?? '',
    salesman: drill?.salesman ?? '',
    page: 1,
    pageSize: 25,
    sort: '',
  });
  const result = useTaskOutlets(country, criteria);
  const state = (s: string) => t(`tasks.state.${s}` as MessageKey);
  const columns: DataTableColumn<TaskOutletRow>[] = [
    {
      key: 'outletCode',
      header: t('tasks.outlet.col.outlet'),
      sortable: true,
      cardTitle: true,
      cell: (row) => `${row.outletName} (${row.outletCode})`,
    },
    { key: 'dtCode', header: t('tasks.outlet.col.dt'), sortable: true, cell: (row) => row.dtCode },
    {
      key: 'state',
      header: t('tasks.outlet.col.state'),
      sortable: true,
      cell: (row) => <span className={`task-state task-state--${row.state}`}>{state(row.state)}</span>,
    },
    {
      key: 'lastVisitDate',
      header: t('tasks.outlet.col.lastVisit'),
      sortable: true,
      cell: (row) => showDay(row.lastVisitDate, language),
    },
    {
      key: 'salesmanName',
      header: t('tasks.outlet.col.salesman'),
      sortable: true,
      cell: (row) => row.salesmanName ?? '—',
    },
    {
      key: 'teamLeaderName',
      header: t('tasks.outlet.col.teamLeader'),
      cell: (row) => row.teamLeaderName ?? '—',
    },
    { key: 'note', header: t('tasks.outlet.col.note'), cell: (row) => row.note ?? '' },
  ];
  return (
    <section aria-labelledby="task-outlets-title" className="task-outlets">
      <h3 id="task-outlets-title">
        {drill ? t('tasks.outletsFor', { name: drill.name }) : t('tasks.outlets')}
      </h3>
      <div className="task-outlets__filters">
        <ChoiceField
          label={t('tasks.stateFilter')}
          value={criteria.state}
          onChange={(s) => setCriteria((c) => ({ ...c, state: s, page: 1 }))}
          allLabel={t('tasks.all')}
          choices={TASK_OUTLET_STATES.map((s) => ({ value: s, label: state(s) }))}
        />
        {drill ? (
          <button type="button" className="button button--ghost" onClick={onAll}>
            {t('tasks.outletsAll')}
          </button>
        ) : null}
      </div>
      <AdminTableView<TaskOutletRow>
        tool="taskManagement"
        country={country}
        result={result}
        paging={criteria}
        onPagingChange={(paging) => setCriteria((c) => ({ ...c, ...paging }))}
        caption={drill ? t('tasks.outletsFor', { name: drill.name }) : t('tasks.outlets')}
        columns={columns}
        rowKey={(row) => row.outletCode}
        refreshKey={taskKeys.all(country)}
        export={{
          fetchFile: (format, options) => exportTaskOutlets(country, criteria, format, language, options),
          fallbackName: (format) => `task-outlets_${code}.${format}`,
        }}
        activity={{}}
      />
    </section>
  );
}
