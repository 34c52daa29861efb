/**
 * The pipeline's workbook reader (lib/imports/xlsx.ts): what it takes (a zip, SpreadsheetML 2003) and
 * refuses (other bytes, a zip declaring too much inflated data), the cell texts, and how a definition
 * that lists spreadsheets reads a CSV.
 */
import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import {
  cellText,
  declaredInflatedBytes,
  NotASpreadsheet,
  recordBatches,
  sniffSpreadsheet,
  spreadsheetRecords,
  SPREADSHEET_MAX_INFLATED_BYTES,
} from '../../src/lib/imports/xlsx.js';

const FIXTURES = new URL('../fixtures/libreoffice/', import.meta.url);

async function workbook(rows: unknown[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('First');
  for (const r of rows) sheet.addRow(r);
  book.addWorksheet('Second').addRow(['not read']);
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function* once(bytes: Uint8Array) {
  yield bytes;
}

describe('sniffing', () => {
  it('knows a zip and SpreadsheetML, nothing else', () => {
    expect(sniffSpreadsheet(readFileSync(new URL('users-calc.xlsx', FIXTURES)))).toBe('xlsx');
    expect(sniffSpreadsheet(readFileSync(new URL('users-calc.xml', FIXTURES)))).toBe('xml');
    expect(sniffSpreadsheet(Buffer.from('Email,Name\r\n'))).toBeNull();
    expect(sniffSpreadsheet(Buffer.from('<?xml version="1.0"?><html><body>x</body></html>'))).toBeNull();
  });

  it('refuses other bytes without handing them to the parser', () => {
    expect(() => spreadsheetRecords(Buffer.from('<table><tr><td>a</td></tr></table>'))).toThrow(
      NotASpreadsheet,
    );
  });
});

describe('a zip bomb', () => {
  it('is refused from the sizes its central directory declares, before inflating', async () => {
    const bytes = await workbook([['a'], ['b']]);
    expect(declaredInflatedBytes(bytes)).toBeLessThan(SPREADSHEET_MAX_INFLATED_BYTES);
    // Declare 0x7fffffff bytes for every entry of the central directory.
    const bomb = Buffer.from(bytes);
    for (let i = 0; i + 4 <= bomb.length; i += 1) {
      if (bomb.readUInt32LE(i) === 0x02014b50) bomb.writeUInt32LE(0x7fffffff, i + 24);
    }
    expect(declaredInflatedBytes(bomb)).toBeGreaterThan(SPREADSHEET_MAX_INFLATED_BYTES);
    expect(() => spreadsheetRecords(bomb)).toThrow(/inflates too far/);
  });
});

describe('cell texts', () => {
  it('reads the first sheet: text, whole numbers as digits, decimals, dates dd/mm/yyyy, booleans, blanks', async () => {
    const bytes = await workbook([
      ['Text', 'Phone', 'Decimal', 'Date', 'Flag', 'Blank', 'Last'],
      ['  spaced  ', 84901234567, 1.5, new Date(Date.UTC(2026, 10, 3)), true, null, 'end'],
    ]);
    expect(spreadsheetRecords(bytes)).toEqual([
      ['Text', 'Phone', 'Decimal', 'Date', 'Flag', 'Blank', 'Last'],
      ['  spaced  ', '84901234567', '1.5', '03/11/2026', 'TRUE', '', 'end'],
    ]);
  });

  it('an error or a missing cell is blank', () => {
    expect(cellText(undefined)).toBe('');
    expect(cellText({ t: 'e', v: 7 })).toBe('');
    expect(cellText({ t: 'n', v: 1e21 })).toBe('1e+21');
  });
});

describe('recordBatches', () => {
  it('a CSV-only definition streams CSV as before', async () => {
    const out: string[][] = [];
    for await (const batch of recordBatches(() => once(Buffer.from('a,b\r\n1,2\r\n')), ['.csv']))
      out.push(...batch);
    expect(out).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
  });

  it('a spreadsheet-only definition refuses CSV bytes; one that takes both reads them', async () => {
    const csv = () => once(Buffer.from('a,b\r\n'));
    await expect(async () => {
      for await (const batch of recordBatches(csv, ['.xlsx', '.xml'])) void batch;
    }).rejects.toThrow(NotASpreadsheet);
    const out: string[][] = [];
    for await (const batch of recordBatches(csv, ['.csv', '.xlsx'])) out.push(...batch);
    expect(out).toEqual([['a', 'b']]);
  });
});
