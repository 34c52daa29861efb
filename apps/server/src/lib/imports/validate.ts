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
import { KeyHashes } from '../repeated-keys.js';
import { MARKET_CODE_PAGE, UnreadableEncoding } from './csv.js';
import { HEADER_ROW, RowNumbering } from './row-numbers.js';
import { NotASpreadsheet, recordBatches } from './xlsx.js';
import {
  isStreamed,
  type ImportContext,
  type ImportDefinition,
  type ImportPlan,
  type KeptRowsDefinition,
  type KeyedRule,
  type RowsRule,
  type RawRow,
  type ValidRow,
} from './definition.js';

/** How many errors the preview lists (the error file has all of them). */
export const PREVIEW_ERROR_LIMIT = 50;

export type OpenFile = () => AsyncIterable<Uint8Array>;

export interface ReadOutcome<V> {
  /** A whole-file problem; the rows are then empty. */
  message: CodedMessage | null;
  /** Data rows seen (blank rows not counted). */
  rows: number;
  /** Every valid row, unless the read was told not to keep them (`keep: false`). */
  valid: ValidRow<V>[];
  errors: RowError[];
  /** The encoding the file was read in: undefined = its BOM's or UTF-8; else the market's code page. */
  encoding?: string;
}

/** How a read treats the rows that pass their own rules. */
export interface ReadOptions<V> {
  /** Keep them in `valid` (default true). */
  keep?: boolean;
  /** Sees each one as it is read. */
  onRow?: (row: ValidRow<V>) => void;
  /** Their batches for the database steps, while the file is read. */
  onBatch?: BatchSink<V>;
  /** Only these data rows are checked and handed on (a second look); the others are only counted. */
  only?: (rowNumber: number) => boolean;
}

/**
 * Rows per batch of database checks (a batch is checked while the parser reads the next ones). Small
 * enough that a row handed to the database dies before the young generation has collected twice: a
 * row that lives longer is promoted, and a streamed validation that promotes every row fills the old
 * generation with garbage, which the server pays for in full collections of its whole heap and in
 * resident memory (the 50 MB device-ID file: 16,384 rows a batch, 2 in flight, grew RSS by 130-200
 * MB and spent a fifth of the upload in the collector; 2,048 rows, 3 in flight: docs/admin.md).
 */
export const DB_BATCH_ROWS = 2_048;
/** Batches the database may hold at once before the reader waits for the oldest. */
const DB_BATCHES_IN_FLIGHT = 3;

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
  options: ReadOptions<V> = {},
): Promise<ReadOutcome<V>> {
  const opts = { ...options, onBatch };
  try {
    return await readWith(open, def, undefined, opts);
  } catch (error) {
    // A file named .xlsx / .xml whose bytes are no workbook this reader takes.
    if (error instanceof NotASpreadsheet) return whole(importMessage('INVALID_TEMPLATE'));
    if (!(error instanceof UnreadableEncoding)) throw error;
    const codePage = MARKET_CODE_PAGE[market];
    if (!codePage) return whole(importMessage('UNREADABLE_ENCODING'));
    await onBatch?.restart();
    try {
      return await readWith(open, def, codePage, opts);
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

/**
 * Reads the file again in the encoding a first read settled on (`read.encoding`): a second look at
 * some rows, or the valid rows for the apply.
 */
export function readAgain<V>(
  open: OpenFile,
  def: ImportDefinition<V>,
  encoding: string | undefined,
  options: ReadOptions<V>,
): Promise<ReadOutcome<V>> {
  return readWith(open, def, encoding, options);
}

async function readWith<V>(
  open: OpenFile,
  def: ImportDefinition<V>,
  encoding: string | undefined,
  options: ReadOptions<V>,
): Promise<ReadOutcome<V>> {
  const { onBatch, onRow, only } = options;
  const keep = options.keep ?? true;
  const dateIndexes: number[] = [];
  const headers = def.headers;
  const width = headers.length;
  const toRaw = rawRowBuilder(headers);
  let header: string[] | null = null;
  // Row numbers are the spreadsheet's (row-numbers.ts): the header is row 1, the first data row 2.
  const numbering = new RowNumbering();
  let rows = 0;
  const valid: ValidRow<V>[] = [];
  const errors: RowError[] = [];
  let batch: ValidRow<V>[] = [];
  // Per column, one string per distinct value while the column has few (DT and site codes): the rows
  // then share them instead of holding a copy each. A column with more values stops being shared. This
  // matters when rows are not kept too: a row waiting in a database batch outlives a few collections of
  // the young generation and moves to the old one with its strings; shared, only the row moves (the
  // 10 MB outlet-status file, validated against a 20 ms stand-in database: RSS +106-113 MB without it,
  // +61-76 MB with it).
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
      const rowNumber = numbering.next(blank);
      if (rowNumber === null) continue; // a blank line above the header
      if (rowNumber === HEADER_ROW) {
        // Excel writes trailing empty header cells for formatted empty columns.
        while (cells.length > width && cells.at(-1) === '') cells.pop();
        if (cells.length !== width || cells.some((c, i) => c !== headers[i]))
          return whole(importMessage('INVALID_TEMPLATE'));
        header = cells;
        for (const col of def.dateColumns) dateIndexes.push(header.indexOf(col));
        continue;
      }
      if (blank) continue;
      rows++;
      if (only && !only(rowNumber)) continue;
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
      if (keep) valid.push(row);
      onRow?.(row);
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
  return { message: null, rows, valid, errors, encoding };
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

/**
 * The rows left valid by a streamed validation, without holding them: `forEachBatch` reads the stored
 * file again (in the encoding validation settled on) and hands over its valid rows in batches, in row
 * order, leaving out the rows that got an error. `length` is their number.
 */
export class StreamedRows<V> {
  constructor(
    readonly length: number,
    private readonly open: OpenFile,
    private readonly def: ImportDefinition<V>,
    private readonly encoding: string | undefined,
    private readonly bad: ReadonlySet<number>,
  ) {}

  async forEachBatch(size: number, fn: (rows: ValidRow<V>[]) => Promise<void>): Promise<void> {
    let batch: ValidRow<V>[] = [];
    let seen = 0;
    const sink: BatchSink<V> = {
      batch: async (rows) => {
        for (const r of rows) if (!this.bad.has(r.row)) batch.push(r);
        if (batch.length >= size) {
          seen += batch.length;
          const full = batch;
          batch = [];
          await fn(full);
        }
      },
      restart: async () => {},
    };
    const read = await readAgain(this.open, this.def, this.encoding, { keep: false, onBatch: sink });
    if (batch.length > 0) {
      seen += batch.length;
      await fn(batch);
    }
    // The stored file is the one validated: anything else is a broken store, not a user's error.
    if (read.message || seen !== this.length)
      throw new Error(`The stored file read again gave ${seen} valid rows, not ${this.length}`);
  }
}

/** The rows left valid: kept (a KeptRowsDefinition's) or read again from the file (StreamedRows). */
export type ValidRows<V> = ValidRow<V>[] | StreamedRows<V>;

export interface ValidationOutcome<V, Rows = ValidRows<V>> {
  message: CodedMessage | null;
  preview: ImportPreview | null;
  /** Every error, in row order (the error file uses them all). */
  errors: RowError[];
  valid: Rows;
}

/**
 * Reads, validates every row (own rules, cross-row, database and scope) and plans.
 *
 * The database steps run on batches of DB_BATCH_ROWS rows while the file is still being read, so the
 * database works on one batch while the parser reads the next (at most DB_BATCHES_IN_FLIGHT at a time).
 * This relies on what the definition's contract already says: `checkAgainstDb` judges each row on its
 * own (rules across rows are `crossRowRules`), and `plan` counts row by row, so the plan of the rows
 * left valid is the sum of the batches' plans less the plan of the rows that got an error afterwards.
 *
 * Memory: with keyed rules across rows (a StreamedDefinition, every tool's) no row outlives its
 * batch. Each rule keeps a 53-bit hash of its key and the row number per row (lib/repeated-keys.ts
 * KeyHashes); after the read, the rows whose hash repeats are read again from the file (a second look,
 * only when there are any) and the rule's own check confirms them by value. The rows a database check
 * refused are kept from their batch (the plan subtracts them). The valid rows are then StreamedRows:
 * the apply reads the file a last time. A KeptRowsDefinition keeps every row, as before.
 */
export function validateImport<V>(
  q: Queryable,
  open: OpenFile,
  def: KeptRowsDefinition<V>,
  ctx: ImportContext,
): Promise<ValidationOutcome<V, ValidRow<V>[]>>;
export function validateImport<V>(
  q: Queryable,
  open: OpenFile,
  def: ImportDefinition<V>,
  ctx: ImportContext,
): Promise<ValidationOutcome<V>>;
export async function validateImport<V>(
  q: Queryable,
  open: OpenFile,
  def: ImportDefinition<V>,
  ctx: ImportContext,
): Promise<ValidationOutcome<V>> {
  const streamed = isStreamed(def);
  const inFlight: Promise<void>[] = [];
  const dbErrors: RowError[][] = [];
  // Streamed: the rows a database check refused, kept from their batch (their plan is subtracted).
  const refused = new Map<number, ValidRow<V>>();
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
          if (streamed && errors.length > 0) keepRefused(batch, errors, refused);
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
      refused.clear();
      keys = newKeys();
      validCount = 0;
    },
  };
  // Streamed: per keyed rule, the compact keys of the valid rows.
  const newKeys = () => (streamed ? def.crossRowRules.map(() => new KeyHashes()) : []);
  let keys: KeyHashes[] = newKeys();
  let validCount = 0;
  const onRow = streamed
    ? (r: ValidRow<V>) => {
        validCount += 1;
        const rules = def.crossRowRules;
        for (let i = 0; i < rules.length; i += 1) {
          const key = rules[i]!.key(r.value);
          if (key !== null) keys[i]!.add(key, r.row);
        }
      }
    : undefined;
  let read: ReadOutcome<V>;
  try {
    read = await readRows(open, def, ctx.market, onBatch, { keep: !streamed, onRow });
  } finally {
    await Promise.all(inFlight);
  }
  if (failure) throw (failure as { error: unknown }).error;
  if (read.message) return { message: read.message, preview: null, errors: [], valid: [] };
  const errors = read.errors;
  // The rows of the file's cross-row checks, by row number (streamed: only those the rules look at).
  let looked = new Map<number, ValidRow<V>>();
  if (streamed) {
    const candidates = keys.map((k) => k.repeatedRows());
    const wanted = new Set<number>();
    for (const rows of candidates) for (const row of rows) wanted.add(row);
    if (wanted.size > 0) {
      await readAgain(open, def, read.encoding, {
        keep: false,
        only: (row) => wanted.has(row),
        onRow: (r) => void looked.set(r.row, r),
      });
    }
    def.crossRowRules.forEach((rule, i) => {
      const rows = candidates[i]!.map((row) => looked.get(row)!);
      if (rows.length > 0) for (const e of rule.check(rows)) errors.push(e);
    });
  } else {
    // Every row is kept: a keyed rule among them (a definition mixing both) checks all of them.
    for (const rule of def.crossRowRules as ReadonlyArray<RowsRule<V> | KeyedRule<V>>) {
      const found = typeof rule === 'function' ? rule(read.valid) : rule.check(read.valid);
      for (const e of found) errors.push(e);
    }
  }
  for (const batch of dbErrors) for (const e of batch) errors.push(e);
  errors.sort((a, b) => a.row - b.row);
  const plan = planned;
  const bad = new Set<number>();
  let droppedCount = 0;
  if (errors.length > 0) {
    for (const e of errors) bad.add(e.row);
    let dropped: ValidRow<V>[];
    if (streamed) {
      dropped = [];
      for (const row of bad) {
        const r = looked.get(row) ?? refused.get(row);
        if (r) dropped.push(r);
      }
      dropped.sort((a, b) => a.row - b.row);
    } else dropped = read.valid.filter((r) => bad.has(r.row));
    droppedCount = dropped.length;
    if (dropped.length > 0) addPlan(plan, await def.plan(q, dropped, ctx), -1);
  }
  looked = new Map();
  refused.clear();
  const preview = {
    rows: read.rows,
    ...plan,
    errorCount: errors.length,
    errorRows: bad.size,
    errors: errors.slice(0, PREVIEW_ERROR_LIMIT),
  };
  const message = errors.length > 0 ? importMessage('HAS_ERRORS') : null;
  if (!streamed) {
    const valid = bad.size > 0 ? read.valid.filter((r) => !bad.has(r.row)) : read.valid;
    return { message, preview, errors, valid };
  }
  return {
    message,
    preview,
    errors,
    valid: new StreamedRows(validCount - droppedCount, open, def, read.encoding, bad),
  };
}

/** The rows of `batch` that `errors` name (the batch is in row order). */
function keepRefused<V>(batch: ValidRow<V>[], errors: RowError[], into: Map<number, ValidRow<V>>): void {
  for (const e of errors) {
    let lo = 0;
    let hi = batch.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const row = batch[mid]!.row;
      if (row === e.row) {
        into.set(row, batch[mid]!);
        break;
      }
      if (row < e.row) lo = mid + 1;
      else hi = mid - 1;
    }
  }
}

function addPlan(total: ImportPlan, plan: ImportPlan, sign: 1 | -1): void {
  total.create += sign * plan.create;
  total.update += sign * plan.update;
  total.unchanged += sign * plan.unchanged;
}
