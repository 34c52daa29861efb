/**
 * The salesman bulk upload (POST fb/users?userType=salesman) as an import definition: the template of
 * SALESMAN_UPLOAD_HEADERS in .xlsx or SpreadsheetML .xml, create-or-update by SM code in the market.
 *
 * Row rules: DT Code, DT Site Code, SM Code, Salesman Name and Phone number are required (BLANK_VALUE);
 * codes have no space or special character around them (SPACES_OR_SPECIAL); the phone is digits with
 * or without the dial code (PHONE_INVALID); an email, when given, matches the spec's pattern.
 * Across rows: an SM code once (SM_DUPLICATE_ROW), an email once (USER_EMAIL_DUPLICATE).
 * Against the database: the DT code exists in the market and the site belongs to it (NOT_IN_PORTAL);
 * the DT — and an existing salesman's current DT — is inside the uploader's DT codes
 * (SALESMAN_OUT_OF_SCOPE); an SM code of another market is NOT_IN_PORTAL; the site has a team leader
 * to place the salesman under (SALESMAN_NO_TEAM_LEADER); a new salesman needs an email
 * (SALESMAN_EMAIL_REQUIRED) that no other user has (SALESMAN_EMAIL_TAKEN).
 *
 * Apply (one transaction): existing salesmen get the file's name, phone, DT and site (and the site's
 * team leader when the site changes; their member row and user follow); new salesmen get an invited
 * user (role: the market's salesperson title, UCube access, their DT), a hierarchy member under the
 * site's team leader and a salesman row.
 */
import {
  chainFor,
  COUNTRIES,
  normalisePhone,
  SALESMAN_UPLOAD_HEADERS,
  UPLOAD_EMAIL_PATTERN,
  USER_UPLOAD_MAX_BYTES,
  type RowError,
} from '@fieldforce/contracts';
import type { Queryable } from '../../db/client.js';
import { batchMemo } from '../../lib/batch-memo.js';
import { hasSpaceOrSpecialAround, isBlank, rowError } from '../../lib/imports/cell-rules.js';
import {
  registerImport,
  type ImportContext,
  type ImportDefinition,
  type RowCheck,
  type ValidRow,
} from '../../lib/imports/definition.js';
import { dtScope } from '../../lib/policy.js';

export const SALESMAN_IMPORT_ACTION = 'salesman.upload';

const [DT_CODE, SITE_CODE, SM_CODE, NAME, PHONE, EMAIL] = SALESMAN_UPLOAD_HEADERS;

export interface SalesmanUploadValue {
  dtCode: string;
  siteCode: string;
  smCode: string;
  name: string;
  /** As typed, separators removed; normalised against the market's dial code when checked. */
  phone: string;
  email: string | null;
}

export function validateSalesmanRow(
  raw: Readonly<Record<string, string | undefined>>,
  row: number,
): RowCheck<SalesmanUploadValue> {
  const errors: RowError[] = [];
  for (const h of [DT_CODE, SITE_CODE, SM_CODE, NAME, PHONE]) {
    if (isBlank(raw[h])) errors.push(rowError('BLANK_VALUE', row, h));
  }
  for (const h of [DT_CODE, SITE_CODE, SM_CODE]) {
    const v = raw[h];
    if (v && hasSpaceOrSpecialAround(v)) errors.push(rowError('SPACES_OR_SPECIAL', row, h));
  }
  const phone = (raw[PHONE] ?? '').replace(/[\s().-]/g, '');
  if (phone && !/^\+?\d{6,15}$/.test(phone)) errors.push(rowError('PHONE_INVALID', row, PHONE));
  const email = (raw[EMAIL] ?? '').toLowerCase();
  if (email && (!UPLOAD_EMAIL_PATTERN.test(email) || email.length > 254))
    errors.push(rowError('USER_EMAIL_INVALID', row, EMAIL));
  if (errors.length > 0) return { errors };
  return {
    value: {
      dtCode: raw[DT_CODE]!,
      siteCode: raw[SITE_CODE]!,
      smCode: raw[SM_CODE]!,
      name: raw[NAME]!,
      phone,
      email: email || null,
    },
  };
}

/** SM_DUPLICATE_ROW on every row whose SM code an earlier row had. */
export function duplicateSalesmanCodes(rows: ReadonlyArray<ValidRow<SalesmanUploadValue>>): RowError[] {
  const codes = new Set<string>();
  const errors: RowError[] = [];
  for (const r of rows) {
    if (codes.has(r.value.smCode)) errors.push(rowError('SM_DUPLICATE_ROW', r.row, SM_CODE));
    else codes.add(r.value.smCode);
  }
  return errors;
}

/** USER_EMAIL_DUPLICATE on every row whose email (when given) an earlier row had. */
export function duplicateSalesmanEmails(rows: ReadonlyArray<ValidRow<SalesmanUploadValue>>): RowError[] {
  const emails = new Set<string>();
  const errors: RowError[] = [];
  for (const r of rows) {
    const email = r.value.email;
    if (email !== null) {
      if (emails.has(email)) errors.push(rowError('USER_EMAIL_DUPLICATE', r.row, EMAIL));
      else emails.add(email);
    }
  }
  return errors;
}

/** Both rules over every row, in row order: a row's SM code error before its email error. */
export function duplicateSalesmen(rows: ReadonlyArray<ValidRow<SalesmanUploadValue>>): RowError[] {
  return [...duplicateSalesmanCodes(rows), ...duplicateSalesmanEmails(rows)].sort((a, b) => a.row - b.row);
}

interface Facts {
  /** SM code → the salesman as stored (any market). */
  salesmen: Map<
    string,
    { country: string; dt: string; site: string; name: string; phone: string; email: string }
  >;
  /** 'dt|site' of the market's sites in the batch, and which of them have a team leader. */
  sites: Map<string, { hasLeader: boolean }>;
  dts: Set<string>;
  /** email → the user's SM code ('' when the user is not a salesman). */
  emails: Map<string, string>;
}

const factsOf = batchMemo(
  async (
    q: Queryable,
    rows: ReadonlyArray<ValidRow<SalesmanUploadValue>>,
    ctx: ImportContext,
  ): Promise<Facts> => {
    const sm = rows.map((r) => r.value.smCode);
    const dts = [...new Set(rows.map((r) => r.value.dtCode))];
    const sites = [...new Set(rows.map((r) => r.value.siteCode))];
    const emails = rows.flatMap((r) => (r.value.email ? [r.value.email] : []));
    const tlLevel = chainFor(ctx.market).length - 2;
    const [a, b, c, d] = await Promise.all([
      q.query<{
        sm_code: string;
        country_code: string;
        dt_code: string;
        dt_site_code: string;
        name: string;
        phone: string;
        email: string;
      }>(
        `SELECT s.sm_code, s.country_code, s.dt_code, s.dt_site_code, s.name, s.phone, u.email
           FROM salesmen s JOIN users u ON u.id = s.user_id WHERE s.sm_code = ANY($1::text[])`,
        [sm],
      ),
      q.query<{ dt_code: string; dt_site_code: string; leader: boolean }>(
        `SELECT ds.dt_code, ds.dt_site_code,
                EXISTS (SELECT 1 FROM hierarchy_members m WHERE m.dt_site_code = ds.dt_site_code
                          AND m.level_index = $3 AND m.active) AS leader
           FROM dt_sites ds WHERE ds.country_code = $1 AND ds.dt_site_code = ANY($2::text[])`,
        [ctx.market, sites, tlLevel],
      ),
      q.query<{ dt_code: string }>(
        'SELECT dt_code FROM distributors WHERE country_code = $1 AND dt_code = ANY($2::text[])',
        [ctx.market, dts],
      ),
      emails.length === 0
        ? Promise.resolve({ rows: [] as Array<{ email: string; sm_code: string | null }> })
        : q.query<{ email: string; sm_code: string | null }>(
            `SELECT u.email, s.sm_code FROM users u LEFT JOIN salesmen s ON s.user_id = u.id
              WHERE u.email = ANY($1::text[])`,
            [emails],
          ),
    ]);
    return {
      salesmen: new Map(
        a.rows.map((s) => [
          s.sm_code,
          {
            country: s.country_code,
            dt: s.dt_code,
            site: s.dt_site_code,
            name: s.name,
            phone: s.phone,
            email: s.email,
          },
        ]),
      ),
      sites: new Map(b.rows.map((s) => [`${s.dt_code}|${s.dt_site_code}`, { hasLeader: s.leader }])),
      dts: new Set(c.rows.map((x) => x.dt_code)),
      emails: new Map(d.rows.map((x) => [x.email, x.sm_code ?? ''])),
    };
  },
);

const phoneIn = (ctx: ImportContext, typed: string) =>
  normalisePhone(typed, COUNTRIES[ctx.market].dialCode) ?? typed;

export const salesmanImport: ImportDefinition<SalesmanUploadValue> = registerImport<SalesmanUploadValue>({
  kind: 'salesmen',
  tool: 'userAccess',
  maxBytes: USER_UPLOAD_MAX_BYTES,
  extensions: ['.xlsx', '.xml'],
  noSpacesInName: false,
  headers: SALESMAN_UPLOAD_HEADERS,
  dateColumns: [],
  validateRow: validateSalesmanRow,
  // Keyed (lib/imports, KeyedRule): only rows with the same SM code, or the same email, repeat.
  crossRowRules: [
    { key: (v) => v.smCode, check: duplicateSalesmanCodes },
    { key: (v) => v.email, check: duplicateSalesmanEmails },
  ],
  async checkAgainstDb(q, rows, ctx) {
    const f = await factsOf(q, rows, ctx);
    const scope = dtScope(ctx.user);
    const inScope = (dt: string) => scope === null || scope.includes(dt);
    const errors: RowError[] = [];
    for (const { row, value: v } of rows) {
      const existing = f.salesmen.get(v.smCode);
      if (existing && existing.country !== ctx.market) {
        errors.push(rowError('NOT_IN_PORTAL', row, SM_CODE));
        continue;
      }
      const site = f.sites.get(`${v.dtCode}|${v.siteCode}`);
      if (!f.dts.has(v.dtCode)) errors.push(rowError('NOT_IN_PORTAL', row, DT_CODE));
      else if (!site) errors.push(rowError('NOT_IN_PORTAL', row, SITE_CODE));
      if (!inScope(v.dtCode) || (existing && !inScope(existing.dt)))
        errors.push(rowError('SALESMAN_OUT_OF_SCOPE', row, DT_CODE));
      const moves = !existing || existing.site !== v.siteCode;
      if (site && moves && !site.hasLeader) errors.push(rowError('SALESMAN_NO_TEAM_LEADER', row, SITE_CODE));
      if (!existing && v.email === null) errors.push(rowError('SALESMAN_EMAIL_REQUIRED', row, EMAIL));
      if (v.email !== null) {
        const holder = f.emails.get(v.email);
        if (holder !== undefined && holder !== v.smCode)
          errors.push(rowError('SALESMAN_EMAIL_TAKEN', row, EMAIL));
      }
    }
    return errors;
  },
  async plan(q, rows, ctx) {
    const f = await factsOf(q, rows, ctx);
    let create = 0;
    let same = 0;
    for (const { value: v } of rows) {
      const e = f.salesmen.get(v.smCode);
      if (!e) create++;
      else if (
        e.dt === v.dtCode &&
        e.site === v.siteCode &&
        e.name === v.name &&
        e.phone === phoneIn(ctx, v.phone) &&
        (v.email === null || v.email === e.email)
      )
        same++;
    }
    return { create, update: rows.length - create - same, unchanged: same };
  },
  staging: {
    columns: [
      { name: 'dt_code', type: 'text' },
      { name: 'site_code', type: 'text' },
      { name: 'sm_code', type: 'text' },
      { name: 'name', type: 'text' },
      { name: 'phone', type: 'text' },
      { name: 'email', type: 'text' },
    ],
    toRow: (v) => [v.dtCode, v.siteCode, v.smCode, v.name, v.phone, v.email],
  },
  async apply(tx, st, ctx) {
    const dial = COUNTRIES[ctx.market].dialCode;
    // Phones in the stored form first (one statement), so every step below compares like with like.
    const { rows: phones } = await tx.query<{ sm_code: string; phone: string }>(
      `SELECT sm_code, phone FROM ${st}`,
    );
    const normalised = phones.map((p) => normalisePhone(p.phone, dial) ?? p.phone);
    await tx.query(
      `UPDATE ${st} t SET phone = f.phone
         FROM ROWS FROM (json_array_elements_text($1::json), json_array_elements_text($2::json)) AS f(sm, phone)
        WHERE t.sm_code = f.sm`,
      [JSON.stringify(phones.map((p) => p.sm_code)), JSON.stringify(normalised)],
    );
    const chain = chainFor(ctx.market);
    const smLevel = chain.length - 1;
    const smRole = chain[smLevel]!.role;
    const now = ctx.now.toISOString();
    // The team leader of each site in the file (the first active one).
    const leader = `(SELECT m.id FROM hierarchy_members m WHERE m.dt_site_code = t.site_code
                       AND m.level_index = ${smLevel - 1} AND m.active ORDER BY m.id LIMIT 1)`;
    const { rows: updated } = await tx.query<{ id: string }>(
      `WITH changed AS (
         SELECT s.id, s.member_id, s.user_id, t.*, (s.dt_site_code <> t.site_code) AS moved, ${leader} AS tl
           FROM ${st} t JOIN salesmen s ON s.sm_code = t.sm_code AND s.country_code = $1
          WHERE (s.name, s.phone, s.dt_code, s.dt_site_code) IS DISTINCT FROM (t.name, t.phone, t.dt_code, t.site_code)
             OR (t.email IS NOT NULL AND t.email <> (SELECT u.email FROM users u WHERE u.id = s.user_id))),
       sm AS (
         UPDATE salesmen s SET name = c.name, phone = c.phone, dt_code = c.dt_code, dt_site_code = c.site_code,
                team_leader_member_id = CASE WHEN c.moved THEN c.tl ELSE s.team_leader_member_id END
           FROM changed c WHERE s.id = c.id RETURNING s.id),
       mem AS (
         UPDATE hierarchy_members m SET dt_code = c.dt_code, dt_site_code = c.site_code,
                manager_id = CASE WHEN c.moved THEN c.tl ELSE m.manager_id END
           FROM changed c WHERE m.id = c.member_id RETURNING m.id),
       usr AS (
         UPDATE users u SET name = c.name, phone = c.phone, email = coalesce(c.email, u.email),
                dt_access_codes = c.dt_code, updated_at = $2::timestamptz
           FROM changed c WHERE u.id = c.user_id RETURNING u.id)
       SELECT sm.id::text AS id FROM sm, (SELECT count(*) FROM mem) x, (SELECT count(*) FROM usr) y`,
      [ctx.market, now],
    );
    const { rows: created } = await tx.query<{ id: string }>(
      `WITH fresh AS (
         SELECT t.*, ${leader} AS tl, ds.city
           FROM ${st} t JOIN dt_sites ds ON ds.dt_site_code = t.site_code
          WHERE NOT EXISTS (SELECT 1 FROM salesmen s WHERE s.sm_code = t.sm_code)),
       usr AS (
         INSERT INTO users (email, name, role, user_type, access_to_ucube, access_to_operational_dashboards,
                            is_super_user, dt_access_codes, country_codes, home_country_code, phone, status,
                            created_at, updated_at)
         SELECT f.email, f.name, $2, 'user', true, false, false, f.dt_code, $1, $1, f.phone, 'invited',
                $3::timestamptz, $3::timestamptz
           FROM fresh f
         RETURNING id, email),
       mem AS (
         INSERT INTO hierarchy_members (country_code, employee_code, user_id, title, level_index, manager_id,
                                        dt_code, dt_site_code, city)
         SELECT $1, f.sm_code, usr.id, $2, $4::int, f.tl, f.dt_code, f.site_code, f.city
           FROM fresh f JOIN usr ON usr.email = f.email
         RETURNING id, employee_code, user_id)
       INSERT INTO salesmen (sm_code, country_code, member_id, user_id, team_leader_member_id, dt_code,
                             dt_site_code, name, phone)
       SELECT f.sm_code, $1, mem.id, mem.user_id, f.tl, f.dt_code, f.site_code, f.name, f.phone
         FROM fresh f JOIN mem ON mem.employee_code = f.sm_code
       RETURNING id::text AS id`,
      [ctx.market, smRole, now, smLevel],
    );
    const n = phones.length;
    return {
      created: created.length,
      updated: updated.length,
      unchanged: n - created.length - updated.length,
    };
  },
  auditAction: SALESMAN_IMPORT_ACTION,
});
