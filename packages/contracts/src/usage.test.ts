import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES, countryFlags } from './countries.js';
import { deviceTypeOf, usageBatchSchema, usageEventSent, USAGE_BATCH_MAX_EVENTS } from './usage.js';

describe('usage events', () => {
  it('sends login, forgot-password and back-to-login in every market, the rest only where enableGTM is on', () => {
    for (const market of COUNTRY_CODES) {
      for (const event of ['login', 'forgotPassword', 'backToLogin'] as const) {
        expect(usageEventSent(event, market)).toBe(true);
      }
      expect(usageEventSent('reportView', market)).toBe(countryFlags(market).enableGTM);
    }
    expect(usageEventSent('download', 'pk')).toBe(false);
    expect(usageEventSent('download', 'vn')).toBe(true);
  });

  it('calls a window of 767 px mobile and one of 768 px Desktop', () => {
    expect(deviceTypeOf(767)).toBe('mobile');
    expect(deviceTypeOf(768)).toBe('Desktop');
    expect(deviceTypeOf(390)).toBe('mobile');
  });

  it('refuses an empty batch, an unknown event and more than the maximum', () => {
    const event = {
      event: 'homepage',
      at: '2026-11-23T10:00:00.000Z',
      screen: '/homepage',
      deviceType: 'Desktop',
      browser: 'Chrome 140',
      os: 'Linux',
      deviceModel: null,
    };
    expect(usageBatchSchema.safeParse({ countryCode: 'vn', events: [event] }).success).toBe(true);
    expect(usageBatchSchema.safeParse({ countryCode: 'vn', events: [] }).success).toBe(false);
    expect(
      usageBatchSchema.safeParse({ countryCode: 'vn', events: [{ ...event, event: 'x' }] }).success,
    ).toBe(false);
    const many = Array.from({ length: USAGE_BATCH_MAX_EVENTS + 1 }, () => event);
    expect(usageBatchSchema.safeParse({ countryCode: 'vn', events: many }).success).toBe(false);
    expect(
      usageBatchSchema.safeParse({ countryCode: 'vn', events: [{ ...event, properties: { 'bad name': 1 } }] })
        .success,
    ).toBe(false);
  });
});
