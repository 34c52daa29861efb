import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES, countryFlags } from './countries.js';
import {
  deviceTypeOf,
  quickUsageBatch,
  usageBatchSchema,
  usageEventSent,
  USAGE_BATCH_MAX_EVENTS,
  USAGE_EVENTS,
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

  it('accepts only what the schema accepts, answers what it answers, and leaves the body as it was', () => {
    for (const [name, change] of changes) {
      const body = good();
      change(body);
      const before = structuredClone(body);
      const parsed = usageBatchSchema.safeParse(body);
      const quick = quickUsageBatch(deepFreeze(body));
      expect(body, name).toEqual(before);
      if (quick) {
        expect(parsed.success, name).toBe(true);
        expect(quick, name).toEqual(parsed.data);
      }
    }
    for (const body of [null, 'x', 1, [], [good()]]) expect(quickUsageBatch(body)).toBeNull();
  });

  it('fills in a missing properties in its answer, not in the body it was given', () => {
    const body = good();
    delete (body.events[1] as Record<string, unknown>).properties;
    const quick = quickUsageBatch(deepFreeze(body))!;
    expect('properties' in body.events[1]).toBe(false);
    expect(quick.events[1]!.properties).toEqual({});
    expect(quick).not.toBe(body);
    // The other events are answered as they came (nothing to copy).
    expect(quick.events[0]).toBe(body.events[0]);
    expect(quick.events[2]).toBe(body.events[2]);
    // Nothing to fill in: the body itself is the answer.
    const whole = good();
    expect(quickUsageBatch(whole)).toBe(whole);
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

  // -------------------------------------------------------------------------------------------------
  // Generated batches: well-formed ones, ones at and past every limit, wrong types, extra and missing
  // fields, odd strings.

  /** Strings around a length limit (in UTF-16 units, as both count), some with a surrogate pair. */
  const around = (max: number) =>
    fc.oneof(
      fc.string({ maxLength: 8 }),
      fc.string({ unit: 'binary', maxLength: 8 }),
      fc
        .integer({ min: Math.max(0, max - 2), max: max + 1 })
        .chain((n) =>
          fc.constantFrom('x'.repeat(n), n >= 2 ? `😀${'y'.repeat(n - 2)}` : 'z'.repeat(n), ' '.repeat(n)),
        ),
    );
  /** Mostly `good`, now and then `odd` (so that a fair share of the batches is well-formed). */
  const mostly = <T, U>(good: fc.Arbitrary<T>, odd: fc.Arbitrary<U>) =>
    fc.oneof({ weight: 19, arbitrary: good }, { weight: 1, arbitrary: odd });
  const pad = (n: number, width: number) => String(n).padStart(width, '0');
  /** ISO-like timestamps, most of them valid, the rest off in one part (day 30 of February, hour 24…). */
  const at = fc.oneof(
    {
      weight: 12,
      arbitrary: fc
        .date({ noInvalidDate: true, min: new Date('1970-01-01'), max: new Date('2100-01-01') })
        .map((d) => d.toISOString()),
    },
    // Years past 9999 and before 0 ('+275760-…', '-000001-…').
    { weight: 1, arbitrary: fc.date({ noInvalidDate: true }).map((d) => d.toISOString()) },
    {
      weight: 3,
      arbitrary: fc
        .record({
          year: fc.oneof(fc.integer({ min: 1990, max: 2030 }), fc.constantFrom(0, 9999, 10000)),
          month: fc.integer({ min: 0, max: 13 }),
          day: fc.integer({ min: 0, max: 32 }),
          hour: fc.integer({ min: 0, max: 25 }),
          minute: fc.integer({ min: 0, max: 61 }),
          second: fc.oneof(fc.constant(null), fc.integer({ min: 0, max: 61 })),
          fraction: fc.oneof(fc.constant(''), fc.stringMatching(/^\.\d{0,10}$/)),
          zone: fc.constantFrom('Z', 'z', '', '+07:00', '-23:59', '+24:00', '+0700', '+07', ' Z'),
        })
        .map(
          (t) =>
            `${pad(t.year, 4)}-${pad(t.month, 2)}-${pad(t.day, 2)}T${pad(t.hour, 2)}:${pad(t.minute, 2)}` +
            (t.second === null ? '' : `:${pad(t.second, 2)}${t.fraction}`) +
            t.zone,
        ),
    },
    { weight: 1, arbitrary: fc.string() },
  );
  const propertyName = mostly(
    fc.stringMatching(/^[A-Za-z][A-Za-z0-9_]{0,39}$/),
    fc.constantFrom(
      '',
      '1st',
      '_x',
      'a b',
      'é',
      `p${'x'.repeat(39)}`,
      `p${'x'.repeat(40)}`,
      'constructor',
      'toString',
      'hasOwnProperty',
      '__proto__',
    ),
  );
  const propertyValue = mostly(
    fc.oneof(fc.string({ maxLength: 20 }), fc.integer(), fc.boolean(), fc.constant(null)),
    fc.oneof(
      around(500),
      fc.double(), // NaN, ±Infinity and -0 among them
      fc.constantFrom(undefined, {}, [], ['x'], { dt: 'x' }, 10n),
    ),
  );
  const properties = fc.oneof(
    {
      weight: 12,
      arbitrary: fc.dictionary(propertyName, propertyValue, { maxKeys: 6, noNullPrototype: true }),
    },
    {
      weight: 1,
      arbitrary: fc
        .integer({ min: 38, max: 42 })
        .map((n) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`p${i}`, i]))),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom<unknown>(null, [], 'x', 1, Object.assign(Object.create(null), { a: 1 })),
    },
  );
  const anEvent = fc.record(
    {
      event: mostly(fc.constantFrom(...USAGE_EVENTS), fc.constantFrom('hack', 'Login', '', 'toString')),
      at,
      screen: mostly(fc.string({ maxLength: 20 }), around(200)),
      deviceType: mostly(fc.constantFrom('mobile', 'Desktop'), fc.constantFrom('tablet', 'desktop', '')),
      browser: mostly(fc.option(fc.string({ maxLength: 20 })), around(60)),
      os: mostly(fc.option(fc.string({ maxLength: 20 })), around(60)),
      deviceModel: mostly(fc.option(fc.string({ maxLength: 20 })), around(60)),
      properties,
    },
    { requiredKeys: ['event', 'at', 'screen', 'deviceType', 'browser', 'os', 'deviceModel'] },
  );
  /** One change to a batch: a field of an event or of the body deleted, set to anything, or added. */
  const change = fc.record({
    where: fc.oneof(fc.constant('body' as const), fc.nat()),
    what: fc.constantFrom('delete', 'set', 'add'),
    key: fc.constantFrom(
      'countryCode',
      'events',
      ...Object.keys(usageBatchSchema.shape.events.element.shape),
    ),
    extra: fc.oneof(fc.constantFrom('userId', 'extra', 'toString', '__proto__'), fc.string()),
    value: fc.anything(),
  });
  type Change = typeof change extends fc.Arbitrary<infer C> ? C : never;
  function applyChange(body: Record<string, unknown>, c: Change) {
    const events = body.events;
    // An earlier change may have taken the events away or made them something else.
    if (c.where !== 'body' && (!Array.isArray(events) || events.length === 0)) return;
    const target = c.where === 'body' ? body : (events as unknown[])[c.where % (events as unknown[]).length];
    if (typeof target !== 'object' || target === null) return;
    const t = target as Record<string, unknown>;
    if (c.what === 'delete') delete t[c.key];
    else if (c.what === 'set') t[c.key] = c.value;
    else Object.defineProperty(t, c.extra, { value: c.value, enumerable: true, writable: true });
  }
  const batch = fc
    .record({
      countryCode: mostly(
        fc.constantFrom<string>(...COUNTRY_CODES),
        fc.constantFrom('xx', 'VN', '', 'toString'),
      ),
      size: fc.oneof(
        { weight: 6, arbitrary: fc.integer({ min: 1, max: 4 }) },
        {
          weight: 1,
          arbitrary: fc.constantFrom(
            0,
            USAGE_BATCH_MAX_EVENTS - 1,
            USAGE_BATCH_MAX_EVENTS,
            USAGE_BATCH_MAX_EVENTS + 1,
          ),
        },
      ),
      changes: fc.oneof(
        { weight: 2, arbitrary: fc.constant([]) },
        { weight: 3, arbitrary: fc.array(change, { minLength: 1, maxLength: 3 }) },
      ),
    })
    .chain(({ countryCode, size, changes }) =>
      fc.array(anEvent, { minLength: size, maxLength: size }).map((events) => {
        const body: Record<string, unknown> = { countryCode, events };
        for (const c of changes) applyChange(body, c);
        return body;
      }),
    );

  it('never accepts a generated batch the schema refuses, answers what the schema answers, and changes nothing it was given', () => {
    let accepted = 0;
    let runs = 0;
    fc.assert(
      fc.property(
        fc.oneof({ weight: 12, arbitrary: batch }, { weight: 1, arbitrary: fc.anything() }),
        (body) => {
          runs += 1;
          const before = structuredClone(body);
          const parsed = usageBatchSchema.safeParse(body);
          // Frozen: a write to the body or anything in it throws (modules are strict).
          const quick = quickUsageBatch(deepFreeze(body));
          expect(body).toEqual(before);
          if (quick !== null) {
            accepted += 1;
            expect(parsed.success).toBe(true);
            expect(quick).toEqual(parsed.data);
          }
        },
      ),
      { numRuns: 1500 },
    );
    // The comparison means something only if the quick check accepts a fair share (about a fifth).
    expect(accepted / runs).toBeGreaterThan(0.05);
  });

  it('accepts every generated well-formed batch (the schema is not needed for them)', () => {
    const wellFormed = fc.record({
      countryCode: fc.constantFrom(...COUNTRY_CODES),
      events: fc.array(
        fc.record(
          {
            event: fc.constantFrom(...USAGE_EVENTS),
            at: fc
              .date({ noInvalidDate: true, min: new Date('0001-01-01'), max: new Date('9999-12-31') })
              .map((d) => d.toISOString()),
            screen: fc.string({ maxLength: 200 }),
            deviceType: fc.constantFrom('mobile', 'Desktop'),
            browser: fc.oneof(fc.constant(null), fc.string({ maxLength: 60 })),
            os: fc.oneof(fc.constant(null), fc.string({ maxLength: 60 })),
            deviceModel: fc.oneof(fc.constant(null), fc.string({ maxLength: 60 })),
            properties: fc.dictionary(
              fc.stringMatching(/^[A-Za-z][A-Za-z0-9_]{0,39}$/),
              fc.oneof(
                fc.string({ maxLength: 500 }),
                fc.double({ noNaN: true, noDefaultInfinity: true }),
                fc.boolean(),
                fc.constant(null),
              ),
              { maxKeys: 40, noNullPrototype: true },
            ),
          },
          { requiredKeys: ['event', 'at', 'screen', 'deviceType', 'browser', 'os', 'deviceModel'] },
        ),
        { minLength: 1, maxLength: USAGE_BATCH_MAX_EVENTS },
      ),
    });
    fc.assert(
      fc.property(wellFormed, (body) => {
        expect(usageBatchSchema.safeParse(body).success).toBe(true);
        expect(quickUsageBatch(body)).not.toBeNull();
      }),
      { numRuns: 300 },
    );
  });
});

/** Freezes a value and everything in it (a write then throws in strict code). */
function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Reflect.ownKeys(value)) deepFreeze((value as Record<PropertyKey, unknown>)[key]);
  }
  return value;
}
