import { z } from 'zod';
import { countryCodeSchema, countryFlags, type CountryCode, type CountryFlags } from './countries.js';

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

const value = z.union([z.string().max(500), z.number().finite(), z.boolean(), z.null()]);
/** The event's own properties (filters, report type, period, hierarchy path, viewed role, counts…). */
export const usagePropertiesSchema = z
  .record(z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,39}$/, 'property names: letters, digits, _'), value)
  .refine((p) => Object.keys(p).length <= 40, 'at most 40 properties');

export const usageEventSchema = z.object({
  event: z.enum(USAGE_EVENTS),
  /** When it happened on the device (ISO 8601). */
  at: z.string().datetime({ offset: true }),
  /** The screen's path, e.g. /reportpage. */
  screen: z.string().max(200),
  deviceType: z.enum(['mobile', 'Desktop']),
  browser: z.string().max(60).nullable(),
  os: z.string().max(60).nullable(),
  deviceModel: z.string().max(60).nullable(),
  properties: usagePropertiesSchema.default({}),
});
export type UsageEvent = z.infer<typeof usageEventSchema>;

export const usageBatchSchema = z.object({
  countryCode: countryCodeSchema,
  events: z.array(usageEventSchema).min(1).max(USAGE_BATCH_MAX_EVENTS),
});
export type UsageBatch = z.infer<typeof usageBatchSchema>;

export const usageBatchResultSchema = z.object({
  /** Stored. */
  accepted: z.number().int(),
  /** Left out: the market does not send that event (enableGTM off). */
  dropped: z.number().int(),
});
