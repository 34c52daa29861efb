import {
  COUNTRIES,
  COUNTRY_CODES,
  localDateIso,
  USAGE_PERIODS,
  type CountryCode,
  type UsageActiveSeries,
  type UsageOverview,
  type UsagePeriod,
} from '@fieldforce/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { ColumnChart, FiguresTable } from '../../../components/chart';
import { DateRangeFields } from '../../../components/date-range-fields';
import { ExportButtons } from '../../../components/data-table/export-buttons';
import { LoadingStatus } from '../../../components/loading-status';
import { ToggleGroup } from '../../../components/toggle-group';
import { apiDownload, apiRequest } from '../../../lib/api-client';
import { hasMessage, useI18n, type MessageKey, type Translate } from '../../../lib/i18n';
import { formatIsoDay, localizeFigure } from '../../../lib/i18n/locale-format';
import { term } from '../../../lib/i18n/terms';
import { ROUTES } from '../../../lib/routes';
import { useClientStore } from '../../../lib/store';
import {
  averageText,
  bucketLabels,
  presetRange,
  rangeValid,
  seriesSummary,
  shareOf,
  USAGE_PRESETS,
  type UsagePreset,
} from '../usage-logic';
import './usage-page.css';

type MarketChoice = CountryCode | 'all';

interface Criteria {
  market: MarketChoice;
  from: string;
  to: string;
}

/** GET usage/overview for the selected market (the access check) and the chosen scope and period. */
function useUsageOverview(country: CountryCode, criteria: Criteria) {
  return useQuery({
    queryKey: ['usage', 'overview', country, criteria],
    queryFn: ({ signal }) =>
      apiRequest<UsageOverview>('usage/overview', {
        countryCode: country,
        countryInQuery: true,
        query: { ...criteria },
        signal,
      }),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}

const figure = (n: number) => localizeFigure(n.toLocaleString('en-US'));

/** A message key when the catalogue has it (keys built from data: routes, reports, tools). */
const known = (key: string): key is MessageKey => hasMessage(key);

const SCREEN_TITLES = new Map<string, MessageKey>(
  Object.entries(ROUTES).flatMap(([id, path]) => {
    const key = id === 'landingScreen' ? 'page.landing.title' : `page.${id}.title`;
    return known(key) ? [[path, key] as const] : [];
  }),
);

function screenName(path: string, t: Translate): string {
  const key = SCREEN_TITLES.get(path);
  return key ? t(key) : path;
}

/** A report key, admin tool key or upload kind in the reader's words when the catalogue knows it. */
function itemName(item: string, t: Translate): string {
  for (const key of [`reports.name.${item}`, `nav.${item}`, `page.${item}.title`, `usage.upload.${item}`]) {
    if (known(key)) return t(key);
  }
  return item || '--';
}

/** A usage event in the reader's words; the raw name (what analytics tools show) is kept beside it. */
function eventName(event: string, t: Translate): string {
  const key = `usage.eventName.${event}`;
  return known(key) ? t(key) : event;
}

/** An event's raw name as a secondary line: code text, introduced for screen readers. */
function RawName({ label, name }: { label: string; name: string }) {
  return (
    <>
      <span className="visually-hidden">{label}: </span>
      <code className="usage__raw">{name}</code>
    </>
  );
}

function categoryName(category: string, t: Translate): string {
  const normal = category.replace(/reports$/, '');
  const key = `usage.category.${normal}`;
  return known(key) ? t(key) : category || '--';
}

/**
 * The admins' usage page (issue 13, beyond the spec): a section of /adminconfigurationpage. Active
 * users by day, week and month with their split by role and market, the most opened screens and
 * reports, downloads and the upload funnel, for a period and (a Super User) a market or all of them;
 * every chart has its table, and the whole page exports as CSV or XLSX.
 */
export function UsagePanel({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const { t, language } = useI18n();
  const id = useId();
  const country = useClientStore((s) => s.selectedCountryCode);
  const today = localDateIso(Date.now(), COUNTRIES[country].timeZone);
  const [preset, setPreset] = useState<UsagePreset>('30');
  const [criteria, setCriteria] = useState<Criteria>(() => ({
    market: country,
    ...presetRange('30', today),
  }));
  const [draft, setDraft] = useState(() => presetRange('30', today));
  // The selected market changed (a Super User switched): start again from it.
  useEffect(() => {
    setCriteria((c) => ({ ...c, market: country }));
  }, [country]);

  const query = useUsageOverview(country, criteria);
  const data = query.data;
  const H = headingLevel === 2 ? 'h2' : 'h3';

  const choosePreset = (next: UsagePreset) => {
    setPreset(next);
    if (next !== 'custom') {
      const range = presetRange(next, today);
      setDraft(range);
      setCriteria((c) => ({ ...c, ...range }));
    }
  };
  const draftValid = rangeValid(draft.from, draft.to);
  const applyCustom = (e: FormEvent) => {
    e.preventDefault();
    if (draftValid) setCriteria((c) => ({ ...c, ...draft }));
  };

  const marketsText = (markets: readonly CountryCode[]) =>
    markets.length === 1 ? t(`country.${markets[0]!}`) : t('usage.market.all');

  return (
    <section className="usage" aria-labelledby={`${id}-h`}>
      <H id={`${id}-h`} className="usage__heading">
        {t('usage.heading')}
      </H>
      <p className="usage__lead">{t('usage.lead')}</p>

      <form className="usage__filters" aria-label={t('usage.filters')} onSubmit={applyCustom}>
        <div className="usage__filter">
          <span className="field__label" id={`${id}-period`}>
            {t('usage.period')}
          </span>
          <ToggleGroup
            label={t('usage.period')}
            options={[...USAGE_PRESETS, 'custom'] as UsagePreset[]}
            value={preset}
            onChange={choosePreset}
            render={(p) => t(`usage.period.${p}`)}
            className="usage-chart__toggles"
            buttonClassName="usage-chart__toggle"
          />
        </div>
        {preset === 'custom' ? (
          <DateRangeFields
            className="usage__custom"
            from={draft.from}
            to={draft.to}
            fromLabel={t('usage.from')}
            toLabel={t('usage.to')}
            max={today}
            error={draftValid ? null : t('usage.rangeInvalid')}
            onChange={setDraft}
          >
            <button type="submit" className="button button--primary" disabled={!draftValid}>
              {t('usage.apply')}
            </button>
          </DateRangeFields>
        ) : null}
        {data?.can.chooseMarket ? (
          <label className="field usage__market">
            <span className="field__label">{t('usage.market')}</span>
            <select
              className="field__control"
              value={criteria.market}
              onChange={(e) => setCriteria((c) => ({ ...c, market: e.target.value as MarketChoice }))}
            >
              <option value="all">{t('usage.market.all')}</option>
              {COUNTRY_CODES.map((code) => (
                <option key={code} value={code}>
                  {t(`country.${code}`)}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        {data?.can.export ? (
          <div className="usage__export">
            <ExportButtons
              label={t('usage.export')}
              total={1}
              downloadCap={1}
              fetchFile={(format, options) =>
                apiDownload('usage/export', {
                  countryCode: country,
                  countryInQuery: true,
                  query: { ...criteria, format, lang: language },
                  ...options,
                })
              }
              fallbackName={(format) => `usage_${criteria.market}_${criteria.from}_${criteria.to}.${format}`}
            />
          </div>
        ) : null}
      </form>

      <p className="usage__showing" aria-live="polite">
        {data
          ? t('usage.showing', {
              from: formatIsoDay(data.from, language),
              to: formatIsoDay(data.to, language),
              markets: marketsText(data.markets),
            })
          : null}
      </p>

      {query.isError && !data ? (
        <div role="alert" className="usage__error">
          <p>{t('usage.error')}</p>
          <button type="button" className="button" onClick={() => void query.refetch()}>
            {t('usage.retry')}
          </button>
        </div>
      ) : null}
      {!data && query.isPending ? <LoadingStatus label={t('usage.loading')} /> : null}
      {data ? <UsageFigures data={data} H={H} busy={query.isFetching} /> : null}
    </section>
  );
}

function UsageFigures({ data, H, busy }: { data: UsageOverview; H: 'h2' | 'h3'; busy: boolean }) {
  const { t } = useI18n();
  const [period, setPeriod] = useState<UsagePeriod>('day');
  const Sub = H === 'h2' ? 'h3' : 'h4';
  const series = data.active[period];
  const unit = t(`usage.active.unit.${period}`);
  const eventsTotal = data.events.reduce((n, e) => n + e.count, 0);
  const several = data.markets.length > 1;

  return (
    <div className="usage__body" aria-busy={busy || undefined}>
      <dl className="usage__kpis">
        <Kpi label={t('usage.kpi.dau')} value={localizeFigure(averageText(data.active.day.total))} />
        <Kpi label={t('usage.kpi.wau')} value={figure(data.active.week.total.at(-1) ?? 0)} />
        <Kpi label={t('usage.kpi.mau')} value={figure(data.active.month.total.at(-1) ?? 0)} />
        <Kpi label={t('usage.kpi.events')} value={figure(eventsTotal)} />
        <Kpi label={t('usage.kpi.downloads')} value={figure(data.downloads.total)} />
        <Kpi label={t('usage.kpi.uploads')} value={figure(data.uploads.funnel.applied)} />
      </dl>

      <section className="usage__card" aria-labelledby="usage-active">
        <div className="usage__card-head">
          <Sub id="usage-active">{t('usage.active.heading')}</Sub>
          <ToggleGroup
            label={t('usage.active.granularity')}
            options={USAGE_PERIODS}
            value={period}
            onChange={setPeriod}
            render={(p) => t(`usage.active.${p}`)}
            className="usage-chart__toggles"
            buttonClassName="usage-chart__toggle"
          />
        </div>
        <ActiveChart series={series} period={period} title={t(`usage.active.title.${period}`)} />
        <div className="usage__grid">
          <BarTable
            caption={t('usage.byRole')}
            headers={[t('usage.role'), t('usage.average', { unit })]}
            valueHeader={t('usage.latest', { unit })}
            rows={series.byRole.map((r) => ({
              key: r.key,
              label: r.key ? term(r.key, t) : t('usage.noRole'),
              cells: [localizeFigure(averageText(r.users))],
              value: r.users.at(-1) ?? 0,
            }))}
          />
          {several ? (
            <BarTable
              caption={t('usage.byMarket')}
              headers={[t('usage.market'), t('usage.average', { unit })]}
              valueHeader={t('usage.latest', { unit })}
              rows={series.byMarket.map((m) => ({
                key: m.key,
                label: known(`country.${m.key}`) ? t(`country.${m.key}` as MessageKey) : m.key,
                cells: [localizeFigure(averageText(m.users))],
                value: m.users.at(-1) ?? 0,
              }))}
            />
          ) : null}
        </div>
      </section>

      <div className="usage__grid">
        <section className="usage__card">
          <Sub id="usage-screens">{t('usage.screens')}</Sub>
          <BarTable
            caption={t('usage.screens')}
            labelledBy="usage-screens"
            headers={[t('usage.screen')]}
            valueHeader={t('usage.opens')}
            rows={data.screens.map((s) => ({
              key: s.screen,
              label: screenName(s.screen, t),
              hint: s.screen,
              value: s.opens,
            }))}
          />
        </section>
        <section className="usage__card">
          <Sub id="usage-reports">{t('usage.reports')}</Sub>
          <BarTable
            caption={t('usage.reports')}
            labelledBy="usage-reports"
            headers={[t('usage.report'), t('usage.category')]}
            valueHeader={t('usage.opens')}
            rows={data.reports.map((r) => ({
              key: `${r.name}|${r.category}`,
              label: itemName(r.name, t),
              cells: [categoryName(r.category, t)],
              value: r.opens,
            }))}
          />
        </section>
      </div>

      <div className="usage__grid">
        <section className="usage__card">
          <Sub id="usage-downloads">{t('usage.downloads')}</Sub>
          <p className="usage__note">
            {t('usage.downloadsLead', {
              count: figure(data.downloads.total),
              rows: figure(data.downloads.rows),
            })}
          </p>
          <BarTable
            caption={t('usage.downloads')}
            labelledBy="usage-downloads"
            headers={[t('usage.download.item'), t('usage.download.format'), t('usage.download.rows')]}
            valueHeader={t('usage.download.count')}
            rows={data.downloads.items.map((d) => ({
              key: `${d.item}|${d.format}`,
              label: itemName(d.item, t),
              cells: [d.format.toUpperCase() || '--', figure(d.rows)],
              value: d.downloads,
            }))}
          />
        </section>
        <section className="usage__card">
          <Sub id="usage-uploads">{t('usage.uploads')}</Sub>
          <p className="usage__note">{t('usage.uploadsLead')}</p>
          <BarTable
            caption={t('usage.uploads')}
            labelledBy="usage-uploads"
            headers={[t('usage.step'), t('usage.share')]}
            valueHeader={t('usage.files')}
            rows={(['started', 'previewed', 'applied', 'failed'] as const).map((step) => ({
              key: step,
              label: t(`usage.funnel.${step}`),
              cells: [
                `${localizeFigure(String(shareOf(data.uploads.funnel[step], data.uploads.funnel.started)))}%`,
              ],
              value: data.uploads.funnel[step],
              tone: step === 'failed' ? 'bad' : undefined,
            }))}
          />
          {data.uploads.byKind.length > 0 ? (
            <PlainTable
              caption={t('usage.uploadByKind')}
              headers={[
                t('usage.uploadKind'),
                t('usage.funnel.started'),
                t('usage.funnel.previewed'),
                t('usage.funnel.applied'),
                t('usage.funnel.failed'),
              ]}
              rows={data.uploads.byKind.map((k) => [
                itemName(k.kind, t),
                figure(k.started),
                figure(k.previewed),
                figure(k.applied),
                figure(k.failed),
              ])}
            />
          ) : null}
          {data.uploads.steps.length > 0 ? (
            <PlainTable
              caption={t('usage.uploadSteps')}
              headers={[t('usage.uploadKind'), t('usage.step'), t('usage.count')]}
              rows={data.uploads.steps.map((s) => [
                itemName(s.tool, t),
                known(`usage.uploadStep.${s.step}`) ? t(`usage.uploadStep.${s.step}` as MessageKey) : s.step,
                figure(s.events),
              ])}
            />
          ) : null}
        </section>
      </div>

      <section className="usage__card">
        <Sub id="usage-events">{t('usage.events')}</Sub>
        <BarTable
          caption={t('usage.events')}
          labelledBy="usage-events"
          headers={[t('usage.event')]}
          valueHeader={t('usage.count')}
          rows={data.events.map((e) => ({
            key: e.event,
            label: eventName(e.event, t),
            hint: <RawName label={t('usage.eventRaw')} name={e.event} />,
            hintText: e.event,
            value: e.count,
          }))}
        />
      </section>
    </div>
  );
}

function Kpi({ label, value }: { label: string; value: string }) {
  return (
    <div className="usage__kpi">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

/**
 * Active users per bucket on the shared column chart (components/chart): a text summary stands for the
 * chart, each column is reachable with the arrow keys and says its value, and the figures (with the
 * first eight roles) are in a table.
 */
function ActiveChart({
  series,
  period,
  title,
}: {
  series: UsageActiveSeries;
  period: UsagePeriod;
  title: string;
}) {
  const { t, language } = useI18n();
  const labels = bucketLabels(series.buckets, period, language);
  const summary = seriesSummary(series);
  const roles = series.byRole.slice(0, 8);
  return (
    <ColumnChart
      className="usage__figure"
      title={title}
      summary={
        summary
          ? t('usage.active.summary', {
              max: figure(summary.max),
              peak: labels.full[series.buckets.indexOf(summary.peak)] ?? summary.peak,
              min: figure(summary.min),
              last: figure(summary.last),
              unit: t(`usage.active.unit.${period}`),
            })
          : t('usage.active.summaryEmpty')
      }
      values={series.total}
      labels={labels.full}
      axisLabels={labels.axis}
      format={figure}
      pointText={(i) =>
        t('usage.active.point', { bucket: labels.full[i]!, value: figure(series.total[i] ?? 0) })
      }
      table={{
        toggle: t('usage.active.table'),
        caption: t('usage.active.tableCaption', { title }),
        bucketHeader: t('usage.active.bucket'),
        valueHeader: t('usage.active.total'),
        extra: roles.map((r) => ({
          key: r.key,
          header: r.key ? term(r.key, t) : t('usage.noRole'),
          cell: (i: number) => figure(r.users[i] ?? 0),
        })),
      }}
    />
  );
}

interface BarRow {
  key: string;
  label: string;
  /** A secondary line under the label (a screen's path, an event's raw name). */
  hint?: ReactNode;
  /** The hint as plain text, when it is not a string: left out when it equals the label. */
  hintText?: string;
  cells?: readonly ReactNode[];
  value: number;
  tone?: 'bad';
}

/**
 * A ranked list as a table (what a screen reader reads) whose value cells carry a bar drawn to scale
 * (hidden from assistive technology: the number next to it says the same).
 */
function BarTable({
  caption,
  labelledBy,
  note,
  headers,
  valueHeader,
  rows,
  format = figure,
}: {
  caption: string;
  /** The id of the card's heading, which names the table (then no caption: the name is said once). */
  labelledBy?: string;
  note?: string;
  headers: readonly string[];
  valueHeader: string;
  rows: readonly BarRow[];
  format?: (value: number) => string;
}) {
  const { t } = useI18n();
  const max = Math.max(0, ...rows.map((r) => r.value));
  if (rows.length === 0) {
    return (
      <p className="usage__note">
        {caption}: {t('usage.none')}
      </p>
    );
  }
  return (
    <FiguresTable
      wrapClassName="usage__table-wrap"
      className="usage__table usage__table--bars"
      labelledBy={labelledBy}
      caption={
        <>
          {caption}
          {note ? <span className="usage__caption-note"> · {note}</span> : null}
        </>
      }
      columns={[...headers, valueHeader]}
      rows={rows.map((r) => ({
        key: r.key,
        label: (
          <>
            {r.label}
            {r.hint && (r.hintText ?? r.hint) !== r.label ? (
              <span className="usage__hint">{r.hint}</span>
            ) : null}
          </>
        ),
        cells: [
          ...(r.cells ?? []),
          <div className="usage__value" key="value">
            <span className="usage__meter" aria-hidden="true">
              <span
                className={
                  r.tone === 'bad' ? 'usage__meter-fill usage__meter-fill--bad' : 'usage__meter-fill'
                }
                style={{ width: `${max > 0 ? Math.max(2, (r.value / max) * 100) : 0}%` }}
              />
            </span>
            <span className="usage__number">{format(r.value)}</span>
          </div>,
        ],
      }))}
    />
  );
}

/** A plain table of figures (the shared components/chart one, in the usage page's style). */
function PlainTable({
  caption,
  headers,
  rows,
}: {
  caption: string;
  headers: readonly string[];
  rows: readonly (readonly [string, ...string[]])[];
}) {
  return (
    <FiguresTable
      wrapClassName="usage__table-wrap"
      className="usage__table usage__table--plain"
      caption={caption}
      columns={headers}
      rows={rows.map(([label, ...cells], i) => ({ key: i, label, cells }))}
    />
  );
}
