import { describe, expect, it } from 'vitest';
import { importMessage, type RowError } from '@fieldforce/contracts';
import type { ImportContext, ImportDefinition } from '../../src/lib/imports/definition.js';
import { readRows, validateImport } from '../../src/lib/imports/validate.js';
import { errorFileLines } from '../../src/lib/imports/error-file.js';
import type { AuthUser } from '../../src/lib/policy.js';

interface Row {
  code: string;
  status: number;
  date: string;
}

/** A small test definition: Code (unique), Status (0/1), Date (dd/mm/yyyy). No database rules. */
const def: ImportDefinition<Row> = {
  kind: 'outletStatus',
  tool: 'outletStatus',
  maxBytes: 1024 * 1024,
  extensions: ['.csv'],
  noSpacesInName: true,
  headers: ['Code', 'Status', 'Date'],
  dateColumns: ['Date'],
  validateRow(raw, row) {
    const errors: RowError[] = [];
    if (!raw.Code) errors.push({ ...importMessage('BLANK_VALUE', { row }), row, header: 'Code' });
    if (raw.Status !== '0' && raw.Status !== '1')
      errors.push({ ...importMessage('STATUS_NOT_BINARY', { row }), row, header: 'Status' });
    if (errors.length > 0) return { errors };
    return { value: { code: raw.Code!, status: Number(raw.Status), date: raw.Date! } };
  },
  crossRowRules: [
    (rows) => {
      const seen = new Set<string>();
      const out: RowError[] = [];
      for (const r of rows) {
        if (seen.has(r.value.code))
          out.push({ ...importMessage('DUPLICATE_ROW', { row: r.row }), row: r.row, header: null });
        seen.add(r.value.code);
      }
      return out;
    },
  ],
  checkAgainstDb: async () => [],
  plan: async (_q, rows) => ({ create: rows.length, update: 0, unchanged: 0 }),
  staging: { columns: [{ name: 'code', type: 'text' }], toRow: (v) => [v.code] },
  apply: async () => ({ created: 0, updated: 0, unchanged: 0 }),
  auditAction: 'test.import',
};

const ctx = { importId: 'i1', market: 'vn', user: {} as AuthUser, now: new Date() } satisfies ImportContext;
const noDb = { query: async () => ({ rows: [] }) };
const file = (text: string | Uint8Array) =>
  async function* () {
    yield typeof text === 'string' ? new TextEncoder().encode(text) : text;
  };

describe('import validation', () => {
  it('trims, drops blank rows, rewrites dd-mm-yyyy and validates every row', async () => {
    const out = await readRows(
      file('Code,Status,Date\n A1 , 1 ,05-11-2026\n,,\nA2,0,01/01/2026\n'),
      def,
      'pk',
    );
    expect(out.message).toBeNull();
    expect(out.valid).toEqual([
      // Numbered as the spreadsheet numbers them: the header is row 1.
      { row: 2, value: { code: 'A1', status: 1, date: '05/11/2026' } },
      { row: 4, value: { code: 'A2', status: 0, date: '01/01/2026' } },
    ]);
  });

  it('names every bad row (not only the first) and the duplicates, and refuses to be applied', async () => {
    const out = await validateImport(
      noDb,
      file('Code,Status,Date\nA1,2,x\nA1,1,x\n,1,x\nA1,1,x\n'),
      def,
      ctx,
    );
    expect(out.message?.code).toBe('HAS_ERRORS');
    expect(out.errors.map((e) => [e.row, e.code])).toEqual([
      [2, 'STATUS_NOT_BINARY'],
      [4, 'BLANK_VALUE'],
      [5, 'DUPLICATE_ROW'],
    ]);
    expect(out.preview).toMatchObject({ rows: 4, create: 1, errorCount: 3, errorRows: 3 });
  });

  it('whole-file messages: wrong template, empty file, unreadable encoding outside vn/th', async () => {
    expect((await readRows(file('Code,State,Date\nA,1,x\n'), def, 'vn')).message?.code).toBe(
      'INVALID_TEMPLATE',
    );
    expect((await readRows(file('Code,Status,Date\n,,\n'), def, 'vn')).message?.code).toBe('EMPTY_FILE');
    const latin = new Uint8Array([
      ...new TextEncoder().encode('Code,Status,Date\nH'),
      0xcc,
      0x2c,
      0x31,
      0x2c,
      0x78,
    ]);
    expect((await readRows(file(latin), def, 'pk')).message?.code).toBe('UNREADABLE_ENCODING');
    expect((await readRows(file(latin), def, 'vn')).valid[0]?.value.code).toBe('H\u0300');
  });

  it('the error file is the original rows plus an Error column, formula-neutralised', async () => {
    const text = 'Code,Status,Date\n=HYPERLINK(1),2,x\nA2,1,x\n';
    const out = await validateImport(noDb, file(text), def, ctx);
    let csv = '';
    for await (const line of errorFileLines(file(text), out.errors, 'vn')) csv += line;
    expect(csv).toBe(
      '\uFEFFCode,Status,Date,Error\r\n' +
        "'=HYPERLINK(1),2,x,Outlet status should be only 0 or 1 in row number 2\r\n" +
        'A2,1,x,\r\n',
    );
  });

  it('numbers rows as the spreadsheet does, in the errors and the error file alike', async () => {
    // Blank lines above the header are left out (the header is row 1); a blank row between data rows
    // keeps its number, so A2 is row 4, the error file's fourth line.
    const text = '\n,,\nCode,Status,Date\nA1,1,x\n,,\nA2,2,x\n';
    const out = await validateImport(noDb, file(text), def, ctx);
    const message = 'Outlet status should be only 0 or 1 in row number 4';
    expect(out.errors.map((e) => [e.row, e.message])).toEqual([[4, message]]);
    let csv = '';
    for await (const line of errorFileLines(file(text), out.errors, 'vn')) csv += line;
    expect(csv.split('\r\n')).toEqual([
      '\uFEFFCode,Status,Date,Error',
      'A1,1,x,',
      ',,,',
      `A2,2,x,${message}`,
      '',
    ]);
  });
});

describe('import validation shares the event loop', () => {
  it('hands the loop back while reading a file whose rows all fail (no database batch to wait on)', async () => {
    // 200,000 rows, each refused by its own rules: before, the whole file was read in one turn.
    const rows = 'x,9,01/01/2026\n'.repeat(200_000);
    let turns = 0;
    let reading = true;
    const tick = () => {
      if (!reading) return;
      turns += 1;
      setImmediate(tick);
    };
    setImmediate(tick);
    const out = await readRows(file(`Code,Status,Date\n${rows}`), def, 'vn');
    reading = false;
    expect(out.errors).toHaveLength(200_000);
    expect(turns).toBeGreaterThan(3);
  });
});
