/**
 * Merchandizing Sets (issue 15) against the test seed, real PGlite and app.inject: access (401; 403 for
 * a non-admin, another market's admin, a market without isCDA; a DT-limited admin reads and assigns
 * outlets of their distributors only), the three templates all-or-nothing with every bad row named,
 * the one-record forms, versioning keeping the old version and its audits, and compliance figures on a
 * hand-computed fixture (also checked against contracts' merchCompliance).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  importMessage,
  merchCompliance,
  type Envelope,
  type ImportJob,
  type MerchCompliance,
  type MerchSaveResult,
  type MerchSetDetail,
  type MerchSetPage,
} from '@fieldforce/contracts';
import { readDataVersion } from '../../src/db/data-version.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { uploadFile } from '../helpers/upload.js';
import { call, createDtLimitedAdmin, signIn } from '../outlet-status/helpers.js';

let t: TestApp;
let adminVn: string;
let adminTh: string;
let adminBd: string;
let tlVn: string;
let dtAdminVn: string;
let items: string[];
/** Two vn outlets of different distributors: A inside the DT-limited admin's scope, B outside. */
let outletA: { id: number; code: string; dt: string; sm: number };
let outletB: { id: number; code: string; dt: string; sm: number };

const API = '/api/admin/merchandizingSets';
const data = <T>(res: { json(): unknown }) => (res.json() as Envelope<T>)['response-data'];

const setBody = (setId: string, extra: Record<string, unknown> = {}) => ({
  setId,
  setName: `Set ${setId}`,
  buAssetType: 'Beverages-Cooler',
  subRegion: 'Test Region',
  osaHurdle: 90,
  facingsHurdle: 80,
  stockHurdle: 75,
  goLive: '2026-11-01',
  endDate: '2026-12-31',
  ...extra,
});

const csv = (headers: string, ...rows: string[]) => [headers, ...rows].join('\r\n') + '\r\n';
const SET_HEADERS =
  'BU-Asset Type,Sub-Region,Set Name,OSA Hurdle Rate,Facings Hurdle Rate,Stock Hurdle Rate,Go live date,End date,Set ID';
const DISPLAY_HEADERS = 'Display Name,Display ID,Set ID,Product Order,Product Code,Facings,Depth';
const OUTLET_HEADERS = 'Set ID,Display ID,Outlet ID,Number of Times';

async function upload(kind: string, content: string, token = adminVn) {
  const res = await uploadFile(t.app, token, { name: `${kind}.csv`, content }, { market: 'vn', kind });
  expect(res.statusCode, res.body).toBe(200);
  return data<ImportJob>(res);
}
const apply = (jobId: string, token = adminVn) =>
  t.app.inject({
    method: 'POST',
    url: `/api/file/apply?countryCode=vn&jobId=${jobId}`,
    headers: { customertoken: token },
  });
const errorsOf = (job: ImportJob) => job.preview!.errors.map((e) => [e.row, e.header, e.code]);
const detail = async (setId: string, version?: number, token = adminVn) => {
  const res = await call(
    t.app,
    token,
    'GET',
    `${API}/set?countryCode=vn&setId=${setId}${version ? `&version=${version}` : ''}`,
  );
  expect(res.statusCode, res.body).toBe(200);
  return data<MerchSetDetail>(res);
};

beforeAll(async () => {
  t = await createTestApp({ seed: true, config: { AUTH_RATE_LIMIT_PER_MINUTE: 100_000 } });
  adminVn = await signIn(t.app, 'admin.vn@demo.test', 'vn');
  adminTh = await signIn(t.app, 'admin.th@demo.test', 'th');
  adminBd = await signIn(t.app, 'admin.bd@demo.test', 'bd');
  tlVn = await signIn(t.app, 'tl.vn@demo.test', 'vn');
  items = (
    await t.app.db.query<{ item_code: string }>(
      `SELECT item_code FROM product_prices WHERE country_code = 'vn' ORDER BY item_code LIMIT 4`,
    )
  ).rows.map((r) => r.item_code);
  const { rows } = await t.app.db.query<{ id: number; code: string; dt: string; sm: number }>(
    `SELECT DISTINCT ON (dt_code) id::int AS id, outlet_code AS code, dt_code AS dt, salesman_id::int AS sm
     FROM outlets WHERE country_code = 'vn' AND salesman_id IS NOT NULL ORDER BY dt_code, id LIMIT 2`,
  );
  [outletA, outletB] = rows as [typeof outletA, typeof outletB];
  dtAdminVn = await signIn(t.app, await createDtLimitedAdmin(t.app, 'vn', [outletA.dt]), 'vn');
}, 120_000);
afterAll(() => t?.close());

describe('access', () => {
  const routes = [
    ['GET', `${API}/list`],
    ['GET', `${API}/filterResult`],
    ['GET', `${API}/fileExport`],
    ['GET', `${API}/filters`],
    ['GET', `${API}/set?setId=VN-SET-001`],
    ['GET', `${API}/compliance?setId=VN-SET-001`],
    ['POST', `${API}/set`],
    ['POST', `${API}/display`],
    ['POST', `${API}/outlet`],
    ['POST', `${API}/version`],
  ] as const;
  const body = (m: string, url: string) =>
    m !== 'POST'
      ? undefined
      : url.endsWith('/set')
        ? setBody('ACCESS-1')
        : url.endsWith('/display')
          ? {
              setId: 'X',
              displayId: 'Y',
              displayName: 'Z',
              products: [{ productOrder: 1, itemCode: 'A', facings: 1, depth: 1 }],
            }
          : url.endsWith('/outlet')
            ? { setId: 'X', displayId: 'Y', outletCode: '1', times: 1 }
            : { setId: 'X' };
  const at = (url: string, market: string) => `${url}${url.includes('?') ? '&' : '?'}countryCode=${market}`;

  it.each(routes)('%s %s: 401, then 403 for a non-admin and another market’s admin', async (m, url) => {
    expect((await call(t.app, null, m, at(url, 'vn'), body(m, url))).statusCode).toBe(401);
    expect((await call(t.app, tlVn, m, at(url, 'vn'), body(m, url))).statusCode).toBe(403);
    expect((await call(t.app, adminTh, m, at(url, 'vn'), body(m, url))).statusCode).toBe(403);
  });

  it.each(routes)('%s %s: refused in bd, whose isCDA flag is off', async (m, url) => {
    const res = await call(t.app, adminBd, m, at(url, 'bd'), body(m, url));
    expect(res.statusCode).toBe(403);
    expect(res.body).toMatch(/Merchandizing Sets is not available in Bangladesh/);
  });

  it('lets a DT-limited admin read sets but not define them', async () => {
    const list = await call(t.app, dtAdminVn, 'GET', `${API}/list?countryCode=vn`);
    expect(list.statusCode).toBe(200);
    expect(data<MerchSetPage>(list).rows.map((r) => r.setId)).toContain('VN-SET-001');
    for (const [url, payload] of [
      [`${API}/set`, setBody('DT-LIMITED-1')],
      [`${API}/version`, { setId: 'VN-SET-001' }],
    ] as const) {
      const res = await call(t.app, dtAdminVn, 'POST', `${url}?countryCode=vn`, payload);
      expect(res.statusCode).toBe(403);
      expect(res.body).toMatch(/market-wide/);
    }
    const set = await detail('VN-SET-001', undefined, dtAdminVn);
    expect(set.can).toMatchObject({ view: true, define: false, assign: true });
  });
});

describe('the seeded demo sets', () => {
  it('lists vn’s sets, current versions, with counts, filters and export', async () => {
    const page = data<MerchSetPage>(await call(t.app, adminVn, 'GET', `${API}/list?countryCode=vn`));
    const one = page.rows.find((r) => r.setId === 'VN-SET-001')!;
    expect(one).toMatchObject({ version: 2, displays: 2, state: 'live' });
    expect(one.outlets).toBeGreaterThan(0);
    expect(page.rows.find((r) => r.setId === 'VN-SET-003')!.state).toBe('upcoming');
    const filtered = data<MerchSetPage>(
      await call(t.app, adminVn, 'GET', `${API}/filterResult?countryCode=vn&filter_search=rack`),
    );
    expect(filtered.rows.map((r) => r.setId)).toEqual(['VN-SET-002']);
    const upcoming = data<MerchSetPage>(
      await call(t.app, adminVn, 'GET', `${API}/filterResult?countryCode=vn&filter_state=upcoming`),
    );
    expect(upcoming.rows.map((r) => r.setId)).toEqual(['VN-SET-003']);
    const file = await call(t.app, adminVn, 'GET', `${API}/fileExport?countryCode=vn`);
    expect(file.statusCode).toBe(200);
    expect(file.body.split('\n')[0]).toContain('Set ID');
    expect(file.body).toContain('VN-SET-002');
  });

  it('answers a set page with the planogram, outlets and versions', async () => {
    const set = await detail('VN-SET-001');
    expect(set.current).toBe(true);
    expect(set.versions.map((v) => v.version)).toEqual([2, 1]);
    expect(set.displays.map((d) => d.displayId)).toEqual(['D-COOL-01', 'D-COOL-02']);
    const line = set.displays[0]!.products[0]!;
    expect(line.productOrder).toBe(1);
    expect(line.itemName).not.toBe('');
    expect(set.outlets.length).toBeGreaterThan(0);
    const missing = await call(t.app, adminVn, 'GET', `${API}/set?countryCode=vn&setId=NOSUCHSET`);
    expect(missing.statusCode).toBe(404);
  });
});

describe('one record at a time', () => {
  it('creates a set, changes it (audited, data version bumped), and leaves it when nothing changed', async () => {
    const v0 = await readDataVersion(t.app.db);
    const created = await call(t.app, adminVn, 'POST', `${API}/set?countryCode=vn`, setBody('FORM-1'));
    expect(created.statusCode, created.body).toBe(200);
    expect(data<MerchSaveResult>(created)).toEqual({
      setId: 'FORM-1',
      version: 1,
      created: true,
      changed: true,
    });
    const v1 = await readDataVersion(t.app.db);
    expect(v1).not.toBe(v0);
    const same = await call(t.app, adminVn, 'POST', `${API}/set?countryCode=vn`, setBody('FORM-1'));
    expect(data<MerchSaveResult>(same).changed).toBe(false);
    expect(await readDataVersion(t.app.db)).toBe(v1);
    await call(t.app, adminVn, 'POST', `${API}/set?countryCode=vn`, setBody('FORM-1', { osaHurdle: 92.5 }));
    const { rows } = await t.app.db.query<{ action: string; target: string }>(
      `SELECT action, target FROM audit_log WHERE tool = 'merchandizingSets' AND target LIKE 'FORM-1@%' ORDER BY at`,
    );
    expect(rows).toEqual([
      { action: 'merch.set.create', target: 'FORM-1@1' },
      { action: 'merch.set.update', target: 'FORM-1@1' },
    ]);
    expect((await detail('FORM-1')).osaHurdle).toBe(92.5);
  });

  it('shows the changes in the tool’s Activity Log', async () => {
    const res = await call(
      t.app,
      adminVn,
      'GET',
      '/api/admin/activityLog?countryCode=vn&tool=merchandizingSets',
    );
    expect(res.statusCode, res.body).toBe(200);
    const rows = data<{ rows: { action: string; target: string | null }[] }>(res).rows;
    expect(rows).toContainEqual(expect.objectContaining({ action: 'merch.set.update', target: 'FORM-1@1' }));
  });

  it('refuses bad forms: rates, dates, codes, unknown products, a display of another set', async () => {
    for (const bad of [
      setBody('FORM-2', { osaHurdle: 101 }),
      setBody('FORM-2', { endDate: '2026-10-01' }),
      setBody('bad id!'),
    ]) {
      expect((await call(t.app, adminVn, 'POST', `${API}/set?countryCode=vn`, bad)).statusCode).toBe(400);
    }
    const display = (setId: string, displayId: string, itemCode: string) => ({
      setId,
      displayId,
      displayName: 'Form display',
      products: [{ productOrder: 1, itemCode, facings: 2, depth: 3 }],
    });
    const unknown = await call(
      t.app,
      adminVn,
      'POST',
      `${API}/display?countryCode=vn`,
      display('FORM-1', 'FD-1', 'NOSUCHITEM'),
    );
    expect(unknown.statusCode).toBe(400);
    const ok = await call(
      t.app,
      adminVn,
      'POST',
      `${API}/display?countryCode=vn`,
      display('FORM-1', 'FD-1', items[0]!),
    );
    expect(ok.statusCode, ok.body).toBe(200);
    const taken = await call(
      t.app,
      adminVn,
      'POST',
      `${API}/display?countryCode=vn`,
      display('VN-SET-002', 'FD-1', items[0]!),
    );
    expect(taken.statusCode).toBe(400);
    expect(taken.body).toMatch(/already belongs to set FORM-1/);
    const noSet = await call(
      t.app,
      adminVn,
      'POST',
      `${API}/display?countryCode=vn`,
      display('NOSUCHSET', 'FD-9', items[0]!),
    );
    expect(noSet.statusCode).toBe(404);
  });

  it('assigns outlets within the caller’s distributors and takes them off', async () => {
    const assign = (token: string, outletCode: string, times = 2) =>
      call(t.app, token, 'POST', `${API}/outlet?countryCode=vn`, {
        setId: 'FORM-1',
        displayId: 'FD-1',
        outletCode,
        times,
      });
    expect((await assign(adminVn, outletB.code)).statusCode).toBe(200);
    expect((await assign(dtAdminVn, outletA.code)).statusCode).toBe(200);
    const outside = await assign(dtAdminVn, outletB.code, 3);
    expect(outside.statusCode).toBe(403);
    expect((await assign(adminVn, 'NOSUCHOUTLET')).statusCode).toBe(404);
    // The DT-limited admin sees only their distributor's outlet; the market's admin both.
    expect((await detail('FORM-1', undefined, dtAdminVn)).outlets.map((o) => o.outletCode)).toEqual([
      outletA.code,
    ]);
    expect((await detail('FORM-1')).outletsTotal).toBe(2);
    const removed = await call(
      t.app,
      adminVn,
      'DELETE',
      `${API}/outlet?countryCode=vn&setId=FORM-1&displayId=FD-1&outletCode=${outletB.code}`,
    );
    expect(data<MerchSaveResult>(removed).changed).toBe(true);
    expect((await detail('FORM-1')).outletsTotal).toBe(1);
  });
});

describe('uploads (all or nothing)', () => {
  it('Create Sets: every bad row named, nothing applied; then a good file, and the same file again changes nothing', async () => {
    const bad = await upload(
      'merchSets',
      csv(
        SET_HEADERS,
        'Cooler,South,Upload One,90,80,75,01/11/2026,31/12/2026,UP-SET-1',
        'Cooler,South,Upload Two,101,80,75,01/11/2026,31/12/2026,UP-SET-2',
        'Cooler,South,Upload Three,90,80,75,31/12/2026,01/11/2026,UP-SET-3',
        'Cooler,South,Upload Four,90,80,75,2026-11-01,31/12/2026,UP-SET-4',
        ',South,Upload Five,90,80,75,01/11/2026,31/12/2026,UP SET 5',
        'Cooler,South,Upload One again,90,80,75,01/11/2026,31/12/2026,UP-SET-1',
      ),
    );
    expect(errorsOf(bad)).toEqual([
      [3, 'OSA Hurdle Rate', 'MERCH_RATE_INVALID'],
      [4, 'End date', 'MERCH_DATES_ORDER'],
      [5, 'Go live date', 'MERCH_DATE_INVALID'],
      [6, 'BU-Asset Type', 'BLANK_VALUE'],
      [6, 'Set ID', 'MERCH_CODE_INVALID'],
      [7, 'Set ID', 'MERCH_DUPLICATE_SET'],
    ]);
    expect(bad.preview!.errors[0]!.message).toBe(
      importMessage('MERCH_RATE_INVALID', { row: 3, header: 'OSA Hurdle Rate' }).message,
    );
    expect((await apply(bad.jobId)).statusCode).toBe(409);
    const { rows } = await t.app.db.query(`SELECT 1 FROM merch_sets WHERE set_id LIKE 'UP-SET-%'`);
    expect(rows).toEqual([]);

    const good = csv(
      SET_HEADERS,
      'Cooler,South,Upload One,90,80,75,01/11/2026,31/12/2026,UP-SET-1',
      'Rack,North,Upload Two,85.5,80,70%,01-11-2026,31-01-2027,UP-SET-2',
    );
    const job = await upload('merchSets', good);
    expect(job.preview).toMatchObject({ rows: 2, create: 2, update: 0, errorCount: 0 });
    const res = await apply(job.jobId);
    expect(res.statusCode, res.body).toBe(200);
    expect(data<ImportJob>(res).result).toEqual({ created: 2, updated: 0, unchanged: 0 });
    const two = await detail('UP-SET-2');
    expect(two).toMatchObject({
      osaHurdle: 85.5,
      stockHurdle: 70,
      goLive: '2026-11-01',
      endDate: '2027-01-31',
    });
    const again = await upload('merchSets', good);
    expect(again.preview).toMatchObject({ create: 0, update: 0, unchanged: 2 });
    expect(data<ImportJob>(await apply(again.jobId)).result).toEqual({
      created: 0,
      updated: 0,
      unchanged: 2,
    });
  });

  it('Create Displays: conflicts, duplicates and unknowns refused; a good file replaces the displays it names', async () => {
    const [a, b, c] = items as [string, string, string];
    const bad = await upload(
      'merchDisplays',
      csv(
        DISPLAY_HEADERS,
        `Shelf one,UP-D-1,UP-SET-1,1,${a},2,3`,
        `Shelf one,UP-D-1,UP-SET-1,1,${b},2,3`,
        `Shelf one,UP-D-1,UP-SET-1,2,${a},2,3`,
        `Shelf renamed,UP-D-1,UP-SET-1,3,${c},2,3`,
        `Shelf two,UP-D-2,NOSUCHSET,1,${a},0,3`,
        `Shelf three,UP-D-3,UP-SET-2,1,NOSUCHITEM,1,1`,
        `Taken,D-COOL-01,UP-SET-2,1,${a},1,1`,
      ),
    );
    expect(errorsOf(bad)).toEqual([
      [3, 'Product Order', 'MERCH_DUPLICATE_LINE'],
      [4, 'Product Code', 'MERCH_DUPLICATE_PRODUCT'],
      [5, 'Display ID', 'MERCH_DISPLAY_CONFLICT'],
      [6, 'Facings', 'MERCH_WHOLE_INVALID'],
      [7, 'Product Code', 'MERCH_PRODUCT_UNKNOWN'],
      [8, 'Display ID', 'MERCH_DISPLAY_OTHER_SET'],
    ]);
    expect(bad.preview!.errors.find((e) => e.row === 8)!.message).toBe(
      'Display ID in row number 8 already belongs to set VN-SET-001',
    );
    expect((await apply(bad.jobId)).statusCode).toBe(409);
    expect(
      (await t.app.db.query(`SELECT 1 FROM merch_displays WHERE display_id LIKE 'UP-D-%'`)).rows,
    ).toEqual([]);

    const good = await upload(
      'merchDisplays',
      csv(DISPLAY_HEADERS, `Shelf one,UP-D-1,UP-SET-1,2,${b},1,2`, `Shelf one,UP-D-1,UP-SET-1,1,${a},3,4`),
    );
    expect(good.preview).toMatchObject({ create: 2, errorCount: 0 });
    expect(data<ImportJob>(await apply(good.jobId)).result).toEqual({ created: 2, updated: 0, unchanged: 0 });
    // The display given again with one line changed and one left out: the left-out line goes.
    const again = await upload('merchDisplays', csv(DISPLAY_HEADERS, `Shelf one,UP-D-1,UP-SET-1,1,${a},4,4`));
    expect(data<ImportJob>(await apply(again.jobId)).result).toEqual({
      created: 0,
      updated: 1,
      unchanged: 0,
    });
    const set = await detail('UP-SET-1');
    expect(set.displays).toEqual([
      {
        displayId: 'UP-D-1',
        displayName: 'Shelf one',
        outlets: 0,
        products: [{ productOrder: 1, itemCode: a, itemName: expect.any(String), facings: 4, depth: 4 }],
      },
    ]);
  });

  it('Upload Outlet list: unknown set, display, outlet and out-of-scope rows refused; then assigned', async () => {
    const bad = await upload(
      'merchOutlets',
      csv(
        OUTLET_HEADERS,
        `UP-SET-1,UP-D-1,${outletA.code},1`,
        `NOSUCHSET,UP-D-1,${outletA.code},1`,
        `UP-SET-1,D-COOL-01,${outletA.code},1`,
        `UP-SET-1,UP-D-1,99999999999,1`,
        `UP-SET-1,UP-D-1,${outletA.code},2`,
        `UP-SET-1,UP-D-1,${outletB.code},0`,
      ),
    );
    expect(errorsOf(bad)).toEqual([
      [3, 'Set ID', 'MERCH_SET_UNKNOWN'],
      [4, 'Display ID', 'MERCH_DISPLAY_UNKNOWN'],
      [5, 'Outlet ID', 'MERCH_OUTLET_UNKNOWN'],
      [6, 'Outlet ID', 'MERCH_DUPLICATE_OUTLET'],
      [7, 'Number of Times', 'MERCH_WHOLE_INVALID'],
    ]);
    expect((await apply(bad.jobId)).statusCode).toBe(409);
    // The DT-limited admin: the outlet of another distributor is out of scope.
    const scoped = await upload(
      'merchOutlets',
      csv(OUTLET_HEADERS, `UP-SET-1,UP-D-1,${outletA.code},1`, `UP-SET-1,UP-D-1,${outletB.code},1`),
      dtAdminVn,
    );
    expect(errorsOf(scoped)).toEqual([[3, 'Outlet ID', 'OUT_OF_SCOPE']]);
    const good = await upload(
      'merchOutlets',
      csv(OUTLET_HEADERS, `UP-SET-1,UP-D-1,${outletA.code},1`, `UP-SET-1,UP-D-1,${outletB.code},2`),
    );
    expect(data<ImportJob>(await apply(good.jobId)).result).toEqual({ created: 2, updated: 0, unchanged: 0 });
    expect((await detail('UP-SET-1')).outletsTotal).toBe(2);
  });

  it('refuses sets and displays uploads of a DT-limited admin on every row', async () => {
    const job = await upload(
      'merchSets',
      csv(SET_HEADERS, 'Cooler,South,Scoped,90,80,75,01/11/2026,31/12/2026,UP-SET-9'),
      dtAdminVn,
    );
    expect(errorsOf(job)).toEqual([[2, 'Set ID', 'MERCH_MARKET_WIDE']]);
  });
});

describe('versions and compliance', () => {
  /** A visit of `outlet` on `day` and its audit of the set's display with the counts given. */
  async function audit(
    setPk: number,
    displayPk: number,
    outlet: typeof outletA,
    visitDate: string,
    counts: [onShelf: number, facings: number, stock: number],
  ) {
    const { rows } = await t.app.db.query<{ id: number }>(
      `INSERT INTO visits (country_code, dt_code, salesman_id, outlet_id, visit_date, planned, actual, productive)
       VALUES ('vn', $1, $2, $3, $4, true, true, false) RETURNING id::int AS id`,
      [outlet.dt, outlet.sm, outlet.id, visitDate],
    );
    await t.app.db.query(
      `INSERT INTO merch_audits (country_code, set_pk, display_pk, visit_id, outlet_id, audit_date, products_expected,
                                 products_on_shelf, facings_expected, facings_counted, stock_expected, stock_counted)
       VALUES ('vn', $1, $2, $3, $4, $5, 2, $6, 3, $7, 8, $8)`,
      [setPk, displayPk, rows[0]!.id, outlet.id, visitDate, ...counts],
    );
  }

  it('figures compliance by outlet, by week and overall as computed by hand', async () => {
    await call(t.app, adminVn, 'POST', `${API}/set?countryCode=vn`, setBody('COMP-1'));
    await call(t.app, adminVn, 'POST', `${API}/display?countryCode=vn`, {
      setId: 'COMP-1',
      displayId: 'COMP-D-1',
      displayName: 'Compliance shelf',
      products: [
        { productOrder: 1, itemCode: items[0], facings: 2, depth: 3 },
        { productOrder: 2, itemCode: items[1], facings: 1, depth: 2 },
      ],
    });
    const { rows } = await t.app.db.query<{ set_pk: number; display_pk: number }>(
      `SELECT s.id::int AS set_pk, d.id::int AS display_pk FROM merch_sets s JOIN merch_displays d ON d.set_pk = s.id
       WHERE s.set_id = 'COMP-1'`,
    );
    const { set_pk, display_pk } = rows[0]!;
    // Planned per audit: 2 products, 3 facings, 8 stock (2×3 + 1×2).
    await audit(set_pk, display_pk, outletA, '2026-11-02', [2, 3, 6]);
    await audit(set_pk, display_pk, outletA, '2026-11-10', [1, 4, 8]); // 4 facings capped at 3
    await audit(set_pk, display_pk, outletB, '2026-11-04', [1, 1, 2]);

    const res = await call(t.app, adminVn, 'GET', `${API}/compliance?countryCode=vn&setId=COMP-1`);
    expect(res.statusCode, res.body).toBe(200);
    const c = data<MerchCompliance>(res);
    expect(c.hurdles).toEqual({ osa: 90, facings: 80, stock: 75 });
    // Overall: OSA 4/6, facings 7/9, stock 16/24.
    expect(c.overall).toEqual({
      audits: 3,
      osaPct: 66.7,
      facingsPct: 77.8,
      stockPct: 66.7,
      outlets: 2,
      outletsMeetingAll: 0,
    });
    expect(c.weeks).toEqual([
      { weekStart: '2026-11-02', audits: 2, osaPct: 75, facingsPct: 66.7, stockPct: 50 },
      { weekStart: '2026-11-09', audits: 1, osaPct: 50, facingsPct: 100, stockPct: 100 },
    ]);
    expect(
      c.outlets.map((o) => [
        o.outletCode,
        o.osaPct,
        o.facingsPct,
        o.stockPct,
        o.osaMet,
        o.facingsMet,
        o.stockMet,
      ]),
    ).toEqual([
      [outletB.code, 50, 33.3, 25, false, false, false],
      [outletA.code, 75, 100, 87.5, false, true, true],
    ]);
    // The contracts method gives the same overall figures.
    const counts = (ps: number, fc: number, sc: number) => ({
      productsExpected: 2,
      productsOnShelf: ps,
      facingsExpected: 3,
      facingsCounted: fc,
      stockExpected: 8,
      stockCounted: sc,
    });
    expect(merchCompliance([counts(2, 3, 6), counts(1, 4, 8), counts(1, 1, 2)])).toEqual({
      audits: 3,
      osaPct: 66.7,
      facingsPct: 77.8,
      stockPct: 66.7,
    });
    // A DT-limited admin sees their distributor's outlet only.
    const scoped = data<MerchCompliance>(
      await call(t.app, dtAdminVn, 'GET', `${API}/compliance?countryCode=vn&setId=COMP-1`),
    );
    expect(scoped.outlets.map((o) => o.outletCode)).toEqual([outletA.code]);
    expect(scoped.overall).toMatchObject({ audits: 2, osaPct: 75, facingsPct: 100, stockPct: 87.5 });
  });

  it('offers as filter choices only what each set’s current version holds', async () => {
    const save = (extra: Record<string, unknown>) =>
      call(t.app, adminVn, 'POST', `${API}/set?countryCode=vn`, setBody('CHOICE-1', extra));
    expect((await save({ subRegion: 'Old Region Only', buAssetType: 'Old Type Only' })).statusCode).toBe(200);
    const next = await call(t.app, adminVn, 'POST', `${API}/version?countryCode=vn`, {
      setId: 'CHOICE-1',
      goLive: '2027-01-01',
      endDate: '2027-03-31',
    });
    expect(next.statusCode, next.body).toBe(200);
    expect(
      (
        await save({
          subRegion: 'New Region Only',
          buAssetType: 'New Type Only',
          goLive: '2027-01-01',
          endDate: '2027-03-31',
        })
      ).statusCode,
    ).toBe(200);
    const choices = data<{ subRegions: string[]; buAssetTypes: string[] }>(
      await call(t.app, adminVn, 'GET', `${API}/filters?countryCode=vn`),
    );
    // Version 1 keeps its old values (readable on the set page), but the list shows version 2 only.
    expect(choices.subRegions).toContain('New Region Only');
    expect(choices.subRegions).not.toContain('Old Region Only');
    expect(choices.buAssetTypes).toContain('New Type Only');
    expect(choices.buAssetTypes).not.toContain('Old Type Only');
  });

  it('starts a version that copies the current one; the old version and its audits stay readable', async () => {
    await call(t.app, adminVn, 'POST', `${API}/outlet?countryCode=vn`, {
      setId: 'COMP-1',
      displayId: 'COMP-D-1',
      outletCode: outletA.code,
      times: 1,
    });
    const res = await call(t.app, adminVn, 'POST', `${API}/version?countryCode=vn`, {
      setId: 'COMP-1',
      goLive: '2026-12-01',
      endDate: '2027-02-28',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(data<MerchSaveResult>(res)).toEqual({ setId: 'COMP-1', version: 2, created: true, changed: true });
    const v2 = await detail('COMP-1');
    expect(v2).toMatchObject({ version: 2, current: true, goLive: '2026-12-01', endDate: '2027-02-28' });
    expect(v2.displays.map((d) => [d.displayId, d.products.length])).toEqual([['COMP-D-1', 2]]);
    expect(v2.outlets.map((o) => o.outletCode)).toEqual([outletA.code]);
    expect(v2.versions.map((v) => [v.version, v.audits, v.current])).toEqual([
      [2, 0, true],
      [1, 3, false],
    ]);
    // A change to the new version leaves the old one as it was.
    await call(t.app, adminVn, 'POST', `${API}/display?countryCode=vn`, {
      setId: 'COMP-1',
      displayId: 'COMP-D-1',
      displayName: 'Compliance shelf v2',
      products: [{ productOrder: 1, itemCode: items[2], facings: 5, depth: 1 }],
    });
    const v1 = await detail('COMP-1', 1);
    expect(v1).toMatchObject({ version: 1, current: false, goLive: '2026-11-01' });
    expect(v1.displays[0]).toMatchObject({ displayName: 'Compliance shelf' });
    expect(v1.displays[0]!.products.map((p) => p.itemCode)).toEqual([items[0], items[1]]);
    const old = data<MerchCompliance>(
      await call(t.app, adminVn, 'GET', `${API}/compliance?countryCode=vn&setId=COMP-1&version=1`),
    );
    expect(old.overall.audits).toBe(3);
    const fresh = data<MerchCompliance>(
      await call(t.app, adminVn, 'GET', `${API}/compliance?countryCode=vn&setId=COMP-1`),
    );
    expect(fresh.overall.audits).toBe(0);
    // The list shows the current version.
    const page = data<MerchSetPage>(
      await call(t.app, adminVn, 'GET', `${API}/filterResult?countryCode=vn&filter_search=COMP-1`),
    );
    expect(page.rows.map((r) => [r.setId, r.version])).toEqual([['COMP-1', 2]]);
  });
});
