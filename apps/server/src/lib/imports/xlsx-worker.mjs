/**
 * The workbook reader of lib/imports/xlsx.ts, and the worker thread it runs in.
 *
 * SheetJS (`@e965/xlsx`) parses a workbook in one synchronous call: a 25 MB file holds the thread for
 * seconds. The server therefore parses uploads here, in a worker thread (xlsx.ts `readSpreadsheet`), and
 * gets the first sheet's rows back as cell texts in batches; tests and benches call `sheetRecords` in
 * their own thread. Plain JavaScript on purpose: a worker is a fresh module graph that neither vitest's
 * nor tsx's TypeScript loader reaches (tsx is registered in-process by `npm start`), so this file loads
 * the same from the sources under vitest, tsx and plain node. Types: xlsx-worker.d.mts.
 *
 * Cell texts: strings as written; whole numbers as their digits (a phone number typed as a number reads
 * '84901234567', never '8.49E+10'); other numbers as JavaScript prints them; dates dd/mm/yyyy (the
 * pipeline's date form); booleans TRUE / FALSE; empty and error cells ''.
 */
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { read } from '@e965/xlsx';

const pad2 = (n) => (n < 10 ? `0${n}` : String(n));

/** One cell as text (see the header comment). */
export function cellText(cell) {
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

/** SheetJS could not read the bytes (xlsx.ts turns it into NotASpreadsheet). */
export class UnreadableWorkbook extends Error {}

/**
 * The first worksheet's rows as arrays of cell texts (empty rows kept as [], so row numbers match the
 * sheet's). The caller has checked the bytes are a workbook and not a zip bomb.
 */
export function sheetRecords(bytes) {
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
    throw new UnreadableWorkbook(error instanceof Error ? error.message : 'unreadable');
  }
  const name = book.SheetNames[0];
  const sheet = name === undefined ? undefined : book.Sheets[name];
  const data = sheet?.['!data'] ?? [];
  const out = new Array(data.length);
  for (let r = 0; r < data.length; r += 1) {
    const row = data[r];
    if (!row) {
      out[r] = [];
      continue;
    }
    const cells = new Array(row.length);
    for (let c = 0; c < row.length; c += 1) cells[c] = cellText(row[c]);
    out[r] = cells;
  }
  return out;
}

/**
 * In the worker: for each message `{ bytes, batch }`, parse the bytes, post `{ batch }` messages of
 * `batch` rows, then `{ done: true }`, or `{ unreadable: message }` when SheetJS refuses the bytes. The
 * worker stays for the next message (xlsx.ts keeps an idle one warm: a fresh worker compiles SheetJS
 * again and parses in V8's slower tiers at first, two to three times the warm parse for a 10,000-row
 * file).
 */
if (!isMainThread && parentPort && workerData?.kind === 'fieldforce-xlsx-read') {
  const port = parentPort;
  port.on('message', (request) => {
    let records;
    try {
      const { bytes } = request;
      records = sheetRecords(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    } catch (error) {
      if (!(error instanceof UnreadableWorkbook)) throw error;
      port.postMessage({ unreadable: error.message });
      return;
    }
    for (let i = 0; i < records.length; i += request.batch)
      port.postMessage({ batch: records.slice(i, i + request.batch) });
    port.postMessage({ done: true });
  });
}
