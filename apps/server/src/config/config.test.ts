import { describe, expect, it } from 'vitest';
import { ConfigError, developmentHelpers, exposureLines, isLoopbackHost, loadConfig } from './index.js';

describe('loadConfig', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(8080);
    expect(config.DATA_DIR).toBe('./data');
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.SEED_SCALE).toBe('demo');
    // Loopback: the one-command start is not reachable from the network unless HOST says so.
    expect(config.HOST).toBe('127.0.0.1');
  });

  it('reads PORT and DATABASE_URL', () => {
    const config = loadConfig({ PORT: '9090', DATABASE_URL: 'postgres://u@localhost:5432/ff' });
    expect(config.PORT).toBe(9090);
    expect(config.DATABASE_URL).toBe('postgres://u@localhost:5432/ff');
  });

  it('names the variable when a value is invalid', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT="eighty"/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL=.*postgres:\/\//);
    expect(() => loadConfig({ SEED_SCALE: 'huge' })).toThrow(/SEED_SCALE/);
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).PORT).toBe(8080);
  });
});

describe('what the start banner says is exposed', () => {
  it('tells whether other machines can connect', () => {
    expect(exposureLines(loadConfig({}), 8080)[0]).toMatch(
      /Only this machine can connect \(listening on http:\/\/127\.0\.0\.1:8080\); HOST=0\.0\.0\.0 opens it/,
    );
    expect(exposureLines(loadConfig({ HOST: '::1' }), 8080)[0]).toContain('http://[::1]:8080');
    expect(exposureLines(loadConfig({ HOST: '0.0.0.0' }), 8080)[0]).toMatch(
      /Other machines on the network can connect/,
    );
  });

  it('lists the development helpers that are on, each with how to turn it off', () => {
    const dev = loadConfig({ NODE_ENV: 'development' });
    expect(developmentHelpers(dev).map((h) => h.path)).toEqual(['/dev/outbox', '/oidc']);
    const text = exposureLines(dev, 8080).join('\n');
    expect(text).toContain('Development outbox at /dev/outbox');
    expect(text).toMatch(/Off: set SMTP_URL, or NODE_ENV=production/);
    expect(text).toContain('Built-in SSO provider at /oidc');
    expect(text).toMatch(/Off: set OIDC_ISSUER and OIDC_CLIENT_ID, or NODE_ENV=production/);

    const withMail = loadConfig({ SMTP_URL: 'smtp://mail.test:25' });
    expect(developmentHelpers(withMail).map((h) => h.path)).toEqual(['/oidc']);
    const withBoth = loadConfig({ SMTP_URL: 'smtp://mail.test', OIDC_ISSUER: 'https://idp.test/' });
    expect(developmentHelpers(withBoth)).toEqual([]);
    expect(exposureLines(withBoth, 8080).join('\n')).not.toContain('Development helpers');
  });

  it('lists none in production, and says when emails are not sent', () => {
    const prod = loadConfig({ NODE_ENV: 'production', HOST: '0.0.0.0' });
    expect(developmentHelpers(prod)).toEqual([]);
    expect(exposureLines(prod, 8080).join('\n')).toContain('No SMTP_URL');
    const sending = loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtps://u:p@mail.test' });
    expect(exposureLines(sending, 8080).join('\n')).not.toContain('SMTP_URL');
  });

  it('knows the loopback names and addresses', () => {
    for (const host of ['127.0.0.1', '127.1.2.3', 'localhost', '::1', '[::1]'])
      expect(isLoopbackHost(host)).toBe(true);
    for (const host of ['0.0.0.0', '::', '192.168.1.5', 'example.test', '128.0.0.1'])
      expect(isLoopbackHost(host)).toBe(false);
  });
});
