import { describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import { createTestApp } from './helpers/app.js';
import { redactUrl, requestSerializer } from '../src/lib/log-redaction.js';

describe('request logs', () => {
  it('redact tokens carried in the query string', () => {
    expect(redactUrl('/api/x?countryCode=vn&customerToken=eyJabc.def&y=1')).toBe(
      '/api/x?countryCode=vn&customerToken=[redacted]&y=1',
    );
    expect(redactUrl('/cb?code=abc&state=s')).toBe('/cb?code=[redacted]&state=s');
    expect(redactUrl('/api/health')).toBe('/api/health');
  });

  it('never write a customerToken into the server log', async () => {
    let log = '';
    const stream = new Writable({
      write(chunk, _enc, done) {
        log += String(chunk);
        done();
      },
    });
    const t = await createTestApp({
      logger: { level: 'info', stream, serializers: { req: requestSerializer } },
    });
    try {
      await t.app.inject({ method: 'GET', url: '/api/health?customerToken=SECRET-TOKEN-VALUE' });
      expect(log).toContain('customerToken=[redacted]');
      expect(log).not.toContain('SECRET-TOKEN-VALUE');
    } finally {
      await t.close();
    }
  });
});
