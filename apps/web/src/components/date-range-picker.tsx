import { REPORT_DATA_FROM, REPORT_MAX_DAYS } from '@fieldforce/contracts';
import { useId } from 'react';
import { useT, type MessageKey } from '../lib/i18n';
import { DateInput } from './date-input';
import { checkRange, quickRange, type RangeCheck } from './date-range';
import './data-ui.css';

const QUICK_RANGES: readonly { days: number; labelKey: MessageKey }[] = [
  { days: 7, labelKey: 'dateRange.last7' },
  { days: 30, labelKey: 'dateRange.last30' },
  { days: 60, labelKey: 'dateRange.last60' },
];

const RULE_MESSAGE: Record<Exclude<RangeCheck, { ok: true }>['rule'], MessageKey> = {
  format: 'dateRange.rule.format',
  order: 'dateRange.rule.order',
  dataStart: 'dateRange.rule.dataStart',
  maxDays: 'dateRange.rule.maxDays',
  future: 'dateRange.rule.future',
};

/** The message of a failed range check, in the reader's language. */
export function useRangeMessage(check: RangeCheck): string | null {
  const t = useT();
  if (check.ok) return null;
  return t(RULE_MESSAGE[check.rule], { max: REPORT_MAX_DAYS, days: check.days ?? '' });
}

/**
 * Two date fields in the app's language (min 1 Oct 2023, max today) and quick ranges. The rule's message shows
 * under the inputs as soon as the range breaks it; the parent disables Apply with the same check.
 */
export function DateRangePicker({
  from,
  to,
  today,
  onChange,
}: {
  from: string;
  to: string;
  today: string;
  onChange(range: { from: string; to: string }): void;
}) {
  const t = useT();
  const id = useId();
  const check = checkRange(from, to, today);
  const message = useRangeMessage(check);
  const errorId = `${id}-error`;
  return (
    <fieldset className="date-range">
      <legend className="date-range__legend">{t('dateRange.legend')}</legend>
      <div className="date-range__inputs">
        <div className="field">
          <label className="field__label" htmlFor={`${id}-from`}>
            {t('dateRange.from')}
          </label>
          <DateInput
            id={`${id}-from`}
            min={REPORT_DATA_FROM}
            max={today}
            checkBounds={false}
            value={from}
            invalid={!!message}
            describedBy={message ? errorId : undefined}
            onChange={(day) => onChange({ from: day, to })}
          />
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-to`}>
            {t('dateRange.to')}
          </label>
          <DateInput
            id={`${id}-to`}
            min={REPORT_DATA_FROM}
            max={today}
            checkBounds={false}
            value={to}
            invalid={!!message}
            describedBy={message ? errorId : undefined}
            onChange={(day) => onChange({ from, to: day })}
          />
        </div>
      </div>
      <div className="date-range__quick" role="group" aria-label={t('dateRange.quick')}>
        {QUICK_RANGES.map((range) => {
          const next = quickRange(range.days, today);
          const active = next.from === from && next.to === to;
          return (
            <button
              key={range.days}
              type="button"
              className="button button--ghost button--small"
              aria-pressed={active}
              onClick={() => onChange(next)}
            >
              {t(range.labelKey)}
            </button>
          );
        })}
      </div>
      {message ? (
        <p id={errorId} className="field__error" role="alert">
          {message}
        </p>
      ) : null}
    </fieldset>
  );
}
