/**
 * Streamed validation (issue 12, "Speed": the 50 MB device-ID upload under 150 MB): a definition
 * whose rules across rows are keyed keeps compact keys instead of rows, looks at the rows whose key
 * repeats a second time, and hands the apply StreamedRows that read the stored file again. Each must
 * answer exactly what the same rules over every kept row answer: errors, preview and valid rows.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RowError } from '@fieldforce/contracts';
import type {
  ImportContext,
  ImportDefinition,
  KeptRowsDefinition,
  StreamedDefinition,
  ValidRow,
} from '../../src/lib/imports/definition.js';
import { applyImport } from '../../src/lib/imports/apply.js';
import { DB_BATCH_ROWS, StreamedRows, validateImport } from '../../src/lib/imports/validate.js';
import type { AuthUser } from '../../src/lib/policy.js';
import { freshDatabase, type TestDatabase } from '../helpers/database.js';
import { codeError as err, csvDefinitionBase, duplicateCodes, inStoreChunks } from './validate-fixtures.js';

interface Row {
  code: string;
  owner: string;
}

/** An owner (when given) given to two codes: the later row names the first (deviceGivenTwice's shape). */
function ownerTwice(rows: ReadonlyArray<ValidRow<Row>>): RowError[] {
  const first = new Map<string, ValidRow<Row>>();
  const out: RowError[] = [];
  for (const r of rows) {
    if (r.value.owner === '') continue;
    const holder = first.get(r.value.owner);
    if (!holder) first.set(r.value.owner, r);
    else if (holder.value.code !== r.value.code)
      out.push(err('DEVICE_ID_IN_FILE_TWICE', r.row, { other: holder.row }));
  }
  return out;
}

const base = {
  ...csvDefinitionBase,
  headers: ['Code', 'Owner'],
  validateRow(raw: Readonly<Record<string, string>>, row: number) {
    if (!raw.Code) return { errors: [err('BLANK_VALUE', row)] };
    return { value: { code: raw.Code, owner: raw.Owner ?? '' } };
  },
  // The database refuses codes ending in 7 and would update codes ending in an even digit.
  async checkAgainstDb(_q: unknown, rows: ReadonlyArray<ValidRow<Row>>) {
    return rows.filter((r) => r.value.code.endsWith('7')).map((r) => err('NOT_IN_PORTAL', r.row));
  },
  async plan(_q: unknown, rows: ReadonlyArray<ValidRow<Row>>) {
    const update = rows.filter((r) => /[02468]$/.test(r.value.code)).length;
    return { create: 0, update, unchanged: rows.length - update };
  },
  staging: {
    columns: [
      { name: 'code', type: 'text' as const },
      { name: 'owner', type: 'text' as const },
    ],
    toRow: (v: Row) => [v.code, v.owner],
  },
  apply: async () => ({ created: 0, updated: 0, unchanged: 0 }),
  auditAction: 'test.import',
} as const;

const kept: KeptRowsDefinition<Row> = { ...base, crossRowRules: [duplicateCodes, ownerTwice] };
const streamed: StreamedDefinition<Row> = {
  ...base,
  crossRowRules: [
    { key: (v) => v.code, check: duplicateCodes },
    { key: (v) => (v.owner === '' ? null : v.owner), check: ownerTwice },
  ],
};

const ctx: ImportContext = { importId: 'i1', market: 'id', user: { id: 'u1' } as AuthUser, now: new Date() };
const noDb = { query: async () => ({ rows: [] }) };

/** The file, opened as the file store opens it (64 KiB chunks); counts how often it was opened. */
function stored(text: string) {
  const bytes = new TextEncoder().encode(text);
  const counter = { opens: 0 };
  const open = () => {
    counter.opens += 1;
    return inStoreChunks(bytes);
  };
  return { open, counter };
}

const csv = (rows: Array<[string, string]>) =>
  `Code,Owner\r\n${rows.map((r) => r.join(',')).join('\r\n')}\r\n`;

async function streamedRows(valid: unknown): Promise<ValidRow<Row>[]> {
  expect(valid).toBeInstanceOf(StreamedRows);
  const out: ValidRow<Row>[] = [];
  await (valid as StreamedRows<Row>).forEachBatch(1000, async (batch) => void out.push(...batch));
  expect(out).toHaveLength((valid as StreamedRows<Row>).length);
  return out;
}

describe('streamed validation', () => {
  it('answers exactly as the rules over every kept row (random files with repeats, blanks, refusals)', async () => {
    const row = fc.tuple(
      fc.oneof(fc.constantFrom('', 'A1', 'A2', 'B7', 'C8'), fc.stringMatching(/^[A-Z][0-9]{1,3}$/)),
      fc.oneof(fc.constant(''), fc.constantFrom('d1', 'd2'), fc.stringMatching(/^d[0-9]{1,3}$/)),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(row, { minLength: 1, maxLength: 120 }), async (rows) => {
        const text = csv(rows as Array<[string, string]>);
        const a = await validateImport(noDb, stored(text).open, kept, ctx);
        const b = await validateImport(noDb, stored(text).open, streamed, ctx);
        expect(b.message).toEqual(a.message);
        expect(b.errors).toEqual(a.errors);
        expect(b.preview).toEqual(a.preview);
        if (a.preview) expect(await streamedRows(b.valid)).toEqual(a.valid);
      }),
      { numRuns: 150 },
    );
  });

  it('over several database batches: reads the file once when no key repeats, twice when one does', async () => {
    const total = DB_BATCH_ROWS * 2 + 99;
    const rows: Array<[string, string]> = Array.from({ length: total }, (_, i) => [`C${i + 1}0`, `d${i}`]);
    const clean = stored(csv(rows));
    const out = await validateImport(noDb, clean.open, streamed, ctx);
    expect(clean.counter.opens).toBe(1);
    expect(out.errors).toEqual([]);
    expect(out.preview).toMatchObject({ rows: total, update: total, unchanged: 0, errorCount: 0 });
    // Numbered as the spreadsheet numbers them: the header is row 1, rows[i] is row i + 2.
    expect((await streamedRows(out.valid)).map((r) => r.row)).toEqual(rows.map((_, i) => i + 2));

    rows[DB_BATCH_ROWS + 5] = rows[3]!; // the same code and owner again, in the second batch
    rows[total - 1] = ['Z9', rows[10]![1]]; // another code with row 12's owner, in the last batch
    rows[20] = ['Q7', 'q']; // refused by the database
    const repeated = stored(csv(rows));
    const again = await validateImport(noDb, repeated.open, streamed, ctx);
    const keptOut = await validateImport(noDb, stored(csv(rows)).open, kept, ctx);
    expect(repeated.counter.opens).toBe(2);
    expect(again.errors).toEqual([
      err('NOT_IN_PORTAL', 22),
      err('DUPLICATE_ROW', DB_BATCH_ROWS + 7),
      err('DEVICE_ID_IN_FILE_TWICE', total + 1, { other: 12 }),
    ]);
    expect(again.errors).toEqual(keptOut.errors);
    expect(again.preview).toEqual(keptOut.preview);
    expect(await streamedRows(again.valid)).toEqual(keptOut.valid);
  });

  it('a file read in the market code page is looked at again in that code page', async () => {
    const head = new TextEncoder().encode('Code,Owner\nA1,d1\n');
    // 'Xà2' in Windows-1258 (0xE0 = à): not UTF-8, so the file is read as vn's code page.
    const tail = Uint8Array.from([
      0x58, 0xe0, 0x32, 0x2c, 0x64, 0x31, 0x0a, 0x41, 0x31, 0x2c, 0x64, 0x31, 0x0a,
    ]);
    const bytes = new Uint8Array(head.length + tail.length);
    bytes.set(head);
    bytes.set(tail, head.length);
    const open = () =>
      (async function* () {
        yield bytes;
      })();
    const vn = { ...ctx, market: 'vn' as const };
    const out = await validateImport(noDb, open, streamed, vn);
    const want = await validateImport(noDb, open, kept, vn);
    expect(out.errors).toEqual(want.errors);
    expect(out.errors.map((e) => [e.row, e.code])).toEqual([
      [3, 'DEVICE_ID_IN_FILE_TWICE'],
      [4, 'DUPLICATE_ROW'],
    ]);
    expect(await streamedRows(out.valid)).toEqual(want.valid);
  });
});

describe('apply from StreamedRows', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await freshDatabase();
  });
  afterAll(async () => {
    await database.cleanup();
  });

  it('copies every valid row of the stored file into the staging table, in batches', async () => {
    const total = 70_000; // more than one COPY batch (STAGING_COPY_ROWS)
    const rows: Array<[string, string]> = Array.from({ length: total }, (_, i) => [`C${i + 1}0`, `d${i}`]);
    const file = stored(csv(rows));
    const def: ImportDefinition<Row> = {
      ...streamed,
      async apply(tx, staging) {
        const { rows: got } = await tx.query<{ n: number; codes: number; last: string }>(
          `SELECT count(*)::int AS n, count(DISTINCT code)::int AS codes,
                  (SELECT owner FROM ${staging} WHERE code = 'C700000') AS last FROM ${staging}`,
        );
        expect(got[0]).toEqual({ n: total, codes: total, last: `d${total - 1}` });
        return { created: 0, updated: 0, unchanged: got[0]!.n };
      },
    };
    const out = await validateImport(noDb, file.open, def, ctx);
    expect(out.preview?.errorCount).toBe(0);
    const result = await applyImport(database.db, def, out.valid, ctx, {
      sessionId: null,
      requestId: null,
      fileName: 'codes.csv',
    });
    expect(result).toEqual({ created: 0, updated: 0, unchanged: total });
    expect(file.counter.opens).toBe(2); // validation once, the apply once
    const { rows: audit } = await database.db.query<{ after: { rows: number } }>(
      `SELECT after FROM audit_log WHERE import_id = 'i1'`,
    );
    expect(audit[0]?.after.rows).toBe(total);
  });
});
