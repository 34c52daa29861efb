/**
 * The outlet-status definition's SQL at the database (issue 11, "Speed"): the batch statement gives the
 * same answer whether the rows go as space-separated text or, when a value holds a space, as JSON; the
 * apply's audit entries get unique time-ordered ids; and the schema keeps status changes HOT (migration
 * 0012: outlets has free room in its pages and is_online is in none of its indexes).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyImport } from '../../src/lib/imports/apply.js';
import type { ImportContext, ValidRow } from '../../src/lib/imports/definition.js';
import type { AuthUser } from '../../src/lib/policy.js';
import { auditIdPrefix, outletStatusImport } from '../../src/modules/outlet-status/import-definition.js';
import type { OutletStatusValue } from '../../src/modules/outlet-status/rules.js';
import { buildDistributor, buildOutlet, type BuiltDistributor } from '../factories.js';
import { freshDatabase, type TestDatabase } from '../helpers/database.js';

let database: TestDatabase;
let inScope: BuiltDistributor;
let outOfScope: BuiltDistributor;
let ctx: ImportContext;
const codes: string[] = [];

const row = (
  n: number,
  dt: BuiltDistributor,
  outletCode: string,
  status: 0 | 1,
): ValidRow<OutletStatusValue> => ({
  row: n,
  value: { dtCode: dt.dtCode, dtSiteCode: dt.dtSiteCode, outletCode, status },
});

beforeAll(async () => {
  database = await freshDatabase();
  const { db } = database;
  inScope = await buildDistributor(db, { countryCode: 'vn' });
  outOfScope = await buildDistributor(db, { countryCode: 'vn' });
  for (let i = 0; i < 4; i += 1) {
    const outlet = await buildOutlet(db, {
      countryCode: 'vn',
      dtCode: inScope.dtCode,
      dtSiteCode: inScope.dtSiteCode,
      isOnline: i % 2 === 0,
    });
    codes.push(outlet.outletCode);
  }
  const other = await buildOutlet(db, {
    countryCode: 'vn',
    dtCode: outOfScope.dtCode,
    dtSiteCode: outOfScope.dtSiteCode,
  });
  codes.push(other.outletCode);
  ctx = {
    importId: 'imp-sql-1',
    market: 'vn',
    user: { id: 'u-sql', dtAccessCodes: inScope.dtCode } as unknown as AuthUser,
    now: new Date('2026-11-23T21:00:00Z'),
  };
});

afterAll(async () => {
  await database?.cleanup();
});

describe('outlet-status batch statement', () => {
  it('answers the same with a value holding a space (JSON) as without (text)', async () => {
    const { db } = database;
    // codes[0] online → 0 (update), codes[1] offline → 0 (unchanged), codes[2] under the wrong site,
    // codes[4] out of the uploader's scope, one code not in the portal.
    const plain = [
      row(1, inScope, codes[0]!, 0),
      row(2, inScope, codes[1]!, 0),
      row(3, outOfScope, codes[2]!, 1),
      row(4, outOfScope, codes[4]!, 1),
      row(5, inScope, '123456789012', 1),
    ];
    const spaced = [...plain, row(6, inScope, '12 34', 1)];
    const plainErrors = await outletStatusImport.checkAgainstDb(db, plain, ctx);
    const plainPlan = await outletStatusImport.plan(db, plain, ctx);
    const spacedErrors = await outletStatusImport.checkAgainstDb(db, spaced, ctx);
    const spacedPlan = await outletStatusImport.plan(db, spaced, ctx);
    expect(plainErrors.map((e) => [e.row, e.code])).toEqual([
      [3, 'NOT_IN_PORTAL'],
      [4, 'OUT_OF_SCOPE'],
      [5, 'NOT_IN_PORTAL'],
    ]);
    expect(spacedErrors.map((e) => [e.row, e.code])).toEqual([
      ...plainErrors.map((e) => [e.row, e.code]),
      [6, 'NOT_IN_PORTAL'],
    ]);
    // Updates: codes[0] (online, file says 0) and every code with no outlet (rows 5 and 6).
    expect(plainPlan).toEqual({ create: 0, update: 2, unchanged: 3 });
    expect(spacedPlan).toEqual({ create: 0, update: 3, unchanged: 3 });
  });
});

describe('outlet-status apply', () => {
  it('writes one audit entry per changed outlet with unique, time-ordered ids', async () => {
    const { db } = database;
    const rows = [
      row(1, inScope, codes[0]!, 0),
      row(2, inScope, codes[1]!, 1),
      row(3, inScope, codes[2]!, 1),
    ];
    const result = await applyImport(db, outletStatusImport, rows, ctx, {
      sessionId: null,
      requestId: null,
      fileName: 'status.csv',
    });
    expect(result).toEqual({ created: 0, updated: 2, unchanged: 1 });
    const { rows: entries } = await db.query<{ id: string; target: string; before: unknown; after: unknown }>(
      `SELECT id, target, before, after FROM audit_log WHERE import_id = $1 AND action = 'outlet.status.update'
       ORDER BY target`,
      [ctx.importId],
    );
    expect(entries.map((e) => [e.target, e.before, e.after])).toEqual(
      [
        [codes[0], { status: 1 }, { status: 0 }],
        [codes[1], { status: 0 }, { status: 1 }],
      ].sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    );
    for (const e of entries)
      expect(e.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(entries.map((e) => e.id)).size).toBe(2);
    // Time-ordered: the prefix starts with the import's time in milliseconds.
    const time = ctx.now.getTime().toString(16).padStart(12, '0');
    for (const e of entries) expect(e.id.replace(/-/g, '').slice(0, 12)).toBe(time);
    expect(auditIdPrefix(new Date(ctx.now.getTime() + 1)) > auditIdPrefix(ctx.now)).toBe(true);
  });

  it('keeps status changes HOT: outlets pages have room and is_online is in no index', async () => {
    const { db } = database;
    const { rows: options } = await db.query<{ reloptions: string[] | null }>(
      `SELECT reloptions FROM pg_class WHERE oid = 'outlets'::regclass`,
    );
    expect(options[0]?.reloptions).toContain('fillfactor=50');
    const { rows: indexed } = await db.query<{ name: string }>(
      `SELECT i.indexrelid::regclass::text AS name
       FROM pg_index i
       JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attname = 'is_online'
       WHERE i.indrelid = 'outlets'::regclass
         AND (a.attnum = ANY (i.indkey::int2[])
              OR pg_get_expr(i.indexprs, i.indrelid) LIKE '%is_online%'
              OR pg_get_expr(i.indpred, i.indrelid) LIKE '%is_online%')`,
    );
    expect(indexed).toEqual([]);
  });
});
