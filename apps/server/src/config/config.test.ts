import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './index.js';

describe('loadConfig', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(8080);
    expect(config.DATA_DIR).toBe('./data');
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.SEED_SCALE).toBe('demo');
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
