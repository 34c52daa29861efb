/**
 * Spreadsheet uploads for the import pipeline: an ImportDefinition whose `extensions` include '.xlsx'
 * or '.xml' also reads Excel workbooks (Office Open XML, a zip) and SpreadsheetML 2003 (.xml), with
 * `@e965/xlsx` (the maintained SheetJS build; the registry's `xlsx` 0.18.5 has known CVEs). The first
 * worksheet's rows become the same records the CSV parser yields (arrays of cell texts), so a
 * spreadsheet goes through the same header check, trimming, row rules, preview, error file and apply.
 *
 * What the reader checks before parsing: the bytes are a zip or SpreadsheetML (anything else is
 * NotASpreadsheet, never handed to SheetJS's other formats), and a zip's declared uncompressed size
 * stays under SPREADSHEET_MAX_INFLATED_BYTES (a zip bomb is refused before it is inflated).
 *
 * Cell texts: strings as written; whole numbers as their digits (a phone number typed as a number
 * reads '84901234567', never '8.49E+10'); other numbers as JavaScript prints them; dates dd/mm/yyyy
 * (the pipeline's date form); booleans TRUE / FALSE; empty and error cells ''.
 */
import { read, type CellObject } from '@e965/xlsx';
import { decodeText, parseCsvBatches } from './csv.js';

/** Records per batch handed to the pipeline (like a CSV chunk's worth). */
const BATCH = 4096;

/** A workbook may not inflate to more than this (declared sizes in the zip's central directory). */
export const SPREADSHEET_MAX_INFLATED_BYTES = 512 * 1024 * 1024;

export const SPREADSHEET_EXTENSIONS: readonly string[] = ['.xlsx', '.xml'];

/** The file is not a workbook this reader accepts (or is a zip that would inflate too far). */
export class NotASpreadsheet extends Error {
  constructor(why: string) {
    super(`not a spreadsheet: ${why}`);
    this.name = 'NotASpreadsheet';
  }
}

/** Whether a definition takes spreadsheets at all. */
export const acceptsSpreadsheets = (extensions: readonly string[]): boolean =>
  extensions.some((ext) => SPREADSHEET_EXTENSIONS.includes(ext));

const isZip = (b: Uint8Array) => b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;

/** SpreadsheetML 2003: XML (after an optional BOM) whose text names the Excel spreadsheet namespace. */
function isSpreadsheetMl(b: Uint8Array): boolean {
  const head = Buffer.from(b.buffer, b.byteOffset, Math.min(b.length, 4096)).toString('utf8');
  return /^(\uFEFF)?\s*</.test(head) && head.includes('urn:schemas-microsoft-com:office:spreadsheet');
}

/** The kind of workbook the bytes hold, or null when they are neither a zip nor SpreadsheetML. */
export function sniffSpreadsheet(bytes: Uint8Array): 'xlsx' | 'xml' | null {
  if (isZip(bytes)) return 'xlsx';
  if (isSpreadsheetMl(bytes)) return 'xml';
  return null;
}

/** The sum of the uncompressed sizes a zip's central directory declares (throws when unreadable). */
export function declaredInflatedBytes(zip: Uint8Array): number {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  // End of central directory: signature 0x06054b50, within the last 65,557 bytes.
  let eocd = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 65_557); i -= 1) {
    if (view.getUint32(i, true) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new NotASpreadsheet('no zip directory');
  const entries = view.getUint16(eocd + 10, true);
  let at = view.getUint32(eocd + 16, true);
  let total = 0;
  for (let n = 0; n < entries; n += 1) {
    if (at + 46 > zip.length || view.getUint32(at, true) !== 0x02014b50)
      throw new NotASpreadsheet('broken zip directory');
    const size = view.getUint32(at + 24, true);
    // 0xFFFFFFFF: a Zip64 size, which a spreadsheet of 25 MB never needs.
    if (size === 0xffffffff) throw new NotASpreadsheet('zip64 entry');
    total += size;
    at += 46 + view.getUint16(at + 28, true) + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
  return total;
}

const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));

/** One cell as text (see the header comment). */
export function cellText(cell: CellObject | undefined): string {
  if (!cell) return '';
  const v = cell.v;
  switch (cell.t) {
    case 's':
      return typeof v === 'string' ? v : String(v ?? '');
    case 'n':
      if (typeof v !== 'number') return '';
      return Number.isInteger(v) && Math.abs(v) < 1e21 ? v.toFixed(0) : String(v);
    case 'b':
      return v ? 'TRUE' : 'FALSE';
    case 'd': {
      const d = v instanceof Date ? v : new Date(String(v));
      if (Number.isNaN(d.getTime())) return '';
      return `${pad2(d.getUTCDate())}/${pad2(d.getUTCMonth() + 1)}/${d.getUTCFullYear()}`;
    }
    default:
      return '';
  }
}

/**
 * The first worksheet's rows as arrays of cell texts (empty rows kept as [], so row numbers match the
 * sheet's). Throws NotASpreadsheet for other bytes.
 */
export function spreadsheetRecords(bytes: Uint8Array): string[][] {
  const kind = sniffSpreadsheet(bytes);
  if (kind === null) throw new NotASpreadsheet('unknown format');
  if (kind === 'xlsx' && declaredInflatedBytes(bytes) > SPREADSHEET_MAX_INFLATED_BYTES)
    throw new NotASpreadsheet('inflates too far');
  let book;
  try {
    book = read(bytes, {
      type: 'buffer',
      dense: true,
      cellDates: true,
      cellFormula: false,
      cellHTML: false,
      cellStyles: false,
      cellText: false,
      UTC: true,
      sheets: 0,
    });
  } catch (error) {
    throw new NotASpreadsheet(error instanceof Error ? error.message : 'unreadable');
  }
  const name = book.SheetNames[0];
  const sheet = name === undefined ? undefined : book.Sheets[name];
  const data = (sheet?.['!data'] ?? []) as Array<Array<CellObject | undefined> | undefined>;
  const out: string[][] = new Array<string[]>(data.length);
  for (let r = 0; r < data.length; r += 1) {
    const row = data[r];
    if (!row) {
      out[r] = [];
      continue;
    }
    const cells = new Array<string>(row.length);
    for (let c = 0; c < row.length; c += 1) cells[c] = cellText(row[c]);
    out[r] = cells;
  }
  return out;
}

/** Reads a whole stream (an upload is at most its definition's maxBytes). */
export async function readAll(source: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of source)
    chunks.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
  return Buffer.concat(chunks);
}

async function* once(bytes: Uint8Array): AsyncGenerator<Uint8Array> {
  yield bytes;
}

/**
 * The records of an upload in batches, for the pipeline: a CSV stream as before when the definition
 * takes no spreadsheets; otherwise the file is read whole and, when its bytes are a workbook, its
 * first sheet; a definition that also takes CSV reads other bytes as CSV; one that does not throws
 * NotASpreadsheet (the pipeline answers Invalid Template).
 */
export async function* recordBatches(
  open: () => AsyncIterable<Uint8Array>,
  extensions: readonly string[],
  encoding?: string,
): AsyncGenerator<string[][]> {
  if (!acceptsSpreadsheets(extensions)) {
    yield* parseCsvBatches(decodeText(open(), encoding));
    return;
  }
  const bytes = await readAll(open());
  if (sniffSpreadsheet(bytes) === null) {
    if (!extensions.includes('.csv')) throw new NotASpreadsheet('unknown format');
    yield* parseCsvBatches(decodeText(once(bytes), encoding));
    return;
  }
  const records = spreadsheetRecords(bytes);
  for (let i = 0; i < records.length; i += BATCH) yield records.slice(i, i + BATCH);
}

/** The records of a stored upload for its error file: a workbook's first sheet, else null (CSV). */
export async function spreadsheetRecordsOf(
  open: () => AsyncIterable<Uint8Array>,
): Promise<string[][] | null> {
  let head: Uint8Array | undefined;
  for await (const chunk of open()) {
    head = chunk;
    break;
  }
  if (!head || (head.length >= 4 && sniffSpreadsheet(head) === null)) return null;
  const bytes = await readAll(open());
  if (sniffSpreadsheet(bytes) === null) return null;
  return spreadsheetRecords(bytes);
}
