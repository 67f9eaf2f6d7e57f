/**
 * Where a person is, as their presence needs it (issue 39 item 1): their latest positions
 * and restricted presences at events not yet over, with each event's zones, so the rule
 * that hides them in a restricted zone (domain/nearby.ts inRestrictedZone) decides.
 */
import { and, eq, gt } from 'drizzle-orm';
import type { SafeZone } from '../../../contract/discovery';
import type { Queryable } from '../client';
import { events, restrictedPresence, userLocations } from '../schema';
import { listZones } from './zones';

export interface PlaceAtEvent {
  /** The latest position kept, or null when only restricted presence is (location hidden). */
  position: { latitude: number; longitude: number } | null;
  restrictedUnseen: boolean;
  zones: SafeZone[];
}

/** The person's places at the events that are not over at `now` (usually none or one). */
export async function placesOf(db: Queryable, userId: string, now: Date): Promise<PlaceAtEvent[]> {
  const [positions, unseen] = await Promise.all([
    db
      .select({ eventId: userLocations.eventId, latitude: userLocations.latitude, longitude: userLocations.longitude })
      .from(userLocations)
      .innerJoin(events, eq(events.id, userLocations.eventId))
      .where(and(eq(userLocations.userId, userId), gt(events.endTime, now))),
    db
      .select({ eventId: restrictedPresence.eventId })
      .from(restrictedPresence)
      .innerJoin(events, eq(events.id, restrictedPresence.eventId))
      .where(and(eq(restrictedPresence.userId, userId), gt(events.endTime, now))),
  ]);
  const eventIds = [...new Set([...positions.map((p) => p.eventId), ...unseen.map((u) => u.eventId)])];
  if (eventIds.length === 0) return [];
  const unseenAt = new Set(unseen.map((u) => u.eventId));
  return Promise.all(
    eventIds.map(async (eventId) => {
      const p = positions.find((x) => x.eventId === eventId);
      return {
        position: p ? { latitude: p.latitude, longitude: p.longitude } : null,
        restrictedUnseen: unseenAt.has(eventId),
        zones: await listZones(db, eventId),
      };
    }),
  );
}
