import type { CountryCode, MerchCompliance } from '@fieldforce/contracts';
import { useId, useState } from 'react';
import { ColumnChart } from '../../../components/chart';
import { LoadingStatus } from '../../../components/loading-status';
import { chartDayLabels, formatIsoDay, useI18n } from '../../../lib/i18n';
import { useMerchCompliance } from '../api/merchandizing';

type Metric = 'osa' | 'facings' | 'stock';
const METRICS: readonly Metric[] = ['osa', 'facings', 'stock'];
const VALUE = { osa: 'osaPct', facings: 'facingsPct', stock: 'stockPct' } as const;

/**
 * A set version's compliance from the visit audits: the three figures against their hurdle rates, the
 * chosen figure week by week (a column chart with the hurdle drawn across; weeks below it in the
 * warning colour, the figures in a table behind a disclosure), and a table by outlet, weakest first.
 */
export function MerchCompliancePanel({
  country,
  setId,
  version,
}: {
  country: CountryCode;
  setId: string;
  version: number;
}) {
  const { t } = useI18n();
  const result = useMerchCompliance(country, setId, version);
  if (result.isPending) return <LoadingStatus label={t('merch.compliance.loading')} />;
  if (result.isError || !result.data) {
    return (
      <p role="alert" className="dtable-message dtable-message--error">
        {t('merch.compliance.error')}
      </p>
    );
  }
  return <ComplianceView data={result.data} />;
}

export function ComplianceView({ data }: { data: MerchCompliance }) {
  const { t, language } = useI18n();
  const [metric, setMetric] = useState<Metric>('osa');
  const groupId = useId();
  const pct = new Intl.NumberFormat(language === 'vi' ? 'vi-VN' : 'en-GB', { maximumFractionDigits: 1 });
  const show = (v: number | null) => (v === null ? '—' : `${pct.format(v)}\u00a0%`);
  const hurdle = data.hurdles[metric];
  const values = data.weeks.map((w) => w[VALUE[metric]] ?? 0);
  const labels = chartDayLabels(
    data.weeks.map((w) => w.weekStart),
    language,
  );
  const name = t(`merch.metric.${metric}`);
  const below = data.weeks.filter((w) => (w[VALUE[metric]] ?? 0) < hurdle).length;

  if (data.overall.audits === 0) {
    return <p className="merch-empty">{t('merch.compliance.none')}</p>;
  }
  return (
    <div className="merch-compliance">
      <ul className="merch-cards">
        {METRICS.map((m) => {
          const value = data.overall[VALUE[m]];
          const met = value !== null && value >= data.hurdles[m];
          return (
            <li key={m} className={`merch-card ${met ? 'merch-card--met' : 'merch-card--below'}`}>
              <span className="merch-card__label">{t(`merch.metric.${m}`)}</span>
              <span className="merch-card__value">{show(value)}</span>
              <span className="merch-card__hurdle">
                {t(met ? 'merch.compliance.met' : 'merch.compliance.below', {
                  hurdle: show(data.hurdles[m]),
                })}
              </span>
            </li>
          );
        })}
        <li className="merch-card">
          <span className="merch-card__label">{t('merch.compliance.outlets')}</span>
          <span className="merch-card__value">
            {data.overall.outletsMeetingAll} / {data.overall.outlets}
          </span>
          <span className="merch-card__hurdle">
            {data.overall.audits === 1
              ? t('merch.compliance.auditsOne')
              : t('merch.compliance.audits', { count: data.overall.audits })}
          </span>
        </li>
      </ul>

      <fieldset className="merch-metric" aria-describedby={`${groupId}-hint`}>
        <legend>{t('merch.compliance.metric')}</legend>
        {METRICS.map((m) => (
          <label key={m} className="merch-metric__choice">
            <input
              type="radio"
              name={`${groupId}-metric`}
              value={m}
              checked={metric === m}
              onChange={() => setMetric(m)}
            />
            {t(`merch.metric.${m}`)}
          </label>
        ))}
        <p id={`${groupId}-hint`} className="field__hint">
          {t('merch.compliance.metricHint')}
        </p>
      </fieldset>

      <ColumnChart
        className="merch-chart"
        title={t('merch.compliance.chartTitle', { metric: name })}
        summary={t(
          data.weeks.length === 1 ? 'merch.compliance.chartSummaryOne' : 'merch.compliance.chartSummary',
          {
            metric: name,
            weeks: data.weeks.length,
            below,
            hurdle: show(hurdle),
            last: show(values.at(-1) ?? null),
          },
        )}
        values={values}
        labels={labels.full}
        axisLabels={labels.axis}
        format={show}
        pointText={(i) =>
          t(data.weeks[i]!.audits === 1 ? 'merch.compliance.pointOne' : 'merch.compliance.point', {
            week: labels.full[i]!,
            value: show(data.weeks[i]![VALUE[metric]]),
            audits: data.weeks[i]!.audits,
          })
        }
        max={100}
        reference={{ value: hurdle, label: t('merch.compliance.hurdle', { hurdle: show(hurdle) }) }}
        bad={(v) => v < hurdle}
        table={{
          toggle: t('merch.compliance.showFigures'),
          caption: t('merch.compliance.tableCaption', { metric: name }),
          bucketHeader: t('merch.compliance.week'),
          valueHeader: name,
          extra: [
            {
              key: 'audits',
              header: t('merch.compliance.auditsHeader'),
              cell: (i: number) => data.weeks[i]!.audits,
            },
          ],
        }}
      />

      <div className="merch-table-wrap">
        <table className="merch-table merch-table--cards">
          <caption>{t('merch.compliance.byOutlet')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('merch.col.outlet')}</th>
              <th scope="col">{t('merch.col.dt')}</th>
              <th scope="col">{t('merch.metric.osa')}</th>
              <th scope="col">{t('merch.metric.facings')}</th>
              <th scope="col">{t('merch.metric.stock')}</th>
              <th scope="col">{t('merch.compliance.auditsHeader')}</th>
              <th scope="col">{t('merch.col.lastAudit')}</th>
            </tr>
          </thead>
          <tbody>
            {data.outlets.map((o) => (
              <tr key={o.outletCode}>
                <th scope="row">
                  {o.outletName} <span className="merch-muted">({o.outletCode})</span>
                </th>
                <td data-label={t('merch.col.dt')}>{o.dtCode}</td>
                {(
                  [
                    ['osa', o.osaPct, o.osaMet],
                    ['facings', o.facingsPct, o.facingsMet],
                    ['stock', o.stockPct, o.stockMet],
                  ] as const
                ).map(([metric, value, met]) => (
                  <td
                    key={metric}
                    data-label={t(`merch.metric.${metric}`)}
                    className={met ? 'merch-met' : 'merch-below'}
                  >
                    {/* One element: on a phone card the figure and its word stay together at the right. */}
                    <span>
                      {show(value)}{' '}
                      <span className="merch-flag">
                        {t(met ? 'merch.compliance.metShort' : 'merch.compliance.belowShort')}
                      </span>
                    </span>
                  </td>
                ))}
                <td data-label={t('merch.compliance.auditsHeader')}>{o.audits}</td>
                <td data-label={t('merch.col.lastAudit')}>{formatIsoDay(o.lastAuditDate, language)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
