/** Calendar feeds (issue 42): one per person, found by the hash of the token in its address. */
import { createHash } from 'node:crypto';
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../client';
import { appSettings, calendarFeeds, eventAttendees, events, users } from '../schema';

export const feedTokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');

const FEED_KEY = 'calendar_feed_key';

/** The server's feed key: made at its first use and kept with the data, the same for every instance. */
export async function feedKey(db: Queryable, make: () => string): Promise<string> {
  await db.insert(appSettings).values({ key: FEED_KEY, value: make() }).onConflictDoNothing();
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, FEED_KEY)).limit(1);
  return row!.value;
}

export async function findFeed(db: Queryable, userId: string) {
  const [row] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, userId)).limit(1);
  return row ?? null;
}

/** Keeps the person's feed at `generation` with the hash of its token (a reset or a first feed). */
export async function keepFeed(db: Queryable, userId: string, generation: number, tokenHash: string): Promise<void> {
  await db
    .insert(calendarFeeds)
    .values({ userId, generation, tokenHash })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { generation, tokenHash } });
}

/** Whose feed a token opens: an active person who is not banned now, or no one. */
export async function feedOwner(db: Queryable, tokenHash: string, now: Date): Promise<string | null> {
  const [row] = await db
    .select({ id: users.id })
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id, calendarFeeds.userId))
    .where(
      and(
        eq(calendarFeeds.tokenHash, tokenHash),
        eq(users.isActive, true),
        sql`not (${users.isBanned} and (${users.bannedUntil} is null or ${users.bannedUntil} > ${now}))`,
      ),
    )
    .limit(1);
  return row?.id ?? null;
}

/** The events the person attends that have not been taken down and ended after `since`, soonest first. */
export async function joinedEvents(db: Queryable, userId: string, since: Date) {
  return db
    .select({
      id: events.id,
      name: events.name,
      description: events.description,
      location: events.location,
      startTime: events.startTime,
      endTime: events.endTime,
      timeZone: events.timeZone,
    })
    .from(eventAttendees)
    .innerJoin(events, eq(events.id, eventAttendees.eventId))
    .where(and(eq(eventAttendees.userId, userId), isNull(events.hiddenAt), gt(events.endTime, since)))
    .orderBy(asc(events.startTime));
}
