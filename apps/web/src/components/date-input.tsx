import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useI18n } from '../lib/i18n';
import { formatIsoDay } from '../lib/i18n/locale-format';
import { dateText, parseDateText, stepDay } from './date-input-logic';
import { FieldError } from './form-field';
import { CalendarIcon } from './icons';
import './date-input.css';

export interface DateInputProps {
  /** The day as YYYY-MM-DD, or '' for none. */
  value: string;
  /** Called with the day typed or picked (YYYY-MM-DD), or '' while the text is empty or not a date. */
  onChange(value: string): void;
  id?: string;
  min?: string;
  max?: string;
  /**
   * Whether a day outside min–max is refused here with its own message (the default), or handed on for
   * the caller's message (a range picker that says "the end date cannot be in the future").
   */
  checkBounds?: boolean;
  /**
   * true (the default): every keystroke that makes a date hands it on (a form's draft). false: only a
   * finished entry does (Enter, leaving the field, the calendar, the arrow keys): for a field that
   * loads data at once, so '24/11/20' on the way to '24/11/2026' loads nothing.
   */
  live?: boolean;
  required?: boolean;
  /** The caller's own error about this field (then aria-invalid). */
  invalid?: boolean;
  /** Ids of the caller's hint or error. */
  describedBy?: string;
  /**
   * Given: the field's own message (not a date, outside min–max) is handed here instead of shown under
   * the field, for a caller that shows its messages together (DateRangeFields: under the pair, full
   * width). The caller then shows it and names its element in `describedBy`.
   */
  onProblem?(message: string | null): void;
  className?: string;
}

type Problem = 'invalid' | 'notBefore' | 'notAfter' | null;

/**
 * A date field in the app's language, not the browser's: Chromium's <input type="date"> shows the
 * browser's locale (mm/dd/yyyy in a US-English browser, also on a Vietnamese page). A text input shows
 * and takes the language's format (Vietnamese dd/mm/yyyy, English the app's dd-MMM-yy; typing is read
 * day first in both), ArrowUp/ArrowDown move a day, and a calendar button opens the browser's own date
 * picker for those who prefer to point. The format is said to screen readers through the field's
 * description; a text that is not a date (or is outside min–max) is said when the field is left.
 */
export function DateInput({
  value,
  onChange,
  id,
  min,
  max,
  checkBounds = true,
  live = true,
  required,
  invalid,
  describedBy,
  onProblem,
  className,
}: DateInputProps) {
  const { t, language } = useI18n();
  const ownId = useId();
  const inputId = id ?? `${ownId}-input`;
  const formatId = `${ownId}-format`;
  const problemId = `${ownId}-problem`;
  const native = useRef<HTMLInputElement>(null);
  const [text, setText] = useState(() => dateText(value, language));
  const [problem, setProblem] = useState<Problem>(null);

  // The day changed from outside (a quick range, a reset): show it, unless the text already says that
  // day or is being typed (not a date yet). The text is written the language's way when it changes.
  useEffect(() => {
    setText((current) => {
      const typed = parseDateText(current);
      if (value === '') return typed === null ? current : '';
      return typed === value ? current : dateText(value, language);
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the language has its own effect
  }, [value]);
  useEffect(() => {
    setText((current) => (parseDateText(current) ? dateText(parseDateText(current)!, language) : current));
  }, [language]);

  const problemOf = (day: string | null, raw: string): Problem => {
    if (raw.trim() === '') return null;
    if (day === null) return 'invalid';
    if (checkBounds && min && day < min) return 'notBefore';
    if (checkBounds && max && day > max) return 'notAfter';
    return null;
  };

  const take = (raw: string) => {
    setText(raw);
    const day = parseDateText(raw);
    const found = problemOf(day, raw);
    // While typing, a problem already shown goes as soon as it is mended; a new one waits for the blur.
    if (problem && !found) setProblem(null);
    if (live) onChange(day && !found ? day : '');
  };

  const commit = () => {
    const day = parseDateText(text);
    const found = problemOf(day, text);
    setProblem(found);
    if (day && !found) {
      setText(dateText(day, language));
      if (!live && day !== value) onChange(day);
    }
  };

  const pick = (day: string) => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return;
    setText(dateText(day, language));
    setProblem(null);
    onChange(day);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return;
    event.preventDefault();
    const from = parseDateText(text) ?? value;
    const start = from || max || new Date().toISOString().slice(0, 10);
    pick(from ? stepDay(start, event.key === 'ArrowUp' ? 1 : -1, min, max) : start);
  };

  const openCalendar = () => {
    const input = native.current;
    if (!input) return;
    try {
      input.showPicker();
    } catch {
      input.focus();
      input.click();
    }
  };

  const message =
    problem === 'invalid'
      ? t('dateField.invalid')
      : problem === 'notBefore'
        ? t('dateField.notBefore', { min: formatIsoDay(min ?? '', language) })
        : problem === 'notAfter'
          ? t('dateField.notAfter', { max: formatIsoDay(max ?? '', language) })
          : null;
  const handOn = useRef(onProblem);
  handOn.current = onProblem;
  useEffect(() => {
    handOn.current?.(message);
  }, [message]);
  const shown = onProblem ? null : message;
  const described = [formatId, describedBy, shown ? problemId : null].filter(Boolean).join(' ');

  return (
    <span className={className ? `date-input ${className}` : 'date-input'}>
      <span className="date-input__box">
        <input
          id={inputId}
          className="field__control date-input__text"
          type="text"
          inputMode="numeric"
          autoComplete="off"
          spellCheck={false}
          placeholder={t('dateField.placeholder')}
          value={text}
          required={required}
          aria-invalid={invalid || message ? true : undefined}
          aria-describedby={described}
          onChange={(event) => take(event.target.value)}
          onBlur={commit}
          onKeyDown={(event) => {
            if (event.key === 'Enter') commit();
            onKeyDown(event);
          }}
        />
        <button
          type="button"
          className="date-input__pick"
          aria-label={t('dateField.pick')}
          onClick={openCalendar}
        >
          <CalendarIcon />
        </button>
        {/* The browser's calendar only: never focused or read (the text field is the field). */}
        <input
          ref={native}
          className="date-input__native"
          type="date"
          tabIndex={-1}
          aria-hidden="true"
          value={value}
          min={min}
          max={max}
          onChange={(event) => pick(event.target.value)}
        />
      </span>
      <span id={formatId} className="visually-hidden">
        {t('dateField.format')}
      </span>
      {shown ? (
        <span id={problemId} className="field__error date-input__problem" role="alert">
          {shown}
        </span>
      ) : null}
    </span>
  );
}

/**
 * A labelled date field with its error, in the shape of FormField (components/form-field.tsx). `invalid`
 * and `describedBy` join a message shown elsewhere (a range's, under the pair) to the field's own.
 */
export function DateField({
  label,
  error,
  invalid,
  describedBy,
  ...input
}: Omit<DateInputProps, 'id'> & { label: string; error?: string | null }) {
  const id = useId();
  const errorId = `${id}-error`;
  const described = [error ? errorId : null, describedBy].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <DateInput {...input} id={id} invalid={!!error || invalid} describedBy={described || undefined} />
      <FieldError id={errorId} error={error} />
    </div>
  );
}
