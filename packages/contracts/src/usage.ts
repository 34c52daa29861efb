import { z } from 'zod';
import {
  COUNTRY_CODES,
  countryCodeSchema,
  countryFlags,
  type CountryCode,
  type CountryFlags,
} from './countries.js';

/**
 * Usage events (spec sections 3 and 7): what people open and do, for the admins' usage page and,
 * when the market has a tag manager, its data layer.
 */
export const USAGE_EVENTS = [
  'login',
  'homepage',
  'forgotPassword',
  'backToLogin',
  'countrySelection',
  'profile',
  'reportView',
  'performanceView',
  'assortmentView',
  'teamView',
  'teamDetails',
  'distributorView',
  'distributorDetails',
  'kpiView',
  'kpiDetails',
  'trackingView',
  'adminView',
  'filter',
  'dateSelection',
  'download',
  'upload',
  'save',
  'logout',
] as const;
export type UsageEventName = (typeof USAGE_EVENTS)[number];

/** Sent whatever the market's enableGTM flag says (spec section 7). */
export const ALWAYS_SENT_EVENTS: readonly UsageEventName[] = ['login', 'forgotPassword', 'backToLogin'];
/** Sent before anyone is signed in (POST /api/events/public); every other event needs a session. */
export const PUBLIC_EVENTS: readonly UsageEventName[] = ['forgotPassword', 'backToLogin'];

/**
 * Whether an event is sent at all in a market: the always-sent three, else only where enableGTM is on.
 * `flags`: the market's flags as the database holds them (the server's lib/market-flags.ts, the web's
 * useMarketFlags); the contracts' defaults when not given.
 */
export const usageEventSent = (
  event: UsageEventName,
  market: CountryCode,
  flags: Pick<CountryFlags, 'enableGTM'> = countryFlags(market),
): boolean => ALWAYS_SENT_EVENTS.includes(event) || flags.enableGTM;

/** Spec section 3: mobile when the window is under 768 px wide, otherwise Desktop. */
export const MOBILE_MAX_WIDTH = 767;
export const deviceTypeOf = (windowWidth: number): 'mobile' | 'Desktop' =>
  windowWidth <= MOBILE_MAX_WIDTH ? 'mobile' : 'Desktop';

/** A batch holds at most this many events and this many bytes (larger ones are refused with 400). */
export const USAGE_BATCH_MAX_EVENTS = 50;
export const USAGE_BATCH_MAX_BYTES = 64 * 1024;

const PROPERTY_VALUE_MAX = 500;
const PROPERTY_NAME = /^[A-Za-z][A-Za-z0-9_]{0,39}$/;
const PROPERTIES_MAX = 40;
const SCREEN_MAX = 200;
const DEVICE_FIELD_MAX = 60;
const AT_OPTIONS = { offset: true, local: false, precision: null } as const;

const value = z.union([z.string().max(PROPERTY_VALUE_MAX), z.number().finite(), z.boolean(), z.null()]);
/** The event's own properties (filters, report type, period, hierarchy path, viewed role, counts…). */
export const usagePropertiesSchema = z
  .record(z.string().regex(PROPERTY_NAME, 'property names: letters, digits, _'), value)
  .refine((p) => Object.keys(p).length <= PROPERTIES_MAX, `at most ${PROPERTIES_MAX} properties`);

export const usageEventSchema = z.object({
  event: z.enum(USAGE_EVENTS),
  /** When it happened on the device (ISO 8601). */
  at: z.string().datetime(AT_OPTIONS),
  /** The screen's path, e.g. /reportpage. */
  screen: z.string().max(SCREEN_MAX),
  deviceType: z.enum(['mobile', 'Desktop']),
  browser: z.string().max(DEVICE_FIELD_MAX).nullable(),
  os: z.string().max(DEVICE_FIELD_MAX).nullable(),
  deviceModel: z.string().max(DEVICE_FIELD_MAX).nullable(),
  properties: usagePropertiesSchema.default({}),
});
export type UsageEvent = z.infer<typeof usageEventSchema>;

export const usageBatchSchema = z.object({
  countryCode: countryCodeSchema,
  events: z.array(usageEventSchema).min(1).max(USAGE_BATCH_MAX_EVENTS),
});
export type UsageBatch = z.infer<typeof usageBatchSchema>;

// ---------------------------------------------------------------------------------------------------
// The one-pass check of a well-formed batch (the server's POST /api/events, ~20 events a request)

const AT_PATTERN = z.regexes.datetime(AT_OPTIONS);
const EVENT_NAMES: ReadonlySet<string> = new Set(USAGE_EVENTS);
const MARKETS: ReadonlySet<string> = new Set(COUNTRY_CODES);
const EVENT_KEYS: ReadonlySet<string> = new Set(Object.keys(usageEventSchema.shape));

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const stringUpTo = (v: unknown, max: number) => typeof v === 'string' && v.length <= max;
const deviceField = (v: unknown) => v === null || stringUpTo(v, DEVICE_FIELD_MAX);

function quickProperties(p: unknown): boolean {
  if (!isRecord(p) || Object.getPrototypeOf(p) !== Object.prototype) return false;
  let n = 0;
  for (const key in p) {
    if (!Object.hasOwn(p, key)) return false;
    n += 1;
    if (n > PROPERTIES_MAX || !PROPERTY_NAME.test(key)) return false;
    const v = p[key];
    if (v === null || typeof v === 'boolean') continue;
    if (typeof v === 'number' ? !Number.isFinite(v) : !stringUpTo(v, PROPERTY_VALUE_MAX)) return false;
  }
  return true;
}

/** Marks a missing `properties` while the event is checked (never handed out). */
const NO_PROPERTIES: Record<string, never> = Object.freeze({});

/**
 * The event as the schema answers it: the caller's object when it holds `properties`, a copy with the
 * schema's default (`properties: {}`) when it does not; null when anything is off. The caller's object
 * is never written to.
 */
function quickEvent(e: unknown): Record<string, unknown> | null {
  if (!isRecord(e)) return null;
  for (const key in e) if (!EVENT_KEYS.has(key) || !Object.hasOwn(e, key)) return null;
  const properties = e.properties === undefined ? NO_PROPERTIES : e.properties;
  const valid =
    typeof e.event === 'string' &&
    EVENT_NAMES.has(e.event) &&
    typeof e.at === 'string' &&
    AT_PATTERN.test(e.at) &&
    stringUpTo(e.screen, SCREEN_MAX) &&
    (e.deviceType === 'mobile' || e.deviceType === 'Desktop') &&
    deviceField(e.browser) &&
    deviceField(e.os) &&
    deviceField(e.deviceModel) &&
    quickProperties(properties);
  if (!valid) return null;
  // The schema's default, in a new object (a fresh {} each, as the schema gives).
  return properties === NO_PROPERTIES ? { ...e, properties: {} } : e;
}

/**
 * A batch `usageBatchSchema` certainly accepts, checked in one pass without zod (the server's hot path:
 * the events of every request): answers it as the schema would, or null when anything is off, an
 * unknown key included: then the schema decides and words the errors. The answer is the caller's own
 * object when nothing needs filling in (nothing needs stripping, as an unknown key is refused); when an
 * event lacks `properties`, a new batch whose copy of that event has the schema's `properties: {}`.
 * The caller's object is never changed. It never accepts what the schema refuses, and answers what
 * the schema answers (usage.test.ts checks both over generated batches, good and bad).
 */
export function quickUsageBatch(body: unknown): UsageBatch | null {
  if (!isRecord(body)) return null;
  for (const key in body)
    if ((key !== 'countryCode' && key !== 'events') || !Object.hasOwn(body, key)) return null;
  const { countryCode, events } = body;
  if (typeof countryCode !== 'string' || !MARKETS.has(countryCode)) return null;
  if (!Array.isArray(events) || events.length < 1 || events.length > USAGE_BATCH_MAX_EVENTS) return null;
  // The answer's events: only made when an event is answered by a copy (the web always sends properties).
  let answered: unknown[] | null = null;
  for (let i = 0; i < events.length; i += 1) {
    const e: unknown = events[i];
    const event = quickEvent(e);
    if (event === null) return null;
    if (event !== e) answered ??= events.slice(0, i);
    answered?.push(event);
  }
  return (answered ? { countryCode, events: answered } : body) as UsageBatch;
}

export const usageBatchResultSchema = z.object({
  /** Stored. */
  accepted: z.number().int(),
  /** Left out: the market does not send that event (enableGTM off). */
  dropped: z.number().int(),
});
