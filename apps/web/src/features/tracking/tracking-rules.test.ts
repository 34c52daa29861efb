import { describe, expect, it } from 'vitest';
import type { TrackingSalesmanRow } from '@fieldforce/contracts';
import {
  advanceReplay,
  filterSalesmen,
  NO_FILTERS,
  positionAt,
  replayTrack,
  salesmenFeatures,
  silentSalesmen,
  sortSalesmen,
} from './tracking-rules';

const row = (over: Partial<TrackingSalesmanRow>): TrackingSalesmanRow => ({
  smCode: 'SM1',
  name: 'Nguyễn Văn An',
  dtCode: 'DT1',
  dtName: 'Distributor 1',
  lat: 10.8,
  lng: 106.7,
  status: 'moving',
  firstPingAt: '2026-11-19T01:00:00.000Z',
  lastPingAt: '2026-11-19T04:00:00.000Z',
  plannedVisits: 4,
  actualVisits: 3,
  productiveCalls: 2,
  distanceM: 5000,
  pings: 100,
  silent: false,
  silentThresholdMin: 10,
  suspiciousPoints: 0,
  ...over,
});

describe('tracking rules', () => {
  const rows = [
    row({}),
    row({ smCode: 'SM2', name: 'Trần Bình', dtCode: 'DT2', status: 'idle', distanceM: 100 }),
    row({ smCode: 'SM3', name: 'Lê Cường', status: 'no-signal', lat: null, lng: null, lastPingAt: null }),
  ];

  it('searches name or code without accents, and filters DT and status', () => {
    expect(filterSalesmen(rows, { ...NO_FILTERS, search: 'nguyen van' }).map((r) => r.smCode)).toEqual([
      'SM1',
    ]);
    expect(filterSalesmen(rows, { ...NO_FILTERS, search: 'sm3' }).map((r) => r.smCode)).toEqual(['SM3']);
    expect(filterSalesmen(rows, { ...NO_FILTERS, dtCode: 'DT2' }).map((r) => r.smCode)).toEqual(['SM2']);
    expect(filterSalesmen(rows, { ...NO_FILTERS, status: 'no-signal' }).map((r) => r.smCode)).toEqual([
      'SM3',
    ]);
  });

  it('sorts numbers and text both ways, absent values last', () => {
    expect(sortSalesmen(rows, 'distanceM', 'ascending').map((r) => r.smCode)).toEqual(['SM2', 'SM1', 'SM3']);
    expect(
      sortSalesmen(rows, 'lastPingAt', 'descending')
        .map((r) => r.smCode)
        .at(-1),
    ).toBe('SM3');
    expect(
      sortSalesmen(rows, 'lastPingAt', 'ascending')
        .map((r) => r.smCode)
        .at(-1),
    ).toBe('SM3');
  });

  it('lists silent devices longest quiet first, among the filtered rows only', () => {
    const quiet = [
      row({ smCode: 'SM4', name: 'Bùi Dũng', silent: true, lastPingAt: '2026-11-19T03:10:00.000Z' }),
      row({
        smCode: 'SM5',
        name: 'Phạm Em',
        dtCode: 'DT2',
        silent: true,
        lastPingAt: '2026-11-19T02:05:00.000Z',
      }),
      row({ smCode: 'SM6', name: 'Hồ Giao', silent: true, lastPingAt: '2026-11-19T02:40:00.000Z' }),
      row({ smCode: 'SM7', name: 'An Hà', silent: true, lastPingAt: '2026-11-19T02:40:00.000Z' }),
      row({ smCode: 'SM8', name: 'Đỗ Khánh', silent: false, lastPingAt: '2026-11-19T01:00:00.000Z' }),
    ];
    // Oldest last ping first; the same last ping by name.
    expect(silentSalesmen(quiet).map((r) => r.smCode)).toEqual(['SM5', 'SM7', 'SM6', 'SM4']);
    // The page passes the filtered rows: a DT or a search leaves the others out.
    const dt1 = filterSalesmen(quiet, { ...NO_FILTERS, dtCode: 'DT1' });
    expect(silentSalesmen(dt1).map((r) => r.smCode)).toEqual(['SM7', 'SM6', 'SM4']);
    const search = filterSalesmen(quiet, { ...NO_FILTERS, search: 'pham' });
    expect(silentSalesmen(search).map((r) => r.smCode)).toEqual(['SM5']);
    expect(silentSalesmen(filterSalesmen(quiet, { ...NO_FILTERS, status: 'idle' }))).toEqual([]);
  });

  it('draws only salesmen with a position, the selected one apart', () => {
    expect(salesmenFeatures(rows, null).features).toHaveLength(2);
    expect(salesmenFeatures(rows, 'SM1').features.map((f) => f.properties.smCode)).toEqual(['SM2']);
  });

  it('replays between track points and at the chosen speed', () => {
    const track = replayTrack([
      { seq: 1, lat: 10, lng: 106, at: '2026-11-19T01:00:00.000Z' },
      { seq: 2, lat: 11, lng: 107, at: '2026-11-19T01:10:00.000Z' },
    ]);
    const t0 = Date.parse('2026-11-19T01:00:00.000Z');
    expect(positionAt(track, t0 - 1)).toMatchObject({ lat: 10, lng: 106 });
    expect(positionAt(track, t0 + 5 * 60_000)).toMatchObject({ lat: 10.5, lng: 106.5, index: 0 });
    expect(positionAt(track, t0 + 99 * 60_000)).toMatchObject({ lat: 11, index: 1 });
    expect(positionAt(replayTrack([]), t0)).toBeNull();
    // 1x: a minute of the day per second; 20x: twenty.
    expect(advanceReplay(t0, 1000, 1) - t0).toBe(60_000);
    expect(advanceReplay(t0, 500, 20) - t0).toBe(600_000);
  });
});
