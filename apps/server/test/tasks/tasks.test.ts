/**
 * Task Management (issue 15) against the test seed plus a fixture of its own (factories): access
 * (401; 403 for a non-admin and another market's admin), the form's validation and the market's rules,
 * create / edit / close with audit and data version, the list's filters and export, progress from
 * fixture visits (hand-computed below) overall, per team and drilled to the outlets, a DT-limited
 * admin's view and limits, and the CSV template: all-or-nothing with every bad row named, then a good
 * file creating its tasks once (the same file again creates nothing).
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  importMessage,
  TASK_TEMPLATE_HEADERS,
  type Envelope,
  type ImportJob,
  type SaveTaskResult,
  type TaskOutletPage,
  type TaskPage,
  type TaskProgress,
} from '@fieldforce/contracts';
import { readDataVersion } from '../../src/db/data-version.js';
import { buildDistributor, buildOutlet, buildSalesman, type BuiltOutlet } from '../factories.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { uploadFile } from '../helpers/upload.js';
import { call, createDtLimitedAdmin, signIn } from '../outlet-status/helpers.js';

const API = '/api/admin/tasks';
const data = <T>(res: { json(): unknown }) => (res.json() as Envelope<T>)['response-data'];
const TYPE = 'Task Fix Type';

let t: TestApp;
let adminVn: string;
let adminTh: string;
let tlVn: string;
let dtAdminVn: string;
let item: string;
let dtA: { dtCode: string; dtSiteCode: string };
let dtB: { dtCode: string; dtSiteCode: string };
let o: BuiltOutlet[];
let tl1: number;
let tl2: number;
let tl4: number;

async function visit(outlet: BuiltOutlet, day: string, actual = true): Promise<number> {
  const { rows } = await t.app.db.query<{ id: string }>(
    `INSERT INTO visits (country_code, dt_code, salesman_id, outlet_id, visit_date, planned, actual, productive)
     VALUES ('vn', $1, $2, $3, $4, true, $5, false) RETURNING id`,
    [outlet.dtCode, outlet.salesmanId, outlet.id, day, actual],
  );
  return Number(rows[0]!.id);
}

async function result(code: string, outlet: BuiltOutlet, visitId: number, day: string, done: boolean) {
  await t.app.db.query(
    `INSERT INTO task_results (task_id, outlet_id, visit_id, salesman_id, visit_date, done, note)
     SELECT id, $2, $3, $4, $5, $6, $7 FROM tasks WHERE code = $1`,
    [code, outlet.id, visitId, outlet.salesmanId, day, done, done ? 'Done' : 'Out of stock'],
  );
}

const form = (over: Record<string, unknown> = {}) => ({
  title: 'Check the fixture display',
  kind: 'displayCheck',
  description: 'Shelf at the entrance',
  locationCode: null,
  outletTypes: [],
  outletSubtypes: [],
  customerCodes: o.map((x) => x.outletCode),
  itemCodes: [],
  startDate: '2030-03-01',
  endDate: '2030-03-31',
  ...over,
});

beforeAll(async () => {
  t = await createTestApp({ seed: true, config: { AUTH_RATE_LIMIT_PER_MINUTE: 100_000 } });
  const db = t.app.db;
  dtA = await buildDistributor(db, { countryCode: 'vn' });
  dtB = await buildDistributor(db, { countryCode: 'vn' });
  const s1 = await buildSalesman(db, { ...dtA });
  const s2 = await buildSalesman(db, { ...dtA, teamLeaderMemberId: s1.teamLeaderMemberId });
  const s3 = await buildSalesman(db, { ...dtA });
  const s4 = await buildSalesman(db, { ...dtB });
  [tl1, tl2, tl4] = [s1.teamLeaderMemberId, s3.teamLeaderMemberId, s4.teamLeaderMemberId];
  const outlet = (s: { id: number } | null, site: typeof dtA, subtype = 'Big') =>
    buildOutlet(db, { ...site, salesmanId: s?.id ?? null, outletType: TYPE, outletSubtype: subtype });
  o = [
    await outlet(s1, dtA),
    await outlet(s1, dtA),
    await outlet(s2, dtA),
    await outlet(s3, dtA),
    await outlet(null, dtA, 'Small'),
    await outlet(s4, dtB),
  ];
  item = (
    await db.query<{ item_code: string }>(
      `SELECT item_code FROM product_prices WHERE country_code = 'vn' ORDER BY 1 LIMIT 1`,
    )
  ).rows[0]!.item_code;
  adminVn = await signIn(t.app, 'admin.vn@demo.test', 'vn');
  adminTh = await signIn(t.app, 'admin.th@demo.test', 'th');
  tlVn = await signIn(t.app, 'tl.vn@demo.test', 'vn');
  dtAdminVn = await signIn(t.app, await createDtLimitedAdmin(t.app, 'vn', [dtA.dtCode]), 'vn');
}, 120_000);
afterAll(() => t?.close());

const create = async (body: unknown, token = adminVn) =>
  call(t.app, token, 'POST', `${API}?countryCode=vn`, body);

describe('access', () => {
  it.each([
    ['GET', `${API}/list`],
    ['GET', `${API}/filterResult`],
    ['GET', `${API}/fileExport`],
    ['GET', `${API}/outlets?task=T1`],
    ['GET', `${API}/outletTypes`],
    ['POST', API],
  ] as const)('%s %s: 401 signed out, 403 for a non-admin and another market’s admin', async (m, url) => {
    const body = m === 'POST' ? {} : undefined;
    const sep = url.includes('?') ? '&' : '?';
    expect((await call(t.app, null, m, `${url}${sep}countryCode=vn`, body)).statusCode).toBe(401);
    expect((await call(t.app, tlVn, m, `${url}${sep}countryCode=vn`, body)).statusCode).toBe(403);
    expect((await call(t.app, adminTh, m, `${url}${sep}countryCode=vn`, body)).statusCode).toBe(403);
  });
});

describe('the form', () => {
  it('offers the outlet types and subtypes of the caller’s outlets, each type with its subtypes', async () => {
    type Offered = { outletTypes: { type: string; subtypes: string[] }[] };
    const offered = async (token: string) => {
      const res = await call(t.app, token, 'GET', `${API}/outletTypes?countryCode=vn`);
      expect(res.statusCode).toBe(200);
      return data<Offered>(res).outletTypes;
    };
    const all = await offered(adminVn);
    // Types in order, each once, subtypes in order: what the market's active outlets hold.
    const names = all.map((x) => x.type);
    expect(names).toEqual([...new Set(names)].sort());
    for (const x of all) expect(x.subtypes).toEqual([...new Set(x.subtypes)].sort());
    const { rows } = await t.app.db.query<{ n: string }>(
      `SELECT count(DISTINCT outlet_type) AS n FROM outlets WHERE country_code = 'vn' AND active AND outlet_type <> ''`,
    );
    expect(all.length).toBe(Number(rows[0]!.n));
    expect(all.find((x) => x.type === TYPE)?.subtypes).toEqual(['Big', 'Small']);
    // A DT-limited admin is offered only what their distributors' outlets hold: dtA's fixture outlets
    // (Big and Small) plus whatever the seed put there (nothing: dtA is the factory's own distributor).
    expect(await offered(dtAdminVn)).toEqual([{ type: TYPE, subtypes: ['Big', 'Small'] }]);
  });

  it('names every problem of a bad form by field', async () => {
    const res = await create(
      form({
        title: ' ',
        kind: 'productPush',
        customerCodes: [],
        startDate: '2030-03-10',
        endDate: '2030-03-01',
      }),
    );
    expect(res.statusCode).toBe(400);
    const fields = (res.json() as Envelope<null>).errors!.fields!;
    expect(Object.fromEntries(fields.map((f) => [f.field.replace(/^body\./, ''), f.message]))).toEqual({
      title: 'required',
      locationCode: 'noScope',
      itemCodes: 'itemsRequired',
      endDate: 'endBeforeStart',
    });
  });

  it('refuses codes the market does not have, and a task reaching no outlet', async () => {
    const res = await create(
      form({
        kind: 'productPush',
        itemCodes: ['NOSUCHITEM'],
        customerCodes: ['999999999999'],
        outletTypes: ['Nope'],
      }),
    );
    expect(res.statusCode).toBe(400);
    const fields = (res.json() as Envelope<null>).errors!.fields!;
    expect(Object.fromEntries(fields.map((f) => [f.field.replace(/^body\./, ''), f.message]))).toEqual({
      itemCodes: 'unknown',
      customerCodes: 'unknown',
      outletTypes: 'unknown',
    });
    const none = await create(
      form({ customerCodes: [], locationCode: dtA.dtSiteCode, outletSubtypes: ['Tiny'] }),
    );
    expect((none.json() as Envelope<null>).errors!.fields).toEqual([
      { field: 'body.outletSubtypes', message: 'unknown' },
    ]);
    const noTargets = await create(
      form({ customerCodes: [], locationCode: dtB.dtCode, outletTypes: [TYPE], outletSubtypes: ['Small'] }),
    );
    expect((noTargets.json() as Envelope<null>).errors!.fields).toEqual([
      { field: 'body.locationCode', message: 'noTargets' },
    ]);
  });
});

describe('create, progress, edit, close', () => {
  let code: string;

  it('creates a task with its targets, an audit entry and a new data version', async () => {
    const before = await readDataVersion(t.app.db);
    const res = await create(form({ kind: 'productPush', itemCodes: [item] }));
    expect(res.statusCode, res.body).toBe(200);
    const { task } = data<SaveTaskResult>(res);
    code = task.code;
    expect(task).toMatchObject({ status: 'open', targets: 6, canEdit: true, itemCodes: [item] });
    expect(await readDataVersion(t.app.db)).not.toBe(before);
    const { rows } = await t.app.db.query(
      `SELECT action, after->>'targets' AS targets FROM audit_log WHERE target = $1`,
      [code],
    );
    expect(rows).toEqual([{ action: 'task.create', targets: '6' }]);
  });

  it('counts progress from the visits (hand-computed), overall and per team', async () => {
    // O1: visited in the window, recorded done → done.
    await result(code, o[0]!, await visit(o[0]!, '2030-03-05'), '2030-03-05', true);
    // O2: visited in the window, recorded not done → not done.
    await result(code, o[1]!, await visit(o[1]!, '2030-03-10'), '2030-03-10', false);
    // O3: visited before the window and "done" there → not reached.
    await result(code, o[2]!, await visit(o[2]!, '2030-02-20'), '2030-02-20', true);
    // O4: a planned visit not made, then one made without a result → not done.
    await visit(o[3]!, '2030-03-15', false);
    await visit(o[3]!, '2030-03-20');
    // O5: no visit → not reached. O6 (the other distributor): done.
    await result(code, o[5]!, await visit(o[5]!, '2030-03-30'), '2030-03-30', true);

    const res = await call(t.app, adminVn, 'GET', `${API}/${code}/progress?countryCode=vn`);
    expect(res.statusCode, res.body).toBe(200);
    const p = data<TaskProgress>(res);
    expect(p.overall).toEqual({ targeted: 6, reached: 4, done: 2, notDone: 2, notReached: 2 });
    expect(p.limitedToScope).toBe(false);
    const team = (id: number | null) => p.teams.find((x) => x.teamLeaderId === id)!;
    expect(team(tl1)).toMatchObject({ targeted: 3, reached: 2, done: 1, notDone: 1, notReached: 1 });
    expect(
      team(tl1)
        .salesmen.map((s) => [s.targeted, s.reached, s.done])
        .sort(),
    ).toEqual([
      [1, 0, 0],
      [2, 2, 1],
    ]);
    expect(team(tl2)).toMatchObject({ targeted: 1, reached: 1, done: 0, notDone: 1, notReached: 0 });
    expect(team(tl4)).toMatchObject({ targeted: 1, reached: 1, done: 1 });
    expect(team(null)).toMatchObject({ targeted: 1, reached: 0, notReached: 1 });
  });

  it('drills to the outlets with their state and last visit in the window', async () => {
    const page = data<TaskOutletPage>(
      await call(t.app, adminVn, 'GET', `${API}/outlets?countryCode=vn&task=${code}&pageSize=50`),
    );
    expect(page.total).toBe(6);
    const by = Object.fromEntries(page.rows.map((r) => [r.outletCode, [r.state, r.lastVisitDate]]));
    expect(by).toEqual({
      [o[0]!.outletCode]: ['done', '2030-03-05'],
      [o[1]!.outletCode]: ['notDone', '2030-03-10'],
      [o[2]!.outletCode]: ['notReached', null],
      [o[3]!.outletCode]: ['notDone', '2030-03-20'],
      [o[4]!.outletCode]: ['notReached', null],
      [o[5]!.outletCode]: ['done', '2030-03-30'],
    });
    const done = data<TaskOutletPage>(
      await call(t.app, adminVn, 'GET', `${API}/outlets?countryCode=vn&task=${code}&filter_state=done`),
    );
    expect(done.rows.map((r) => r.outletCode).sort()).toEqual([o[0]!.outletCode, o[5]!.outletCode].sort());
    const team = data<TaskOutletPage>(
      await call(
        t.app,
        adminVn,
        'GET',
        `${API}/outlets?countryCode=vn&task=${code}&filter_team_leader=${tl1}`,
      ),
    );
    expect(team.total).toBe(3);
  });

  it('lists, filters and exports tasks', async () => {
    const list = async (q: string) =>
      data<TaskPage>(
        await call(t.app, adminVn, 'GET', `${API}/filterResult?countryCode=vn&pageSize=200&${q}`),
      );
    expect((await list(`search=${code}`)).rows.map((r) => r.code)).toEqual([code]);
    expect((await list(`filter_item=${item}&filter_kind=productPush`)).rows.map((r) => r.code)).toContain(
      code,
    );
    expect((await list('filter_kind=survey')).rows.map((r) => r.code)).not.toContain(code);
    expect((await list('filter_from=2030-04-01')).rows.map((r) => r.code)).not.toContain(code);
    expect((await list('filter_from=2030-03-31&filter_to=2030-03-31')).rows.map((r) => r.code)).toContain(
      code,
    );
    const csv = await call(t.app, adminVn, 'GET', `${API}/fileExport?countryCode=vn&search=${code}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body.split('\n')[0]).toMatch(/^\uFEFF?Task Code,Title,Task Type,Status,Location Code/);
    expect(csv.body).toContain(code);
  });

  it('limits a DT-limited admin to their distributors: progress, drill, edit and targets', async () => {
    const p = data<TaskProgress>(
      await call(t.app, dtAdminVn, 'GET', `${API}/${code}/progress?countryCode=vn`),
    );
    expect(p.overall).toEqual({ targeted: 5, reached: 3, done: 1, notDone: 2, notReached: 2 });
    expect(p.limitedToScope).toBe(true);
    expect(p.task.canEdit).toBe(false);
    const page = data<TaskOutletPage>(
      await call(t.app, dtAdminVn, 'GET', `${API}/outlets?countryCode=vn&task=${code}&pageSize=50`),
    );
    expect(page.total).toBe(5);
    expect((await call(t.app, dtAdminVn, 'PUT', `${API}/${code}?countryCode=vn`, form())).statusCode).toBe(
      403,
    );
    expect((await call(t.app, dtAdminVn, 'POST', `${API}/${code}/close?countryCode=vn`)).statusCode).toBe(
      403,
    );
    const outside = await create(form(), dtAdminVn);
    expect(outside.statusCode).toBe(400);
    expect((outside.json() as Envelope<null>).errors!.fields).toEqual([
      { field: 'body.customerCodes', message: 'outOfScope' },
    ]);
    const location = await create(form({ customerCodes: [], locationCode: dtB.dtCode }), dtAdminVn);
    expect((location.json() as Envelope<null>).errors!.fields).toEqual([
      { field: 'body.locationCode', message: 'outOfScope' },
    ]);
    const own = await create(
      form({ customerCodes: [], locationCode: dtA.dtSiteCode, outletTypes: [TYPE] }),
      dtAdminVn,
    );
    expect(own.statusCode, own.body).toBe(200);
    expect(data<SaveTaskResult>(own).task).toMatchObject({ targets: 5, canEdit: true });
    // A task wholly in another distributor is not theirs to see.
    const other = data<SaveTaskResult>(await create(form({ customerCodes: [o[5]!.outletCode] }))).task.code;
    expect((await call(t.app, dtAdminVn, 'GET', `${API}/${other}?countryCode=vn`)).statusCode).toBe(404);
    const theirs = data<TaskPage>(
      await call(t.app, dtAdminVn, 'GET', `${API}/list?countryCode=vn&pageSize=200`),
    );
    expect(theirs.rows.map((r) => r.code)).toContain(code);
    expect(theirs.rows.map((r) => r.code)).not.toContain(other);
  });

  it('edits (targets resolved again, audited) and closes; a closed task is not edited', async () => {
    const res = await call(
      t.app,
      adminVn,
      'PUT',
      `${API}/${code}?countryCode=vn`,
      form({
        kind: 'productPush',
        itemCodes: [item],
        title: 'Push it',
        customerCodes: [],
        locationCode: dtA.dtCode,
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(data<SaveTaskResult>(res).task).toMatchObject({
      title: 'Push it',
      targets: 5,
      locationCode: dtA.dtCode,
    });
    const before = await readDataVersion(t.app.db);
    const closed = await call(t.app, adminVn, 'POST', `${API}/${code}/close?countryCode=vn`);
    expect(data<SaveTaskResult>(closed).task).toMatchObject({ status: 'closed', canEdit: false });
    expect(await readDataVersion(t.app.db)).not.toBe(before);
    expect((await call(t.app, adminVn, 'PUT', `${API}/${code}?countryCode=vn`, form())).statusCode).toBe(409);
    const { rows } = await t.app.db.query<{ action: string }>(
      `SELECT action FROM audit_log WHERE target = $1 ORDER BY at, action`,
      [code],
    );
    expect(rows.map((r) => r.action)).toEqual(['task.create', 'task.update', 'task.close']);
  });
});

describe('the CSV template', () => {
  const csv = (...rows: string[]) => [TASK_TEMPLATE_HEADERS.join(','), ...rows].join('\r\n') + '\r\n';
  const uploaded = (content: string, token = adminVn) =>
    uploadFile(t.app, token, { name: 'tasks.csv', content }, { market: 'vn', kind: 'tasks' });
  const apply = (jobId: string, token = adminVn) =>
    t.app.inject({
      method: 'POST',
      url: `/api/file/apply?countryCode=vn&jobId=${jobId}`,
      headers: { customertoken: token },
    });
  const taskCount = async () =>
    (await t.app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM tasks WHERE country_code = 'vn'`))
      .rows[0]!.n;

  it('names every bad row and creates nothing (all or nothing)', async () => {
    const before = await taskCount();
    const good = `${dtA.dtCode},${TYPE},,${item},,01/03/2030,31/03/2030,vn`;
    const res = await uploaded(
      csv(
        good,
        `${dtA.dtCode},${TYPE},,${item},,01/03/2030,30/03/2030,th`,
        `${dtA.dtCode},,,,,10/03/2030,01/03/2030,vn`,
        `${dtA.dtCode},,,,,31/02/2030,01/03/2030,vn`,
        `${dtA.dtCode},,,NOSUCHITEM,,01/03/2030,31/03/2030,vn`,
        `,,,,999999999999,01/03/2030,31/03/2030,vn`,
        `,,,${item},,01/03/2030,31/03/2030,vn`,
        `NOWHERE,,,,,01/03/2030,31/03/2030,vn`,
        good,
      ),
    );
    expect(res.statusCode, res.body).toBe(200);
    const job = data<ImportJob>(res);
    expect(job.preview!.errors.map((e) => [e.row, e.header, e.code, e.message])).toEqual([
      [
        3,
        'Country Code',
        'TASK_COUNTRY_MISMATCH',
        importMessage('TASK_COUNTRY_MISMATCH', { row: 3, market: 'vn' }).message,
      ],
      [4, 'End Date', 'TASK_END_BEFORE_START', importMessage('TASK_END_BEFORE_START', { row: 4 }).message],
      [
        5,
        'Start Date',
        'TASK_DATE_INVALID',
        importMessage('TASK_DATE_INVALID', { row: 5, column: 'Start Date' }).message,
      ],
      [
        6,
        'Item Codes',
        'TASK_UNKNOWN_ITEMS',
        importMessage('TASK_UNKNOWN_ITEMS', { row: 6, codes: 'NOSUCHITEM' }).message,
      ],
      [
        7,
        'Customer Codes',
        'TASK_UNKNOWN_CUSTOMERS',
        importMessage('TASK_UNKNOWN_CUSTOMERS', { row: 7, codes: '999999999999' }).message,
      ],
      [8, 'Location Code', 'TASK_NO_SCOPE', importMessage('TASK_NO_SCOPE', { row: 8 }).message],
      [
        9,
        'Location Code',
        'TASK_UNKNOWN_LOCATION',
        importMessage('TASK_UNKNOWN_LOCATION', { row: 9 }).message,
      ],
      [10, 'Location Code', 'TASK_DUPLICATE_ROW', importMessage('TASK_DUPLICATE_ROW', { row: 10 }).message],
    ]);
    expect((await apply(job.jobId)).statusCode).toBe(409);
    expect(await taskCount()).toBe(before);
  });

  it('refuses a DT-limited admin’s row reaching outside their distributors', async () => {
    const job = data<ImportJob>(await uploaded(csv(`${dtB.dtCode},,,,,01/03/2030,31/03/2030,VN`), dtAdminVn));
    expect(job.preview!.errors.map((e) => e.code)).toEqual(['TASK_OUT_OF_SCOPE']);
  });

  it('creates one task per good row with targets and audit; the same file again creates nothing', async () => {
    const content = csv(
      `${dtA.dtSiteCode},${TYPE},Big,${item},,01-04-2030,30-04-2030,vn`,
      `,,,,${o[0]!.outletCode};${o[5]!.outletCode},01/04/2030,15/04/2030,VN`,
    );
    const job = data<ImportJob>(await uploaded(content));
    expect(job.preview).toMatchObject({ rows: 2, create: 2, unchanged: 0, errorCount: 0 });
    const res = await apply(job.jobId);
    expect(res.statusCode, res.body).toBe(200);
    expect(data<ImportJob>(res).result).toEqual({ created: 2, updated: 0, unchanged: 0 });
    const { rows } = await t.app.db.query<{
      kind: string;
      title: string;
      target_count: number;
      dt_codes: string[];
    }>(
      `SELECT kind, title, target_count, dt_codes FROM tasks WHERE import_id = $1 ORDER BY start_date, end_date DESC`,
      [job.jobId],
    );
    expect(rows).toEqual([
      {
        kind: 'productPush',
        title: `Push ${item} @ ${dtA.dtSiteCode} ${TYPE}`,
        target_count: 4,
        dt_codes: [dtA.dtCode],
      },
      {
        kind: 'displayCheck',
        title: 'Display check @ 2 outlets',
        target_count: 2,
        dt_codes: [dtA.dtCode, dtB.dtCode].sort(),
      },
    ]);
    const audit = await t.app.db.query<{ action: string }>(
      `SELECT action FROM audit_log WHERE import_id = $1 ORDER BY action`,
      [job.jobId],
    );
    expect(audit.rows.map((r) => r.action)).toEqual(['task.create', 'task.create', 'task.import']);

    const again = data<ImportJob>(await uploaded(content));
    expect(again.preview).toMatchObject({ rows: 2, create: 0, unchanged: 2 });
    const res2 = await apply(again.jobId);
    expect(data<ImportJob>(res2).result).toEqual({ created: 0, updated: 0, unchanged: 2 });
  });

  it('takes docs/samples/tasks-good.csv whole and refuses every row of tasks-bad.csv but the first good one', async () => {
    const sample = (name: string) =>
      readFileSync(new URL(`../../../../docs/samples/${name}`, import.meta.url), 'utf8');
    const good = data<ImportJob>(await uploaded(sample('tasks-good.csv')));
    expect(good.preview).toMatchObject({ rows: 3, create: 3, errorCount: 0 });
    const bad = data<ImportJob>(await uploaded(sample('tasks-bad.csv')));
    expect(bad.preview!.errors.map((e) => [e.row, e.code])).toEqual([
      [2, 'TASK_COUNTRY_MISMATCH'],
      [3, 'TASK_END_BEFORE_START'],
      [4, 'TASK_DATE_INVALID'],
      [5, 'TASK_UNKNOWN_ITEMS'],
      [6, 'TASK_NO_SCOPE'],
      [7, 'TASK_UNKNOWN_LOCATION'],
      [9, 'TASK_DUPLICATE_ROW'],
    ]);
  });
});
