import {
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type ReactNode,
  type UIEvent,
} from 'react';
import { ScrollMore, useMoreToTheRight } from '../scroll-more';
import { useI18n, useT } from '../../lib/i18n';
import { computeVisibleWindow } from '../virtual-window';
import { ColumnChooser } from './column-chooser';
import './data-table.css';

export type SortDirection = 'ascending' | 'descending';

export interface DataTableColumn<Row> {
  key: string;
  header: string;
  sortable?: boolean;
  /** Right-aligned (numbers). */
  numeric?: boolean;
  /**
   * The row's controls (a toggle, Update / Delete, Edit): the column is drawn last and, when the table
   * scrolls sideways, stays pinned at its right edge, so the controls are in view at every width. One
   * per table (only the last such column is pinned).
   */
  actions?: boolean;
  /**
   * On phones (cards below 560 px) this column's value heads the card, bold and without its label: the
   * row's human name (the outlet's, the salesman's, the item's). One per table.
   */
  cardTitle?: boolean;
  cell(row: Row): ReactNode;
}

/**
 * A totals row kept in view at the bottom of the scroll area (a `<tfoot>`): `label` heads it (a row
 * header), `cell` gives each column's figure (null for columns without one).
 */
export interface DataTableFooter {
  label: ReactNode;
  cell(key: string): ReactNode;
}

export interface DataTableProps<Row> {
  /** The table's accessible name (a visually hidden caption and the scroll region's label). */
  caption: string;
  /** The whole block's accessible name (toolbar, table, pager); the caption when not given. */
  label?: string;
  columns: readonly DataTableColumn<Row>[];
  rows: readonly Row[];
  rowKey(row: Row, index: number): string;
  /** Server paging: every matching row, the page shown (1-based) and its size. */
  total: number;
  page: number;
  pageSize: number;
  pageSizes?: readonly number[];
  onPageChange(page: number): void;
  onPageSizeChange?(size: number): void;
  sort?: { key: string; direction: SortDirection } | null;
  /** Without it no header sorts (e.g. a market with sorting off). */
  onSort?(key: string): void;
  /** Column chooser: hidden column keys; without onHiddenChange there is no chooser. */
  hidden?: readonly string[];
  onHiddenChange?(hidden: string[]): void;
  /** Buttons beside the chooser (exports, the tool's actions). */
  toolbar?: ReactNode;
  /** A short note under the toolbar (e.g. why the headers do not sort). */
  notice?: ReactNode;
  /** A newer page is being fetched (aria-busy, dimmed rows). */
  busy?: boolean;
  emptyText?: string;
  rowClassName?(row: Row): string | undefined;
  /** Totals row at the bottom of the scroll area; none when null. */
  footer?: DataTableFooter | null;
  /** Height of the scroll area before the page scrolls inside it. */
  maxHeight?: number;
  /**
   * Below 560 px: 'cards' turns every row into a card (each value under its header); 'scroll' keeps
   * the table, which then scrolls sideways inside its own box (wide read-only reports).
   */
  narrowLayout?: 'cards' | 'scroll';
  /**
   * Renders only the rows in view, every row this tall (px). Only with narrowLayout 'scroll' (cards
   * have no fixed height).
   */
  virtualRowHeight?: number;
  /** The first cell of each row is its row header (th scope=row). Default true. */
  rowHeaders?: boolean;
  /** The first column stays in view while the table scrolls sideways. Default true. */
  pinFirstColumn?: boolean;
  /** Cells wider than this (px) end in an ellipsis. */
  cellMaxWidth?: number;
  /**
   * Many columns that should fit a laptop's width: from 1000 px the headers may break between their
   * words and the cells sit a little closer (narrower, the table scrolls sideways as usual).
   */
  compact?: boolean;
}

const NUMBER_LOCALE = { en: 'en-US', vi: 'vi-VN' } as const;
const OVERSCAN = 8;

/**
 * One page of a server-paged list: toolbar (row count, column chooser, exports), an optional note, a
 * table with a sticky header, sort buttons with aria-sort and an optional sticky totals row, and the
 * pager. Options: a pinned first column, row headers, long pages virtualised (fixed row height), and
 * below 560 px either a card per row or the table scrolling inside its box.
 */
export function DataTable<Row>({
  caption,
  label,
  columns,
  rows,
  rowKey,
  total,
  page,
  pageSize,
  pageSizes = [25, 50, 100, 200],
  onPageChange,
  onPageSizeChange,
  sort,
  onSort,
  hidden = [],
  onHiddenChange,
  toolbar,
  notice,
  busy = false,
  emptyText,
  rowClassName,
  footer,
  maxHeight = 560,
  narrowLayout = 'cards',
  virtualRowHeight,
  rowHeaders = true,
  pinFirstColumn = true,
  cellMaxWidth,
  compact = false,
}: DataTableProps<Row>) {
  const t = useT();
  const { language } = useI18n();
  const countId = useId();
  const number = (n: number) => n.toLocaleString(NUMBER_LOCALE[language]);
  const visible = orderColumns(columns.filter((c) => !hidden.includes(c.key)));
  const pinnedEnd = visible.at(-1)?.actions ? visible.at(-1)?.key : undefined;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = total > 0 ? (page - 1) * pageSize + 1 : 0;
  const last = Math.min(total, page * pageSize);
  const rowHeight = narrowLayout === 'scroll' ? virtualRowHeight : undefined;
  const window_ = useRowWindow(rows.length, rowHeight, maxHeight, visible);
  const more = useMoreToTheRight(window_.scroller, total === 0);
  const shown = rowHeight ? rows.slice(window_.start, window_.end) : rows;
  const offset = rowHeight ? window_.start : 0;
  const colSpan = Math.max(1, visible.length);
  const tableClass = [
    'dtable__table',
    narrowLayout === 'cards' ? 'dtable__table--cards' : '',
    pinFirstColumn ? 'dtable__table--pinned' : '',
    rowHeight ? 'dtable__table--virtual' : '',
    cellMaxWidth ? 'dtable__table--clamped' : '',
    compact ? 'dtable__table--compact' : '',
    pinnedEnd && more ? 'dtable__table--more' : '',
  ]
    .filter(Boolean)
    .join(' ');
  const tableStyle = {
    ...(cellMaxWidth ? { '--dtable-cell-max': `${cellMaxWidth}px` } : {}),
    ...(rowHeight ? { '--dtable-row-height': `${rowHeight}px` } : {}),
  } as CSSProperties;
  const cellClass = (column: DataTableColumn<Row>) =>
    [
      column.numeric ? 'dtable__num' : '',
      column.key === pinnedEnd ? 'dtable__end' : '',
      column.cardTitle ? 'dtable__card-title' : '',
    ]
      .filter(Boolean)
      .join(' ') || undefined;

  return (
    <section className="dtable" aria-label={label ?? caption} aria-busy={busy}>
      <div className="dtable__toolbar">
        <p className="dtable__count" id={countId} role="status">
          {total === 1 ? t('table.rowCountOne') : t('table.rowCount', { total: number(total) })}
        </p>
        <div className="dtable__actions">
          {onHiddenChange ? (
            <ColumnChooser
              columns={columns.map((c) => ({ key: c.key, header: c.header }))}
              hidden={hidden}
              onChange={onHiddenChange}
            />
          ) : null}
          {toolbar}
        </div>
      </div>
      {notice ? <p className="dtable__notice">{notice}</p> : null}
      {total === 0 ? (
        <p className="dtable__empty">{emptyText ?? t('table.empty')}</p>
      ) : (
        <ScrollMore more={more} edgeShadow={!pinnedEnd}>
          <div
            ref={window_.scroller}
            className={[
              'dtable__scroll',
              narrowLayout === 'cards' ? 'dtable__scroll--cards' : '',
              busy ? 'dtable__scroll--busy' : '',
            ]
              .filter(Boolean)
              .join(' ')}
            style={{ maxHeight }}
            // A named, focusable scroll box (arrow keys scroll it), not a second landmark of the same
            // name as the table's section.
            role="group"
            aria-label={caption}
            aria-describedby={countId}
            tabIndex={0}
            onScroll={rowHeight ? window_.onScroll : undefined}
          >
            <table className={tableClass} style={tableStyle} aria-rowcount={total + 1 + (footer ? 1 : 0)}>
              <caption className="visually-hidden">{caption}</caption>
              <thead ref={window_.head}>
                <tr aria-rowindex={1}>
                  {visible.map((column) => {
                    const direction = sort?.key === column.key ? sort.direction : undefined;
                    const sorts = column.sortable && onSort;
                    return (
                      <th
                        key={column.key}
                        scope="col"
                        aria-sort={sorts ? (direction ?? 'none') : undefined}
                        className={cellClass(column)}
                      >
                        {sorts ? (
                          <button
                            type="button"
                            className="dtable__sort"
                            onClick={() => onSort(column.key)}
                            title={t('table.sortBy', { column: column.header })}
                          >
                            <span>{column.header}</span>
                            <span aria-hidden="true" className="dtable__arrow">
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
                {rowHeight && window_.padTop > 0 ? (
                  <tr aria-hidden="true" className="dtable__pad">
                    <td colSpan={colSpan} style={{ height: window_.padTop }} />
                  </tr>
                ) : null}
                {shown.map((row, i) => {
                  const index = offset + i;
                  return (
                    <tr
                      key={rowKey(row, index)}
                      aria-rowindex={first + index + 1}
                      className={rowClassName?.(row)}
                      style={rowHeight ? { height: rowHeight } : undefined}
                    >
                      {visible.map((column, c) => {
                        const header = rowHeaders && c === 0;
                        const Cell = header ? 'th' : 'td';
                        return (
                          <Cell
                            key={column.key}
                            scope={header ? 'row' : undefined}
                            data-label={column.header}
                            className={cellClass(column)}
                          >
                            {column.cell(row)}
                          </Cell>
                        );
                      })}
                    </tr>
                  );
                })}
                {rowHeight && window_.padBottom > 0 ? (
                  <tr aria-hidden="true" className="dtable__pad">
                    <td colSpan={colSpan} style={{ height: window_.padBottom }} />
                  </tr>
                ) : null}
              </tbody>
              {footer ? (
                <tfoot>
                  <tr className="dtable__foot" aria-rowindex={total + 2}>
                    {visible.map((column, c) => {
                      const figure = footer.cell(column.key);
                      if (c === 0) {
                        return (
                          <th key={column.key} scope="row" className={cellClass(column)}>
                            {footer.label}
                            {figure ? <> · {figure}</> : null}
                          </th>
                        );
                      }
                      return (
                        <td key={column.key} data-label={column.header} className={cellClass(column)}>
                          {figure}
                        </td>
                      );
                    })}
                  </tr>
                </tfoot>
              ) : null}
            </table>
          </div>
        </ScrollMore>
      )}
      {total > 0 ? (
        <nav className="dtable__pager" aria-label={t('table.paging')}>
          <p className="dtable__showing">
            {t('table.showing', { first: number(first), last: number(last), total: number(total) })}
          </p>
          {onPageSizeChange ? (
            <label className="dtable__size">
              <span>{t('table.pageSize')}</span>
              <select
                className="field__control"
                value={pageSize}
                onChange={(event) => onPageSizeChange(Number(event.target.value))}
              >
                {pageSizes.map((size) => (
                  <option key={size} value={size}>
                    {size}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
          <div className="dtable__buttons">
            <button
              type="button"
              className="button button--ghost button--small"
              disabled={page <= 1}
              onClick={() => onPageChange(page - 1)}
            >
              {t('table.previous')}
            </button>
            <span>{t('table.pageOf', { page, pages })}</span>
            <button
              type="button"
              className="button button--ghost button--small"
              disabled={page >= pages}
              onClick={() => onPageChange(page + 1)}
            >
              {t('table.next')}
            </button>
          </div>
        </nav>
      ) : null}
    </section>
  );
}

/**
 * The rows a virtualised table renders for its scroll position (all of them without a row height):
 * the scroll area's and header's refs, the scroll handler and the blank space above and below.
 */
function useRowWindow(rowCount: number, rowHeight: number | undefined, maxHeight: number, columns: unknown) {
  const scroller = useRef<HTMLDivElement>(null);
  const head = useRef<HTMLTableSectionElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [headHeight, setHeadHeight] = useState(rowHeight ?? 0);
  useLayoutEffect(() => {
    if (rowHeight && head.current) setHeadHeight(head.current.getBoundingClientRect().height || rowHeight);
  }, [rowHeight, columns]);
  const onScroll = (event: UIEvent<HTMLDivElement>) => setScrollTop(event.currentTarget.scrollTop);
  if (!rowHeight) return { scroller, head, onScroll, start: 0, end: rowCount, padTop: 0, padBottom: 0 };
  const window_ = computeVisibleWindow({
    scrollTop: Math.max(0, scrollTop - headHeight),
    viewportHeight: Math.min(maxHeight, headHeight + rowCount * rowHeight),
    rowHeight,
    rowCount,
    overscan: OVERSCAN,
  });
  return { scroller, head, onScroll, ...window_ };
}

/** The columns in their drawing order: the row's controls (`actions`) last, the others as declared. */
export function orderColumns<C extends { actions?: boolean }>(columns: readonly C[]): C[] {
  return [...columns.filter((c) => !c.actions), ...columns.filter((c) => c.actions)];
}

/** The next sort after pressing a column's header: ascending, then descending, then ascending again. */
export function nextSort(current: string, key: string): string {
  return current === key ? `-${key}` : key;
}

/** `-key` → { key, descending }. */
export function parseSort(sort: string | undefined | null): { key: string; direction: SortDirection } | null {
  if (!sort) return null;
  return sort.startsWith('-')
    ? { key: sort.slice(1), direction: 'descending' }
    : { key: sort, direction: 'ascending' };
}
