import { describe, expect, it } from 'vitest';
import {
  DEVICE_GEO_TEMPLATE_HEADERS,
  distanceMetres,
  GEO_RADIUS_MAX_M,
  GEO_RADIUS_MIN_M,
  geoRadiusSchema,
  judgeVisit,
  visitInsideRadius,
} from './device-geo-compliance.js';

const outlet = { lat: 10.7769, lng: 106.7009 }; // Ho Chi Minh City
/** A point `metres` north of `p` (one degree of latitude is about 111.2 km on the mean sphere). */
const north = (p: { lat: number; lng: number }, metres: number) => ({
  lat: p.lat + metres / ((Math.PI / 180) * 6_371_008.8),
  lng: p.lng,
});

describe('distanceMetres', () => {
  it('is 0 for the same point and symmetric', () => {
    expect(distanceMetres(outlet, outlet)).toBe(0);
    const other = { lat: 21.0285, lng: 105.8542 }; // Hanoi
    expect(distanceMetres(outlet, other)).toBeCloseTo(distanceMetres(other, outlet), 6);
  });
  it('measures Ho Chi Minh City to Hanoi at about 1,144 km (great circle)', () => {
    expect(distanceMetres(outlet, { lat: 21.0285, lng: 105.8542 }) / 1000).toBeCloseTo(1144, -1);
  });
  it('measures a point 100 m north as 100 m', () => {
    expect(distanceMetres(outlet, north(outlet, 100))).toBeCloseTo(100, 3);
  });
});

describe('visitInsideRadius', () => {
  it('inside, on the boundary and outside', () => {
    expect(visitInsideRadius(north(outlet, 99), outlet, 100)).toBe(true);
    expect(visitInsideRadius(north(outlet, 99.9999), outlet, 100)).toBe(true);
    expect(visitInsideRadius(north(outlet, 100.5), outlet, 100)).toBe(false);
  });
  it('works across the antimeridian', () => {
    expect(visitInsideRadius({ lat: 0, lng: 179.9999 }, { lat: 0, lng: -179.9999 }, 50)).toBe(true);
  });
  it('is never inside for a point that is not a coordinate or a negative radius', () => {
    expect(visitInsideRadius({ lat: Number.NaN, lng: 0 }, outlet, 100)).toBe(false);
    expect(visitInsideRadius({ lat: 91, lng: 0 }, outlet, 10_000_000)).toBe(false);
    expect(visitInsideRadius(outlet, outlet, -1)).toBe(false);
  });
});

describe('judgeVisit (what salesman tracking applies)', () => {
  it('does not check a device that does not require it', () => {
    expect(judgeVisit({ required: false, radiusM: 100 }, north(outlet, 5000), outlet)).toEqual({
      verdict: 'not-required',
    });
  });
  it('inside or outside with the distance in metres', () => {
    expect(judgeVisit({ required: true, radiusM: 150 }, north(outlet, 120), outlet)).toEqual({
      verdict: 'inside',
      distanceM: 120,
    });
    expect(judgeVisit({ required: true, radiusM: 100 }, north(outlet, 120), outlet)).toEqual({
      verdict: 'outside',
      distanceM: 120,
    });
  });
  it('cannot verify a required visit without a location', () => {
    expect(judgeVisit({ required: true, radiusM: 100 }, null, outlet)).toEqual({ verdict: 'no-location' });
    expect(judgeVisit({ required: true, radiusM: 100 }, outlet, null)).toEqual({ verdict: 'no-location' });
  });
});

describe('the template and the radius bounds', () => {
  it('template headers', () => {
    expect(DEVICE_GEO_TEMPLATE_HEADERS).toEqual([
      'DT Code',
      'SM Code',
      'Device ID',
      'Geo-Compliance Check',
      'Radius (m)',
    ]);
  });
  it('radius: whole metres from 10 to 5000', () => {
    expect([GEO_RADIUS_MIN_M, GEO_RADIUS_MAX_M]).toEqual([10, 5000]);
    expect(geoRadiusSchema.safeParse(10).success).toBe(true);
    expect(geoRadiusSchema.safeParse(5000).success).toBe(true);
    expect(geoRadiusSchema.safeParse(9).success).toBe(false);
    expect(geoRadiusSchema.safeParse(5001).success).toBe(false);
    expect(geoRadiusSchema.safeParse(50.5).success).toBe(false);
  });
});
