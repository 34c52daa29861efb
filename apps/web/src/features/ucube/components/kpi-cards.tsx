import type { CountryCode, KpiAnswer } from '@fieldforce/contracts';
import { useT } from '../../../lib/i18n';
import { localizeFigure } from '../../../lib/i18n/locale-format';
import { localizeKpiAnswer } from '../../../lib/i18n/terms';
import { formatPercent } from '../kpi-logic';
import { kpiFormatter, readingOf, statusKey } from './kpi-view';

/**
 * Headline cards of the viewer's whole scope: the actual, the month target (the one meaning of
 * target), the expected-by-today labelled as such, the achievement of the month target, and one
 * status (colour, word and pace line all read the same band).
 */
export function KpiCards({ answer: sent, country }: { answer: KpiAnswer; country?: CountryCode }) {
  const t = useT();
  const answer = localizeKpiAnswer(sent, t);
  const fmt = kpiFormatter(answer.view, country ?? answer.countryCode);
  return (
    <ul className="kpi-cards" aria-label={t('ucube.home.scope')}>
      {answer.kpis.map((k) => {
        const r = readingOf(answer, answer.total, k);
        return (
          <li key={k.key} className="kpi-card">
            <h3>{k.label}</h3>
            <p className="kpi-card__actual">
              <span className="visually-hidden">{k.actualLabel}: </span>
              {fmt(r.actual, k.unit)}
            </p>
            <p>
              {r.expected !== null ? t('ucube.home.monthTarget') : k.targetLabel}: {fmt(r.target, k.unit)}
            </p>
            {r.expected !== null ? (
              <p>
                {t('ucube.expectedLabel')}: {fmt(r.expected, k.unit)}
              </p>
            ) : null}
            <p>
              {t('ucube.home.achievement')}:{' '}
              <strong data-band={r.band}>{formatPercent(r.achievement)}</strong>
              {r.expected !== null ? ` ${t('ucube.home.ofMonth')}` : ''}
            </p>
            <p className={r.band === 'na' ? 'ucube-muted' : `ucube-pace ucube-pace--${r.band}`}>
              {r.band === 'na'
                ? `${t('ucube.home.pace')}: ${t('ucube.home.noPace')}`
                : r.expected !== null
                  ? t(`ucube.pace.${r.band}`, {
                      actual: fmt(r.actual, k.unit),
                      expected: fmt(r.expected, k.unit),
                      pace: formatPercent(r.pace),
                      time: localizeFigure(String(answer.range.timeGonePercentage)),
                    })
                  : t(statusKey(r))}
            </p>
          </li>
        );
      })}
    </ul>
  );
}
