import { describe, it, expect } from 'vitest';
import { currentZone, distanceMeters, isValidPoint, zoneContains, EARTH_RADIUS_M, type Zone } from '../../../server/domain/geo';

const ONE_DEGREE = (2 * Math.PI * EARTH_RADIUS_M) / 360; // ≈ 111195.08 m
const pt = (latitude: number, longitude: number) => ({ latitude, longitude });
const zone = (id: string, latitude: number, longitude: number, radius_meters: number, zone_type: Zone['zone_type'] = 'safe_space'): Zone => ({
  id, name: `Zone ${id}`, description: '', zone_type, latitude, longitude, radius_meters,
});
/** Point `m` metres due north of `p` along the meridian. */
const north = (p: { latitude: number; longitude: number }, m: number) => pt(p.latitude + (m / EARTH_RADIUS_M) * (180 / Math.PI), p.longitude);

describe('isValidPoint', () => {
  it.each([
    [pt(0, 0), true],
    [pt(90, 180), true],
    [pt(-90, -180), true],
    [pt(90.0001, 0), false],
    [pt(-91, 0), false],
    [pt(0, 180.5), false],
    [pt(0, -181), false],
    [pt(Number.NaN, 0), false],
    [pt(0, Number.POSITIVE_INFINITY), false],
    [{ latitude: '1', longitude: 2 } as unknown as { latitude: number; longitude: number }, false],
    [null as unknown as { latitude: number; longitude: number }, false],
  ])('%j → %s', (p, ok) => {
    expect(isValidPoint(p)).toBe(ok);
  });
});

describe('distanceMeters', () => {
  it('is zero for the same point and symmetric', () => {
    expect(distanceMeters(pt(51.5, -0.12), pt(51.5, -0.12))).toBe(0);
    const a = pt(48.8566, 2.3522);
    const b = pt(40.7128, -74.006);
    expect(distanceMeters(a, b)).toBeCloseTo(distanceMeters(b, a), 6);
  });
  it('measures one degree along a meridian and along the equator', () => {
    expect(distanceMeters(pt(0, 0), pt(1, 0))).toBeCloseTo(ONE_DEGREE, 3);
    expect(distanceMeters(pt(0, 0), pt(0, 1))).toBeCloseTo(ONE_DEGREE, 3);
  });
  it('knows Paris to New York is about 5837 km', () => {
    const d = distanceMeters(pt(48.8566, 2.3522), pt(40.7128, -74.006));
    expect(d / 1000).toBeGreaterThan(5830);
    expect(d / 1000).toBeLessThan(5845);
  });
  it('goes the short way across the antimeridian', () => {
    expect(distanceMeters(pt(0, 179.5), pt(0, -179.5))).toBeCloseTo(ONE_DEGREE, 3);
    expect(distanceMeters(pt(0, 180), pt(0, -180))).toBeLessThan(1e-6);
  });
  it('handles the poles', () => {
    expect(distanceMeters(pt(90, 0), pt(90, 123))).toBeLessThan(1e-6);
    expect(distanceMeters(pt(-90, 10), pt(-90, -170))).toBeLessThan(1e-6);
    expect(distanceMeters(pt(90, 0), pt(-90, 0))).toBeCloseTo(Math.PI * EARTH_RADIUS_M, 3);
    expect(distanceMeters(pt(89, 0), pt(89, 180))).toBeCloseTo(2 * ONE_DEGREE, 3);
  });
  it('is half the circumference between antipodes', () => {
    expect(distanceMeters(pt(0, 0), pt(0, 180))).toBeCloseTo(Math.PI * EARTH_RADIUS_M, 3);
  });
  it('is NaN for invalid points', () => {
    expect(distanceMeters(pt(100, 0), pt(0, 0))).toBeNaN();
    expect(distanceMeters(pt(0, 0), pt(0, Number.NaN))).toBeNaN();
  });
});

describe('zoneContains', () => {
  const c = pt(52.52, 13.405);
  const z = zone('z', c.latitude, c.longitude, 100);
  it('contains its centre and nearby points', () => {
    expect(zoneContains(z, c)).toBe(true);
    expect(zoneContains(z, north(c, 50))).toBe(true);
  });
  it('counts the boundary as inside', () => {
    const edge = north(c, 100);
    expect(zoneContains(z, edge)).toBe(true);
    const p = pt(52.5205, 13.4061);
    expect(zoneContains(zone('e', c.latitude, c.longitude, distanceMeters(c, p)), p)).toBe(true);
  });
  it('excludes points just outside', () => {
    expect(zoneContains(z, north(c, 100.01))).toBe(false);
    expect(zoneContains(z, north(c, 1000))).toBe(false);
  });
  it('a zero radius holds only its centre', () => {
    const zero = zone('0', c.latitude, c.longitude, 0);
    expect(zoneContains(zero, c)).toBe(true);
    expect(zoneContains(zero, north(c, 0.01))).toBe(false);
  });
  it('works across the antimeridian', () => {
    const fiji = zone('f', 0, 179.9999, 50);
    expect(zoneContains(fiji, pt(0, -179.9999))).toBe(true); // about 22 m away
  });
  it('rejects invalid points and broken zones', () => {
    expect(zoneContains(z, pt(Number.NaN, 13))).toBe(false);
    expect(zoneContains(z, pt(91, 13))).toBe(false);
    expect(zoneContains(zone('n', c.latitude, c.longitude, -1), c)).toBe(false);
    expect(zoneContains(zone('n', c.latitude, c.longitude, Number.NaN), c)).toBe(false);
    expect(zoneContains(zone('n', 200, c.longitude, 100), c)).toBe(false);
  });
});

describe('currentZone', () => {
  const c = pt(40, -3);
  const big = zone('big', c.latitude, c.longitude, 1000, 'other');
  const small = zone('small', c.latitude, c.longitude, 50, 'restricted');
  const offset = zone('offset', north(c, 500).latitude, c.longitude, 100);

  it('returns null with no zones', () => {
    expect(currentZone([], c)).toBeNull();
  });
  it('returns null outside every zone', () => {
    expect(currentZone([big, small], north(c, 5000))).toBeNull();
  });
  it('prefers the smallest containing zone, whatever the order', () => {
    expect(currentZone([big, small, offset], c)).toBe(small);
    expect(currentZone([offset, small, big], c)).toBe(small);
    expect(currentZone([big, small, offset], north(c, 500))).toBe(offset);
    expect(currentZone([big, small, offset], north(c, 200))).toBe(big);
  });
  it('breaks radius ties by id', () => {
    const a = zone('a', c.latitude, c.longitude, 50);
    const b = zone('b', c.latitude, c.longitude, 50);
    expect(currentZone([b, a], c)).toBe(a);
    expect(currentZone([a, b], c)).toBe(a);
  });
  it('keeps the caller\'s zone type', () => {
    const z = { ...small, extra: 42 };
    expect(currentZone([z], c)?.extra).toBe(42);
  });
  it('returns null for an invalid point', () => {
    expect(currentZone([big], pt(Number.NaN, Number.NaN))).toBeNull();
  });
});
