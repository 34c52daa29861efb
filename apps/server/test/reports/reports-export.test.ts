/** CSV exports: BOM, header row, RFC 4180 quoting, formula neutralisation, scope, the cap, batching. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { neutraliseCell, reportByKey, reportQuerySchema, type CountryCode } from '@fieldforce/contracts';
import ExcelJS from 'exceljs';
import { csvField, reportCsvStream, UTF8_BOM } from '../../src/modules/reports/csv.js';
import { XLSX_CONTENT_TYPE } from '../../src/modules/reports/xlsx.js';
import { reportColumns } from '../../src/modules/reports/presenter.js';
import { reportCriteria } from '../../src/modules/reports/service.js';
import type { AuthTestApp } from '../auth/helpers.js';
import { adminVn, authTestApp, errorsOf, parseCsv, RANGE, reportClient } from './helpers.js';

let t: AuthTestApp;
let client: ReturnType<typeof reportClient>;

const QUOTED_NAME = 'Tạp hóa "Số 1", Quận 3';
const FORMULA_ADDRESS = '=HYPERLINK("http://evil.test","click")';

beforeAll(async () => {
  t = await authTestApp();
  client = reportClient(t);
  // An outlet whose name needs quoting and whose address looks like a formula.
  await t.database.db.query(
    `INSERT INTO outlets (outlet_code, country_code, dt_code, dt_site_code, name, outlet_type, outlet_subtype,
                          channel, city, address, latitude, longitude, created_on)
     SELECT '9999999001', 'vn', dt_code, dt_site_code, $1, 'Grocery', 'Small Grocery', 'General Trade',
            'Hồ Chí Minh', $2, 10.77, 106.7, '2026-01-05'
       FROM dt_sites WHERE dt_code = 'VNDT001' ORDER BY dt_site_code LIMIT 1`,
    [QUOTED_NAME, FORMULA_ADDRESS],
  );
}, 60_000);
afterAll(() => t?.close());

async function exportCsv(email: string, key: string, query: Record<string, string> = {}) {
  return client.get(email, `/api/reports/${key}/export`, { countryCode: 'vn', format: 'csv', ...query });
}

describe('GET /api/reports/:reportKey/export', () => {
  it('writes UTF-8 with BOM, the page’s headers, RFC 4180 quoting and neutralised formulas', async () => {
    const res = await exportCsv('admin.vn@demo.test', 'outlet-master');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="outlet-master_vn.csv"; filename*=UTF-8''outlet-master_vn.csv`,
    );
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const text = res.rawPayload.toString('utf8');
    expect(text.startsWith(UTF8_BOM)).toBe(true);

    const page = await client.page('admin.vn@demo.test', 'outlet-master', { pageSize: '1' });
    const rows = parseCsv(text.slice(1));
    expect(rows[0]).toEqual(page.columns.map((c) => c.header));
    expect(rows.length - 1).toBe(page.total);
    expect(res.headers['x-total-count']).toBe(String(page.total));
    expect(res.headers['x-export-truncated']).toBeUndefined();

    expect(text).toContain(`"Tạp hóa ""Số 1"", Quận 3"`);
    const codeAt = rows[0]!.indexOf('Outlet Code');
    const ours = rows.find((r) => r[codeAt] === '9999999001')!;
    expect(ours[rows[0]!.indexOf('Outlet Name')]).toBe(QUOTED_NAME);
    expect(ours[rows[0]!.indexOf('Address')]).toBe(`'${FORMULA_ADDRESS}`);
    expect(ours[rows[0]!.indexOf('Active')]).toBe('Yes');
    for (const row of rows) for (const cell of row) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  });

  it('names a dated export after report, market and range, and formats timestamps', async () => {
    const res = await exportCsv('admin.vn@demo.test', 'salesperson-visit-summary', RANGE);
    expect(res.statusCode).toBe(200);
    const name = 'salesperson-visit-summary_vn_2026-10-01_2026-11-20.csv';
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="${name}"; filename*=UTF-8''${name}`,
    );
    const rows = parseCsv(res.rawPayload.toString('utf8').slice(1));
    const checkIn = rows[0]!.indexOf('Check-in');
    expect(rows[0]![rows[0]!.indexOf('Amount (₫)')]).toBe('Amount (₫)');
    expect(rows.slice(1).some((row) => row[checkIn] !== '')).toBe(true);
    for (const row of rows.slice(1))
      expect(row[checkIn]).toMatch(/^(\d{2}-[A-Z][a-z]{2}-\d{2} \| \d{2}:\d{2})?$/);
  });

  it('exports only the caller’s distributor, as many rows as the page call counts', async () => {
    const page = await client.page('dt.vn@demo.test', 'order-loss', RANGE);
    const res = await exportCsv('dt.vn@demo.test', 'order-loss', RANGE);
    expect(res.statusCode).toBe(200);
    const rows = parseCsv(res.rawPayload.toString('utf8').slice(1));
    expect(rows.length - 1).toBe(page.total);
    const dtAt = rows[0]!.indexOf('DT Code');
    expect(new Set(rows.slice(1).map((r) => r[dtAt]))).toEqual(new Set(page.total ? ['VNDT001'] : []));
    const { rows: counted } = await t.database.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM order_loss WHERE country_code = 'vn' AND dt_code = 'VNDT001'
          AND loss_date BETWEEN $1 AND $2`,
      [RANGE.from, RANGE.to],
    );
    expect(page.total).toBe(counted[0]!.n);
  });

  it('applies the same rules and access as the page call', async () => {
    const master = await exportCsv('dt.vn@demo.test', 'outlet-master');
    expect(master.statusCode).toBe(403);
    const long = await exportCsv('admin.vn@demo.test', 'order-loss', {
      from: '2026-09-01',
      to: '2026-11-20',
    });
    expect(long.statusCode).toBe(400);
    expect(errorsOf(long).fields?.[0]?.field).toBe('querystring.to');
    expect((await exportCsv('none.vn@demo.test', 'order-loss', RANGE)).statusCode).toBe(403);
    expect(
      (await client.get(null, '/api/reports/order-loss/export', { countryCode: 'vn', ...RANGE })).statusCode,
    ).toBe(401);
    expect(
      (await exportCsv('reports.vn@demo.test', 'order-loss', { ...RANGE, countryCode: 'bd' })).statusCode,
    ).toBe(403);
  });

  it('writes an XLSX workbook that reads back with the same headers, rows and neutralised cells', async () => {
    const res = await exportCsv('admin.vn@demo.test', 'outlet-master', { format: 'xlsx' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX_CONTENT_TYPE);
    expect(res.headers['content-disposition']).toContain('filename="outlet-master_vn.xlsx"');

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer, { styles: 'cache' } as never);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('Outlet Master');
    const page = await client.page('admin.vn@demo.test', 'outlet-master', { pageSize: '1' });
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(page.columns.map((c) => c.header));
    expect(sheet.actualRowCount - 1).toBe(page.total);

    const codeAt = header.indexOf('Outlet Code') + 1;
    let ours: ExcelJS.Row | undefined;
    sheet.eachRow((row) => {
      if (String(row.getCell(codeAt).value) === '9999999001') ours = row;
    });
    expect(ours).toBeDefined();
    expect(ours!.getCell(header.indexOf('Outlet Name') + 1).value).toBe(QUOTED_NAME);
    expect(ours!.getCell(header.indexOf('Address') + 1).value).toBe(`'${FORMULA_ADDRESS}`);
  });

  it('keeps amounts numeric in XLSX', async () => {
    const res = await exportCsv('admin.vn@demo.test', 'product-master', { format: 'xlsx' });
    expect(res.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const page = await client.page('admin.vn@demo.test', 'product-master', { pageSize: '1' });
    const amountColumn = page.columns.findIndex((c) => c.type === 'amount');
    expect(amountColumn).toBeGreaterThanOrEqual(0);
    expect(typeof sheet.getRow(2).getCell(amountColumn + 1).value).toBe('number');
  });
});

describe('reportCsvStream', () => {
  const admin = adminVn();

  async function collect(key: string, query: Record<string, string>, cap: number, batchSize: number) {
    const report = reportByKey(key)!;
    const market: CountryCode = 'vn';
    const criteria = reportCriteria(report, reportQuerySchema.parse(query), admin, market, '2026-11-20');
    const columns = reportColumns(report.key, market);
    const chunks: Buffer[] = [];
    for await (const chunk of reportCsvStream(t.database.db, criteria, columns, {
      cap,
      batchSize,
      timeZone: 'UTC',
    }))
      chunks.push(Buffer.from(chunk as Buffer));
    return parseCsv(Buffer.concat(chunks).toString('utf8').slice(1));
  }

  it('stops at the cap', async () => {
    const rows = await collect('salesperson-visit-summary', RANGE, 5, 2);
    expect(rows).toHaveLength(6);
  });

  it('reads batch after batch (keyset) in exactly the page order, for ties and both directions', async () => {
    for (const sort of ['-visitDate', 'visitDate', 'salesmanCode', '-outletName']) {
      const page = await client.page('admin.vn@demo.test', 'salesperson-visit-summary', {
        ...RANGE,
        sort,
        pageSize: '200',
      });
      const rows = await collect('salesperson-visit-summary', { ...RANGE, sort }, 1_000, 7);
      const idAt = rows[0]!.indexOf('Outlet ID');
      const dateAt = rows[0]!.indexOf('Visit Date');
      expect(rows.length - 1, sort).toBe(page.total);
      expect(
        rows.slice(1, 201).map((r) => `${r[dateAt]} ${r[idAt]}`),
        sort,
      ).toEqual(page.rows.map((r) => `${r['visitDate']} ${r['outletId']}`));
    }
    const products = await collect('product-master', { sort: '-price' }, 100_000, 13);
    const total = (await client.page('admin.vn@demo.test', 'product-master')).total;
    expect(products.length - 1).toBe(total);
  });

  it('quotes any text so a reader gets it back, and never leaves a formula start (property)', () => {
    fc.assert(
      fc.property(fc.string(), (value) => {
        const field = csvField(neutraliseCell(value));
        expect(parseCsv(`${field}\r\n`)[0]).toEqual([neutraliseCell(value)]);
        // A plain number such as -0 or -6.18 is data and left as it is (neutraliseCell's rule).
        if (!/^-?\d+(\.\d+)?$/.test(value)) expect(neutraliseCell(value)).not.toMatch(/^[=+\-@\t\r]/);
      }),
    );
  });
});
