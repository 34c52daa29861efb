/**
 * The tag manager (issue 13, spec section 7): with GTM_ID set, index.html loads it through two
 * scripts carrying a nonce new on every answer, and only that answer's policy allows them; without
 * it, the page and the policy are as before and nothing leaves the portal.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/config/index.js';
import { CONTENT_SECURITY_POLICY } from '../src/plugins/security-headers.js';
import { createTestApp } from './helpers/app.js';

const webDist = mkdtempSync(path.join(os.tmpdir(), 'ff-web-gtm-'));
writeFileSync(
  path.join(webDist, 'index.html'),
  '<!doctype html><html><head><title>Fieldforce</title></head><body><div id="root"></div></body></html>',
);
afterAll(() => rmSync(webDist, { recursive: true, force: true }));

describe('the tag manager', () => {
  it('is loaded with a fresh nonce that the answer’s policy names, when GTM_ID is set', async () => {
    const t = await createTestApp({ webDist, config: { GTM_ID: 'GTM-TEST123' } });
    try {
      const first = await t.app.inject({ method: 'GET', url: '/homepage' });
      const second = await t.app.inject({ method: 'GET', url: '/reportpage' });
      expect(first.statusCode).toBe(200);
      const nonce = /<script nonce="([^"]+)">window\.dataLayer/.exec(first.body)?.[1];
      expect(nonce).toBeTruthy();
      expect(first.body).toContain(
        `<script nonce="${nonce}" async src="https://www.googletagmanager.com/gtm.js?id=GTM-TEST123">`,
      );
      const csp = String(first.headers['content-security-policy']);
      expect(csp).toContain(`script-src 'self' 'nonce-${nonce}' https://www.googletagmanager.com`);
      expect(csp).not.toContain("unsafe-inline'; script");
      expect(second.body).not.toContain(nonce!);
      // The API keeps the strict policy.
      const api = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(api.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    } finally {
      await t.close();
    }
  });

  it('is absent without GTM_ID', async () => {
    const t = await createTestApp({ webDist });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/homepage' });
      expect(res.body).not.toContain('googletagmanager');
      expect(res.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    } finally {
      await t.close();
    }
  });

  it('refuses a GTM_ID that is not a container id', () => {
    expect(() => loadConfig({ GTM_ID: '"><script>' })).toThrow(/GTM-XXXXXXX/);
    expect(loadConfig({ GTM_ID: 'GTM-AB12CD' }).GTM_ID).toBe('GTM-AB12CD');
  });
});
