/**
 * User Access (issue 13) against the test seed over real HTTP (app.inject) on a real database: access,
 * the list scoped to the market (and to a DT-limited admin's distributors), search and filters, the
 * export, the edit with the rules of spec section 6 (escalation refused, another market's users out of
 * reach), deactivation (the open session refused on its next call), end sessions, the audit entries,
 * and a change of scope effective at the user's next request with no stale cached answer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ALL_DT_ACCESS,
  DEMO_PASSWORD,
  USER_ACCESS_API,
  type DailyTrendAnswer,
  type Envelope,
  type UserAccessDetail,
  type UserAccessRow,
  type UserActionResult,
  type TablePage,
} from '@fieldforce/contracts';
import { readDataVersion } from '../../src/db/data-version.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { call, createDtLimitedAdmin, signIn } from '../outlet-status/helpers.js';

let t: TestApp;
let adminVn: string;
let adminBd: string;
let tlVn: string;
let dtAdminVn: string;
let dtAdminEmail: string;
let superAdmin: string;

const dataOf = <T>(res: { json(): unknown }) => (res.json() as Envelope<T>)['response-data'];
const errorsOf = (res: { json(): unknown }) => (res.json() as Envelope<null>).errors;

async function userId(email: string): Promise<string> {
  const { rows } = await t.app.db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [email]);
  return rows[0]!.id;
}
async function userRow(email: string) {
  const { rows } = await t.app.db.query<{
    role: string;
    dt_access_codes: string;
    country_codes: string;
    status: string;
    user_type: string;
    is_super_user: boolean;
    access_to_ucube: boolean;
  }>('SELECT * FROM users WHERE email = $1', [email]);
  return rows[0]!;
}
async function auditOf(target: string) {
  const { rows } = await t.app.db.query<{
    action: string;
    actor_id: string;
    market: string;
    before: Record<string, unknown>;
    after: Record<string, unknown>;
  }>(
    `SELECT action, actor_id, market, before, after FROM audit_log WHERE tool = 'userAccess' AND target = $1
      ORDER BY at, id`,
    [target],
  );
  return rows;
}
const vnDts = async () =>
  (
    await t.app.db.query<{ dt_code: string }>(
      `SELECT dt_code FROM distributors WHERE country_code = 'vn' ORDER BY dt_code`,
    )
  ).rows.map((r) => r.dt_code);

const list = (token: string, query = '', market = 'vn') =>
  call(t.app, token, 'GET', `${USER_ACCESS_API}/filterResult?countryCode=${market}&pageSize=200${query}`);
const put = (token: string, body: Record<string, unknown>, market = 'vn') =>
  call(t.app, token, 'PUT', `${USER_ACCESS_API}?countryCode=${market}`, body);
const action = (token: string, path: string, id: string, market = 'vn') =>
  call(t.app, token, 'POST', `${USER_ACCESS_API}/${path}?countryCode=${market}`, { userId: id });

/** A copy of a demo user with another email (and changes), signing in with the demo password. */
async function cloneUser(from: string, email: string, set: string): Promise<string> {
  await t.app.db.query(
    `INSERT INTO users (email, name, role, user_type, access_to_ucube, access_to_operational_dashboards,
                        is_super_user, dt_access_codes, country_codes, home_country_code, password_hash,
                        password_changed_at)
     SELECT $1, 'Clone of ' || name, role, user_type, access_to_ucube, access_to_operational_dashboards,
            is_super_user, dt_access_codes, country_codes, home_country_code, password_hash, password_changed_at
     FROM users WHERE email = $2`,
    [email, from],
  );
  await t.app.db.query(
    `INSERT INTO user_bsa (user_id, bsa, position)
     SELECT (SELECT id FROM users WHERE email = $1), bsa, position FROM user_bsa
      WHERE user_id = (SELECT id FROM users WHERE email = $2)`,
    [email, from],
  );
  if (set) await t.app.db.query(`UPDATE users SET ${set} WHERE email = $1`, [email]);
  return email;
}

beforeAll(async () => {
  t = await createTestApp({ seed: true, config: { AUTH_RATE_LIMIT_PER_MINUTE: 100_000 } });
  adminVn = await signIn(t.app, 'admin.vn@demo.test', 'vn');
  adminBd = await signIn(t.app, 'admin.bd@demo.test', 'bd');
  tlVn = await signIn(t.app, 'tl.vn@demo.test', 'vn');
  const [first, second] = await vnDts();
  dtAdminEmail = await createDtLimitedAdmin(t.app, 'vn', [first!, second!]);
  dtAdminVn = await signIn(t.app, dtAdminEmail, 'vn');
  superAdmin = await signIn(
    t.app,
    await cloneUser('super@demo.test', 'superadmin@demo.test', `user_type = 'admin'`),
    'vn',
  );
}, 120_000);
afterAll(() => t?.close());

describe('access', () => {
  const ROUTES = [
    ['GET', `${USER_ACCESS_API}/list`],
    ['GET', `${USER_ACCESS_API}/filterResult`],
    ['GET', `${USER_ACCESS_API}/fileExport`],
    ['GET', `${USER_ACCESS_API}/filters`],
    ['GET', `${USER_ACCESS_API}/user?userId=x`],
    ['PUT', USER_ACCESS_API],
    ['POST', `${USER_ACCESS_API}/deactivate`],
    ['POST', `${USER_ACCESS_API}/reactivate`],
    ['POST', `${USER_ACCESS_API}/endSessions`],
  ] as const;
  it.each(ROUTES)('%s %s: 401 without a token, 403 for a user who is not an admin', async (method, url) => {
    const sep = url.includes('?') ? '&' : '?';
    const body = method === 'GET' ? undefined : { userId: 'x' };
    expect((await call(t.app, null, method, `${url}${sep}countryCode=vn`, body)).statusCode).toBe(401);
    expect((await call(t.app, tlVn, method, `${url}${sep}countryCode=vn`, body)).statusCode).toBe(403);
  });
});

describe('the list', () => {
  it('holds the market’s users only, with their access, BSAs and last sign-in', async () => {
    const res = await list(adminVn);
    expect(res.statusCode).toBe(200);
    const page = dataOf<TablePage<UserAccessRow>>(res);
    const { rows } = await t.app.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM users WHERE 'vn' = ANY(string_to_array(replace(country_codes, ' ', ''), ','))`,
    );
    expect(page.total).toBe(rows[0]!.n);
    expect(page.rows.every((r) => r.markets.split(',').includes('vn'))).toBe(true);
    expect(page.rows.some((r) => r.email === 'admin.bd@demo.test')).toBe(false);
    const admin = page.rows.find((r) => r.email === 'admin.vn@demo.test')!;
    expect(admin).toMatchObject({
      admin: 1,
      accessToUcube: 1,
      accessToOperationalDashboards: 1,
      status: 'active',
    });
    expect(admin.lastLoginAt).not.toBeNull();
    const reports = page.rows.find((r) => r.email === 'reports.vn@demo.test')!;
    expect(reports).toMatchObject({ admin: 0, accessToUcube: 0, accessToOperationalDashboards: 1 });
    expect(reports.dtAccessCodes.split(',')).toHaveLength(2);
    expect(page.can).toEqual({ view: true, edit: true, upload: true, export: true });
  });

  it('searches names and emails and filters by role, flags, admin, DT code, status and last sign-in', async () => {
    const emails = async (query: string) =>
      dataOf<TablePage<UserAccessRow>>(await list(adminVn, query)).rows.map((r) => r.email);
    expect(await emails('&filter_search=TL.VN@demo')).toEqual(['tl.vn@demo.test']);
    // Vietnamese names are found typed with or without their marks, in any case.
    const marked = dataOf<TablePage<UserAccessRow>>(await list(adminVn, '')).rows.find((r) =>
      /[^\x20-\x7e]/.test(r.name),
    )!;
    const plain = marked.name
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/đ/g, 'd')
      .replace(/Đ/g, 'D');
    expect(plain).not.toBe(marked.name);
    for (const typed of [marked.name, plain.toLowerCase(), plain.toUpperCase()]) {
      expect(await emails(`&filter_search=${encodeURIComponent(typed)}`)).toContain(marked.email);
    }
    const admins = await emails('&filter_admin=1');
    expect(admins).toContain('admin.vn@demo.test');
    expect(admins).toContain(dtAdminEmail);
    expect(admins.every((e) => e !== 'tl.vn@demo.test')).toBe(true);
    const noUcube = await emails('&filter_ucube=0');
    expect(noUcube).toEqual(expect.arrayContaining(['reports.vn@demo.test', 'none.vn@demo.test']));
    expect(noUcube).not.toContain('tl.vn@demo.test');
    expect(await emails('&filter_reports=0&filter_ucube=0')).toContain('none.vn@demo.test');
    const dtOperators = await emails(`&filter_role=${encodeURIComponent('DT Operator')}`);
    expect(dtOperators).toContain('dt.vn@demo.test');
    const dtCode = (await userRow('dt.vn@demo.test')).dt_access_codes;
    const holding = await emails(`&filter_dt_code=${dtCode}`);
    expect(holding).toEqual(expect.arrayContaining(['dt.vn@demo.test', 'reports.vn@demo.test']));
    expect(holding).not.toContain('admin.vn@demo.test');
    const signedInToday = await emails(`&filter_last_login_from=${new Date().toISOString().slice(0, 10)}`);
    expect(signedInToday).toContain('admin.vn@demo.test');
    expect(await emails('&filter_last_login_to=2000-01-01')).toEqual([]);
    const invited = await emails('&filter_status=invited');
    expect(invited.length).toBeGreaterThan(0);
    expect(invited).not.toContain('admin.vn@demo.test');
  });

  it('refuses a malformed day or flag with a 400 naming the field', async () => {
    const res = await list(adminVn, '&filter_last_login_from=2026-02-31');
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res)?.fields?.[0]?.field).toBe('querystring.filter_last_login_from');
    expect((await list(adminVn, '&filter_admin=2')).statusCode).toBe(400);
  });

  it('sorts by name, role or a flag, both ways', async () => {
    const names = dataOf<TablePage<UserAccessRow>>(await list(adminVn, '&sort=-name')).rows.map(
      (r) => r.name,
    );
    expect(names).toEqual([...names].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)));
    expect((await list(adminVn, '&sort=admin')).statusCode).toBe(200);
    expect((await list(adminVn, '&sort=lastLoginAt')).statusCode).toBe(400);
  });

  it('shows a DT-limited admin only the users whose DT codes all lie among theirs', async () => {
    const mine = (await userRow(dtAdminEmail)).dt_access_codes.split(',');
    const page = dataOf<TablePage<UserAccessRow>>(await list(dtAdminVn));
    expect(page.total).toBeGreaterThan(0);
    for (const row of page.rows) {
      const codes = row.dtAccessCodes.split(',');
      expect(codes.every((c) => mine.includes(c))).toBe(true);
    }
    expect(page.rows.some((r) => r.email === 'admin.vn@demo.test')).toBe(false);
    // Not even by id.
    const res = await call(
      t.app,
      dtAdminVn,
      'GET',
      `${USER_ACCESS_API}/user?countryCode=vn&userId=${await userId('admin.vn@demo.test')}`,
    );
    expect(res.statusCode).toBe(404);
  });

  it('exports the same users as CSV, in the market only', async () => {
    const total = dataOf<TablePage<UserAccessRow>>(await list(adminVn, '&filter_admin=1')).total;
    const res = await call(
      t.app,
      adminVn,
      'GET',
      `${USER_ACCESS_API}/fileExport?countryCode=vn&filter_admin=1`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe(String(total));
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toContain('Email');
    expect(lines).toHaveLength(total + 1);
    expect(res.body).not.toContain('admin.bd@demo.test');
  });
});

describe('editing access (spec section 6)', () => {
  it('changes role, flags, DT codes and BSAs in one transaction with an audit entry and a data-version bump', async () => {
    const id = await userId('none.vn@demo.test');
    const [dt1] = await vnDts();
    const version = await readDataVersion(t.app.db);
    const res = await put(adminVn, {
      userId: id,
      role: 'Supervisor',
      accessToUcube: true,
      dtAccessCodes: [dt1],
      bsa: ['Distributor'],
    });
    expect(res.statusCode).toBe(200);
    const detail = dataOf<UserAccessDetail>(res);
    expect(detail.user).toMatchObject({
      role: 'Supervisor',
      accessToUcube: true,
      dtAccessCodes: [dt1],
      bsa: ['Distributor'],
    });
    expect(await userRow('none.vn@demo.test')).toMatchObject({ role: 'Supervisor', dt_access_codes: dt1 });
    expect(await readDataVersion(t.app.db)).not.toBe(version);
    const audit = await auditOf('none.vn@demo.test');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'user.access.update',
      actor_id: await userId('admin.vn@demo.test'),
      market: 'vn',
      after: { role: 'Supervisor', accessToUcube: true, dtAccessCodes: [dt1], bsa: ['Distributor'] },
    });
    expect(audit[0]!.before).toMatchObject({ role: 'CD VP', accessToUcube: false });
    // The Activity Log shows it.
    const log = await call(t.app, adminVn, 'GET', '/api/admin/activityLog?countryCode=vn&tool=userAccess');
    expect(dataOf<TablePage<{ action: string; target: string }>>(log).rows[0]).toMatchObject({
      action: 'user.access.update',
      target: 'none.vn@demo.test',
    });
  });

  it('saves nothing (no audit, same version) when nothing changes', async () => {
    const id = await userId('tl.vn@demo.test');
    const version = await readDataVersion(t.app.db);
    const res = await put(adminVn, { userId: id, role: (await userRow('tl.vn@demo.test')).role });
    expect(res.statusCode).toBe(200);
    expect(await readDataVersion(t.app.db)).toBe(version);
    expect(await auditOf('tl.vn@demo.test')).toHaveLength(0);
  });

  it('refuses a market the admin does not hold, and a user of another market', async () => {
    const id = await userId('head.vn@demo.test');
    const res = await put(adminVn, { userId: id, markets: ['vn', 'bd'] });
    expect(res.statusCode).toBe(403);
    expect(errorsOf(res)?.fields).toEqual([
      { field: 'body.markets', message: 'You cannot give access to bd: you do not hold that market.' },
    ]);
    // A bd user is not a user of vn: 404 in vn, and the bd market is refused to a vn admin outright.
    const bdUser = await userId('head.bd@demo.test');
    expect((await put(adminVn, { userId: bdUser, role: 'CD VP' })).statusCode).toBe(404);
    expect((await put(adminVn, { userId: bdUser, role: 'CD VP' }, 'bd')).statusCode).toBe(403);
    expect((await userRow('head.bd@demo.test')).role).not.toBe('CD VP');
    // A user who holds vn and bd is out of reach of an admin holding vn only.
    await cloneUser('reports.vn@demo.test', 'both.vnbd@demo.test', `country_codes = 'vn,bd'`);
    const both = await put(adminVn, { userId: await userId('both.vnbd@demo.test'), role: 'Supervisor' });
    expect(both.statusCode).toBe(403);
    expect(errorsOf(both)?.shortDescription).toBe('This user also belongs to bd, a market you do not hold.');
    // …but not of the Super User admin.
    const bySuper = await put(superAdmin, {
      userId: await userId('both.vnbd@demo.test'),
      role: 'Supervisor',
    });
    expect(bySuper.statusCode).toBe(200);
    expect(await auditOf('head.vn@demo.test')).toHaveLength(0);
  });

  it('refuses DT codes outside a limited admin’s scope, and every distributor', async () => {
    const [dt1, dt2, dt3] = await vnDts();
    await cloneUser(dtAdminEmail, 'scoped.vn@demo.test', `user_type = 'user', dt_access_codes = '${dt1}'`);
    const id = await userId('scoped.vn@demo.test');
    const outside = await put(dtAdminVn, { userId: id, dtAccessCodes: [dt1, dt3] });
    expect(outside.statusCode).toBe(403);
    expect(errorsOf(outside)?.fields?.[0]?.message).toBe(
      `You cannot give DT code ${dt3}: it is outside your distributors.`,
    );
    const all = await put(dtAdminVn, { userId: id, dtAccessCodes: [ALL_DT_ACCESS] });
    expect(all.statusCode).toBe(403);
    expect((await put(dtAdminVn, { userId: id, dtAccessCodes: [] })).statusCode).toBe(403);
    expect((await userRow('scoped.vn@demo.test')).dt_access_codes).toBe(dt1);
    // Within scope: allowed.
    expect((await put(dtAdminVn, { userId: id, dtAccessCodes: [dt1, dt2] })).statusCode).toBe(200);
    // An admin with every distributor may give All (Super Access).
    expect((await put(adminVn, { userId: id, dtAccessCodes: [ALL_DT_ACCESS, dt1] })).statusCode).toBe(200);
    expect((await userRow('scoped.vn@demo.test')).dt_access_codes).toBe(ALL_DT_ACCESS);
  });

  it('refuses Super User rights from an admin who is not a Super User', async () => {
    const id = await userId('head.vn@demo.test');
    const flag = await put(adminVn, { userId: id, isSuperUser: true });
    expect(flag.statusCode).toBe(403);
    expect(errorsOf(flag)?.fields?.[0]).toEqual({
      field: 'body.isSuperUser',
      message: 'Only a Super User may grant Super User rights.',
    });
    expect((await put(adminVn, { userId: id, role: 'Super User' })).statusCode).toBe(403);
    expect(await userRow('head.vn@demo.test')).toMatchObject({ is_super_user: false });
    expect((await put(superAdmin, { userId: id, isSuperUser: true, role: 'Super User' })).statusCode).toBe(
      200,
    );
    expect(await userRow('head.vn@demo.test')).toMatchObject({ is_super_user: true, role: 'Super User' });
    await put(superAdmin, { userId: id, isSuperUser: false, role: 'Branch Manager' });
  });

  it('refuses UCube access from an admin who lacks it, and the removal of one’s own admin right', async () => {
    const noUcube = await signIn(
      t.app,
      await cloneUser('admin.vn@demo.test', 'noucube.admin@demo.test', 'access_to_ucube = false'),
      'vn',
    );
    const id = await userId('reports.vn@demo.test');
    const res = await put(noUcube, { userId: id, accessToUcube: true });
    expect(res.statusCode).toBe(403);
    expect(errorsOf(res)?.fields?.[0]?.field).toBe('body.accessToUcube');
    // Removing is always allowed.
    expect(
      (await put(noUcube, { userId: await userId('tl.vn@demo.test'), accessToOperationalDashboards: false }))
        .statusCode,
    ).toBe(200);
    await put(adminVn, { userId: await userId('tl.vn@demo.test'), accessToOperationalDashboards: true });

    const self = await put(adminVn, { userId: await userId('admin.vn@demo.test'), isAdmin: false });
    expect(self.statusCode).toBe(403);
    expect(errorsOf(self)?.shortDescription).toBe('You cannot remove your own admin right.');
    expect((await userRow('admin.vn@demo.test')).user_type).toBe('admin');
  });

  it('refuses unknown roles, BSAs and DT codes with a 400', async () => {
    const id = await userId('reports.vn@demo.test');
    expect((await put(adminVn, { userId: id, role: 'Emperor' })).statusCode).toBe(400);
    expect((await put(adminVn, { userId: id, bsa: ['Spaceships'] })).statusCode).toBe(400);
    const dt = await put(adminVn, { userId: id, dtAccessCodes: ['NOSUCHDT'] });
    expect(dt.statusCode).toBe(400);
    expect(errorsOf(dt)?.fields?.[0]?.message).toBe(
      'DT code NOSUCHDT is not a distributor of the user’s markets.',
    );
    const bdDt = (
      await t.app.db.query<{ dt_code: string }>(
        `SELECT dt_code FROM distributors WHERE country_code = 'bd' LIMIT 1`,
      )
    ).rows[0]!.dt_code;
    expect((await put(adminVn, { userId: id, dtAccessCodes: [bdDt] })).statusCode).toBe(400);
    expect((await put(adminVn, { userId: id, markets: [] })).statusCode).toBe(400);
  });

  it('offers only what the admin may grant', async () => {
    const [dt1] = await vnDts();
    await cloneUser(dtAdminEmail, 'scoped2.vn@demo.test', `user_type = 'user', dt_access_codes = '${dt1}'`);
    const res = await call(
      t.app,
      dtAdminVn,
      'GET',
      `${USER_ACCESS_API}/user?countryCode=vn&userId=${await userId('scoped2.vn@demo.test')}`,
    );
    const detail = dataOf<UserAccessDetail>(res);
    const mine = (await userRow(dtAdminEmail)).dt_access_codes.split(',');
    expect(detail.dtOptions.map((d) => d.code).sort()).toEqual([...mine].sort());
    expect(detail.grantor).toMatchObject({ superUser: false, markets: ['vn'], dtCodes: mine });
    expect(detail.roles).not.toContain('Super User');
  });
});

describe('the Activity Log', () => {
  it('shows an admin limited to DT codes the changes to users within them only', async () => {
    const [dt1] = await vnDts();
    await cloneUser(dtAdminEmail, 'logged.vn@demo.test', `user_type = 'user', dt_access_codes = '${dt1}'`);
    await cloneUser(
      dtAdminEmail,
      'far.vn@demo.test',
      `user_type = 'user', dt_access_codes = '${ALL_DT_ACCESS}'`,
    );
    for (const email of ['logged.vn@demo.test', 'far.vn@demo.test']) {
      expect((await put(adminVn, { userId: await userId(email), role: 'Team Leader' })).statusCode).toBe(200);
    }
    const targets = async (token: string) =>
      dataOf<TablePage<{ target: string }>>(
        await call(t.app, token, 'GET', '/api/admin/activityLog?countryCode=vn&tool=userAccess&pageSize=200'),
      ).rows.map((r) => r.target);
    const limited = await targets(dtAdminVn);
    expect(limited).toContain('logged.vn@demo.test');
    expect(limited).not.toContain('far.vn@demo.test');
    expect(await targets(adminVn)).toEqual(
      expect.arrayContaining(['logged.vn@demo.test', 'far.vn@demo.test']),
    );
  });
});

describe('deactivation and sessions', () => {
  it('deactivating a user refuses their open session on its next call and their sign-in; reactivating lets them in', async () => {
    const email = await cloneUser('tl.vn@demo.test', 'leaver.vn@demo.test', '');
    const token = await signIn(t.app, email, 'vn');
    const profile = () => call(t.app, token, 'POST', '/api/fb/users/profile?countryCode=vn', { email });
    expect((await profile()).statusCode).toBe(200);
    const id = await userId(email);

    const res = await action(adminVn, 'deactivate', id);
    expect(res.statusCode).toBe(200);
    const result = dataOf<UserActionResult>(res);
    expect(result.endedSessions).toBe(1);
    expect(result.user).toMatchObject({ status: 'disabled', activeSessions: 0 });
    const { rows } = await t.app.db.query<{ name: string }>(
      `SELECT name FROM users WHERE email = 'admin.vn@demo.test'`,
    );
    expect(result.user.deactivatedByName).toBe(rows[0]!.name);

    const next = await profile();
    expect(next.statusCode).toBe(401);
    expect(errorsOf(next)?.code).toBe('SESSION_ENDED');
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/fb/accounts/login?countryCode=vn',
      payload: { email, password: DEMO_PASSWORD, deviceId: 'after deactivation' },
    });
    expect(login.statusCode).toBe(401);
    const page = dataOf<TablePage<UserAccessRow>>(await list(adminVn, '&filter_status=disabled'));
    expect(page.rows.find((r) => r.email === email)?.deactivatedAt).not.toBeNull();

    expect(dataOf<UserActionResult>(await action(adminVn, 'reactivate', id)).user.status).toBe('active');
    expect((await profile()).statusCode).toBe(401); // the ended session stays ended
    await signIn(t.app, email, 'vn');
    expect((await auditOf(email)).map((a) => a.action)).toEqual(['user.deactivate', 'user.reactivate']);
  });

  it('ends every session of one user at once, in the activity log', async () => {
    const email = await cloneUser('tl.vn@demo.test', 'twodevices.vn@demo.test', '');
    const first = await signIn(t.app, email, 'vn');
    const second = await signIn(t.app, email, 'vn');
    const res = await action(adminVn, 'endSessions', await userId(email));
    expect(res.statusCode, res.body).toBe(200);
    expect(dataOf<UserActionResult>(res)).toMatchObject({
      endedSessions: 2,
      user: { status: 'active', activeSessions: 0 },
    });
    for (const token of [first, second]) {
      const next = await call(t.app, token, 'POST', '/api/fb/users/profile?countryCode=vn', { email });
      expect(errorsOf(next)?.code).toBe('SESSION_ENDED');
    }
    await signIn(t.app, email, 'vn');
    const audit = await auditOf(email);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'user.sessions.end', after: { endedSessions: 2 } });
  });

  it('refuses to deactivate oneself, and a non-admin', async () => {
    const self = await action(adminVn, 'deactivate', await userId('admin.vn@demo.test'));
    expect(self.statusCode).toBe(403);
    expect((await action(tlVn, 'deactivate', await userId('none.vn@demo.test'))).statusCode).toBe(403);
    expect((await action(adminBd, 'deactivate', await userId('none.vn@demo.test'), 'bd')).statusCode).toBe(
      404,
    );
    expect((await userRow('admin.vn@demo.test')).status).toBe('active');
  });
});

describe('a change of scope at the user’s next request', () => {
  const trend = (token: string) => call(t.app, token, 'GET', '/api/ucube/daily-trend?countryCode=vn');

  it('answers with the new BSAs even when the data version has not moved (no stale cached answer)', async () => {
    // A CD VP sees the market from the top: no place in the hierarchy needed.
    const email = await cloneUser('tl.vn@demo.test', 'bsa.vn@demo.test', `role = 'CD VP'`);
    const id = await userId(email);
    await t.app.db.query('DELETE FROM user_bsa WHERE user_id = $1', [id]);
    await t.app.db.query(
      `INSERT INTO user_bsa (user_id, bsa, position) VALUES ($1, 'Distributor', 1), ($1, 'Ice Cream', 2)`,
      [id],
    );
    const token = await signIn(t.app, email, 'vn');
    const before = await trend(token);
    expect(before.statusCode).toBe(200);
    expect(dataOf<DailyTrendAnswer>(before).bsa).toBe('Distributor');
    // Another process (or a bulk upload) changes the BSAs; this process has not seen a new data version.
    await t.app.db.query(`DELETE FROM user_bsa WHERE user_id = $1 AND bsa = 'Distributor'`, [id]);
    const after = await trend(token);
    expect(dataOf<DailyTrendAnswer>(after).bsa).toBe('Ice Cream');
  });

  it('applies an admin’s edit of access and DT scope at the next request', async () => {
    const email = await cloneUser('dt.vn@demo.test', 'dtop.vn@demo.test', '');
    const token = await signIn(t.app, email, 'vn');
    const id = await userId(email);
    expect((await trend(token)).statusCode).toBe(200);
    // UCube access removed: the next UCube call is refused.
    expect((await put(adminVn, { userId: id, accessToUcube: false })).statusCode).toBe(200);
    expect((await trend(token)).statusCode).toBe(403);
    expect((await put(adminVn, { userId: id, accessToUcube: true })).statusCode).toBe(200);
    const withOne = dataOf<DailyTrendAnswer>(await trend(token));
    // DT scope widened to every distributor: the month's totals cover more.
    expect((await put(adminVn, { userId: id, dtAccessCodes: [ALL_DT_ACCESS] })).statusCode).toBe(200);
    const withAll = dataOf<DailyTrendAnswer>(await trend(token));
    expect(JSON.stringify(withAll)).not.toBe(JSON.stringify(withOne));
    // Reports access removed: the next report call is refused.
    expect((await put(adminVn, { userId: id, accessToOperationalDashboards: false })).statusCode).toBe(200);
    const report = await call(
      t.app,
      token,
      'GET',
      '/api/reports/salesperson-visit-summary?countryCode=vn&from=2026-11-01&to=2026-11-20',
    );
    expect(report.statusCode).toBe(403);
  });
});
