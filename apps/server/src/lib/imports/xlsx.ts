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
 * SheetJS parses a workbook in one synchronous call (seconds for 25 MB), so the server's paths
 * (recordBatches, spreadsheetRecordsOf) parse in a worker thread (xlsx-worker.mjs, one kept warm between
 * reads) and get the rows back in batches while the event loop keeps answering other requests;
 * `spreadsheetRecords` parses in the caller's thread (tests, benches). The records of a workbook read
 * for an import are kept for that import's next reads of the same stored file (`keptRecords`): it is
 * parsed once per import, not once per read. Cell texts: see xlsx-worker.mjs.
 */
import { Worker } from 'node:worker_threads';
import { decodeText, parseCsvBatches } from './csv.js';
import {
  sheetRecords,
  UnreadableWorkbook,
  type XlsxWorkerData,
  type XlsxWorkerMessage,
  type XlsxWorkerRequest,
} from './xlsx-worker.mjs';

export { cellText } from './xlsx-worker.mjs';

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

/**
 * The first worksheet's rows as arrays of cell texts (empty rows kept as [], so row numbers match the
 * sheet's). Throws NotASpreadsheet for other bytes.
 */
export function spreadsheetRecords(bytes: Uint8Array): string[][] {
  checkWorkbook(bytes);
  try {
    return sheetRecords(bytes);
  } catch (error) {
    if (error instanceof UnreadableWorkbook) throw new NotASpreadsheet(error.message);
    throw error;
  }
}

/** NotASpreadsheet unless the bytes are a workbook that does not inflate too far. */
function checkWorkbook(bytes: Uint8Array): void {
  const kind = sniffSpreadsheet(bytes);
  if (kind === null) throw new NotASpreadsheet('unknown format');
  if (kind === 'xlsx' && declaredInflatedBytes(bytes) > SPREADSHEET_MAX_INFLATED_BYTES)
    throw new NotASpreadsheet('inflates too far');
}

const WORKER = new URL('./xlsx-worker.mjs', import.meta.url);

/**
 * A worker that has read a workbook waits this long for the next read before it ends. A fresh worker
 * compiles SheetJS again and parses in V8's slower tiers at first: two to three times the warm parse of
 * the 10,000-row users file (docs/admin.md, "User bulk upload", Speed).
 */
export const IDLE_WORKER_MS = 60_000;
/** Workers kept waiting (more reads at once start more workers, ended after their read). */
const IDLE_WORKERS_MAX = 1;
/** A worker that parsed more than this is ended, not kept: its heap grew with the workbook. */
const KEEP_WORKER_MAX_BYTES = 8 * 1024 * 1024;

const idleWorkers: Array<{ worker: Worker; timer: NodeJS.Timeout }> = [];

/** Tests: how many workers wait for a read now. */
export const idleWorkerCount = (): number => idleWorkers.length;

function dropIdle(worker: Worker): void {
  const at = idleWorkers.findIndex((w) => w.worker === worker);
  if (at < 0) return;
  clearTimeout(idleWorkers[at]!.timer);
  idleWorkers.splice(at, 1);
}

/** An idle worker, or a new one; held (ref'd) while it reads. */
function takeWorker(): Worker {
  const kept = idleWorkers.pop();
  if (kept) {
    clearTimeout(kept.timer);
    kept.worker.ref();
    return kept.worker;
  }
  const worker = new Worker(WORKER, {
    workerData: { kind: 'fieldforce-xlsx-read' } satisfies XlsxWorkerData,
  });
  // One that fails or exits while idle is forgotten (while reading, the read's own listeners answer).
  worker.on('error', () => dropIdle(worker));
  worker.on('exit', () => dropIdle(worker));
  return worker;
}

/** Keeps a worker that finished a read for the next one (never holding the process open), or ends it. */
function releaseWorker(worker: Worker, bytesRead: number): void {
  if (idleWorkers.length >= IDLE_WORKERS_MAX || bytesRead > KEEP_WORKER_MAX_BYTES) {
    void worker.terminate();
    return;
  }
  worker.unref();
  const timer = setTimeout(() => {
    dropIdle(worker);
    void worker.terminate();
  }, IDLE_WORKER_MS);
  timer.unref();
  idleWorkers.push({ worker, timer });
}

/**
 * The first worksheet's rows (as spreadsheetRecords) in batches of BATCH, parsed in a worker thread so
 * that this thread stays free meanwhile. The checks run here first (NotASpreadsheet, nothing started);
 * bytes SheetJS cannot read throw NotASpreadsheet too. A worker that finished its read is kept warm for
 * the next (IDLE_WORKER_MS); stopping early, or a worker that fails, ends it.
 */
export async function* readSpreadsheet(bytes: Uint8Array): AsyncGenerator<string[][]> {
  checkWorkbook(bytes);
  const worker = takeWorker();
  const inbox: XlsxWorkerMessage[] = [];
  let failure: Error | null = null;
  let exited = false;
  let finished = false;
  let wake: (() => void) | null = null;
  const notify = () => {
    wake?.();
    wake = null;
  };
  const onMessage = (message: XlsxWorkerMessage) => {
    inbox.push(message);
    notify();
  };
  const onError = (error: Error) => {
    failure ??= error;
    notify();
  };
  const onExit = () => {
    exited = true;
    notify();
  };
  worker.on('message', onMessage);
  worker.on('error', onError);
  worker.on('exit', onExit);
  worker.postMessage({ bytes, batch: BATCH } satisfies XlsxWorkerRequest);
  try {
    for (;;) {
      const message = inbox.shift();
      if (message) {
        if ('batch' in message) yield message.batch;
        else {
          finished = true;
          if ('unreadable' in message) throw new NotASpreadsheet(message.unreadable);
          return;
        }
        continue;
      }
      if (failure) throw failure;
      if (exited) throw new Error('the workbook reader ended without an answer');
      await new Promise<void>((resolve) => (wake = resolve));
    }
  } finally {
    worker.off('message', onMessage);
    worker.off('error', onError);
    worker.off('exit', onExit);
    if (finished && !failure && !exited) releaseWorker(worker, bytes.byteLength);
    else void worker.terminate();
  }
}

/**
 * The records of a workbook already read for an import, by the `open` of its stored file: validation
 * reads the file, then the apply (StreamedRows), a second look at repeated keys and the error sheet read
 * it again with the same `open`. A workbook is parsed whole anyway (SheetJS), so keeping its records
 * costs less than parsing it again, which was half of a 10,000-row users upload. Held as long as that
 * `open` is (the request's); only up to KEPT_RECORDS_MAX records (about 40 MB of short rows), a larger
 * workbook is parsed again. Never handed out: readers get copies (the pipeline trims cells in place).
 */
const keptRecords = new WeakMap<object, string[][]>();
export const KEPT_RECORDS_MAX = 100_000;

const copies = (records: readonly string[][]) => records.map((r) => r.slice());

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
 * NotASpreadsheet (the pipeline answers Invalid Template). A workbook read before through the same
 * `open` comes from its kept records (keptRecords), in copies.
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
  const kept = keptRecords.get(open);
  if (kept) {
    for (let i = 0; i < kept.length; i += BATCH) yield copies(kept.slice(i, i + BATCH));
    return;
  }
  const bytes = await readAll(open());
  if (sniffSpreadsheet(bytes) === null) {
    if (!extensions.includes('.csv')) throw new NotASpreadsheet('unknown format');
    yield* parseCsvBatches(decodeText(once(bytes), encoding));
    return;
  }
  let keep: string[][] | null = [];
  for await (const batch of readSpreadsheet(bytes)) {
    if (keep && keep.length + batch.length > KEPT_RECORDS_MAX) keep = null;
    if (!keep) {
      yield batch;
      continue;
    }
    for (const record of batch) keep.push(record);
    yield copies(batch);
  }
  if (keep) keptRecords.set(open, keep);
}

/** The records of a stored upload for its error file: a workbook's first sheet, else null (CSV). */
export async function spreadsheetRecordsOf(
  open: () => AsyncIterable<Uint8Array>,
): Promise<string[][] | null> {
  const kept = keptRecords.get(open);
  if (kept) return copies(kept);
  let head: Uint8Array | undefined;
  for await (const chunk of open()) {
    head = chunk;
    break;
  }
  if (!head || (head.length >= 4 && sniffSpreadsheet(head) === null)) return null;
  const bytes = await readAll(open());
  if (sniffSpreadsheet(bytes) === null) return null;
  const records: string[][] = [];
  for await (const batch of readSpreadsheet(bytes)) for (const record of batch) records.push(record);
  return records;
}
