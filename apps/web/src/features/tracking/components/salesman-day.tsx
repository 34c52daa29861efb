import { useEffect, useState } from 'react';
import type { TrackingDay } from '@fieldforce/contracts';
import { useI18n } from '../../../lib/i18n';
import { formatIsoDay, localizeFigure } from '../../../lib/i18n/locale-format';
import { REPLAY_SPEEDS } from '../tracking-rules';
import type { ReplayController } from '../replay';

const time = (iso: string | null, timeZone: string) =>
  iso ? new Date(iso).toLocaleTimeString('en-GB', { timeZone, hour: '2-digit', minute: '2-digit' }) : '--';

/** A salesman's day beside the map: figures, the replay, outlets with check-in/out and verification, stops. */
export function SalesmanDayPanel({
  day,
  replay,
  onBack,
}: {
  day: TrackingDay;
  replay: ReplayController | null;
  onBack(): void;
}) {
  const { t, language } = useI18n();
  const tz = day.timeZone;
  const km = (m: number) => localizeFigure((m / 1000).toFixed(1), language);
  const f = day.figures;
  const figures: [string, string][] = [
    [t('tracking.fig.planned'), String(f.plannedVisits)],
    [t('tracking.fig.actual'), String(f.actualVisits)],
    [t('tracking.fig.productive'), String(f.productiveCalls)],
    [t('tracking.fig.verified'), String(f.verifiedVisits)],
    [t('tracking.fig.firstPing'), time(f.firstPingAt, tz)],
    [t('tracking.fig.lastPing'), time(f.lastPingAt, tz)],
    [t('tracking.fig.distance'), t('tracking.km', { km: km(f.distanceM) })],
    [t('tracking.fig.atOutlets'), t('tracking.minutes', { minutes: f.minutesAtOutlets })],
    [t('tracking.fig.travelling'), t('tracking.minutes', { minutes: f.minutesTravelling })],
  ];
  const unmatched = day.stops.filter((s) => s.outletCode === null);
  return (
    <section className="tracking-day" aria-labelledby="tracking-day-title">
      <button type="button" className="button button--ghost tracking-day__back" onClick={onBack}>
        ← {t('tracking.back')}
      </button>
      <h2 id="tracking-day-title" className="tracking-day__title">
        {t('tracking.day.title', { name: day.salesman.name, date: formatIsoDay(day.date, language) })}
        <span className="tracking-day__code">{day.salesman.smCode}</span>
      </h2>
      <dl className="tracking-figures">
        {figures.map(([label, value]) => (
          <div key={label} className="tracking-figures__item">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="tracking-day__route" data-route-count={day.route.points.length}>
        {t('tracking.route', { count: day.route.points.length })} ·{' '}
        {day.route.decimals === null
          ? t('tracking.routeThinned')
          : t('tracking.routeHint', { decimals: day.route.decimals })}
      </p>
      {replay ? <ReplayControls replay={replay} timeZone={tz} /> : <p>{t('tracking.noPings')}</p>}

      <h3 className="tracking-day__heading">{t('tracking.outlets')}</h3>
      <ol className="tracking-visits">
        {day.visits.map((v) => (
          <li
            key={`${v.outletCode}-${v.visitSequence ?? 'p'}`}
            className={`tracking-visit tracking-visit--${v.check}`}
          >
            <div className="tracking-visit__name">
              <strong>{v.outletName}</strong> <span className="tracking-muted">{v.outletCode}</span>
            </div>
            <div className="tracking-visit__meta">
              {v.planned ? t('tracking.planned') : t('tracking.unplanned')} · {t('tracking.checkIn')}{' '}
              {time(v.checkInAt, tz)} · {t('tracking.checkOut')} {time(v.checkOutAt, tz)}
              {v.minutesAtOutlet !== null
                ? ` · ${t('tracking.minutes', { minutes: v.minutesAtOutlet })}`
                : ''}
            </div>
            <div className="tracking-visit__check">
              <span className={`tracking-badge tracking-badge--${v.check}`}>
                {v.check === 'recorded-away'
                  ? t('tracking.check.recorded-away', { metres: v.recordedDistanceM ?? 0 })
                  : t(`tracking.check.${v.check}`)}
              </span>
            </div>
          </li>
        ))}
      </ol>

      {unmatched.length > 0 && (
        <>
          <h3 className="tracking-day__heading">{t('tracking.stops', { count: unmatched.length })}</h3>
          <ul className="tracking-plain-list">
            {unmatched.map((s) => (
              <li key={s.from}>
                {t('tracking.stopAt', { from: time(s.from, tz), to: time(s.to, tz), minutes: s.minutes })}
              </li>
            ))}
          </ul>
        </>
      )}
      {day.suspicious.length > 0 && (
        <>
          <h3 className="tracking-day__heading">
            {t('tracking.suspiciousList', { count: day.suspicious.length })}
          </h3>
          <ul className="tracking-plain-list">
            {day.suspicious.map((s) => (
              <li key={s.seq}>
                {time(s.at, tz)} · {t(`tracking.reason.${s.reason}`)}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function ReplayControls({ replay, timeZone }: { replay: ReplayController; timeZone: string }) {
  const { t } = useI18n();
  // Re-render on the controller's state notices (at most four a second while playing).
  const [, force] = useState(0);
  useEffect(() => replay.onState(() => force((n) => n + 1)), [replay]);
  return (
    <fieldset className="tracking-replay">
      <legend>{t('tracking.replay')}</legend>
      <div className="tracking-replay__row">
        <button
          type="button"
          className="button button--primary"
          aria-pressed={replay.playing}
          onClick={() => (replay.playing ? replay.pause() : replay.play())}
        >
          {replay.playing ? t('tracking.pause') : t('tracking.play')}
        </button>
        <label className="tracking-replay__speed">
          {t('tracking.speed')}{' '}
          <select value={replay.speed} onChange={(e) => replay.setSpeed(Number(e.target.value))}>
            {REPLAY_SPEEDS.map((s) => (
              <option key={s} value={s}>
                {t('tracking.speedValue', { speed: s })}
              </option>
            ))}
          </select>
        </label>
        <label className="tracking-replay__follow">
          <input
            type="checkbox"
            checked={replay.follow}
            onChange={(e) => replay.setFollow(e.target.checked)}
          />{' '}
          {t('tracking.follow')}
        </label>
      </div>
      <label className="tracking-replay__time">
        <span className="visually-hidden">{t('tracking.replayTime')}</span>
        <input
          type="range"
          min={replay.start}
          max={replay.end}
          step={1000}
          value={replay.t}
          onChange={(e) => replay.seek(Number(e.target.value))}
          aria-valuetext={time(new Date(replay.t).toISOString(), timeZone)}
        />
        <output data-testid="replay-time">{time(new Date(replay.t).toISOString(), timeZone)}</output>
      </label>
      <p className="tracking-muted">{t('tracking.replayHint')}</p>
    </fieldset>
  );
}
