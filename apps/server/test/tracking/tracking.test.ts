/**
 * Salesman tracking (issue 14) over HTTP against the test seed on a real database: access (401, no
 * operational access, markets with SMTracking off), the DT scope inside every call, the map/table rows,
 * a salesman's day (25-point route, verification, track, stops), the stores of the day and the export.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  localDateIso,
  ROUTE_MAX_POINTS,
  TRACKING_STATUSES,
  type Envelope,
  type TrackingDay,
  type TrackingSalesmen,
  type TrackingStores,
} from '@fieldforce/contracts';
import { configSchema } from '../../src/config/index.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { call, signIn } from '../outlet-status/helpers.js';

let t: TestApp;
const tokens: Record<string, string> = {};
// The seed's today is 2026-11-20 00:00 UTC (07:00 in Vietnam, before the first ping): its yesterday is full.
const DAY = '2026-11-19';
const data = <T>(res: { json(): unknown }) => (res.json() as Envelope<T>)['response-data'];
const salesmen = (who: string, query = '') =>
  call(
    t.app,
    tokens[who]!,
    'GET',
    `/api/tracking/salesmen?countryCode=${who.split('.')[1]}&date=${DAY}${query}`,
  );

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  for (const who of [
    'admin.vn',
    'dt.vn',
    'reports.vn',
    'none.vn',
    'sm.vn',
    'admin.pk',
    'admin.bd',
    'reports.bd',
  ]) {
    tokens[who] = await signIn(t.app, `${who}@demo.test`, who.split('.')[1]!);
  }
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('access', () => {
  it('needs a token', async () => {
    const res = await call(t.app, null, 'GET', `/api/tracking/salesmen?countryCode=vn&date=${DAY}`);
    expect(res.statusCode).toBe(401);
  });

  it('refuses users without operational access (403), in the envelope', async () => {
    for (const who of ['none.vn', 'sm.vn']) {
      const res = await salesmen(who);
      expect(res.statusCode, who).toBe(403);
      expect(res.json()).toMatchObject({ statusCode: 403, 'response-data': null });
    }
  });

  it('gives no tracking in pk and bd, where SMTracking is off, even to their admins', async () => {
    for (const who of ['admin.pk', 'admin.bd', 'reports.bd']) {
      const res = await salesmen(who);
      expect(res.statusCode, who).toBe(403);
      expect(res.json().statusMessage ?? res.body).toBeTruthy();
      expect(res.body).toMatch(/SMTracking/);
      const day = await call(
        t.app,
        tokens[who]!,
        'GET',
        `/api/tracking/stores?countryCode=${who.split('.')[1]}`,
      );
      expect(day.statusCode, who).toBe(403);
    }
  });

  it('refuses a bad date or too many codes with 400 naming the field', async () => {
    const future = await call(
      t.app,
      tokens['admin.vn']!,
      'GET',
      '/api/tracking/salesmen?countryCode=vn&date=2099-01-01',
    );
    expect(future.statusCode).toBe(400);
    expect(future.body).toContain('querystring.date');
    const many = await salesmen(
      'admin.vn',
      `&filter_sm_code=${Array.from({ length: 11 }, (_, i) => `S${i}`).join(',')}`,
    );
    expect(many.statusCode).toBe(400);
    expect(many.body).toContain('filter_sm_code');
  });
});

describe('the all-salesman map and table', () => {
  it('lists the market’s salesmen with a status, pings, visits and distance', async () => {
    const res = await salesmen('admin.vn');
    expect(res.statusCode, res.body).toBe(200);
    const body = data<TrackingSalesmen>(res);
    expect(body.date).toBe(DAY);
    expect(body.mapStyleUrl).toBeNull(); // MAP_STYLE_URL unset: the offline basemap
    expect(body.salesmen.length).toBeGreaterThan(3);
    for (const row of body.salesmen) expect(TRACKING_STATUSES).toContain(row.status);
    const tracked = body.salesmen.filter((s) => s.pings > 0);
    expect(tracked.length).toBeGreaterThan(0);
    for (const s of tracked) {
      expect(s.lat).not.toBeNull();
      expect(s.firstPingAt! <= s.lastPingAt!).toBe(true);
      expect(s.distanceM).toBeGreaterThan(0);
      // A ping every one or two minutes while working.
      const minutesWorked = (Date.parse(s.lastPingAt!) - Date.parse(s.firstPingAt!)) / 60_000;
      expect(s.pings).toBeGreaterThanOrEqual(minutesWorked / 2.2);
    }
    for (const s of body.salesmen.filter((x) => x.pings === 0)) expect(s.status).toBe('no-signal');
    expect(body.salesmen.some((s) => s.actualVisits > 0)).toBe(true);
  });

  it('shows a DT operator only the salesmen of their distributor', async () => {
    const all = data<TrackingSalesmen>(await salesmen('admin.vn')).salesmen;
    const { rows } = await t.app.db.query<{ dt_access_codes: string }>(
      `SELECT dt_access_codes FROM users WHERE email = 'dt.vn@demo.test'`,
    );
    const dtCodes = rows[0]!.dt_access_codes.split(',');
    const mine = data<TrackingSalesmen>(await salesmen('dt.vn')).salesmen;
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.length).toBeLessThan(all.length);
    for (const s of mine) expect(dtCodes).toContain(s.dtCode);
    expect(mine.map((s) => s.smCode).sort()).toEqual(
      all
        .filter((s) => dtCodes.includes(s.dtCode))
        .map((s) => s.smCode)
        .sort(),
    );
    // Naming another distributor's salesman in a filter or the day call finds nothing.
    const other = all.find((s) => !dtCodes.includes(s.dtCode))!;
    const filtered = data<TrackingSalesmen>(await salesmen('dt.vn', `&filter_sm_code=${other.smCode}`));
    expect(filtered.salesmen).toEqual([]);
    const day = await call(
      t.app,
      tokens['dt.vn']!,
      'GET',
      `/api/tracking/salesmen/${other.smCode}/day?countryCode=vn&date=${DAY}`,
    );
    expect(day.statusCode).toBe(404);
    const stores = data<TrackingStores>(
      await call(t.app, tokens['dt.vn']!, 'GET', `/api/tracking/stores?countryCode=vn&date=${DAY}`),
    ).stores;
    for (const s of stores) expect(dtCodes).toContain(s.dtCode);
  });

  it('filters by SM code', async () => {
    const all = data<TrackingSalesmen>(await salesmen('admin.vn')).salesmen;
    const one = data<TrackingSalesmen>(
      await salesmen('admin.vn', `&filter_sm_code=${all[0]!.smCode}`),
    ).salesmen;
    expect(one.map((s) => s.smCode)).toEqual([all[0]!.smCode]);
  });

  it('exports the table as CSV (BOM, headers in the asked language) and XLSX', async () => {
    const res = await call(
      t.app,
      tokens['reports.vn']!,
      'GET',
      `/api/tracking/salesmen/export?countryCode=vn&date=${DAY}&lang=vi`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.body.startsWith('\uFEFFNhân viên bán hàng,Mã NVBH')).toBe(true);
    const rows = data<TrackingSalesmen>(await salesmen('reports.vn')).salesmen;
    expect(res.body.trim().split('\r\n')).toHaveLength(rows.length + 1);
    expect(res.headers['content-disposition']).toContain(`salesman-tracking_vn_${DAY}.csv`);
    const xlsx = await call(
      t.app,
      tokens['reports.vn']!,
      'GET',
      `/api/tracking/salesmen/export?countryCode=vn&date=${DAY}&format=xlsx`,
    );
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});

describe('a salesman’s day', () => {
  it('has figures, visits with verification, at most 25 route points in sequence, a track and stops', async () => {
    const all = data<TrackingSalesmen>(await salesmen('admin.vn')).salesmen;
    const busiest = [...all].sort((a, b) => b.pings - a.pings)[0]!;
    const res = await call(
      t.app,
      tokens['admin.vn']!,
      'GET',
      `/api/tracking/salesmen/${busiest.smCode}/day?countryCode=vn&date=${DAY}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const day = data<TrackingDay>(res);
    expect(day.salesman.smCode).toBe(busiest.smCode);
    expect(day.figures.actualVisits).toBe(busiest.actualVisits);
    expect(day.route.points.length).toBeGreaterThan(1);
    expect(day.route.points.length).toBeLessThanOrEqual(ROUTE_MAX_POINTS);
    const seqs = day.route.points.map((p) => p.seq);
    expect([...seqs].sort((a, b) => a - b)).toEqual(seqs);
    expect(day.track.length).toBeGreaterThanOrEqual(day.route.points.length);
    expect(day.track.length).toBeLessThanOrEqual(busiest.pings);
    const made = day.visits.filter((v) => v.visited);
    expect(made.length).toBe(busiest.actualVisits);
    for (const v of made) {
      expect(v.checkInAt).not.toBeNull();
      expect(['verified', 'short-dwell', 'recorded-away', 'no-gps']).toContain(v.check);
    }
    // The generated trail stays at each outlet from check-in to check-out: made visits recorded there verify.
    expect(made.filter((v) => v.check === 'verified').length).toBeGreaterThan(0);
    for (const v of day.visits.filter((x) => !x.visited)) expect(v.check).toBe('not-visited');
    expect(day.stops.length).toBeGreaterThan(0);
    expect(day.stops.some((s) => s.outletCode !== null)).toBe(true);
    expect(day.figures.minutesAtOutlets).toBeGreaterThan(0);
  });
});

describe('MAP_STYLE_URL', () => {
  it('is a path on the portal’s origin (the CSP allows no other), or unset', () => {
    const ok = (value: string | undefined) => configSchema.safeParse({ MAP_STYLE_URL: value }).success;
    expect(ok(undefined)).toBe(true);
    expect(ok('/tiles/style.json')).toBe(true);
    expect(ok('https://tiles.example.com/style.json')).toBe(false);
    expect(ok('//tiles.example.com/style.json')).toBe(false);
    expect(ok('tiles/style.json')).toBe(false);
  });
});

describe('silent devices (today)', () => {
  it('flags a device that pinged and went quiet past its threshold, not one still pinging or one with no ping', async () => {
    const now = Date.now();
    const today = localDateIso(now, 'Asia/Ho_Chi_Minh');
    const all = data<TrackingSalesmen>(await salesmen('admin.vn')).salesmen;
    const [quiet, active, none] = all;
    const ids = await t.app.db.query<{ id: string; sm_code: string }>(
      'SELECT id, sm_code FROM salesmen WHERE sm_code = ANY($1::text[])',
      [[quiet!.smCode, active!.smCode]],
    );
    const id = (code: string) => ids.rows.find((r) => r.sm_code === code)!.id;
    const ping = (code: string, seq: number, minutesAgo: number) =>
      t.app.db.query(
        `INSERT INTO gps_points (country_code, salesman_id, point_date, geo_location_sequence, latitude, longitude, recorded_at)
         VALUES ('vn', $1, $2, $3, 10.78, 106.7, $4)`,
        [id(code), today, seq, new Date(now - minutesAgo * 60_000).toISOString()],
      );
    await ping(quiet!.smCode, 1, 300);
    await ping(quiet!.smCode, 2, 290);
    await ping(active!.smCode, 1, 5);
    await ping(active!.smCode, 2, 1);
    const res = await call(t.app, tokens['admin.vn']!, 'GET', '/api/tracking/salesmen?countryCode=vn');
    expect(res.statusCode, res.body).toBe(200);
    const rows = data<TrackingSalesmen>(res).salesmen;
    const row = (code: string) => rows.find((r) => r.smCode === code)!;
    expect(row(quiet!.smCode)).toMatchObject({ silent: true, pings: 2 });
    expect(row(quiet!.smCode).silentThresholdMin).toBeLessThan(290);
    expect(row(active!.smCode)).toMatchObject({ silent: false, pings: 2 });
    expect(row(none!.smCode)).toMatchObject({ silent: false, status: 'no-signal', pings: 0 });
  });
});
