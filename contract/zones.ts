/**
 * Where a safe zone is and how far it reaches (issue 17): its bounds and the words for
 * each broken rule, shared by the server's schemas (organizer.ts builds its zod schemas
 * on them) and the browser's zone editor, which checks a draft before any call. No zod
 * and nothing from constants.ts here: the editor's chunk carries this alone, and the
 * attendee entry script gains nothing.
 */

/** A zone is at least a few steps across, and no bigger than a large venue. */
export const ZONE_RADIUS_MIN_M = 5;
export const ZONE_RADIUS_MAX_M = 500;

/** The contract's words for each rule (field-errors.ts turns them into sentences). */
export const ZONE_RULES = {
  required: 'is required',
  notANumber: 'must be a number',
  latitude: 'must be between -90 and 90',
  longitude: 'must be between -180 and 180',
  radiusNotANumber: 'must be a number of metres',
  radius: `must be from ${ZONE_RADIUS_MIN_M} to ${ZONE_RADIUS_MAX_M} metres`,
} as const;

export type ZonePlaceField = 'latitude' | 'longitude' | 'radius_meters';

const within = (n: number, min: number, max: number) => n >= min && n <= max;

/**
 * The rules a zone's centre and radius break, each with the contract's words, as the
 * server's schema would say them; a field left out is not checked (an update sends only
 * what changes).
 */
export function zonePlaceProblems(place: Partial<Record<ZonePlaceField, number>>): Array<{ field: ZonePlaceField; message: string }> {
  const out: Array<{ field: ZonePlaceField; message: string }> = [];
  const check = (field: ZonePlaceField, nan: string, range: string, min: number, max: number) => {
    const n = place[field];
    if (n === undefined) return;
    if (!Number.isFinite(n)) out.push({ field, message: nan });
    else if (!within(n, min, max)) out.push({ field, message: range });
  };
  check('latitude', ZONE_RULES.notANumber, ZONE_RULES.latitude, -90, 90);
  check('longitude', ZONE_RULES.notANumber, ZONE_RULES.longitude, -180, 180);
  check('radius_meters', ZONE_RULES.radiusNotANumber, ZONE_RULES.radius, ZONE_RADIUS_MIN_M, ZONE_RADIUS_MAX_M);
  return out;
}
