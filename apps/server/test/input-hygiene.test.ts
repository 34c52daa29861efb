/**
 * A NUL character (U+0000) in any input is a 400 naming the field, never a 500 from PostgreSQL
 * (plugins/input-hygiene.ts; issue 9, finding 6).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DEMO_PASSWORD, ok } from '@fieldforce/contracts';
import { authTestApp, newDeviceId, signIn, withToken, type AuthTestApp } from './auth/helpers.js';

let t: AuthTestApp;
let admin: string;

/** A route that hands its inputs to SQL, as every real route eventually does. */
function extraRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/test/sql/:name',
    {
      schema: {
        params: z.object({ name: z.string() }),
        querystring: z.object({ q: z.union([z.string(), z.array(z.string())]).optional() }),
        body: z.record(z.string(), z.unknown()),
      },
    },
    async (request) => {
      const texts = [
        request.params.name,
        JSON.stringify(request.query),
        JSON.stringify(request.body),
        String(request.headers['x-note'] ?? ''),
      ];
      const { rows } = await t.database.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM unnest($1::text[])',
        [texts],
      );
      return ok(rows[0]!.n);
    },
  );
}

beforeAll(async () => {
  t = await authTestApp({ extraRoutes });
  admin = (await signIn(t.app, 'admin.vn@demo.test')).idToken;
}, 120_000);
afterAll(() => t?.close());

function expectNulRefused(res: LightMyRequestResponse, field: string) {
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json();
  expect(Object.keys(body).sort()).toEqual(['errors', 'response-data', 'statusCode', 'statusMessage']);
  expect(body).toMatchObject({ statusCode: 400, statusMessage: 'VALIDATION_FAILED', 'response-data': null });
  expect(body.errors.code).toBe('VALIDATION_FAILED');
  expect(body.errors.fields.map((f: { field: string }) => f.field)).toContain(field);
  expect(body.errors.shortDescription).toContain(field);
  expect(body.errors.shortDescription).toContain('NUL');
}

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { ...withToken(admin), ...headers } });

describe('a NUL character in input', () => {
  it('in UCube dtCode is a 400 naming querystring.dtCode', async () => {
    const res = await get('/api/ucube/individual-distributor-kpis?countryCode=vn&role=LEVEL3&dtCode=VN%00DT');
    expectNulRefused(res, 'querystring.dtCode');
  });

  it('in a report productName, on the page and the export, is a 400 naming querystring.productName', async () => {
    const range = 'countryCode=vn&from=2026-11-01&to=2026-11-20';
    expectNulRefused(
      await get(`/api/reports/inventory-status?${range}&productName=milk%00`),
      'querystring.productName',
    );
    for (const format of ['csv', 'xlsx']) {
      expectNulRefused(
        await get(`/api/reports/inventory-status/export?${range}&format=${format}&productName=%00milk`),
        'querystring.productName',
      );
    }
  });

  it('in the login deviceId is a 400 naming body.deviceId (and signs nobody in)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/fb/accounts/login',
      payload: { email: 'admin.vn@demo.test', password: DEMO_PASSWORD, deviceId: `${newDeviceId()}\u0000` },
    });
    expectNulRefused(res, 'body.deviceId');
    expect(res.cookies).toHaveLength(0);
  });

  it('in the User-Agent of a sign-in is a 400 naming headers.user-agent', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/fb/accounts/login',
      headers: { 'user-agent': 'Mozilla/5.0\u0000' },
      payload: { email: 'admin.vn@demo.test', password: DEMO_PASSWORD, deviceId: newDeviceId() },
    });
    expectNulRefused(res, 'headers.user-agent');
  });

  describe('anywhere (a route that passes its input to SQL)', () => {
    const call = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'POST', url, payload: payload as object, headers });

    it('is accepted when there is none', async () => {
      const res = await call('/api/test/sql/plain?q=a&q=b', { a: ['x', { b: 'y' }] }, { 'x-note': 'n' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()['response-data']).toBe(4);
    });

    it.each([
      ['a query value', '/api/test/sql/plain?q=a%00', {}, {}, 'querystring.q'],
      ['a repeated query value', '/api/test/sql/plain?q=a&q=b%00', {}, {}, 'querystring.q'],
      ['a query name', '/api/test/sql/plain?q%00=a', {}, {}, 'querystring.q\\u0000'],
      ['a path parameter', '/api/test/sql/a%00b', {}, {}, 'params.name'],
      ['a header value', '/api/test/sql/plain', {}, { 'x-note': 'a\u0000' }, 'headers.x-note'],
      ['a body string', '/api/test/sql/plain', { note: 'a\u0000' }, {}, 'body.note'],
      ['a nested body string', '/api/test/sql/plain', { a: [{ b: 'x' }, { c: '\u0000' }] }, {}, 'body.a.1.c'],
      ['a body key', '/api/test/sql/plain', { ['k\u0000']: 1 }, {}, 'body.k\\u0000'],
    ])('in %s is a 400 naming the field', async (_what, url, payload, headers, field) => {
      expectNulRefused(await call(url, payload, headers), field);
    });

    it('names every field that holds one', async () => {
      const res = await call('/api/test/sql/plain?q=%00', { a: '\u0000', b: 'ok', c: '\u0000' });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.fields.map((f: { field: string }) => f.field)).toEqual(['querystring.q']);
      const body = await call('/api/test/sql/plain', { a: '\u0000', b: 'ok', c: '\u0000' });
      expect(body.json().errors.fields.map((f: { field: string }) => f.field)).toEqual(['body.a', 'body.c']);
    });

    it('keeps the other control characters a user may type (tab, line feed)', async () => {
      const res = await call('/api/test/sql/plain', { note: 'line one\nline\ttwo' });
      expect(res.statusCode, res.body).toBe(200);
    });
  });
});
