/**
 * CSV export: UTF-8 with a byte-order mark (Excel then reads Vietnamese correctly), RFC 4180 quoting,
 * CRLF line ends, and every cell neutralised so no spreadsheet runs it as a formula.
 */
import { Readable } from 'node:stream';
import { formatDateTime, neutraliseCell } from '@fieldforce/contracts';
import type { Database, Queryable } from '../../db/client.js';
import { nextTurn } from '../../lib/export-limits.js';
import {
  cursorOf,
  findReportBatch,
  reportRowsQuery,
  type ReportCriteria,
  type ReportCursor,
} from './queries.js';
import type { VisibleColumn } from './presenter.js';

export const UTF8_BOM = '\uFEFF';

/** One RFC 4180 field: quoted when it holds a comma, a quote or a line break; quotes doubled. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export const csvLine = (values: readonly string[]) => `${values.map(csvField).join(',')}\r\n`;

/**
 * A cell as text: timestamps dd-MMM-yy | HH:mm in the market's time zone; an absent value is an empty
 * cell (the screen's '--' would be neutralised into '--' with an apostrophe, as it starts with '-').
 */
export function csvCellText(col: VisibleColumn, value: unknown, timeZone: string): string {
  if (value === null || value === undefined) return '';
  if (col.type === 'datetime') return formatDateTime(value as Date | string, timeZone);
  if (col.type === 'boolean') return value ? 'Yes' : 'No';
  return value instanceof Date ? value.toISOString() : String(value);
}

export interface CsvExportOptions {
  /** At most this many rows (REPORT_DOWNLOAD_CAP in production; tests pass a small one). */
  cap: number;
  /** Rows per database round trip. */
  batchSize: number;
  timeZone: string;
  /**
   * Resolves when the export may do its next slice of work (lib/export-limits.ts: one slice per pass
   * of the event loop across every export). Default: one pass of the event loop.
   */
  turn?: () => Promise<void>;
}

/**
 * Rows written per turn at most: a PostgreSQL FETCH of `batchSize` rows arrives without blocking, and
 * is written in slices this size so no one turn holds the event loop for long.
 */
export const EXPORT_SLICE_ROWS = 100;

/**
 * The rows of an export in slices, so memory holds one batch whatever the size of the result, each
 * slice after a turn (so the server answers other requests between slices).
 * On PostgreSQL one query through a server-side cursor; on PGlite (no second connection to hold)
 * keyset batches read one after another, each query inside a turn as it runs on the main thread.
 * Shared by the CSV and XLSX writers.
 */
export async function* reportRowBatches(
  db: Queryable & Partial<Pick<Database, 'cursor'>>,
  criteria: ReportCriteria,
  options: Pick<CsvExportOptions, 'cap' | 'batchSize' | 'turn'>,
): AsyncGenerator<Record<string, unknown>[]> {
  const turn = options.turn ?? nextTurn;
  if (db.cursor) {
    const { sql, params } = reportRowsQuery(criteria, options.cap);
    for await (const batch of db.cursor(sql, params, options.batchSize)) {
      for (let at = 0; at < batch.length; at += EXPORT_SLICE_ROWS) {
        await turn();
        yield batch.slice(at, at + EXPORT_SLICE_ROWS);
      }
    }
    return;
  }
  let written = 0;
  let after: ReportCursor | null = null;
  while (written < options.cap) {
    const limit = Math.min(options.batchSize, options.cap - written);
    await turn();
    const rows = await findReportBatch(db, criteria, after, limit);
    if (rows.length === 0) break;
    written += rows.length;
    yield rows;
    if (rows.length < limit) break;
    after = cursorOf(criteria, rows[rows.length - 1]!);
  }
}

/** The export as a CSV stream: header row, then the rows slice by slice. */
export function reportCsvStream(
  db: Queryable,
  criteria: ReportCriteria,
  columns: readonly VisibleColumn[],
  options: CsvExportOptions,
): Readable {
  async function* lines(): AsyncGenerator<string> {
    yield UTF8_BOM + csvLine(columns.map((col) => neutraliseCell(col.header)));
    for await (const rows of reportRowBatches(db, criteria, options)) {
      let chunk = '';
      for (const row of rows) {
        chunk += csvLine(
          columns.map((col) => neutraliseCell(csvCellText(col, row[col.key], options.timeZone))),
        );
      }
      yield chunk;
    }
  }
  return Readable.from(lines(), { objectMode: false });
}
