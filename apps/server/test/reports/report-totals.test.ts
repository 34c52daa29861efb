/**
 * The totals row (GET /api/reports/:key/totals): its count and sums equal those of every row the
 * pages give for the same criteria, for a filter and for a DT-scoped user; the pk market sorts no
 * column.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  REPORT_KEYS,
  reportByKey,
  type Envelope,
  type ReportPage,
  type ReportTotals,
} from '@fieldforce/contracts';
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

const dated = (key: string) => (reportByKey(key)!.dated ? RANGE : {});

async function totalsOf(email: string, key: string, query: Record<string, string>, countryCode = 'vn') {
  const res = await client.get(email, `/api/reports/${key}/totals`, { countryCode, ...query });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as Envelope<ReportTotals>)['response-data'];
}

/** Every row of the criteria, page by page (200 a page). */
async function allRows(email: string, key: string, query: Record<string, string>) {
  const rows: ReportPage['rows'] = [];
  for (let page = 1; ; page++) {
    const data = await client.page(email, key, { ...query, page: String(page), pageSize: '200' });
    rows.push(...data.rows);
    if (page * data.pageSize >= data.total) return { rows, columns: data.columns, total: data.total };
  }
}

/** The sums of the summed columns, computed from the rows themselves (cents rounded as amounts are). */
function sumsOf(key: string, rows: ReportPage['rows']) {
  const summed = REPORT_SQL[key as (typeof REPORT_KEYS)[number]].columns.filter((c) => c.summed);
  return Object.fromEntries(
    summed.map((c) => [
      c.key,
      Math.round(rows.reduce((sum, r) => sum + Number(r[c.key] ?? 0), 0) * 100) / 100,
    ]),
  );
}

const rounded = (totals: Record<string, number>) =>
  Object.fromEntries(Object.entries(totals).map(([k, v]) => [k, Math.round(v * 100) / 100]));

describe('GET /api/reports/:reportKey/totals', () => {
  it.each(REPORT_KEYS)('%s: the count and sums equal those of all its rows', async (key) => {
    const query = dated(key);
    const { rows, total } = await allRows('admin.vn@demo.test', key, query);
    const totals = await totalsOf('admin.vn@demo.test', key, query);
    expect(totals.total).toBe(total);
    expect(totals.total).toBe(rows.length);
    expect(rounded(totals.totals)).toEqual(sumsOf(key, rows));
  });

  it('sums only quantities and amounts, and some of them are not zero', async () => {
    const visits = await totalsOf('admin.vn@demo.test', 'salesperson-visit-summary', RANGE);
    expect(Object.keys(visits.totals).sort()).toEqual(['amount', 'orders']);
    expect(visits.totals['orders']).toBeGreaterThan(0);
    expect(visits.totals['amount']).toBeGreaterThan(0);
    expect((await totalsOf('admin.vn@demo.test', 'product-master', {})).totals).toEqual({});
    expect((await totalsOf('admin.vn@demo.test', 'outlet-master', {})).totals).toEqual({});
  });

  it('follows a filter: the totals of one outlet and one SKU are those of their rows', async () => {
    const loss = await client.page('admin.vn@demo.test', 'order-loss', RANGE);
    const sku = String(loss.rows[0]!['skuId']);
    const bySku = await allRows('admin.vn@demo.test', 'order-loss', { ...RANGE, skuId: sku });
    const totals = await totalsOf('admin.vn@demo.test', 'order-loss', { ...RANGE, skuId: sku });
    expect(totals.total).toBe(bySku.rows.length);
    expect(totals.total).toBeLessThan(loss.total);
    expect(rounded(totals.totals)).toEqual(sumsOf('order-loss', bySku.rows));

    const visits = await client.page('admin.vn@demo.test', 'salesperson-visit-summary', RANGE);
    const outlet = String(
      visits.rows.find((r) => Number(r['orders']) > 0)?.['outletId'] ?? visits.rows[0]!['outletId'],
    );
    const query = { ...RANGE, outletId: outlet };
    const byOutlet = await allRows('admin.vn@demo.test', 'salesperson-visit-summary', query);
    const outletTotals = await totalsOf('admin.vn@demo.test', 'salesperson-visit-summary', query);
    expect(outletTotals.total).toBe(byOutlet.rows.length);
    expect(rounded(outletTotals.totals)).toEqual(sumsOf('salesperson-visit-summary', byOutlet.rows));
  });

  it('keeps a DT-scoped user to their distributors', async () => {
    for (const key of ['salesperson-visit-summary', 'order-loss', 'inventory-status', 'promotion-status']) {
      const { rows } = await allRows('dt.vn@demo.test', key, RANGE);
      expect(new Set(rows.map((r) => r['dtCode']))).toEqual(new Set(['VNDT001']));
      const scoped = await totalsOf('dt.vn@demo.test', key, RANGE);
      expect(scoped.total, key).toBe(rows.length);
      expect(rounded(scoped.totals), key).toEqual(sumsOf(key, rows));
      const all = await totalsOf('admin.vn@demo.test', key, RANGE);
      expect(all.total, key).toBeGreaterThan(scoped.total);
    }
  });

  it('has the page call’s rules: access, range and filters', async () => {
    const master = await client.get('dt.vn@demo.test', '/api/reports/outlet-master/totals', {
      countryCode: 'vn',
    });
    expect(master.statusCode).toBe(403);
    const noRange = await client.get('admin.vn@demo.test', '/api/reports/order-loss/totals', {
      countryCode: 'vn',
    });
    expect(noRange.statusCode).toBe(400);
    expect(errorsOf(noRange).fields?.[0]?.field).toBe('querystring.from');
    expect(
      (await client.get(null, '/api/reports/order-loss/totals', { countryCode: 'vn', ...RANGE })).statusCode,
    ).toBe(401);
  });
});

describe('the market’s sortable flag', () => {
  it('turns column sorting off in pk: no sortable column, and a sort other than the default is refused', async () => {
    const pk = await client.get('super@demo.test', '/api/reports/order-loss', {
      countryCode: 'pk',
      ...RANGE,
    });
    expect(pk.statusCode).toBe(200);
    const data = (pk.json() as Envelope<ReportPage>)['response-data'];
    expect(data.columns.some((c) => c.sortable)).toBe(false);
    expect(data.sort).toBe('-lossDate');
    const sorted = await client.get('super@demo.test', '/api/reports/order-loss', {
      countryCode: 'pk',
      ...RANGE,
      sort: 'skuId',
    });
    expect(sorted.statusCode).toBe(400);
    expect(errorsOf(sorted).fields?.[0]).toEqual({
      field: 'querystring.sort',
      message: 'Sorting by column is turned off in this market.',
    });
    const vn = await client.page('super@demo.test', 'order-loss', { ...RANGE, sort: 'skuId' });
    expect(vn.columns.some((c) => c.sortable)).toBe(true);
    expect(vn.sort).toBe('skuId');
  });
});
