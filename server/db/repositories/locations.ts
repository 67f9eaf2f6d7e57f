/**
 * Latest positions (DESIGN 5): one row per user and event, never sent to anyone, and
 * deleted a day after the event ends. Someone who hides their location has no position
 * stored, only whether they are inside a restricted zone (restricted presence).
 */
import { and, eq, lt, sql } from 'drizzle-orm';
import { type Point, currentZone } from '../../domain/geo';
import type { Db, Queryable } from '../client';
import { events, restrictedPresence, userLocations } from '../schema';
import { listZones } from './zones';

export const LOCATION_RETENTION_MS = 24 * 60 * 60 * 1000;
/** How often, at most, an instance looks for positions past their retention. */
export const LOCATION_PURGE_EVERY_MS = 60 * 1000;

/** Keeps only the latest position: a report replaces the previous one. */
export async function upsertLocation(db: Queryable, userId: string, eventId: string, p: Point, now: Date): Promise<void> {
  await db
    .insert(userLocations)
    .values({ userId, eventId, latitude: p.latitude, longitude: p.longitude, updatedAt: now })
    .onConflictDoUpdate({
      target: [userLocations.userId, userLocations.eventId],
      set: { latitude: p.latitude, longitude: p.longitude, updatedAt: now },
    });
}

export async function deleteLocation(db: Queryable, userId: string, eventId: string): Promise<void> {
  await db.delete(userLocations).where(and(eq(userLocations.userId, userId), eq(userLocations.eventId, eventId)));
}

/** Records whether someone who hides their location is inside a restricted zone of the event. */
export async function setRestrictedPresence(db: Queryable, userId: string, eventId: string, inside: boolean, now: Date): Promise<void> {
  if (!inside) {
    await db.delete(restrictedPresence).where(and(eq(restrictedPresence.userId, userId), eq(restrictedPresence.eventId, eventId)));
    return;
  }
  await db
    .insert(restrictedPresence)
    .values({ userId, eventId, updatedAt: now })
    .onConflictDoUpdate({ target: [restrictedPresence.userId, restrictedPresence.eventId], set: { updatedAt: now } });
}

/**
 * A user turned show_location off: every stored position goes, and one inside a
 * restricted zone is kept only as that fact, so auto-hide does not lapse until their
 * next report.
 */
export async function hideLocationsOf(db: Db, userId: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await tx.delete(userLocations).where(eq(userLocations.userId, userId)).returning();
    for (const r of rows) {
      if (currentZone(await listZones(tx, r.eventId), r)?.zone_type === 'restricted') {
        await setRestrictedPresence(tx, userId, r.eventId, true, now);
      }
    }
  });
}

/** Positions and presence at events that ended more than a day before `now`. Answers how many positions went. */
export async function purgeExpiredLocations(db: Queryable, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - LOCATION_RETENTION_MS);
  const ended = db.select({ id: events.id }).from(events).where(lt(events.endTime, cutoff));
  await db.delete(restrictedPresence).where(sql`${restrictedPresence.eventId} in ${ended}`);
  const gone = await db
    .delete(userLocations)
    .where(sql`${userLocations.eventId} in ${ended}`)
    .returning({ userId: userLocations.userId });
  return gone.length;
}

const lastPurge = new WeakMap<object, number>();

/**
 * The retention rule without a scheduler: routes that see traffic call this, and it
 * runs the purge at most once a minute per instance (the query is one indexed delete).
 * Answers whether it ran.
 */
export async function maybePurgeExpiredLocations(db: Db, now: Date): Promise<boolean> {
  const t = now.getTime();
  const last = lastPurge.get(db);
  if (last !== undefined && t - last < LOCATION_PURGE_EVERY_MS && t >= last) return false;
  lastPurge.set(db, t);
  await purgeExpiredLocations(db, now);
  return true;
}
