/**
 * Salesman tracking (issue 14; spec sections 1, 3, 7 and 9): the all-salesman map and table, a
 * salesman's day, the stores of the day. The rules the server applies and the web may repeat live here
 * once, as pure functions:
 *   - `reduceRoute`: spec section 9's route plotting, at most 25 points;
 *   - `verifyVisit`: a visit is verified when the GPS stayed within the outlet's radius long enough;
 *   - `silentThresholdMs` / `isSilent`: a device is silent after a gap longer than its own rhythm;
 *   - `trackingStatus`: moving, at an outlet, idle for over an hour, no signal today;
 *   - `findStops`, `thinTrack`, `suspiciousPoints`, `trackDistanceM`: the replay's track and its checks.
 */
import { z } from 'zod';
import { countryCodeSchema } from './countries.js';
import { distanceMetres, type GeoPoint } from './device-geo-compliance.js';

export const TRACKING_API = '/api/tracking';
/**
 * The spec's route table has no tracking route: the screen is an operational report on /reportpage
 * (docs/decisions.md, "Salesman tracking: where it lives"), with this key and report name.
 */
export const TRACKING_REPORT_KEY = 'salesman-tracking';
export const TRACKING_REPORT_NAME = 'Salesman Tracking';

// ---------------------------------------------------------------------------------------------
// Route plotting (spec section 9)
// ---------------------------------------------------------------------------------------------

/** Spec section 9: route plotting keeps at most this many location points. */
export const ROUTE_MAX_POINTS = 25;
/** Coordinates are stored with 7 decimals; the reduction starts there. */
export const ROUTE_MAX_DECIMALS = 7;

/** Spec section 3's salesman location point. */
export interface SalesmanLocationPoint {
  geoLocationSequence: number;
  salesmanLatitudes: number;
  salesmanLongitudes: number;
}

export interface ReducedRoute<P> {
  /** The kept points in geoLocationSequence order, at their own (unrounded) coordinates. */
  points: P[];
  /**
   * The precision at which at most `max` points remained (7 down to 0), or null when even 0 decimals
   * left more and the points were thinned evenly (docs/decisions.md, "Salesman tracking").
   */
  decimals: number | null;
}

const POW10 = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000];

/**
 * Spec section 9: sort by geoLocationSequence, then reduce the coordinate precision from 7 decimals
 * downward, dropping duplicates, until at most `max` points remain.
 *
 * - Precision is reduced by truncation on the 7-decimal integer grid (floor of the value in units of
 *   10^-d degrees), so two points equal at d decimals stay equal at d-1: each step only drops points,
 *   and a step can work on the previous step's survivors.
 * - A duplicate is a point whose reduced coordinates equal those of a point kept earlier in the
 *   sequence (distinct locations, not only consecutive ones); the first of them is kept.
 * - The last point of the day is always kept, even when it repeats an earlier location (the route ends
 *   where the day ended); it counts towards `max`.
 * - Kept points keep their own coordinates; the precision only decides what counts as a duplicate.
 * - If 0 decimals still leaves more than `max`, the survivors are thinned evenly, keeping the first and
 *   the last (decimals: null).
 * Non-finite coordinates are dropped first.
 */
export function reduceRoute<P>(
  input: readonly P[],
  read: (p: P) => { seq: number; lat: number; lng: number },
  max = ROUTE_MAX_POINTS,
): ReducedRoute<P> {
  if (max < 2) throw new RangeError('max must be at least 2');
  const n0 = input.length;
  // One read per point: integer coordinates in units of 10^-7 degree and the sequence.
  const rawLat = new Float64Array(n0);
  const rawLng = new Float64Array(n0);
  const seqs = new Float64Array(n0);
  const items: number[] = [];
  let sorted = true;
  for (let i = 0; i < n0; i++) {
    const r = read(input[i]!);
    if (!Number.isFinite(r.lat) || !Number.isFinite(r.lng)) continue;
    rawLat[i] = Math.round(r.lat * 1e7);
    rawLng[i] = Math.round(r.lng * 1e7);
    seqs[i] = r.seq;
    if (items.length > 0 && r.seq < seqs[items[items.length - 1]!]!) sorted = false;
    items.push(i);
  }
  // Sorted by sequence (stable: equal sequences keep their input order).
  if (!sorted) items.sort((a, b) => seqs[a]! - seqs[b]! || a - b);
  const n = items.length;
  if (n === 0) return { points: [], decimals: ROUTE_MAX_DECIMALS };
  const lat = new Float64Array(n);
  const lng = new Float64Array(n);
  const src = new Int32Array(n);
  for (let k = 0; k < n; k++) {
    const i = items[k]!;
    lat[k] = rawLat[i]!;
    lng[k] = rawLng[i]!;
    src[k] = i;
  }

  // Survivors as indexes into the sorted arrays; the last point is handled apart.
  const last = n - 1;
  let survivors: number[] = [];
  for (let k = 0; k < last; k++) survivors.push(k);
  const pick = (ks: number[]) => {
    const out: P[] = ks.map((k) => input[src[k]!]!);
    out.push(input[src[last]!]!);
    return out;
  };
  // Cells as one number (offset from the box's south-west corner) when the box's cell count fits a
  // double exactly (a day's route always does); text keys otherwise.
  let minLat = Infinity;
  let minLng = Infinity;
  let maxLat = -Infinity;
  let maxLng = -Infinity;
  for (let k = 0; k < n; k++) {
    minLat = Math.min(minLat, lat[k]!);
    maxLat = Math.max(maxLat, lat[k]!);
    minLng = Math.min(minLng, lng[k]!);
    maxLng = Math.max(maxLng, lng[k]!);
  }
  for (let d = ROUTE_MAX_DECIMALS; d >= 0; d--) {
    const unit = POW10[ROUTE_MAX_DECIMALS - d]!;
    const lat0 = Math.floor(minLat / unit);
    const lng0 = Math.floor(minLng / unit);
    const width = Math.floor(maxLng / unit) - lng0 + 1;
    const height = Math.floor(maxLat / unit) - lat0 + 1;
    const numeric = width * height < Number.MAX_SAFE_INTEGER;
    const next: number[] = [];
    if (numeric) {
      // An open-addressing table of cell numbers (no boxing, no strings): the hot path.
      let size = 16;
      while (size < survivors.length * 2) size *= 2;
      const mask = size - 1;
      const table = new Float64Array(size).fill(-1);
      for (const k of survivors) {
        const key = (Math.floor(lat[k]! / unit) - lat0) * width + (Math.floor(lng[k]! / unit) - lng0);
        let h = Math.imul((key | 0) ^ ((key / 4294967296) | 0), 0x9e3779b1) & mask;
        while (table[h] !== -1 && table[h] !== key) h = (h + 1) & mask;
        if (table[h] === key) continue;
        table[h] = key;
        next.push(k);
      }
    } else {
      const seen = new Set<string>();
      for (const k of survivors) {
        const key = `${Math.floor(lat[k]! / unit) - lat0},${Math.floor(lng[k]! / unit) - lng0}`;
        if (seen.has(key)) continue;
        seen.add(key);
        next.push(k);
      }
    }
    survivors = next;
    if (survivors.length + 1 <= max) return { points: pick(survivors), decimals: d };
  }
  // Even thinning: survivors plus the last point, `max` of them at evenly spaced positions.
  const all = [...survivors, last];
  const chosen: number[] = [];
  for (let j = 0; j < max; j++) chosen.push(all[Math.round((j * (all.length - 1)) / (max - 1))]!);
  return { points: chosen.map((k) => input[src[k]!]!), decimals: null };
}

/** `reduceRoute` over spec section 3's location points. */
export function reduceLocationPoints(
  points: readonly SalesmanLocationPoint[],
  max = ROUTE_MAX_POINTS,
): ReducedRoute<SalesmanLocationPoint> {
  return reduceRoute(
    points,
    (p) => ({ seq: p.geoLocationSequence, lat: p.salesmanLatitudes, lng: p.salesmanLongitudes }),
    max,
  );
}

// ---------------------------------------------------------------------------------------------
// Visit verification
// ---------------------------------------------------------------------------------------------

/** A GPS ping: where and when (epoch milliseconds). */
export interface Ping extends GeoPoint {
  at: number;
  /** The device reported a mock (simulated) location. */
  mock?: boolean;
}

/** The radius when the device has no geo-compliance setting of its own (Device Geo-Compliance's default). */
export const VISIT_RADIUS_DEFAULT_M = 100;
/** How long the GPS must stay within the radius during a visit for it to count as verified. */
export const VISIT_MIN_DWELL_MS = 3 * 60_000;
/** Pings this long before check-in or after check-out still belong to the visit (clock and ping rhythm). */
export const VISIT_WINDOW_SLACK_MS = 2 * 60_000;

export type VisitCheck = 'verified' | 'short-dwell' | 'recorded-away' | 'no-gps' | 'not-visited';

export interface VisitVerification {
  check: VisitCheck;
  verified: boolean;
  /** The longest unbroken stay within the radius during the visit, in milliseconds. */
  dwellMs: number;
  /** How far from the outlet the visit was recorded, in metres (null without a recorded location). */
  recordedDistanceM: number | null;
}

/**
 * A visit is verified when it was recorded within the outlet's radius (or recorded without a location)
 * and the salesman's pings stayed within the radius, without a ping outside, for at least `minDwellMs`
 * between check-in and check-out (each widened by VISIT_WINDOW_SLACK_MS). `pings` in time order.
 * 'recorded-away' wins over the dwell: the visit was recorded far from the outlet.
 */
export function verifyVisit(input: {
  outlet: GeoPoint;
  radiusM: number;
  checkInAt: number | null;
  checkOutAt: number | null;
  recorded: GeoPoint | null;
  pings: readonly Ping[];
  minDwellMs?: number;
}): VisitVerification {
  const minDwell = input.minDwellMs ?? VISIT_MIN_DWELL_MS;
  const recordedDistanceM = input.recorded ? Math.round(distanceMetres(input.recorded, input.outlet)) : null;
  if (input.checkInAt === null)
    return { check: 'not-visited', verified: false, dwellMs: 0, recordedDistanceM };
  const from = input.checkInAt - VISIT_WINDOW_SLACK_MS;
  const to = (input.checkOutAt ?? input.checkInAt) + VISIT_WINDOW_SLACK_MS;
  let dwellMs = 0;
  let runStart: number | null = null;
  let any = false;
  for (const p of input.pings) {
    if (p.at < from) continue;
    if (p.at > to) break;
    any = true;
    const inside = !p.mock && distanceMetres(p, input.outlet) <= input.radiusM;
    if (inside) {
      if (runStart === null) runStart = p.at;
      dwellMs = Math.max(dwellMs, p.at - runStart);
    } else runStart = null;
  }
  if (recordedDistanceM !== null && recordedDistanceM > input.radiusM)
    return { check: 'recorded-away', verified: false, dwellMs, recordedDistanceM };
  if (!any) return { check: 'no-gps', verified: false, dwellMs, recordedDistanceM };
  if (dwellMs < minDwell) return { check: 'short-dwell', verified: false, dwellMs, recordedDistanceM };
  return { check: 'verified', verified: true, dwellMs, recordedDistanceM };
}

// ---------------------------------------------------------------------------------------------
// Silent devices and status
// ---------------------------------------------------------------------------------------------

/** Bounds of a learned silence threshold, and the threshold with too little history. */
export const SILENT_MIN_MS = 10 * 60_000;
export const SILENT_MAX_MS = 3 * 60 * 60_000;
export const SILENT_DEFAULT_MS = 30 * 60_000;
/** Gaps longer than this are breaks between days (or the device off overnight), not the rhythm. */
export const RHYTHM_GAP_CAP_MS = 4 * 60 * 60_000;
/** Fewer gaps than this and the rhythm is not known: the default applies. */
export const RHYTHM_MIN_GAPS = 20;

/**
 * The silence threshold learned from a salesman's usual ping rhythm: three times the 90th percentile of
 * the gaps between consecutive pings on recent working days (gaps over RHYTHM_GAP_CAP_MS left out), kept
 * between SILENT_MIN_MS and SILENT_MAX_MS; SILENT_DEFAULT_MS with fewer than RHYTHM_MIN_GAPS gaps.
 */
export function silentThresholdMs(gapsMs: readonly number[]): number {
  const gaps = gapsMs.filter((g) => g > 0 && g <= RHYTHM_GAP_CAP_MS).sort((a, b) => a - b);
  if (gaps.length === 0) return SILENT_DEFAULT_MS;
  // The 90th percentile as SQL's percentile_disc(0.9) reads it (the server computes it there).
  const p90 = gaps[Math.min(gaps.length - 1, Math.ceil(gaps.length * 0.9) - 1)]!;
  return silentThresholdFromRhythm(p90, gaps.length);
}

/** The same rule from the 90th percentile gap and the number of gaps (kept ones) already known. */
export function silentThresholdFromRhythm(p90Ms: number, gaps: number): number {
  if (gaps < RHYTHM_MIN_GAPS || !Number.isFinite(p90Ms)) return SILENT_DEFAULT_MS;
  return Math.min(SILENT_MAX_MS, Math.max(SILENT_MIN_MS, 3 * p90Ms));
}

/** Silent: no ping today, or the last one longer ago than the salesman's threshold. */
export function isSilent(lastPingAt: number | null, nowMs: number, thresholdMs: number): boolean {
  return lastPingAt === null || nowMs - lastPingAt > thresholdMs;
}

export const TRACKING_STATUSES = ['moving', 'at-outlet', 'idle', 'no-signal'] as const;
export type TrackingStatus = (typeof TRACKING_STATUSES)[number];
/** Idle: no move beyond IDLE_MOVE_M for IDLE_AFTER_MS (spec-free; the issue says "idle for over an hour"). */
export const IDLE_AFTER_MS = 60 * 60_000;
export const IDLE_MOVE_M = 150;

/**
 * The status on the map: no ping that day → no signal; the last ping within an outlet's radius (or a
 * visit checked in and not out) → at an outlet; no ping for over an hour, or the pings of the last hour
 * all within IDLE_MOVE_M of the last one (with at least an hour of pings) → idle; otherwise moving.
 * `nowMs` is the moment judged: now for today, the last ping for a past day.
 */
export function trackingStatus(input: {
  lastPing: Ping | null;
  nowMs: number;
  atOutlet: boolean;
  /** Pings of the day in time order (at least those of the last hour before the last ping). */
  pings: readonly Ping[];
}): TrackingStatus {
  const last = input.lastPing;
  if (!last) return 'no-signal';
  if (input.atOutlet) return 'at-outlet';
  if (input.nowMs - last.at > IDLE_AFTER_MS) return 'idle';
  const since = last.at - IDLE_AFTER_MS;
  let coversHour = false;
  for (let i = input.pings.length - 1; i >= 0; i--) {
    const p = input.pings[i]!;
    if (p.at < since) {
      coversHour = true;
      break;
    }
    if (distanceMetres(p, last) > IDLE_MOVE_M) return 'moving';
  }
  return coversHour ? 'idle' : 'moving';
}

// ---------------------------------------------------------------------------------------------
// Track, stops and suspicious points
// ---------------------------------------------------------------------------------------------

/** Faster than this between two pings (and further than SUSPICIOUS_MIN_JUMP_M) is not a salesman on a street. */
export const SUSPICIOUS_SPEED_KMH = 150;
export const SUSPICIOUS_MIN_JUMP_M = 500;

export type SuspiciousReason = 'mock-location' | 'speed-jump';

/** Indexes of suspicious pings (time order): mock locations, and pings reached at an impossible speed. */
export function suspiciousPoints(pings: readonly Ping[]): { index: number; reason: SuspiciousReason }[] {
  const out: { index: number; reason: SuspiciousReason }[] = [];
  let prev: Ping | null = null;
  for (let i = 0; i < pings.length; i++) {
    const p = pings[i]!;
    if (p.mock) {
      out.push({ index: i, reason: 'mock-location' });
      continue;
    }
    if (prev) {
      const m = distanceMetres(prev, p);
      const hours = Math.max(p.at - prev.at, 1000) / 3_600_000;
      if (m > SUSPICIOUS_MIN_JUMP_M && m / 1000 / hours > SUSPICIOUS_SPEED_KMH) {
        out.push({ index: i, reason: 'speed-jump' });
        continue;
      }
    }
    prev = p;
  }
  return out;
}

/** The distance travelled in metres along the pings, leaving out the suspicious ones. */
export function trackDistanceM(
  pings: readonly Ping[],
  suspicious: readonly { index: number }[] = suspiciousPoints(pings),
): number {
  const bad = new Set(suspicious.map((s) => s.index));
  let total = 0;
  let prev: Ping | null = null;
  for (let i = 0; i < pings.length; i++) {
    if (bad.has(i)) continue;
    const p = pings[i]!;
    if (prev) total += distanceMetres(prev, p);
    prev = p;
  }
  return Math.round(total);
}

/** A stop: pings staying within STOP_RADIUS_M of where it began for at least STOP_MIN_MS. */
export const STOP_RADIUS_M = 60;
export const STOP_MIN_MS = 5 * 60_000;

export interface Stop extends GeoPoint {
  from: number;
  to: number;
}

/** The stops of a day's pings (time order); the stop's place is the mean of its pings. */
export function findStops(pings: readonly Ping[], radiusM = STOP_RADIUS_M, minMs = STOP_MIN_MS): Stop[] {
  const stops: Stop[] = [];
  let i = 0;
  while (i < pings.length) {
    const anchor = pings[i]!;
    let j = i + 1;
    let sumLat = anchor.lat;
    let sumLng = anchor.lng;
    while (j < pings.length && distanceMetres(anchor, pings[j]!) <= radiusM) {
      sumLat += pings[j]!.lat;
      sumLng += pings[j]!.lng;
      j++;
    }
    const end = pings[j - 1]!;
    if (end.at - anchor.at >= minMs) {
      const count = j - i;
      stops.push({ lat: sumLat / count, lng: sumLng / count, from: anchor.at, to: end.at });
      i = j;
    } else i++;
  }
  return stops;
}

/** The replay's track: at most `max` pings, keeping the first, the last and every turn worth seeing. */
export const TRACK_MAX_POINTS = 1_500;
export const TRACK_MIN_MOVE_M = 25;

/**
 * Thins a day's pings for the replay: a ping is kept when it moved more than TRACK_MIN_MOVE_M from the
 * last kept one (standing still adds nothing to draw), then, if still over `max`, every k-th is kept.
 * The first and last pings are always kept.
 */
export function thinTrack<P extends Ping>(pings: readonly P[], max = TRACK_MAX_POINTS): P[] {
  if (pings.length <= 2) return [...pings];
  const moved: P[] = [pings[0]!];
  for (let i = 1; i < pings.length - 1; i++) {
    if (distanceMetres(moved[moved.length - 1]!, pings[i]!) > TRACK_MIN_MOVE_M) moved.push(pings[i]!);
  }
  moved.push(pings[pings.length - 1]!);
  if (moved.length <= max) return moved;
  const out: P[] = [];
  for (let j = 0; j < max; j++) out.push(moved[Math.round((j * (moved.length - 1)) / (max - 1))]!);
  return out;
}

// ---------------------------------------------------------------------------------------------
// The calls
// ---------------------------------------------------------------------------------------------

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date written YYYY-MM-DD');
/** How far back the tracking screens go (the demo data keeps 30 days of GPS trail). */
export const TRACKING_MAX_DAYS_BACK = 60;

/** GET /api/tracking/salesmen, /stores and /salesmen/export: the market's day, optional filters. */
export const trackingQuerySchema = z.object({
  countryCode: countryCodeSchema.optional(),
  customerToken: z.string().optional(),
  /** The market's day (default: today in the market). */
  date: isoDate.optional(),
  /** Comma-joined DT codes (at most 10). */
  filter_dt_code: z.string().max(2000).optional(),
  /** Comma-joined SM codes (at most 10). */
  filter_sm_code: z.string().max(2000).optional(),
});
export type TrackingQuery = z.infer<typeof trackingQuerySchema>;

export const trackingExportQuerySchema = trackingQuerySchema.extend({
  format: z.enum(['csv', 'xlsx']).default('csv'),
  lang: z.enum(['en', 'vi']).default('en'),
});
export type TrackingExportQuery = z.infer<typeof trackingExportQuerySchema>;

export const trackingDayParamsSchema = z.object({ smCode: z.string().min(1).max(50) });

const latLng = { lat: z.number(), lng: z.number() };

export const trackingSalesmanRowSchema = z.object({
  smCode: z.string(),
  name: z.string(),
  dtCode: z.string(),
  dtName: z.string(),
  /** Last known position of the day (null: no signal). */
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  status: z.enum(TRACKING_STATUSES),
  firstPingAt: z.string().nullable(),
  lastPingAt: z.string().nullable(),
  plannedVisits: z.number().int(),
  actualVisits: z.number().int(),
  productiveCalls: z.number().int(),
  distanceM: z.number().int(),
  pings: z.number().int(),
  /** Today: pinged, then nothing for longer than the salesman's own threshold (no ping at all: no-signal). */
  silent: z.boolean(),
  silentThresholdMin: z.number().int(),
  suspiciousPoints: z.number().int(),
});
export type TrackingSalesmanRow = z.infer<typeof trackingSalesmanRowSchema>;

export const trackingSalesmenSchema = z.object({
  date: isoDate,
  /** The market's today (the date picker's last day). */
  today: isoDate,
  timeZone: z.string(),
  salesmen: z.array(trackingSalesmanRowSchema),
  can: z.object({ export: z.boolean() }),
  /** MAP_STYLE_URL: a map style on this origin to draw on, or null for the offline basemap. */
  mapStyleUrl: z.string().nullable(),
});
export type TrackingSalesmen = z.infer<typeof trackingSalesmenSchema>;

export const trackingStoreSchema = z.object({
  outletCode: z.string(),
  name: z.string(),
  ...latLng,
  smCode: z.string(),
  salesmanName: z.string(),
  dtCode: z.string(),
  planned: z.boolean(),
  visited: z.boolean(),
  productive: z.boolean(),
  verified: z.boolean().nullable(),
});
export type TrackingStore = z.infer<typeof trackingStoreSchema>;
export const trackingStoresSchema = z.object({ date: isoDate, stores: z.array(trackingStoreSchema) });
export type TrackingStores = z.infer<typeof trackingStoresSchema>;

export const trackingVisitSchema = z.object({
  outletCode: z.string(),
  outletName: z.string(),
  ...latLng,
  planned: z.boolean(),
  visited: z.boolean(),
  productive: z.boolean(),
  visitSequence: z.number().int().nullable(),
  checkInAt: z.string().nullable(),
  checkOutAt: z.string().nullable(),
  /** Minutes between check-in and check-out. */
  minutesAtOutlet: z.number().int().nullable(),
  check: z.enum(['verified', 'short-dwell', 'recorded-away', 'no-gps', 'not-visited']),
  verified: z.boolean(),
  dwellMin: z.number().int(),
  recordedDistanceM: z.number().int().nullable(),
  radiusM: z.number().int(),
});
export type TrackingVisit = z.infer<typeof trackingVisitSchema>;

export const trackingPointSchema = z.object({ seq: z.number().int(), ...latLng, at: z.string() });
export type TrackingPoint = z.infer<typeof trackingPointSchema>;

export const trackingDaySchema = z.object({
  date: isoDate,
  today: isoDate,
  timeZone: z.string(),
  salesman: trackingSalesmanRowSchema,
  figures: z.object({
    plannedVisits: z.number().int(),
    actualVisits: z.number().int(),
    productiveCalls: z.number().int(),
    verifiedVisits: z.number().int(),
    firstPingAt: z.string().nullable(),
    lastPingAt: z.string().nullable(),
    distanceM: z.number().int(),
    minutesAtOutlets: z.number().int(),
    minutesTravelling: z.number().int(),
  }),
  visits: z.array(trackingVisitSchema),
  /** Spec section 9: at most 25 points, in geoLocationSequence order. */
  route: z.object({ points: z.array(trackingPointSchema), decimals: z.number().int().nullable() }),
  /** The thinned track for the replay (time order). */
  track: z.array(trackingPointSchema),
  stops: z.array(
    z.object({
      ...latLng,
      from: z.string(),
      to: z.string(),
      minutes: z.number().int(),
      /** The outlet of the day the stop was at, or null: a stop that matches no outlet. */
      outletCode: z.string().nullable(),
    }),
  ),
  suspicious: z.array(
    z.object({
      seq: z.number().int(),
      ...latLng,
      at: z.string(),
      reason: z.enum(['mock-location', 'speed-jump']),
    }),
  ),
});
export type TrackingDay = z.infer<typeof trackingDaySchema>;
