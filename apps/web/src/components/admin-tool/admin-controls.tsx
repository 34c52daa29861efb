import type { DtFilterOptions } from '@fieldforce/contracts';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useT } from '../../lib/i18n';
import { SelectField } from '../form-field';
import { useMediaQuery } from '../use-media-query';

/** Phones: the filters fold under a 'Filters' button, so the list starts on the first screen. */
export const FOLD_FILTERS_QUERY = '(max-width: 560px)';

/**
 * An admin tool's filter form: its fields, then the submit and reset buttons in the tool's words.
 * Submitting does nothing while `submitDisabled` (e.g. too many codes typed). On a phone the form is
 * folded under a 'Filters' button (with how many filters are applied, `active`) and folds again once
 * applied, so the rows start on the first screen; wider, it is always open.
 */
export function AdminFilters({
  label,
  onSubmit,
  onReset,
  submitLabel,
  resetLabel,
  submitDisabled = false,
  active,
  children,
}: {
  label: string;
  onSubmit(): void;
  onReset(): void;
  submitLabel: string;
  resetLabel: string;
  submitDisabled?: boolean;
  /**
   * How many filters the list shown is narrowed by (shown on the folded button); without it, the fields
   * that held a value when the form was last applied.
   */
  active?: number;
  children: ReactNode;
}) {
  const t = useT();
  const formId = useId();
  const foldable = useMediaQuery(FOLD_FILTERS_QUERY);
  const [open, setOpen] = useState(false);
  const [filled, setFilled] = useState(0);
  const folded = foldable && !open;
  const applied = active ?? filled;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitDisabled) return;
    setFilled(filledFields(event.currentTarget));
    onSubmit();
    if (foldable) setOpen(false);
  };
  const reset = () => {
    setFilled(0);
    onReset();
  };
  const form = (
    <form id={formId} className="admin-filters" onSubmit={submit} aria-label={label} hidden={folded}>
      {children}
      <div className="admin-filters__actions">
        <button type="submit" className="button button--primary" disabled={submitDisabled}>
          {submitLabel}
        </button>
        <button type="button" className="button button--ghost" onClick={reset}>
          {resetLabel}
        </button>
      </div>
    </form>
  );
  if (!foldable) return form;
  return (
    <div className="admin-filters-fold">
      <button
        type="button"
        className="button button--ghost admin-filters-fold__toggle"
        aria-expanded={!folded}
        aria-controls={formId}
        onClick={() => setOpen((value) => !value)}
      >
        <span>{applied > 0 ? t('adminTool.filtersActive', { count: applied }) : t('adminTool.filters')}</span>
        <span aria-hidden="true" className="admin-filters-fold__chevron">
          {folded ? '▾' : '▴'}
        </span>
      </button>
      {form}
    </div>
  );
}

/** The form's fields holding a value (a choice other than 'All', typed text, a ticked box). */
function filledFields(form: HTMLFormElement): number {
  let count = 0;
  for (const element of Array.from(form.elements)) {
    if (element instanceof HTMLInputElement) {
      if (element.type === 'checkbox' || element.type === 'radio') {
        if (element.checked && element.value !== '') count++;
      } else if (element.type !== 'hidden' && element.type !== 'submit' && element.value.trim() !== '')
        count++;
    } else if (element instanceof HTMLSelectElement && element.value !== '') count++;
  }
  return count;
}

/**
 * The DT Code and DT Site Code selects of an admin tool's filters (inside AdminFilters), in the tool's
 * words. The sites offered are those of the chosen DT (all of them when none is chosen); choosing another
 * DT clears the chosen site.
 */
export function DtSiteFilterFields({
  options,
  dtCode,
  dtSiteCode,
  onDtCodeChange,
  onDtSiteCodeChange,
  dtCodeLabel,
  dtSiteCodeLabel,
  allLabel,
}: {
  /** The tool's filterOptions answer (useDtFilterOptions); none while it loads. */
  options: DtFilterOptions | undefined;
  dtCode: string;
  dtSiteCode: string;
  onDtCodeChange(code: string): void;
  onDtSiteCodeChange(code: string): void;
  dtCodeLabel: string;
  dtSiteCodeLabel: string;
  /** The first option of both, e.g. "All". */
  allLabel: string;
}) {
  const sites = (options?.dtSiteCodes ?? []).filter((site) => !dtCode || site.dtCode === dtCode);
  return (
    <>
      <SelectField
        label={dtCodeLabel}
        allLabel={allLabel}
        value={dtCode}
        options={options?.dtCodes ?? []}
        onChange={(code) => {
          onDtCodeChange(code);
          onDtSiteCodeChange('');
        }}
      />
      <SelectField
        label={dtSiteCodeLabel}
        allLabel={allLabel}
        value={dtSiteCode}
        options={sites.map((site) => ({ ...site, key: `${site.dtCode}/${site.code}` }))}
        onChange={onDtSiteCodeChange}
      />
    </>
  );
}

/**
 * The changed list waiting to be saved (spec section 4): how many, Clear and Save; it stays in view
 * above the table while the admin scrolls. Hidden when nothing has changed.
 */
export function ChangeListBar({
  count,
  text,
  clearLabel,
  saveLabel,
  onClear,
  onSave,
  busy = false,
}: {
  count: number;
  /** e.g. "3 outlets changed". */
  text: string;
  clearLabel: string;
  saveLabel: string;
  onClear(): void;
  onSave(): void;
  busy?: boolean;
}) {
  if (count === 0) return null;
  return (
    <div className="admin-changes" role="region" aria-label={text}>
      <p aria-live="polite">{text}</p>
      <div className="admin-changes__actions">
        <button type="button" className="button button--ghost" onClick={onClear} disabled={busy}>
          {clearLabel}
        </button>
        <button type="button" className="button button--primary" onClick={onSave} disabled={busy}>
          {saveLabel}
        </button>
      </div>
    </div>
  );
}

/**
 * A row's on/off setting as a switch: its state in words beside it (green when on), and "(changed)"
 * while the change waits in the change list. The switch's name says which row it is.
 */
export function StatusSwitch({
  on,
  label,
  onText,
  offText,
  changedText,
  disabled = false,
  onToggle,
}: {
  on: boolean;
  /** The accessible name, e.g. "Status of outlet 3100000001". */
  label: string;
  onText: string;
  offText: string;
  /** Shown while the row's change is pending. */
  changedText?: string | null;
  disabled?: boolean;
  onToggle(): void;
}) {
  return (
    <label className="status-switch">
      <input
        type="checkbox"
        role="switch"
        checked={on}
        disabled={disabled}
        aria-label={label}
        onChange={onToggle}
      />
      <span className="status-switch__track" aria-hidden="true" />
      <span className={on ? 'status-switch__text status-switch__text--on' : 'status-switch__text'}>
        {on ? onText : offText}
      </span>
      {changedText ? <span className="status-switch__changed">({changedText})</span> : null}
    </label>
  );
}
