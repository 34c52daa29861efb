/**
 * An import's workbook is parsed once (lib/imports/xlsx.ts): the records of a read are kept for the
 * next reads through the same `open` (the apply's, a second look, the error sheet), in copies; and the
 * worker thread that parsed it is kept warm for the next workbook (a fresh one compiles SheetJS again).
 */
import { utils, write } from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import {
  idleWorkerCount,
  NotASpreadsheet,
  readSpreadsheet,
  recordBatches,
  spreadsheetRecords,
  spreadsheetRecordsOf,
} from '../../src/lib/imports/xlsx.js';

function workbook(rows: number): Buffer {
  const aoa: unknown[][] = [['Code', 'Name']];
  for (let i = 0; i < rows; i += 1) aoa.push([`C${i}`, `  Outlet ${i}  `]);
  const book = utils.book_new();
  utils.book_append_sheet(book, utils.aoa_to_sheet(aoa), 'First');
  return write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

/** A stored file's `open` that counts how often the bytes are read. */
function counted(bytes: Uint8Array) {
  const file = {
    opened: 0,
    open: async function* () {
      file.opened += 1;
      yield bytes;
    },
  };
  return file;
}

async function all(batches: AsyncIterable<string[][]>): Promise<string[][]> {
  const rows: string[][] = [];
  for await (const batch of batches) rows.push(...batch);
  return rows;
}

describe('a workbook read once per import', () => {
  it('gives a second read through the same open the kept records, untouched by what the first reader did', async () => {
    const bytes = workbook(5_000);
    const file = counted(bytes);
    const first = await all(recordBatches(file.open, ['.xlsx']));
    expect(file.opened).toBe(1);
    // The pipeline trims cells in place: the kept records must not see it.
    for (const record of first) for (let i = 0; i < record.length; i += 1) record[i] = record[i]!.trim();
    const again = await all(recordBatches(file.open, ['.xlsx']));
    expect(file.opened).toBe(1);
    expect(again).toEqual(spreadsheetRecords(bytes));
    expect(again[1]).toEqual(['C0', '  Outlet 0  ']);
    // The error sheet reads the same records, as the file holds them.
    expect(await spreadsheetRecordsOf(file.open)).toEqual(spreadsheetRecords(bytes));
    expect(file.opened).toBe(1);
    // Another open (another import of the same bytes) reads the file.
    const other = counted(bytes);
    expect(await all(recordBatches(other.open, ['.xlsx']))).toEqual(again);
    expect(other.opened).toBe(1);
  });

  it('keeps a worker warm after a read, ends one stopped early or refused, and reads on after either', async () => {
    const bytes = workbook(100);
    expect(await all(readSpreadsheet(bytes))).toHaveLength(101);
    expect(idleWorkerCount()).toBe(1);
    // Stopped after the first batch: that worker is ended (it may still be posting rows).
    for await (const batch of readSpreadsheet(workbook(10_000))) {
      expect(batch.length).toBeGreaterThan(0);
      break;
    }
    expect(idleWorkerCount()).toBe(0);
    expect(await all(readSpreadsheet(bytes))).toHaveLength(101);
    expect(idleWorkerCount()).toBe(1);
    const broken = workbook(10);
    broken.fill(7, 40, Math.min(broken.length - 400, 2000));
    await expect(all(readSpreadsheet(broken))).rejects.toThrow(NotASpreadsheet);
    expect(await all(readSpreadsheet(bytes))).toEqual(spreadsheetRecords(bytes));
    // Two reads at once: two workers; one is kept afterwards.
    const [a, b] = await Promise.all([all(readSpreadsheet(bytes)), all(readSpreadsheet(bytes))]);
    expect(a).toEqual(b);
    expect(idleWorkerCount()).toBe(1);
  }, 60_000);
});
