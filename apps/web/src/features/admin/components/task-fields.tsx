import { useId } from 'react';
import { formatIsoDay, type Language } from '../../../lib/i18n';

/** A task's day (YYYY-MM-DD, or a timestamp's day) the reader's way: 27-Nov-26, 27/11/2026 in Vietnamese. */
export const showDay = (day: string | null | undefined, language: Language) =>
  formatIsoDay(day?.slice(0, 10), language);

/** A labelled select of fixed choices with an "all" choice first (value ''). */
export function ChoiceField({
  label,
  value,
  onChange,
  choices,
  allLabel,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  choices: ReadonlyArray<{ value: string; label: string }>;
  allLabel?: string;
}) {
  const id = useId();
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select id={id} className="field__control" value={value} onChange={(e) => onChange(e.target.value)}>
        {allLabel !== undefined ? <option value="">{allLabel}</option> : null}
        {choices.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
    </div>
  );
}
