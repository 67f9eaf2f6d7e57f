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

interface Cell {
  centre: Point;
  latStep: number;
  lonStep: number;
}
const LAT_STEP = COARSE_CELL_M / METRES_PER_DEGREE;

/** The COARSE_CELL_M square in row `row` (of latitude) and column `col` (of that row's own width), with its size in degrees. */
function cellAt(row: number, col: number): Cell {
  const latitude = (row + 0.5) * LAT_STEP;
  const lonStep = COARSE_CELL_M / (METRES_PER_DEGREE * Math.max(0.01, Math.cos(rad(latitude))));
  return { centre: { latitude, longitude: (col + 0.5) * lonStep }, latStep: LAT_STEP, lonStep };
}

/** Which square `p` falls in: rows of latitude, each cut into squares of its own width. */
function cellIndex(p: Point): { row: number; col: number } {
  const row = Math.floor(p.latitude / LAT_STEP);
  return { row, col: Math.floor(p.longitude / cellAt(row, 0).lonStep) };
}

/** The centre of the COARSE_CELL_M square `p` falls in. */
export function cellOf(p: Point): Point {
  const { row, col } = cellIndex(p);
  return cellAt(row, col).centre;
}

/** Whether the whole COARSE_CELL_M square `p` falls in lies inside the zone's circle (its four corners do: a circle is convex). */
export function cellInsideZone(p: Point, zone: Zone): boolean {
  if (!isValidPoint(p)) return false;
  const { row, col } = cellIndex(p);
  const { centre, latStep, lonStep } = cellAt(row, col);
  return [-0.5, 0.5].every((dLat) =>
    [-0.5, 0.5].every((dLon) => zoneContains(zone, { latitude: centre.latitude + dLat * latStep, longitude: centre.longitude + dLon * lonStep })),
  );
}

/** The radius from which a zone is a square wide: someone known only to be inside it is placed to r/√2 (about 71 m) at best. */
export const ZONE_WIDE_M = COARSE_CELL_M / 2;

/**
 * Whether being in `zone` may change what others see of a person (DESIGN 5's 50 m, issue
 * 40): the zones are public to attendees, so anything that holds exactly while someone is
 * inside a zone (hidden by a restricted one, "recharging" in a quiet one) places them
 * inside it, and a room drawn smaller than a square places them more finely than the
 * distances do (eight still viewers and a walking one put people in 20-30 m rooms 14-16 m
 * from where they stood). So a zone acts on what others see only where that says no more:
 *
 * - when the person's position is kept for others' distances (`location`), only while the
 *   whole 200 m square it falls in lies inside the zone: viewers can find the square from
 *   the distance bands, and being in it then says "in the zone" already. A square only
 *   partly inside would leave their overlap, and being seen unchanged in it would place
 *   the person in the rest, however small, so it must be all or nothing per square;
 * - when none is kept (the location hidden, so no distance is shown), only in a zone at
 *   least a square wide (ZONE_WIDE_M).
 *
 * Hiding or hushing someone in a smaller room would tell everyone where they are; they
 * stay as they were, placed by their square alone. What the person themself gets from
 * the zone (the zone banner, their pings held in a quiet room) is theirs and unchanged.
 */
export function zoneMayShow(zone: Zone | null, location: Point | null): boolean {
  if (!zone) return false;
  return location ? cellInsideZone(location, zone) : zone.radius_meters >= ZONE_WIDE_M;
}

/**
 * Whether a kept position hides its person by auto-hide (DESIGN 5): its whole square lies
 * inside a restricted zone (zoneMayShow). Depends on the square alone, so a zone nested in
 * a restricted one (a quiet room inside a restricted wing) no longer shows its people
 * there: shown, they would be in the small room. Without a kept position, what the report
 * said is kept instead (restricted_presence): a restricted zone at least a square wide.
 */
export function squareRestricted(zones: readonly Zone[], location: Point | null): boolean {
  return location !== null && zones.some((z) => z.zone_type === 'restricted' && cellInsideZone(location, z));
}

/** Whether a report with no kept position hides its person (zoneMayShow without a square): inside a restricted zone a square wide. */
export function reportRestricted(zones: Zone[], reported: Point): boolean {
  const zone = currentZone(zones, reported);
  return zone?.zone_type === 'restricted' && zoneMayShow(zone, null);
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
