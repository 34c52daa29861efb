/**
 * XLSX export with exceljs's streaming writer: rows are committed as they arrive, so the workbook
 * never sits whole in memory. Numbers and amounts stay numeric cells; text cells are neutralised
 * like the CSV so a copy pasted elsewhere cannot run as a formula.
 */
import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { formatDateTime, neutraliseCell } from '@fieldforce/contracts';
import type { Queryable } from '../../db/client.js';
import type { ReportCriteria } from './queries.js';
import type { VisibleColumn } from './presenter.js';
import { reportRowBatches, type CsvExportOptions } from './csv.js';

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A cell value for the sheet: numbers as numbers, booleans as Yes/No, dates formatted, text neutralised. */
export function xlsxCellValue(col: VisibleColumn, value: unknown, timeZone: string): string | number | null {
  if (value === null || value === undefined) return null;
  if (col.type === 'number' || col.type === 'amount') {
    const n = typeof value === 'number' ? value : Number(value);
    return Number.isFinite(n) ? n : neutraliseCell(String(value));
  }
  if (col.type === 'boolean') return value ? 'Yes' : 'No';
  if (col.type === 'datetime') return formatDateTime(value as Date | string, timeZone);
  return neutraliseCell(value instanceof Date ? value.toISOString().slice(0, 10) : String(value));
}

export function reportXlsxStream(
  db: Queryable,
  criteria: ReportCriteria,
  columns: readonly VisibleColumn[],
  options: CsvExportOptions & { sheetName: string },
): Readable {
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
    for await (const rows of reportRowBatches(db, criteria, options)) {
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
