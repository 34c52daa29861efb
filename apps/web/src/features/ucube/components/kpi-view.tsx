import { LoadingStatus } from '../../../components/loading-status';
import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import type { UseQueryResult } from '@tanstack/react-query';
import {
  countryFlags,
  formatAmount,
  type CountryCode,
  type KpiAnswer,
  type KpiColumn,
  type KpiSort,
  type KpiView,
  type PerformanceRow,
} from '@fieldforce/contracts';
import { ChartBars } from '../../../components/chart-bars';
import { PageLayout } from '../../../components/page-layout';
import { isApiError } from '../../../lib/api-client';
import { ToggleGroup } from '../../../components/toggle-group';
import { useT, type Translate } from '../../../lib/i18n';
import { useClientStore } from '../../../lib/store';
import {
  achievementBand,
  computePace,
  formatPercent,
  leaderboard,
  nextRowIndex,
  searchRows,
  sortRows,
} from '../kpi-logic';
import {
  crumbReachable,
  crumbState,
  drillState,
  parseUcubeUrl,
  requestParams,
  ucubeSearch,
  UCUBE_PERIODS,
  type KpiRequestParams,
  type UcubeUrlState,
} from '../url-state';
import '../ucube.css';

type UseKpis = (country: CountryCode, params: KpiRequestParams) => UseQueryResult<KpiAnswer>;

interface KpiViewPageProps {
  view: KpiView;
  title: string;
  lead: string;
  useKpis: UseKpis;
}

/** Values of a KPI column: amounts abbreviated (K/M/Bn/Tr, or k/m/b/t in the KPI View), rates with %. */
export function kpiFormatter(view: KpiView) {
  const style = view === 'disciplinary' ? 'kpi' : 'dashboard';
  return (value: number | null | undefined, unit: KpiColumn['unit'] = 'count') => {
    const text = formatAmount(value, style);
    return unit === 'percent' && text !== 'NA' ? `${text}%` : text;
  };
}

/** The Team, DT and KPI views: one level of the chain with its total, table, chart and leaderboard. */
export function KpiViewPage({ view, title, lead, useKpis }: KpiViewPageProps) {
  const t = useT();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const state = useMemo(() => parseUcubeUrl(params), [params]);
  const country = useClientStore((s) => s.selectedCountryCode);
  const bsa = useClientStore((s) => s.selectedBsa);
  const query = useKpis(country, requestParams(state, bsa));
  const go = (next: UcubeUrlState, replace = false) =>
    void navigate({ pathname, search: ucubeSearch(next) }, { replace });

  return (
    <PageLayout eyebrow={t('nav.ucube')} title={title} lead={lead}>
      <div className="ucube-toolbar">
        <ToggleGroup
          label={t('ucube.period.label')}
          options={UCUBE_PERIODS}
          value={state.period}
          onChange={(p) => go({ ...state, period: p }, true)}
          render={(p) => t(`ucube.period.${p}`)}
          className="ucube-periods"
          buttonClassName="ucube-chip"
        />
        {query.data ? (
          <p className="ucube-meta">
            {t('ucube.bsa', { bsa: query.data.bsa })} ·{' '}
            {t('ucube.range', { from: query.data.range.from, to: query.data.range.to })}
          </p>
        ) : null}
      </div>
      {query.isPending ? (
        <LoadingStatus label={t('ucube.loading')} />
      ) : query.isError ? (
        <KpiError
          error={query.error}
          onRetry={() => void query.refetch()}
          onTop={() => go({ period: state.period, sort: state.sort, order: state.order, q: '' })}
          t={t}
        />
      ) : (
        <KpiLevel view={view} answer={query.data} state={state} go={go} t={t} country={country} />
      )}
    </PageLayout>
  );
}

/**
 * Why the answer did not come: a link outside the caller's scope (403) or one that names no level of
 * their chain (400) will not load on a retry, so those offer the way back to the caller's own level.
 */
function KpiError({
  error,
  onRetry,
  onTop,
  t,
}: {
  error: unknown;
  onRetry(): void;
  onTop(): void;
  t: Translate;
}) {
  const status = isApiError(error) ? error.status : 0;
  const reason = status === 403 ? 'forbidden' : status === 400 ? 'badLink' : null;
  return (
    <div role="alert" className="ucube-error">
      <p>{reason ? t(`ucube.error.${reason}`) : t('ucube.error')}</p>
      {reason ? (
        <button type="button" className="button" onClick={onTop}>
          {t('ucube.backToTop')}
        </button>
      ) : (
        <button type="button" className="button" onClick={onRetry}>
          {t('ucube.retry')}
        </button>
      )}
    </div>
  );
}

interface KpiLevelProps {
  view: KpiView;
  answer: KpiAnswer;
  state: UcubeUrlState;
  go(next: UcubeUrlState, replace?: boolean): void;
  t: Translate;
  country: CountryCode;
}

function KpiLevel({ view, answer, state, go, t, country }: KpiLevelProps) {
  const userEmail = useClientStore((s) => s.userDetails?.email ?? '').toLowerCase();
  const fmt = kpiFormatter(view);
  const headline = answer.kpis[0]!;
  const activeIndex = Math.max(
    0,
    answer.levels.findIndex((l) => l.active),
  );
  const active = answer.levels[activeIndex];
  const searchable = countryFlags(country).SearchOptionOnDrilldown;
  const rows = useMemo(
    () => sortRows(searchable ? searchRows(answer.rows, state.q) : answer.rows, state.sort, state.order),
    [answer.rows, searchable, state.q, state.sort, state.order],
  );
  const drill = (row: PerformanceRow) => {
    if (row.drill) go(drillState(state, row.drill));
  };
  const mainLabel =
    answer.total.emailId === null
      ? t('ucube.mainDistributor')
      : answer.total.emailId.toLowerCase() !== userEmail
        ? t('ucube.mainTeam')
        : null;
  const pace =
    answer.period === 'mtd'
      ? computePace(answer.total.kpis[headline.key], headline, answer.range.timeGonePercentage)
      : null;
  const board = leaderboard(answer.rows);

  return (
    <>
      <nav aria-label={t('ucube.breadcrumb')} className="ucube-crumbs">
        <ol>
          {answer.levels.slice(0, activeIndex + 1).map((level, i) => {
            const chosen = level.emailId || level.dtCode;
            const text =
              i === activeIndex
                ? level.columnName
                : chosen
                  ? `${level.levelname}: ${chosen}`
                  : level.levelname;
            return (
              <li key={level.level}>
                {i === activeIndex ? (
                  <span aria-current="page">{text}</span>
                ) : !crumbReachable(answer.levels, i) ? (
                  <span className="ucube-crumb--skipped">
                    {t('ucube.crumbSkipped', { level: level.levelname })}
                  </span>
                ) : (
                  <button
                    type="button"
                    className="ucube-crumb"
                    onClick={() => go(crumbState(state, answer.levels, i, answer.type))}
                  >
                    {text}
                  </button>
                )}
              </li>
            );
          })}
        </ol>
      </nav>
      {pace ? (
        <p className={`ucube-pace ucube-pace--${pace.behind ? 'behind' : 'ok'}`} role="note">
          <span aria-hidden="true">{pace.behind ? '▼ ' : '▲ '}</span>
          {t(pace.behind ? 'ucube.pace.behind' : 'ucube.pace.onTrack', {
            actual: `${headline.label} ${fmt(answer.total.kpis[headline.key]?.actual, headline.unit)}`,
            expected: fmt(pace.expected, headline.unit),
            time: answer.range.timeGonePercentage,
          })}
        </p>
      ) : null}
      {searchable ? (
        <label className="ucube-search">
          <span>{t('ucube.search')}</span>
          <input
            type="search"
            value={state.q}
            placeholder={t('ucube.search.placeholder')}
            onChange={(e) => go({ ...state, q: e.target.value }, true)}
          />
        </label>
      ) : null}
      <h2 className="ucube-details">{t(`ucube.details.${view}`)}</h2>
      <div className="ucube-layout">
        <KpiTable
          answer={answer}
          rows={rows}
          columnName={active?.columnName ?? ''}
          mainLabel={mainLabel}
          sort={state.sort}
          order={state.order}
          onSort={(sort) =>
            go(
              {
                ...state,
                sort,
                order:
                  state.sort === sort
                    ? state.order === 'asc'
                      ? 'desc'
                      : 'asc'
                    : sort === 'email'
                      ? 'asc'
                      : 'desc',
              },
              true,
            )
          }
          onDrill={drill}
          fmt={fmt}
          t={t}
          flagPace={answer.period === 'mtd'}
        />
        <div className="ucube-side">
          <ChartBars
            title={t('ucube.chart.title', { kpi: headline.label })}
            description={t('ucube.chart.desc', {
              good: t('ucube.band.good'),
              warn: t('ucube.band.warn'),
              bad: t('ucube.band.bad'),
            })}
            format={(v) => fmt(v, headline.unit)}
            items={rows.slice(0, 50).map((r) => {
              const v = r.kpis[headline.key];
              const band = achievementBand(v?.achievedPercentage ?? 'NA');
              return {
                key: `${r.code}|${r.emailId ?? ''}`,
                label: r.name,
                actual: v?.actual ?? 0,
                target: v?.target ?? null,
                band,
                note: `${formatPercent(v?.achievedPercentage ?? 'NA')} ${t(`ucube.band.${band}`)}`,
              };
            })}
          />
          {answer.rows.length > 1 ? (
            <section className="ucube-board" aria-label={t('ucube.leaderboard')}>
              <h2>{t('ucube.leaderboard')}</h2>
              {(['best', 'worst'] as const).map((which) =>
                board[which].length ? (
                  <div key={which}>
                    <h3>{t(`ucube.${which}`)}</h3>
                    <ol>
                      {board[which].map((r) => (
                        <li key={`${r.code}|${r.emailId ?? ''}`}>
                          <span>{r.name}</span>{' '}
                          <strong data-band={achievementBand(r.achievedPercentage)}>
                            {formatPercent(r.achievedPercentage)}
                          </strong>
                        </li>
                      ))}
                    </ol>
                  </div>
                ) : null,
              )}
            </section>
          ) : null}
        </div>
      </div>
    </>
  );
}

interface KpiTableProps {
  answer: KpiAnswer;
  rows: readonly PerformanceRow[];
  columnName: string;
  mainLabel: string | null;
  sort: KpiSort;
  order: 'asc' | 'desc';
  onSort(sort: KpiSort): void;
  onDrill(row: PerformanceRow): void;
  fmt: ReturnType<typeof kpiFormatter>;
  t: Translate;
  /** Month to date: mark rows whose headline KPI is behind the straight line to target. */
  flagPace: boolean;
}

function KpiTable({
  answer,
  rows,
  columnName,
  mainLabel,
  sort,
  order,
  onSort,
  onDrill,
  fmt,
  t,
  flagPace,
}: KpiTableProps) {
  const headline = answer.kpis[0]!;
  const behind = (row: PerformanceRow) => {
    if (!flagPace) return null;
    const pace = computePace(row.kpis[headline.key], headline, answer.range.timeGonePercentage);
    return pace?.behind ? pace : null;
  };
  const paceFlag = (row: PerformanceRow) => {
    const pace = behind(row);
    if (!pace) return null;
    const long = t('ucube.pace.flagLong', { kpi: headline.label, pace: pace.paceRatio });
    return (
      <span className="ucube-flag" title={long}>
        <span aria-hidden="true">▼ </span>
        {t('ucube.pace.flag')}
        <span className="visually-hidden">: {long}</span>
      </span>
    );
  };
  const totalTarget = answer.total.drill
    ? answer.levels.find((l) => l.level === answer.total.drill!.role)?.levelname
    : undefined;
  const [focus, setFocus] = useState(0);
  const refs = useRef<(HTMLTableRowElement | null)[]>([]);
  const current = Math.min(focus, Math.max(0, rows.length - 1));
  const onKeyDown = (e: KeyboardEvent<HTMLTableRowElement>, i: number, row: PerformanceRow) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      onDrill(row);
      return;
    }
    const next = nextRowIndex(i, e.key, rows.length);
    if (next === null) return;
    e.preventDefault();
    setFocus(next);
    refs.current[next]?.focus();
  };
  const ariaSort = (s: KpiSort) => (sort === s ? (order === 'asc' ? 'ascending' : 'descending') : undefined);
  const cells = (row: PerformanceRow) =>
    answer.kpis.map((k) => {
      const v = row.kpis[k.key];
      const band = achievementBand(v?.achievedPercentage ?? 'NA');
      return [
        <td key={`${k.key}-t`} className="num">
          {fmt(v?.target, k.unit)}
        </td>,
        <td key={`${k.key}-a`} className="num">
          {fmt(v?.actual, k.unit)}
        </td>,
        <td key={`${k.key}-p`} className="num" data-band={band}>
          {formatPercent(v?.achievedPercentage ?? 'NA')}
        </td>,
      ];
    });
  return (
    <div className="ucube-table-wrap" tabIndex={-1}>
      <table className="ucube-table">
        <caption className="visually-hidden">
          {t('ucube.tableCaption', { level: columnName, count: rows.length })}
        </caption>
        <thead>
          <tr>
            <th scope="col" aria-sort={ariaSort('email')}>
              <button type="button" className="ucube-sort" onClick={() => onSort('email')}>
                {columnName}
                <span aria-hidden="true">{sort === 'email' ? (order === 'asc' ? ' ▲' : ' ▼') : ''}</span>
              </button>
            </th>
            <th scope="col">{t('ucube.code')}</th>
            {answer.kpis.map((k, i) => [
              <th key={`${k.key}-t`} scope="col">
                {k.targetLabel}
              </th>,
              <th key={`${k.key}-a`} scope="col">
                {k.actualLabel}
              </th>,
              <th
                key={`${k.key}-p`}
                scope="col"
                aria-sort={i === 0 ? ariaSort('achievedPercentage') : undefined}
              >
                {i === 0 ? (
                  <button type="button" className="ucube-sort" onClick={() => onSort('achievedPercentage')}>
                    {`${k.label} ${t('ucube.achievement')}`}
                    <span aria-hidden="true">
                      {sort === 'achievedPercentage' ? (order === 'asc' ? ' ▲' : ' ▼') : ''}
                    </span>
                  </button>
                ) : (
                  `${k.label} ${t('ucube.achievement')}`
                )}
              </th>,
            ])}
          </tr>
        </thead>
        <tbody className="ucube-total">
          <tr>
            <th scope="row">
              {t('ucube.total')}: {answer.total.name}
              {mainLabel ? <span className="ucube-badge">{mainLabel}</span> : null}
              {paceFlag(answer.total)}
              {answer.total.drill && totalTarget ? (
                <button type="button" className="ucube-total-drill" onClick={() => onDrill(answer.total)}>
                  {t('ucube.totalDrill', { level: totalTarget })}
                  <span aria-hidden="true"> ›</span>
                </button>
              ) : null}
            </th>
            <td>{answer.total.code}</td>
            {cells(answer.total)}
          </tr>
        </tbody>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={2 + answer.kpis.length * 3}>{t('ucube.noRows')}</td>
            </tr>
          ) : (
            rows.map((row, i) => (
              <tr
                key={`${row.code}|${row.emailId ?? ''}`}
                ref={(el) => {
                  refs.current[i] = el;
                }}
                tabIndex={i === current ? 0 : -1}
                className={row.drill ? 'ucube-row ucube-row--drill' : 'ucube-row'}
                aria-label={row.drill ? t('ucube.drill', { name: row.name }) : undefined}
                onClick={() => onDrill(row)}
                onFocus={() => setFocus(i)}
                onKeyDown={(e) => onKeyDown(e, i, row)}
              >
                <th scope="row">
                  {row.name}
                  {row.emailId ? <span className="ucube-sub">{row.emailId}</span> : null}
                  {paceFlag(row)}
                </th>
                <td>{row.dtSiteCode ?? row.code}</td>
                {cells(row)}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
