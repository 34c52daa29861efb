/**
 * XLSX export of a report: the table engine's streamed workbook (lib/tables/export.ts) over the
 * report's declaration and visible columns. Numbers and amounts stay numeric cells; text cells are
 * neutralised like the CSV.
 */
import type { Readable } from 'node:stream';
import type { Queryable } from '../../db/client.js';
import { xlsxStream } from '../../lib/tables/index.js';
import { REPORT_SQL } from './definitions.js';
import type { ReportCriteria } from './queries.js';
import type { VisibleColumn } from './presenter.js';
import type { CsvExportOptions } from './csv.js';

export { XLSX_CONTENT_TYPE, xlsxCellValue } from '../../lib/tables/index.js';

export function reportXlsxStream(
  db: Queryable,
  criteria: ReportCriteria,
  columns: readonly VisibleColumn[],
  options: CsvExportOptions & { sheetName: string },
): Readable {
  return xlsxStream(db, REPORT_SQL[criteria.key], criteria, { ...options, columns });
}
