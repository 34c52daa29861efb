/**
 * CSV export of a report: the table engine's CSV (lib/tables/export.ts: UTF-8 with a byte-order mark,
 * RFC 4180 quoting, CRLF line ends, every cell neutralised) over the report's declaration, with the
 * report's visible columns (hidden ones left out, currency symbols in the headers).
 */
import type { Readable } from 'node:stream';
import type { Database, Queryable } from '../../db/client.js';
import { csvStream, rowBatches, type ExportOptions } from '../../lib/tables/index.js';
import { REPORT_SQL } from './definitions.js';
import type { ReportCriteria } from './queries.js';
import type { VisibleColumn } from './presenter.js';

export { csvCellText, csvField, csvLine, EXPORT_SLICE_ROWS, UTF8_BOM } from '../../lib/tables/index.js';

export interface CsvExportOptions extends Pick<ExportOptions, 'batchSize' | 'timeZone' | 'turn'> {
  /** At most this many rows (REPORT_DOWNLOAD_CAP in production; tests pass a small one). */
  cap: number;
}

/** The rows of a report export in slices (lib/tables rowBatches). */
export const reportRowBatches = (
  db: Queryable & Partial<Pick<Database, 'cursor'>>,
  criteria: ReportCriteria,
  options: Pick<CsvExportOptions, 'cap' | 'batchSize' | 'turn'>,
): AsyncGenerator<Record<string, unknown>[]> => rowBatches(db, REPORT_SQL[criteria.key], criteria, options);

/** The export as a CSV stream: header row, then the rows slice by slice. */
export function reportCsvStream(
  db: Queryable,
  criteria: ReportCriteria,
  columns: readonly VisibleColumn[],
  options: CsvExportOptions,
): Readable {
  return csvStream(db, REPORT_SQL[criteria.key], criteria, { ...options, columns });
}
