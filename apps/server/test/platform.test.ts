import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync, mkdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '@fieldforce/contracts';
import { createTestApp, type TestApp } from './helpers/app.js';
import { latestSchemaVersion } from '../src/db/migrate.js';
import { testDatabaseUrl } from './helpers/database.js';

const webDist = mkdtempSync(path.join(os.tmpdir(), 'ff-web-'));
mkdirSync(path.join(webDist, 'assets'));
writeFileSync(
  path.join(webDist, 'index.html'),
  '<!doctype html><title>Fieldforce</title><div id="root"></div>',
);
writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)');

let t: TestApp;

function extraRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post(
    '/api/test/echo',
    {
      schema: {
        body: z.object({ email: z.string().email(), count: z.number().int().min(1) }),
        querystring: z.object({ countryCode: z.enum(['vn', 'id']) }),
      },
    },
    async (request) => ok(request.body),
  );
  typed.get('/api/test/crash', async () => {
    throw new Error('secret connection string postgres://user:pw@db');
  });
}

beforeAll(async () => {
  t = await createTestApp({ webDist, extraRoutes });
});
afterAll(async () => {
  await t?.close();
  rmSync(webDist, { recursive: true, force: true });
});

const envelopeKeys = ['errors', 'response-data', 'statusCode', 'statusMessage'];

describe('GET /api/health', () => {
  it('gives the database kind and the schema version in the envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(envelopeKeys);
    expect(body.statusMessage).toBe('SUCCESS');
    expect(body['response-data'].database).toBe(testDatabaseUrl ? 'postgres' : 'pglite');
    expect(body['response-data'].schemaVersion).toBe(latestSchemaVersion());
    expect(body['response-data'].schemaVersion).toBeGreaterThan(0);
  });
});

describe('errors use the envelope', () => {
  it('answers an unknown API path with 404 in the envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no/such/thing' });
    expect(res.statusCode).toBe(404);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(envelopeKeys);
    expect(body).toMatchObject({
      statusCode: 404,
      'response-data': null,
      errors: { code: 'ROUTE_NOT_FOUND' },
    });
    expect(body.errors.shortDescription).toContain('/api/no/such/thing');
  });

  it('answers unknown API methods and POSTs with 404 too, never the web app', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/health' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
  });

  it('answers invalid input with 400 naming the field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo?countryCode=vn',
      payload: { email: 'not-an-email', count: 2 },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.errors.code).toBe('VALIDATION_FAILED');
    expect(body.errors.fields[0].field).toBe('body.email');
    expect(body.errors.shortDescription).toContain('body.email');
  });

  it('names a missing field and a bad query parameter', async () => {
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo?countryCode=vn',
      payload: { email: 'a@b.co' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.fields.map((f: { field: string }) => f.field)).toContain('body.count');
    const query = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo?countryCode=xx',
      payload: { email: 'a@b.co', count: 1 },
    });
    expect(query.statusCode).toBe(400);
    expect(query.json().errors.fields[0].field).toBe('querystring.countryCode');
  });

  it('answers malformed JSON with 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo?countryCode=vn',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.shortDescription).toBe('The request body is not valid JSON.');
  });

  it('answers a crash with 500 and no internals', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/crash' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('postgres://');
    expect(res.body).not.toContain('secret');
    expect(res.json()).toMatchObject({
      statusCode: 500,
      statusMessage: 'INTERNAL_ERROR',
      'response-data': null,
    });
  });
});

describe('security headers', () => {
  const urls = ['/api/health', '/api/missing', '/', '/teamlevels', '/assets/app-abc123.js'];
  it.each(urls)('are on every response (%s)', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("unsafe-inline'; script");
    expect(csp.split(';').find((d) => d.trim().startsWith('script-src'))).not.toContain('unsafe-inline');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBeTruthy();
  });
});

describe('web app', () => {
  it('serves index.html for client routes', async () => {
    for (const url of ['/', '/login', '/teamlevels', '/some/unknown/path']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves hashed assets with a long cache life', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });
});

describe('OpenAPI document', () => {
  it('is served at /api/docs/json and browsable at /api/docs', async () => {
    const json = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(json.statusCode).toBe(200);
    expect(json.json().openapi).toMatch(/^3\./);
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toContain('swagger');
  });

  it('lists every registered API route', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const documented = new Set(
      Object.entries(doc.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`)),
    );
    const toOpenApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    const missing = t.app.registeredRoutes
      .filter((r) => r.url.startsWith('/api/') && !r.hidden && !r.url.startsWith('/api/docs'))
      .map((r) => `${r.method} ${toOpenApiPath(r.url)}`)
      .filter((key) => !documented.has(key));
    expect(missing).toEqual([]);
    expect(documented.has('GET /api/health')).toBe(true);
  });
});
