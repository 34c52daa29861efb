/**
 * Estimated Best Price (issue 15) against the test seed: access (401; 403 for a non-admin, another
 * market's admin, a DT-limited admin, and in id where the tool does not exist), the recompute in SQL
 * agreeing with contracts' estimateBestPrice on a hand-computed fixture, the list and its filters, the
 * export, the recompute's Activity Log entry, and an override by hand (audit entry, who and when, data
 * version bumped, cleared again).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  estimateBestPrice,
  type ActivityEntry,
  importMessage,
  type BestPricePage,
  type Envelope,
  type ImportJob,
  type SaveBestPriceResult,
} from '@fieldforce/contracts';
import { readDataVersion } from '../../src/db/data-version.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { uploadFile } from '../helpers/upload.js';
import { call, createDtLimitedAdmin, signIn } from '../outlet-status/helpers.js';

let t: TestApp;
let adminVn: string;
let adminTh: string;
let adminId: string;
let tlVn: string;
let dtAdminVn: string;
let item: string;
let typeA: string;
let typeB: string;

const API = '/api/admin/estimatedBestPrice';
const AS_OF = '2030-06-30';
const data = <T>(res: { json(): unknown }) => (res.json() as Envelope<T>)['response-data'];

/** Invoice lines of `item` at an outlet of `type`, dated in 2030 so only these fall in the window. */
async function addLines(type: string, lines: { price: number; day?: string; qty?: number; ret?: number }[]) {
  const { rows } = await t.app.db.query<{ oid: string; dt: string; sm: string; order_id: string }>(
    `SELECT o.id AS oid, o.dt_code AS dt, r.salesman_id AS sm, r.id AS order_id
     FROM outlets o JOIN orders r ON r.outlet_id = o.id
     WHERE o.country_code = 'vn' AND o.outlet_type = $1 LIMIT 1`,
    [type],
  );
  const o = rows[0]!;
  for (const l of lines) {
    const qty = l.qty ?? 4;
    const ret = l.ret ?? 0;
    await t.app.db.query(
      `INSERT INTO invoice_lines (order_id, country_code, dt_code, salesman_id, outlet_id, invoice_date,
         item_code, quantity, price, amount, return_quantity, return_price, return_amount)
       VALUES ($1, 'vn', $2, $3, $4, $5, $6, $7::int, $8::numeric, $7::int * $8::numeric, $9::int, $8::numeric, $9::int * $8::numeric)`,
      [o.order_id, o.dt, o.sm, o.oid, l.day ?? '2030-06-01', item, qty, l.price, ret],
    );
  }
}

beforeAll(async () => {
  t = await createTestApp({ seed: true, config: { AUTH_RATE_LIMIT_PER_MINUTE: 100_000 } });
  adminVn = await signIn(t.app, 'admin.vn@demo.test', 'vn');
  adminTh = await signIn(t.app, 'admin.th@demo.test', 'th');
  adminId = await signIn(t.app, 'admin.id@demo.test', 'id');
  tlVn = await signIn(t.app, 'tl.vn@demo.test', 'vn');
  dtAdminVn = await signIn(t.app, await createDtLimitedAdmin(t.app, 'vn', ['VNDT002']), 'vn');
  const types = await t.app.db.query<{ outlet_type: string }>(
    `SELECT DISTINCT o.outlet_type FROM outlets o JOIN orders r ON r.outlet_id = o.id
     WHERE o.country_code = 'vn' ORDER BY 1 LIMIT 2`,
  );
  [typeA, typeB] = types.rows.map((r) => r.outlet_type) as [string, string];
  item = (await t.app.db.query<{ item_code: string }>('SELECT item_code FROM products ORDER BY 1 LIMIT 1'))
    .rows[0]!.item_code;
  // Type A: the hand-computed fixture of contracts' best-price.test.ts (100 estimated, 500 trimmed),
  // plus a line outside the window and a fully returned one, both left out.
  await addLines(typeA, [
    ...[100, 500, 98, 102, 95, 104, 100].map((price) => ({ price })),
    { price: 1, day: '2030-03-01' },
    { price: 7, qty: 2, ret: 2 },
  ]);
  // Type B: a wide spread (IQR 30 / median 100), flagged.
  await addLines(
    typeB,
    [120, 80, 100, 130, 90].map((price) => ({ price })),
  );
}, 120_000);
afterAll(() => t?.close());

describe('access', () => {
  const routes = [
    ['GET', `${API}/list`],
    ['GET', `${API}/filterResult`],
    ['GET', `${API}/fileExport`],
    ['GET', `${API}/filters`],
    ['POST', `${API}/recompute`],
    ['PUT', API],
  ] as const;
  const body = (m: string) =>
    m === 'PUT' ? { itemCode: 'X', outletType: 'Y', price: 1 } : m === 'POST' ? {} : undefined;
  it.each(routes)(
    '%s %s: 401, then 403 for a non-admin, another market’s and a DT-limited admin',
    async (m, url) => {
      expect((await call(t.app, null, m, `${url}?countryCode=vn`, body(m))).statusCode).toBe(401);
      expect((await call(t.app, tlVn, m, `${url}?countryCode=vn`, body(m))).statusCode).toBe(403);
      expect((await call(t.app, adminTh, m, `${url}?countryCode=vn`, body(m))).statusCode).toBe(403);
      expect((await call(t.app, dtAdminVn, m, `${url}?countryCode=vn`, body(m))).statusCode).toBe(403);
    },
  );
  it.each(routes)('%s %s: refused in id, where the tool does not exist', async (m, url) => {
    const res = await call(t.app, adminId, m, `${url}?countryCode=id`, body(m));
    expect(res.statusCode).toBe(403);
    expect(res.body).toMatch(/Estimated Best Price is not available in Indonesia/);
  });
});

describe('recompute and list', () => {
  it('computes in SQL what the contracts method computes on the same prices', async () => {
    const before = await readDataVersion(t.app.db);
    const res = await call(t.app, adminVn, 'POST', `${API}/recompute?countryCode=vn`, { asOf: AS_OF });
    expect(res.statusCode, res.body).toBe(200);
    expect(data<{ estimates: number }>(res).estimates).toBe(2);
    expect(await readDataVersion(t.app.db)).not.toBe(before);

    const page = data<BestPricePage>(
      await call(t.app, adminVn, 'GET', `${API}/list?countryCode=vn&pageSize=200`),
    );
    expect(page.total).toBe(2);
    const a = page.rows.find((r) => r.outletType === typeA)!;
    const expectedA = estimateBestPrice([100, 500, 98, 102, 95, 104, 100]);
    expect(a).toMatchObject({
      itemCode: item,
      estimatedPrice: 100,
      bestPrice: 100,
      spreadPct: 4,
      invoices: 7,
      flagged: 0,
      overridden: 0,
      overridePrice: null,
    });
    expect(a.estimatedPrice).toBe(expectedA.price);
    const b = page.rows.find((r) => r.outletType === typeB)!;
    expect(b).toMatchObject({ estimatedPrice: 100, spreadPct: 30, invoices: 5, flagged: 1 });
  });

  it('writes what was recomputed, by whom, in the tool’s Activity Log', async () => {
    const log = data<{ rows: ActivityEntry[] }>(
      await call(t.app, adminVn, 'GET', '/api/admin/activityLog?countryCode=vn&tool=estimatedBestPrice'),
    );
    const entries = log.rows.filter((r) => r.action === 'bestPrice.recompute');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorEmail: 'admin.vn@demo.test',
      target: null,
      before: null,
      after: { asOf: AS_OF, estimates: 2 },
    });
  });

  it('offers the outlet types of the market’s prices to filter by, in order, and no distributors', async () => {
    const options = data<{ dtCodes: unknown[]; dtSiteCodes: unknown[]; choices: Record<string, string[]> }>(
      await call(t.app, adminVn, 'GET', `${API}/filters?countryCode=vn`),
    );
    const { rows } = await t.app.db.query<{ outlet_type: string }>(
      `SELECT DISTINCT outlet_type FROM best_prices WHERE country_code = 'vn' ORDER BY 1`,
    );
    expect(rows.length).toBeGreaterThan(1);
    expect(options.choices.filter_outlet_type).toEqual(rows.map((r) => r.outlet_type));
    expect(options.dtCodes).toEqual([]);
    expect(options.dtSiteCodes).toEqual([]);
  });

  it('filters by item code, outlet type and flagged; exports CSV', async () => {
    const flagged = data<BestPricePage>(
      await call(t.app, adminVn, 'GET', `${API}/filterResult?countryCode=vn&filter_flagged=1`),
    );
    expect(flagged.rows.map((r) => r.outletType)).toEqual([typeB]);
    const byType = data<BestPricePage>(
      await call(
        t.app,
        adminVn,
        'GET',
        `${API}/filterResult?countryCode=vn&filter_item_code=${item}&filter_outlet_type=${encodeURIComponent(typeA)}`,
      ),
    );
    expect(byType.rows.map((r) => r.outletType)).toEqual([typeA]);
    const none = data<BestPricePage>(
      await call(t.app, adminVn, 'GET', `${API}/filterResult?countryCode=vn&filter_item_code=NOSUCH`),
    );
    expect(none.total).toBe(0);
    const csv = await call(t.app, adminVn, 'GET', `${API}/fileExport?countryCode=vn&format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body.split('\n')[0]).toContain('Item Code');
    expect(csv.body).toContain(item);
  });
});

describe('override by hand', () => {
  it('sets an override with an audit entry, who and when, and a data-version bump; a recompute keeps it', async () => {
    const before = await readDataVersion(t.app.db);
    const res = await call(t.app, adminVn, 'PUT', `${API}?countryCode=vn`, {
      itemCode: item,
      outletType: typeA,
      price: 97.5,
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = data<SaveBestPriceResult>(res);
    expect(saved.changed).toBe(true);
    expect(saved.row).toMatchObject({
      overridePrice: 97.5,
      bestPrice: 97.5,
      estimatedPrice: 100,
      overridden: 1,
    });
    expect(saved.row.overriddenAt).toBeTruthy();
    expect(saved.row.overriddenByName).toBeTruthy();
    expect(await readDataVersion(t.app.db)).not.toBe(before);
    const audit = await t.app.db.query<{ action: string; before: unknown; after: unknown }>(
      `SELECT action, before, after FROM audit_log WHERE tool = 'estimatedBestPrice' AND target = $1`,
      [`${item}|${typeA}`],
    );
    expect(audit.rows).toEqual([
      { action: 'bestPrice.override', before: { overridePrice: null }, after: { overridePrice: 97.5 } },
    ]);

    const same = await call(t.app, adminVn, 'PUT', `${API}?countryCode=vn`, {
      itemCode: item,
      outletType: typeA,
      price: 97.5,
    });
    expect(data<SaveBestPriceResult>(same).changed).toBe(false);

    await call(t.app, adminVn, 'POST', `${API}/recompute?countryCode=vn`, { asOf: AS_OF });
    const overridden = data<BestPricePage>(
      await call(t.app, adminVn, 'GET', `${API}/filterResult?countryCode=vn&filter_overridden=1`),
    );
    expect(overridden.rows.map((r) => [r.outletType, r.bestPrice])).toEqual([[typeA, 97.5]]);

    const cleared = await call(t.app, adminVn, 'PUT', `${API}?countryCode=vn`, {
      itemCode: item,
      outletType: typeA,
      price: null,
    });
    expect(data<SaveBestPriceResult>(cleared).row).toMatchObject({
      overridePrice: null,
      bestPrice: 100,
      overriddenByName: null,
    });
  });

  it('refuses an unknown item or outlet type (404) and a bad price (400)', async () => {
    const unknown = await call(t.app, adminVn, 'PUT', `${API}?countryCode=vn`, {
      itemCode: 'NOSUCHITEM',
      outletType: typeA,
      price: 10,
    });
    expect(unknown.statusCode).toBe(404);
    const bad = await call(t.app, adminVn, 'PUT', `${API}?countryCode=vn`, {
      itemCode: item,
      outletType: typeA,
      price: -1,
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('overrides by upload', () => {
  const csv = (...rows: string[]) => ['Item Code,Outlet Type,Override Price', ...rows].join('\r\n') + '\r\n';
  const uploaded = async (content: string, token = adminVn) => {
    const res = await uploadFile(
      t.app,
      token,
      { name: 'prices.csv', content },
      { market: 'vn', kind: 'estimatedBestPrice' },
    );
    return res;
  };
  const apply = (jobId: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/file/apply?countryCode=vn&jobId=${jobId}`,
      headers: { customertoken: adminVn },
    });
  const overrides = async () =>
    (
      await t.app.db.query<{ outlet_type: string; price: number | null }>(
        `SELECT outlet_type, override_price::float8 AS price FROM best_prices
         WHERE country_code = 'vn' AND item_code = $1 ORDER BY outlet_type`,
        [item],
      )
    ).rows;

  it('refuses every bad row with its message and row, and applies nothing', async () => {
    const before = await overrides();
    const res = await uploaded(
      csv(
        `${item},${typeA},12.345`,
        `${item},${typeA},10`,
        `${item},${typeA},11`,
        `NOSUCHITEM,${typeA},5`,
        `,${typeB},5`,
      ),
    );
    expect(res.statusCode, res.body).toBe(200);
    const job = data<ImportJob>(res);
    expect(job.preview!.errors.map((e) => [e.row, e.header, e.code, e.message])).toEqual([
      [2, 'Override Price', 'PRICE_INVALID', importMessage('PRICE_INVALID', { row: 2 }).message],
      [
        4,
        'Item Code',
        'BEST_PRICE_DUPLICATE_ROW',
        importMessage('BEST_PRICE_DUPLICATE_ROW', { row: 4 }).message,
      ],
      [5, 'Item Code', 'NOT_IN_PORTAL', importMessage('NOT_IN_PORTAL', { row: 5 }).message],
      [6, 'Item Code', 'BLANK_VALUE', importMessage('BLANK_VALUE', { row: 6 }).message],
    ]);
    expect((await apply(job.jobId)).statusCode).toBe(409);
    expect(await overrides()).toEqual(before);
  });

  it('sets and clears overrides in one file, each change audited with the import', async () => {
    await call(t.app, adminVn, 'PUT', `${API}?countryCode=vn`, {
      itemCode: item,
      outletType: typeB,
      price: 99,
    });
    const job = data<ImportJob>(await uploaded(csv(`${item},${typeA},88.25`, `${item},${typeB},`)));
    expect(job.preview).toMatchObject({ rows: 2, update: 2, unchanged: 0, errorCount: 0 });
    const res = await apply(job.jobId);
    expect(res.statusCode, res.body).toBe(200);
    expect(data<ImportJob>(res).result).toEqual({ created: 0, updated: 2, unchanged: 0 });
    expect(await overrides()).toEqual([
      { outlet_type: typeA, price: 88.25 },
      { outlet_type: typeB, price: null },
    ]);
    const { rows } = await t.app.db.query<{ target: string; after: unknown }>(
      `SELECT target, after FROM audit_log WHERE import_id = $1 AND action = 'bestPrice.override' ORDER BY target`,
      [job.jobId],
    );
    expect(rows).toEqual([
      { target: `${item}|${typeA}`, after: { overridePrice: 88.25 } },
      { target: `${item}|${typeB}`, after: { overridePrice: null } },
    ]);
  });

  it('is refused to a DT-limited admin', async () => {
    const res = await uploaded(csv(`${item},${typeA},5`), dtAdminVn);
    expect(res.statusCode).toBe(403);
  });
});
