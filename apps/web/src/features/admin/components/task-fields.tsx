import { useId } from 'react';

/** YYYY-MM-DD as dd/mm/yyyy (the template's way of writing a day). */
export const showDay = (day: string | null | undefined) =>
  day ? day.slice(0, 10).split('-').reverse().join('/') : '—';

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
