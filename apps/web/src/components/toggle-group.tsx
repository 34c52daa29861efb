import type { ReactNode } from 'react';

interface ToggleGroupProps<T extends string> {
  /** The group's accessible name. */
  label: string;
  options: readonly T[];
  value: T;
  onChange(value: NoInfer<T>): void;
  /** The visible text of an option. */
  render(option: NoInfer<T>): ReactNode;
  className: string;
  buttonClassName: string;
}

/** A row of pressed/unpressed buttons choosing one option (periods, KPIs): one tab stop per button. */
export function ToggleGroup<T extends string>({
  label,
  options,
  value,
  onChange,
  render,
  className,
  buttonClassName,
}: ToggleGroupProps<T>) {
  return (
    <div role="group" aria-label={label} className={className}>
      {options.map((option) => (
        <button
          key={option}
          type="button"
          className={buttonClassName}
          aria-pressed={value === option}
          onClick={() => onChange(option)}
        >
          {render(option)}
        </button>
      ))}
    </div>
  );
}
