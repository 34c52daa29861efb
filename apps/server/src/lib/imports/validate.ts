/**
 * Steps 2-4 of the import pipeline: read the stored file (decode, parse), check the template header,
 * trim values, drop all-blank rows, rewrite dd-mm-yyyy to dd/mm/yyyy in the date columns, validate
 * every row (the definition's row rules, then the cross-row rules, then the database and scope
 * checks), and build the preview. A whole-file problem (encoding, template, empty) is a coded message.
 */
import {
  importMessage,
  type CodedMessage,
  type CountryCode,
  type ImportPreview,
  type RowError,
} from '@fieldforce/contracts';
import type { Queryable } from '../../db/client.js';
import { decodeText, MARKET_CODE_PAGE, parseCsv, UnreadableEncoding } from './csv.js';
import type { ImportContext, ImportDefinition, RawRow, ValidRow } from './definition.js';

/** How many errors the preview lists (the error file has all of them). */
export const PREVIEW_ERROR_LIMIT = 50;

export type OpenFile = () => AsyncIterable<Uint8Array>;

export interface ReadOutcome<V> {
  /** A whole-file problem; the rows are then empty. */
  message: CodedMessage | null;
  /** Data rows seen (blank rows not counted). */
  rows: number;
  valid: ValidRow<V>[];
  errors: RowError[];
}

const DATE_DASHED = /^(\d{2})-(\d{2})-(\d{4})$/;

/** Reads and checks the rows on their own (no database): the UTF-8 pass, then the market's code page. */
export async function readRows<V>(
  open: OpenFile,
  def: ImportDefinition<V>,
  market: CountryCode,
): Promise<ReadOutcome<V>> {
  try {
    return await readWith(open, def);
  } catch (error) {
    if (!(error instanceof UnreadableEncoding)) throw error;
    const codePage = MARKET_CODE_PAGE[market];
    if (!codePage) return whole(importMessage('UNREADABLE_ENCODING'));
    try {
      return await readWith(open, def, codePage);
    } catch (again) {
      if (again instanceof UnreadableEncoding) return whole(importMessage('UNREADABLE_ENCODING'));
      throw again;
    }
  }
}

function whole<V>(message: CodedMessage): ReadOutcome<V> {
  return { message, rows: 0, valid: [], errors: [] };
}

async function readWith<V>(
  open: OpenFile,
  def: ImportDefinition<V>,
  encoding?: string,
): Promise<ReadOutcome<V>> {
  const dateIndexes: number[] = [];
  let header: string[] | null = null;
  let rowNumber = 0;
  let rows = 0;
  const valid: ValidRow<V>[] = [];
  const errors: RowError[] = [];
  for await (const record of parseCsv(decodeText(open(), encoding))) {
    const cells = record.map((cell) => cell.trim());
    if (header === null) {
      if (cells.every((c) => c === '')) continue; // blank lines before the header
      // Excel writes trailing empty header cells for formatted empty columns.
      while (cells.length > def.headers.length && cells.at(-1) === '') cells.pop();
      if (cells.length !== def.headers.length || cells.some((c, i) => c !== def.headers[i]))
        return whole(importMessage('INVALID_TEMPLATE'));
      header = cells;
      for (const col of def.dateColumns) dateIndexes.push(header.indexOf(col));
      continue;
    }
    rowNumber++;
    if (cells.every((c) => c === '')) continue;
    rows++;
    if (cells.slice(header.length).some((c) => c !== '')) {
      errors.push({ ...importMessage('INVALID_TEMPLATE'), row: rowNumber, header: null });
      continue;
    }
    for (const i of dateIndexes) {
      const m = DATE_DASHED.exec(cells[i] ?? '');
      if (m) cells[i] = `${m[1]}/${m[2]}/${m[3]}`;
    }
    const raw: Record<string, string> = {};
    header.forEach((h, i) => (raw[h] = cells[i] ?? ''));
    const check = def.validateRow(raw as RawRow, rowNumber);
    if (check.errors) errors.push(...check.errors);
    else valid.push({ row: rowNumber, value: check.value });
  }
  if (header === null || rows === 0) return whole(importMessage('EMPTY_FILE'));
  return { message: null, rows, valid, errors };
}

export interface ValidationOutcome<V> {
  message: CodedMessage | null;
  preview: ImportPreview | null;
  /** Every error, in row order (the error file uses them all). */
  errors: RowError[];
  valid: ValidRow<V>[];
}

/** Reads, validates every row (own rules, cross-row, database and scope) and plans. */
export async function validateImport<V>(
  q: Queryable,
  open: OpenFile,
  def: ImportDefinition<V>,
  ctx: ImportContext,
): Promise<ValidationOutcome<V>> {
  const read = await readRows(open, def, ctx.market);
  if (read.message) return { message: read.message, preview: null, errors: [], valid: [] };
  const errors = [...read.errors];
  for (const rule of def.crossRowRules) errors.push(...rule(read.valid));
  errors.push(...(await def.checkAgainstDb(q, read.valid, ctx)));
  errors.sort((a, b) => a.row - b.row);
  const bad = new Set(errors.map((e) => e.row));
  const valid = read.valid.filter((r) => !bad.has(r.row));
  const plan = await def.plan(q, valid, ctx);
  return {
    message: errors.length > 0 ? importMessage('HAS_ERRORS') : null,
    preview: {
      rows: read.rows,
      ...plan,
      errorCount: errors.length,
      errors: errors.slice(0, PREVIEW_ERROR_LIMIT),
    },
    errors,
    valid,
  };
}
