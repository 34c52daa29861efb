/**
 * The admin tools' access gate (lib/tables/admin-gate.ts) on their real routes, against the test seed,
 * real PGlite and app.inject: every read route (registerAdminTable's pages, export and filter lists,
 * registerAdminRead's own reads, the Activity Log behind the asked tool's policy), every changed-list save
 * and the Estimated Best Price recompute answer 403 to a caller the tool refuses even when the query or
 * body is malformed, and 400 for it to a caller the tool lets in. And
 * registerAdminChange's `afterCommit`: run once the change has committed, only when something changed,
 * never answered when it throws.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Envelope } from '@fieldforce/contracts';
import { flagsChanged } from '../../src/lib/market-flags.js';
import { assertAdminTool } from '../../src/lib/policies/index.js';
import { audited, registerAdminChange, unchanged } from '../../src/lib/tables/index.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { call, signIn } from '../outlet-status/helpers.js';
import { storedValue } from './helpers.js';

let t: TestApp;
const tokens = new Map<string, string>();
/** Signs in once per demo user: `admin.vn` → admin.vn@demo.test in vn. */
const as = async (who: string) => {
  if (!tokens.has(who)) tokens.set(who, await signIn(t.app, `${who}@demo.test`, who.split('.')[1]!));
  return tokens.get(who)!;
};

/** A route of a tool: its path and query (beside countryCode), and what makes its input malformed. */
interface GatedRoute {
  method?: 'GET' | 'PUT' | 'POST';
  path: string;
  query?: string;
  /** Extra query (for PUT and POST the body) the route's schema refuses; none for a route with no more. */
  malformed?: string | Record<string, unknown>;
}

/** The well-formed body of a PUT (a changed list) and a POST (the recompute's, all defaults). */
const WELL_FORMED: Record<string, Record<string, unknown>> = { PUT: { changes: [] }, POST: {} };

interface GatedTool {
  tool: string;
  /** A caller the tool refuses (user and market), and one it lets in. */
  refused: { who: string; market: string };
  allowed: { who: string; market: string };
  routes: GatedRoute[];
}

const A = '/api/admin';
const tablePages = (base: string, listPath = `${base}/list`): GatedRoute[] => [
  { path: listPath, malformed: 'page=0' },
  { path: `${base}/filterResult`, malformed: 'pageSize=abc' },
  { path: `${base}/fileExport`, malformed: 'format=pdf' },
];

const TOOLS: GatedTool[] = [
  {
    tool: 'Merchandizing Sets (off in bd)',
    refused: { who: 'admin.bd', market: 'bd' },
    allowed: { who: 'admin.vn', market: 'vn' },
    routes: [
      ...tablePages(`${A}/merchandizingSets`),
      { path: `${A}/merchandizingSets/filters` },
      { path: `${A}/merchandizingSets/set`, query: 'setId=SET001', malformed: 'version=0' },
      { path: `${A}/merchandizingSets/compliance`, query: 'setId=SET001', malformed: 'version=abc' },
    ],
  },
  {
    tool: 'Task Management (refused by the role and market rules)',
    refused: { who: 'tl.vn', market: 'vn' },
    allowed: { who: 'admin.vn', market: 'vn' },
    routes: [
      ...tablePages(`${A}/tasks`),
      { path: `${A}/tasks/outlets`, query: 'task=T000001', malformed: 'filter_state=nowhere,x,y,z' },
      { path: `${A}/tasks/outlets/fileExport`, query: 'task=T000001', malformed: 'lang=fr' },
      // Their path's code is all they take: the describe below sends one the schema refuses.
      { path: `${A}/tasks/T999999` },
      { path: `${A}/tasks/T999999/progress` },
    ],
  },
  {
    tool: 'Outlet Status (off in vn)',
    refused: { who: 'admin.vn', market: 'vn' },
    allowed: { who: 'admin.th', market: 'th' },
    routes: [
      { path: `${A}/getSalesmanDetails`, malformed: 'page=0' },
      { path: `${A}/filterResult`, malformed: 'pageSize=abc' },
      { path: `${A}/fileExport`, malformed: 'format=pdf' },
      { path: `${A}/outletStatus/filters` },
      { method: 'PUT', path: `${A}/outletStatus`, malformed: { changes: [] } },
      // The Activity Log's policy is the asked tool's: the gate reads `tool` alone first.
      { path: `${A}/activityLog`, query: 'tool=outletStatus', malformed: 'page=0' },
    ],
  },
  {
    tool: 'Outlet Geo-Compliance (off in th)',
    refused: { who: 'admin.th', market: 'th' },
    allowed: { who: 'admin.vn', market: 'vn' },
    routes: [
      ...tablePages(`${A}/outletGeoCompliance`),
      { path: `${A}/outletGeoCompliance/filters` },
      { method: 'PUT', path: `${A}/outletGeoCompliance`, malformed: { changes: [] } },
    ],
  },
  {
    tool: 'Device Geo-Compliance (refused by the role rule)',
    refused: { who: 'tl.vn', market: 'vn' },
    allowed: { who: 'admin.vn', market: 'vn' },
    routes: [...tablePages(`${A}/deviceGeoCompliance`), { path: `${A}/deviceGeoCompliance/filters` }],
  },
  {
    tool: 'Salesman Device ID (its flag switched off in bd here)',
    refused: { who: 'admin.bd', market: 'bd' },
    allowed: { who: 'admin.vn', market: 'vn' },
    routes: [
      ...tablePages(`${A}/salesmanDeviceId`),
      { path: `${A}/salesmanDeviceId/filters` },
      { path: `${A}/salesmanDeviceId/settings` },
    ],
  },
  {
    tool: 'Estimated Best Price (not in id)',
    refused: { who: 'admin.id', market: 'id' },
    allowed: { who: 'admin.vn', market: 'vn' },
    routes: [
      ...tablePages(`${A}/estimatedBestPrice`),
      { method: 'POST', path: `${A}/estimatedBestPrice/recompute`, malformed: { asOf: 'tomorrow' } },
      { path: `${A}/activityLog`, query: 'tool=estimatedBestPrice', malformed: 'pageSize=abc' },
    ],
  },
  {
    tool: 'User Access (refused by the role rule)',
    refused: { who: 'tl.vn', market: 'vn' },
    allowed: { who: 'admin.vn', market: 'vn' },
    routes: [
      ...tablePages(`${A}/userAccess`),
      { path: `${A}/userAccess/filters` },
      { path: `${A}/userAccess/user`, query: 'userId=nobody', malformed: `userId=${'x'.repeat(80)}` },
    ],
  },
];

function request(route: GatedRoute, market: string, malformed: boolean) {
  const method = route.method ?? 'GET';
  const params = [`countryCode=${market}`];
  if (route.query) params.push(route.query);
  if (malformed && typeof route.malformed === 'string') params.push(route.malformed);
  const body = method === 'GET' ? undefined : malformed ? route.malformed : WELL_FORMED[method];
  return { method, url: `${route.path}?${params.join('&')}`, body } as const;
}

/** Calls for the afterCommit test: what the step saw, when it ran. */
const AFTER_PATH = '/api/test/adminChangeAfterCommit/:key';
const PREFIX = 'after-commit-test:';
const afterCommits: { key: string; seen: string | null; audit: number }[] = [];
const stored = (key: string) => storedValue(t.app.db, PREFIX + key);

beforeAll(async () => {
  t = await createTestApp({
    seed: true,
    config: { AUTH_RATE_LIMIT_PER_MINUTE: 100_000 },
    extraRoutes: (app) =>
      registerAdminChange(app, {
        method: 'PUT',
        path: AFTER_PATH,
        tool: 'merchandizingSets',
        summary: 'test: set one value, with an after-commit step',
        description: 'A change route for the test of registerAdminChange’s afterCommit.',
        params: z.object({ key: z.string().min(1) }),
        body: z.object({ value: z.string().min(1), fail: z.enum(['run', 'after']).optional() }),
        response: z.object({ changed: z.boolean() }),
        authorize: (q, user, market) => assertAdminTool(q, user, market, 'merchandizingSets', 'edit'),
        run: async (tx, ctx) => {
          const before = await tx.query<{ value: string }>('SELECT value FROM app_meta WHERE key = $1', [
            PREFIX + ctx.params.key,
          ]);
          if (before.rows[0]?.value === ctx.body.value) return unchanged({ changed: false });
          await tx.query(
            `INSERT INTO app_meta (key, value) VALUES ($1, $2)
             ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
            [PREFIX + ctx.params.key, ctx.body.value],
          );
          if (ctx.body.fail === 'run') throw new Error('run failed after writing');
          return audited(
            { changed: true },
            { action: 'test.value.update', target: ctx.params.key, before: null, after: { v: 1 } },
          );
        },
        // Reads through the app's database, outside the change's transaction: it has committed.
        afterCommit: async (ctx, change) => {
          afterCommits.push({
            key: ctx.params.key,
            seen: await stored(ctx.params.key),
            audit: change.audit.length,
          });
          if (ctx.body.fail === 'after') throw new Error('after-commit step failed');
        },
      }),
  });
  // Salesman Device ID exists in every market by default: switch it off in bd for its refusal.
  await t.app.db.query(
    `UPDATE countries SET flags = coalesce(flags, '{}'::jsonb) || '{"salesmandeviceid": false}'::jsonb
      WHERE code = 'bd'`,
  );
  flagsChanged(t.app.db);
}, 300_000);
afterAll(() => t?.close());

describe.each(TOOLS)('$tool: the policy before validation', ({ refused, allowed, routes }) => {
  it.each(routes)(
    '$path: 403 to a refused caller, even malformed; 400 malformed for an allowed one',
    async (route) => {
      const token = await as(refused.who);
      for (const malformed of route.malformed === undefined ? [false] : [false, true]) {
        const r = request(route, refused.market, malformed);
        const res = await call(t.app, token, r.method, r.url, r.body);
        expect(res.statusCode, `${r.method} ${r.url}: ${res.body}`).toBe(403);
        expect((res.json() as Envelope<null>).errors?.code).toBe('FORBIDDEN');
      }
      if (route.malformed === undefined) return;
      const r = request(route, allowed.market, true);
      const res = await call(t.app, await as(allowed.who), r.method, r.url, r.body);
      expect(res.statusCode, `${r.method} ${r.url}: ${res.body}`).toBe(400);
    },
  );
});

describe('the tools’ own reads with a path the schema refuses', () => {
  it.each(['', '/progress'])(
    'GET /api/admin/tasks/{code}%s: 400 for an admin, 403 for a team leader',
    async (tail) => {
      const url = `${A}/tasks/${'T'.repeat(30)}${tail}?countryCode=vn`;
      expect((await call(t.app, await as('tl.vn'), 'GET', url)).statusCode).toBe(403);
      const res = await call(t.app, await as('admin.vn'), 'GET', url);
      expect(res.statusCode, res.body).toBe(400);
    },
  );
});

describe('the Activity Log with a tool that is none', () => {
  it('answers 400 on `tool` to any admin of the market, as its validation always has', async () => {
    for (const who of ['admin.vn', 'admin.th']) {
      const market = who.split('.')[1]!;
      const url = `${A}/activityLog?countryCode=${market}&tool=noSuchTool&page=0`;
      const res = await call(t.app, await as(who), 'GET', url);
      expect(res.statusCode, res.body).toBe(400);
      const errors = (res.json() as Envelope<null>).errors;
      expect(errors?.code).toBe('VALIDATION_FAILED');
      expect(errors?.fields?.map((f) => f.field)).toContain('querystring.tool');
    }
  });

  it('still answers 403 to a caller the role gate refuses, whatever the tool', async () => {
    const res = await call(
      t.app,
      await as('tl.vn'),
      'GET',
      `${A}/activityLog?countryCode=vn&tool=noSuchTool`,
    );
    expect(res.statusCode).toBe(403);
  });
});

describe('registerAdminChange afterCommit', () => {
  const url = (key: string, market = 'vn') => `/api/test/adminChangeAfterCommit/${key}?countryCode=${market}`;

  it('runs after the commit (it reads the change from outside the transaction), once per change', async () => {
    const res = await call(t.app, await as('admin.vn'), 'PUT', url('A'), { value: 'one' });
    expect(res.statusCode, res.body).toBe(200);
    expect(afterCommits.filter((c) => c.key === 'A')).toEqual([{ key: 'A', seen: 'one', audit: 1 }]);
  });

  it('does not run when nothing changed, nor when the change failed', async () => {
    const token = await as('admin.vn');
    await call(t.app, token, 'PUT', url('B'), { value: 'same' });
    const again = await call(t.app, token, 'PUT', url('B'), { value: 'same' });
    expect(again.json()).toMatchObject({ 'response-data': { changed: false } });
    const failed = await call(t.app, token, 'PUT', url('C'), { value: 'x', fail: 'run' });
    expect(failed.statusCode).toBe(500);
    expect(await stored('C')).toBeNull();
    expect(afterCommits.filter((c) => c.key !== 'A').map((c) => c.key)).toEqual(['B']);
  });

  it('a throw in it is logged, not answered: the change is saved and answered', async () => {
    const res = await call(t.app, await as('admin.vn'), 'PUT', url('D'), { value: 'kept', fail: 'after' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ 'response-data': { changed: true } });
    expect(await stored('D')).toBe('kept');
    expect(afterCommits.filter((c) => c.key === 'D')).toHaveLength(1);
  });

  it('answers 403 before a bad body for a caller the tool refuses', async () => {
    const res = await call(t.app, await as('admin.bd'), 'PUT', url('E', 'bd'), { value: '' });
    expect(res.statusCode).toBe(403);
  });
});
