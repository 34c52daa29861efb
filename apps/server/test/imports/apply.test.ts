import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportContext, ImportDefinition, ValidRow } from '../../src/lib/imports/definition.js';
import { ANALYZE_STAGING_FROM_ROWS, applyImport } from '../../src/lib/imports/apply.js';
import { DataVersionWatch, readDataVersion } from '../../src/db/data-version.js';
import type { AuthUser } from '../../src/lib/policy.js';
import { freshDatabase, type TestDatabase } from '../helpers/database.js';

interface Item {
  code: string;
  status: number;
}

/** A test definition over a test table: set-based update of changed rows, then insert of new ones. */
const def: ImportDefinition<Item> = {
  kind: 'outletStatus',
  tool: 'outletStatus',
  maxBytes: 1024,
  extensions: ['.csv'],
  noSpacesInName: true,
  headers: ['Code', 'Status'],
  dateColumns: [],
  validateRow: (raw) => ({ value: { code: raw.Code!, status: Number(raw.Status) } }),
  crossRowRules: [],
  checkAgainstDb: async () => [],
  plan: async () => ({ create: 0, update: 0, unchanged: 0 }),
  staging: {
    columns: [
      { name: 'code', type: 'text' },
      { name: 'status', type: 'integer' },
    ],
    toRow: (v) => [v.code, v.status],
  },
  async apply(tx, staging) {
    const updated = await tx.query(
      `UPDATE t_items t SET status = s.status FROM ${staging} s
       WHERE t.code = s.code AND t.status <> s.status RETURNING t.code`,
    );
    const created = await tx.query(
      `INSERT INTO t_items (code, status) SELECT s.code, s.status FROM ${staging} s
       WHERE NOT EXISTS (SELECT 1 FROM t_items t WHERE t.code = s.code) RETURNING code`,
    );
    const { rows } = await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${staging}`);
    const total = rows[0]!.n;
    return {
      created: created.rows.length,
      updated: updated.rows.length,
      unchanged: total - created.rows.length - updated.rows.length,
    };
  },
  auditAction: 'test.import',
};

let database: TestDatabase;
const ctx: ImportContext = {
  importId: 'imp-1',
  market: 'vn',
  user: { id: 'u1' } as AuthUser,
  now: new Date(),
};
const options = { sessionId: null, requestId: null, fileName: 'items.csv' };
const rows = (items: Item[]): ValidRow<Item>[] => items.map((value, i) => ({ row: i + 1, value }));
const table = async () =>
  (await database.db.query<Item>('SELECT code, status FROM t_items ORDER BY code')).rows;
const audits = async () =>
  (
    await database.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM audit_log WHERE import_id = 'imp-1'`,
    )
  ).rows[0]!.n;

beforeAll(async () => {
  database = await freshDatabase();
  await database.db.exec(
    `CREATE TABLE t_items (code text PRIMARY KEY, status integer NOT NULL CHECK (status IN (0, 1)));
     INSERT INTO t_items VALUES ('A1', 0), ('A2', 1);`,
  );
});
afterAll(async () => {
  await database.cleanup();
});

describe('import apply', () => {
  it('all or nothing: a bad last row leaves the table, the audit log and the data version unchanged', async () => {
    const version = await readDataVersion(database.db);
    await expect(
      applyImport(
        database.db,
        def,
        rows([
          { code: 'A1', status: 1 },
          { code: 'B9', status: 5 },
        ]),
        ctx,
        options,
      ),
    ).rejects.toThrow();
    expect(await table()).toEqual([
      { code: 'A1', status: 0 },
      { code: 'A2', status: 1 },
    ]);
    expect(await audits()).toBe(0);
    expect(await readDataVersion(database.db)).toBe(version);
    const { rows: left } = await database.db.query(
      `SELECT 1 FROM pg_tables WHERE tablename LIKE 'import_stage_%'`,
    );
    expect(left).toEqual([]);
  });

  it('applies set-based, bumps the data version, audits; the same file twice changes nothing', async () => {
    const file = rows([
      { code: 'A1', status: 1 },
      { code: 'A2', status: 1 },
      { code: 'A3', status: 0 },
    ]);
    // The process's own knowledge of the version (as app.dataVersion keeps it, here for a minute).
    const watch = new DataVersionWatch(database.db, 60_000);
    const version = await watch.current();
    expect(await applyImport(database.db, def, file, ctx, options)).toEqual({
      created: 1,
      updated: 1,
      unchanged: 1,
    });
    const after = await readDataVersion(database.db);
    expect(after).not.toBe(version);
    // Known in this process at once after the commit: its next dashboard answer shows the import.
    expect(await watch.current()).toBe(after);
    expect(await audits()).toBe(1);
    expect(await applyImport(database.db, def, file, ctx, options)).toEqual({
      created: 0,
      updated: 0,
      unchanged: 3,
    });
    expect(await readDataVersion(database.db)).toBe(after);
    expect(await table()).toEqual([
      { code: 'A1', status: 1 },
      { code: 'A2', status: 1 },
      { code: 'A3', status: 0 },
    ]);
  });

  it('analyses the staging table for a large file only (a small upload skips the statistics)', async () => {
    // What the planner knows of the staging table when the apply runs: reltuples is -1 until analysed.
    const seen: number[] = [];
    const probing: ImportDefinition<Item> = {
      ...def,
      async apply(tx, staging, c) {
        const { rows: stats } = await tx.query<{ n: number }>(
          `SELECT reltuples::float8 AS n FROM pg_class WHERE relname = $1`,
          [staging],
        );
        seen.push(Number(stats[0]!.n));
        return def.apply(tx, staging, c);
      },
    };
    const many = (n: number) => rows(Array.from({ length: n }, (_, i) => ({ code: `Z${i}`, status: i % 2 })));
    await applyImport(database.db, probing, many(3), { ...ctx, importId: 'imp-small' }, options);
    await applyImport(
      database.db,
      probing,
      many(ANALYZE_STAGING_FROM_ROWS),
      { ...ctx, importId: 'imp-large' },
      options,
    );
    expect(seen[0]).toBeLessThanOrEqual(0); // never analysed (-1; 0 before PostgreSQL 14)
    expect(seen[1]).toBe(ANALYZE_STAGING_FROM_ROWS);
  });
});
