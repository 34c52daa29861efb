import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  findStops,
  isSilent,
  reduceLocationPoints,
  reduceRoute,
  ROUTE_MAX_POINTS,
  SILENT_DEFAULT_MS,
  SILENT_MAX_MS,
  SILENT_MIN_MS,
  silentThresholdMs,
  suspiciousPoints,
  thinTrack,
  trackDistanceM,
  trackingStatus,
  verifyVisit,
  type Ping,
  type SalesmanLocationPoint,
} from './tracking.js';

const MIN = 60_000;
const outlet = { lat: 10.7769, lng: 106.7009 };
/** A point `metres` north of `p`. */
const north = (p: { lat: number; lng: number }, metres: number) => ({
  lat: p.lat + metres / ((Math.PI / 180) * 6_371_008.8),
  lng: p.lng,
});
const at = (minute: number, p: { lat: number; lng: number }, mock = false): Ping => ({
  ...p,
  at: Date.UTC(2026, 10, 23, 2, 0) + minute * MIN,
  mock,
});

// ---------------------------------------------------------------------------------------------
// Route reduction (spec section 9)
// ---------------------------------------------------------------------------------------------

const coordinate = (min: number, max: number) =>
  fc.integer({ min: min * 1e7, max: max * 1e7 }).map((units) => units / 1e7);
const pointArb = fc.record({
  geoLocationSequence: fc.integer({ min: 0, max: 1_000_000 }),
  salesmanLatitudes: fc.oneof(coordinate(10.7, 10.9), coordinate(-90, 90)),
  salesmanLongitudes: fc.oneof(coordinate(106.6, 106.8), coordinate(-180, 180)),
});
const routeArb = fc.uniqueArray(pointArb, { selector: (p) => p.geoLocationSequence, maxLength: 400 });

describe('reduceRoute', () => {
  it('never keeps more than 25 points, keeps sequence order and the first and last point', () => {
    fc.assert(
      fc.property(routeArb, (points) => {
        const { points: kept } = reduceLocationPoints(points);
        expect(kept.length).toBeLessThanOrEqual(ROUTE_MAX_POINTS);
        if (points.length === 0) {
          expect(kept).toEqual([]);
          return;
        }
        const sorted = [...points].sort((a, b) => a.geoLocationSequence - b.geoLocationSequence);
        expect(kept[0]).toBe(sorted[0]);
        expect(kept[kept.length - 1]).toBe(sorted[sorted.length - 1]);
        for (let i = 1; i < kept.length; i++)
          expect(kept[i]!.geoLocationSequence).toBeGreaterThan(kept[i - 1]!.geoLocationSequence);
      }),
      { numRuns: 300 },
    );
  });

  it('keeps every distinct point of a route that already has 25 or fewer', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(pointArb, { selector: (p) => p.geoLocationSequence, maxLength: 25 }),
        (points) => {
          const distinct = new Set(points.map((p) => `${p.salesmanLatitudes},${p.salesmanLongitudes}`));
          const { points: kept, decimals } = reduceLocationPoints(points);
          expect(decimals).toBe(7);
          // Distinct locations, plus the last point when it repeats an earlier one.
          expect(kept.length).toBeGreaterThanOrEqual(distinct.size);
          expect(kept.length).toBeLessThanOrEqual(distinct.size + 1);
        },
      ),
    );
  });

  it('works for any maximum of 2 or more', () => {
    fc.assert(
      fc.property(routeArb, fc.integer({ min: 2, max: 40 }), (points, max) => {
        const { points: kept } = reduceLocationPoints(points, max);
        expect(kept.length).toBeLessThanOrEqual(max);
      }),
    );
  });

  it('drops duplicates at the precision that first leaves 25 or fewer', () => {
    // 60 points along a street, about 1.1 m apart at 5 decimals: 4 decimals (≈11 m cells) keeps 6.
    const points: SalesmanLocationPoint[] = Array.from({ length: 60 }, (_, i) => ({
      geoLocationSequence: i + 1,
      salesmanLatitudes: 10.77 + i * 0.00001,
      salesmanLongitudes: 106.7,
    }));
    const { points: kept, decimals } = reduceLocationPoints([...points].reverse());
    expect(decimals).toBe(4);
    expect(kept.length).toBeLessThanOrEqual(25);
    expect(kept.map((p) => p.geoLocationSequence)[0]).toBe(1);
    expect(kept[kept.length - 1]!.geoLocationSequence).toBe(60);
  });

  it('truncates on the 7-decimal grid, so equal points at d decimals stay equal at d-1', () => {
    // 0.00000051 and 0.00000049 are in the same 6-decimal cell (0.000000) by truncation.
    const pts = [0.1000005, 0.1000004, 0.1000019].map((lat, i) => ({ seq: i, lat, lng: 0 }));
    const { points } = reduceRoute(pts, (p) => p, 2);
    expect(points.map((p) => p.seq)).toEqual([0, 2]);
  });

  it('thins evenly when 0 decimals still leaves more than 25 (a route across 40 whole degrees)', () => {
    const points = Array.from({ length: 40 }, (_, i) => ({ seq: i, lat: -20 + i, lng: 100 + i }));
    const { points: kept, decimals } = reduceRoute(points, (p) => p);
    expect(decimals).toBeNull();
    expect(kept).toHaveLength(25);
    expect(kept[0]!.seq).toBe(0);
    expect(kept[24]!.seq).toBe(39);
  });

  it('always keeps the last point, even where the day ends where it began', () => {
    const points = [
      { seq: 1, lat: 10, lng: 106 },
      { seq: 2, lat: 10.5, lng: 106.5 },
      { seq: 3, lat: 10, lng: 106 },
    ];
    expect(reduceRoute(points, (p) => p).points.map((p) => p.seq)).toEqual([1, 2, 3]);
    expect(reduceRoute([points[0]!], (p) => p).points).toHaveLength(1);
  });

  it('reduces 100,000 points quickly', () => {
    const points = Array.from({ length: 100_000 }, (_, i) => ({
      seq: i,
      lat: 10.7 + Math.sin(i / 500) * 0.05 + (i % 7) * 1e-7,
      lng: 106.6 + (i / 100_000) * 0.2,
    }));
    const started = performance.now();
    const { points: kept } = reduceRoute(points, (p) => p);
    expect(kept.length).toBeLessThanOrEqual(25);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

// ---------------------------------------------------------------------------------------------
// Visit verification
// ---------------------------------------------------------------------------------------------

describe('verifyVisit', () => {
  const visit = (pings: Ping[], recorded: { lat: number; lng: number } | null = outlet) =>
    verifyVisit({
      outlet,
      radiusM: 100,
      checkInAt: at(10, outlet).at,
      checkOutAt: at(20, outlet).at,
      recorded,
      pings,
    });

  it('verifies a visit whose pings stayed within the radius for the minimum dwell', () => {
    const pings = [0, 10, 12, 15, 18, 20, 30].map((m) =>
      at(m, m < 10 || m > 20 ? north(outlet, 800) : north(outlet, 30)),
    );
    expect(visit(pings)).toMatchObject({ check: 'verified', verified: true, dwellMs: 10 * MIN });
  });

  it('flags a visit recorded away from the outlet, whatever the pings', () => {
    const pings = [10, 15, 20].map((m) => at(m, outlet));
    expect(visit(pings, north(outlet, 900))).toMatchObject({
      check: 'recorded-away',
      verified: false,
      recordedDistanceM: 900,
    });
  });

  it('does not verify a stay shorter than the minimum dwell or broken by a ping outside', () => {
    const pings = [
      at(10, outlet),
      at(11, outlet),
      at(12, north(outlet, 400)),
      at(13, outlet),
      at(14, outlet),
    ];
    expect(visit(pings)).toMatchObject({ check: 'short-dwell', verified: false, dwellMs: MIN });
  });

  it('does not count mock-location pings as inside', () => {
    const pings = [10, 14, 18].map((m) => at(m, outlet, true));
    expect(visit(pings)).toMatchObject({ check: 'short-dwell', verified: false });
  });

  it('says no GPS when no ping falls in the visit, and not visited without a check-in', () => {
    expect(visit([at(40, outlet)])).toMatchObject({ check: 'no-gps', verified: false });
    expect(
      verifyVisit({ outlet, radiusM: 100, checkInAt: null, checkOutAt: null, recorded: null, pings: [] }),
    ).toMatchObject({ check: 'not-visited' });
  });
});

// ---------------------------------------------------------------------------------------------
// Silent devices and status
// ---------------------------------------------------------------------------------------------

describe('silentThresholdMs', () => {
  it('is three times the usual (90th percentile) gap: a 2-minute pinger is silent after 6 minutes… at least 10', () => {
    expect(silentThresholdMs(Array(50).fill(2 * MIN))).toBe(SILENT_MIN_MS);
  });
  it('learns a slower rhythm: 10-minute pings give 30 minutes', () => {
    expect(silentThresholdMs([...Array(40).fill(8 * MIN), ...Array(10).fill(10 * MIN)])).toBe(30 * MIN);
  });
  it('leaves out overnight gaps and caps the threshold', () => {
    expect(silentThresholdMs([...Array(30).fill(2 * MIN), ...Array(5).fill(14 * 60 * MIN)])).toBe(
      SILENT_MIN_MS,
    );
    expect(silentThresholdMs(Array(30).fill(3.5 * 60 * MIN))).toBe(SILENT_MAX_MS);
  });
  it('uses the default without enough history', () => {
    expect(silentThresholdMs([MIN, MIN])).toBe(SILENT_DEFAULT_MS);
  });
  it('isSilent: no ping at all, or longer than the threshold', () => {
    expect(isSilent(null, 0, MIN)).toBe(true);
    expect(isSilent(0, 10 * MIN, 10 * MIN)).toBe(false);
    expect(isSilent(0, 10 * MIN + 1, 10 * MIN)).toBe(true);
  });
});

describe('trackingStatus', () => {
  const walk = Array.from({ length: 70 }, (_, m) => at(m, north(outlet, m * 50)));
  const still = Array.from({ length: 70 }, (_, m) => at(m, north(outlet, 2000 + (m % 2) * 10)));
  it('no signal without a ping', () => {
    expect(trackingStatus({ lastPing: null, nowMs: 0, atOutlet: false, pings: [] })).toBe('no-signal');
  });
  it('at an outlet wins over the rest', () => {
    expect(trackingStatus({ lastPing: walk[69]!, nowMs: walk[69]!.at, atOutlet: true, pings: walk })).toBe(
      'at-outlet',
    );
  });
  it('moving when the last hour moved, idle when it did not or the last ping is over an hour old', () => {
    expect(trackingStatus({ lastPing: walk[69]!, nowMs: walk[69]!.at, atOutlet: false, pings: walk })).toBe(
      'moving',
    );
    expect(
      trackingStatus({ lastPing: still[69]!, nowMs: still[69]!.at, atOutlet: false, pings: still }),
    ).toBe('idle');
    expect(
      trackingStatus({ lastPing: walk[69]!, nowMs: walk[69]!.at + 61 * MIN, atOutlet: false, pings: walk }),
    ).toBe('idle');
  });
  it('not idle before an hour of pings exists', () => {
    const short = still.slice(0, 20);
    expect(
      trackingStatus({ lastPing: short[19]!, nowMs: short[19]!.at, atOutlet: false, pings: short }),
    ).toBe('moving');
  });
});

// ---------------------------------------------------------------------------------------------
// Track, stops, suspicious points
// ---------------------------------------------------------------------------------------------

describe('track helpers', () => {
  it('suspiciousPoints: mock locations and impossible jumps; the jump is not counted as distance', () => {
    const pings = [
      at(0, outlet),
      at(1, north(outlet, 100)),
      at(2, north(outlet, 20_000)), // 20 km in a minute
      at(3, north(outlet, 200)),
      at(4, north(outlet, 300), true),
    ];
    expect(suspiciousPoints(pings)).toEqual([
      { index: 2, reason: 'speed-jump' },
      { index: 4, reason: 'mock-location' },
    ]);
    expect(trackDistanceM(pings)).toBe(200);
  });

  it('findStops: a stay of five minutes or more within 60 m', () => {
    const pings = [
      at(0, north(outlet, 0)),
      at(1, north(outlet, 500)),
      ...[2, 3, 4, 5, 6, 7, 8].map((m) => at(m, north(outlet, 1000 + (m % 2) * 10))),
      at(9, north(outlet, 1500)),
      at(10, north(outlet, 2000)),
      at(11, north(outlet, 2010)),
    ];
    const stops = findStops(pings);
    expect(stops).toHaveLength(1);
    expect(stops[0]!.to - stops[0]!.from).toBe(6 * MIN);
  });

  it('thinTrack: drops standing still, caps the count, keeps first and last', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 5000 }), { minLength: 3, maxLength: 600 }),
        fc.integer({ min: 2, max: 50 }),
        (metres, max) => {
          const pings = metres.map((m, i) => at(i, north(outlet, m)));
          const thin = thinTrack(pings, max);
          expect(thin.length).toBeLessThanOrEqual(Math.max(max, 2));
          expect(thin[0]).toBe(pings[0]);
          expect(thin[thin.length - 1]).toBe(pings[pings.length - 1]);
          for (let i = 1; i < thin.length; i++) expect(thin[i]!.at).toBeGreaterThanOrEqual(thin[i - 1]!.at);
        },
      ),
    );
  });
});
