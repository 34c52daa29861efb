/**
 * Every route of the OpenAPI document against every demo role in vn and bd, from the one table in
 * access-matrix.ts: 401 without a token, then allowed (past access control: neither 401 nor 403) or
 * denied (403) per cell, and 403 for a market that is not the caller's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { DEMO_PASSWORD, type Envelope } from '@fieldforce/contracts';
import { createTestApp, type TestApp } from './helpers/app.js';
import {
  ACCESS_MATRIX,
  MATRIX_KINDS,
  MATRIX_MARKETS,
  type MatrixCaller,
  type MatrixKind,
  type MatrixMarket,
  type MatrixRow,
} from './access-matrix.js';

let t: TestApp;
let documented: string[] = [];
const callers = new Map<string, MatrixCaller>();
const AUTH_CODES = ['UNAUTHENTICATED', 'INVALID_ID_TOKEN', 'SESSION_ENDED', 'FORBIDDEN', 'PASSWORD_EXPIRED'];

const emailOf = (kind: MatrixKind, market: MatrixMarket) =>
  kind === 'super' ? 'super@demo.test' : `${kind}.${market}@demo.test`;
let deviceCount = 0;

async function signInCaller(kind: MatrixKind, market: MatrixMarket): Promise<MatrixCaller> {
  const email = emailOf(kind, market);
  const deviceId = `matrix ${kind} ${market} ${++deviceCount}`;
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/fb/accounts/login?countryCode=${market}`,
    payload: { email, password: DEMO_PASSWORD, deviceId },
  });
  if (res.statusCode !== 200) throw new Error(`${email}: ${res.body}`);
  return {
    kind,
    market,
    email,
    deviceId,
    idToken: (res.json() as Envelope<{ idToken: string }>)['response-data'].idToken,
  };
}

function inject(row: MatrixRow, caller: MatrixCaller | null, market: MatrixMarket | null): InjectOptions {
  const [method, path] = row.route.split(' ') as [InjectOptions['method'], string];
  const request =
    row.request?.(
      caller ?? { kind: 'none', market: 'vn', email: 'nobody@demo.test', deviceId: 'matrix', idToken: '' },
      market ?? caller?.market ?? 'vn',
    ) ?? {};
  const query = new URLSearchParams({
    ...(market ? { countryCode: market } : {}),
    ...request.query,
  }).toString();
  return {
    method,
    url: `${request.url ?? path}${query ? `?${query}` : ''}`,
    headers: caller ? { customertoken: caller.idToken } : {},
    ...(request.payload !== undefined ? { payload: request.payload as InjectOptions['payload'] } : {}),
  };
}

/** Past access control ('allowed'), refused ('401', '403'), or broken (a 5xx status). */
const classify = (status: number) =>
  status === 401 || status === 403 || status >= 500 ? String(status) : 'allowed';

const isAllowed = (row: MatrixRow, kind: MatrixKind, market: MatrixMarket) =>
  row.allowed === 'public' || row.allowed[market].includes(kind);

beforeAll(async () => {
  t = await createTestApp({ seed: true, config: { AUTH_RATE_LIMIT_PER_MINUTE: 100_000 } });
  const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
    paths: Record<string, Record<string, unknown>>;
  };
  documented = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`),
  );
  for (const market of MATRIX_MARKETS) {
    for (const kind of MATRIX_KINDS) callers.set(`${kind}.${market}`, await signInCaller(kind, market));
  }
});
afterAll(() => t?.close());

describe('the authorization matrix', () => {
  it('has a row for every route of the OpenAPI document, and none for routes that do not exist', () => {
    const rows = ACCESS_MATRIX.filter((r) => !r.hidden).map((r) => r.route);
    expect(documented.filter((route) => !rows.includes(route))).toEqual([]);
    expect(rows.filter((route) => !documented.includes(route))).toEqual([]);
    expect(new Set(rows).size).toBe(rows.length);
  });

  it('has a row for every route of the development identity provider (hidden from the document)', () => {
    const registered = t.app.registeredRoutes
      .filter((r) => r.hidden && r.url.startsWith('/oidc'))
      .map((r) => `${r.method} ${r.url}`);
    const rows = ACCESS_MATRIX.filter((r) => r.hidden).map((r) => r.route);
    expect(registered.length).toBeGreaterThan(0);
    expect(registered.filter((route) => !rows.includes(route))).toEqual([]);
    expect(rows.filter((route) => !registered.includes(route))).toEqual([]);
  });

  describe.each(ACCESS_MATRIX.map((row) => [row.route, row] as const))('%s', (_route, row) => {
    if (row.allowed === 'public') {
      it('is public: no token needed', async () => {
        const res = await t.app.inject(inject(row, null, 'vn'));
        const json = String(res.headers['content-type'] ?? '').includes('json');
        const code = json ? (res.json() as Envelope<unknown>).errors?.code : undefined;
        expect(AUTH_CODES).not.toContain(code);
        expect(res.statusCode).toBeLessThan(500);
      });
      return;
    }

    it('answers 401 UNAUTHENTICATED without a token', async () => {
      const res = await t.app.inject(inject(row, null, 'vn'));
      expect(res.statusCode).toBe(401);
      expect((res.json() as Envelope<unknown>).errors?.code).toBe('UNAUTHENTICATED');
    });

    it.each(MATRIX_MARKETS)('in %s: allowed or 403 per role, as the table says', async (market) => {
      const outcome: Record<string, string> = {};
      const expected: Record<string, string> = {};
      for (const kind of MATRIX_KINDS) {
        const caller = row.endsSession ? await signInCaller(kind, market) : callers.get(`${kind}.${market}`)!;
        outcome[kind] = classify((await t.app.inject(inject(row, caller, market))).statusCode);
        expected[kind] = isAllowed(row, kind, market) ? 'allowed' : '403';
      }
      expect(outcome).toEqual(expected);
    });

    if (!row.anyMarket) {
      it('is refused (403) in a market that is not the caller’s, except for the Super User', async () => {
        const outcome: Record<string, string> = {};
        const expected: Record<string, string> = {};
        for (const kind of MATRIX_KINDS) {
          const caller = row.endsSession ? await signInCaller(kind, 'vn') : callers.get(`${kind}.vn`)!;
          outcome[kind] = classify((await t.app.inject(inject(row, caller, 'bd'))).statusCode);
          expected[kind] = kind === 'super' && isAllowed(row, kind, 'bd') ? 'allowed' : '403';
        }
        expect(outcome).toEqual(expected);
      });
    }
  });
});
