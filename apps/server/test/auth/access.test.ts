/** Route access declarations, roles, markets, DT scope in queries, the profile rule and role levels. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { ok, levelForRole, type AccessRole } from '@fieldforce/contracts';
import { buildApp } from '../../src/app.js';
import { dtScopeSql, marketScopeSql } from '../../src/lib/policy.js';
import { requireAuth } from '../../src/lib/request-context.js';
import { authTestApp, body, signIn, withToken, type AuthTestApp } from './helpers.js';

const ROLES: (AccessRole | 'any')[] = ['any', 'admin', 'ucube', 'reports', 'superUser'];

/** Synthetic routes, one per role, that answer the caller's market and visible DT codes. */
function extraRoutes(app: FastifyInstance) {
  for (const role of ROLES) {
    app.get(
      `/api/test/${role}`,
      { config: { access: role === 'any' ? {} : { roles: [role] } } },
      async (request) => {
        const auth = requireAuth(request);
        const params: unknown[] = [request.market];
        const { rows } = await app.db.query<{ dt_code: string }>(
          `SELECT dt_code FROM distributors WHERE country_code = $1 AND ${dtScopeSql(auth.user, 'dt_code', params)} ORDER BY dt_code`,
          params,
        );
        return ok({ market: request.market, dtCodes: rows.map((r) => r.dt_code) });
      },
    );
  }
  app.get('/api/test/markets', { config: { access: { market: 'any' } } }, async (request) => {
    const auth = requireAuth(request);
    const params: unknown[] = [];
    const { rows } = await app.db.query<{ n: number }>(
      `SELECT count(DISTINCT country_code)::int AS n FROM distributors WHERE ${marketScopeSql(auth.user, 'country_code', params)}`,
      params,
    );
    return ok(rows[0]!.n);
  });
}

let t: AuthTestApp;
const tokens = new Map<string, string>();
const token = async (email: string) => {
  if (!tokens.has(email)) tokens.set(email, (await signIn(t.app, email)).idToken);
  return tokens.get(email)!;
};
const call = async (email: string, path: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: path, headers: { ...withToken(await token(email)), ...headers } });

beforeAll(async () => {
  t = await authTestApp({ extraRoutes });
});
afterAll(() => t?.close());

describe('roles (spec section 6)', () => {
  const expected: Record<string, (AccessRole | 'any')[]> = {
    'super@demo.test': ['any', 'ucube', 'reports', 'superUser'],
    'admin.vn@demo.test': ['any', 'admin', 'ucube', 'reports'],
    'head.vn@demo.test': ['any', 'ucube', 'reports'],
    'sm.vn@demo.test': ['any', 'ucube'],
    'reports.vn@demo.test': ['any', 'reports'],
    'none.vn@demo.test': ['any'],
  };
  it.each(Object.entries(expected))('%s may call exactly its roles', async (email, allowed) => {
    for (const role of ROLES) {
      const res = await call(email, `/api/test/${role}`);
      expect([role, res.statusCode]).toEqual([role, allowed.includes(role) ? 200 : 403]);
    }
  });

  it('answers 401 before anything else without a token', async () => {
    for (const role of ROLES) {
      expect(
        (await t.app.inject({ method: 'GET', url: `/api/test/${role}?countryCode=zz` })).statusCode,
      ).toBe(401);
    }
  });
});

describe('markets', () => {
  it('defaults to the user’s home market and refuses another one', async () => {
    expect(
      body<{ market: string }>(await call('head.bd@demo.test', '/api/test/any'))['response-data'].market,
    ).toBe('bd');
    expect((await call('head.bd@demo.test', '/api/test/any?countryCode=bd')).statusCode).toBe(200);
    const other = await call('head.bd@demo.test', '/api/test/any?countryCode=vn');
    expect(other.statusCode).toBe(403);
    expect(body(other).errors?.code).toBe('FORBIDDEN');
    expect((await call('head.bd@demo.test', '/api/test/any', { countrycode: 'vn' })).statusCode).toBe(403);
  });

  it('lets only a Super User (role Super User and isSuperUser YES) act in any market', async () => {
    for (const cc of ['vn', 'bd', 'idic']) {
      expect((await call('super@demo.test', `/api/test/any?countryCode=${cc}`)).statusCode).toBe(200);
    }
    // isSuperUser YES without the Super User role is not enough.
    await t.database.db.query(`UPDATE users SET is_super_user = true WHERE email = 'admin.pk@demo.test'`);
    expect((await call('admin.pk@demo.test', '/api/test/any?countryCode=vn')).statusCode).toBe(403);
  });

  it('reads id with BusinessGroup ic as Indonesia IC', async () => {
    const res = await call('head.idic@demo.test', '/api/test/any?countryCode=id', { businessgroup: 'ic' });
    expect(res.statusCode).toBe(200);
    expect(body<{ market: string }>(res)['response-data'].market).toBe('idic');
    expect((await call('head.idic@demo.test', '/api/test/any?countryCode=id')).statusCode).toBe(403);
  });

  it('answers 400 for an unknown market', async () => {
    const res = await call('head.vn@demo.test', '/api/test/any?countryCode=xx');
    expect(res.statusCode).toBe(400);
    expect(body(res).errors?.fields?.[0]?.field).toBe('querystring.countryCode');
  });

  it('scopes lists to the user’s markets', async () => {
    expect(body<number>(await call('super@demo.test', '/api/test/markets'))['response-data']).toBe(7);
    expect(body<number>(await call('head.vn@demo.test', '/api/test/markets'))['response-data']).toBe(1);
  });
});

describe('DT scope inside the query', () => {
  it('all distributors for All (Super Access), one for a DT operator, two for reports', async () => {
    const all = body<{ dtCodes: string[] }>(await call('admin.vn@demo.test', '/api/test/any'))[
      'response-data'
    ].dtCodes;
    const { rows } = await t.database.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM distributors WHERE country_code = 'vn'`,
    );
    expect(all).toHaveLength(rows[0]!.n);
    const dt = body<{ dtCodes: string[] }>(await call('dt.vn@demo.test', '/api/test/any'))['response-data']
      .dtCodes;
    expect(dt).toHaveLength(1);
    const reports = body<{ dtCodes: string[] }>(await call('reports.vn@demo.test', '/api/test/any'))[
      'response-data'
    ].dtCodes;
    expect(reports.length).toBeGreaterThanOrEqual(1);
    expect(reports.length).toBeLessThanOrEqual(2);
    expect(reports).toContain(dt[0]);
  });
});

describe('the profile call', () => {
  const profile = async (viewer: string, email: string, query = '') =>
    t.app.inject({
      method: 'POST',
      url: `/api/fb/users/profile${query}`,
      headers: withToken(await token(viewer)),
      payload: { email },
    });

  it('gives every field of the user details, BSA sorted for the market', async () => {
    const res = await profile('admin.idic@demo.test', 'ADMIN.IDIC@demo.test', '?countryCode=idic');
    expect(res.statusCode).toBe(200);
    const details = body<Record<string, unknown>>(res)['response-data'];
    expect(Object.keys(details).sort()).toEqual(
      [
        'accessToOperationalDashboards',
        'accessToUcube',
        'bsa',
        'countryCode',
        'dtAccessCodes',
        'email',
        'id',
        'isSuperUser',
        'lastLoginAt',
        'name',
        'role',
        'userType',
      ].sort(),
    );
    expect(details).toMatchObject({
      email: 'admin.idic@demo.test',
      userType: 'admin',
      accessToUcube: 'YES',
      isSuperUser: 'NO',
      countryCode: 'idic',
    });
    const idic = await profile('admin.idic@demo.test', 'admin.idic@demo.test', '?countryCode=id');
    expect(idic.statusCode).toBe(403);
    const withGroup = await t.app.inject({
      method: 'POST',
      url: '/api/fb/users/profile?countryCode=id',
      headers: { ...withToken(await token('admin.idic@demo.test')), businessgroup: 'ic' },
      payload: { email: 'admin.idic@demo.test' },
    });
    expect(body<{ bsa: string[] }>(withGroup)['response-data'].bsa).toEqual(['Ice Cream', 'Distributor']);
    const superView = await profile('super@demo.test', 'super@demo.test', '?countryCode=idic');
    expect(body<{ bsa: string[] }>(superView)['response-data'].bsa).toEqual([
      'Ice Cream',
      'Distributor',
      'New Channel',
    ]);
    const vnView = await profile('super@demo.test', 'super@demo.test', '?countryCode=vn');
    expect(body<{ bsa: string[]; countryCode: string }>(vnView)['response-data']).toMatchObject({
      bsa: ['Distributor', 'New Channel', 'Ice Cream'],
      countryCode: 'id,idic,vn,ph,th,pk,bd',
    });
  });

  it('is one’s own, unless one is a Super User', async () => {
    expect((await profile('head.vn@demo.test', 'admin.vn@demo.test')).statusCode).toBe(403);
    expect((await profile('super@demo.test', 'admin.vn@demo.test')).statusCode).toBe(200);
    expect((await profile('super@demo.test', 'ghost@demo.test')).statusCode).toBe(404);
  });
});

describe('access declarations', () => {
  it('an API route without one stops the app from starting', async () => {
    const app = await buildApp({
      db: t.database.db,
      logger: false,
      extraRoutes: () => undefined,
    });
    app.get('/api/undeclared', async () => ok(1));
    await expect(app.ready()).rejects.toThrow(/must declare config.access.*GET \/api\/undeclared/);
    await app.close().catch(() => undefined);
  });
});

describe('role levels (contracts)', () => {
  it('differ per market table (bd, id, other) and default to the top', () => {
    expect(levelForRole('Area Sales Manager', 'vn')).toBe('LEVEL3');
    expect(levelForRole('Area Sales Manager', 'id')).toBe('LEVEL3');
    expect(levelForRole('Assistant Area Sales Manager', 'idic')).toBe('LEVEL4');
    expect(levelForRole('Supervisor', 'th')).toBe('LEVEL4');
    expect(levelForRole('Sales Officer', 'bd')).toBe('LEVEL7');
    // A title another market uses is unknown in bd's table: the top, as unknown roles get the CD VP chain.
    expect(levelForRole('Salesman', 'bd')).toBe('LEVEL1');
    expect(levelForRole('DT Operator', 'pk')).toBe('LEVEL2');
    expect(levelForRole(null, 'vn')).toBe('LEVEL1');
  });
});
