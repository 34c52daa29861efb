import { useEffect, useId, useRef } from 'react';
import {
  COUNTRIES,
  formatDateTime,
  formatFigure,
  SALESMAN_DAY_MAX_DAYS_BACK,
  type CountryCode,
  type SalesmanDayAnswer,
} from '@fieldforce/contracts';
import { DateInput } from '../../../components/date-input';
import { LoadingStatus } from '../../../components/loading-status';
import { useI18n, type Translate } from '../../../lib/i18n';
import { isApiError } from '../../../lib/api-client';
import { useSalesmanDay } from '../api/salesman-day';
import { localizeAmount } from '../../../lib/i18n/locale-format';

interface SalesmanDayPanelProps {
  country: CountryCode;
  emailId: string;
  date?: string;
  onDate(date: string): void;
  onBack(): void;
}

const shiftDay = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** HH:mm in the market's time zone ('--' when absent). */
const clock = (value: string | null, timeZone: string) =>
  formatDateTime(value, timeZone).split(' | ')[1] ?? '--';

/**
 * Where a salesperson row leads: that salesperson's day, its visits in order with their orders, the
 * orders taken without a visit, and the day's totals; a day picker within the days the server keeps.
 */
export function SalesmanDayPanel({ country, emailId, date, onDate, onBack }: SalesmanDayPanelProps) {
  const { t, language } = useI18n();
  const query = useSalesmanDay(country, { emailId, ...(date ? { date } : {}) });
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [emailId]);
  const back = (
    <button type="button" className="button" onClick={onBack}>
      <span aria-hidden="true">‹ </span>
      {t('ucube.day.back')}
    </button>
  );
  if (query.isPending) {
    return (
      <section className="ucube-day">
        {back}
        <LoadingStatus label={t('ucube.day.loading')} />
      </section>
    );
  }
  if (query.isError) {
    const forbidden = isApiError(query.error) && query.error.status === 403;
    return (
      <section className="ucube-day">
        {back}
        <div role="alert" className="ucube-error">
          <p>{forbidden ? t('ucube.day.forbidden') : t('ucube.day.error')}</p>
          {forbidden ? null : (
            <button type="button" className="button" onClick={() => void query.refetch()}>
              {t('ucube.retry')}
            </button>
          )}
        </div>
      </section>
    );
  }
  const a = query.data;
  return (
    <section className="ucube-day" aria-labelledby="ucube-day-title">
      {back}
      <h2 id="ucube-day-title" ref={heading} tabIndex={-1} className="ucube-details">
        {t('ucube.day.title', { name: a.salesman.name })}
      </h2>
      <p className="ucube-meta">
        {a.salesman.emailId} · {t('ucube.code.sm')} {a.salesman.smCode} · {t('ucube.code.dt')}{' '}
        {a.salesman.dtCode}
        {a.salesman.teamLeader ? ` · ${t('ucube.day.leader', { name: a.salesman.teamLeader.name })}` : ''}
      </p>
      <DayPicker answer={a} language={language} onDate={onDate} t={t} />
      <DayFigures answer={a} t={t} />
      <DayVisits answer={a} t={t} />
    </section>
  );
}

function DayPicker({
  answer,
  language,
  onDate,
  t,
}: {
  answer: SalesmanDayAnswer;
  language: string;
  onDate(date: string): void;
  t: Translate;
}) {
  const earliest = shiftDay(answer.today, -SALESMAN_DAY_MAX_DAYS_BACK);
  const dateId = useId();
  const long = new Intl.DateTimeFormat(language === 'vi' ? 'vi-VN' : 'en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${answer.date}T00:00:00Z`));
  return (
    <div className="ucube-day__picker">
      <button
        type="button"
        className="ucube-chip"
        disabled={answer.date <= earliest}
        onClick={() => onDate(shiftDay(answer.date, -1))}
      >
        <span aria-hidden="true">‹ </span>
        {t('ucube.day.prev')}
      </button>
      <label className="visually-hidden" htmlFor={dateId}>
        {t('ucube.day.date')}
      </label>
      <DateInput
        id={dateId}
        value={answer.date}
        min={earliest}
        max={answer.today}
        live={false}
        onChange={(day) => {
          if (day) onDate(day);
        }}
      />
      <button
        type="button"
        className="ucube-chip"
        disabled={answer.date >= answer.today}
        onClick={() => onDate(shiftDay(answer.date, 1))}
      >
        {t('ucube.day.next')}
        <span aria-hidden="true"> ›</span>
      </button>
      <span className="ucube-muted">{long}</span>
    </div>
  );
}

function DayFigures({ answer, t }: { answer: SalesmanDayAnswer; t: Translate }) {
  const money = (v: number) => localizeAmount(formatFigure(v, 'amount', { currency: answer.currencyCode }));
  const figures: [string, string][] = [
    [t('ucube.day.planned'), localizeAmount(formatFigure(answer.totals.plannedCalls, 'count'))],
    [t('ucube.day.actual'), localizeAmount(formatFigure(answer.totals.actualCalls, 'count'))],
    [t('ucube.day.productive'), localizeAmount(formatFigure(answer.totals.productiveCalls, 'count'))],
    [t('ucube.day.orders'), localizeAmount(formatFigure(answer.totals.orders, 'count'))],
    [t('ucube.day.value'), money(answer.totals.orderValue)],
  ];
  return (
    <dl className="ucube-day__figures">
      {figures.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function DayVisits({ answer, t }: { answer: SalesmanDayAnswer; t: Translate }) {
  const tz = COUNTRIES[answer.countryCode].timeZone;
  const money = (v: number) => localizeAmount(formatFigure(v, 'amount', { currency: answer.currencyCode }));
  const status = (v: SalesmanDayAnswer['visits'][number]) =>
    v.productive ? 'productive' : v.actual ? 'visited' : 'missed';
  return (
    <>
      <h3 className="ucube-day__h">{t('ucube.day.visits', { count: answer.visits.length })}</h3>
      {answer.visits.length === 0 ? (
        <p className="ucube-muted">{t('ucube.day.noVisits')}</p>
      ) : (
        <ol className="ucube-day__visits">
          {answer.visits.map((v, i) => (
            <li key={`${v.outletCode}-${i}`} data-status={status(v)}>
              <div className="ucube-day__visit-head">
                <strong>
                  {v.sequence ?? '–'}. {v.outletName}
                </strong>
                <span className={`ucube-day__status ucube-day__status--${status(v)}`}>
                  {t(`ucube.day.status.${status(v)}`)}
                  {v.planned ? '' : ` · ${t('ucube.day.unplanned')}`}
                </span>
              </div>
              <p className="ucube-sub">
                {v.outletCode} · {v.address}
                {v.checkInAt ? ` · ${clock(v.checkInAt, tz)}–${clock(v.checkOutAt, tz)}` : ''}
              </p>
              {v.orders.length ? (
                <ul className="ucube-day__orders">
                  {v.orders.map((o) => (
                    <li key={o.orderNumber}>
                      {t('ucube.day.order', {
                        number: o.orderNumber,
                        lines: o.lines,
                        amount: money(o.amount),
                      })}
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ol>
      )}
      {answer.ordersWithoutVisit.length ? (
        <>
          <h3 className="ucube-day__h">{t('ucube.day.ordersWithoutVisit')}</h3>
          <ul className="ucube-day__orders">
            {answer.ordersWithoutVisit.map((o) => (
              <li key={o.orderNumber}>
                {o.outletName} ({o.outletCode}):{' '}
                {t('ucube.day.order', { number: o.orderNumber, lines: o.lines, amount: money(o.amount) })}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </>
  );
}
