import type { ReactNode } from 'react';
import './chart.css';

export interface ChartFiguresRow {
  key: string | number;
  /** The row's header cell, e.g. the day or the week. */
  label: ReactNode;
  /** The figures, one per column after the first. */
  cells: readonly ReactNode[];
}

export interface ChartFiguresTableProps {
  /** The disclosure's text, e.g. 'Show the figures'. */
  toggle: string;
  caption: string;
  /** Column headers, the first over the row labels. */
  columns: readonly string[];
  rows: readonly ChartFiguresRow[];
}

/** A chart's figures as a table behind a disclosure ("show as a table"), under ColumnChart or any chart. */
export function ChartFiguresTable({ toggle, caption, columns, rows }: ChartFiguresTableProps) {
  return (
    <details className="chart__details">
      <summary>{toggle}</summary>
      <div className="chart__table-wrap">
        <table className="chart__table">
          <caption>{caption}</caption>
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
        </table>
      </div>
    </details>
  );
}
