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
import { nextTurn } from '../export-limits.js';
import { MARKET_CODE_PAGE, UnreadableEncoding } from './csv.js';
import { NotASpreadsheet, recordBatches } from './xlsx.js';
import type { ImportContext, ImportDefinition, ImportPlan, RawRow, ValidRow } from './definition.js';

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

/** Rows per batch of database checks (a batch is checked while the parser reads the next one). */
export const DB_BATCH_ROWS = 16_384;
/** Batches the database may hold at once before the reader waits for the oldest. */
const DB_BATCHES_IN_FLIGHT = 2;

/** Distinct values a column may have and still share one string per value. */
const SHARED_VALUES = 1024;

const DATE_DASHED = /^(\d{2})-(\d{2})-(\d{4})$/;
/** Reading a file hands the event loop back at least this often (ms). */
export const YIELD_MS = 20;

/** Reads and checks the rows on their own (no database): the UTF-8 pass, then the market's code page. */
export async function readRows<V>(
  open: OpenFile,
  def: ImportDefinition<V>,
  market: CountryCode,
  onBatch?: BatchSink<V>,
): Promise<ReadOutcome<V>> {
  try {
    return await readWith(open, def, undefined, onBatch);
  } catch (error) {
    // A file named .xlsx / .xml whose bytes are no workbook this reader takes.
    if (error instanceof NotASpreadsheet) return whole(importMessage('INVALID_TEMPLATE'));
    if (!(error instanceof UnreadableEncoding)) throw error;
    const codePage = MARKET_CODE_PAGE[market];
    if (!codePage) return whole(importMessage('UNREADABLE_ENCODING'));
    await onBatch?.restart();
    try {
      return await readWith(open, def, codePage, onBatch);
    } catch (again) {
      if (again instanceof UnreadableEncoding) return whole(importMessage('UNREADABLE_ENCODING'));
      throw again;
    }
  }
}

function whole<V>(message: CodedMessage): ReadOutcome<V> {
  return { message, rows: 0, valid: [], errors: [] };
}

/**
 * Receives each batch of rows that passed their own rules while the file is still being read;
 * `restart` when the file is read again in the market's code page (forget the batches so far).
 */
export interface BatchSink<V> {
  batch(rows: ValidRow<V>[]): Promise<void>;
  restart(): Promise<void>;
}

async function readWith<V>(
  open: OpenFile,
  def: ImportDefinition<V>,
  encoding?: string,
  onBatch?: BatchSink<V>,
): Promise<ReadOutcome<V>> {
  const dateIndexes: number[] = [];
  const headers = def.headers;
  const width = headers.length;
  const toRaw = rawRowBuilder(headers);
  let header: string[] | null = null;
  let rowNumber = 0;
  let rows = 0;
  const valid: ValidRow<V>[] = [];
  const errors: RowError[] = [];
  let batch: ValidRow<V>[] = [];
  // Per column, one string per distinct value while the column has few (DT and site codes): the kept
  // rows then share them instead of holding a copy each. A column with more values stops being shared.
  const shared: Array<Map<string, string> | null> = headers.map(() => new Map<string, string>());
  // Other requests get the event loop at least every YIELD_MS, whatever the rows hold: a file of rows
  // that all fail (no database batch to await) would otherwise hold it for seconds.
  let lastYield = performance.now();
  let sinceCheck = 0;
  for await (const records of recordBatches(open, def.extensions, encoding)) {
    for (const cells of records) {
      if (++sinceCheck >= 256) {
        sinceCheck = 0;
        if (performance.now() - lastYield > YIELD_MS) {
          await nextTurn();
          lastYield = performance.now();
        }
      }
      // Trimmed in place (the record is ours); blank = every cell empty after trimming.
      let blank = true;
      for (let i = 0; i < cells.length; i += 1) {
        const cell = cells[i]!;
        const c0 = cell.charCodeAt(0);
        const cn = cell.charCodeAt(cell.length - 1);
        // Only a cell that starts or ends with a space or control character (or a non-ASCII one, which
        // may be a Unicode space) can change when trimmed.
        if (c0 <= 32 || cn <= 32 || c0 > 126 || cn > 126) cells[i] = cell.trim();
        if (cells[i] !== '') blank = false;
      }
      if (header === null) {
        if (blank) continue; // blank lines before the header
        // Excel writes trailing empty header cells for formatted empty columns.
        while (cells.length > width && cells.at(-1) === '') cells.pop();
        if (cells.length !== width || cells.some((c, i) => c !== headers[i]))
          return whole(importMessage('INVALID_TEMPLATE'));
        header = cells;
        for (const col of def.dateColumns) dateIndexes.push(header.indexOf(col));
        continue;
      }
      rowNumber++;
      if (blank) continue;
      rows++;
      if (cells.length > width && cells.slice(width).some((c) => c !== '')) {
        errors.push({ ...importMessage('INVALID_TEMPLATE'), row: rowNumber, header: null });
        continue;
      }
      for (const i of dateIndexes) {
        const m = DATE_DASHED.exec(cells[i] ?? '');
        if (m) cells[i] = `${m[1]}/${m[2]}/${m[3]}`;
      }
      for (let i = 0; i < width; i += 1) {
        const values = shared[i];
        const cell = cells[i];
        if (!values || cell === undefined) continue;
        const same = values.get(cell);
        if (same !== undefined) cells[i] = same;
        else if (values.size < SHARED_VALUES) values.set(cell, cell);
        else shared[i] = null;
      }
      const check = def.validateRow(toRaw(cells), rowNumber);
      if (check.errors) {
        for (const e of check.errors) errors.push(e);
        continue;
      }
      const row = { row: rowNumber, value: check.value };
      valid.push(row);
      if (onBatch) {
        batch.push(row);
        if (batch.length >= DB_BATCH_ROWS) {
          await onBatch.batch(batch);
          batch = [];
        }
      }
    }
  }
  if (header === null || rows === 0) return whole(importMessage('EMPTY_FILE'));
  if (onBatch && batch.length > 0) await onBatch.batch(batch);
  return { message: null, rows, valid, errors };
}

/**
 * A function that makes a row's header → value object from its cells ('' for a missing cell), as one
 * object literal with the template's keys: one allocation of a fixed shape per row, about a tenth of
 * the time of copying a template object and setting its keys one by one (300,000 rows in a 10 MB
 * file). The keys are the definition's own headers, written as JSON string literals.
 */
export function rawRowBuilder(headers: readonly string[]): (cells: readonly string[]) => RawRow {
  if (headers.includes('__proto__')) {
    // A literal "__proto__" key would set the prototype instead: build such a row key by key.
    return (cells) => {
      const raw: Record<string, string> = {};
      headers.forEach((h, i) => Object.defineProperty(raw, h, { value: cells[i] ?? '', enumerable: true }));
      return raw;
    };
  }
  const fields = headers.map((h, i) => `${JSON.stringify(h)}: c[${i}] ?? ''`).join(', ');
  return new Function('c', `return { ${fields} };`) as (cells: readonly string[]) => RawRow;
}

export interface ValidationOutcome<V> {
  message: CodedMessage | null;
  preview: ImportPreview | null;
  /** Every error, in row order (the error file uses them all). */
  errors: RowError[];
  valid: ValidRow<V>[];
}

/**
 * Reads, validates every row (own rules, cross-row, database and scope) and plans.
 *
 * The database steps run on batches of DB_BATCH_ROWS rows while the file is still being read, so the
 * database works on one batch while the parser reads the next (at most DB_BATCHES_IN_FLIGHT at a time).
 * This relies on what the definition's contract already says: `checkAgainstDb` judges each row on its
 * own (rules across rows are `crossRowRules`), and `plan` counts row by row, so the plan of the rows
 * left valid is the sum of the batches' plans less the plan of the rows that got an error afterwards.
 */
export async function validateImport<V>(
  q: Queryable,
  open: OpenFile,
  def: ImportDefinition<V>,
  ctx: ImportContext,
): Promise<ValidationOutcome<V>> {
  const inFlight: Promise<void>[] = [];
  const dbErrors: RowError[][] = [];
  const planned: ImportPlan = { create: 0, update: 0, unchanged: 0 };
  let failure: { error: unknown } | null = null;
  let pass = 0;
  const onBatch: BatchSink<V> = {
    async batch(batch) {
      const slot = dbErrors.length;
      const started = pass;
      dbErrors.push([]);
      const work = Promise.all([def.checkAgainstDb(q, batch, ctx), def.plan(q, batch, ctx)]).then(
        ([errors, plan]) => {
          if (started !== pass) return;
          dbErrors[slot] = errors;
          addPlan(planned, plan, 1);
        },
        (error: unknown) => {
          if (started === pass) failure ??= { error };
        },
      );
      inFlight.push(work);
      if (inFlight.length >= DB_BATCHES_IN_FLIGHT) await inFlight.shift();
    },
    async restart() {
      pass += 1;
      await Promise.all(inFlight.splice(0));
      dbErrors.length = 0;
      planned.create = planned.update = planned.unchanged = 0;
      failure = null;
    },
  };
  let read: ReadOutcome<V>;
  try {
    read = await readRows(open, def, ctx.market, onBatch);
  } finally {
    await Promise.all(inFlight);
  }
  if (failure) throw (failure as { error: unknown }).error;
  if (read.message) return { message: read.message, preview: null, errors: [], valid: [] };
  const errors = read.errors;
  for (const rule of def.crossRowRules) for (const e of rule(read.valid)) errors.push(e);
  for (const batch of dbErrors) for (const e of batch) errors.push(e);
  errors.sort((a, b) => a.row - b.row);
  let valid = read.valid;
  const plan = planned;
  if (errors.length > 0) {
    const bad = new Set(errors.map((e) => e.row));
    const dropped = valid.filter((r) => bad.has(r.row));
    if (dropped.length > 0) {
      valid = valid.filter((r) => !bad.has(r.row));
      addPlan(plan, await def.plan(q, dropped, ctx), -1);
    }
  }
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

function addPlan(total: ImportPlan, plan: ImportPlan, sign: 1 | -1): void {
  total.create += sign * plan.create;
  total.update += sign * plan.update;
  total.unchanged += sign * plan.unchanged;
}
