/**
 * Salesman tracking's screen rules, kept out of the components so they are tested without a map:
 * status colours, the list filters and sorting, the map's GeoJSON, the replay's position and speed.
 */
import type {
  TrackingPoint,
  TrackingSalesmanRow,
  TrackingStatus,
  TrackingStore,
} from '@fieldforce/contracts';
import { foldForSearch as fold } from '../../lib/i18n/locale-format';

/** Marker colours by status (also the legend). Contrast ≥ 3:1 against the light basemap. */
export const STATUS_COLOURS: Record<TrackingStatus, string> = {
  moving: '#1d4ed8',
  'at-outlet': '#15803d',
  idle: '#b45309',
  'no-signal': '#4b5563',
};

export interface SalesmanFilters {
  search: string;
  dtCode: string;
  status: TrackingStatus | '';
}

export const NO_FILTERS: SalesmanFilters = { search: '', dtCode: '', status: '' };

/** Name or SM code contains the search (accents ignored), DT and status equal when chosen. */
export function filterSalesmen(
  rows: readonly TrackingSalesmanRow[],
  f: SalesmanFilters,
): TrackingSalesmanRow[] {
  const q = fold(f.search.trim());
  return rows.filter(
    (r) =>
      (!f.dtCode || r.dtCode === f.dtCode) &&
      (!f.status || r.status === f.status) &&
      (!q || fold(r.name).includes(q) || fold(r.smCode).includes(q)),
  );
}

/** Outlet name or code contains the search; DT equal when chosen; the salesman filter (name or code) too. */
export function filterStores(
  stores: readonly TrackingStore[],
  search: string,
  f: Pick<SalesmanFilters, 'dtCode' | 'search'>,
): TrackingStore[] {
  const q = fold(search.trim());
  const sm = fold(f.search.trim());
  return stores.filter(
    (s) =>
      (!f.dtCode || s.dtCode === f.dtCode) &&
      (!sm || fold(s.salesmanName).includes(sm) || fold(s.smCode).includes(sm)) &&
      (!q || fold(s.name).includes(q) || s.outletCode.includes(q)),
  );
}

export type SortKey =
  | 'name'
  | 'smCode'
  | 'dtCode'
  | 'firstPingAt'
  | 'lastPingAt'
  | 'plannedVisits'
  | 'actualVisits'
  | 'productiveCalls'
  | 'distanceM'
  | 'status';

const STATUS_ORDER: Record<TrackingStatus, number> = { 'no-signal': 0, idle: 1, moving: 2, 'at-outlet': 3 };

/** Sorted copy; absent values (no ping) last whatever the direction. */
export function sortSalesmen(
  rows: readonly TrackingSalesmanRow[],
  key: SortKey,
  direction: 'ascending' | 'descending',
): TrackingSalesmanRow[] {
  const sign = direction === 'ascending' ? 1 : -1;
  const value = (r: TrackingSalesmanRow): string | number | null =>
    key === 'status' ? STATUS_ORDER[r.status] : (r[key] as string | number | null);
  return [...rows].sort((a, b) => {
    const x = value(a);
    const y = value(b);
    if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
    const c = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
    return c * sign || a.smCode.localeCompare(b.smCode);
  });
}

/**
 * The silent devices among the rows, the longest quiet first (oldest last ping), then by name. Given the
 * filtered rows, so the silent list follows the same filters as the salesmen list, the map and the table.
 */
export function silentSalesmen(rows: readonly TrackingSalesmanRow[]): TrackingSalesmanRow[] {
  const last = (r: TrackingSalesmanRow) => (r.lastPingAt ? Date.parse(r.lastPingAt) : -Infinity);
  return rows
    .filter((r) => r.silent)
    .sort((a, b) => last(a) - last(b) || a.name.localeCompare(b.name) || a.smCode.localeCompare(b.smCode));
}

/** The distinct DTs of the rows, for the filter. */
export function dtOptions(rows: readonly TrackingSalesmanRow[]): { code: string; name: string }[] {
  const seen = new Map<string, string>();
  for (const r of rows) if (!seen.has(r.dtCode)) seen.set(r.dtCode, r.dtName);
  return [...seen].map(([code, name]) => ({ code, name })).sort((a, b) => a.code.localeCompare(b.code));
}

/** The map's points: salesmen with a position; the selected one is left out (drawn apart, never clustered). */
export function salesmenFeatures(rows: readonly TrackingSalesmanRow[], selected: string | null) {
  return {
    type: 'FeatureCollection' as const,
    features: rows
      .filter((r) => r.lat !== null && r.lng !== null && r.smCode !== selected)
      .map((r) => ({
        type: 'Feature' as const,
        geometry: { type: 'Point' as const, coordinates: [r.lng!, r.lat!] },
        properties: { smCode: r.smCode, name: r.name, status: r.status, colour: STATUS_COLOURS[r.status] },
      })),
  };
}

// ---------------------------------------------------------------------------------------------
// Replay
// ---------------------------------------------------------------------------------------------

export const REPLAY_SPEEDS = [1, 2, 5, 10, 20] as const;
/** 1x plays one minute of the day each second (docs/decisions.md, "Salesman tracking: replay"). */
export const REPLAY_DAY_MS_PER_SECOND_AT_1X = 60_000;

export interface ReplayTrack {
  times: number[];
  points: TrackingPoint[];
}

export function replayTrack(points: readonly TrackingPoint[]): ReplayTrack {
  return { points: [...points], times: points.map((p) => Date.parse(p.at)) };
}

/** Where the salesman was at `t` (epoch ms): between the two track points around it, linearly. */
export function positionAt(
  track: ReplayTrack,
  t: number,
): { lat: number; lng: number; index: number } | null {
  const { times, points } = track;
  if (points.length === 0) return null;
  if (t <= times[0]!) return { lat: points[0]!.lat, lng: points[0]!.lng, index: 0 };
  const last = points.length - 1;
  if (t >= times[last]!) return { lat: points[last]!.lat, lng: points[last]!.lng, index: last };
  let lo = 0;
  let hi = last;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (times[mid]! <= t) lo = mid;
    else hi = mid;
  }
  const a = points[lo]!;
  const b = points[hi]!;
  const f = (t - times[lo]!) / Math.max(1, times[hi]! - times[lo]!);
  return { lat: a.lat + (b.lat - a.lat) * f, lng: a.lng + (b.lng - a.lng) * f, index: lo };
}

/** The replay clock after `elapsedMs` of wall time at `speed`. */
export const advanceReplay = (t: number, elapsedMs: number, speed: number) =>
  t + (elapsedMs / 1000) * speed * REPLAY_DAY_MS_PER_SECOND_AT_1X;
