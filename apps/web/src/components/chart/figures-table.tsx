import { useId, type ReactNode } from 'react';
import './chart.css';

export interface ChartFiguresRow {
  key: string | number;
  /** The row's header cell, e.g. the day or the week. */
  label: ReactNode;
  /** The figures, one per column after the first. */
  cells: readonly ReactNode[];
}

export interface FiguresTableProps {
  caption: ReactNode;
  /** Column headers, the first over the row labels. */
  columns: readonly string[];
  rows: readonly ChartFiguresRow[];
  /** The scroll box's and the table's classes (default: the chart's). */
  wrapClassName?: string;
  className?: string;
  captionClassName?: string;
  /**
   * The id of a visible heading that already names the table (a card's heading): the scroll box is
   * named by it and the table has no caption of its own, so a screen reader hears the name once.
   */
  labelledBy?: string;
}

export interface ChartFiguresTableProps extends FiguresTableProps {
  /** The disclosure's text, e.g. 'Show the figures'. */
  toggle: string;
}

/**
 * Figures as a table: a caption, a header row, then one row per label (its header cell) and its figures;
 * in a box that scrolls sideways on its own so a wide table never widens the page.
 */
export function FiguresTable({
  caption,
  columns,
  rows,
  wrapClassName = 'chart__table-wrap',
  className = 'chart__table',
  captionClassName,
  labelledBy,
}: FiguresTableProps) {
  const captionId = useId();
  // The box scrolls, so something in it takes the keyboard focus (the arrow keys then scroll it). Named
  // by its own caption, the box is a region named by the caption. Named by a heading outside (a card's),
  // the table itself takes the focus and carries that name, and the box is only a box: a region named
  // like the table would make a screen reader say the card's name twice.
  if (labelledBy) {
    return (
      <div className={wrapClassName}>
        <table className={className} aria-labelledby={labelledBy} tabIndex={0}>
          <FiguresTableBody columns={columns} rows={rows} />
        </table>
      </div>
    );
  }
  return (
    <div className={wrapClassName} role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className={className}>
        <caption id={captionId} className={captionClassName}>
          {caption}
        </caption>
        <FiguresTableBody columns={columns} rows={rows} />
      </table>
    </div>
  );
}

function FiguresTableBody({ columns, rows }: Pick<FiguresTableProps, 'columns' | 'rows'>) {
  return (
    <>
      <thead>
        <tr>
          {columns.map((header, i) => (
            <th scope="col" key={i}>
              {header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            <th scope="row">{row.label}</th>
            {row.cells.map((cell, i) => (
              <td key={i}>{cell}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </>
  );
}

/** A chart's figures as a table behind a disclosure ("show as a table"), under ColumnChart or any chart. */
export function ChartFiguresTable({ toggle, ...table }: ChartFiguresTableProps) {
  return (
    <details className="chart__details">
      <summary>{toggle}</summary>
      <FiguresTable {...table} />
    </details>
  );
}
