import { LoadingStatus } from '../../../components/loading-status';
import { useId, useState } from 'react';
import { ChartFiguresTable, ChartTip, useChartPoints, useWidth } from '../../../components/chart';
import {
  TREND_PERIODS,
  type CountryCode,
  type DailyTrendAnswer,
  formatAmount,
  type TrendPeriod,
} from '@fieldforce/contracts';
import { useI18n, type Translate } from '../../../lib/i18n';
import { useDailyTrend } from '../api/daily-trend';
import {
  monthTarget,
  TREND_KPIS,
  trendLayout,
  trendPoints,
  trendStatus,
  type TrendKpi,
} from '../trend-logic';
import { kpiFormatter } from './kpi-view';
import './trend-chart.css';
import { ToggleGroup } from '../../../components/toggle-group';
import { localizeAmount, localizeFigure } from '../../../lib/i18n/locale-format';

const HEIGHT = 240;
/** Before the first measurement (and in tests, without ResizeObserver). */
const DEFAULT_WIDTH = 640;
/** Counts whole, GSV abbreviated (the one rule of packages/contracts `formatFigure`). */
const UNIT: Record<TrendKpi, 'amount' | 'count'> = {
  gsv: 'amount',
  eco: 'count',
  productiveCalls: 'count',
  bills: 'count',
};
const formatterFor = (kpi: TrendKpi, country: CountryCode) => {
  const f = kpiFormatter('performance', country);
  return (v: number | null | undefined) => f(v, UNIT[kpi]);
};

function dayLabel(date: string, language: string): string {
  return new Intl.DateTimeFormat(language === 'vi' ? 'vi-VN' : 'en-GB', {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));
}

interface MonthTrendProps {
  country: CountryCode;
  bsa: string | null;
}

/** The home page's month trend: the period and KPI toggles and the chart of the caller's whole scope. */
export function MonthTrend({ country, bsa }: MonthTrendProps) {
  const { t } = useI18n();
  const [period, setPeriod] = useState<TrendPeriod>('mtd');
  const query = useDailyTrend(country, { period, ...(bsa ? { bsa } : {}) });
  return (
    <section className="trend" aria-labelledby="trend-heading">
      <div className="trend__head">
        <h2 id="trend-heading">{t('trend.heading')}</h2>
        <ToggleGroup
          label={t('trend.period.label')}
          options={TREND_PERIODS}
          value={period}
          onChange={setPeriod}
          render={(p) => t(`trend.period.${p}`)}
          className="trend__toggles"
          buttonClassName="trend__toggle"
        />
      </div>
      {query.data ? (
        <TrendChart answer={query.data} country={country} />
      ) : query.isError ? (
        <div role="alert">
          <p>{t('trend.error')}</p>
          <button type="button" className="button" onClick={() => void query.refetch()}>
            {t('trend.retry')}
          </button>
        </div>
      ) : (
        <LoadingStatus label={t('trend.loading')} />
      )}
    </section>
  );
}

/** The text that stands for the chart: where the cumulative actual is against the straight line. */
export function trendSummary(
  t: Translate,
  language: string,
  answer: DailyTrendAnswer,
  kpi: TrendKpi,
  country: CountryCode = 'vn',
): string {
  const fmt = formatterFor(kpi, country);
  const points = trendPoints(answer, kpi);
  const last = points.at(-1);
  if (!last) return t('trend.summary.empty');
  const name = t(`trend.kpi.${kpi}`);
  const date = dayLabel(last.date, language);
  const status = trendStatus(points, monthTarget(answer, kpi));
  if (!status) return t('trend.summary.noTarget', { kpi: name, actual: fmt(last.cumulative), date });
  return t('trend.summary', {
    kpi: name,
    actual: fmt(last.cumulative),
    date,
    expected: fmt(status.expected),
    target: fmt(status.target),
    achieved: localizeFigure(status.achieved.toFixed(2)),
    status: t(status.ahead ? 'trend.status.ahead' : 'trend.status.behind'),
  });
}

/** Cumulative actual of one KPI against the straight line from 0 to the month target, in inline SVG. */
export function TrendChart({ answer, country = 'vn' }: { answer: DailyTrendAnswer; country?: CountryCode }) {
  const { t, language } = useI18n();
  const id = useId();
  const [kpi, setKpi] = useState<TrendKpi>('gsv');
  const fmt = formatterFor(kpi, country);
  const [boxRef, width] = useWidth<HTMLDivElement>(DEFAULT_WIDTH);
  const target = monthTarget(answer, kpi);
  const points = trendPoints(answer, kpi);
  const layout = trendLayout({
    points,
    target,
    daysInMonth: answer.daysInMonth,
    today: answer.period === 'mtd' ? answer.daysGone : null,
    width,
    height: HEIGHT,
  });
  const name = t(`trend.kpi.${kpi}`);
  const { plot } = layout;
  // One tab stop for the points; the hovered or focused one shows its value.
  const { shown, pointProps } = useChartPoints<SVGCircleElement>(layout.dots.length);

  return (
    <figure className="trend__figure">
      <ToggleGroup
        label={t('trend.kpi.label')}
        options={TREND_KPIS}
        value={kpi}
        onChange={setKpi}
        render={(k) => t(`trend.kpi.${k}`)}
        className="trend__toggles"
        buttonClassName="trend__toggle"
      />
      <figcaption id={`${id}-t`} className="trend__title">
        {t('trend.title', { kpi: name })}
      </figcaption>
      <p id={`${id}-d`} className="trend__summary">
        {trendSummary(t, language, answer, kpi, country)}
      </p>
      <div ref={boxRef} className="trend__box">
        <svg
          role="img"
          aria-labelledby={`${id}-t`}
          aria-describedby={`${id}-d`}
          viewBox={`0 0 ${layout.width} ${layout.height}`}
          className="trend__svg"
        >
          {layout.yTicks.map((tick) => (
            <g key={tick.value}>
              <line x1={plot.left} x2={plot.right} y1={tick.y} y2={tick.y} className="trend__grid" />
              <text x={plot.left - 6} y={tick.y + 4} textAnchor="end" className="trend__axis">
                {localizeAmount(formatAmount(tick.value))}
              </text>
            </g>
          ))}
          {layout.xTicks.map((tick) => (
            <text key={tick.day} x={tick.x} y={plot.bottom + 16} textAnchor="middle" className="trend__axis">
              {tick.day}
            </text>
          ))}
          {layout.todayX !== null ? (
            <g className="trend__today">
              <line x1={layout.todayX} x2={layout.todayX} y1={plot.top} y2={plot.bottom} />
              <text
                x={layout.todayX}
                y={plot.top - 3}
                textAnchor={layout.todayX > plot.right - 30 ? 'end' : 'middle'}
              >
                {t('trend.today')}
              </text>
            </g>
          ) : null}
          {layout.targetPath ? <path d={layout.targetPath} className="trend__target" /> : null}
          <path d={layout.actualPath} className="trend__actual" />
          {layout.dots.map((d, i) => {
            const label = t('trend.point', {
              date: dayLabel(d.point.date, language),
              value: fmt(d.point.cumulative),
            });
            return (
              <circle
                key={d.point.date}
                cx={d.x}
                cy={d.y}
                r={shown === i ? 5 : 3}
                className="trend__dot"
                role="img"
                aria-label={label}
                {...pointProps(i)}
              >
                <title>{label}</title>
              </circle>
            );
          })}
          {shown !== null && layout.dots[shown] ? (
            <ChartTip
              x={layout.dots[shown]!.x}
              y={layout.dots[shown]!.y}
              plot={plot}
              text={t('trend.point', {
                date: dayLabel(layout.dots[shown]!.point.date, language),
                value: fmt(layout.dots[shown]!.point.cumulative),
              })}
            />
          ) : null}
        </svg>
      </div>
      <ul className="trend__legend">
        <li>
          <span className="trend__swatch trend__swatch--actual" aria-hidden="true" />
          {t('trend.legend.actual')}
        </li>
        {target !== null ? (
          <li>
            <span className="trend__swatch trend__swatch--target" aria-hidden="true" />
            {t('trend.legend.target')}
          </li>
        ) : null}
      </ul>
      <ChartFiguresTable
        toggle={t('trend.table.show')}
        caption={t('trend.table.caption', { kpi: name })}
        columns={[
          t('trend.table.date'),
          t('trend.table.daily'),
          t('trend.table.cumulative'),
          ...(target !== null ? [t('trend.table.expected')] : []),
        ]}
        rows={points.map((p) => ({
          key: p.date,
          label: dayLabel(p.date, language),
          cells: [fmt(p.daily), fmt(p.cumulative), ...(p.expected !== null ? [fmt(p.expected)] : [])],
        }))}
      />
    </figure>
  );
}
