/**
 * The page-first query shape and the lookup-free count (queries.ts) against the plain shape: every
 * report, every sortable column in both directions, with and without filters and DT scope, gives the
 * same page and the same total as joining every lookup to every row and sorting the lot.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  hiddenReportColumns,
  REPORT_KEYS,
  reportByKey,
  reportQuerySchema,
  type ReportKey,
} from '@fieldforce/contracts';
import type { AuthUser } from '../../src/lib/policy.js';
import { REPORT_SQL } from '../../src/modules/reports/definitions.js';
import {
  countReportRows,
  findReportPage,
  fullFrom,
  reportWhere,
  type ReportCriteria,
} from '../../src/modules/reports/queries.js';
import { reportCriteria } from '../../src/modules/reports/service.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { adminVn, RANGE } from './helpers.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ seed: true });
}, 60_000);
afterAll(() => t?.close());

const user = adminVn;
const ALL = user('All (Super Access)');
const SCOPED = user('VNDT001,VNDT002');

/** Master reports are open only to users who see every distributor. */
const REPORTS_OPEN_TO_SCOPED: readonly ReportKey[] = REPORT_KEYS.filter((k) => reportByKey(k)!.dated);

function criteria(key: ReportKey, query: Record<string, string>, who: AuthUser): ReportCriteria {
  const report = reportByKey(key)!;
  const range = report.dated ? RANGE : {};
  return reportCriteria(
    report,
    reportQuerySchema.parse({ countryCode: 'vn', ...range, ...query }),
    who,
    'vn',
    '2026-11-20',
  );
}

/** The plain shape: every lookup joined to every row, then sorted and cut. */
async function reference(c: ReportCriteria, offset: number, limit: number) {
  const def = REPORT_SQL[c.key];
  const params: unknown[] = [];
  const where = reportWhere(c, params);
  const dir = c.sort.descending ? 'DESC' : 'ASC';
  const select = [...def.columns.map((col) => `${col.sql} AS "${col.key}"`), `${def.rowKey} AS "_rowKey"`];
  const { rows } = await t.database.db.query<Record<string, unknown>>(
    `SELECT ${select.join(', ')} FROM ${fullFrom(def)} WHERE ${where}
      ORDER BY ${c.sort.column.sql} ${dir}, ${def.rowKey} ${dir} LIMIT ${limit} OFFSET ${offset}`,
    params,
  );
  const counted = await t.database.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ${fullFrom(def)} WHERE ${where}`,
    params,
  );
  return { rows, total: counted.rows[0]!.n };
}

async function expectSameAsPlain(c: ReportCriteria, label: string) {
  const expected = await reference(c, 7, 7);
  expect(await countReportRows(t.database.db, c), label).toBe(expected.total);
  expect(await findReportPage(t.database.db, c, 2, 7), label).toEqual(expected.rows);
}

describe('report queries', () => {
  it.each(REPORT_KEYS)('%s: pages and totals match the plain join for every sort', async (key) => {
    const hidden = hiddenReportColumns(key, 'vn');
    const sortable = REPORT_SQL[key].columns.filter((col) => col.sortable && !hidden.includes(col.key));
    for (const col of sortable) {
      for (const sort of [col.key, `-${col.key}`]) {
        const c = criteria(key, { sort }, ALL);
        await expectSameAsPlain(c, `${key} ${sort}`);
      }
    }
    const scoped = criteria(key, {}, SCOPED);
    if (REPORTS_OPEN_TO_SCOPED.includes(key)) await expectSameAsPlain(scoped, `${key} scoped`);
  });

  it('match with filters that read a lookup (outlet code, product name) and with DT scope', async () => {
    const visits = await findReportPage(t.database.db, criteria('salesperson-visit-summary', {}, ALL), 1, 3);
    const outlets = visits.map((r) => String(r['outletId'])).join(',');
    const cases: [ReportKey, Record<string, string>][] = [
      ['salesperson-visit-summary', { outletId: outlets }],
      ['salesperson-visit-summary', { outletId: outlets, sort: '-salesmanName' }],
      ['demand-capture', { customerCode: outlets }],
      ['order-loss', { customerCode: outlets, sort: 'productName' }],
      ['inventory-status', { productName: 'a' }],
      ['promotion-status', { customerCode: outlets }],
    ];
    for (const [key, query] of cases) {
      for (const who of [ALL, SCOPED]) {
        const c = criteria(key, query, who);
        await expectSameAsPlain(c, `${key} ${JSON.stringify(query)} ${who.dtAccessCodes}`);
      }
    }
    const filtered = await countReportRows(
      t.database.db,
      criteria('salesperson-visit-summary', { outletId: outlets }, ALL),
    );
    expect(filtered).toBeGreaterThan(0);
  });
});
