/**
 * Headers and exposure (issue 9, finding 8): HSTS in production and over HTTPS, no-store on API
 * answers, and malformed requests answered in the envelope with the security headers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp } from './helpers/app.js';
import type { Config } from '../src/config/index.js';

const webDist = mkdtempSync(path.join(os.tmpdir(), 'ff-web-'));
mkdirSync(path.join(webDist, 'assets'));
writeFileSync(
  path.join(webDist, 'index.html'),
  '<!doctype html><title>Fieldforce</title><div id="root"></div>',
);
writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)');

const apps: TestApp[] = [];
async function appWith(config: Partial<Config>) {
  const t = await createTestApp({ webDist, config });
  apps.push(t);
  return t;
}

let dev: TestApp;
let prod: TestApp;
let devBehindProxy: TestApp;
beforeAll(async () => {
  dev = await appWith({ NODE_ENV: 'development' });
  prod = await appWith({ NODE_ENV: 'production' });
  devBehindProxy = await appWith({ NODE_ENV: 'development', TRUST_PROXY: true });
}, 120_000);
afterAll(async () => {
  for (const t of apps) await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

const envelopeKeys = ['errors', 'response-data', 'statusCode', 'statusMessage'];

function hstsMaxAge(res: LightMyRequestResponse): number | null {
  const value = res.headers['strict-transport-security'];
  if (value === undefined) return null;
  expect(String(value)).toMatch(/;\s*includeSubDomains/i);
  return Number(/max-age=(\d+)/.exec(String(value))?.[1] ?? 0);
}

function expectSecurityHeaders(res: LightMyRequestResponse) {
  expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  expect(res.headers['x-frame-options']).toBe('DENY');
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['referrer-policy']).toBeTruthy();
}

const everyKind = [
  '/api/health',
  '/api/missing',
  '/api/ucube/operational-kpis/operationalReportsList', // 401 without a token
  '/',
  '/teamlevels',
  '/assets/app-abc123.js',
  '/%c0%ae',
  '/api/%c0%ae',
];

describe('HSTS', () => {
  it.each(everyKind)('is on every answer in production, for at least a year (%s)', async (url) => {
    const res = await prod.app.inject({ method: 'GET', url });
    expect(hstsMaxAge(res)).toBeGreaterThanOrEqual(365 * 24 * 3600);
  });

  it('is on answers served over HTTPS behind a trusted proxy, even in development', async () => {
    for (const url of everyKind) {
      const res = await devBehindProxy.app.inject({
        method: 'GET',
        url,
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(hstsMaxAge(res), url).toBeGreaterThanOrEqual(365 * 24 * 3600);
    }
  });

  it('reaches answers written outside Fastify (the built-in SSO provider)', async () => {
    const res = await devBehindProxy.app.inject({
      method: 'GET',
      url: '/oidc/.well-known/openid-configuration',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(res.statusCode).toBe(200);
    expect(hstsMaxAge(res)).toBeGreaterThanOrEqual(365 * 24 * 3600);
  });

  it('is not sent over plain HTTP in development, nor for a forwarded proto nobody trusts', async () => {
    expect(hstsMaxAge(await dev.app.inject({ method: 'GET', url: '/api/health' }))).toBeNull();
    const spoofed = await dev.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(hstsMaxAge(spoofed)).toBeNull();
  });
});

describe('Cache-Control', () => {
  it.each([
    '/api/health',
    '/api/missing',
    '/api/ucube/operational-kpis/operationalReportsList',
    '/api/docs/json',
    '/api/%c0%ae',
    '/dev/outbox',
  ])('is no-store on API and development answers (%s)', async (url) => {
    const res = await dev.app.inject({ method: 'GET', url });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('leaves the web app its own caching: hashed assets for a year, pages revalidated', async () => {
    const asset = await prod.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.headers['cache-control']).toContain('immutable');
    const page = await prod.app.inject({ method: 'GET', url: '/teamlevels' });
    expect(page.headers['cache-control']).toBe('no-cache');
  });
});

describe('a malformed URL', () => {
  it.each(['/%c0%ae', '/api/%c0%ae', '/api/reports/%ff', '/%E0%A4%A'])(
    'is a 400 in the envelope with the security headers (%s)',
    async (url) => {
      for (const t of [dev, prod]) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(400);
        expect(res.headers['content-type']).toContain('application/json');
        const body = res.json();
        expect(Object.keys(body).sort()).toEqual(envelopeKeys);
        expect(body).toMatchObject({
          statusCode: 400,
          statusMessage: 'VALIDATION_FAILED',
          'response-data': null,
        });
        expect(body.errors.shortDescription).toMatch(/not a valid URL/);
        expectSecurityHeaders(res);
        expect(res.headers['cache-control']).toBe('no-store');
      }
    },
  );
});

describe('a request the HTTP parser refuses', () => {
  it('is a 400 in the envelope with the security headers (a NUL in a header, over a real socket)', async () => {
    await prod.app.listen({ port: 0, host: '127.0.0.1' });
    const address = prod.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const answer = await new Promise<string>((resolve, reject) => {
      let text = '';
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Note: a\u0000b\r\n\r\n');
      });
      socket.on('data', (chunk) => (text += String(chunk)));
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
    });
    const [head = '', body = ''] = answer.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 400 /);
    expect(head.toLowerCase()).toContain('x-frame-options: deny');
    expect(head.toLowerCase()).toContain('content-security-policy:');
    expect(head.toLowerCase()).toContain('strict-transport-security: max-age=31536000; includesubdomains');
    const envelope = JSON.parse(body);
    expect(Object.keys(envelope).sort()).toEqual(envelopeKeys);
    expect(envelope).toMatchObject({ statusCode: 400, statusMessage: 'VALIDATION_FAILED' });
  });
});
