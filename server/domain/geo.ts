/** Distances and safe-zone checks (SPEC 3, DESIGN 5). Pure. */
import type { ZoneType } from '../../contract/constants';

export interface Point {
  latitude: number;
  longitude: number;
}

export interface Zone {
  id: string;
  name: string;
  description: string;
  zone_type: ZoneType;
  latitude: number;
  longitude: number;
  radius_meters: number;
}

/** Mean earth radius (IUGG), metres. */
export const EARTH_RADIUS_M = 6371008.8;

/** Slack for floating-point error so a point computed on the boundary stays inside. */
const BOUNDARY_TOLERANCE_M = 1e-6;

const rad = (deg: number): number => (deg * Math.PI) / 180;

/** Finite, latitude in [-90, 90], longitude in [-180, 180]. */
export function isValidPoint(p: Point): boolean {
  return (
    typeof p === 'object' &&
    p !== null &&
    typeof p.latitude === 'number' &&
    typeof p.longitude === 'number' &&
    Number.isFinite(p.latitude) &&
    Number.isFinite(p.longitude) &&
    p.latitude >= -90 &&
    p.latitude <= 90 &&
    p.longitude >= -180 &&
    p.longitude <= 180
  );
}

/** Great-circle distance by the haversine formula, in metres. NaN for invalid points. */
export function distanceMeters(a: Point, b: Point): number {
  if (!isValidPoint(a) || !isValidPoint(b)) return Number.NaN;
  const dLat = rad(b.latitude - a.latitude);
  const dLon = rad(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.sqrt(Math.min(1, Math.max(0, h))));
}

/** Whether `p` lies in the zone's circle; the boundary counts as inside. */
export function zoneContains(zone: Zone, p: Point): boolean {
  const r = zone.radius_meters;
  if (typeof r !== 'number' || !Number.isFinite(r) || r < 0) return false;
  const d = distanceMeters({ latitude: zone.latitude, longitude: zone.longitude }, p);
  return Number.isFinite(d) && d <= r + BOUNDARY_TOLERANCE_M;
}

/** The smallest zone containing `p` (ties broken by the smaller id), or null. */
export function currentZone<Z extends Zone>(zones: Z[], p: Point): Z | null {
  if (!isValidPoint(p)) return null;
  let best: Z | null = null;
  for (const z of zones) {
    if (!zoneContains(z, p)) continue;
    if (
      best === null ||
      z.radius_meters < best.radius_meters ||
      (z.radius_meters === best.radius_meters && z.id < best.id)
    ) {
      best = z;
    }
  }
  return best;
}
