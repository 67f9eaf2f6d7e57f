/**
 * The zone rules the browser checks with (contract/zones.ts, no zod) say exactly what the
 * server's schemas say about a zone's centre and radius, so a draft the editor lets
 * through is never refused for them, and one it stops would be.
 */
import { describe, expect, it } from 'vitest';
import { SafeZoneBodySchema, SafeZoneUpdateBodySchema } from '../../contract/organizer';
import { ZONE_RADIUS_MAX_M, ZONE_RADIUS_MIN_M, zonePlaceProblems, type ZonePlaceField } from '../../contract/zones';

const valid = { name: 'Quiet room', description: '', zone_type: 'safe_space', latitude: 52.5, longitude: 13.4, radius_meters: 15 } as const;

const tries: Record<ZonePlaceField, number[]> = {
  latitude: [0, 90, -90, 90.000001, -90.5, 1000, Number.NaN, Number.POSITIVE_INFINITY],
  longitude: [0, 180, -180, 180.1, -181, Number.NaN, Number.NEGATIVE_INFINITY],
  radius_meters: [ZONE_RADIUS_MIN_M, ZONE_RADIUS_MAX_M, 12.5, ZONE_RADIUS_MIN_M - 0.1, ZONE_RADIUS_MAX_M + 1, 0, -5, Number.NaN],
};

/** What the schema says, as [field, message] pairs. */
const schemaSays = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  result.success ? [] : result.error!.issues.map((i) => [String(i.path[0]), i.message]);

describe('zonePlaceProblems', () => {
  for (const [field, values] of Object.entries(tries) as Array<[ZonePlaceField, number[]]>) {
    it(`agrees with the server's schemas on ${field}`, () => {
      for (const value of values) {
        const ours = zonePlaceProblems({ [field]: value }).map((p) => [p.field, p.message]);
        expect(ours, `${field} ${value}, a new zone`).toEqual(schemaSays(SafeZoneBodySchema.safeParse({ ...valid, [field]: value })));
        expect(ours, `${field} ${value}, an update`).toEqual(schemaSays(SafeZoneUpdateBodySchema.safeParse({ [field]: value })));
      }
    });
  }

  it('checks only the fields given', () => {
    expect(zonePlaceProblems({})).toEqual([]);
    expect(zonePlaceProblems({ latitude: 95, radius_meters: 1 }).map((p) => p.field)).toEqual(['latitude', 'radius_meters']);
  });
});
