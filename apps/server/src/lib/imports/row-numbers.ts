/**
 * How an import numbers the rows of a file, in one place for the validation (validate.ts: the row
 * numbers of the preview, the messages and the error list) and the error sheet (error-file.ts): as the
 * spreadsheet a person opens numbers them. The header is row 1, the first data row 2; a blank line
 * between data rows keeps its number (it is a row of the sheet); blank lines above the header are left
 * out (not numbered), so the header is row 1 wherever it starts.
 */

/** The header's row number; the first data row is the next one. */
export const HEADER_ROW = 1;

/** Numbers a file's records in order (one per file read). */
export class RowNumbering {
  private last = 0;

  /** The record's row number, or null for a blank line above the header (left out). */
  next(blank: boolean): number | null {
    if (blank && this.last === 0) return null;
    this.last += 1;
    return this.last;
  }
}
