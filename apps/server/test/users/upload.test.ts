/**
 * The user access bulk upload (issue 13; spec sections 5, 7 and 8) through the real call
 * (POST /api/fb/users, multipart `file` and `updatedBy`, headers customerToken and countryCode) on a
 * real database: files written by exceljs and by LibreOffice Calc (.xlsx and SpreadsheetML 2003 .xml,
 * fixtures/libreoffice), every row rule and its message, all-or-nothing, the uploader's scope (no
 * escalation, no other market), salesman uploads, the preview, the error sheet, the audit entry and
 * the data version.
 */
import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  IMPORT_MESSAGES,
  importMessage,
  SALESMAN_UPLOAD_HEADERS,
  USER_UPLOAD_HEADERS,
  type Envelope,
  type ImportMessageCode,
  type UserUploadPreview,
} from '@fieldforce/contracts';
import { readDataVersion } from '../../src/db/data-version.js';
import { importDefinition } from '../../src/lib/imports/definition.js';
import { spreadsheetRecords } from '../../src/lib/imports/xlsx.js';
import { buildDistributor, buildSalesman } from '../factories.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createDtLimitedAdmin, signIn } from '../outlet-status/helpers.js';

const FIXTURES = new URL('../fixtures/libreoffice/', import.meta.url);
const BOUNDARY = '----fieldforce-user-upload';

let t: TestApp;
let adminVn: string;
let adminTh: string;
let superUser: string;
let dtLimitedVn: string;
let tlVn: string;

type Cell = string | number | null;

async function workbook(headers: readonly string[], rows: Cell[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Users');
  ws.addRow([...headers]);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
const usersFile = (...rows: Cell[][]) => workbook(USER_UPLOAD_HEADERS, rows);
const salesmenFile = (...rows: Cell[][]) => workbook(SALESMAN_UPLOAD_HEADERS, rows);

const updatedByPart = (value: string) =>
  Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="updatedBy"\r\n\r\n${value}\r\n`);
const END = Buffer.from(`--${BOUNDARY}--\r\n`);

/** POSTs a multipart body to `url` (the upload by default). */
function postForm(token: string, payload: Buffer, url = '/api/fb/users', market = 'vn') {
  return t.app.inject({
    method: 'POST',
    url,
    headers: {
      customertoken: token,
      countrycode: market,
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
    },
    payload,
  });
}

function body(name: string, content: Buffer, updatedBy?: string): Buffer {
  const parts: Buffer[] = [];
  if (updatedBy !== undefined) parts.push(updatedByPart(updatedBy));
  parts.push(
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    content,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  );
  return Buffer.concat(parts);
}

function upload(
  token: string,
  file: { name: string; content: Buffer },
  options: { market?: string; userType?: 'salesman'; preview?: boolean; updatedBy?: string } = {},
) {
  const query = new URLSearchParams();
  if (options.userType) query.set('userType', options.userType);
  if (options.preview) query.set('preview', 'true');
  return postForm(
    token,
    body(file.name, file.content, options.updatedBy),
    `/api/fb/users${query.size ? `?${query}` : ''}`,
    options.market,
  );
}

type Answer = Envelope<unknown> & {
  errors: { shortDescription: string; fields?: Array<{ field: string; message: string }> } | null;
};
const answer = (res: { json(): unknown }) => res.json() as Answer;
const rowMessage = (code: ImportMessageCode, row: number, params: Record<string, string | number> = {}) =>
  importMessage(code, { row, ...params }).message;

async function usersState() {
  const { rows } = await t.app.db.query<{ email: string; role: string; dt: string; bsa: string | null }>(
    `SELECT u.email, u.role, u.dt_access_codes AS dt,
            (SELECT string_agg(b.bsa, ',' ORDER BY b.position) FROM user_bsa b WHERE b.user_id = u.id) AS bsa
       FROM users u ORDER BY u.email`,
  );
  const audit = await t.app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_log');
  return { users: rows, version: await readDataVersion(t.app.db), audit: audit.rows[0]!.n };
}

async function user(email: string) {
  const { rows } = await t.app.db.query<{
    name: string;
    role: string;
    user_type: string;
    access_to_ucube: boolean;
    access_to_operational_dashboards: boolean;
    is_super_user: boolean;
    dt_access_codes: string;
    country_codes: string;
    status: string;
    bsa: string[] | null;
  }>(
    `SELECT u.*, (SELECT array_agg(b.bsa ORDER BY b.position) FROM user_bsa b WHERE b.user_id = u.id) AS bsa
       FROM users u WHERE u.email = $1`,
    [email],
  );
  return rows[0];
}

const row = (
  email: string,
  overrides: Partial<Record<(typeof USER_UPLOAD_HEADERS)[number], Cell>> = {},
): Cell[] => {
  const base: Record<string, Cell> = {
    Email: email,
    Name: 'Upload User',
    Role: 'Area Sales Manager',
    'User Type': 'user',
    'Access To UCube': 'YES',
    'Access To Operational Dashboards': 'YES',
    'Super User': 'NO',
    'DT Access Codes': 'VNUP1',
    'Country Codes': 'vn',
    BSA: 'Distributor',
    ...overrides,
  };
  return USER_UPLOAD_HEADERS.map((h) => base[h] ?? null);
};

beforeAll(async () => {
  t = await createTestApp({ seed: true, config: { AUTH_RATE_LIMIT_PER_MINUTE: 100_000 } });
  await buildDistributor(t.app.db, { countryCode: 'vn', dtCode: 'VNUP1', dtSiteCode: 'VNUP1S1' });
  await buildDistributor(t.app.db, { countryCode: 'vn', dtCode: 'VNUP2', dtSiteCode: 'VNUP2S1' });
  await buildDistributor(t.app.db, { countryCode: 'th', dtCode: 'THUP1', dtSiteCode: 'THUP1S1' });
  // A salesman at VNUP1S1 brings its team leader (VNUP2S1 has none).
  await buildSalesman(t.app.db, {
    countryCode: 'vn',
    smCode: 'VNUPSM1',
    phone: '+84901230001',
    dtCode: 'VNUP1',
    dtSiteCode: 'VNUP1S1',
  });
  adminVn = await signIn(t.app, 'admin.vn@demo.test', 'vn');
  adminTh = await signIn(t.app, 'admin.th@demo.test', 'th');
  // The demo Super User is no admin: an admin copy of it (same password).
  await t.app.db.query(
    `INSERT INTO users (email, name, role, user_type, access_to_ucube, access_to_operational_dashboards,
                        is_super_user, dt_access_codes, country_codes, home_country_code, password_hash,
                        password_changed_at)
     SELECT 'superadmin@demo.test', 'Super Admin', role, 'admin', access_to_ucube, access_to_operational_dashboards,
            is_super_user, dt_access_codes, country_codes, home_country_code, password_hash, password_changed_at
       FROM users WHERE email = 'super@demo.test'`,
  );
  superUser = await signIn(t.app, 'superadmin@demo.test', 'vn');
  tlVn = await signIn(t.app, 'tl.vn@demo.test', 'vn');
  dtLimitedVn = await signIn(t.app, await createDtLimitedAdmin(t.app, 'vn', ['VNUP2']), 'vn');
}, 120_000);
afterAll(() => t?.close());

describe('the import definitions', () => {
  it('registers users and salesmen with the templates, 25 MB and .xlsx / .xml', () => {
    const users = importDefinition('users')!;
    const salesmen = importDefinition('salesmen')!;
    expect(users.headers).toEqual(USER_UPLOAD_HEADERS);
    expect(salesmen.headers).toEqual(SALESMAN_UPLOAD_HEADERS);
    for (const def of [users, salesmen]) {
      expect(def.maxBytes).toBe(25 * 1024 * 1024);
      expect(def.extensions).toEqual(['.xlsx', '.xml']);
      expect(def.tool).toBe('userAccess');
    }
  });
});

describe('files from LibreOffice Calc and exceljs', () => {
  for (const ext of ['xlsx', 'xml'] as const) {
    it(`applies Calc's .${ext}: users created by email, lower-cased, BSA in file order`, async () => {
      await t.app.db.query(
        `DELETE FROM users WHERE email IN ('calc.one@example.com', 'calc.two@example.com')`,
      );
      const content = readFileSync(new URL(`users-calc.${ext}`, FIXTURES));
      const preview = await upload(adminVn, { name: `users-calc.${ext}`, content }, { preview: true });
      expect(preview.statusCode, preview.body).toBe(200);
      expect(answer(preview)['response-data'] as UserUploadPreview).toMatchObject({
        rows: 2,
        create: 2,
        update: 0,
        unchanged: 0,
        errorCount: 0,
        errorFileId: null,
        fileName: `users-calc.${ext}`,
      });
      const res = await upload(
        adminVn,
        { name: `users-calc.${ext}`, content },
        { updatedBy: 'admin.vn@demo.test' },
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(answer(res)).toMatchObject({ statusCode: 200, 'response-data': 'success' });
      expect(await user('calc.one@example.com')).toMatchObject({
        name: 'Calc One',
        role: 'Area Sales Manager',
        user_type: 'user',
        access_to_ucube: true,
        access_to_operational_dashboards: false,
        dt_access_codes: 'VNUP1',
        country_codes: 'vn',
        status: 'invited',
        bsa: ['Distributor'],
      });
      expect(await user('calc.two@example.com')).toMatchObject({
        user_type: 'admin',
        dt_access_codes: 'VNUP1,VNUP2',
        country_codes: 'vn',
        bsa: ['Ice Cream', 'Distributor'],
      });
    });

    it(`applies Calc's salesman .${ext} (a phone typed as a number)`, async () => {
      await t.app.db.query(`DELETE FROM salesmen WHERE sm_code = 'VNCALC1'`);
      await t.app.db.query(`DELETE FROM hierarchy_members WHERE employee_code = 'VNCALC1'`);
      await t.app.db.query(`DELETE FROM users WHERE email = 'calc.sm1@example.com'`);
      const content = readFileSync(new URL(`salesmen-calc.${ext}`, FIXTURES));
      const res = await upload(adminVn, { name: `salesmen-calc.${ext}`, content }, { userType: 'salesman' });
      expect(res.statusCode, res.body).toBe(200);
      const { rows } = await t.app.db.query<{
        phone: string;
        dt_code: string;
        email: string;
        role: string;
        manager: boolean;
      }>(
        `SELECT s.phone, s.dt_code, u.email, u.role, (m.manager_id = s.team_leader_member_id) AS manager
           FROM salesmen s JOIN users u ON u.id = s.user_id JOIN hierarchy_members m ON m.id = s.member_id
          WHERE s.sm_code = 'VNCALC1'`,
      );
      expect(rows).toEqual([
        {
          phone: '+84907770001',
          dt_code: 'VNUP1',
          email: 'calc.sm1@example.com',
          role: 'Salesman',
          manager: true,
        },
      ]);
    });
  }

  it('reads the same rows from the exceljs file and from its Calc copies', async () => {
    const exceljs = await usersFile(
      [
        'calc.one@example.com',
        'Calc One',
        'Area Sales Manager',
        'user',
        'YES',
        'NO',
        'NO',
        'VNUP1',
        'vn',
        'Distributor',
      ],
      [
        'Calc.Two@Example.com',
        'Calc Two',
        'CD VP',
        'admin',
        'YES',
        'YES',
        'NO',
        'VNUP1,VNUP2',
        '',
        'Ice Cream,Distributor',
      ],
    );
    const fromExceljs = spreadsheetRecords(exceljs).map((r) => r.map((c) => c ?? ''));
    for (const ext of ['xlsx', 'xml'])
      expect(spreadsheetRecords(readFileSync(new URL(`users-calc.${ext}`, FIXTURES)))).toEqual(
        fromExceljs.map((r) => USER_UPLOAD_HEADERS.map((_, i) => r[i] ?? '')),
      );
  });
});

describe('create or update by email, all or nothing', () => {
  it('updates a known email, counts unchanged rows, audits and bumps the data version', async () => {
    const first = await usersFile(row('keep.me@example.com'), row('change.me@example.com'));
    expect((await upload(adminVn, { name: 'a.xlsx', content: first })).statusCode).toBe(200);
    const version = await readDataVersion(t.app.db);
    const second = await usersFile(
      row('keep.me@example.com'),
      row('CHANGE.me@example.com', { Role: 'Branch Manager', BSA: 'New Channel,Distributor' }),
      row('new.one@example.com'),
    );
    const preview = await upload(adminVn, { name: 'b.xlsx', content: second }, { preview: true });
    expect(answer(preview)['response-data']).toMatchObject({
      rows: 3,
      create: 1,
      update: 1,
      unchanged: 1,
      errorCount: 0,
    });
    const res = await upload(adminVn, { name: 'b.xlsx', content: second });
    expect(res.statusCode, res.body).toBe(200);
    expect(await user('change.me@example.com')).toMatchObject({
      role: 'Branch Manager',
      bsa: ['New Channel', 'Distributor'],
    });
    expect(await readDataVersion(t.app.db)).not.toBe(version);
    const { rows } = await t.app.db.query<{ action: string; target: string; after: unknown; tool: string }>(
      `SELECT action, target, after, tool FROM audit_log ORDER BY at DESC, id DESC LIMIT 1`,
    );
    expect(rows[0]).toMatchObject({
      action: 'user.upload',
      tool: 'userAccess',
      target: 'b.xlsx',
      after: { created: 1, updated: 1, unchanged: 1, rows: 3 },
    });
  });

  it('a bad last row changes nothing: 400 with the spec message, the row errors and an error sheet', async () => {
    const before = await usersState();
    const content = await usersFile(
      row('fine.one@example.com'),
      row('fine.two@example.com'),
      row('broken@example'),
    );
    const res = await upload(adminVn, { name: 'bad-last.xlsx', content });
    expect(res.statusCode).toBe(400);
    expect(answer(res).errors!.shortDescription).toBe(
      'Upload Failed. Please check file data and upload again.',
    );
    expect(answer(res).errors!.fields).toContainEqual({
      field: 'row 4: Email',
      message: rowMessage('USER_EMAIL_INVALID', 4),
    });
    expect(await usersState()).toEqual(before);

    const preview = await upload(adminVn, { name: 'bad-last.xlsx', content }, { preview: true });
    const p = answer(preview)['response-data'] as UserUploadPreview;
    expect(p).toMatchObject({ rows: 3, create: 2, errorCount: 1 });
    expect(p.errorFileId).toBeTruthy();
    const sheet = await t.app.inject({
      method: 'GET',
      url: `/api/file/download/${p.errorFileId}?countryCode=vn`,
      headers: { customertoken: adminVn },
    });
    expect(sheet.statusCode, sheet.body).toBe(200);
    const lines = sheet.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe([...USER_UPLOAD_HEADERS, 'Error'].join(','));
    expect(lines).toHaveLength(4);
    expect(lines[3]).toContain(rowMessage('USER_EMAIL_INVALID', 4));
    expect(lines[1]!.endsWith(',')).toBe(true);
    expect(await usersState()).toEqual(before);
  });
});

describe('every row rule and its message', () => {
  const cases: Array<[string, Cell[], ImportMessageCode, string, Record<string, string | number>?]> = [
    ['a blank email', row('', {}), 'BLANK_VALUE', 'Email'],
    ['a blank role', row('x1@example.com', { Role: null }), 'BLANK_VALUE', 'Role'],
    ['an email without a 2-4 letter ending', row('x2@example.comcom'), 'USER_EMAIL_INVALID', 'Email'],
    ['an unknown role', row('x3@example.com', { Role: 'Boss' }), 'USER_ROLE_UNKNOWN', 'Role'],
    [
      'a user type other than admin or user',
      row('x4@example.com', { 'User Type': 'guest' }),
      'USER_TYPE_INVALID',
      'User Type',
    ],
    [
      'a flag other than YES or NO',
      row('x5@example.com', { 'Access To UCube': 'Y' }),
      'USER_YES_NO',
      'Access To UCube',
      { header: 'Access To UCube' },
    ],
    ['an unknown BSA', row('x6@example.com', { BSA: 'Frozen' }), 'USER_BSA_UNKNOWN', 'BSA'],
    [
      'an unknown market',
      row('x7@example.com', { 'Country Codes': 'xx' }),
      'USER_MARKET_OUT_OF_SCOPE',
      'Country Codes',
      { code: 'xx' },
    ],
    [
      'a DT code not in the market',
      row('x8@example.com', { 'DT Access Codes': 'THUP1' }),
      'USER_DT_NOT_IN_MARKET',
      'DT Access Codes',
      { code: 'THUP1' },
    ],
    [
      'a market the admin does not hold',
      row('x9@example.com', { 'Country Codes': 'vn,th' }),
      'USER_MARKET_OUT_OF_SCOPE',
      'Country Codes',
      { code: 'th' },
    ],
    [
      'Super User rights',
      row('x10@example.com', { 'Super User': 'YES' }),
      'USER_GRANT_REFUSED',
      'Super User',
      { right: 'Super User rights' },
    ],
    [
      'the Super User role',
      row('x11@example.com', { Role: 'Super User' }),
      'USER_GRANT_REFUSED',
      'Role',
      { right: 'Super User rights' },
    ],
  ];
  for (const [what, cells, code, header, params] of cases) {
    it(`${what}: ${IMPORT_MESSAGES[code]}`, async () => {
      const content = await usersFile(row('ok.row@example.com'), cells);
      const res = await upload(adminVn, { name: 'rule.xlsx', content }, { preview: true });
      const p = answer(res)['response-data'] as UserUploadPreview;
      expect(p.errors.map((e) => ({ row: e.row, header: e.header, message: e.message }))).toContainEqual({
        row: 3,
        header,
        message: rowMessage(code, 3, params),
      });
    });
  }

  it('a repeated email (any case) is named on the repeat', async () => {
    const content = await usersFile(row('twice@example.com'), row('TWICE@example.com'));
    const p = answer(await upload(adminVn, { name: 'dup.xlsx', content }, { preview: true }))[
      'response-data'
    ] as UserUploadPreview;
    expect(p.errors).toEqual([
      expect.objectContaining({ row: 3, header: 'Email', message: rowMessage('USER_EMAIL_DUPLICATE', 3) }),
    ]);
  });

  it('a wrong header is Invalid Template; a file with only the header is empty', async () => {
    const wrong = await workbook(['Email', 'Name'], [['a@example.com', 'A']]);
    const res = await upload(adminVn, { name: 'wrong.xlsx', content: wrong });
    expect(res.statusCode).toBe(400);
    expect(answer(res).errors!.shortDescription).toBe(IMPORT_MESSAGES.INVALID_TEMPLATE);
    const empty = await usersFile();
    expect(
      answer(await upload(adminVn, { name: 'empty.xlsx', content: empty })).errors!.shortDescription,
    ).toBe(IMPORT_MESSAGES.EMPTY_FILE);
  });
});

describe('file refusals with the spec words', () => {
  it("a name not ending in .xlsx or .xml: the spec's message, misspelling included", async () => {
    const content = await usersFile(row('csv.user@example.com'));
    for (const name of ['users.csv', 'users.xls', 'users']) {
      const res = await upload(adminVn, { name, content });
      expect(res.statusCode).toBe(400);
      expect(answer(res).errors!.shortDescription).toBe(
        'There may be duplicate entries or incoreect in the xls. Please check and upload again.',
      );
    }
  });

  it('bytes that are no workbook under an .xlsx name are Invalid Template; no file is the empty-upload message', async () => {
    const res = await upload(adminVn, {
      name: 'fake.xlsx',
      content: Buffer.from('Email,Name\r\na@b.com,A\r\n'),
    });
    expect(answer(res).errors!.shortDescription).toBe(IMPORT_MESSAGES.INVALID_TEMPLATE);
    const none = await postForm(adminVn, Buffer.concat([updatedByPart('admin.vn@demo.test'), END]));
    expect(none.statusCode).toBe(400);
    expect(answer(none).errors!.shortDescription).toBe('Please select a file before uploading.');
  });

  it('updatedBy must be the uploader', async () => {
    const content = await usersFile(row('by.other@example.com'));
    const res = await upload(adminVn, { name: 'u.xlsx', content }, { updatedBy: 'admin.th@demo.test' });
    expect(res.statusCode).toBe(400);
  });

  it('a bad updatedBy is refused before anything is stored (and after the file: the original removed again)', async () => {
    const content = await usersFile(row('by.other@example.com'));
    const count = async () =>
      (
        await t.app.db.query<{ n: number }>(
          `SELECT (SELECT count(*) FROM stored_files) + (SELECT count(*) FROM imports) AS n`,
        )
      ).rows[0]!.n;
    const before = await count();
    const put = vi.spyOn(t.app.files, 'put');
    const remove = vi.spyOn(t.app.files, 'remove');
    try {
      const res = await upload(adminVn, { name: 'u.xlsx', content }, { updatedBy: 'admin.th@demo.test' });
      expect(res.statusCode).toBe(400);
      expect(answer(res).errors!.fields).toEqual([{ field: 'updatedBy', message: 'must be your own email' }]);
      expect(put).not.toHaveBeenCalled();
      // The field after the file: the original was streamed in, and is removed again.
      const after = Buffer.concat([
        body('u.xlsx', content).subarray(0, -END.length),
        updatedByPart('admin.th@demo.test'),
        END,
      ]);
      const late = await postForm(adminVn, after);
      expect(late.statusCode).toBe(400);
      expect(remove.mock.calls.map(([key]) => key)).toEqual(put.mock.calls.map(([key]) => key));
      expect(await t.app.files.size(put.mock.calls[0]![0])).toBeNull();
      expect(await count()).toBe(before);
    } finally {
      put.mockRestore();
      remove.mockRestore();
    }
  });
});

describe('the uploader scope: no escalation, no other market', () => {
  it('non-admins are refused; an admin of another market is refused in vn', async () => {
    const content = await usersFile(row('nope@example.com'));
    expect((await upload(tlVn, { name: 'u.xlsx', content })).statusCode).toBe(403);
    expect((await upload(adminTh, { name: 'u.xlsx', content }, { market: 'vn' })).statusCode).toBe(403);
  });

  it('a DT-limited admin cannot grant all distributors, DT codes or BSAs outside theirs', async () => {
    const content = await usersFile(
      row('scoped.a@example.com', { 'DT Access Codes': null, BSA: null }),
      row('scoped.b@example.com', { 'DT Access Codes': 'All (Super Access)', BSA: null }),
      row('scoped.c@example.com', { 'DT Access Codes': 'VNUP1', BSA: null }),
      row('scoped.d@example.com', { 'DT Access Codes': 'VNUP2', BSA: null }),
      // The DT-limited admin holds no BSA of their own.
      row('scoped.e@example.com', { 'DT Access Codes': 'VNUP2', BSA: 'Distributor' }),
    );
    const before = await usersState();
    const p = answer(await upload(dtLimitedVn, { name: 's.xlsx', content }, { preview: true }))[
      'response-data'
    ] as UserUploadPreview;
    expect(p.errors.map((e) => [e.row, e.message])).toEqual([
      [2, rowMessage('USER_GRANT_REFUSED', 2, { right: 'all distributors' })],
      [3, rowMessage('USER_GRANT_REFUSED', 3, { right: 'all distributors' })],
      [4, rowMessage('USER_DT_OUT_OF_SCOPE', 4, { code: 'VNUP1' })],
      [6, rowMessage('USER_GRANT_REFUSED', 6, { right: 'the BSA Distributor' })],
    ]);
    expect((await upload(dtLimitedVn, { name: 's.xlsx', content })).statusCode).toBe(400);
    expect(await usersState()).toEqual(before);
  });

  it('a DT-limited admin cannot change a user reaching distributors outside theirs', async () => {
    await upload(adminVn, { name: 'k.xlsx', content: await usersFile(row('outside.dt@example.com')) });
    const content = await usersFile(row('outside.dt@example.com', { 'DT Access Codes': 'VNUP2', BSA: null }));
    const p = answer(await upload(dtLimitedVn, { name: 'o.xlsx', content }, { preview: true }))[
      'response-data'
    ] as UserUploadPreview;
    expect(p.errors.map((e) => e.message)).toEqual([rowMessage('USER_NOT_EDITABLE', 2)]);
  });

  it('keeping what a user already has is no grant: an admin without UCube may update a UCube user', async () => {
    await upload(adminVn, { name: 'k.xlsx', content: await usersFile(row('keeps.ucube@example.com')) });
    await t.app.db.query(
      `INSERT INTO users (email, name, role, user_type, access_to_ucube, access_to_operational_dashboards,
                          dt_access_codes, country_codes, home_country_code, password_hash, password_changed_at)
       SELECT 'noucube.admin@demo.test', 'No UCube admin', role, 'admin', false, true, dt_access_codes,
              country_codes, home_country_code, password_hash, password_changed_at
         FROM users WHERE email = 'admin.vn@demo.test'`,
    );
    await t.app.db.query(
      `INSERT INTO user_bsa (user_id, bsa, position)
       SELECT id, 'Distributor', 1 FROM users WHERE email = 'noucube.admin@demo.test'`,
    );
    const noUcube = await signIn(t.app, 'noucube.admin@demo.test', 'vn');
    const keep = await usersFile(row('keeps.ucube@example.com', { Name: 'Renamed by upload' }));
    const res = await upload(noUcube, { name: 'keep.xlsx', content: keep });
    expect(res.statusCode, res.body).toBe(200);
    const grant = await usersFile(row('gets.ucube@example.com'));
    const p = answer(await upload(noUcube, { name: 'g.xlsx', content: grant }, { preview: true }))[
      'response-data'
    ] as UserUploadPreview;
    expect(p.errors.map((e) => e.message)).toEqual([
      rowMessage('USER_GRANT_REFUSED', 2, { right: 'UCube access' }),
    ]);
  });

  it('an admin cannot change a user of a market they do not hold, nor a Super User', async () => {
    const content = await usersFile(row('admin.th@demo.test'), row('super@demo.test'));
    const p = answer(await upload(adminVn, { name: 'x.xlsx', content }, { preview: true }))[
      'response-data'
    ] as UserUploadPreview;
    expect(p.errors.map((e) => e.message)).toEqual([
      rowMessage('USER_NOT_EDITABLE', 2),
      rowMessage('USER_NOT_EDITABLE', 3),
    ]);
  });

  it('a Super User may grant Super User rights and other markets', async () => {
    const content = await usersFile(
      row('new.super@example.com', {
        Role: 'Super User',
        'Super User': 'YES',
        'Country Codes': 'vn,th',
        'DT Access Codes': null,
      }),
    );
    const res = await upload(superUser, { name: 'su.xlsx', content });
    expect(res.statusCode, res.body).toBe(200);
    expect(await user('new.super@example.com')).toMatchObject({
      is_super_user: true,
      country_codes: 'vn,th',
      dt_access_codes: '',
    });
  });
});

describe('salesman uploads', () => {
  const sm = (
    code: string,
    overrides: Partial<Record<(typeof SALESMAN_UPLOAD_HEADERS)[number], Cell>> = {},
  ): Cell[] => {
    const base: Record<string, Cell> = {
      'DT Code': 'VNUP1',
      'DT Site Code': 'VNUP1S1',
      'SM Code': code,
      'Salesman Name': `Salesman ${code}`,
      'Phone number': '0907770100',
      Email: `${code.toLowerCase()}@example.com`,
      ...overrides,
    };
    return SALESMAN_UPLOAD_HEADERS.map((h) => base[h] ?? null);
  };

  it('creates new salesmen and updates a known SM code (phone, name, DT)', async () => {
    const content = await salesmenFile(
      sm('VNNEW1'),
      sm('VNUPSM1', { 'Phone number': '+84 90 123 0009', Email: null, 'Salesman Name': 'Renamed' }),
    );
    const preview = answer(
      await upload(adminVn, { name: 'sm.xlsx', content }, { userType: 'salesman', preview: true }),
    );
    expect(preview['response-data']).toMatchObject({
      rows: 2,
      create: 1,
      update: 1,
      unchanged: 0,
      errorCount: 0,
    });
    const res = await upload(adminVn, { name: 'sm.xlsx', content }, { userType: 'salesman' });
    expect(res.statusCode, res.body).toBe(200);
    const { rows } = await t.app.db.query<{ sm_code: string; phone: string; name: string }>(
      `SELECT sm_code, phone, name FROM salesmen WHERE sm_code IN ('VNNEW1', 'VNUPSM1') ORDER BY sm_code`,
    );
    expect(rows).toEqual([
      { sm_code: 'VNNEW1', phone: '+84907770100', name: 'Salesman VNNEW1' },
      { sm_code: 'VNUPSM1', phone: '+84901230009', name: 'Renamed' },
    ]);
    const again = answer(
      await upload(adminVn, { name: 'sm.xlsx', content }, { userType: 'salesman', preview: true }),
    );
    expect(again['response-data']).toMatchObject({ create: 0, update: 0, unchanged: 2 });
  });

  it('names every salesman rule; a bad row changes nothing', async () => {
    const content = await salesmenFile(
      sm('VNOK9'),
      sm('VNBAD1', { 'DT Code': 'NOPE' }),
      sm('VNBAD2', { 'DT Site Code': 'VNUP2S1', 'DT Code': 'VNUP2' }),
      sm('VNBAD3', { Email: null }),
      sm('VNBAD4', { Email: 'admin.vn@demo.test' }),
      sm('VNBAD5', { 'Phone number': 'abc' }),
      sm('VNOK9'),
      sm('VNBAD7-'),
    );
    const before = await usersState();
    const p = answer(
      await upload(adminVn, { name: 'smbad.xlsx', content }, { userType: 'salesman', preview: true }),
    )['response-data'] as UserUploadPreview;
    expect(p.errors.map((e) => [e.row, e.message])).toEqual([
      [3, rowMessage('NOT_IN_PORTAL', 3)],
      [4, rowMessage('SALESMAN_NO_TEAM_LEADER', 4)],
      [5, rowMessage('SALESMAN_EMAIL_REQUIRED', 5)],
      [6, rowMessage('SALESMAN_EMAIL_TAKEN', 6)],
      [7, rowMessage('PHONE_INVALID', 7)],
      [8, rowMessage('SM_DUPLICATE_ROW', 8)],
      [8, rowMessage('USER_EMAIL_DUPLICATE', 8)],
      [9, rowMessage('SPACES_OR_SPECIAL', 9)],
    ]);
    expect(
      (await upload(adminVn, { name: 'smbad.xlsx', content }, { userType: 'salesman' })).statusCode,
    ).toBe(400);
    expect(await usersState()).toEqual(before);
  });

  it('a DT-limited admin cannot place or move salesmen outside their distributors', async () => {
    const content = await salesmenFile(sm('VNSCOPE1'));
    const p = answer(
      await upload(dtLimitedVn, { name: 'x.xlsx', content }, { userType: 'salesman', preview: true }),
    )['response-data'] as UserUploadPreview;
    expect(p.errors.map((e) => e.message)).toEqual([rowMessage('SALESMAN_OUT_OF_SCOPE', 2)]);
  });
});

describe('the template (Download Template)', () => {
  for (const userType of [undefined, 'salesman'] as const) {
    it(`is a real .xlsx with the ${userType ?? 'user'} columns, one example row and a Notes sheet; uploaded as is, it applies`, async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/fb/users/template${userType ? '?userType=salesman' : ''}`,
        headers: { customertoken: adminVn, countrycode: 'vn' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toContain('.xlsx');
      const bytes = res.rawPayload;
      const headers = userType ? SALESMAN_UPLOAD_HEADERS : USER_UPLOAD_HEADERS;
      const records = spreadsheetRecords(bytes);
      expect(records[0]).toEqual([...headers]);
      expect(records).toHaveLength(2);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(bytes as unknown as ArrayBuffer);
      const notes = book.getWorksheet('Notes')!;
      expect(notes.getRow(1).values).toEqual([undefined, 'Column', 'What it takes']);
      expect(headers.map((h, i) => notes.getRow(i + 2).getCell(1).value)).toEqual([...headers]);
      if (userType) await t.app.db.query(`DELETE FROM users WHERE email = 'jane.doe@example.com'`);
      const applied = await upload(
        adminVn,
        { name: 'template.xlsx', content: bytes },
        userType ? { userType } : {},
      );
      expect(applied.statusCode, applied.body).toBe(200);
    });
  }

  it('is for admins only', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/fb/users/template',
      headers: { customertoken: tlVn, countrycode: 'vn' },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('Add Salesman BG Mapping', () => {
  const call = (
    token: string,
    method: 'GET' | 'PUT',
    market: string,
    payload?: unknown,
    smCode = 'VNUPSM1',
  ) =>
    t.app.inject({
      method,
      url: `/api/admin/salesman-bg-mapping?countryCode=${market}${method === 'GET' ? `&smCode=${smCode}` : ''}`,
      headers: { customertoken: token },
      ...(payload ? { payload: payload as Record<string, unknown> } : {}),
    });

  it('maps a salesman to business groups, replaces the mapping, and audits before and after', async () => {
    const empty = await call(adminVn, 'GET', 'vn');
    expect(empty.statusCode, empty.body).toBe(200);
    expect(answer(empty)['response-data']).toMatchObject({
      smCode: 'VNUPSM1',
      businessGroups: [],
      updatedAt: null,
    });
    const saved = await call(adminVn, 'PUT', 'vn', {
      smCode: 'VNUPSM1',
      businessGroups: ['Ice Cream', 'Distributor'],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(answer(saved)['response-data']).toMatchObject({ businessGroups: ['Distributor', 'Ice Cream'] });
    await call(adminVn, 'PUT', 'vn', { smCode: 'VNUPSM1', businessGroups: ['New Channel'] });
    expect(answer(await call(adminVn, 'GET', 'vn'))['response-data']).toMatchObject({
      businessGroups: ['New Channel'],
    });
    const { rows } = await t.app.db.query<{ before: unknown; after: unknown; target: string }>(
      `SELECT before, after, target FROM audit_log WHERE action = 'salesman.bg.update' ORDER BY at DESC, id DESC LIMIT 1`,
    );
    expect(rows[0]).toEqual({
      target: 'VNUPSM1',
      before: { businessGroups: ['Distributor', 'Ice Cream'] },
      after: { businessGroups: ['New Channel'] },
    });
  });

  it('refuses unknown groups, unknown salesmen, other DT codes, non-admins, and market id', async () => {
    expect(
      (await call(adminVn, 'PUT', 'vn', { smCode: 'VNUPSM1', businessGroups: ['Frozen'] })).statusCode,
    ).toBe(400);
    expect((await call(adminVn, 'PUT', 'vn', { smCode: 'VNUPSM1', businessGroups: [] })).statusCode).toBe(
      400,
    );
    expect((await call(adminVn, 'GET', 'vn', undefined, 'NOSUCH')).statusCode).toBe(404);
    expect((await call(dtLimitedVn, 'GET', 'vn')).statusCode).toBe(404);
    expect((await call(tlVn, 'GET', 'vn')).statusCode).toBe(403);
    const adminId = await signIn(t.app, 'admin.id@demo.test', 'id');
    expect((await call(adminId, 'GET', 'id')).statusCode).toBe(403);
  });
});
