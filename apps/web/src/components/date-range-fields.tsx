import { useId, useState, type ReactNode } from 'react';
import { DateField, type DateInputProps } from './date-input';
import './date-input.css';

type Side = 'from' | 'to';

export interface DateRangeFieldsProps extends Pick<
  DateInputProps,
  'min' | 'max' | 'checkBounds' | 'live' | 'required'
> {
  from: string;
  to: string;
  onChange(range: { from: string; to: string }): void;
  fromLabel: string;
  toLabel: string;
  /** The range's own message (start after end, too long): read for both fields. */
  error?: string | null;
  /** The field(s) the range's message is about, marked aria-invalid: both unless said. */
  errorOn?: Side | 'both';
  /** A form's message about one field (a required day missing). */
  fromError?: string | null;
  toError?: string | null;
  /** Each calendar stops at the other field's day (the start's at the end, the end's at the start). */
  linked?: boolean;
  /** Shown beside the pair, on its line (an Apply button). */
  children?: ReactNode;
  className?: string;
}

/**
 * A start and an end date (two DateFields side by side) with every message about them in one place
 * under the pair, full width: the range's, each field's own (not a date, outside min–max) and a form's,
 * the one-field ones led by the field's label. Each field is described by the messages about it (the
 * range's for both) and marked aria-invalid when at fault; the date format is read as in DateInput.
 */
export function DateRangeFields({
  from,
  to,
  onChange,
  fromLabel,
  toLabel,
  error,
  errorOn = 'both',
  fromError,
  toError,
  linked = false,
  min,
  max,
  children,
  className,
  ...input
}: DateRangeFieldsProps) {
  const id = useId();
  const [problems, setProblems] = useState<Record<Side, string | null>>({ from: null, to: null });
  const rangeId = `${id}-range`;
  const messages = (
    [
      { side: 'from', label: fromLabel, text: problems.from ?? fromError },
      { side: 'to', label: toLabel, text: problems.to ?? toError },
    ] as const
  ).filter((m) => m.text);
  const field = (side: Side) => {
    const own = messages.find((m) => m.side === side);
    const atFault = !!error && (errorOn === 'both' || errorOn === side);
    return {
      ...input,
      invalid: !!own || atFault,
      describedBy:
        [own ? `${id}-${side}` : null, error ? rangeId : null].filter(Boolean).join(' ') || undefined,
      onProblem: (problem: string | null) =>
        setProblems((p) => (p[side] === problem ? p : { ...p, [side]: problem })),
    };
  };
  return (
    <div className={className ? `date-range-fields ${className}` : 'date-range-fields'}>
      <div className="date-range-fields__pair">
        <DateField
          {...field('from')}
          label={fromLabel}
          value={from}
          min={min}
          max={linked ? to || max : max}
          onChange={(day) => onChange({ from: day, to })}
        />
        <DateField
          {...field('to')}
          label={toLabel}
          value={to}
          min={linked ? from || min : min}
          max={max}
          onChange={(day) => onChange({ from, to: day })}
        />
        {children}
      </div>
      {messages.length > 0 || error ? (
        <div className="date-range-fields__messages">
          {messages.map((m) => (
            <p key={m.side} id={`${id}-${m.side}`} className="field__error" role="alert">
              <span className="date-range-fields__which">{m.label}: </span>
              <span>{m.text}</span>
            </p>
          ))}
          {error ? (
            <p id={rangeId} className="field__error" role="alert">
              {error}
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
