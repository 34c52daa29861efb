import { LoadingStatus } from '../../../components/loading-status';
import { useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import type { UseQueryResult } from '@tanstack/react-query';
import {
  COUNTRIES,
  formatFigure,
  paceFlag,
  readKpi,
  type CountryCode,
  type KpiAnswer,
  type KpiColumn,
  type KpiReading,
  type KpiSort,
  type KpiView,
  type PerformanceRow,
} from '@fieldforce/contracts';
import { ChartBars } from '../../../components/chart';
import { EmailText } from '../../../components/email-text';
import { ScrollMore, useMoreToTheRight } from '../../../components/scroll-more';
import { PageLayout } from '../../../components/page-layout';
import { isApiError } from '../../../lib/api-client';
import { ToggleGroup } from '../../../components/toggle-group';
import { useI18n, useT, type Translate } from '../../../lib/i18n';
import { formatIsoDay, localizeAmount, localizeFigure } from '../../../lib/i18n/locale-format';
import { localizeKpiAnswer, term } from '../../../lib/i18n/terms';
import { useMarketFlags } from '../../../lib/market-flags';
import { useClientStore } from '../../../lib/store';
import { ROUTES } from '../../../lib/routes';
import {
  formatPercent,
  leaderboard,
  levelInSentence,
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
  viewTabSearch,
  withoutDay,
  type KpiRequestParams,
  type UcubeUrlState,
} from '../url-state';
import { SalesmanDayPanel } from './salesman-day';
import { useMediaQuery } from '../../../components/use-media-query';
import '../ucube.css';

type UseKpis = (
  country: CountryCode,
  params: KpiRequestParams,
  enabled?: boolean,
) => UseQueryResult<KpiAnswer>;

interface KpiViewPageProps {
  view: KpiView;
  title: string;
  lead: string;
  useKpis: UseKpis;
}

export type KpiFormatter = (value: number | null | undefined, unit?: KpiColumn['unit']) => string;

/**
 * Figures of a KPI column, the one rule of packages/contracts `formatFigure`: counts whole, amounts
 * abbreviated (K/M/Bn/Tr, or k/m/b/t in the KPI View) without decimals in whole-unit currencies,
 * rates with 2 decimals and %.
 */
export function kpiFormatter(view: KpiView, country?: CountryCode): KpiFormatter {
  const style = view === 'disciplinary' ? 'kpi' : 'dashboard';
  const currency = country ? COUNTRIES[country].currencyCode : undefined;
  // The one rounding (contracts), written the reader's way (vi: 45,23 tr).
  return (value, unit = 'count') =>
    localizeAmount(formatFigure(value, unit, { style, ...(currency ? { currency } : {}) }));
}

/** Screens below this width show a card per row instead of the table. */
export const CARD_QUERY = '(max-width: 479px)';

const VIEW_TABS: readonly {
  view: KpiView;
  path: string;
  titleKey:
    'page.teamLevels.title' | 'page.distributorTeamLevels.title' | 'page.disciplinaryTeamLevels.title';
}[] = [
  { view: 'performance', path: ROUTES.teamLevels, titleKey: 'page.teamLevels.title' },
  { view: 'distributor', path: ROUTES.distributorTeamLevels, titleKey: 'page.distributorTeamLevels.title' },
  {
    view: 'disciplinary',
    path: ROUTES.disciplinaryTeamLevels,
    titleKey: 'page.disciplinaryTeamLevels.title',
  },
];

/** Links between the three views, keeping the period (and the BSA, which lives in the store). */
export function UcubeViewTabs({
  current,
  period,
}: {
  current: KpiView | null;
  period: UcubeUrlState['period'];
}) {
  const t = useT();
  return (
    <nav className="ucube-tabs" aria-label={t('ucube.tabs')}>
      <ul>
        {VIEW_TABS.map((tab) => (
          <li key={tab.view}>
            <Link
              to={{ pathname: tab.path, search: viewTabSearch({ period }) }}
              className="ucube-tab"
              aria-current={tab.view === current ? 'page' : undefined}
            >
              {t(tab.titleKey)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
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
      <UcubeViewTabs current={view} period={state.period} />
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
            {t('ucube.bsa', { bsa: term(query.data.bsa, t) })} ·{' '}
            {t('ucube.range', {
              from: formatIsoDay(query.data.range.from),
              to: formatIsoDay(query.data.range.to),
            })}
          </p>
        ) : null}
      </div>
      {state.sm ? (
        <SalesmanDayPanel
          country={country}
          emailId={state.sm}
          {...(state.date ? { date: state.date } : {})}
          onDate={(date) => go({ ...state, date }, true)}
          onBack={() => go(withoutDay(state))}
        />
      ) : query.isPending ? (
        <LoadingStatus label={t('ucube.loading')} />
      ) : query.isError ? (
        <KpiError
          error={query.error}
          onRetry={() => void query.refetch()}
          onTop={() => go({ period: state.period, sort: state.sort, order: state.order, q: '' })}
          t={t}
        />
      ) : (
        <KpiLevel
          view={view}
          answer={localizeKpiAnswer(query.data, t)}
          state={state}
          go={go}
          t={t}
          country={country}
          useKpis={useKpis}
        />
      )}
    </PageLayout>
  );
}

/**
 * Why the answer did not come: a link outside the caller's scope (403) or one that names no level of
 * their chain (400) will not load on a retry, so those offer the way back to the caller's own level.
 */
export function KpiError({
  error,
  onRetry,
  onTop,
  t,
  message,
}: {
  error: unknown;
  onRetry(): void;
  onTop?: () => void;
  t: Translate;
  /** The generic failure line of the panel; the KPIs' by default. */
  message?: string;
}) {
  const status = isApiError(error) ? error.status : 0;
  const reason = onTop && (status === 403 ? 'forbidden' : status === 400 ? 'badLink' : null);
  return (
    <div role="alert" className="ucube-error">
      <p>{reason ? t(`ucube.error.${reason}`) : (message ?? t('ucube.error'))}</p>
      {reason && onTop ? (
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

/** How every screen reads a row's KPI: month target, expected by today, one status. */
export const readingOf = (answer: KpiAnswer, row: PerformanceRow, k: KpiColumn): KpiReading =>
  readKpi(k.key, row.kpis[k.key], k.unit, { period: answer.period, ...answer.range });

const sameNode = (a: PerformanceRow, b: PerformanceRow) =>
  a.code === b.code && (a.emailId ?? '').toLowerCase() === (b.emailId ?? '').toLowerCase();

interface KpiLevelProps {
  view: KpiView;
  answer: KpiAnswer;
  state: UcubeUrlState;
  go(next: UcubeUrlState, replace?: boolean): void;
  t: Translate;
  country: CountryCode;
  useKpis: UseKpis;
}

function KpiLevel({ view, answer, state, go, t, country, useKpis }: KpiLevelProps) {
  const userEmail = useClientStore((s) => s.userDetails?.email ?? '').toLowerCase();
  const bsa = useClientStore((s) => s.selectedBsa);
  const fmt = kpiFormatter(view, country);
  const headline = answer.kpis[0]!;
  const activeIndex = Math.max(
    0,
    answer.levels.findIndex((l) => l.active),
  );
  const active = answer.levels[activeIndex];
  const { flags } = useMarketFlags(country);
  const searchable = flags.SearchOptionOnDrilldown;
  // The market's `sortable` flag (off for pk): no sorting controls, rows in the server's order.
  const sortable = flags.sortable;
  const sort: KpiSort = sortable ? state.sort : 'achievedPercentage';
  const order = sortable ? state.order : 'desc';
  // A level that only repeats its total (a salesperson's own row, a team leader's KPI View of
  // themselves) lists nothing twice: the total stands for it.
  const listed = useMemo(
    () => (answer.rows.length === 1 && sameNode(answer.rows[0]!, answer.total) ? [] : answer.rows),
    [answer.rows, answer.total],
  );
  const rows = useMemo(
    () => sortRows(searchable ? searchRows(listed, state.q) : listed, sort, order),
    [listed, searchable, state.q, sort, order],
  );
  const openDay = (row: PerformanceRow) => {
    if (row.salesmanCode && row.emailId) go({ ...state, sm: row.emailId });
  };
  const drill = (row: PerformanceRow) => {
    if (row.drill) go(drillState(state, row.drill));
    else openDay(row);
  };
  // A level of one node: show that node's team right below (one level down, same period and BSA).
  const single = answer.rows.length === 1 ? answer.rows[0]! : null;
  const below = single?.drill ?? null;
  const belowQuery = useKpis(
    country,
    below ? requestParams(drillState(state, below), bsa) : requestParams(state, bsa),
    below !== null,
  );
  const mainLabel =
    answer.total.emailId === null
      ? t('ucube.mainDistributor')
      : answer.total.emailId.toLowerCase() !== userEmail
        ? t('ucube.mainTeam')
        : null;
  const totalReading = readingOf(answer, answer.total, headline);
  const status = (row: PerformanceRow) => readingOf(answer, row, headline).pace;
  const board = leaderboard(rows, 5, status);
  const cards = useMediaQuery(CARD_QUERY);
  const selfDay =
    answer.total.salesmanCode && answer.total.emailId && answer.rows.length <= 1 ? answer.total : null;

  const tableProps = {
    answer,
    rows,
    fmt,
    t,
    onDrill: drill,
    onDay: openDay,
  };
  const onSort = (s: KpiSort) =>
    go(
      {
        ...state,
        sort: s,
        order: state.sort === s ? (state.order === 'asc' ? 'desc' : 'asc') : s === 'email' ? 'asc' : 'desc',
      },
      true,
    );

  return (
    <>
      <nav aria-label={t('ucube.breadcrumb')} className="ucube-crumbs">
        <ol>
          {answer.levels.slice(0, activeIndex + 1).map((level, i) => {
            const chosen = level.name || level.emailId || level.dtCode;
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
                    title={level.emailId || level.dtCode || undefined}
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
      {totalReading.expected !== null && totalReading.band !== 'na' ? (
        <p className={`ucube-pace ucube-pace--${totalReading.band}`} role="note">
          <span aria-hidden="true">
            {totalReading.band === 'good' ? '▲ ' : totalReading.band === 'warn' ? '● ' : '▼ '}
          </span>
          {t(`ucube.pace.${totalReading.band}`, {
            actual: `${headline.label} ${fmt(totalReading.actual, headline.unit)}`,
            expected: fmt(totalReading.expected, headline.unit),
            pace: formatPercent(totalReading.pace),
            time: localizeFigure(String(answer.range.timeGonePercentage)),
          })}
        </p>
      ) : null}
      {searchable && listed.length > 0 ? (
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
      {cards ? (
        <KpiCardList {...tableProps} columnName={active?.columnName ?? ''} mainLabel={mainLabel} />
      ) : (
        <KpiTable
          {...tableProps}
          columnName={active?.columnName ?? ''}
          mainLabel={mainLabel}
          sortable={sortable}
          sort={sort}
          order={order}
          onSort={onSort}
        />
      )}
      {selfDay ? (
        <p className="ucube-self-day">
          <button type="button" className="button" onClick={() => openDay(selfDay)}>
            {selfDay.emailId?.toLowerCase() === userEmail
              ? t('ucube.myDay')
              : t('ucube.openDay', { name: selfDay.name })}
          </button>
        </p>
      ) : null}
      {below && single ? (
        <section className="ucube-below" aria-labelledby="ucube-below-title">
          <h2 id="ucube-below-title" className="ucube-details">
            {t('ucube.teamBelow', { name: single.name })}
          </h2>
          {belowQuery.isPending ? (
            <LoadingStatus label={t('ucube.loading')} />
          ) : belowQuery.isError ? (
            <KpiError error={belowQuery.error} onRetry={() => void belowQuery.refetch()} t={t} />
          ) : (
            <BelowLevel
              answer={localizeKpiAnswer(belowQuery.data, t)}
              cards={cards}
              fmt={fmt}
              t={t}
              onDrill={(row) => {
                if (row.drill) go(drillState(drillState(state, below), row.drill));
                else if (row.salesmanCode && row.emailId)
                  go({ ...drillState(state, below), sm: row.emailId });
              }}
            />
          )}
        </section>
      ) : null}
      {rows.length > 0 ? (
        <section className="ucube-charts" aria-label={t('ucube.chart.section')}>
          <ChartBars
            title={t('ucube.chart.title', { kpi: headline.label })}
            description={t('ucube.chart.desc', {
              good: t('ucube.band.good'),
              warn: t('ucube.band.warn'),
              bad: t('ucube.band.bad'),
            })}
            format={(v) => fmt(v, headline.unit)}
            targetText={(target) =>
              target === null ? t('ucube.chart.noTarget') : t('ucube.chart.target', { value: target })
            }
            items={rows.slice(0, 50).map((r) => {
              const reading = readingOf(answer, r, headline);
              return {
                key: `${r.code}|${r.emailId ?? ''}`,
                label: r.name,
                actual: reading.actual,
                target: reading.target,
                band: reading.band,
                note: `${formatPercent(reading.achievement)} · ${t(statusKey(reading))}`,
              };
            })}
          />
          {rows.length > 1 ? (
            <section className="ucube-board" aria-label={t('ucube.leaderboard')}>
              <h2>{t('ucube.leaderboard')}</h2>
              {(['best', 'worst'] as const).map((which) =>
                board[which].length ? (
                  <div key={which}>
                    <h3>{t(`ucube.${which}`)}</h3>
                    <ol>
                      {board[which].map((r) => {
                        const reading = readingOf(answer, r, headline);
                        return (
                          <li key={`${r.code}|${r.emailId ?? ''}`}>
                            <span>{r.name}</span>{' '}
                            <strong data-band={reading.band}>{formatPercent(reading.achievement)}</strong>{' '}
                            <span className="ucube-muted">{t(statusKey(reading))}</span>
                          </li>
                        );
                      })}
                    </ol>
                  </div>
                ) : null,
              )}
            </section>
          ) : null}
        </section>
      ) : null}
    </>
  );
}

/** The word of a reading's status: pace words month to date, achievement words otherwise. */
export function statusKey(reading: KpiReading) {
  return reading.expected !== null && reading.band !== 'na'
    ? (`ucube.status.${reading.band}` as const)
    : (`ucube.band.${reading.band}` as const);
}

/** The team under a single row, listed right below it: the level one down, drillable in turn. */
function BelowLevel({
  answer,
  cards,
  fmt,
  t,
  onDrill,
}: {
  answer: KpiAnswer;
  cards: boolean;
  fmt: KpiFormatter;
  t: Translate;
  onDrill(row: PerformanceRow): void;
}) {
  const active = answer.levels.find((l) => l.active);
  const rows = sortRows(answer.rows, 'achievedPercentage', 'desc');
  const props = {
    answer,
    rows,
    fmt,
    t,
    onDrill,
    onDay: onDrill,
    columnName: active?.columnName ?? '',
    mainLabel: null,
    hideTotal: true,
  };
  return cards ? (
    <KpiCardList {...props} />
  ) : (
    <KpiTable {...props} sortable={false} sort="achievedPercentage" order="desc" onSort={() => undefined} />
  );
}

/** The code a level is known by: a salesperson's SM code, a distributor's DT code, else the employee code. */
function codeHeader(rows: readonly PerformanceRow[], t: Translate) {
  if (rows.length > 0 && rows.every((r) => r.salesmanCode)) return t('ucube.code.sm');
  if (rows.length > 0 && rows.every((r) => r.emailId === null)) return t('ucube.code.dt');
  return t('ucube.code');
}

/** The headline's pace flag of a row (month to date): the same band as its colour, in words. */
function PaceFlag({ reading, kpi, t }: { reading: KpiReading; kpi: string; t: Translate }) {
  const flag = paceFlag(reading);
  if (!flag) return null;
  const long = t('ucube.pace.flagLong', { kpi, pace: formatPercent(reading.pace) });
  return (
    <span className={`ucube-flag ucube-flag--${flag}`} title={long}>
      <span aria-hidden="true">{flag === 'behind' ? '▼ ' : '● '}</span>
      {t(flag === 'behind' ? 'ucube.pace.flag' : 'ucube.pace.flagClose')}
      <span className="visually-hidden">: {long}</span>
    </span>
  );
}

const BAND_MARK: Record<KpiReading['band'], string> = { good: '▲', warn: '●', bad: '▼', na: '' };

/** The '›' after a link-like label, joined to its last word by a no-break space (never a line alone). */
function NextMark() {
  return <span aria-hidden="true">{'\u00a0›'}</span>;
}

/** The level the total row opens ('Every Salesman'), named as inside a sentence. */
function useTotalDrillLevel(answer: KpiAnswer): string | undefined {
  const { language } = useI18n();
  const drill = answer.total.drill;
  const level = drill ? answer.levels.find((l) => l.level === drill.role)?.levelname : undefined;
  return level ? levelInSentence(level, language) : undefined;
}

interface ListProps {
  answer: KpiAnswer;
  rows: readonly PerformanceRow[];
  columnName: string;
  mainLabel: string | null;
  fmt: KpiFormatter;
  t: Translate;
  onDrill(row: PerformanceRow): void;
  onDay(row: PerformanceRow): void;
  /** The team below a single row: its total is that row, already shown above. */
  hideTotal?: boolean;
}

interface KpiTableProps extends ListProps {
  sortable: boolean;
  sort: KpiSort;
  order: 'asc' | 'desc';
  onSort(sort: KpiSort): void;
}

function KpiTable({
  answer,
  rows,
  columnName,
  mainLabel,
  sortable,
  sort,
  order,
  onSort,
  onDrill,
  onDay,
  fmt,
  t,
  hideTotal,
}: KpiTableProps) {
  const headline = answer.kpis[0]!;
  const totalTarget = useTotalDrillLevel(answer);
  const [focus, setFocus] = useState(0);
  const refs = useRef<(HTMLTableRowElement | null)[]>([]);
  const wrapRef = useRef<HTMLDivElement>(null);
  const more = useMoreToTheRight(wrapRef);
  const current = Math.min(focus, Math.max(0, rows.length - 1));
  const opens = (row: PerformanceRow) => Boolean(row.drill || (row.salesmanCode && row.emailId));
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
  const ariaSort = (s: KpiSort) =>
    sortable && sort === s ? (order === 'asc' ? 'ascending' : 'descending') : undefined;
  const sortButton = (s: KpiSort, label: ReactNode) =>
    sortable ? (
      <button type="button" className="ucube-sort" onClick={() => onSort(s)}>
        {label}
        <span aria-hidden="true">{sort === s ? (order === 'asc' ? ' ▲' : ' ▼') : ''}</span>
      </button>
    ) : (
      label
    );
  const cells = (row: PerformanceRow) =>
    answer.kpis.map((k) => {
      const r = readingOf(answer, row, k);
      return [
        <td key={`${k.key}-t`} className="num">
          {fmt(r.target, k.unit)}
          {r.expected !== null ? (
            <span className="ucube-sub">
              {t('ucube.expectedByToday', { value: fmt(r.expected, k.unit) })}
            </span>
          ) : null}
        </td>,
        <td key={`${k.key}-a`} className="num">
          {fmt(r.actual, k.unit)}
        </td>,
        <td key={`${k.key}-p`} className="num" data-band={r.band}>
          {formatPercent(r.achievement)}
          {r.band !== 'na' ? (
            <span className="ucube-mark" aria-hidden="true">
              {' '}
              {BAND_MARK[r.band]}
            </span>
          ) : null}
          <span className="visually-hidden"> {t(statusKey(r))}</span>
        </td>,
      ];
    });
  const paced = answer.period === 'mtd';
  return (
    <div className="ucube-table-box">
      <ScrollMore more={more}>
        <div
          className="ucube-table-wrap"
          ref={wrapRef}
          tabIndex={more ? 0 : -1}
          aria-label={more ? t('table.scrollHint') : undefined}
          // A named, focusable scroll box, as the data table's: a group, not a landmark (the team's table
          // and its lead's table below it would be two landmarks of the same name).
          role={more ? 'group' : undefined}
        >
          <table className="ucube-table">
            <caption className="visually-hidden">
              {t('ucube.tableCaption', { level: columnName, count: rows.length })}
            </caption>
            <thead>
              <tr>
                <th scope="col" className="ucube-pin" aria-sort={ariaSort('email')}>
                  {sortButton('email', columnName)}
                </th>
                <th scope="col">{codeHeader(rows.length ? rows : [answer.total], t)}</th>
                {answer.kpis.map((k, i) => [
                  <th key={`${k.key}-t`} scope="col" className="num">
                    {k.targetLabel}
                    {paced && readingOf(answer, answer.total, k).expected !== null ? (
                      <span className="ucube-sub">{t('ucube.head.month')}</span>
                    ) : null}
                  </th>,
                  <th key={`${k.key}-a`} scope="col" className="num">
                    {k.actualLabel}
                  </th>,
                  <th
                    key={`${k.key}-p`}
                    scope="col"
                    className="num"
                    aria-sort={i === 0 ? ariaSort('achievedPercentage') : undefined}
                  >
                    {i === 0
                      ? sortButton('achievedPercentage', `${k.label} ${t('ucube.achievement')}`)
                      : `${k.label} ${t('ucube.achievement')}`}
                  </th>,
                ])}
              </tr>
            </thead>
            {hideTotal ? null : (
              <tbody className="ucube-total">
                <tr>
                  <th scope="row" className="ucube-pin">
                    {t('ucube.total')}: {answer.total.name}
                    {mainLabel ? <span className="ucube-badge">{mainLabel}</span> : null}
                    <PaceFlag
                      reading={readingOf(answer, answer.total, headline)}
                      kpi={headline.label}
                      t={t}
                    />
                    {answer.total.drill && totalTarget ? (
                      <button
                        type="button"
                        className="ucube-total-drill"
                        onClick={() => onDrill(answer.total)}
                      >
                        {t('ucube.totalDrill', { level: totalTarget })}
                        <NextMark />
                      </button>
                    ) : null}
                  </th>
                  <td>{answer.total.code}</td>
                  {cells(answer.total)}
                </tr>
              </tbody>
            )}
            <tbody>
              {rows.length === 0 ? (
                hideTotal || answer.rows.length === 0 ? (
                  <tr>
                    <td colSpan={2 + answer.kpis.length * 3}>{t('ucube.noRows')}</td>
                  </tr>
                ) : null
              ) : (
                rows.map((row, i) => (
                  <tr
                    key={`${row.code}|${row.emailId ?? ''}`}
                    ref={(el) => {
                      refs.current[i] = el;
                    }}
                    tabIndex={i === current ? 0 : -1}
                    className={opens(row) ? 'ucube-row ucube-row--drill' : 'ucube-row'}
                    aria-label={
                      row.drill
                        ? t('ucube.drill', { name: row.name })
                        : opens(row)
                          ? t('ucube.openDay', { name: row.name })
                          : undefined
                    }
                    onClick={() => (row.drill ? onDrill(row) : onDay(row))}
                    onFocus={() => setFocus(i)}
                    onKeyDown={(e) => onKeyDown(e, i, row)}
                  >
                    <th scope="row" className="ucube-pin">
                      {row.name}
                      {row.emailId ? <EmailText className="ucube-sub" email={row.emailId} /> : null}
                      <PaceFlag reading={readingOf(answer, row, headline)} kpi={headline.label} t={t} />
                    </th>
                    <td>{row.code}</td>
                    {cells(row)}
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </div>
      </ScrollMore>
    </div>
  );
}

/** Phones: a card per row (name, then each KPI's actual against target and achievement). */
function KpiCardList({ answer, rows, columnName, mainLabel, fmt, t, onDrill, onDay, hideTotal }: ListProps) {
  const headline = answer.kpis[0]!;
  const totalTarget = useTotalDrillLevel(answer);
  const card = (row: PerformanceRow, total: boolean) => {
    const opens = row.drill || (row.salesmanCode && row.emailId && !total);
    return (
      <li
        key={`${total ? 'total|' : ''}${row.code}|${row.emailId ?? ''}`}
        className={`ucube-card${total ? ' ucube-card--total' : ''}`}
      >
        <div className="ucube-card__head">
          <h3>
            {total ? `${t('ucube.total')}: ` : ''}
            {row.name}
            {total && mainLabel ? <span className="ucube-badge">{mainLabel}</span> : null}
          </h3>
          <p className="ucube-sub">
            {row.emailId ? <EmailText email={row.emailId} /> : null}
            {row.emailId && row.code ? ' · ' : null}
            {row.code}
          </p>
          <PaceFlag reading={readingOf(answer, row, headline)} kpi={headline.label} t={t} />
        </div>
        <dl className="ucube-card__kpis">
          {answer.kpis.map((k) => {
            const r = readingOf(answer, row, k);
            return (
              <div key={k.key}>
                <dt>{k.label}</dt>
                <dd>
                  <span className="ucube-card__actual">{fmt(r.actual, k.unit)}</span>
                  <span className="ucube-muted">
                    {' / '}
                    {fmt(r.target, k.unit)}
                  </span>{' '}
                  <strong data-band={r.band}>
                    {formatPercent(r.achievement)}
                    {r.band !== 'na' ? <span aria-hidden="true"> {BAND_MARK[r.band]}</span> : null}
                  </strong>
                  <span className="visually-hidden"> {t(statusKey(r))}</span>
                  {r.expected !== null ? (
                    <span className="ucube-sub">
                      {t('ucube.expectedByToday', { value: fmt(r.expected, k.unit) })}
                    </span>
                  ) : null}
                </dd>
              </div>
            );
          })}
        </dl>
        {opens ? (
          <button
            type="button"
            className="ucube-card__open"
            onClick={() => (row.drill ? onDrill(row) : onDay(row))}
          >
            {total && row.drill
              ? t('ucube.totalDrill', { level: totalTarget ?? '' })
              : row.drill
                ? t('ucube.drill', { name: row.name })
                : t('ucube.openDay', { name: row.name })}
            <NextMark />
          </button>
        ) : null}
      </li>
    );
  };
  return (
    <ul className="ucube-cards" aria-label={t('ucube.cardsLabel', { level: columnName, count: rows.length })}>
      {hideTotal ? null : card(answer.total, true)}
      {rows.length === 0 && (hideTotal || answer.rows.length === 0) ? <li>{t('ucube.noRows')}</li> : null}
      {rows.map((row) => card(row, false))}
    </ul>
  );
}
