import { useId } from 'react';
import { barScale } from './layout';
import './chart-bars.css';

export interface ChartBarItem {
  key: string;
  label: string;
  actual: number;
  target: number | null;
  /** Text after the bars, e.g. '92.50% · Close', so colour is never the only cue. */
  note: string;
  band: 'good' | 'warn' | 'bad' | 'na';
}

export interface ChartBarsProps {
  title: string;
  description: string;
  items: readonly ChartBarItem[];
  format(value: number): string;
  /** What a screen reader hears for a row's target, e.g. 'target 5.24Bn' (the bars themselves are not read). */
  targetText(target: string | null): string;
}

/**
 * Target-against-actual bars, one row per item, coloured by achievement: a list in HTML, so its words
 * stay at the page's text size on a phone and wrap under the bar instead of being cut off, and a screen
 * reader reads each row (name, actual, target, note).
 */
export function ChartBars({ title, description, items, format, targetText }: ChartBarsProps) {
  const id = useId();
  const scale = barScale(
    items.flatMap((i) => [i.actual, i.target]),
    100,
  );
  return (
    <figure className="chart-bars" aria-labelledby={`${id}-t`} aria-describedby={`${id}-d`}>
      <figcaption id={`${id}-t`} className="chart-bars__title">
        {title}
      </figcaption>
      <p id={`${id}-d`} className="chart-bars__desc">
        {description}
      </p>
      <ul className="chart-bars__rows">
        {items.map((item) => (
          <li key={item.key} className="chart-bars__row" data-band={item.band}>
            <span className="chart-bars__label">{item.label}</span>
            <span className="chart-bars__bar" aria-hidden="true">
              <span className="chart-bars__target" style={{ width: `${scale(item.target)}%` }} />
              <span
                className={`chart-bars__actual chart-bars__actual--${item.band}`}
                style={{ width: `${scale(item.actual)}%` }}
              />
            </span>
            <span className="chart-bars__value">
              {format(item.actual)}
              <span className="visually-hidden">
                {`, ${targetText(item.target === null ? null : format(item.target))}`}
              </span>
              {` · ${item.note}`}
            </span>
          </li>
        ))}
      </ul>
    </figure>
  );
}
