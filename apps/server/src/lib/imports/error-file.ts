/**
 * The error file of a rejected import: the original rows (as read: decoded, every cell kept) with an
 * 'Error' column naming each row's problems, formula-neutralised like the reports' exports, UTF-8 with
 * a BOM so Excel opens it in the same encoding. The admin fixes it and uploads it again. An upload that
 * was a workbook (.xlsx / SpreadsheetML .xml) gives its first sheet's rows, as the validation read them.
 */
import { neutraliseCell, type CountryCode, type RowError } from '@fieldforce/contracts';
import { csvField, decodeText, MARKET_CODE_PAGE, parseCsv, UnreadableEncoding } from './csv.js';
import type { OpenFile } from './validate.js';
import { spreadsheetRecordsOf } from './xlsx.js';

export const ERROR_COLUMN = 'Error';

export async function* errorFileLines(
  open: OpenFile,
  errors: readonly RowError[],
  market: CountryCode,
): AsyncGenerator<string> {
  const byRow = new Map<number, string[]>();
  for (const e of errors) byRow.set(e.row, [...(byRow.get(e.row) ?? []), e.message]);
  const line = (cells: string[]) => cells.map((c) => csvField(neutraliseCell(c))).join(',') + '\r\n';
  const sheet = await spreadsheetRecordsOf(open);
  if (sheet) {
    yield* numberedLines(sheet, byRow, line);
    return;
  }
  let encoding: string | undefined;
  try {
    // A probe pass: the same decoding choice the validation made.
    for await (const chunk of decodeText(open())) void chunk;
  } catch (error) {
    if (!(error instanceof UnreadableEncoding)) throw error;
    encoding = MARKET_CODE_PAGE[market];
  }
  let rowNumber = -1;
  let first = true;
  for await (const record of parseCsv(decodeText(open(), encoding))) {
    if (rowNumber === -1 && record.every((c) => c.trim() === '')) continue;
    rowNumber++;
    if (rowNumber === 0) {
      yield (first ? '\uFEFF' : '') + line([...record, ERROR_COLUMN]);
      first = false;
      continue;
    }
    yield line([...record, (byRow.get(rowNumber) ?? []).join('; ')]);
  }
}

function* numberedLines(
  records: readonly string[][],
  byRow: ReadonlyMap<number, string[]>,
  line: (cells: string[]) => string,
): Generator<string> {
  let rowNumber = -1;
  for (const record of records) {
    if (rowNumber === -1 && record.every((c) => c.trim() === '')) continue;
    rowNumber++;
    if (rowNumber === 0) {
      yield '\uFEFF' + line([...record, ERROR_COLUMN]);
      continue;
    }
    yield line([...record, (byRow.get(rowNumber) ?? []).join('; ')]);
  }
}
