/**
 * The 'outletStatus' import definition against a seeded database: its database rules (not in the
 * portal, outside the DT scope), its plan, and its set-based apply from a staging table (audit per
 * outlet with the import id; the same rows twice change nothing).
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_DT_ACCESS } from '@fieldforce/contracts';
import { importDefinition } from '../../src/lib/imports/definition.js';
import type { AuthUser } from '../../src/lib/policy.js';
import { outletStatusImport } from '../../src/modules/outlet-status/import-definition.js';
import {
  duplicateRowErrors,
  validateOutletStatusRow,
  type NumberedValue,
} from '../../src/modules/outlet-status/rules.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
type Outlet = { outlet_code: string; dt_code: string; dt_site_code: string; is_online: boolean };
let th: Outlet[];

const user = (dtAccessCodes: string): AuthUser => ({
  id: 'import-test-user',
  email: 'importer@demo.test',
  name: 'Importer',
  role: 'CD VP',
  userType: 'admin',
  accessToUcube: false,
  accessToOperationalDashboards: false,
  isSuperUser: false,
  dtAccessCodes,
  countryCodes: ['th'],
  homeCountryCode: 'th',
  status: 'active',
  passwordChangedAt: null,
});
const ctx = (dtAccessCodes = ALL_DT_ACCESS) => ({
  importId: 'import-1',
  market: 'th' as const,
  user: user(dtAccessCodes),
  now: new Date(),
});
const row = (n: number, o: Outlet, status: 0 | 1): NumberedValue => ({
  row: n,
  value: { dtCode: o.dt_code, dtSiteCode: o.dt_site_code, outletCode: o.outlet_code, status },
});

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  th = (
    await t.app.db.query<Outlet>(
      `SELECT outlet_code, dt_code, dt_site_code, is_online FROM outlets WHERE country_code = 'th' ORDER BY outlet_code`,
    )
  ).rows;
});
afterAll(() => t?.close());

describe('the outletStatus import definition', () => {
  it('is registered with the pipeline with the template and the 10 MB limit', () => {
    expect(importDefinition('outletStatus')).toBe(outletStatusImport);
    expect(outletStatusImport.headers).toEqual(['DT Code', 'DT Site Code', 'Outlet Code', 'Status']);
    expect(outletStatusImport.maxBytes).toBe(10 * 1024 * 1024);
    expect(outletStatusImport.noSpacesInName).toBe(true);
  });

  it('checkAgainstDb: not in the portal (unknown, wrong site, another market), outside the DT scope', async () => {
    const [vn] = (await t.app.db.query<Outlet>(`SELECT * FROM outlets WHERE country_code = 'vn' LIMIT 1`))
      .rows;
    const a = th[0]!;
    const other = th.find((o) => o.dt_code !== a.dt_code)!;
    const rows = [
      row(1, a, 0),
      row(2, { ...a, outlet_code: '999999999999' }, 0),
      row(3, { ...a, dt_site_code: 'NOSITE' }, 0),
      row(4, vn!, 0),
      row(5, other, 0),
    ];
    const all = await outletStatusImport.checkAgainstDb(t.app.db, rows, ctx());
    expect(all.map((e) => [e.row, e.code])).toEqual([
      [2, 'NOT_IN_PORTAL'],
      [3, 'NOT_IN_PORTAL'],
      [4, 'NOT_IN_PORTAL'],
    ]);
    const limited = await outletStatusImport.checkAgainstDb(t.app.db, rows, ctx(a.dt_code));
    expect(limited.map((e) => [e.row, e.code])).toContainEqual([5, 'OUT_OF_SCOPE']);
  });

  it('plans and applies from a staging table; the same rows again change nothing', async () => {
    const [a, b] = th;
    const rows = [row(1, a!, a!.is_online ? 0 : 1), row(2, b!, b!.is_online ? 1 : 0)];
    expect(await outletStatusImport.plan(t.app.db, rows, ctx())).toEqual({
      create: 0,
      update: 1,
      unchanged: 1,
    });
    const applyOnce = () =>
      t.app.db.transaction(async (tx) => {
        await tx.exec(
          `CREATE TEMP TABLE staging_os (dt_code text, dt_site_code text, outlet_code text, status integer) ON COMMIT DROP`,
        );
        for (const r of rows) {
          await tx.query(`INSERT INTO staging_os VALUES ($1, $2, $3, $4)`, [
            ...outletStatusImport.staging.toRow(r.value),
          ]);
        }
        return outletStatusImport.apply(tx, 'staging_os', ctx());
      });
    expect(await applyOnce()).toEqual({ created: 0, updated: 1, unchanged: 1 });
    const { rows: now } = await t.app.db.query<{ is_online: boolean }>(
      `SELECT is_online FROM outlets WHERE outlet_code = $1`,
      [a!.outlet_code],
    );
    expect(now[0]!.is_online).toBe(!a!.is_online);
    const { rows: audit } = await t.app.db.query<{ target: string; import_id: string; action: string }>(
      `SELECT target, import_id, action FROM audit_log WHERE tool = 'outletStatus'`,
    );
    expect(audit).toEqual([
      { target: a!.outlet_code, import_id: 'import-1', action: 'outlet.status.update' },
    ]);
    expect(await applyOnce()).toEqual({ created: 0, updated: 0, unchanged: 2 });
  });
});

describe('docs/samples', () => {
  /** The sample's rows through the definition's own, cross-row and database rules (market id). */
  async function errorsOf(name: string) {
    const text = readFileSync(new URL(`../../../../docs/samples/${name}`, import.meta.url), 'utf8');
    const [header, ...lines] = text.trim().split(/\r?\n/);
    const headers = header!.split(',');
    expect(headers).toEqual([...outletStatusImport.headers]);
    const errors = [];
    const valid: NumberedValue[] = [];
    lines.forEach((line, i) => {
      const cells = line.split(',');
      const check = validateOutletStatusRow(
        Object.fromEntries(headers.map((h, j) => [h, cells[j] ?? ''])),
        i + 2, // the spreadsheet's row: the header is row 1
      );
      if (check.errors) errors.push(...check.errors);
      else valid.push({ row: i + 2, value: check.value });
    });
    errors.push(...duplicateRowErrors(valid));
    errors.push(...(await outletStatusImport.checkAgainstDb(t.app.db, valid, { ...ctx(), market: 'id' })));
    return errors.map((e) => [e.row, e.code]).sort((a, b) => Number(a[0]) - Number(b[0]));
  }

  it('the good file passes every rule against the test seed of market id', async () => {
    expect(await errorsOf('outlet-status-good.csv')).toEqual([]);
  });

  it('the bad file trips the status, blank, duplicate, special-character and not-in-portal rules', async () => {
    expect(await errorsOf('outlet-status-bad.csv')).toEqual([
      [2, 'STATUS_NOT_BINARY'],
      [3, 'BLANK_VALUE'],
      [5, 'DUPLICATE_ROW'],
      [6, 'SPACES_OR_SPECIAL'],
      [7, 'NOT_IN_PORTAL'],
      [8, 'NOT_IN_PORTAL'],
    ]);
  });
});
