import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES, countryFlags } from './countries.js';
import {
  deviceTypeOf,
  quickUsageBatch,
  usageBatchSchema,
  usageEventSent,
  USAGE_BATCH_MAX_EVENTS,
} from './usage.js';

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

describe('quickUsageBatch (the one-pass check of POST /api/events)', () => {
  type Ev = Record<string, unknown> & { properties: Record<string, unknown> };
  interface B {
    countryCode?: unknown;
    extra?: unknown;
    events: [Ev, Ev, Ev, Ev, ...Ev[]];
  }
  const loose = (b: B) => b as unknown as Record<string, unknown>;
  const event = (k: number): Ev => ({
    event: ['homepage', 'reportView', 'download'][k % 3],
    at: `2026-11-2${k % 10}T10:00:0${k % 10}.${k}Z`,
    screen: '/reportpage',
    deviceType: k % 2 ? 'mobile' : 'Desktop',
    browser: 'Chrome 140',
    os: k % 4 ? 'Android' : null,
    deviceModel: null,
    properties: { category: 'master', name: `Report ${k}`, rows: k, mfa: false, none: null },
  });
  const good = (): B => ({ countryCode: 'vn', events: [event(0), event(1), event(2), event(3)] });
  /** One change each: what a client could send wrong (or right in an unusual way). */
  const changes: [string, (b: B) => void][] = [
    ['nothing', () => undefined],
    ['no properties', (b) => delete (b.events[1] as Record<string, unknown>).properties],
    ['empty properties', (b) => (b.events[1].properties = {})],
    ['unknown market', (b) => (b.countryCode = 'xx')],
    ['market missing', (b) => delete b.countryCode],
    ['extra top key', (b) => (b.extra = 1)],
    ['extra event key', (b) => (b.events[0].userId = 'someone')],
    ['events not an array', (b) => (loose(b).events = { 0: b.events[0] })],
    ['no events', (b) => (loose(b).events = [])],
    [
      'too many events',
      (b) => (loose(b).events = Array.from({ length: USAGE_BATCH_MAX_EVENTS + 1 }, (_, k) => event(k))),
    ],
    [
      'the most events',
      (b) => (loose(b).events = Array.from({ length: USAGE_BATCH_MAX_EVENTS }, (_, k) => event(k))),
    ],
    ['event not an object', (b) => ((b.events as unknown[])[2] = 'homepage')],
    ['event null', (b) => ((b.events as unknown[])[2] = null)],
    ['unknown event', (b) => (b.events[3].event = 'hack')],
    ['at without zone', (b) => (b.events[0].at = '2026-11-20T10:00:00')],
    ['at with offset', (b) => (b.events[0].at = '2026-11-20T10:00:00+07:00')],
    ['at on 30 February', (b) => (b.events[0].at = '2026-02-30T10:00:00Z')],
    ['at a number', (b) => (b.events[0].at = 1_700_000_000_000)],
    ['screen too long', (b) => (b.events[0].screen = `/${'x'.repeat(200)}`)],
    ['screen 200', (b) => (b.events[0].screen = 'x'.repeat(200))],
    ['screen null', (b) => (b.events[0].screen = null)],
    ['device type', (b) => (b.events[0].deviceType = 'tablet')],
    ['browser missing', (b) => delete b.events[0].browser],
    ['os too long', (b) => (b.events[0].os = 'o'.repeat(61))],
    ['device model 60', (b) => (b.events[0].deviceModel = 'd'.repeat(60))],
    ['properties an array', (b) => ((b.events[0] as Record<string, unknown>).properties = ['a'])],
    ['properties null', (b) => ((b.events[0] as Record<string, unknown>).properties = null)],
    ['bad property name', (b) => (b.events[0].properties['1st'] = 'x')],
    ['property name 41', (b) => (b.events[0].properties[`p${'x'.repeat(40)}`] = 'x')],
    ['property value too long', (b) => (b.events[0].properties.name = 'n'.repeat(501))],
    ['property value 500', (b) => (b.events[0].properties.name = 'n'.repeat(500))],
    ['property an object', (b) => (b.events[0].properties.filters = { dt: 'x' })],
    ['property an array', (b) => (b.events[0].properties.filters = ['x'])],
    ['property infinite', (b) => (b.events[0].properties.rows = JSON.parse('1e400'))],
    [
      '41 properties',
      (b) =>
        (b.events[0].properties = Object.fromEntries(Array.from({ length: 41 }, (_, i) => [`p${i}`, i]))),
    ],
    [
      '40 properties',
      (b) =>
        (b.events[0].properties = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`p${i}`, i]))),
    ],
    ['events missing', (b) => delete loose(b).events],
  ];

  it('accepts only what the schema accepts, and answers what it answers', () => {
    for (const [name, change] of changes) {
      const body = good();
      change(body);
      const parsed = usageBatchSchema.safeParse(structuredClone(body));
      const quick = quickUsageBatch(body);
      if (quick) {
        expect(parsed.success, name).toBe(true);
        expect(quick, name).toEqual(parsed.data);
      }
    }
    for (const body of [null, 'x', 1, [], [good()]]) expect(quickUsageBatch(body)).toBeNull();
  });

  it('takes the well-formed batches in one pass (the schema is not needed for them)', () => {
    for (const name of [
      'nothing',
      'no properties',
      'empty properties',
      'the most events',
      'at with offset',
      'screen 200',
      'device model 60',
      'property value 500',
      '40 properties',
    ]) {
      const body = good();
      changes.find(([n]) => n === name)![1](body);
      expect(quickUsageBatch(body), name).not.toBeNull();
    }
  });
});
