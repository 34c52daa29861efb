/**
 * Workbooks are parsed in a worker thread (lib/imports/xlsx.ts readSpreadsheet, xlsx-worker.mjs): SheetJS
 * parses in one synchronous call, seconds for a large file, and on the server's thread every other
 * request of the process waited that long. No timings here: the checks are about order (a timer started
 * with the read fires before the first rows come back) and about the rows being the same.
 */
import { utils, write } from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import {
  declaredInflatedBytes,
  NotASpreadsheet,
  readSpreadsheet,
  recordBatches,
  spreadsheetRecords,
  SPREADSHEET_MAX_INFLATED_BYTES,
} from '../../src/lib/imports/xlsx.js';

/** A workbook of `rows` rows × 8 columns (text, whole and decimal numbers, dates, booleans, blanks). */
function workbook(rows: number): Buffer {
  const aoa: unknown[][] = [['Code', 'Name', 'Phone', 'Price', 'Date', 'Active', 'Blank', 'Note']];
  for (let i = 0; i < rows; i += 1) {
    aoa.push([
      `C${i}`,
      `Outlet number ${i}`,
      84_900_000_000 + i,
      i / 8,
      new Date(Date.UTC(2026, i % 12, (i % 28) + 1)),
      i % 2 === 0,
      null,
      i % 3 === 0 ? 'x'.repeat(20) : '',
    ]);
  }
  const book = utils.book_new();
  utils.book_append_sheet(book, utils.aoa_to_sheet(aoa, { cellDates: true }), 'First');
  return write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

async function* once(bytes: Uint8Array) {
  yield bytes;
}

describe('workbooks read in a worker thread', () => {
  it('keeps the event loop answering while a large workbook is read, and yields the same rows', async () => {
    const bytes = workbook(30_000);
    let ticks = 0;
    const timer = setInterval(() => (ticks += 1), 1);
    let ticksAtFirstBatch: number | null = null;
    const rows: string[][] = [];
    try {
      for await (const batch of recordBatches(() => once(bytes), ['.xlsx', '.csv'])) {
        ticksAtFirstBatch ??= ticks;
        rows.push(...batch);
      }
    } finally {
      clearInterval(timer);
    }
    // Parsed on this thread, the first rows came back before any timer could fire.
    expect(ticksAtFirstBatch).toBeGreaterThan(0);
    expect(rows).toHaveLength(30_001);
    expect(rows).toEqual(spreadsheetRecords(bytes));
    expect(rows[1]).toEqual([
      'C0',
      'Outlet number 0',
      '84900000000',
      '0',
      '01/01/2026',
      'TRUE',
      '',
      'x'.repeat(20),
    ]);
  }, 120_000);

  it('gives the rows in batches, and refuses what is not a workbook before starting a worker', async () => {
    const sizes: number[] = [];
    for await (const batch of readSpreadsheet(workbook(5_000))) sizes.push(batch.length);
    expect(sizes).toEqual([4096, 905]);
    await expect(readSpreadsheet(Buffer.from('Email,Name\r\n')).next()).rejects.toThrow(NotASpreadsheet);
  });

  it('answers NotASpreadsheet for a workbook SheetJS cannot read (the worker says so)', async () => {
    const broken = workbook(10);
    // The zip's directory intact (the checks on this thread pass), its entries' bytes garbage.
    broken.fill(7, 40, Math.min(broken.length - 400, 2000));
    expect(declaredInflatedBytes(broken)).toBeLessThan(SPREADSHEET_MAX_INFLATED_BYTES);
    await expect(
      (async () => {
        for await (const batch of readSpreadsheet(broken)) void batch;
      })(),
    ).rejects.toThrow(NotASpreadsheet);
  });
});
