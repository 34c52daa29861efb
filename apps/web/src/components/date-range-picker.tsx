import { REPORT_DATA_FROM, REPORT_MAX_DAYS } from '@fieldforce/contracts';
import { useT, type MessageKey } from '../lib/i18n';
import { DateRangeFields } from './date-range-fields';
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

/** The field a broken rule is about: the start before the data, the end in the future, else both. */
const FAULT: Record<Exclude<RangeCheck, { ok: true }>['rule'], 'from' | 'to' | 'both'> = {
  format: 'both',
  order: 'both',
  dataStart: 'from',
  maxDays: 'both',
  future: 'to',
};

/** The message of a failed range check, in the reader's language. */
export function useRangeMessage(check: RangeCheck): string | null {
  const t = useT();
  if (check.ok) return null;
  return t(RULE_MESSAGE[check.rule], { max: REPORT_MAX_DAYS, days: check.days ?? '' });
}

/**
 * Two date fields in the app's language (min 1 Oct 2023, max today) and quick ranges. The rule's message shows
 * under the pair as soon as the range breaks it (DateRangeFields), the field at fault marked invalid;
 * the parent disables Apply with the same check.
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
  const check = checkRange(from, to, today);
  const message = useRangeMessage(check);
  return (
    <fieldset className="date-range">
      <legend className="date-range__legend">{t('dateRange.legend')}</legend>
      <DateRangeFields
        className="date-range__inputs"
        from={from}
        to={to}
        fromLabel={t('dateRange.from')}
        toLabel={t('dateRange.to')}
        min={REPORT_DATA_FROM}
        max={today}
        checkBounds={false}
        error={message}
        errorOn={check.ok ? 'both' : FAULT[check.rule]}
        onChange={onChange}
      />
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
    </fieldset>
  );
}
