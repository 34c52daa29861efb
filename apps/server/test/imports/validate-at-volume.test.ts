/**
 * Validation at volume (issue 11, "Speed"): the database checks and the plan run on batches while the
 * file is read, and the outlet-status definition answers plain rows and duplicates on fast paths. Each
 * must give exactly the answers of the one-pass rules.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RowError } from '@fieldforce/contracts';
import type { ImportContext, ImportDefinition, ValidRow } from '../../src/lib/imports/definition.js';
import { DB_BATCH_ROWS, validateImport } from '../../src/lib/imports/validate.js';
import type { AuthUser } from '../../src/lib/policy.js';
import {
  checkOutletStatusRow,
  duplicateOutletRows,
} from '../../src/modules/outlet-status/import-definition.js';
import {
  duplicateRowErrors,
  validateOutletStatusRow,
  type NumberedValue,
} from '../../src/modules/outlet-status/rules.js';
import { codeError as err, csvDefinitionBase, duplicateCodes, inStoreChunks } from './validate-fixtures.js';

interface Row {
  code: string;
  status: number;
}

/**
 * A definition whose database rule fails codes ending in 7 and whose plan updates even codes; it
 * records the batches it was given.
 */
function recordingDefinition() {
  const batches: number[] = [];
  const def: ImportDefinition<Row> = {
    ...csvDefinitionBase,
    headers: ['Code', 'Status'],
    validateRow(raw, row) {
      if (!raw.Code) return { errors: [err('BLANK_VALUE', row)] };
      return { value: { code: raw.Code, status: Number(raw.Status) } };
    },
    crossRowRules: [duplicateCodes],
    async checkAgainstDb(_q, rows) {
      batches.push(rows.length);
      await new Promise((r) => setTimeout(r, 1));
      return rows.filter((r) => r.value.code.endsWith('7')).map((r) => err('NOT_IN_PORTAL', r.row));
    },
    async plan(_q, rows) {
      const update = rows.filter((r) => Number(r.value.code.replace(/\D/g, '')) % 2 === 0).length;
      return { create: 0, update, unchanged: rows.length - update };
    },
    staging: { columns: [{ name: 'code', type: 'text' }], toRow: (v) => [v.code] },
    apply: async () => ({ created: 0, updated: 0, unchanged: 0 }),
    auditAction: 'test.import',
  };
  return { def, batches };
}

const ctx = (market: 'vn' | 'id') =>
  ({ importId: 'i1', market, user: {} as AuthUser, now: new Date() }) satisfies ImportContext;
const noDb = { query: async () => ({ rows: [] }) };
const chunked = (bytes: Uint8Array) => () => inStoreChunks(bytes);

/** The expected outcome from the codes alone (row n holds codes[n - 2], the header is row 1; '' is blank). */
function expected(codes: string[]) {
  const errors: RowError[] = [];
  const seen = new Set<string>();
  const valid: string[] = [];
  codes.forEach((code, i) => {
    const row = i + 2;
    if (!code) return void errors.push(err('BLANK_VALUE', row));
    let bad = false;
    if (seen.has(code)) {
      errors.push(err('DUPLICATE_ROW', row));
      bad = true;
    }
    seen.add(code);
    if (code.endsWith('7')) {
      errors.push(err('NOT_IN_PORTAL', row));
      bad = true;
    }
    if (!bad) valid.push(code);
  });
  const update = valid.filter((c) => Number(c.replace(/\D/g, '')) % 2 === 0).length;
  return { errors, update, unchanged: valid.length - update, valid: valid.length };
}

describe('validation in batches', () => {
  it('gives the one-pass answer over several batches: errors in row order, plan without the bad rows', async () => {
    const total = DB_BATCH_ROWS * 2 + 321;
    const codes = Array.from({ length: total }, (_, i) => `C${i + 1}`);
    codes[5] = '';
    codes[DB_BATCH_ROWS + 10] = codes[3]!; // a repeat of a first-batch row in the second batch
    codes[total - 1] = codes[DB_BATCH_ROWS - 1]!; // and one in the last, short batch
    const text = `Code,Status\n${codes.map((c) => `${c},1`).join('\n')}\n`;
    const { def, batches } = recordingDefinition();
    const out = await validateImport(noDb, chunked(new TextEncoder().encode(text)), def, ctx('id'));
    const want = expected(codes);
    expect(batches.length).toBeGreaterThan(2);
    expect(batches.reduce((a, b) => a + b, 0)).toBe(total - 1);
    expect(out.errors).toEqual(want.errors);
    expect(out.preview).toMatchObject({
      rows: total,
      create: 0,
      update: want.update,
      unchanged: want.unchanged,
      errorCount: want.errors.length,
    });
    expect(out.valid).toHaveLength(want.valid);
    expect(out.message?.code).toBe('HAS_ERRORS');
  });

  it('a file read again in the market code page after a batch went out counts each row once', async () => {
    // Over one 64 KiB read before the bad byte, so that a batch goes out first.
    const total = Math.max(DB_BATCH_ROWS * 2, 20_000) + 50;
    const codes = Array.from({ length: total }, (_, i) => `C${i + 1}`);
    const ascii = new TextEncoder().encode(`Code,Status\n${codes.map((c) => `${c},0`).join('\n')}\n`);
    // One more row whose code holds 0xE0 (à in Windows-1258), not UTF-8: found after the first batch.
    const tail = Uint8Array.from([
      ...new TextEncoder().encode('X'),
      0xe0,
      ...new TextEncoder().encode('2,0\n'),
    ]);
    const bytes = new Uint8Array(ascii.length + tail.length);
    bytes.set(ascii);
    bytes.set(tail, ascii.length);
    const { def, batches } = recordingDefinition();
    const out = await validateImport(noDb, chunked(bytes), def, ctx('vn'));
    const want = expected([...codes, 'Xà2']);
    // The first pass sent at least one batch before the bad byte; the second pass sent the rest.
    expect(batches.length).toBeGreaterThanOrEqual(4);
    expect(out.errors).toEqual(want.errors);
    expect(out.preview).toMatchObject({
      rows: total + 1,
      update: want.update,
      unchanged: want.unchanged,
      errorCount: want.errors.length,
    });
    expect(out.valid.at(-1)?.value.code).toBe('Xà2');
  });

  it('a failing database check fails the validation', async () => {
    const { def } = recordingDefinition();
    const failing = { ...def, checkAgainstDb: async () => Promise.reject(new Error('database down')) };
    const text = `Code,Status\n${Array.from({ length: DB_BATCH_ROWS + 5 }, (_, i) => `C${i},1`).join('\n')}\n`;
    await expect(
      validateImport(noDb, chunked(new TextEncoder().encode(text)), failing, ctx('id')),
    ).rejects.toThrow('database down');
  });
});

describe('outlet-status fast paths', () => {
  const cell = fc.oneof(
    fc.stringMatching(/^[A-Za-z0-9]{1,12}$/),
    fc.string({ maxLength: 6 }),
    fc.constantFrom('', ' ', '0', '1', '01', ' 1', 'A-1', '-A', 'A.', 'Ấp1', 'ไทย', 'x\u00a0', '\u3000A'),
  );
  it('checkOutletStatusRow answers exactly as validateOutletStatusRow', () => {
    fc.assert(
      fc.property(
        cell,
        cell,
        cell,
        cell,
        fc.integer({ min: 1, max: 1e6 }),
        (dt, site, outlet, status, row) => {
          const raw = { 'DT Code': dt, 'DT Site Code': site, 'Outlet Code': outlet, Status: status };
          expect(checkOutletStatusRow(raw, row)).toEqual(validateOutletStatusRow(raw, row));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('duplicateOutletRows answers exactly as duplicateRowErrors, in any row order', () => {
    const code = fc.constantFrom(
      '12',
      '012',
      '0012',
      '99999999999999',
      '999999999999999',
      '1234567890123456',
      'A1',
      'a1',
      '7',
    );
    const value = fc.record({
      dtCode: fc.constantFrom('D1', 'D2'),
      dtSiteCode: fc.constantFrom('S1', 'S2'),
      outletCode: code,
      status: fc.constantFrom(0 as const, 1 as const),
    });
    fc.assert(
      fc.property(fc.array(value, { maxLength: 40 }), fc.integer(), (values, seed) => {
        const rows: NumberedValue[] = values.map((v, i) => ({ row: i + 1, value: v }));
        // Shuffle deterministically: the rule must not rely on the given order.
        const shuffled: ValidRow<NumberedValue['value']>[] = [...rows].sort(
          (a, b) => ((a.row * 7919 + seed) % 101) - ((b.row * 7919 + seed) % 101),
        );
        expect(duplicateOutletRows(shuffled)).toEqual(duplicateRowErrors(rows));
      }),
      { numRuns: 1000 },
    );
  });
});
