/**
 * The table engine (lib/tables): a table without its scope columns cannot be declared, and a small
 * table over `outlets` lists, counts and exports only the market's rows within the caller's DT scope.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { SEARCH_LIST_MAX } from '@fieldforce/contracts';
import {
  CHARACTER_RULES,
  countRows,
  csvStream,
  defineTable,
  filterChoices,
  listPage,
  tableCriteria,
  TableDefinitionError,
  xlsxStream,
  type TableSpec,
} from '../../src/lib/tables/index.js';
import type { AuthUser } from '../../src/lib/policy.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

const outletSpec = {
  key: 'test-outlets',
  from: 'outlets o',
  tableAlias: 'o',
  lookups: [{ alias: 'sm', join: 'LEFT JOIN salesmen sm ON sm.id = o.salesman_id' }],
  scope: { market: 'o.country_code', dt: 'o.dt_code' },
  rowKey: 'o.id',
  columns: [
    {
      key: 'outletCode',
      header: { en: 'Outlet Code', vi: 'Mã cửa hàng' },
      type: 'text',
      sql: 'o.outlet_code',
      sortable: true,
    },
    {
      key: 'dtCode',
      header: { en: 'DT Code', vi: 'Mã NPP' },
      type: 'text',
      sql: 'o.dt_code',
      sortable: true,
    },
    { key: 'salesmanCode', header: { en: 'Salesman Code', vi: 'Mã NVBH' }, type: 'text', sql: 'sm.sm_code' },
    { key: 'isActive', header: { en: 'Active', vi: 'Hoạt động' }, type: 'boolean', sql: 'o.active' },
  ],
  filters: {
    outletCode: {
      column: 'o.outlet_code',
      match: 'equals',
      label: { en: 'Outlet Code', vi: 'Mã cửa hàng' },
      chars: CHARACTER_RULES.digits,
    },
  },
  defaultSort: 'outletCode',
} as const satisfies TableSpec;

const outlets = defineTable(outletSpec);

const user = (dtAccessCodes: string): AuthUser => ({
  id: 'test',
  email: 'admin.vn@demo.test',
  name: 'Admin',
  role: 'CD VP',
  userType: 'admin',
  accessToUcube: true,
  accessToOperationalDashboards: true,
  isSuperUser: false,
  dtAccessCodes,
  countryCodes: ['vn'],
  homeCountryCode: 'vn',
  status: 'active',
  passwordChangedAt: null,
});
const ALL = user('All (Super Access)');
const SCOPED = user('VNDT001');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
}, 120_000);
afterAll(() => t?.close());

const criteria = (who: AuthUser, query: Record<string, unknown> = {}, market = 'vn') =>
  tableCriteria(outlets, { market, user: who, query });

async function text(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

describe('defineTable', () => {
  it('refuses a table without its market or DT scope column', () => {
    const { scope: _scope, ...noScope } = outletSpec;
    // The type requires scope; a declaration that gets round it is refused when it runs.
    expect(() => defineTable(noScope as unknown as TableSpec)).toThrow(TableDefinitionError);
    expect(() =>
      defineTable({ ...outletSpec, scope: { market: 'o.country_code' } } as unknown as TableSpec),
    ).toThrow(/scope\.market and scope\.dt/);
    expect(() => defineTable({ ...outletSpec, scope: { market: ' ', dt: 'o.dt_code' } })).toThrow(
      TableDefinitionError,
    );
    expect(() => defineTable({ ...outletSpec, scope: { market: 'o.country_code', dt: '' } })).toThrow(
      TableDefinitionError,
    );
  });

  it('refuses a default sort that is not a sortable column, and a search list above the limit', () => {
    expect(() => defineTable({ ...outletSpec, defaultSort: 'salesmanCode' })).toThrow(/defaultSort/);
    expect(() =>
      defineTable({
        ...outletSpec,
        filters: { outletCode: { ...outletSpec.filters.outletCode, max: SEARCH_LIST_MAX + 1 } },
      }),
    ).toThrow(/more than 10/);
  });

  it('refuses choices on a filter that does not match whole values', () => {
    expect(() =>
      defineTable({
        ...outletSpec,
        filters: { outletCode: { ...outletSpec.filters.outletCode, match: 'contains', choices: true } },
      }),
    ).toThrow(/offers choices but does not match equals/);
  });
});

describe('filter choices', () => {
  const withChoices = defineTable({
    ...outletSpec,
    filters: {
      ...outletSpec.filters,
      outletType: {
        column: 'o.outlet_type',
        match: 'equals',
        label: { en: 'Outlet Type', vi: 'Loại cửa hàng' },
        chars: CHARACTER_RULES.any,
        choices: true,
      },
    },
  });

  it('are the values the caller’s rows hold: the market’s, within their DT scope, in order, whatever is filtered', async () => {
    const want = async (dt: string | null) =>
      (
        await t.database.db.query<{ v: string }>(
          `SELECT DISTINCT outlet_type AS v FROM outlets
            WHERE country_code = 'vn' AND ($1::text IS NULL OR dt_code = $1) ORDER BY 1`,
          [dt],
        )
      ).rows.map((r) => r.v);
    const c = (who: AuthUser, query: Record<string, unknown> = {}) =>
      tableCriteria(withChoices, { market: 'vn', user: who, query });
    const all = await filterChoices(t.database.db, withChoices, c(ALL, { outletCode: '1' }));
    expect(Object.keys(all)).toEqual(['outletType']);
    expect(all['outletType']).toEqual(await want(null));
    expect(all['outletType']!.length).toBeGreaterThan(1);
    const scoped = await filterChoices(t.database.db, withChoices, c(SCOPED));
    expect(scoped['outletType']).toEqual(await want('VNDT001'));
    expect((await filterChoices(t.database.db, withChoices, c(user('VNDT999'))))['outletType']).toEqual([]);
  });
});

describe('a declared table over outlets', () => {
  it('lists and counts only the market, and a DT-limited user only their DTs', async () => {
    const all = await countRows(t.database.db, outlets, criteria(ALL));
    const scoped = await countRows(t.database.db, outlets, criteria(SCOPED));
    const { rows } = await t.database.db.query<{ all: number; dt1: number }>(
      `SELECT count(*)::int AS all, count(*) FILTER (WHERE dt_code = 'VNDT001')::int AS dt1
         FROM outlets WHERE country_code = 'vn'`,
    );
    expect(all).toBe(rows[0]!.all);
    expect(scoped).toBe(rows[0]!.dt1);
    expect(scoped).toBeGreaterThan(0);
    expect(scoped).toBeLessThan(all);

    const page = await listPage(t.database.db, outlets, criteria(SCOPED, { pageSize: 500 }));
    expect(page.length).toBe(Math.min(scoped, 500));
    expect(new Set(page.map((r) => r['dtCode']))).toEqual(new Set(['VNDT001']));
    const codes = page.map((r) => String(r['outletCode']));
    expect(codes).toEqual([...codes].sort());

    // DT codes that hold no outlet: nothing; another market: only its rows.
    expect(await countRows(t.database.db, outlets, criteria(user('VNDT999')))).toBe(0);
    const th = await countRows(t.database.db, outlets, criteria(ALL, {}, 'th'));
    const thRows = await t.database.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM outlets WHERE country_code = 'th'`,
    );
    expect(th).toBe(thRows.rows[0]!.n);
  });

  it('pages, sorts descending and filters by a search list', async () => {
    const first = await listPage(
      t.database.db,
      outlets,
      criteria(ALL, { sort: '-outletCode', page: 1, pageSize: 3 }),
    );
    const second = await listPage(
      t.database.db,
      outlets,
      criteria(ALL, { sort: '-outletCode', page: 2, pageSize: 3 }),
    );
    const codes = [...first, ...second].map((r) => String(r['outletCode']));
    expect(codes).toEqual([...codes].sort().reverse());
    expect(new Set(codes).size).toBe(6);

    const wanted = codes.slice(0, 2).join(',');
    const filtered = await listPage(t.database.db, outlets, criteria(ALL, { outletCode: wanted }));
    expect(filtered.map((r) => r['outletCode']).sort()).toEqual(codes.slice(0, 2).sort());
    // A scoped user searching for outlets outside their DTs finds none of them.
    const outside = (await listPage(t.database.db, outlets, criteria(ALL, { pageSize: 200 }))).filter(
      (r) => r['dtCode'] !== 'VNDT001',
    );
    const theirs = await countRows(
      t.database.db,
      outlets,
      criteria(SCOPED, {
        outletCode: outside
          .slice(0, 3)
          .map((r) => r['outletCode'])
          .join(','),
      }),
    );
    expect(theirs).toBe(0);
  });

  it('refuses a search with other characters or more than 10 values, and an unknown sort', () => {
    expect(() => criteria(ALL, { outletCode: 'A1' })).toThrow(/Outlet Code accepts digits only/);
    const eleven = Array.from({ length: 11 }, (_, i) => String(i + 1)).join(',');
    expect(() => criteria(ALL, { outletCode: eleven })).toThrow(/up to 10/);
    expect(() => criteria(ALL, { sort: 'salesmanCode' })).toThrow(/Sort by one of: outletCode, dtCode/);
  });

  it('exports CSV with headers in the chosen language, only the caller’s rows, capped', async () => {
    const scoped = await countRows(t.database.db, outlets, criteria(SCOPED));
    const vi = await text(
      csvStream(t.database.db, outlets, criteria(SCOPED), { batchSize: 7, timeZone: 'UTC', lang: 'vi' }),
    );
    const lines = vi.slice(1).split('\r\n').filter(Boolean);
    expect(vi.startsWith('\uFEFF')).toBe(true);
    expect(lines[0]).toBe('Mã cửa hàng,Mã NPP,Mã NVBH,Hoạt động');
    expect(lines.length - 1).toBe(scoped);
    expect(lines.slice(1).every((l) => l.split(',')[1] === 'VNDT001')).toBe(true);
    expect(lines.slice(1).every((l) => /,(Yes|No)$/.test(l))).toBe(true);

    const capped = await text(
      csvStream(t.database.db, outlets, criteria(ALL), { batchSize: 2, cap: 5, timeZone: 'UTC' }),
    );
    const cappedLines = capped.slice(1).split('\r\n').filter(Boolean);
    expect(cappedLines[0]).toBe('Outlet Code,DT Code,Salesman Code,Active');
    expect(cappedLines.length).toBe(6);
  });

  it('exports XLSX with the same rows', async () => {
    const scoped = await countRows(t.database.db, outlets, criteria(SCOPED));
    const stream = xlsxStream(t.database.db, outlets, criteria(SCOPED), {
      batchSize: 50,
      timeZone: 'UTC',
      lang: 'en',
      sheetName: 'Outlets',
    });
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Outlets')!;
    expect(sheet.getRow(1).values).toEqual([undefined, 'Outlet Code', 'DT Code', 'Salesman Code', 'Active']);
    expect(sheet.rowCount - 1).toBe(scoped);
    const dts = new Set<unknown>();
    sheet.eachRow((row, n) => n > 1 && dts.add(row.getCell(2).value));
    expect([...dts]).toEqual(['VNDT001']);
  });
});

describe('a contains search', () => {
  const salesmen = defineTable({
    key: 'test-salesmen',
    defaultSort: 'smCode',
    from: 'salesmen s',
    tableAlias: 's',
    scope: { market: 's.country_code', dt: 's.dt_code' },
    rowKey: 's.id',
    columns: [
      {
        key: 'smCode',
        header: { en: 'SM Code', vi: 'Mã NVBH' },
        type: 'text',
        sql: 's.sm_code',
        sortable: true,
      },
      { key: 'name', header: { en: 'Salesman', vi: 'Nhân viên bán hàng' }, type: 'text', sql: 's.name' },
    ],
    filters: {
      name: {
        column: 's.name',
        match: 'contains',
        label: { en: 'Salesman', vi: 'Nhân viên bán hàng' },
        chars: CHARACTER_RULES.any,
        max: 1,
      },
    },
  });

  it('ignores case and Vietnamese marks on both sides: "hoang", "HOANG" and "Hoàng" find the same salesmen', async () => {
    const { rows } = await t.database.db.query<{ name: string }>(
      `SELECT name FROM salesmen WHERE country_code = 'vn' AND name ~ '[^\\x20-\\x7e]' ORDER BY sm_code LIMIT 1`,
    );
    const marked = rows[0]!.name;
    const word = marked.split(' ')[0]!;
    const plain = word
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/đ/g, 'd')
      .replace(/Đ/g, 'D');
    const found = async (typed: string) =>
      (
        await listPage(
          t.database.db,
          salesmen,
          tableCriteria(salesmen, { market: 'vn', user: ALL, query: { name: typed, pageSize: 500 } }),
        )
      ).map((r) => String(r['name']));
    const withMarks = await found(word);
    expect(withMarks).toContain(marked);
    expect(await found(plain.toLowerCase())).toEqual(withMarks);
    expect(await found(plain.toUpperCase())).toEqual(withMarks);
  });
});
