import { useId } from 'react';
import { barScale } from '../features/ucube/kpi-logic';
import '../features/ucube/ucube.css';

export interface ChartBarItem {
  key: string;
  label: string;
  actual: number;
  target: number | null;
  /** Text after the bars, e.g. '92.50% · Close', so colour is never the only cue. */
  note: string;
  band: 'good' | 'warn' | 'bad' | 'na';
}

interface ChartBarsProps {
  title: string;
  description: string;
  items: readonly ChartBarItem[];
  format(value: number): string;
}

const WIDTH = 480;
const LABEL_H = 16;
const BAR_H = 14;
const ROW_H = LABEL_H + BAR_H + 10;
/** Room right of the longest bar for the value and note. */
const BAR_W = 300;

/** Horizontal target-against-actual bars in inline SVG, one row per item, coloured by achievement. */
export function ChartBars({ title, description, items, format }: ChartBarsProps) {
  const id = useId();
  const scale = barScale(
    items.flatMap((i) => [i.actual, i.target]),
    BAR_W,
  );
  const height = Math.max(ROW_H, items.length * ROW_H);
  return (
    <figure className="chart-bars">
      <figcaption id={`${id}-t`} className="chart-bars__title">
        {title}
      </figcaption>
      <p id={`${id}-d`} className="chart-bars__desc">
        {description}
      </p>
      <svg
        role="img"
        aria-labelledby={`${id}-t`}
        aria-describedby={`${id}-d`}
        viewBox={`0 0 ${WIDTH} ${height}`}
        width="100%"
        preserveAspectRatio="xMinYMin meet"
      >
        {items.map((item, i) => {
          const y = i * ROW_H;
          const targetW = scale(item.target);
          const actualW = scale(item.actual);
          const end = Math.max(targetW, actualW);
          return (
            <g key={item.key} data-band={item.band}>
              <title>{`${item.label}: ${format(item.actual)} / ${item.target === null ? 'NA' : format(item.target)} (${item.note})`}</title>
              <text x={0} y={y + 12} className="chart-bars__label">
                {item.label.length > 48 ? `${item.label.slice(0, 47)}…` : item.label}
              </text>
              <rect x={0} y={y + LABEL_H} width={targetW} height={BAR_H} className="chart-bars__target" />
              <rect
                x={0}
                y={y + LABEL_H + 3}
                width={actualW}
                height={BAR_H - 6}
                className={`chart-bars__actual chart-bars__actual--${item.band}`}
              />
              <text x={end + 6} y={y + LABEL_H + 11} className="chart-bars__value">
                {`${format(item.actual)} · ${item.note}`}
              </text>
            </g>
          );
        })}
      </svg>
    </figure>
  );
}
