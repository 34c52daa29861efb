import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import ExcelJS from 'exceljs';
import { decodeText, parseCsv, UnreadableEncoding } from '../../src/lib/imports/csv.js';

async function* chunksOf(bytes: Uint8Array, size = 7): AsyncGenerator<Uint8Array> {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

async function read(bytes: Uint8Array, forced?: string, size = 7): Promise<string[][]> {
  const out: string[][] = [];
  for await (const r of parseCsv(decodeText(chunksOf(bytes, size), forced))) out.push(r);
  return out;
}

describe('CSV reading', () => {
  it('reads quoted fields, doubled quotes, line breaks in quotes and CRLF, across chunk edges', async () => {
    const text = 'a,b,c\r\n"x, y","he said ""hi""","line1\nline2"\r\n1,,3\n';
    for (const size of [1, 2, 3, 5, 64]) {
      expect(await read(new TextEncoder().encode(text), undefined, size)).toEqual([
        ['a', 'b', 'c'],
        ['x, y', 'he said "hi"', 'line1\nline2'],
        ['1', '', '3'],
      ]);
    }
  });

  it('drops a UTF-8 BOM and reads UTF-16 LE and BE by their BOM', async () => {
    const text = 'DT Code,Tên\nD1,Hà Nội\n';
    const expected = [
      ['DT Code', 'Tên'],
      ['D1', 'Hà Nội'],
    ];
    expect(await read(new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(text)]))).toEqual(
      expected,
    );
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    expect(await read(le)).toEqual(expected);
    const be = Buffer.from(le);
    be.swap16();
    expect(await read(be)).toEqual(expected);
  });

  it('reads windows-1258 (vn) and windows-874 (th) when told, and refuses invalid UTF-8 otherwise', async () => {
    // "Hà" in windows-1258: H, a, combining grave (0xCC), read back composed (NFC) as the portal
    // stores it; "ก" in windows-874 is 0xA1.
    const vn = new Uint8Array([0x44, 0x54, 0x0a, 0x48, 0x61, 0xcc, 0x0a]);
    await expect(read(vn)).rejects.toBeInstanceOf(UnreadableEncoding);
    expect(await read(vn, 'windows-1258')).toEqual([['DT'], ['H\u00e0']]);
    const th = new Uint8Array([0x44, 0x54, 0x0a, 0xa1, 0x0a]);
    expect(await read(th, 'windows-874')).toEqual([['DT'], ['ก']]);
  });

  it('refuses a NUL character as text it cannot read, in every encoding (PostgreSQL cannot store one)', async () => {
    const utf8 = new TextEncoder().encode('DT Code,Outlet Code\nD1,O\u00001\n');
    for (const size of [1, 3, 64])
      await expect(read(utf8, undefined, size)).rejects.toBeInstanceOf(UnreadableEncoding);
    await expect(read(utf8, 'windows-1258')).rejects.toBeInstanceOf(UnreadableEncoding);
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('DT Code\nD\u00001\n', 'utf16le')]);
    await expect(read(le)).rejects.toBeInstanceOf(UnreadableEncoding);
  });

  it('reads a CSV written by a spreadsheet library (exceljs)', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('s');
    sheet.addRow(['DT Code', 'DT Site Code', 'Outlet Code', 'Status']);
    sheet.addRow(['D1', 'S "1"', 'O,1', 1]);
    const buffer = await book.csv.writeBuffer();
    expect(await read(new Uint8Array(buffer))).toEqual([
      ['DT Code', 'DT Site Code', 'Outlet Code', 'Status'],
      ['D1', 'S "1"', 'O,1', '1'],
    ]);
  });

  it('never crashes on random bytes, quotes and huge fields: records or UnreadableEncoding', async () => {
    const piece = fc.oneof(
      fc.uint8Array({ maxLength: 50 }),
      fc.constantFrom('"', '""', ',', '\r\n', '\n', '\r').map((s) => new TextEncoder().encode(s)),
      fc.nat(200_000).map((n) => new Uint8Array(n).fill(0x61)),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(piece, { maxLength: 12 }),
        fc.integer({ min: 1, max: 4096 }),
        async (parts, size) => {
          const bytes = new Uint8Array(Buffer.concat(parts.map((p) => Buffer.from(p))));
          try {
            const records = await read(bytes, undefined, size);
            expect(Array.isArray(records)).toBe(true);
          } catch (error) {
            expect(error).toBeInstanceOf(UnreadableEncoding);
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
