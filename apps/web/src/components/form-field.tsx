import { useId, useState, type InputHTMLAttributes } from 'react';
import { useT } from '../lib/i18n';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>;

/** A labelled input with its hint and its error, both announced through aria-describedby. */
export function FormField({
  label,
  hint,
  error,
  password = false,
  className,
  ...input
}: InputProps & { label: string; hint?: string; error?: string | null; password?: boolean }) {
  const t = useT();
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const [visible, setVisible] = useState(false);
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  const control = (
    <input
      {...input}
      id={id}
      className={className ? `field__control ${className}` : 'field__control'}
      type={password ? (visible ? 'text' : 'password') : input.type}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy}
    />
  );
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {password ? (
        <div className="field__with-action">
          {control}
          <button
            type="button"
            className="link-button field__action"
            aria-pressed={visible}
            aria-controls={id}
            onClick={() => setVisible((v) => !v)}
          >
            {visible ? t('form.hidePassword') : t('form.showPassword')}
          </button>
        </div>
      ) : (
        control
      )}
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId} error={error} />
    </div>
  );
}

/** A field's error line under it (its id goes in the field's aria-describedby), or nothing. */
export function FieldError({ id, error }: { id: string; error?: string | null }) {
  return error ? (
    <p id={id} className="field__error">
      {error}
    </p>
  ) : null;
}

/** A 6-digit one-time code: digits only, the numeric keyboard and the browser's one-time-code autofill. */
export function CodeField({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: string;
  onChange(code: string): void;
  error?: string | null;
}) {
  return (
    <FormField
      label={label}
      name="code"
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]*"
      maxLength={6}
      className="code-input"
      value={value}
      onChange={(e) => onChange(e.target.value.replace(/\D/g, '').slice(0, 6))}
      error={error}
    />
  );
}

/** A status or error line read out by screen readers when it changes. */
export function FormMessage({ kind, children }: { kind: 'error' | 'info'; children: string | null }) {
  return (
    <div className={`form-message form-message--${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}

/**
 * A labelled select of codes with an "all" choice first (value ''): the filters of the admin tables
 * (DT code, DT site code, outlet type, …). Options read "name (code)", or the code alone when it is
 * its own name; `withCode: false` shows the name alone (a stored word in the reader's language).
 */
export function SelectField({
  label,
  allLabel,
  value,
  options,
  onChange,
  withCode = true,
}: {
  label: string;
  allLabel: string;
  value: string;
  options: ReadonlyArray<{ key?: string; code: string; name: string }>;
  onChange(value: string): void;
  withCode?: boolean;
}) {
  const id = useId();
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="field__control"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">{allLabel}</option>
        {options.map((option) => (
          <option key={option.key ?? option.code} value={option.code}>
            {!withCode || option.name === option.code ? option.name : `${option.name} (${option.code})`}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A yes/no filter's value: '' for either, '1' for on, '0' for off (the admin tables' 1/0 filters). */
export type FlagFilterValue = '' | '1' | '0';

/** A labelled either/on/off select for a table's 1/0 filter, with the tool's own words. */
export function FlagFilterField({
  label,
  value,
  onChange,
  allLabel,
  onLabel,
  offLabel,
  className,
}: {
  label: string;
  value: FlagFilterValue;
  onChange(value: FlagFilterValue): void;
  allLabel: string;
  onLabel: string;
  offLabel: string;
  className?: string;
}) {
  const id = useId();
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="field__control"
        value={value}
        onChange={(event) => onChange(event.target.value as FlagFilterValue)}
      >
        <option value="">{allLabel}</option>
        <option value="1">{onLabel}</option>
        <option value="0">{offLabel}</option>
      </select>
    </div>
  );
}

/** A typed search list: split at commas, trimmed, blanks and repeats dropped. */
export function parseCodeList(text: string): string[] {
  return [
    ...new Set(
      text
        .split(',')
        .map((code) => code.trim())
        .filter(Boolean),
    ),
  ];
}

/**
 * A search field for a list of codes (outlet codes, SM codes, phone numbers): at most `max` values
 * separated by commas, the count shown as the user types and "at most" announced when past it.
 * The caller reads the values with parseCodeList and refuses to search while `tooMany`.
 */
export function CodeListField({
  label,
  value,
  onChange,
  max,
  hint,
  tooManyText,
  placeholder,
  className,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  max: number;
  /** e.g. "Up to 10 codes, separated by commas". */
  hint: string;
  /** e.g. "Enter at most 10 outlet codes." */
  tooManyText: string;
  placeholder?: string;
  className?: string;
}) {
  const t = useT();
  const id = useId();
  const hintId = `${id}-hint`;
  const count = parseCodeList(value).length;
  const tooMany = count > max;
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="field__control"
        value={value}
        aria-describedby={hintId}
        aria-invalid={tooMany}
        placeholder={placeholder}
        onChange={(event) => onChange(event.target.value)}
      />
      <p
        id={hintId}
        className={tooMany ? 'field__hint field__hint--error' : 'field__hint'}
        aria-live="polite"
      >
        {tooMany ? tooManyText : `${hint} · ${t('adminTool.listCount', { count, max })}`}
      </p>
    </div>
  );
}
