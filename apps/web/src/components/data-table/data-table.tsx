import { useId, type ReactNode } from 'react';
import { useI18n, useT } from '../../lib/i18n';
import { ColumnChooser } from './column-chooser';
import './data-table.css';

export type SortDirection = 'ascending' | 'descending';

export interface DataTableColumn<Row> {
  key: string;
  header: string;
  sortable?: boolean;
  /** Right-aligned (numbers). */
  numeric?: boolean;
  cell(row: Row): ReactNode;
}

export interface DataTableProps<Row> {
  /** The table's accessible name (a visually hidden caption and the scroll region's label). */
  caption: string;
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
  onSort?(key: string): void;
  /** Column chooser: hidden column keys; without onHiddenChange there is no chooser. */
  hidden?: readonly string[];
  onHiddenChange?(hidden: string[]): void;
  /** Buttons beside the chooser (exports, the tool's actions). */
  toolbar?: ReactNode;
  /** A newer page is being fetched (aria-busy, dimmed rows). */
  busy?: boolean;
  emptyText?: string;
  rowClassName?(row: Row): string | undefined;
  /** Height of the scroll area before the page scrolls inside it. */
  maxHeight?: number;
}

const NUMBER_LOCALE = { en: 'en-US', vi: 'vi-VN' } as const;

/**
 * One page of a server-paged list: toolbar (row count, column chooser, exports), a table with a
 * sticky header and a pinned first column, sort buttons with aria-sort, and the pager. Below 560 px
 * every row becomes a card (each value labelled by its header). Pages are at most 200 rows, so
 * every row is rendered (the reports' VirtualTable virtualises longer pages).
 */
export function DataTable<Row>({
  caption,
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
  busy = false,
  emptyText,
  rowClassName,
  maxHeight = 560,
}: DataTableProps<Row>) {
  const t = useT();
  const { language } = useI18n();
  const countId = useId();
  const number = (n: number) => n.toLocaleString(NUMBER_LOCALE[language]);
  const visible = columns.filter((c) => !hidden.includes(c.key));
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = total > 0 ? (page - 1) * pageSize + 1 : 0;
  const last = Math.min(total, page * pageSize);

  return (
    <section className="dtable" aria-label={caption} aria-busy={busy}>
      <div className="dtable__toolbar">
        <p className="dtable__count" id={countId} role="status">
          {t('table.rowCount', { total: number(total) })}
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
      {total === 0 ? (
        <p className="dtable__empty">{emptyText ?? t('table.empty')}</p>
      ) : (
        <div
          className={busy ? 'dtable__scroll dtable__scroll--busy' : 'dtable__scroll'}
          style={{ maxHeight }}
          role="region"
          aria-label={caption}
          aria-describedby={countId}
          tabIndex={0}
        >
          <table className="dtable__table" aria-rowcount={total + 1}>
            <caption className="visually-hidden">{caption}</caption>
            <thead>
              <tr aria-rowindex={1}>
                {visible.map((column) => {
                  const direction = sort?.key === column.key ? sort.direction : undefined;
                  return (
                    <th
                      key={column.key}
                      scope="col"
                      aria-sort={column.sortable && onSort ? (direction ?? 'none') : undefined}
                      className={column.numeric ? 'dtable__num' : undefined}
                    >
                      {column.sortable && onSort ? (
                        <button
                          type="button"
                          className="vtable__sort"
                          onClick={() => onSort(column.key)}
                          title={t('table.sortBy', { column: column.header })}
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
              {rows.map((row, index) => (
                <tr
                  key={rowKey(row, index)}
                  aria-rowindex={first + index + 1}
                  className={rowClassName?.(row)}
                >
                  {visible.map((column, i) => {
                    const Cell = i === 0 ? 'th' : 'td';
                    return (
                      <Cell
                        key={column.key}
                        scope={i === 0 ? 'row' : undefined}
                        data-label={column.header}
                        className={column.numeric ? 'dtable__num' : undefined}
                      >
                        {column.cell(row)}
                      </Cell>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
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
