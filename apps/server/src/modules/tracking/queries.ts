/**
 * Tracking's SQL. Every query takes the caller's scope inside its WHERE clause (market and DT codes), so
 * a salesman outside it simply matches no row. Times come back as epoch milliseconds.
 */
import type { CountryCode } from '@fieldforce/contracts';
import type { Queryable } from '../../db/client.js';
import { dtScopeSql, type AuthUser } from '../../lib/policy.js';

export interface SalesmanRecord {
  id: number;
  smCode: string;
  name: string;
  dtCode: string;
  dtName: string;
  radiusM: number;
}

export interface SalesmanFilters {
  dtCodes: readonly string[];
  smCodes: readonly string[];
}

/** The market's active salesmen in the caller's DT scope (and the filters), by DT and SM code. */
export async function salesmenInScope(
  q: Queryable,
  user: AuthUser,
  market: CountryCode,
  filters: SalesmanFilters,
): Promise<SalesmanRecord[]> {
  const params: unknown[] = [market];
  let where = `s.country_code = $1 AND s.active AND ${dtScopeSql(user, 's.dt_code', params)}`;
  if (filters.dtCodes.length) {
    params.push(filters.dtCodes);
    where += ` AND s.dt_code = ANY($${params.length}::text[])`;
  }
  if (filters.smCodes.length) {
    params.push(filters.smCodes);
    where += ` AND s.sm_code = ANY($${params.length}::text[])`;
  }
  const { rows } = await q.query<{
    id: string | number;
    sm_code: string;
    name: string;
    dt_code: string;
    dt_name: string;
    radius: number;
  }>(
    `SELECT s.id, s.sm_code, s.name, s.dt_code, d.name AS dt_name, s.geo_fence_radius_m AS radius
     FROM salesmen s JOIN distributors d ON d.dt_code = s.dt_code
     WHERE ${where}
     ORDER BY s.dt_code, s.sm_code`,
    params,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    smCode: r.sm_code,
    name: r.name,
    dtCode: r.dt_code,
    dtName: r.dt_name,
    radiusM: r.radius,
  }));
}

export interface PingRecord {
  seq: number;
  lat: number;
  lng: number;
  at: number;
  mock: boolean;
}

/** Each salesman's pings of the day, in geoLocationSequence order (one row per salesman, arrays). */
export async function pingsOfDay(
  q: Queryable,
  market: CountryCode,
  date: string,
  salesmanIds: readonly number[],
): Promise<Map<number, PingRecord[]>> {
  const out = new Map<number, PingRecord[]>();
  if (salesmanIds.length === 0) return out;
  // One text value per salesman ("seq,lat,lng,ms,mock;…"): PGlite hands 15,000 points back this way in
  // about a tenth of the time five arrays or 15,000 rows take (docs/tracking.md, "Speed").
  const { rows } = await q.query<{ salesman_id: string | number; p: string }>(
    `SELECT salesman_id,
            string_agg(concat_ws(',', geo_location_sequence, latitude, longitude,
                                 (extract(epoch FROM recorded_at) * 1000)::bigint, mock_location::int),
                       ';' ORDER BY geo_location_sequence) AS p
     FROM gps_points
     WHERE country_code = $1 AND point_date = $2 AND salesman_id = ANY($3::bigint[])
     GROUP BY salesman_id`,
    [market, date, salesmanIds],
  );
  for (const r of rows) {
    const parts = r.p.split(';');
    const pings: PingRecord[] = new Array(parts.length);
    for (let i = 0; i < parts.length; i++) {
      const f = parts[i]!.split(',');
      pings[i] = {
        seq: Number(f[0]),
        lat: Number(f[1]),
        lng: Number(f[2]),
        at: Number(f[3]),
        mock: f[4] === '1',
      };
    }
    out.set(Number(r.salesman_id), pings);
  }
  return out;
}

/**
 * The 90th percentile of each salesman's gaps between consecutive pings of the same day, and how many
 * gaps there were, over the `days` days before `date` (the rhythm the silence threshold is learned from).
 */
export async function pingRhythm(
  q: Queryable,
  market: CountryCode,
  date: string,
  salesmanIds: readonly number[],
  capMs: number,
  days = 7,
): Promise<Map<number, { p90: number; gaps: number }>> {
  const out = new Map<number, { p90: number; gaps: number }>();
  if (salesmanIds.length === 0) return out;
  const { rows } = await q.query<{ salesman_id: string | number; p90: number; gaps: string | number }>(
    `SELECT salesman_id, percentile_disc(0.9) WITHIN GROUP (ORDER BY gap) AS p90, count(*) AS gaps
     FROM (
       SELECT salesman_id,
              extract(epoch FROM recorded_at - lag(recorded_at) OVER (
                PARTITION BY salesman_id, point_date ORDER BY geo_location_sequence)) * 1000 AS gap
       FROM gps_points
       WHERE country_code = $1 AND point_date < $2::date AND point_date >= $2::date - $3::int
         AND salesman_id = ANY($4::bigint[])
     ) g
     WHERE gap > 0 AND gap <= $5
     GROUP BY salesman_id`,
    [market, date, days, salesmanIds, capMs],
  );
  for (const r of rows) out.set(Number(r.salesman_id), { p90: Number(r.p90), gaps: Number(r.gaps) });
  return out;
}

export interface VisitRecord {
  salesmanId: number;
  outletCode: string;
  outletName: string;
  lat: number;
  lng: number;
  planned: boolean;
  actual: boolean;
  productive: boolean;
  visitSequence: number | null;
  checkInAt: number | null;
  checkOutAt: number | null;
  recordedLat: number | null;
  recordedLng: number | null;
}

/** The day's visits (planned and made) of these salesmen, with their outlets. */
export async function visitsOfDay(
  q: Queryable,
  market: CountryCode,
  date: string,
  salesmanIds: readonly number[],
): Promise<VisitRecord[]> {
  if (salesmanIds.length === 0) return [];
  const { rows } = await q.query<{
    salesman_id: string | number;
    outlet_code: string;
    outlet_name: string;
    lat: number;
    lng: number;
    planned: boolean;
    actual: boolean;
    productive: boolean;
    visit_sequence: number | null;
    check_in: number | null;
    check_out: number | null;
    v_lat: number | null;
    v_lng: number | null;
  }>(
    `SELECT v.salesman_id, o.outlet_code, o.name AS outlet_name, o.latitude AS lat, o.longitude AS lng,
            v.planned, v.actual, v.productive, v.visit_sequence,
            (extract(epoch FROM v.check_in_at) * 1000)::float8 AS check_in,
            (extract(epoch FROM v.check_out_at) * 1000)::float8 AS check_out,
            v.latitude AS v_lat, v.longitude AS v_lng
     FROM visits v JOIN outlets o ON o.id = v.outlet_id
     WHERE v.country_code = $1 AND v.visit_date = $2 AND v.salesman_id = ANY($3::bigint[])
     ORDER BY v.salesman_id, v.visit_sequence NULLS LAST, o.outlet_code`,
    [market, date, salesmanIds],
  );
  return rows.map((r) => ({
    salesmanId: Number(r.salesman_id),
    outletCode: r.outlet_code,
    outletName: r.outlet_name,
    lat: r.lat,
    lng: r.lng,
    planned: r.planned,
    actual: r.actual,
    productive: r.productive,
    visitSequence: r.visit_sequence,
    checkInAt: r.check_in === null ? null : Number(r.check_in),
    checkOutAt: r.check_out === null ? null : Number(r.check_out),
    recordedLat: r.v_lat,
    recordedLng: r.v_lng,
  }));
}
