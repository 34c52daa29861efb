/**
 * The user access bulk upload as an import definition (lib/imports; issue 13): the template of
 * USER_UPLOAD_HEADERS in .xlsx or SpreadsheetML .xml (25 MB), create-or-update by email.
 *
 * Row rules: Email, Name, Role, User Type and the three YES/NO columns are required (BLANK_VALUE);
 * the email matches the spec's pattern (a 2-4 letter ending); the role is one the portal knows; the
 * user type is admin or user; BSA values are the three known ones; country codes are known markets.
 * Across rows: an email once (USER_EMAIL_DUPLICATE on each repeat, case-insensitive).
 * Against the database and the uploader's scope, read as User Access reads spec section 6 (the same
 * grantor, `grantorOf`, and `targetRefusals` of contracts): every DT code exists in the market; an
 * existing user is changed only when they lie within the uploader's markets and DT codes, hold the
 * upload's market, are not a Super User the uploader is not, nor a salesman's account (and an admin
 * does not take away their own admin right); what a row newly gives — a market, DT codes (all
 * distributors, blank or 'All (Super Access)', only from an uploader with all), UCube or reports
 * access, a BSA, Super User rights — must be the uploader's own. Keeping what a user has is no grant.
 *
 * Apply: one transaction (the pipeline's): changed users updated, new users created as 'invited' (they
 * set a password through the invitation flow), their BSA lists rewritten; the pipeline bumps the data
 * version and writes the 'user.upload' audit entry with the counts.
 */
import {
  ALL_DT_ACCESS,
  ALL_ROLES,
  BSA_VALUES,
  isCountryCode,
  SUPER_USER_ROLE,
  targetRefusals,
  UPLOAD_EMAIL_PATTERN,
  USER_UPLOAD_HEADERS,
  USER_UPLOAD_MAX_BYTES,
  type CountryCode,
  type RowError,
  type UserAccessGrantor,
} from '@fieldforce/contracts';
import type { Queryable } from '../../db/client.js';
import { batchMemo } from '../../lib/batch-memo.js';
import { isBlank, rowError } from '../../lib/imports/cell-rules.js';
import {
  registerImport,
  type ImportContext,
  type ImportDefinition,
  type RowCheck,
  type ValidRow,
} from '../../lib/imports/definition.js';
import { grantorOf } from '../user-access/policy.js';

export const USER_IMPORT_ACTION = 'user.upload';

const [EMAIL, NAME, ROLE, USER_TYPE, UCUBE, REPORTS, SUPER, DT_CODES, COUNTRIES_COL, BSA] =
  USER_UPLOAD_HEADERS;

export interface UserUploadValue {
  email: string;
  name: string;
  role: string;
  userType: 'admin' | 'user';
  ucube: boolean;
  reports: boolean;
  superUser: boolean;
  /** null: all distributors (blank or 'All (Super Access)'); otherwise the DT codes. */
  dtCodes: string[] | null;
  /** As stored: '' (all), 'All (Super Access)' or the codes joined with ','. */
  dtText: string;
  /** The row's markets, lower case; empty: the upload's market (new) or unchanged (existing). */
  markets: string[];
  bsa: string[];
}

const ROLES = new Set(ALL_ROLES);
const BSAS = new Set<string>(BSA_VALUES);

const list = (value: string) =>
  value
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0);

function yesNo(value: string): boolean | null {
  const v = value.toUpperCase();
  return v === 'YES' ? true : v === 'NO' ? false : null;
}

/** One row's own rules, every failing cell reported. */
export function validateUserRow(
  raw: Readonly<Record<string, string | undefined>>,
  row: number,
): RowCheck<UserUploadValue> {
  const errors: RowError[] = [];
  const cell = (h: string) => raw[h] ?? '';
  for (const h of [EMAIL, NAME, ROLE, USER_TYPE, UCUBE, REPORTS, SUPER]) {
    if (isBlank(raw[h])) errors.push(rowError('BLANK_VALUE', row, h));
  }
  const email = cell(EMAIL).toLowerCase();
  if (email && (!UPLOAD_EMAIL_PATTERN.test(email) || email.length > 254))
    errors.push(rowError('USER_EMAIL_INVALID', row, EMAIL));
  const role = cell(ROLE);
  if (role && !ROLES.has(role)) errors.push(rowError('USER_ROLE_UNKNOWN', row, ROLE));
  const type = cell(USER_TYPE).toLowerCase();
  if (type && type !== 'admin' && type !== 'user') errors.push(rowError('USER_TYPE_INVALID', row, USER_TYPE));
  const flags: Array<boolean | null> = [];
  for (const h of [UCUBE, REPORTS, SUPER]) {
    const v = cell(h);
    const b = v ? yesNo(v) : null;
    if (v && b === null) errors.push(rowError('USER_YES_NO', row, h, { header: h }));
    flags.push(b);
  }
  const bsa = list(cell(BSA));
  if (bsa.some((b) => !BSAS.has(b)) || new Set(bsa).size !== bsa.length)
    errors.push(rowError('USER_BSA_UNKNOWN', row, BSA));
  const markets = list(cell(COUNTRIES_COL).toLowerCase());
  for (const m of markets) {
    if (!isCountryCode(m)) errors.push(rowError('USER_MARKET_OUT_OF_SCOPE', row, COUNTRIES_COL, { code: m }));
  }
  const dtRaw = list(cell(DT_CODES));
  const all = dtRaw.length === 0 || dtRaw.includes(ALL_DT_ACCESS);
  if (errors.length > 0) return { errors };
  return {
    value: {
      email,
      name: cell(NAME),
      role,
      userType: type as 'admin' | 'user',
      ucube: flags[0]!,
      reports: flags[1]!,
      superUser: flags[2]!,
      dtCodes: all ? null : [...new Set(dtRaw)],
      dtText: all ? (dtRaw.length === 0 ? '' : ALL_DT_ACCESS) : [...new Set(dtRaw)].join(','),
      markets: [...new Set(markets)],
      bsa,
    },
  };
}

/** Each repeat of an email (case-insensitive) after its first row. */
export function duplicateEmails(rows: ReadonlyArray<ValidRow<UserUploadValue>>): RowError[] {
  const seen = new Set<string>();
  const errors: RowError[] = [];
  for (const r of rows) {
    if (seen.has(r.value.email)) errors.push(rowError('USER_EMAIL_DUPLICATE', r.row, EMAIL));
    else seen.add(r.value.email);
  }
  return errors;
}

interface ExistingUser {
  email: string;
  name: string;
  role: string;
  user_type: string;
  access_to_ucube: boolean;
  access_to_operational_dashboards: boolean;
  is_super_user: boolean;
  dt_access_codes: string;
  country_codes: string;
  bsa: string[] | null;
  salesman: boolean;
}

interface BatchFacts {
  existing: Map<string, ExistingUser>;
  /** DT codes of the batch that exist in the market. */
  dtInMarket: Set<string>;
}

/** One round trip per batch for both database steps: the users by email and the market's DT codes. */
const batchFacts = batchMemo(
  async (
    q: Queryable,
    rows: ReadonlyArray<ValidRow<UserUploadValue>>,
    ctx: ImportContext,
  ): Promise<BatchFacts> => {
    const emails = rows.map((r) => r.value.email);
    const codes = [...new Set(rows.flatMap((r) => r.value.dtCodes ?? []))];
    const [users, dts] = await Promise.all([
      q.query<ExistingUser>(
        `SELECT u.email, u.name, u.role, u.user_type, u.access_to_ucube, u.access_to_operational_dashboards,
                u.is_super_user, u.dt_access_codes, u.country_codes,
                (SELECT array_agg(b.bsa ORDER BY b.position) FROM user_bsa b WHERE b.user_id = u.id) AS bsa,
                EXISTS (SELECT 1 FROM salesmen s WHERE s.user_id = u.id) AS salesman
           FROM users u WHERE u.email = ANY($1::text[])`,
        [emails],
      ),
      codes.length === 0
        ? Promise.resolve({ rows: [] as Array<{ dt_code: string }> })
        : q.query<{ dt_code: string }>(
            'SELECT dt_code FROM distributors WHERE country_code = $1 AND dt_code = ANY($2::text[])',
            [ctx.market, codes],
          ),
    ]);
    return {
      existing: new Map(users.rows.map((u) => [u.email, u])),
      dtInMarket: new Set(dts.rows.map((d) => d.dt_code)),
    };
  },
);

const marketsOf = (countryCodes: string) => list(countryCodes.toLowerCase());

/**
 * The errors of one row against the database and the uploader's own rights, read as User Access reads
 * spec section 6 (docs/decisions.md, "User access: who an admin may see and change"): the grantor is
 * the same `grantorOf(uploader)`; an existing user must lie within the uploader's markets and DT codes
 * (`targetRefusals`) and hold the upload's market; what a row newly gives (a market, DT codes, UCube or
 * reports access, a BSA, Super User rights) must be the uploader's own. Keeping what a user already has
 * is not a grant.
 */
function scopeErrors(
  r: ValidRow<UserUploadValue>,
  facts: BatchFacts,
  ctx: ImportContext,
  grantor: UserAccessGrantor,
): RowError[] {
  const { value: v, row } = r;
  const errors: RowError[] = [];
  const target = facts.existing.get(v.email);
  const before = target
    ? {
        markets: marketsOf(target.country_codes),
        dt: list(target.dt_access_codes),
        ucube: target.access_to_ucube,
        reports: target.access_to_operational_dashboards,
        superUser: target.is_super_user,
        role: target.role,
        bsa: target.bsa ?? [],
      }
    : null;
  if (target && before) {
    const state = {
      markets: before.markets as CountryCode[],
      dtAccessCodes: before.dt,
      role: target.role,
      accessToUcube: before.ucube,
      accessToOperationalDashboards: before.reports,
      isSuperUser: before.superUser && target.role === SUPER_USER_ROLE,
      isAdmin: target.user_type === 'admin',
      bsa: before.bsa,
    };
    const ownAdminDropped =
      v.email === ctx.user.email && target.user_type === 'admin' && v.userType !== 'admin';
    if (
      target.salesman ||
      ownAdminDropped ||
      !before.markets.includes(ctx.market) ||
      (state.isSuperUser && !grantor.superUser) ||
      targetRefusals(grantor, state).length > 0
    )
      return [rowError('USER_NOT_EDITABLE', row, EMAIL)];
  }
  for (const m of v.markets) {
    if (!grantor.superUser && !grantor.markets.includes(m as CountryCode) && !before?.markets.includes(m))
      errors.push(rowError('USER_MARKET_OUT_OF_SCOPE', row, COUNTRIES_COL, { code: m }));
  }
  const dtChanged = !before || before.dt.join(',') !== v.dtText.split(',').filter(Boolean).join(',');
  if (v.dtCodes === null) {
    if (dtChanged && grantor.dtCodes !== null)
      errors.push(rowError('USER_GRANT_REFUSED', row, DT_CODES, { right: 'all distributors' }));
  } else {
    for (const code of v.dtCodes) {
      if (!facts.dtInMarket.has(code))
        errors.push(rowError('USER_DT_NOT_IN_MARKET', row, DT_CODES, { code }));
      else if (dtChanged && grantor.dtCodes !== null && !grantor.dtCodes.includes(code))
        errors.push(rowError('USER_DT_OUT_OF_SCOPE', row, DT_CODES, { code }));
    }
  }
  if (!grantor.superUser) {
    if (v.superUser && !before?.superUser)
      errors.push(rowError('USER_GRANT_REFUSED', row, SUPER, { right: 'Super User rights' }));
    else if (v.role === SUPER_USER_ROLE && before?.role !== SUPER_USER_ROLE)
      errors.push(rowError('USER_GRANT_REFUSED', row, ROLE, { right: 'Super User rights' }));
  }
  if (v.ucube && !before?.ucube && !grantor.ucube)
    errors.push(rowError('USER_GRANT_REFUSED', row, UCUBE, { right: 'UCube access' }));
  if (v.reports && !before?.reports && !grantor.reports)
    errors.push(rowError('USER_GRANT_REFUSED', row, REPORTS, { right: 'reports access' }));
  for (const b of v.bsa) {
    if (!before?.bsa.includes(b) && !grantor.bsa.includes(b))
      errors.push(rowError('USER_GRANT_REFUSED', row, BSA, { right: `the BSA ${b}` }));
  }
  return errors;
}

/** What the row would store, in the existing user's terms (markets: blank keeps theirs). */
function unchanged(v: UserUploadValue, e: ExistingUser): boolean {
  const markets = v.markets.length > 0 ? v.markets.join(',') : e.country_codes;
  return (
    e.name === v.name &&
    e.role === v.role &&
    e.user_type === v.userType &&
    e.access_to_ucube === v.ucube &&
    e.access_to_operational_dashboards === v.reports &&
    e.is_super_user === v.superUser &&
    e.dt_access_codes === v.dtText &&
    e.country_codes === markets &&
    (e.bsa ?? []).join(',') === v.bsa.join(',')
  );
}

export const userImport: ImportDefinition<UserUploadValue> = registerImport<UserUploadValue>({
  kind: 'users',
  tool: 'userAccess',
  maxBytes: USER_UPLOAD_MAX_BYTES,
  extensions: ['.xlsx', '.xml'],
  noSpacesInName: false,
  headers: USER_UPLOAD_HEADERS,
  dateColumns: [],
  validateRow: validateUserRow,
  // Keyed (lib/imports, KeyedRule): only rows with the same email can repeat each other.
  crossRowRules: [{ key: (v) => v.email, check: duplicateEmails }],
  async checkAgainstDb(q, rows, ctx) {
    const facts = await batchFacts(q, rows, ctx);
    const errors: RowError[] = [];
    const grantor = grantorOf(ctx.user);
    for (const r of rows) for (const e of scopeErrors(r, facts, ctx, grantor)) errors.push(e);
    return errors;
  },
  async plan(q, rows, ctx) {
    const { existing } = await batchFacts(q, rows, ctx);
    let create = 0;
    let same = 0;
    for (const r of rows) {
      const e = existing.get(r.value.email);
      if (!e) create++;
      else if (unchanged(r.value, e)) same++;
    }
    return { create, update: rows.length - create - same, unchanged: same };
  },
  staging: {
    columns: [
      { name: 'email', type: 'text' },
      { name: 'name', type: 'text' },
      { name: 'role', type: 'text' },
      { name: 'user_type', type: 'text' },
      { name: 'ucube', type: 'boolean' },
      { name: 'reports', type: 'boolean' },
      { name: 'super_user', type: 'boolean' },
      { name: 'dt_codes', type: 'text' },
      { name: 'markets', type: 'text' },
      { name: 'bsa', type: 'text' },
    ],
    toRow: (v) => [
      v.email,
      v.name,
      v.role,
      v.userType,
      v.ucube,
      v.reports,
      v.superUser,
      v.dtText,
      v.markets.length > 0 ? v.markets.join(',') : null,
      v.bsa.join(','),
    ],
  },
  /**
   * Set-based, in the pipeline's transaction: update the users whose stored values differ, create the
   * new ones (invited, home market = their first market), then rewrite the BSA lists of the changed and
   * new users. Counts: created, updated, the rest unchanged.
   */
  async apply(tx, stagingTable, ctx) {
    const now = ctx.now.toISOString();
    // The pipeline has analysed the staging table (lib/imports/apply.ts): no nested loops over users
    // from a guess of a few rows.
    const bsaOf = (u: string) =>
      `coalesce((SELECT string_agg(b.bsa, ',' ORDER BY b.position) FROM user_bsa b WHERE b.user_id = ${u}.id), '')`;
    const { rows: updated } = await tx.query<{ id: string }>(
      `UPDATE users u SET name = st.name, role = st.role, user_type = st.user_type,
              access_to_ucube = st.ucube, access_to_operational_dashboards = st.reports,
              is_super_user = st.super_user, dt_access_codes = st.dt_codes,
              country_codes = coalesce(st.markets, u.country_codes), updated_at = $1::timestamptz
         FROM ${stagingTable} st
        WHERE u.email = st.email
          AND (u.name, u.role, u.user_type, u.access_to_ucube, u.access_to_operational_dashboards,
               u.is_super_user, u.dt_access_codes, u.country_codes, ${bsaOf('u')})
              IS DISTINCT FROM
              (st.name, st.role, st.user_type, st.ucube, st.reports, st.super_user, st.dt_codes,
               coalesce(st.markets, u.country_codes), st.bsa)
        RETURNING u.id`,
      [now],
    );
    const { rows: created } = await tx.query<{ id: string }>(
      `INSERT INTO users (email, name, role, user_type, access_to_ucube, access_to_operational_dashboards,
                          is_super_user, dt_access_codes, country_codes, home_country_code, status,
                          created_at, updated_at)
       SELECT st.email, st.name, st.role, st.user_type, st.ucube, st.reports, st.super_user, st.dt_codes,
              coalesce(st.markets, $1), split_part(coalesce(st.markets, $1), ',', 1), 'invited',
              $2::timestamptz, $2::timestamptz
         FROM ${stagingTable} st
        WHERE NOT EXISTS (SELECT 1 FROM users u WHERE u.email = st.email)
       RETURNING id`,
      [ctx.market, now],
    );
    const touched = [...updated, ...created].map((r) => r.id);
    if (touched.length > 0) {
      // Joined to the ids as a set (a 10,000-element `= ANY(array)` is a scan of the array per row).
      // New users have no BSA rows yet: only the changed users' lists are removed first.
      if (updated.length > 0)
        await tx.query('DELETE FROM user_bsa b USING unnest($1::text[]) AS t(id) WHERE b.user_id = t.id', [
          updated.map((r) => r.id),
        ]);
      await tx.query(
        `INSERT INTO user_bsa (user_id, bsa, position)
         SELECT u.id, b.bsa, b.pos::int
           FROM unnest($1::text[]) AS t(id)
           JOIN users u ON u.id = t.id
           JOIN ${stagingTable} st ON st.email = u.email
           CROSS JOIN LATERAL unnest(string_to_array(nullif(st.bsa, ''), ',')) WITH ORDINALITY AS b(bsa, pos)`,
        [touched],
      );
    }
    const { rows: total } = await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${stagingTable}`);
    const n = total[0]?.n ?? 0;
    return {
      created: created.length,
      updated: updated.length,
      unchanged: n - created.length - updated.length,
    };
  },
  auditAction: USER_IMPORT_ACTION,
});
