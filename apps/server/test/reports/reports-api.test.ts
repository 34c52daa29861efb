/** The report list and report pages: roles, markets, DT scope, columns, paging, sorting, filters, rules. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_KEYS, REPORTS, type Envelope, type OperationalReportsList } from '@fieldforce/contracts';
import { REPORT_SQL } from '../../src/modules/reports/definitions.js';
import type { AuthTestApp } from '../auth/helpers.js';
import { authTestApp, errorsOf, RANGE, reportClient } from './helpers.js';

let t: AuthTestApp;
let client: ReturnType<typeof reportClient>;

beforeAll(async () => {
  t = await authTestApp();
  client = reportClient(t);
}, 60_000);
afterAll(() => t?.close());

const LIST_URL = '/api/ucube/operational-kpis/operationalReportsList';
const transactional = REPORTS.filter((r) => r.reportCategory === 'transactionalreports').map(
  (r) => r.reportName,
);

async function listFor(email: string, countryCode = 'vn') {
  const res = await client.get(email, LIST_URL, { countryCode });
  expect(res.statusCode).toBe(200);
  return (res.json() as Envelope<OperationalReportsList>)['response-data'].operationalReportsList;
}

describe('GET operationalReportsList', () => {
  it('gives a user limited to some DT codes the transactional reports only', async () => {
    const list = await listFor('reports.vn@demo.test');
    expect(list.map((r) => r.reportName)).toEqual(transactional);
    expect(new Set(list.map((r) => r.reportCategory))).toEqual(new Set(['transactionalreports']));
    expect((await listFor('dt.vn@demo.test')).map((r) => r.reportName)).toEqual(transactional);
  });

  it('adds the master reports for users who see every distributor', async () => {
    for (const email of ['admin.vn@demo.test', 'super@demo.test']) {
      const list = await listFor(email);
      expect(list).toHaveLength(7);
      expect(list.filter((r) => r.reportCategory === 'masterreports').map((r) => r.reportName)).toEqual([
        'Product Master',
        'Outlet Master',
      ]);
    }
  });

  it('refuses users without report access (403), without a token (401) and in another market (403)', async () => {
    expect((await client.get('none.vn@demo.test', LIST_URL, { countryCode: 'vn' })).statusCode).toBe(403);
    expect((await client.get('sm.vn@demo.test', LIST_URL, { countryCode: 'vn' })).statusCode).toBe(403);
    expect((await client.get(null, LIST_URL, { countryCode: 'vn' })).statusCode).toBe(401);
    expect((await client.get('reports.vn@demo.test', LIST_URL, { countryCode: 'bd' })).statusCode).toBe(403);
  });
});

describe('GET /api/reports/:reportKey', () => {
  const dated = (key: string) => (REPORTS.find((r) => r.key === key)!.dated ? RANGE : {});

  it.each(REPORT_KEYS)('%s answers its columns, rows with exactly those keys, and a total', async (key) => {
    const data = await client.page('admin.vn@demo.test', key, { ...dated(key), pageSize: '3' });
    expect(data.columns.map((c) => c.key)).toEqual(REPORT_SQL[key].columns.map((c) => c.key));
    expect(data.total).toBeGreaterThan(0);
    expect(data.rows.length).toBe(Math.min(3, data.total));
    for (const row of data.rows) expect(Object.keys(row)).toEqual(data.columns.map((c) => c.key));
    expect(data).toMatchObject({
      page: 1,
      pageSize: 3,
      sort: REPORT_SQL[key].defaultSort,
      downloadCap: 100_000,
    });
  });

  it('appends the currency symbol to price and amount headers, and hides the bd columns', async () => {
    const vn = await client.page('admin.vn@demo.test', 'order-loss', RANGE);
    expect(vn.columns.find((c) => c.key === 'amount')?.header).toBe('Amount (₫)');
    const product = await client.get('admin.bd@demo.test', '/api/reports/product-master', {
      countryCode: 'bd',
    });
    const bd = (product.json() as Envelope<{ columns: { key: string; header: string }[]; rows: object[] }>)[
      'response-data'
    ];
    expect(bd.columns.find((c) => c.key === 'price')?.header).toBe('Price (TK)');
    expect(bd.columns.map((c) => c.key)).not.toContain('dtSiteCode');
    expect(Object.keys(bd.rows[0]!)).not.toContain('dtSiteCode');
    const outlets = await client.get('admin.bd@demo.test', '/api/reports/outlet-master', {
      countryCode: 'bd',
    });
    expect(outlets.statusCode).toBe(200);
    expect(outlets.body).not.toContain('"isActive"');
    const vnOutlets = await client.page('admin.vn@demo.test', 'outlet-master');
    expect(vnOutlets.columns.map((c) => c.key)).toContain('isActive');
  });

  it('pages without overlap or gaps, in the order asked', async () => {
    const key = 'salesperson-visit-summary';
    const all = await client.page('admin.vn@demo.test', key, { ...RANGE, pageSize: '200' });
    expect(all.total).toBeGreaterThan(25);
    expect(all.rows).toHaveLength(Math.min(200, all.total));
    const first = await client.page('admin.vn@demo.test', key, { ...RANGE, pageSize: '10', page: '1' });
    const second = await client.page('admin.vn@demo.test', key, { ...RANGE, pageSize: '10', page: '2' });
    expect([...first.rows, ...second.rows]).toEqual(all.rows.slice(0, 20));
    const dates = all.rows.map((r) => String(r['visitDate']));
    expect(dates).toEqual([...dates].sort().reverse());

    const asc = await client.page('admin.vn@demo.test', 'order-loss', {
      ...RANGE,
      sort: 'amount',
      pageSize: '200',
    });
    const amounts = asc.rows.map((r) => Number(r['amount']));
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
    const desc = await client.page('admin.vn@demo.test', 'order-loss', {
      ...RANGE,
      sort: '-amount',
      pageSize: '200',
    });
    expect(desc.rows.map((r) => Number(r['amount']))).toEqual([...amounts].sort((a, b) => b - a));
    expect(desc.sort).toBe('-amount');
  });

  it('refuses a sort column that is not on the list, and a page size above 200', async () => {
    const bad = await client.get('admin.vn@demo.test', '/api/reports/order-loss', {
      countryCode: 'vn',
      ...RANGE,
      sort: 'reasonx',
    });
    expect(bad.statusCode).toBe(400);
    expect(errorsOf(bad).fields?.[0]?.field).toBe('querystring.sort');
    expect(errorsOf(bad).shortDescription).toContain('lossDate');
    const big = await client.get('admin.vn@demo.test', '/api/reports/order-loss', {
      countryCode: 'vn',
      ...RANGE,
      pageSize: '201',
    });
    expect(big.statusCode).toBe(400);
    expect(errorsOf(big).fields?.[0]?.field).toBe('querystring.pageSize');
  });

  it('returns only the rows of a known outlet or item code', async () => {
    const { rows } = await t.database.db.query<{ outlet_code: string; n: number }>(
      `SELECT o.outlet_code, count(*)::int AS n FROM visits v JOIN outlets o ON o.id = v.outlet_id
        WHERE v.country_code = 'vn' AND v.visit_date BETWEEN $1 AND $2
        GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 1`,
      [RANGE.from, RANGE.to],
    );
    const { outlet_code: code, n } = rows[0]!;
    const visits = await client.page('admin.vn@demo.test', 'salesperson-visit-summary', {
      ...RANGE,
      outletId: code,
    });
    expect(visits.total).toBe(n);
    expect(visits.rows.every((r) => r['outletId'] === code)).toBe(true);

    const loss = await client.page('admin.vn@demo.test', 'order-loss', RANGE);
    const sku = String(loss.rows[0]!['skuId']);
    const customer = String(loss.rows[0]!['customerCode']);
    const bySku = await client.page('admin.vn@demo.test', 'order-loss', { ...RANGE, skuId: sku });
    expect(bySku.total).toBeGreaterThan(0);
    expect(bySku.rows.every((r) => r['skuId'] === sku)).toBe(true);
    const both = await client.page('admin.vn@demo.test', 'order-loss', {
      ...RANGE,
      skuId: sku,
      customerCode: customer,
    });
    expect(both.rows.every((r) => r['skuId'] === sku && r['customerCode'] === customer)).toBe(true);

    const stock = await client.page('admin.vn@demo.test', 'inventory-status', RANGE);
    const name = String(stock.rows[0]!['productName']);
    const part = name.split(' ')[0]!.toLowerCase();
    const byName = await client.page('admin.vn@demo.test', 'inventory-status', {
      ...RANGE,
      productName: part,
    });
    expect(byName.total).toBeGreaterThan(0);
    expect(byName.rows.every((r) => String(r['productName']).toLowerCase().includes(part))).toBe(true);
    const none = await client.page('admin.vn@demo.test', 'inventory-status', {
      ...RANGE,
      productName: '100%_x',
    });
    expect(none.total).toBe(0);

    const product = await client.page('admin.vn@demo.test', 'product-master', { itemCode: sku });
    expect(product.total).toBeGreaterThan(0);
    expect(product.rows.every((r) => r['itemCode'] === sku)).toBe(true);
  });

  it('refuses more than 10 search values, characters a field does not take, and a filter the report lacks', async () => {
    const eleven = Array.from({ length: 11 }, (_, i) => String(1000 + i)).join(',');
    const many = await client.get('admin.vn@demo.test', '/api/reports/order-loss', {
      countryCode: 'vn',
      ...RANGE,
      skuId: eleven,
    });
    expect(many.statusCode).toBe(400);
    expect(errorsOf(many).fields?.[0]).toEqual({
      field: 'querystring.skuId',
      message: 'SKU Id: Search up to 10 comma-separated values at a time.',
    });
    const ten = await client.get('admin.vn@demo.test', '/api/reports/order-loss', {
      countryCode: 'vn',
      ...RANGE,
      skuId: eleven.split(',').slice(0, 10).join(','),
    });
    expect(ten.statusCode).toBe(200);

    const letters = await client.get('admin.vn@demo.test', '/api/reports/promotion-status', {
      countryCode: 'vn',
      ...RANGE,
      customerCode: 'AB12',
    });
    expect(letters.statusCode).toBe(400);
    expect(errorsOf(letters).shortDescription).toContain('Customer Code accepts digits only');
    // The Order Loss Report's customer codes carry letters.
    const orderLoss = await client.get('admin.vn@demo.test', '/api/reports/order-loss', {
      countryCode: 'vn',
      ...RANGE,
      customerCode: 'AB12',
    });
    expect(orderLoss.statusCode).toBe(200);
    const symbol = await client.get('admin.vn@demo.test', '/api/reports/order-loss', {
      countryCode: 'vn',
      ...RANGE,
      skuId: "1' OR 1=1",
    });
    expect(symbol.statusCode).toBe(400);

    const other = await client.get('admin.vn@demo.test', '/api/reports/outlet-master', {
      countryCode: 'vn',
      itemCode: '1',
    });
    expect(other.statusCode).toBe(400);
    expect(errorsOf(other).fields?.[0]?.field).toBe('querystring.itemCode');
  });

  it('refuses a missing, 61-day, pre-October-2023 or future range with the rule broken', async () => {
    const url = '/api/reports/demand-capture';
    const cases: [Record<string, string>, string, string][] = [
      [{ to: '2026-11-20' }, 'querystring.from', 'is required for this report (YYYY-MM-DD).'],
      [
        { from: '2026-09-21', to: '2026-11-20' },
        'querystring.to',
        'Choose at most 60 days (this range has 61).',
      ],
      [
        { from: '2023-09-30', to: '2023-10-20' },
        'querystring.from',
        'Data is available from 01-Oct-23 only.',
      ],
      [
        { from: '2026-11-20', to: '2026-11-01' },
        'querystring.from',
        'The start date must be on or before the end date.',
      ],
      [{ from: '2026-11-20', to: '2026-11-21' }, 'querystring.to', 'The end date cannot be in the future.'],
      [
        { from: '2026-02-30', to: '2026-03-02' },
        'querystring.from',
        'Dates must be real dates written YYYY-MM-DD.',
      ],
    ];
    for (const [range, field, message] of cases) {
      const res = await client.get('admin.vn@demo.test', url, { countryCode: 'vn', ...range });
      expect(res.statusCode, JSON.stringify(range)).toBe(400);
      expect(errorsOf(res).fields).toEqual([{ field, message }]);
    }
    const sixty = await client.get('admin.vn@demo.test', url, {
      countryCode: 'vn',
      from: '2026-09-22',
      to: '2026-11-20',
    });
    expect(sixty.statusCode).toBe(200);
  });

  it('limits every row and the total to the caller’s DT codes, inside the query', async () => {
    const { rows } = await t.database.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM visits WHERE country_code = 'vn' AND dt_code = 'VNDT001'
          AND visit_date BETWEEN $1 AND $2`,
      [RANGE.from, RANGE.to],
    );
    const dt = await client.page('dt.vn@demo.test', 'salesperson-visit-summary', {
      ...RANGE,
      pageSize: '200',
    });
    expect(dt.total).toBe(rows[0]!.n);
    expect(dt.rows.length).toBe(Math.min(200, dt.total));
    expect(new Set(dt.rows.map((r) => r['dtCode']))).toEqual(new Set(['VNDT001']));
    const all = await client.page('admin.vn@demo.test', 'salesperson-visit-summary', RANGE);
    expect(all.total).toBeGreaterThan(dt.total);

    for (const key of ['order-loss', 'inventory-status', 'promotion-status', 'demand-capture'] as const) {
      const data = await client.page('dt.vn@demo.test', key, { ...RANGE, pageSize: '200' });
      expect(
        data.rows.every((r) => r['dtCode'] === 'VNDT001'),
        key,
      ).toBe(true);
    }
    const reports = await client.page('reports.vn@demo.test', 'order-loss', { ...RANGE, pageSize: '200' });
    expect(reports.rows.every((r) => ['VNDT001', 'VNDT002'].includes(String(r['dtCode'])))).toBe(true);
  });

  it('keeps master reports to users who see every distributor, and markets to their own', async () => {
    for (const email of ['reports.vn@demo.test', 'dt.vn@demo.test']) {
      const res = await client.get(email, '/api/reports/outlet-master', { countryCode: 'vn' });
      expect(res.statusCode).toBe(403);
      expect(errorsOf(res).code).toBe('FORBIDDEN');
    }
    const foreign = await client.get('reports.vn@demo.test', '/api/reports/order-loss', {
      countryCode: 'bd',
      ...RANGE,
    });
    expect(foreign.statusCode).toBe(403);
    const superUser = await client.get('super@demo.test', '/api/reports/order-loss', {
      countryCode: 'bd',
      ...RANGE,
    });
    expect(superUser.statusCode).toBe(200);
    expect(
      (await client.get('none.vn@demo.test', '/api/reports/order-loss', { countryCode: 'vn', ...RANGE }))
        .statusCode,
    ).toBe(403);
    expect(
      (await client.get(null, '/api/reports/order-loss', { countryCode: 'vn', ...RANGE })).statusCode,
    ).toBe(401);
    const unknown = await client.get('admin.vn@demo.test', '/api/reports/sales-ledger', {
      countryCode: 'vn',
    });
    expect(unknown.statusCode).toBe(400);
    expect(errorsOf(unknown).fields?.[0]?.field).toBe('params.reportKey');
  });
});
