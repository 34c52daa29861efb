/** Compression (issue 10, first load) and source maps (issue 9): what goes over the wire, compressed or not. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { XLSX_CONTENT_TYPE } from '../src/modules/reports/xlsx.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { authTestApp, signIn, withToken, type AuthTestApp } from './auth/helpers.js';
import { parseCsv, RANGE } from './reports/helpers.js';

// A built web app as apps/web/vite-plugins.ts leaves it: each text file with .br and .gz beside it.
const webDist = mkdtempSync(path.join(os.tmpdir(), 'ff-web-compress-'));
const INDEX_HTML = `<!doctype html><title>Fieldforce</title><div id="root"></div>${'<!-- padding -->'.repeat(80)}`;
const APP_JS = `export const words = ${JSON.stringify(Array.from({ length: 2000 }, (_, i) => `word${i % 50}`))};\n`;
const SOURCE_MAP = JSON.stringify({ version: 3, sources: ['../../src/secret-rules.ts'], mappings: '' });
function writeWithCompressed(file: string, text: string) {
  writeFileSync(file, text);
  writeFileSync(`${file}.br`, zlib.brotliCompressSync(text));
  writeFileSync(`${file}.gz`, zlib.gzipSync(text));
}
mkdirSync(path.join(webDist, 'assets'));
writeWithCompressed(path.join(webDist, 'index.html'), INDEX_HTML);
writeWithCompressed(path.join(webDist, 'assets', 'app-abc123.js'), APP_JS);
writeFileSync(path.join(webDist, 'assets', 'app-abc123.js.map'), SOURCE_MAP);
writeFileSync(path.join(webDist, 'assets', 'tiny-abc123.js'), 'export {};\n'); // too small to compress

afterAll(() => rmSync(webDist, { recursive: true, force: true }));

function decoded(res: LightMyRequestResponse): string {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(res.rawPayload).toString('utf8');
  if (encoding === 'gzip') return zlib.gunzipSync(res.rawPayload).toString('utf8');
  return res.rawPayload.toString('utf8');
}

describe('the web app’s files', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ webDist });
  });
  afterAll(() => t?.close());

  const get = (url: string, acceptEncoding?: string) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
    });

  it('sends the brotli copy to a browser that accepts it, gzip to one that accepts only gzip', async () => {
    const br = await get('/assets/app-abc123.js', 'gzip, deflate, br, zstd');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.rawPayload.length).toBeLessThan(APP_JS.length / 4);
    expect(decoded(br)).toBe(APP_JS);

    const gz = await get('/assets/app-abc123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(decoded(gz)).toBe(APP_JS);
  });

  it('sends the file itself to a client that accepts no compression, and small files as they are', async () => {
    const plain = await get('/assets/app-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(APP_JS);
    expect(Number(plain.headers['content-length'])).toBe(APP_JS.length);

    const tiny = await get('/assets/tiny-abc123.js', 'br, gzip');
    expect(tiny.statusCode).toBe(200);
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body).toBe('export {};\n');
  });

  it('sends index.html for client routes compressed too, never cached without revalidation', async () => {
    const res = await get('/teamlevels', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(decoded(res)).toBe(INDEX_HTML);
  });

  it('answers a missing asset with 404 instead of index.html', async () => {
    const res = await get('/assets/gone-old123.js', 'br');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ statusCode: 404, errors: { code: 'ROUTE_NOT_FOUND' } });
  });

  it('serves source maps outside production', async () => {
    const res = await get('/assets/app-abc123.js.map');
    expect(res.statusCode).toBe(200);
  });
});

describe('source maps in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ webDist, config: { NODE_ENV: 'production' } });
  });
  afterAll(() => t?.close());

  it('refuses them, even when the build wrote one, while the scripts are served', async () => {
    const map = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js.map' });
    expect(map.statusCode).toBe(404);
    expect(map.body).not.toContain('secret-rules');
    expect(map.headers['content-type']).toContain('application/json');
    const elsewhere = await t.app.inject({ method: 'GET', url: '/main.js.map' });
    expect(elsewhere.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' })).statusCode).toBe(200);
  });
});

describe('API answers', () => {
  let t: AuthTestApp;
  let token: string;
  beforeAll(async () => {
    t = await authTestApp();
    token = (await signIn(t.app, 'admin.vn@demo.test')).idToken;
  }, 60_000);
  afterAll(() => t?.close());

  const ACCEPT = { 'accept-encoding': 'gzip, deflate, br' };
  /** GETs `url` as the vn admin, accepting `acceptEncoding` (none when omitted). */
  const getAs = (url: string, query: Record<string, string>, acceptEncoding?: string) =>
    t.app.inject({
      method: 'GET',
      url: `${url}?${new URLSearchParams(query)}`,
      headers: { ...withToken(token), ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
    });

  it('compresses a large JSON answer (the API document) and leaves a small one as it is', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: ACCEPT });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toContain('accept-encoding');
    expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(JSON.parse(decoded(res))).toEqual(plain.json());

    const small = await t.app.inject({ method: 'GET', url: '/api/health', headers: ACCEPT });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toMatchObject({ statusCode: 200 });
  });

  it('compresses a report page with gzip for a client that only takes gzip', async () => {
    const query = { countryCode: 'vn', pageSize: '100' };
    const res = await getAs('/api/reports/outlet-master', query);
    expect(res.statusCode).toBe(200);
    const zipped = await getAs('/api/reports/outlet-master', query, 'gzip');
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(decoded(zipped))).toEqual(res.json());
  });

  it('streams a compressed CSV export that reads back the same, keeping X-Total-Count', async () => {
    const query = { countryCode: 'vn', format: 'csv', ...RANGE };
    const plain = await getAs('/api/reports/order-loss/export', query);
    const res = await getAs('/api/reports/order-loss/export', query, ACCEPT['accept-encoding']);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['x-total-count']).toBe(plain.headers['x-total-count']);
    expect(res.headers['content-disposition']).toBe(plain.headers['content-disposition']);
    expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    const rows = parseCsv(decoded(res).slice(1));
    expect(rows.length - 1).toBe(Number(plain.headers['x-total-count']));
    expect(decoded(res)).toBe(plain.rawPayload.toString('utf8'));
  });

  it('leaves XLSX exports alone (a zip already)', async () => {
    const query = { countryCode: 'vn', format: 'xlsx' };
    const again = await getAs('/api/reports/outlet-master/export', query, ACCEPT['accept-encoding']);
    expect(again.statusCode).toBe(200);
    expect(again.headers['content-type']).toBe(XLSX_CONTENT_TYPE);
    expect(again.headers['content-encoding']).toBeUndefined();
    expect(again.rawPayload.subarray(0, 2).toString('latin1')).toBe('PK');
  });

  it('never compresses sign-in answers, which carry tokens (BREACH)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/fb/accounts/login?countryCode=vn',
      headers: ACCEPT,
      payload: {
        email: 'admin.vn@demo.test',
        password: 'fieldforce-demo-2026',
        deviceId: 'compression test',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()['response-data'].idToken).toBeTruthy();
  });
});
