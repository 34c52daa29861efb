import type { TaskRow } from '@fieldforce/contracts';
import { useId } from 'react';
import { formatIsoDay, type Language, type Translate } from '../../../lib/i18n';
import { dataWord } from '../../../lib/i18n/terms';

/** A task's day (YYYY-MM-DD, or a timestamp's day) the reader's way: 27-Nov-26, 27/11/2026 in Vietnamese. */
export const showDay = (day: string | null | undefined, language: Language) =>
  formatIsoDay(day?.slice(0, 10), language);

/** A list the server sends ';'-separated, as the reader reads it: 'a, b' (`word` turns each item). */
const list = (text: string | null, word: (w: string) => string = (w) => w) =>
  text
    ? text
        .split(';')
        .map((w) => word(w.trim()))
        .join(', ')
    : null;

/**
 * A task row's Where: its location, its outlet types and subtypes in the reader's words (stored in
 * English), or how many named outlets: 'VNDT001S01 · Tạp hóa, Chợ truyền thống'.
 */
export function taskWhere(row: TaskRow, t: Translate): string {
  return [
    row.locationCode,
    list(row.outletTypes, (w) => dataWord(w, t)),
    list(row.outletSubtypes, (w) => dataWord(w, t)),
    row.customers === 1
      ? t('tasks.customersOne')
      : row.customers > 1
        ? t('tasks.customers', { count: row.customers })
        : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** A task row's item codes, comma-separated ('—' for none). */
export const taskItems = (row: TaskRow) => list(row.itemCodes) ?? '—';

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
