/**
 * What happened at an event, read for its attendees: the feed's rows (joins, photos,
 * community joins, and new connections as hourly counts; presenters/feed.ts words them)
 * and what SPEC 3's analytics are worked out from (domain/analytics.ts).
 */
import { and, count, desc, eq, gte, inArray, isNull, lte, ne, notInArray, or, sql } from 'drizzle-orm';
import type { CommunicationStyle } from '../../../contract/constants';
import { FEED_MAX } from '../../../contract/media';
import { ACTIVE_CONVERSATION_MS, type AnalyticsAttendee, type EventFacts } from '../../domain/analytics';
import { isBanActive } from '../../domain/bans';
import type { CompatProfile } from '../../domain/compatibility';
import type { Queryable } from '../client';
import { chatMessages, connections, eventAttendees, feedEntries, microCommunities, photos, users } from '../schema';
import { authorColumns, peopleByIds, type Person } from './people';

// ---------------------------------------------------------------------------------------
// The feed

export type FeedRow = typeof feedEntries.$inferSelect;

/** The names of these interest groups, by id (a community join's line names its group). */
export async function communityNames(db: Queryable, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: microCommunities.id, name: microCommunities.name })
    .from(microCommunities)
    .where(inArray(microCommunities.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** What a feed is made of, before it is seen by anyone: the newest personal rows with their actors, and the hourly counts. */
export interface FeedWindow {
  personal: FeedRow[];
  actors: Map<string, Person>;
  names: Map<string, string>;
  hourly: { hour: string; n: number; latest: string }[];
}

/** The newest `limit` personal rows (none by `hidden` actors) and the hourly connection counts of the event. */
export async function readFeedWindow(db: Queryable, eventId: string, hidden: ReadonlySet<string>, limit: number): Promise<FeedWindow> {
  const blocked = [...hidden];
  const personal = await db
    .select()
    .from(feedEntries)
    .where(
      and(
        eq(feedEntries.eventId, eventId),
        ne(feedEntries.kind, 'connection'),
        blocked.length ? or(isNull(feedEntries.actorId), notInArray(feedEntries.actorId, blocked)) : undefined,
      ),
    )
    .orderBy(desc(feedEntries.createdAt), desc(feedEntries.id))
    .limit(limit);

  const hour = sql<Date>`date_trunc('hour', ${feedEntries.createdAt} AT TIME ZONE 'UTC')`;
  const hourly = await db
    .select({
      hour: sql<string>`to_char(${hour}, 'YYYY-MM-DD"T"HH24:00:00.000"Z"')`,
      n: count(),
      latest: sql<string>`to_char(max(${feedEntries.createdAt}) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
    })
    .from(feedEntries)
    .where(and(eq(feedEntries.eventId, eventId), eq(feedEntries.kind, 'connection')))
    .groupBy(hour)
    .orderBy(desc(hour))
    .limit(FEED_MAX);

  const actors = await peopleByIds(db, personal.flatMap((r) => (r.actorId ? [r.actorId] : [])));
  const names = await communityNames(
    db,
    personal.flatMap((r) => (r.kind === 'community_join' && r.subjectId ? [r.subjectId] : [])),
  );
  return { personal, actors, names, hourly };
}

/** How many connections were made at the event from `from` to `until` (an hour's count, so far). */
export async function connectionsBetween(db: Queryable, eventId: string, from: Date, until: Date): Promise<number> {
  const [c] = await db
    .select({ n: count() })
    .from(feedEntries)
    .where(
      and(
        eq(feedEntries.eventId, eventId),
        eq(feedEntries.kind, 'connection'),
        gte(feedEntries.createdAt, from),
        lte(feedEntries.createdAt, until),
      ),
    );
  return c?.n ?? 0;
}

// ---------------------------------------------------------------------------------------
// Analytics

const profileOf = (p: Person): CompatProfile => ({
  interests: p.interests,
  social_preferences: p.socialPreferences,
  personality_traits: p.personalityTraits,
  communication_style: p.communicationStyle as CommunicationStyle,
  social_battery: p.socialBattery,
  occupation: p.occupation,
});

/** What the event's analytics are worked out from; `known`: its active attendees, when the caller has them. */
export async function eventFacts(
  db: Queryable,
  eventId: string,
  now: Date,
  known?: readonly AnalyticsAttendee[],
): Promise<EventFacts> {
  const attendees: AnalyticsAttendee[] = known
    ? [...known].sort((a, b) => (a.id < b.id ? -1 : 1))
    : (
        await db
          .select(authorColumns)
          .from(eventAttendees)
          .innerJoin(users, eq(users.id, eventAttendees.userId))
          .where(and(eq(eventAttendees.eventId, eventId), eq(users.isActive, true)))
      )
        .filter((p) => !isBanActive(p, now))
        .sort((a, b) => (a.id < b.id ? -1 : 1))
        .map((p) => ({ id: p.id, profile: profileOf(p) }));
  const attendeeIds = new Set(attendees.map((a) => a.id));

  const since = new Date(now.getTime() - ACTIVE_CONVERSATION_MS);
  const talking = await db
    .selectDistinct({
      a: sql<string>`least(${chatMessages.fromUser}, ${chatMessages.toUser})`,
      b: sql<string>`greatest(${chatMessages.fromUser}, ${chatMessages.toUser})`,
    })
    .from(chatMessages)
    .where(and(eq(chatMessages.eventId, eventId), gte(chatMessages.createdAt, since), lte(chatMessages.createdAt, now)));

  const made = await db
    .select({ user1: connections.user1, user2: connections.user2, createdAt: connections.createdAt })
    .from(connections)
    .where(eq(connections.eventId, eventId));

  const [photoCount] = await db.select({ n: count() }).from(photos).where(eq(photos.eventId, eventId));

  const others = made.flatMap((c) => [c.user1, c.user2]).filter((id) => !attendeeIds.has(id));
  const connectedOthers = new Map<string, CompatProfile>();
  for (const [id, p] of await peopleByIds(db, others)) connectedOthers.set(id, profileOf(p));
  return { attendees, talking, made, photos: photoCount?.n ?? 0, connectedOthers };
}
