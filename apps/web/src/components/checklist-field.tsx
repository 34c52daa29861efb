import { useId, useMemo, useState } from 'react';
import { foldForSearch as fold, useT } from '../lib/i18n';
import { FieldError } from './form-field';
import './checklist-field.css';

export interface ChecklistOption {
  value: string;
  label: string;
}

/** Options under a heading (an outlet type's subtypes); a group without a heading is a plain list. */
export interface ChecklistGroup {
  heading?: string;
  options: readonly ChecklistOption[];
}

/** Longer lists get a box that narrows them as one types. */
const FIND_FROM = 12;

/**
 * Several values chosen from a known list (a form's outlet types): a fieldset of checkboxes with its
 * legend, hint and error announced, at most `max` chosen (the others are disabled once it is reached,
 * and the count says so), a Find box for lists longer than 12 (Vietnamese matched without its marks),
 * and Clear. A chosen value the list no longer holds stays shown and chosen, so saving keeps it unless
 * it is cleared.
 */
export function ChecklistField({
  legend,
  hint,
  error,
  groups,
  selected,
  onChange,
  max,
  loading = false,
  emptyText,
}: {
  legend: string;
  hint?: string;
  error?: string | null;
  groups: readonly ChecklistGroup[];
  selected: readonly string[];
  onChange(selected: string[]): void;
  max: number;
  /** The list is on its way: say so instead of "nothing to choose". */
  loading?: boolean;
  /** What an empty list means here. */
  emptyText: string;
}) {
  const t = useT();
  const id = useId();
  const [find, setFind] = useState('');
  const hintId = `${id}-hint`;
  const countId = `${id}-count`;
  const errorId = `${id}-error`;

  const known = useMemo(() => new Set(groups.flatMap((g) => g.options.map((o) => o.value))), [groups]);
  const stale = useMemo(() => selected.filter((v) => !known.has(v)), [selected, known]);
  const shown = useMemo(() => {
    const all: ChecklistGroup[] =
      stale.length > 0 ? [{ options: stale.map((v) => ({ value: v, label: v })) }, ...groups] : [...groups];
    const needle = fold(find.trim());
    if (needle === '') return all;
    const chosen = new Set(selected);
    return all
      .map((g) => {
        const headingHit = g.heading !== undefined && fold(g.heading).includes(needle);
        return {
          ...g,
          options: headingHit
            ? g.options
            : g.options.filter((o) => chosen.has(o.value) || fold(o.label).includes(needle)),
        };
      })
      .filter((g) => g.options.length > 0);
  }, [groups, stale, selected, find]);

  const total = known.size + stale.length;
  const full = selected.length >= max;
  const toggle = (value: string, on: boolean) =>
    onChange(on ? [...selected, value] : selected.filter((v) => v !== value));
  const describedBy = [hint ? hintId : null, countId, error ? errorId : null].filter(Boolean).join(' ');

  return (
    <fieldset
      className="field checklist"
      aria-describedby={describedBy}
      aria-invalid={error ? true : undefined}
    >
      <legend className="field__label">{legend}</legend>
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      {total > FIND_FROM ? (
        <input
          type="search"
          className="field__control checklist__find"
          aria-label={t('checklist.find', { what: legend })}
          placeholder={t('checklist.findPlaceholder')}
          value={find}
          onChange={(e) => setFind(e.target.value)}
        />
      ) : null}
      <div className="checklist__box">
        {total === 0 ? (
          <p className="checklist__empty">{loading ? t('common.loading') : emptyText}</p>
        ) : shown.length === 0 ? (
          <p className="checklist__empty">{t('checklist.noMatch')}</p>
        ) : (
          shown.map((g, i) => (
            <div
              key={g.heading ?? `#${i}`}
              className="checklist__group"
              role={g.heading ? 'group' : undefined}
              aria-label={g.heading}
            >
              {g.heading ? (
                <p className="checklist__heading" aria-hidden="true">
                  {g.heading}
                </p>
              ) : null}
              {g.options.map((o) => {
                const on = selected.includes(o.value);
                return (
                  <label key={o.value} className="checklist__option">
                    <input
                      type="checkbox"
                      checked={on}
                      disabled={!on && full}
                      onChange={(e) => toggle(o.value, e.target.checked)}
                    />
                    <span>{o.label}</span>
                  </label>
                );
              })}
            </div>
          ))
        )}
      </div>
      <div className="checklist__foot">
        <span id={countId} className="field__hint" aria-live="polite">
          {selected.length === 0
            ? t('checklist.noneChosen')
            : t('checklist.chosen', { count: selected.length, max })}
        </span>
        {selected.length > 0 ? (
          <button
            type="button"
            className="link-button"
            aria-label={t('checklist.clearLabel', { what: legend })}
            onClick={() => onChange([])}
          >
            {t('checklist.clear')}
          </button>
        ) : null}
      </div>
      <FieldError id={errorId} error={error} />
    </fieldset>
  );
}
