/**
 * Salesman tracking's answers, built from the day's pings and visits with the pure rules of
 * packages/contracts/src/tracking.ts (the same rules the web would apply, written once).
 */
import {
  findStops,
  IDLE_AFTER_MS,
  isSilent,
  reduceRoute,
  RHYTHM_GAP_CAP_MS,
  silentThresholdFromRhythm,
  suspiciousPoints,
  thinTrack,
  trackDistanceM,
  trackingStatus,
  verifyVisit,
  VISIT_RADIUS_DEFAULT_M,
  distanceMetres,
  type CountryCode,
  type TrackingDay,
  type TrackingSalesmanRow,
  type TrackingStore,
  type TrackingVisit,
} from '@fieldforce/contracts';
import type { Queryable } from '../../db/client.js';
import type { AuthUser } from '../../lib/policy.js';
import {
  pingRhythm,
  pingsOfDay,
  salesmenInScope,
  visitsOfDay,
  type PingRecord,
  type SalesmanFilters,
  type SalesmanRecord,
  type VisitRecord,
} from './queries.js';

export interface TrackingDayInput {
  user: AuthUser;
  market: CountryCode;
  date: string;
  /** The date is the market's today (live statuses and silence), not a past day. */
  isToday: boolean;
  nowMs: number;
  filters: SalesmanFilters;
  /** The app's caches of past days and ping rhythms (one per app: `new TrackingCaches()` at its routes). */
  caches: TrackingCaches;
}

const iso = (ms: number | null | undefined) =>
  ms === null || ms === undefined ? null : new Date(ms).toISOString();
const minutes = (ms: number) => Math.max(0, Math.round(ms / 60_000));

interface Loaded {
  salesmen: SalesmanRecord[];
  pings: Map<number, PingRecord[]>;
  visits: Map<number, VisitRecord[]>;
  rhythm: Map<number, Rhythm>;
}

async function load(q: Queryable, input: TrackingDayInput, withRhythm: boolean): Promise<Loaded> {
  const salesmen = await salesmenInScope(q, input.user, input.market, input.filters);
  const ids = salesmen.map((s) => s.id);
  // PGlite answers one query at a time; on PostgreSQL these run side by side.
  const [{ pings, visitRows }, rhythm] = await Promise.all([
    dayData(q, input, ids),
    withRhythm && input.isToday ? rhythmOf(q, input, ids) : Promise.resolve(new Map<number, Rhythm>()),
  ]);
  const visits = new Map<number, VisitRecord[]>();
  for (const v of visitRows) {
    let list = visits.get(v.salesmanId);
    if (!list) visits.set(v.salesmanId, (list = []));
    list.push(v);
  }
  return { salesmen, pings, visits, rhythm };
}

/** A past day's pings and visits do not change: kept this long per market, day and salesmen set. */
const PAST_DAY_TTL_MS = 60_000;
type Rhythm = { p90: number; gaps: number };
/** How long a learned rhythm is kept: it comes from the days before `date`, which do not change today. */
const RHYTHM_TTL_MS = 10 * 60_000;

/**
 * What one app keeps between requests: past days' pings and visits, and learned ping rhythms. Per app,
 * not per module, so two apps in one process (the tests' files, one worker) never answer from each
 * other's databases.
 */
export class TrackingCaches {
  readonly pastDays = new Map<
    string,
    { at: number; pings: Map<number, PingRecord[]>; visitRows: VisitRecord[] }
  >();
  readonly rhythms = new Map<string, { at: number; bySalesman: Map<number, Rhythm | null> }>();
}

/**
 * Keeps a cache of timed entries small when one is written: drops every entry older than `ttlMs` (it
 * would be read again anyway), then the oldest written while more than `max` remain.
 */
export function pruneCache(
  cache: Map<string, { at: number }>,
  nowMs: number,
  ttlMs: number,
  max: number,
): void {
  for (const [key, entry] of cache) if (nowMs - entry.at > ttlMs) cache.delete(key);
  while (cache.size > max) cache.delete(cache.keys().next().value!);
}

/**
 * The day's pings and visits of these salesmen. A past day's are kept for a minute under a key that holds
 * the market, the day and the exact salesmen (the caller's scope), so a cached answer never reaches a
 * caller with another scope; today's are always read.
 */
async function dayData(q: Queryable, input: TrackingDayInput, ids: readonly number[]) {
  const read = async () => {
    const [pings, visitRows] = await Promise.all([
      pingsOfDay(q, input.market, input.date, ids),
      visitsOfDay(q, input.market, input.date, ids),
    ]);
    return { pings, visitRows };
  };
  if (input.isToday) return read();
  const key = `${input.market}|${input.date}|${ids.join(',')}`;
  const { pastDays } = input.caches;
  const hit = pastDays.get(key);
  if (hit && input.nowMs - hit.at <= PAST_DAY_TTL_MS) return hit;
  const fresh = { at: input.nowMs, ...(await read()) };
  pastDays.delete(key); // written again at the end: the map's order is the order of writing
  pastDays.set(key, fresh);
  pruneCache(pastDays, input.nowMs, PAST_DAY_TTL_MS, 32);
  return fresh;
}

/** The salesmen's ping rhythms (previous 7 days), computed once per market and day for 10 minutes. */
async function rhythmOf(
  q: Queryable,
  { market, date, nowMs, caches }: TrackingDayInput,
  ids: readonly number[],
): Promise<Map<number, Rhythm>> {
  const { rhythms } = caches;
  const key = `${market}|${date}`;
  let entry = rhythms.get(key);
  if (!entry || nowMs - entry.at > RHYTHM_TTL_MS) {
    entry = { at: nowMs, bySalesman: new Map() };
    rhythms.delete(key);
    rhythms.set(key, entry);
    pruneCache(rhythms, nowMs, RHYTHM_TTL_MS, 64);
  }
  const missing = ids.filter((id) => !entry.bySalesman.has(id));
  if (missing.length > 0) {
    const found = await pingRhythm(q, market, date, missing, RHYTHM_GAP_CAP_MS);
    for (const id of missing) entry.bySalesman.set(id, found.get(id) ?? null);
  }
  const out = new Map<number, Rhythm>();
  for (const id of ids) {
    const r = entry.bySalesman.get(id);
    if (r) out.set(id, r);
  }
  return out;
}

const radiusOf = (s: SalesmanRecord) => s.radiusM || VISIT_RADIUS_DEFAULT_M;

function rowFor(s: SalesmanRecord, loaded: Loaded, input: TrackingDayInput): TrackingSalesmanRow {
  const pings = loaded.pings.get(s.id) ?? [];
  const visits = loaded.visits.get(s.id) ?? [];
  const last = pings.length ? pings[pings.length - 1]! : null;
  const nowMs = input.isToday ? input.nowMs : (last?.at ?? input.nowMs);
  const radius = radiusOf(s);
  const atOutlet =
    !!last &&
    !last.mock &&
    nowMs - last.at <= IDLE_AFTER_MS &&
    visits.some((v) => distanceMetres(last, v) <= radius);
  const suspicious = suspiciousPoints(pings);
  const rhythm = loaded.rhythm.get(s.id);
  const threshold = silentThresholdFromRhythm(rhythm?.p90 ?? NaN, rhythm?.gaps ?? 0);
  return {
    smCode: s.smCode,
    name: s.name,
    dtCode: s.dtCode,
    dtName: s.dtName,
    lat: last?.lat ?? null,
    lng: last?.lng ?? null,
    status: trackingStatus({ lastPing: last, nowMs, atOutlet, pings }),
    firstPingAt: iso(pings[0]?.at),
    lastPingAt: iso(last?.at),
    plannedVisits: visits.filter((v) => v.planned).length,
    actualVisits: visits.filter((v) => v.actual).length,
    productiveCalls: visits.filter((v) => v.productive).length,
    distanceM: trackDistanceM(pings, suspicious),
    pings: pings.length,
    // Went quiet: pinged today, then nothing for longer than its own rhythm allows. A device with no ping
    // at all is the 'no-signal' status instead (before the working day every device has none).
    silent: input.isToday && last !== null && isSilent(last.at, input.nowMs, threshold),
    silentThresholdMin: minutes(threshold),
    suspiciousPoints: suspicious.length,
  };
}

/** Every salesman in scope with the day's figures and last position (the map and the table). */
export async function allSalesmen(q: Queryable, input: TrackingDayInput): Promise<TrackingSalesmanRow[]> {
  const loaded = await load(q, input, true);
  return loaded.salesmen.map((s) => rowFor(s, loaded, input));
}

function visitFor(v: VisitRecord, pings: readonly PingRecord[], radiusM: number): TrackingVisit {
  const check = verifyVisit({
    outlet: v,
    radiusM,
    checkInAt: v.actual ? v.checkInAt : null,
    checkOutAt: v.checkOutAt,
    recorded:
      v.recordedLat === null || v.recordedLng === null ? null : { lat: v.recordedLat, lng: v.recordedLng },
    pings,
  });
  return {
    outletCode: v.outletCode,
    outletName: v.outletName,
    lat: v.lat,
    lng: v.lng,
    planned: v.planned,
    visited: v.actual,
    productive: v.productive,
    visitSequence: v.visitSequence,
    checkInAt: iso(v.checkInAt),
    checkOutAt: iso(v.checkOutAt),
    minutesAtOutlet:
      v.checkInAt !== null && v.checkOutAt !== null ? minutes(v.checkOutAt - v.checkInAt) : null,
    check: check.check,
    verified: check.verified,
    dwellMin: minutes(check.dwellMs),
    recordedDistanceM: check.recordedDistanceM,
    radiusM,
  };
}

/** The outlets of the day (planned or visited) of every salesman in scope, for the stores tab. */
export async function storesOfDay(q: Queryable, input: TrackingDayInput): Promise<TrackingStore[]> {
  const loaded = await load(q, input, false);
  const out: TrackingStore[] = [];
  for (const s of loaded.salesmen) {
    const pings = loaded.pings.get(s.id) ?? [];
    for (const v of loaded.visits.get(s.id) ?? []) {
      const visit = visitFor(v, pings, radiusOf(s));
      out.push({
        outletCode: v.outletCode,
        name: v.outletName,
        lat: v.lat,
        lng: v.lng,
        smCode: s.smCode,
        salesmanName: s.name,
        dtCode: s.dtCode,
        planned: v.planned,
        visited: v.actual,
        productive: v.productive,
        verified: v.actual ? visit.verified : null,
      });
    }
  }
  return out;
}

const point = (p: PingRecord) => ({ seq: p.seq, lat: p.lat, lng: p.lng, at: new Date(p.at).toISOString() });

/** One salesman's day, or null when the salesman is not in the caller's scope. */
export async function salesmanDay(
  q: Queryable,
  input: TrackingDayInput,
): Promise<Omit<TrackingDay, 'date' | 'today' | 'timeZone'> | null> {
  const loaded = await load(q, input, true);
  const s = loaded.salesmen[0];
  if (!s) return null;
  const pings = loaded.pings.get(s.id) ?? [];
  const radius = radiusOf(s);
  const visits = (loaded.visits.get(s.id) ?? []).map((v) => visitFor(v, pings, radius));
  const row = rowFor(s, loaded, input);
  const suspicious = suspiciousPoints(pings);
  const bad = new Set(suspicious.map((x) => x.index));
  const clean = pings.filter((_, i) => !bad.has(i));
  const route = reduceRoute(clean, (p) => ({ seq: p.seq, lat: p.lat, lng: p.lng }));
  const atOutlets = visits.reduce((sum, v) => sum + (v.minutesAtOutlet ?? 0), 0);
  const span = pings.length > 1 ? minutes(pings[pings.length - 1]!.at - pings[0]!.at) : 0;
  const outletsOfDay = loaded.visits.get(s.id) ?? [];
  return {
    salesman: row,
    figures: {
      plannedVisits: row.plannedVisits,
      actualVisits: row.actualVisits,
      productiveCalls: row.productiveCalls,
      verifiedVisits: visits.filter((v) => v.verified).length,
      firstPingAt: row.firstPingAt,
      lastPingAt: row.lastPingAt,
      distanceM: row.distanceM,
      minutesAtOutlets: atOutlets,
      minutesTravelling: Math.max(0, span - atOutlets),
    },
    visits,
    route: { points: route.points.map(point), decimals: route.decimals },
    track: thinTrack(clean).map(point),
    stops: findStops(clean).map((stop) => {
      const near = outletsOfDay
        .map((v) => ({ v, m: distanceMetres(stop, v) }))
        .filter((x) => x.m <= Math.max(radius, 60))
        .sort((a, b) => a.m - b.m)[0];
      return {
        lat: stop.lat,
        lng: stop.lng,
        from: new Date(stop.from).toISOString(),
        to: new Date(stop.to).toISOString(),
        minutes: minutes(stop.to - stop.from),
        outletCode: near?.v.outletCode ?? null,
      };
    }),
    suspicious: suspicious.map(({ index, reason }) => ({ ...point(pings[index]!), reason })),
  };
}
