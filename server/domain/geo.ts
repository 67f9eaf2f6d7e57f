/** Distances and safe-zone checks (SPEC 3, DESIGN 5). Pure. */
import type { ZoneType } from '../../contract/constants';

export interface Point {
  latitude: number;
  longitude: number;
}

/** A position as kept: where, and when it was reported (ms since the epoch). */
export interface Fix extends Point {
  at: number;
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

/**
 * The promise (DESIGN 5): nothing another attendee sees may locate a person closer than
 * this, however many positions the viewer reports or however many viewers combine.
 */
export const LOCATE_FLOOR_M = 50;

/**
 * Distances between people are worked out between the centres of the COARSE_CELL_M
 * squares their positions fall in, never between the positions themselves, so the most
 * any number of viewers and readings can learn is the square, and it stays the same
 * while the person stays in it (nearby.ts then shows only a band of that).
 *
 * Why 200 m: an attacker who knows the square guesses its centre; for a point anywhere in
 * a square of side s the median distance to the centre is s·√(1/2π) ≈ 0.40·s (mean
 * 0.38·s), so 200 m squares leave about 80 m, well above LOCATE_FLOOR_M also for a
 * person who stands near a corner of what the attacker knows. 50 m squares left ~19 m:
 * eight still viewers and one walking one found every person's square (issue 40).
 */
export const COARSE_CELL_M = 200;
const METRES_PER_DEGREE = (Math.PI / 180) * EARTH_RADIUS_M;

/** The centre of the COARSE_CELL_M square `p` falls in: rows of latitude, each cut into squares of its own width. */
export function cellOf(p: Point): Point {
  const latStep = COARSE_CELL_M / METRES_PER_DEGREE;
  const latitude = (Math.floor(p.latitude / latStep) + 0.5) * latStep;
  const lonStep = COARSE_CELL_M / (METRES_PER_DEGREE * Math.max(0.01, Math.cos(rad(latitude))));
  const longitude = (Math.floor(p.longitude / lonStep) + 0.5) * lonStep;
  return { latitude, longitude };
}

/**
 * How fast a position may move and still count as walked (DESIGN 5: "reports that jump
 * faster than a person walks are not used for others' distances"): a brisk walk, plus
 * slack for the jitter of a phone's fix.
 */
export const WALKING = { metresPerSecond: 2.5, slackM: 25 } as const;

/** Whether going from `from` to `to` by `at` is something a person could have walked. */
export function walkable(from: Fix | null, to: Point, at: number): boolean {
  if (!from) return true;
  const seconds = Math.max(0, (at - from.at) / 1000);
  const d = distanceMeters(from, to);
  return Number.isFinite(d) && d <= WALKING.slackM + WALKING.metresPerSecond * seconds;
}
