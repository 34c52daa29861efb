import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { computeVisibleWindow } from './virtual-window';
import './data-ui.css';

export type SortDirection = 'ascending' | 'descending';

export interface VirtualColumn<Row> {
  key: string;
  header: string;
  sortable?: boolean;
  /** Right-aligned (numbers). */
  numeric?: boolean;
  cell(row: Row): ReactNode;
}

export interface VirtualTableProps<Row> {
  caption: string;
  columns: readonly VirtualColumn<Row>[];
  rows: readonly Row[];
  rowKey(row: Row, index: number): string;
  /** The sorted column and its direction, if any. */
  sort?: { key: string; direction: SortDirection } | null;
  onSort?(key: string): void;
  sortLabel?(header: string): string;
  /** aria-rowindex of the first row (for paging: rows of page 2 start after page 1's). */
  firstRowIndex?: number;
  /** aria-rowcount: every row of the result, not only the page. */
  totalRows?: number;
  /**
   * A totals row kept in view at the bottom (a `<tfoot>`): `label` heads it, `cell` gives each
   * column's figure (empty for columns without one).
   */
  footer?: { label: ReactNode; cell(key: string): ReactNode } | null;
  rowHeight?: number;
  /** Height of the scroll area. */
  height?: number;
  overscan?: number;
}

/**
 * A `<table>` that renders only the rows in view (fixed row height, plus overscan), with
 * aria-rowcount/aria-rowindex so assistive technology knows where each row sits, sort buttons with
 * aria-sort, and a focusable scroll region so the keyboard can scroll both ways.
 */
export function VirtualTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  sort,
  onSort,
  sortLabel,
  firstRowIndex = 1,
  totalRows,
  footer,
  rowHeight = 40,
  height = 480,
  overscan = 8,
}: VirtualTableProps<Row>) {
  const scroller = useRef<HTMLDivElement>(null);
  const head = useRef<HTMLTableSectionElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [headHeight, setHeadHeight] = useState(rowHeight);

  useLayoutEffect(() => {
    if (head.current) setHeadHeight(head.current.getBoundingClientRect().height || rowHeight);
  }, [rowHeight, columns]);

  const viewport = Math.min(height, headHeight + rows.length * rowHeight);
  const window_ = computeVisibleWindow({
    scrollTop: Math.max(0, scrollTop - headHeight),
    viewportHeight: viewport,
    rowHeight,
    rowCount: rows.length,
    overscan,
  });
  const visible = rows.slice(window_.start, window_.end);
  const colSpan = Math.max(1, columns.length);

  return (
    <div
      ref={scroller}
      className="vtable"
      style={{ maxHeight: height }}
      role="region"
      aria-label={caption}
      tabIndex={0}
      onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
    >
      <table className="vtable__table" aria-rowcount={(totalRows ?? rows.length) + 1 + (footer ? 1 : 0)}>
        <caption className="visually-hidden">{caption}</caption>
        <thead ref={head}>
          <tr aria-rowindex={1}>
            {columns.map((column) => {
              const direction = sort?.key === column.key ? sort.direction : undefined;
              return (
                <th
                  key={column.key}
                  scope="col"
                  aria-sort={column.sortable ? (direction ?? 'none') : undefined}
                  className={column.numeric ? 'vtable__num' : undefined}
                >
                  {column.sortable && onSort ? (
                    <button
                      type="button"
                      className="vtable__sort"
                      onClick={() => onSort(column.key)}
                      title={sortLabel ? sortLabel(column.header) : undefined}
                    >
                      <span>{column.header}</span>
                      <span aria-hidden="true" className="vtable__arrow">
                        {direction === 'ascending' ? '▲' : direction === 'descending' ? '▼' : '↕'}
                      </span>
                    </button>
                  ) : (
                    column.header
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {window_.padTop > 0 ? (
            <tr aria-hidden="true" className="vtable__pad">
              <td colSpan={colSpan} style={{ height: window_.padTop }} />
            </tr>
          ) : null}
          {visible.map((row, i) => {
            const index = window_.start + i;
            return (
              <tr
                key={rowKey(row, index)}
                aria-rowindex={firstRowIndex + index + 1}
                style={{ height: rowHeight }}
              >
                {columns.map((column) => (
                  <td key={column.key} className={column.numeric ? 'vtable__num' : undefined}>
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            );
          })}
          {window_.padBottom > 0 ? (
            <tr aria-hidden="true" className="vtable__pad">
              <td colSpan={colSpan} style={{ height: window_.padBottom }} />
            </tr>
          ) : null}
        </tbody>
        {footer ? (
          <tfoot>
            <tr className="vtable__foot" aria-rowindex={(totalRows ?? rows.length) + 2}>
              {columns.map((column, i) => {
                const figure = footer.cell(column.key);
                if (i === 0) {
                  return (
                    <th key={column.key} scope="row" className={column.numeric ? 'vtable__num' : undefined}>
                      {footer.label}
                      {figure ? <> · {figure}</> : null}
                    </th>
                  );
                }
                return (
                  <td key={column.key} className={column.numeric ? 'vtable__num' : undefined}>
                    {figure}
                  </td>
                );
              })}
            </tr>
          </tfoot>
        ) : null}
      </table>
    </div>
  );
}
