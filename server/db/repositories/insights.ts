/**
 * What happened at an event, read for its attendees: the feed's rows (joins, photos,
 * community joins, and new connections as hourly counts; presenters/feed.ts words them)
 * and the analytics of SPEC 3. Also how a viewer sees a person in the event's shared
 * spaces (group chats, photos, likes, the feed, an event's creator), built on DESIGN 5's
 * visibility functions.
 */
import { and, count, desc, eq, gte, inArray, isNull, lte, ne, notInArray, or, sql } from 'drizzle-orm';
import type { CommunicationStyle } from '../../../contract/constants';
import { FEED_MAX, type EventAnalytics } from '../../../contract/media';
import { compatibility, type CompatProfile } from '../../domain/compatibility';
import { sharedAudience, sharedAuthor, type SharedAuthor } from '../../domain/visibility';
import type { Queryable } from '../client';
import {
  chatMessages,
  connections,
  eventAttendees,
  feedEntries,
  microCommunities,
  photos,
  users,
} from '../schema';
import { candidateOf } from './people';
import { isBanActive } from './users';

const HOUR_MS = 3_600_000;

// ---------------------------------------------------------------------------------------
// People as others may see them

/** The user columns visibility and compatibility need; never the photo or the password hash. */
export const personColumns = {
  id: users.id,
  username: users.username,
  name: users.name,
  age: users.age,
  occupation: users.occupation,
  interests: users.interests,
  socialPreferences: users.socialPreferences,
  personalityTraits: users.personalityTraits,
  communicationStyle: users.communicationStyle,
  socialBattery: users.socialBattery,
  isAvailable: users.isAvailable,
  visibilityMode: users.visibilityMode,
  showLocation: users.showLocation,
  showInterests: users.showInterests,
  showProfilePicture: users.showProfilePicture,
  autoHideInRestrictedZones: users.autoHideInRestrictedZones,
  anonymousBrowsing: users.anonymousBrowsing,
  safeSpaceMode: users.safeSpaceMode,
  isActive: users.isActive,
  isBanned: users.isBanned,
  bannedUntil: users.bannedUntil,
};

export interface Person {
  id: string;
  username: string;
  name: string;
  age: number | null;
  occupation: string | null;
  interests: string[];
  socialPreferences: string[];
  personalityTraits: string[];
  communicationStyle: string;
  socialBattery: number;
  isAvailable: boolean;
  visibilityMode: string;
  showLocation: boolean;
  showInterests: boolean;
  showProfilePicture: boolean;
  autoHideInRestrictedZones: boolean;
  anonymousBrowsing: boolean;
  safeSpaceMode: boolean;
  isActive: boolean;
  isBanned: boolean;
  bannedUntil: Date | null;
}

export async function peopleByIds(db: Queryable, ids: readonly string[]): Promise<Map<string, Person>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.select(personColumns).from(users).where(inArray(users.id, unique));
  return new Map(rows.map((r) => [r.id, r]));
}

/** Who the viewer is to others: blocked either way, and connected. */
export interface ViewerContext {
  id: string;
  blocked: ReadonlySet<string>;
  connected: ReadonlySet<string>;
  now: Date;
}

/** Whether the person exists for the viewer at all: not blocked either way, not banned or gone. */
export function exists(viewer: ViewerContext, p: Person): boolean {
  if (p.id === viewer.id) return true;
  return !viewer.blocked.has(p.id) && p.isActive && !isBanActive(p, viewer.now);
}

const relationTo = (viewer: ViewerContext, p: Person) => ({
  connected: viewer.connected.has(p.id),
  blockedEitherWay: viewer.blocked.has(p.id),
  inRestrictedZone: false,
});

/**
 * The person as the viewer sees them as the author of a message, photo, like, feed line
 * or event (DESIGN 5): named with their id, or "Anonymous attendee" without one.
 */
export function authorAs(viewer: ViewerContext, p: Person): SharedAuthor {
  return sharedAuthor(viewer.id, candidateOf(p, viewer.now), relationTo(viewer, p));
}

/** The actor's name on a feed line, or null where the feed says "Someone" for "Anonymous attendee". */
export function feedName(viewer: ViewerContext, p: Person): string | null {
  const author = authorAs(viewer, p);
  return author.id === null ? null : author.name;
}

/**
 * Who sees the person named in shared spaces, from their own relations (`own`, their
 * viewer context): 'everyone', or the ids of those who do (themselves, and their
 * connections when their settings show them to connections).
 */
export function namedAudience(own: ViewerContext, p: Person): 'everyone' | string[] {
  const audience = sharedAudience(candidateOf(p, own.now));
  if (audience === 'everyone') return 'everyone';
  return audience === 'connections' ? [p.id, ...own.connected] : [p.id];
}

// ---------------------------------------------------------------------------------------
// The feed

export type FeedRow = typeof feedEntries.$inferSelect;

/** The hour an instant falls in, as the id part and start of a connections entry. */
export const hourStart = (d: Date): Date => new Date(Math.floor(d.getTime() / HOUR_MS) * HOUR_MS);

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

/** Up to `max` pairs (i < j) of n items, spread evenly over all n(n-1)/2 and always the same. */
export function samplePairs(n: number, max: number): [number, number][] {
  const total = (n * (n - 1)) / 2;
  if (total <= 0 || max <= 0) return [];
  const k = Math.min(max, total);
  const wanted: number[] = [];
  for (let j = 0; j < k; j++) wanted.push(Math.floor((j * total) / k));
  const out: [number, number][] = [];
  let row = 0;
  let rowStart = 0; // index of pair (row, row + 1)
  for (const idx of wanted) {
    while (idx >= rowStart + (n - 1 - row)) {
      rowStart += n - 1 - row;
      row++;
    }
    out.push([row, row + 1 + (idx - rowStart)]);
  }
  return out;
}

export const COMPATIBILITY_SAMPLE_PAIRS = 200;
const ACTIVE_CONVERSATION_MS = 2 * HOUR_MS;
const HOURS_CHARTED = 12;

const round = (x: number, places: number) => Math.round(x * 10 ** places) / 10 ** places;

const profileOf = (p: Person): CompatProfile => ({
  interests: p.interests,
  social_preferences: p.socialPreferences,
  personality_traits: p.personalityTraits,
  communication_style: p.communicationStyle as CommunicationStyle,
  social_battery: p.socialBattery,
  occupation: p.occupation,
});

/**
 * SPEC 3's event analytics, from the data: active attendees (not banned or gone);
 * pairs of attendees who exchanged a message for this event in the last two hours;
 * connections made at the event; photos; the mean compatibility of the pairs who
 * connected here (or, before anyone has, of an even sample of attendee pairs); and the
 * share of attendees with at least one connection made here.
 */
/** An active attendee as analytics needs them (the kept copy of the event's people has them all). */
export interface AnalyticsAttendee {
  id: string;
  profile: CompatProfile;
}

export async function eventAnalytics(
  db: Queryable,
  eventId: string,
  now: Date,
  known?: readonly AnalyticsAttendee[],
): Promise<EventAnalytics> {
  const attendees: AnalyticsAttendee[] = known
    ? [...known].sort((a, b) => (a.id < b.id ? -1 : 1))
    : (
        await db
          .select(personColumns)
          .from(eventAttendees)
          .innerJoin(users, eq(users.id, eventAttendees.userId))
          .where(and(eq(eventAttendees.eventId, eventId), eq(users.isActive, true)))
      )
        .filter((p) => !isBanActive(p, now))
        .sort((a, b) => (a.id < b.id ? -1 : 1))
        .map((p) => ({ id: p.id, profile: profileOf(p) }));
  const attendeeSet = new Set(attendees.map((a) => a.id));

  const since = new Date(now.getTime() - ACTIVE_CONVERSATION_MS);
  const talking = await db
    .selectDistinct({
      a: sql<string>`least(${chatMessages.fromUser}, ${chatMessages.toUser})`,
      b: sql<string>`greatest(${chatMessages.fromUser}, ${chatMessages.toUser})`,
    })
    .from(chatMessages)
    .where(and(eq(chatMessages.eventId, eventId), gte(chatMessages.createdAt, since), lte(chatMessages.createdAt, now)));
  const activeConversations = talking.filter((p) => attendeeSet.has(p.a) && attendeeSet.has(p.b)).length;

  const made = await db
    .select({ user1: connections.user1, user2: connections.user2, createdAt: connections.createdAt })
    .from(connections)
    .where(eq(connections.eventId, eventId));

  const [photoCount] = await db.select({ n: count() }).from(photos).where(eq(photos.eventId, eventId));

  // The pairs whose compatibility is averaged and charted.
  let pairs: [CompatProfile, CompatProfile][];
  if (made.length > 0) {
    const byId = new Map(attendees.map((a) => [a.id, a.profile]));
    const missing = made.flatMap((c) => [c.user1, c.user2]).filter((id) => !byId.has(id));
    for (const [id, p] of await peopleByIds(db, missing)) byId.set(id, profileOf(p));
    pairs = made.flatMap((c) => {
      const a = byId.get(c.user1);
      const b = byId.get(c.user2);
      return a && b ? [[a, b] as [CompatProfile, CompatProfile]] : [];
    });
  } else {
    pairs = samplePairs(attendees.length, COMPATIBILITY_SAMPLE_PAIRS).map(([i, j]) => [attendees[i]!.profile, attendees[j]!.profile]);
  }
  const distribution = { red: 0, yellow: 0, green: 0 };
  let sum = 0;
  for (const [a, b] of pairs) {
    const score = compatibility(a, b).overall_score;
    sum += score;
    if (score > 0.7) distribution.green++;
    else if (score > 0.4) distribution.yellow++;
    else distribution.red++;
  }
  // With fewer than two attendees and no connection there is no pair, and the score is 0.
  const average = pairs.length === 0 ? 0 : round(sum / pairs.length, 2);

  const connectedHere = new Set(made.flatMap((c) => [c.user1, c.user2]).filter((id) => attendeeSet.has(id)));
  const connectionRate = attendees.length === 0 ? 0 : round(connectedHere.size / attendees.length, 4);

  const firstHour = hourStart(new Date(now.getTime() - (HOURS_CHARTED - 1) * HOUR_MS));
  const byHour = Array.from({ length: HOURS_CHARTED }, (_, i) => ({
    hour: new Date(firstHour.getTime() + i * HOUR_MS).toISOString(),
    count: 0,
  }));
  for (const c of made) {
    const t = c.createdAt.getTime();
    if (t < firstHour.getTime() || t > now.getTime()) continue;
    const slot = byHour[Math.floor((t - firstHour.getTime()) / HOUR_MS)];
    if (slot) slot.count++;
  }

  return {
    total_attendees: attendees.length,
    active_conversations: activeConversations,
    successful_connections: made.length,
    photos_shared: photoCount?.n ?? 0,
    average_compatibility_score: average,
    engagement_metrics: { connection_rate: connectionRate, compatibility_distribution: distribution },
    connections_by_hour: byHour,
  };
}
