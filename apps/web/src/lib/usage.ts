/**
 * Usage events from the web (spec sections 3 and 7): `track(event, properties)` queues an event with
 * the screen, the device type (mobile under 768 px), browser, system and model; the queue is sent
 * every few seconds, when it holds a full batch, and when the page is hidden. Events the market does
 * not send (enableGTM off) are never queued, except login, forgot-password and back-to-login.
 *
 * Every batch goes with `fetch(…, { keepalive: true })` while the browser's keepalive budget (64 KiB of
 * bodies in flight at once) allows, not only the page-hide flush: a request started by the 5-second
 * timer or a full batch just before a full page load would otherwise be cancelled with the page, its
 * events already out of the queue. Batches are cut by size as well as count (the server refuses a
 * body over 64 KB, and the browser refuses a keepalive body past its budget), so one large event no
 * longer sinks its batch. Not `navigator.sendBeacon`: a beacon cannot carry the session header or
 * the CSRF header, and the server refuses a cookie-authenticated POST without the latter.
 * With a tag manager configured (GTM_ID), each event is also pushed to its data layer.
 */
import {
  CSRF_HEADER,
  CSRF_HEADER_VALUE,
  describeDevice,
  deviceTypeOf,
  PUBLIC_EVENTS,
  USAGE_BATCH_MAX_BYTES,
  USAGE_BATCH_MAX_EVENTS,
  usageEventSent,
  type CountryCode,
  type UsageEvent,
  type UsageEventName,
} from '@fieldforce/contracts';
import { API_BASE } from './api-client';
import { knownMarketFlags } from './market-flags-snapshot';
import { storage } from './storage';
import { useClientStore } from './store';

export type UsageProperties = UsageEvent['properties'];

/**
 * Who is sending (spec section 3's user properties), for the tag manager's data layer only: the
 * server takes identity from the session, never from the body.
 */
export interface UsageUser {
  userId: string;
  /** Lowercased. */
  email: string;
  loginUserRole: string;
  registeredCountry: string;
  /** The business scope assignment chosen (the first of the user's by default). */
  bsa: string | null;
  lastLoginTime: string | null;
}

interface Queued {
  country: CountryCode;
  signedIn: boolean;
  event: UsageEvent;
}

export interface UsageEnvironment {
  /** Sends one batch; `keepalive` so the request outlives the page (within the browser's budget). */
  send(path: string, body: unknown, keepalive: boolean): Promise<void>;
  now(): Date;
  width(): number;
  userAgent(): string;
  screen(): string;
  country(): CountryCode;
  signedIn(): boolean;
  /** The signed-in user, null before sign-in. */
  user(): UsageUser | null;
  /** The market's flags as the server last answered them (GET config/flags), for the enableGTM rule. */
  flags(country: CountryCode): { enableGTM: boolean };
}

export const FLUSH_INTERVAL_MS = 5_000;
/**
 * Keepalive bodies in flight at once: browsers refuse (TypeError) a keepalive request whose body would
 * take the page's total past 64 KiB. A margin is kept for other keepalive requests of the page.
 */
export const KEEPALIVE_BUDGET_BYTES = 60 * 1024;
/** A batch's body at most (the server's limit, USAGE_BATCH_MAX_BYTES, less a margin). */
export const BATCH_MAX_BYTES = USAGE_BATCH_MAX_BYTES - 1024;

const defaultEnvironment = (): UsageEnvironment => ({
  // Headers are built synchronously so a flush at page hide starts its request before the page goes.
  send: async (path, body, keepalive) => {
    const token = path === 'events' ? storage.getIdToken() : null;
    await fetch(`${API_BASE}/${path}`, {
      method: 'POST',
      headers: {
        accept: 'application/json',
        'content-type': 'application/json',
        [CSRF_HEADER]: CSRF_HEADER_VALUE,
        ...(token ? { customerToken: token } : {}),
      },
      body: JSON.stringify(body),
      keepalive,
      credentials: 'same-origin',
    });
  },
  now: () => new Date(),
  width: () => window.innerWidth,
  userAgent: () => navigator.userAgent,
  screen: () => window.location.pathname,
  country: () => storage.getCountryCode(),
  signedIn: () => storage.getIdToken() !== null,
  user: () => {
    const { userDetails, selectedBsa } = useClientStore.getState();
    if (!userDetails) return null;
    return {
      userId: userDetails.id,
      email: userDetails.email.toLowerCase(),
      loginUserRole: userDetails.role,
      registeredCountry: userDetails.countryCode.split(',')[0]?.trim() ?? '',
      bsa: selectedBsa ?? userDetails.bsa[0] ?? null,
      lastLoginTime: userDetails.lastLoginAt,
    };
  },
  // The one place the web reads the enableGTM flag (the database's, through GET config/flags).
  flags: (country) => knownMarketFlags(country),
});

let env: UsageEnvironment | null = null;
let queue: Queued[] = [];
let timer: ReturnType<typeof setTimeout> | null = null;
/** Bytes of keepalive bodies sent and not yet answered. */
let keepaliveInFlight = 0;

const environment = () => (env ??= defaultEnvironment());

/** Tests: replace the environment (and start with an empty queue). */
export function configureUsage(overrides: Partial<UsageEnvironment> | null): void {
  env = overrides ? { ...defaultEnvironment(), ...overrides } : null;
  queue = [];
  if (timer) clearTimeout(timer);
  timer = null;
  keepaliveInFlight = 0;
}

/** The phone or tablet model the user agent names ('Pixel 8', 'iPhone'), else null. */
export function deviceModelOf(userAgent: string): string | null {
  const android = /Android [\d.]+; (?:[a-z]{2}-[a-z]{2}; )?([^;)]+?)(?: Build\/[^;)]*)?[;)]/i.exec(userAgent);
  if (android?.[1] && android[1] !== 'K') return android[1].trim().slice(0, 60);
  const apple = /\b(iPhone|iPad|iPod)\b/.exec(userAgent);
  return apple?.[1] ?? null;
}

/** The maker of the phone or tablet the user agent names ('Apple', 'Samsung', 'Google'), else null. */
export function deviceVendorOf(userAgent: string): string | null {
  if (/\b(iPhone|iPad|iPod|Macintosh)\b/.test(userAgent)) return 'Apple';
  const model = deviceModelOf(userAgent);
  if (!model) return null;
  if (/^(SM-|GT-|Galaxy)/i.test(model)) return 'Samsung';
  if (/^Pixel/i.test(model)) return 'Google';
  if (/^(Redmi|Mi |POCO|M\d{4})/i.test(model)) return 'Xiaomi';
  if (/^(CPH|OPPO)/i.test(model)) return 'OPPO';
  if (/^(vivo|V\d{4})/i.test(model)) return 'vivo';
  return null;
}

/** Queues one usage event (nothing when the market does not send it). */
export function track(event: UsageEventName, properties: UsageProperties = {}): void {
  const e = environment();
  const country = e.country();
  if (!usageEventSent(event, country, e.flags(country))) return;
  const ua = e.userAgent();
  const device = describeDevice(ua);
  const user = e.signedIn() ? e.user() : null;
  // The business scope assignment the screen was seen in (spec section 3), unless the event names one.
  const withBsa: UsageProperties =
    user?.bsa && !('bsa' in properties) ? { ...properties, bsa: user.bsa } : properties;
  const at = e.now().toISOString();
  const screen = e.screen().slice(0, 200);
  const deviceType = deviceTypeOf(e.width());
  const deviceModel = deviceModelOf(ua);
  queue.push({
    country,
    signedIn: e.signedIn(),
    event: {
      event,
      at,
      screen,
      deviceType,
      browser: device.browser,
      os: device.os,
      deviceModel,
      properties: withBsa,
    },
  });
  pushToDataLayer({
    event,
    ...withBsa,
    screenName: screen,
    timestamp: at,
    deviceType,
    deviceVendor: deviceVendorOf(ua),
    deviceModel,
    browser: device.browser,
    os: device.os,
    ...(user ?? {}),
  });
  if (queue.length >= USAGE_BATCH_MAX_EVENTS) void flushUsage();
  else if (!timer) timer = setTimeout(() => void flushUsage(), FLUSH_INTERVAL_MS);
}

const encoder = new TextEncoder();
/** UTF-8 bytes of a value's JSON. */
const jsonBytes = (value: unknown) => encoder.encode(JSON.stringify(value)).length;

/**
 * Cuts a market's events into batches of at most USAGE_BATCH_MAX_EVENTS events and BATCH_MAX_BYTES
 * bytes of body. An event too large to go alone is left out (the server would refuse its batch).
 */
function batchesOf(country: CountryCode, items: Queued[]): { body: UsageBatchBody; bytes: number }[] {
  const envelope = jsonBytes({ countryCode: country, events: [] });
  const batches: { body: UsageBatchBody; bytes: number }[] = [];
  let events: UsageEvent[] = [];
  let bytes = envelope;
  for (const item of items) {
    const size = jsonBytes(item.event) + 1; // and its comma
    if (envelope + size > BATCH_MAX_BYTES) continue;
    if (events.length >= USAGE_BATCH_MAX_EVENTS || bytes + size > BATCH_MAX_BYTES) {
      batches.push({ body: { countryCode: country, events }, bytes });
      events = [];
      bytes = envelope;
    }
    events.push(item.event);
    bytes += size;
  }
  if (events.length > 0) batches.push({ body: { countryCode: country, events }, bytes });
  return batches;
}

interface UsageBatchBody {
  countryCode: CountryCode;
  events: UsageEvent[];
}

/**
 * Sends everything queued, in batches per market and signed-in state; failures are dropped quietly.
 * Each batch goes with keepalive while the budget allows, whether or not the page is going away: a
 * timer's flush started just before a full page load must outlive the page too.
 */
export async function flushUsage(): Promise<void> {
  if (timer) clearTimeout(timer);
  timer = null;
  const pending = queue;
  queue = [];
  const groups = new Map<string, Queued[]>();
  for (const item of pending) {
    // Before sign-in only the public events can go; the others wait for nothing (they are dropped).
    if (!item.signedIn && !PUBLIC_EVENTS.includes(item.event.event)) continue;
    const key = `${item.country}|${item.signedIn}`;
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  const e = environment();
  // Every request starts before the first await, so a page-hide flush is under way before the page goes.
  await Promise.all(
    [...groups.values()].flatMap((items) =>
      batchesOf(items[0]!.country, items).map(({ body, bytes }) => {
        const keepalive = keepaliveInFlight + bytes <= KEEPALIVE_BUDGET_BYTES;
        if (keepalive) keepaliveInFlight += bytes;
        const path = items[0]!.signedIn ? 'events' : 'events/public';
        let sending: Promise<void>;
        try {
          sending = e.send(path, body, keepalive);
        } catch (error) {
          sending = Promise.reject(error);
        }
        return sending
          .catch(() => undefined)
          .finally(() => {
            if (keepalive) keepaliveInFlight -= bytes;
          });
      }),
    ),
  );
}

/** Sends the queue when the page is hidden or left (call once at start-up). */
export function startUsageFlushOnHide(): () => void {
  const onHide = () => {
    if (document.visibilityState === 'hidden') void flushUsage();
  };
  const onPageHide = () => void flushUsage();
  document.addEventListener('visibilitychange', onHide);
  window.addEventListener('pagehide', onPageHide);
  return () => {
    document.removeEventListener('visibilitychange', onHide);
    window.removeEventListener('pagehide', onPageHide);
  };
}

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

/**
 * With the tag manager loaded (GTM_ID set on the server), the event also goes to its data layer, with
 * spec section 3's properties: the event's own, the screen, time and device, and who sent it.
 */
function pushToDataLayer(entry: Record<string, unknown>): void {
  if (typeof window === 'undefined' || !Array.isArray(window.dataLayer)) return;
  window.dataLayer.push(entry);
}
