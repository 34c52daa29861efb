import { useId, type ReactNode } from 'react';
import { ChartTip } from './chart-tip';
import { ChartFiguresTable } from './figures-table';
import { columnLayout } from './layout';
import { useChartPoints } from './use-chart-points';
import { useWidth } from './use-width';
import './chart.css';

export interface ColumnChartTable {
  /** The disclosure's text, e.g. 'Show the figures'. */
  toggle: string;
  caption: string;
  bucketHeader: string;
  valueHeader: string;
  /** More columns after the value, one cell per bucket. */
  extra?: readonly { key: string; header: string; cell(index: number): ReactNode }[];
}

export interface ColumnChartProps {
  title: string;
  /** The words that stand for the chart (its aria-describedby), e.g. the peak and the latest value. */
  summary: string;
  values: readonly number[];
  /** One per value: in the figures table, and under the axis (thinned to fit) unless `axisLabels`. */
  labels: readonly string[];
  /** Shorter labels for under the axis (e.g. days without the year the period above the chart states). */
  axisLabels?: readonly string[];
  /** Axis ticks and table cells. */
  format(value: number): string;
  /** What a column says to a screen reader and in its tip, e.g. '12 Nov: 340 users'. */
  pointText(index: number): string;
  /** The axis' top when fixed (100 for a percentage). */
  max?: number;
  height?: number;
  /** A horizontal line, e.g. a target or hurdle rate, labelled on the chart. */
  reference?: { value: number; label: string };
  /** Columns drawn in the warning colour (with the reference: the ones below it), never the only cue. */
  bad?(value: number, index: number): boolean;
  table: ColumnChartTable;
  className?: string;
}

/**
 * Values per bucket as columns in inline SVG. A text summary stands for the chart, each column is
 * reachable with the arrow keys (one tab stop) and says its value, and the figures are in a table
 * behind a disclosure.
 */
export function ColumnChart({
  title,
  summary,
  values,
  labels,
  axisLabels = labels,
  format,
  pointText,
  max,
  height = 220,
  reference,
  bad,
  table,
  className,
}: ColumnChartProps) {
  const id = useId();
  const [boxRef, width] = useWidth<HTMLDivElement>();
  const layout = columnLayout(
    values,
    width,
    height,
    56,
    Math.max(max ?? 0, reference?.value ?? 0) || undefined,
  );
  const { plot } = layout;
  const { shown, pointProps } = useChartPoints<SVGRectElement>(values.length);
  const top = layout.yTicks.at(-1)?.value ?? 1;
  const refY =
    reference !== undefined ? plot.bottom - (reference.value / top) * (plot.bottom - plot.top) : null;

  return (
    <figure className={className ? `chart ${className}` : 'chart'}>
      <figcaption id={`${id}-t`} className="chart__title">
        {title}
      </figcaption>
      <p id={`${id}-d`} className="chart__summary">
        {summary}
      </p>
      <div ref={boxRef} className="chart__box">
        <svg
          role="img"
          aria-labelledby={`${id}-t`}
          aria-describedby={`${id}-d`}
          viewBox={`0 0 ${layout.width} ${layout.height}`}
          className="chart__svg"
        >
          {layout.yTicks.map((tick) => (
            <g key={tick.value}>
              <line x1={plot.left} x2={plot.right} y1={tick.y} y2={tick.y} className="chart__grid" />
              <text x={plot.left - 6} y={tick.y + 4} textAnchor="end" className="chart__axis">
                {format(tick.value)}
              </text>
            </g>
          ))}
          {layout.xLabels.map((l) => (
            <text key={l.index} x={l.x} y={plot.bottom + 16} textAnchor="middle" className="chart__axis">
              {axisLabels[l.index]}
            </text>
          ))}
          {layout.bars.map((b) => {
            const text = pointText(b.index);
            const classes = ['chart__bar'];
            if (bad?.(b.value, b.index)) classes.push('chart__bar--bad');
            if (shown === b.index) classes.push('chart__bar--on');
            return (
              <rect
                key={b.index}
                x={b.x}
                y={b.value > 0 ? b.y : plot.bottom - 1}
                width={b.w}
                height={b.value > 0 ? b.h : 1}
                className={classes.join(' ')}
                role="img"
                aria-label={text}
                {...pointProps(b.index)}
              >
                <title>{text}</title>
              </rect>
            );
          })}
          {reference !== undefined && refY !== null ? (
            <g className="chart__ref">
              <line x1={plot.left} x2={plot.right} y1={refY} y2={refY} />
              <text x={plot.right} y={refY - 4} textAnchor="end">
                {reference.label}
              </text>
            </g>
          ) : null}
          {shown !== null && layout.bars[shown] ? (
            <ChartTip
              x={layout.bars[shown]!.x + layout.bars[shown]!.w / 2}
              y={layout.bars[shown]!.y + 4}
              plot={plot}
              text={pointText(shown)}
            />
          ) : null}
        </svg>
      </div>
      <ChartFiguresTable
        toggle={table.toggle}
        caption={table.caption}
        columns={[table.bucketHeader, table.valueHeader, ...(table.extra?.map((c) => c.header) ?? [])]}
        rows={values.map((v, i) => ({
          key: i,
          label: labels[i],
          cells: [format(v), ...(table.extra?.map((c) => c.cell(i)) ?? [])],
        }))}
      />
    </figure>
  );
}
