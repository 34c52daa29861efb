import type { KpiAnswer } from '@fieldforce/contracts';
import { useT } from '../../../lib/i18n';
import { achievementBand, computePace, formatPercent } from '../kpi-logic';
import { kpiFormatter } from './kpi-view';

/** Headline cards of the viewer's whole scope: actual, target, achievement and month-to-date pace. */
export function KpiCards({ answer }: { answer: KpiAnswer }) {
  const t = useT();
  const fmt = kpiFormatter(answer.view);
  return (
    <ul className="kpi-cards" aria-label={t('ucube.home.scope')}>
      {answer.kpis.map((k) => {
        const v = answer.total.kpis[k.key];
        const band = achievementBand(v?.achievedPercentage ?? 'NA');
        const pace = computePace(v, k, answer.range.timeGonePercentage);
        return (
          <li key={k.key} className="kpi-card">
            <h3>{k.label}</h3>
            <p className="kpi-card__actual">
              <span className="visually-hidden">{k.actualLabel}: </span>
              {fmt(v?.actual, k.unit)}
            </p>
            <p>
              {k.targetLabel}: {fmt(v?.target, k.unit)}
            </p>
            <p data-band={band}>
              {t('ucube.home.achievement')}: {formatPercent(v?.achievedPercentage ?? 'NA')} (
              {t(`ucube.band.${band}`)})
            </p>
            <p className={pace ? `ucube-pace ucube-pace--${pace.behind ? 'behind' : 'ok'}` : 'ucube-muted'}>
              {pace
                ? t(pace.behind ? 'ucube.pace.behind' : 'ucube.pace.onTrack', {
                    actual: fmt(v?.actual, k.unit),
                    expected: fmt(pace.expected, k.unit),
                    time: answer.range.timeGonePercentage,
                  })
                : `${t('ucube.home.pace')}: ${t('ucube.home.noPace')}`}
            </p>
          </li>
        );
      })}
    </ul>
  );
}
