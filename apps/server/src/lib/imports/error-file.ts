/**
 * The error file of a rejected import: the original rows (as read: decoded, every cell kept) with an
 * 'Error' column naming each row's problems, formula-neutralised like the reports' exports, UTF-8 with
 * a BOM so Excel opens it in the same encoding. The admin fixes it and uploads it again. An upload that
 * was a workbook (.xlsx / SpreadsheetML .xml) gives its first sheet's rows, as the validation read them.
 */
import { neutraliseCell, type CountryCode, type RowError } from '@fieldforce/contracts';
import { csvField, decodeText, MARKET_CODE_PAGE, parseCsv, UnreadableEncoding } from './csv.js';
import { HEADER_ROW, RowNumbering } from './row-numbers.js';
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
  yield* numberedLines((await spreadsheetRecordsOf(open)) ?? (await csvRecords(open, market)), byRow, line);
}

/** The CSV's records, decoded as the validation decoded them (UTF-8, else the market's code page). */
async function csvRecords(open: OpenFile, market: CountryCode): Promise<AsyncIterable<string[]>> {
  let encoding: string | undefined;
  try {
    // A probe pass: the same decoding choice the validation made.
    for await (const chunk of decodeText(open())) void chunk;
  } catch (error) {
    if (!(error instanceof UnreadableEncoding)) throw error;
    encoding = MARKET_CODE_PAGE[market];
  }
  return parseCsv(decodeText(open(), encoding));
}

/** Each record with its errors, numbered as the validation numbers them (row-numbers.ts). */
async function* numberedLines(
  records: Iterable<string[]> | AsyncIterable<string[]>,
  byRow: ReadonlyMap<number, string[]>,
  line: (cells: string[]) => string,
): AsyncGenerator<string> {
  const numbering = new RowNumbering();
  for await (const record of records) {
    const rowNumber = numbering.next(record.every((c) => c.trim() === ''));
    if (rowNumber === null) continue;
    if (rowNumber === HEADER_ROW) yield '\uFEFF' + line([...record, ERROR_COLUMN]);
    else yield line([...record, (byRow.get(rowNumber) ?? []).join('; ')]);
  }
}
