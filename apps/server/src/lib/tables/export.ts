/**
 * A declared table's exports, streamed and capped at REPORT_DOWNLOAD_CAP rows:
 * - CSV: UTF-8 with a byte-order mark (Excel then reads Vietnamese correctly), RFC 4180 quoting, CRLF
 *   line ends, and every cell neutralised so no spreadsheet runs it as a formula;
 * - XLSX: exceljs's streaming writer, rows committed as they arrive, so the workbook never sits whole
 *   in memory. Numbers and amounts stay numeric cells; text cells are neutralised like the CSV.
 * Rows are read in batches between turns (lib/export-limits.ts), so other requests are answered
 * while an export runs.
 */
import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { formatDateTime, neutraliseCell, REPORT_DOWNLOAD_CAP } from '@fieldforce/contracts';
import type { Database, Queryable } from '../../db/client.js';
import { nextTurn } from '../export-limits.js';
import type { ColumnType, Lang, Table } from './define-table.js';
import type { TableCriteria } from './criteria.js';
import { cursorOf, rowsAfter, rowsQuery, type RowCursor } from './sql.js';

export const UTF8_BOM = '\uFEFF';
export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A column as a file writes it: its key, its header text (already in the caller's language), its type. */
export interface ExportColumn {
  key: string;
  header: string;
  type: ColumnType;
}

export interface ExportOptions {
  /** At most this many rows; never more than REPORT_DOWNLOAD_CAP (the default). */
  cap?: number;
  /** Rows per database round trip (a PostgreSQL FETCH, or a keyset query on PGlite). */
  batchSize: number;
  /** Timestamps are written in this time zone (the market's). */
  timeZone: string;
  /**
   * Resolves when the export may do its next slice of work (ExportLimits.turn: one slice per pass of
   * the event loop across every export). Default: one pass of the event loop.
   */
  turn?: () => Promise<void>;
  /** The headers' language when `columns` is not given (default en). */
  lang?: Lang;
  /** The columns to write, in order (default: every column of the table, headers in `lang`). */
  columns?: readonly ExportColumn[];
}

/** Every column of the table with its header in `lang`. */
export const exportColumns = (table: Table, lang: Lang = 'en'): ExportColumn[] =>
  table.columns.map((col) => ({ key: col.key, header: col.header[lang], type: col.type }));

/** One RFC 4180 field: quoted when it holds a comma, a quote or a line break; quotes doubled. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export const csvLine = (values: readonly string[]) => `${values.map(csvField).join(',')}\r\n`;

/**
 * A cell as text: timestamps dd-MMM-yy | HH:mm in the market's time zone; an absent value is an empty
 * cell (the screen's '--' would be neutralised into '--' with an apostrophe, as it starts with '-').
 */
export function csvCellText(col: { type: ColumnType }, value: unknown, timeZone: string): string {
  if (value === null || value === undefined) return '';
  if (col.type === 'datetime') return formatDateTime(value as Date | string, timeZone);
  if (col.type === 'boolean') return value ? 'Yes' : 'No';
  return value instanceof Date ? value.toISOString() : String(value);
}

/** A cell value for the sheet: numbers as numbers, booleans as Yes/No, dates formatted, text neutralised. */
export function xlsxCellValue(
  col: { type: ColumnType },
  value: unknown,
  timeZone: string,
): string | number | null {
  if (value === null || value === undefined) return null;
  if (col.type === 'number' || col.type === 'amount') {
    const n = typeof value === 'number' ? value : Number(value);
    return Number.isFinite(n) ? n : neutraliseCell(String(value));
  }
  if (col.type === 'boolean') return value ? 'Yes' : 'No';
  if (col.type === 'datetime') return formatDateTime(value as Date | string, timeZone);
  return neutraliseCell(value instanceof Date ? value.toISOString().slice(0, 10) : String(value));
}

/**
 * Rows written per turn at most: a PostgreSQL FETCH of `batchSize` rows arrives without blocking, and
 * is written in slices this size so no one turn holds the event loop for long.
 */
export const EXPORT_SLICE_ROWS = 100;

/**
 * The rows of an export in slices, so memory holds one batch whatever the size of the result, each
 * slice after a turn (so the server answers other requests between slices).
 * On PostgreSQL one query through a server-side cursor (`db.cursor`); on PGlite (no second connection
 * to hold) keyset batches read one after another, each query inside a turn as it runs on the main
 * thread. Shared by the CSV and XLSX writers.
 */
export async function* rowBatches(
  db: Queryable & Partial<Pick<Database, 'cursor'>>,
  table: Table,
  criteria: TableCriteria,
  options: Pick<ExportOptions, 'cap' | 'batchSize' | 'turn'>,
): AsyncGenerator<Record<string, unknown>[]> {
  const turn = options.turn ?? nextTurn;
  const cap = Math.min(options.cap ?? REPORT_DOWNLOAD_CAP, REPORT_DOWNLOAD_CAP);
  if (db.cursor) {
    const { sql, params } = rowsQuery(table, criteria, cap);
    for await (const batch of db.cursor(sql, params, options.batchSize)) {
      for (let at = 0; at < batch.length; at += EXPORT_SLICE_ROWS) {
        await turn();
        yield batch.slice(at, at + EXPORT_SLICE_ROWS);
      }
    }
    return;
  }
  let written = 0;
  let after: RowCursor | null = null;
  while (written < cap) {
    const limit = Math.min(options.batchSize, cap - written);
    await turn();
    const rows = await rowsAfter(db, table, criteria, after, limit);
    if (rows.length === 0) break;
    written += rows.length;
    yield rows;
    if (rows.length < limit) break;
    after = cursorOf(criteria, rows[rows.length - 1]!);
  }
}

/** The export as a CSV stream: header row, then the rows slice by slice. */
export function csvStream(
  db: Queryable,
  table: Table,
  criteria: TableCriteria,
  options: ExportOptions,
): Readable {
  const columns = options.columns ?? exportColumns(table, options.lang);
  async function* lines(): AsyncGenerator<string> {
    yield UTF8_BOM + csvLine(columns.map((col) => neutraliseCell(col.header)));
    for await (const rows of rowBatches(db, table, criteria, options)) {
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

/** The export as an XLSX workbook stream: one sheet, a frozen bold header row, then the rows. */
export function xlsxStream(
  db: Queryable,
  table: Table,
  criteria: TableCriteria,
  options: ExportOptions & { sheetName: string },
): Readable {
  const columns = options.columns ?? exportColumns(table, options.lang);
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  // Excel limits sheet names to 31 characters and forbids a few symbols.
  const sheet = workbook.addWorksheet(options.sheetName.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31), {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  sheet.columns = columns.map((col) => ({
    header: neutraliseCell(col.header),
    key: col.key,
    width: Math.min(40, Math.max(12, col.header.length + 2)),
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();

  void (async () => {
    for await (const rows of rowBatches(db, table, criteria, options)) {
      // The client left or the export was cut: stop reading (the generator's cleanup runs).
      if (out.destroyed) return;
      for (const row of rows) {
        sheet.addRow(columns.map((col) => xlsxCellValue(col, row[col.key], options.timeZone))).commit();
      }
      // A slow reader: wait until the zip output it has not read yet drains, instead of buffering it.
      if (out.writableNeedDrain) await drained(out);
    }
    if (out.destroyed) return;
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return out;
}

/** Resolves on 'drain', or when the stream closes (destroyed) so the writer can stop. */
function drained(stream: PassThrough): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('close', done);
  });
}
