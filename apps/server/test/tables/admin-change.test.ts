/**
 * registerAdminChange (lib/tables/admin-change.ts) on a small change route of its own, against the test
 * seed, real PGlite and app.inject: the tool's policy answers 403 before a bad body's 400; a change
 * writes its audit entry and bumps the data version in the transaction of the change itself, and the
 * answer is read there after the entry and the bump; a change that changed nothing writes neither; a failure inside `run` (or in writing its audit entry) leaves
 * no change, no audit row and no bump.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Envelope, KpiAnswer } from '@fieldforce/contracts';
import { DATA_VERSION_KEY, readDataVersion } from '../../src/db/data-version.js';
import { assertAdminTool } from '../../src/lib/policies/index.js';
import { ManualClock } from '../../src/lib/clock.js';
import { audited, registerAdminChange, unchanged } from '../../src/lib/tables/index.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { call, signIn } from '../outlet-status/helpers.js';
import { storedValue } from './helpers.js';

const PATH = '/api/test/adminChange/:key';
/** The same change declared with `failure`: the words a failure that is not an AppError is answered with. */
const FAILURE_PATH = '/api/test/adminChangeWithFailure/:key';
const FAILURE = 'The test value could not be saved.';
const PREFIX = 'admin-change-test:';
const bodySchema = z.object({ value: z.string().min(1).max(20), fail: z.enum(['run', 'audit']).optional() });

let t: TestApp;
let adminVn: string;
let adminBd: string;

const url = (key: string, market = 'vn') => `/api/test/adminChange/${key}?countryCode=${market}`;
const auditRows = (key: string) =>
  t.app.db.query<{ action: string; target: string; market: string; actor_id: string; xmin: string }>(
    `SELECT action, target, market, actor_id, xmin::text AS xmin FROM audit_log
     WHERE tool = 'merchandizingSets' AND target = $1 ORDER BY at`,
    [key],
  );
const stored = (key: string) => storedValue(t.app.db, PREFIX + key);

/** A change to a figure the dashboards count: one salesman-day's GSV in the KPI summary. */
const KPI_PATH = '/api/test/adminChangeKpi';
const kpiBodySchema = z.object({ salesmanId: z.number().int(), kpiDate: z.string(), delta: z.number() });
const TEAM =
  '/api/ucube/individual-performance-kpis?countryCode=vn&period=mtd&role=LEVEL6&emailId=tl.vn@demo.test';

beforeAll(async () => {
  t = await createTestApp({
    seed: true,
    clock: new ManualClock(Date.UTC(2026, 10, 20, 8)),
    config: { AUTH_RATE_LIMIT_PER_MINUTE: 100_000 },
    extraRoutes: (app) => {
      registerAdminChange(app, {
        method: 'PUT',
        path: KPI_PATH,
        tool: 'merchandizingSets',
        summary: 'test: add to one salesman-day’s GSV',
        description: 'A change route for the test of the data version after registerAdminChange’s commit.',
        body: kpiBodySchema,
        response: z.object({ changed: z.boolean() }),
        authorize: (q, user, market) => assertAdminTool(q, user, market, 'merchandizingSets', 'edit'),
        run: async (tx, ctx) => {
          await tx.query(
            'UPDATE salesman_daily_kpis SET gsv = gsv + $3 WHERE salesman_id = $1 AND kpi_date = $2',
            [ctx.body.salesmanId, ctx.body.kpiDate, ctx.body.delta],
          );
          return audited(
            { changed: true },
            { action: 'test.kpi.update', target: String(ctx.body.salesmanId), before: null, after: null },
          );
        },
        // A dashboard request of this process reading the data version while the change's transaction
        // runs: it sees the version before the change (still the committed one). On PostgreSQL it reads on
        // another connection and is awaited; PGlite's one session runs it only after the commit.
        answer: async (_tx, _ctx, result: { changed: boolean }) => {
          const concurrent = app.dataVersion.current();
          if (app.db.kind !== 'pglite') await concurrent;
          return result;
        },
      });
      [PATH, FAILURE_PATH].forEach((path) =>
        registerAdminChange(app, {
          method: 'PUT',
          path,
          ...(path === FAILURE_PATH ? { failure: FAILURE } : {}),
          tool: 'merchandizingSets',
          summary: 'test: set one value',
          description: 'A change route for the test of registerAdminChange.',
          params: z.object({ key: z.string().min(1) }),
          body: bodySchema,
          response: z.object({
            key: z.string(),
            changed: z.boolean(),
            audits: z.number(),
            version: z.string(),
          }),
          // Merchandizing Sets is on in vn, off in bd: bd's admin passes the role gate, not the tool's.
          authorize: (q, user, market) => assertAdminTool(q, user, market, 'merchandizingSets', 'edit'),
          run: async (tx, ctx) => {
            const key = ctx.params.key;
            const { rows } = await tx.query<{ value: string }>(
              'SELECT value FROM app_meta WHERE key = $1 FOR UPDATE',
              [PREFIX + key],
            );
            const before = rows[0]?.value ?? null;
            if (before === ctx.body.value) return unchanged({ key, changed: false });
            await tx.query(
              `INSERT INTO app_meta (key, value) VALUES ($1, $2)
             ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
              [PREFIX + key, ctx.body.value],
            );
            if (ctx.body.fail === 'run') throw new Error('run failed after writing');
            return {
              result: { key, changed: true },
              audit: [
                {
                  action: 'test.value.update',
                  target: key,
                  before: before === null ? null : { value: before },
                  // A BigInt cannot be written as JSON: the audit entry fails after run's write.
                  after: ctx.body.fail === 'audit' ? { value: 1n } : { value: ctx.body.value },
                },
              ],
            };
          },
          // Read in the change's transaction after its audit entries and the bump: this entry counts,
          // and the data version read is the one the change commits.
          answer: async (tx, ctx, result: { key: string; changed: boolean }) => {
            const { rows } = await tx.query<{ n: number }>(
              `SELECT count(*)::int AS n FROM audit_log WHERE tool = 'merchandizingSets' AND target = $1`,
              [ctx.params.key],
            );
            return { ...result, audits: rows[0]!.n, version: await readDataVersion(tx) };
          },
        }),
      );
    },
  });
  adminVn = await signIn(t.app, 'admin.vn@demo.test', 'vn');
  adminBd = await signIn(t.app, 'admin.bd@demo.test', 'bd');
}, 300_000);
afterAll(() => t?.close());

describe('registerAdminChange', () => {
  it('answers 403 to a caller the tool refuses, even for a bad body; 400 for a bad body of one it lets in', async () => {
    const refused = await call(t.app, adminBd, 'PUT', url('A', 'bd'), { value: '' });
    expect(refused.statusCode, refused.body).toBe(403);
    expect((refused.json() as Envelope<null>).errors?.code).toBe('FORBIDDEN');
    expect(refused.body).toMatch(/not available in Bangladesh/);
    const noBody = await call(t.app, adminBd, 'PUT', url('A', 'bd'));
    expect(noBody.statusCode).toBe(403);
    const bad = await call(t.app, adminVn, 'PUT', url('A'), { value: '' });
    expect(bad.statusCode).toBe(400);
    expect(await stored('A')).toBeNull();
  });

  it('writes the audit entry and bumps the data version in the change’s own transaction', async () => {
    const v0 = await readDataVersion(t.app.db);
    const res = await call(t.app, adminVn, 'PUT', url('B'), { value: 'one' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      statusCode: 200,
      'response-data': { key: 'B', changed: true, audits: 1 },
    });
    expect(await stored('B')).toBe('one');
    const v1 = await readDataVersion(t.app.db);
    expect(v1).not.toBe(v0);
    // The answer, read inside the transaction, already saw the bumped version.
    expect((res.json() as Envelope<{ version: string }>)['response-data']!.version).toBe(v1);
    const { rows } = await auditRows('B');
    expect(rows).toEqual([
      expect.objectContaining({ action: 'test.value.update', target: 'B', market: 'vn' }),
    ]);
    // The same inserting transaction (xmin) for the value, its audit row and the data version.
    const { rows: meta } = await t.app.db.query<{ key: string; xmin: string }>(
      'SELECT key, xmin::text AS xmin FROM app_meta WHERE key = ANY($1::text[])',
      [[PREFIX + 'B', DATA_VERSION_KEY]],
    );
    expect(meta).toHaveLength(2);
    expect(new Set([...meta.map((m) => m.xmin), rows[0]!.xmin]).size).toBe(1);
  });

  it('writes no audit entry and leaves the data version when nothing changed', async () => {
    await call(t.app, adminVn, 'PUT', url('C'), { value: 'same' });
    const v1 = await readDataVersion(t.app.db);
    const again = await call(t.app, adminVn, 'PUT', url('C'), { value: 'same' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ 'response-data': { key: 'C', changed: false, audits: 1 } });
    expect(await readDataVersion(t.app.db)).toBe(v1);
    expect((await auditRows('C')).rows).toHaveLength(1);
  });

  it.each(['run', 'audit'] as const)(
    'leaves no change, no audit row and no bump when %s fails',
    async (fail) => {
      const key = `D-${fail}`;
      await call(t.app, adminVn, 'PUT', url(key), { value: 'kept' });
      const v1 = await readDataVersion(t.app.db);
      const res = await call(t.app, adminVn, 'PUT', url(key), { value: 'lost', fail });
      expect(res.statusCode).toBe(500);
      expect((res.json() as Envelope<null>).errors?.code).toBe('INTERNAL_ERROR');
      expect(await stored(key)).toBe('kept');
      expect(await readDataVersion(t.app.db)).toBe(v1);
      expect((await auditRows(key)).rows.map((r) => r.action)).toEqual(['test.value.update']);
    },
  );

  it('answers a failure with the route’s own words when it has them; its refusals stay as thrown', async () => {
    const at = (key: string) => `/api/test/adminChangeWithFailure/${key}?countryCode=vn`;
    const failed = await call(t.app, adminVn, 'PUT', at('E'), { value: 'lost', fail: 'run' });
    expect(failed.statusCode).toBe(500);
    expect((failed.json() as Envelope<null>).errors).toMatchObject({
      code: 'INTERNAL_ERROR',
      shortDescription: FAILURE,
    });
    expect(await stored('E')).toBeNull();
    const refused = await call(t.app, adminBd, 'PUT', at('E').replace('=vn', '=bd'), { value: 'x' });
    expect(refused.statusCode).toBe(403);
    expect((await call(t.app, adminVn, 'PUT', at('E'), { value: 'kept' })).statusCode).toBe(200);
  });

  it('documents the route with the envelope responses and the sign-in requirement', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { security?: unknown; responses: Record<string, unknown> }>>;
    };
    const op = doc.paths['/api/test/adminChange/{key}']?.put;
    expect(op?.security).toEqual([{ customerToken: [] }]);
    expect(Object.keys(op?.responses ?? {}).sort()).toEqual(['200', '400', '401', '403', '404', '500']);
  });
});

describe('the data version after a change', () => {
  it('a cached dashboard answer on the same app shows the change at once, with no wait', async () => {
    const tlVn = await signIn(t.app, 'tl.vn@demo.test', 'vn');
    const teamGsv = async () => {
      const res = await call(t.app, tlVn, 'GET', TEAM);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as Envelope<KpiAnswer>)['response-data'].total.kpis.gsv!.actual as number;
    };
    const { rows } = await t.app.db.query<{ salesman_id: number; kpi_date: string }>(
      `SELECT k.salesman_id, k.kpi_date::text FROM salesman_daily_kpis k
       JOIN salesmen s ON s.id = k.salesman_id JOIN hierarchy_members tl ON tl.id = s.team_leader_member_id
       JOIN users u ON u.id = tl.user_id
       WHERE u.email = 'tl.vn@demo.test' AND k.kpi_date BETWEEN '2026-11-01' AND '2026-11-20' LIMIT 1`,
    );
    const day = { salesmanId: rows[0]!.salesman_id, kpiDate: rows[0]!.kpi_date };
    const before = await teamGsv();
    expect(await teamGsv()).toBe(before); // cached under the data version this process knows
    const res = await call(t.app, adminVn, 'PUT', `${KPI_PATH}?countryCode=vn`, { ...day, delta: 1000 });
    expect(res.statusCode, res.body).toBe(200);
    expect(await teamGsv()).toBeCloseTo(before + 1000, 2);
    await call(t.app, adminVn, 'PUT', `${KPI_PATH}?countryCode=vn`, { ...day, delta: -1000 });
    expect(await teamGsv()).toBeCloseTo(before, 2);
  });
});
