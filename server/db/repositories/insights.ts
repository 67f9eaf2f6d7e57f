/**
 * What happened at an event, as one attendee may see it: the feed (joins, photos,
 * community joins, and new connections only as hourly counts) and the analytics of
 * SPEC 3. Also how a viewer sees a person in the event's shared spaces (group chats,
 * photos, likes, the feed, an event's creator), built on DESIGN 5's visibility functions.
 */
import { and, count, desc, eq, gte, inArray, isNull, lte, ne, notInArray, or, sql } from 'drizzle-orm';
import type { CommunicationStyle } from '../../../contract/constants';
import { FEED_MAX, type EventAnalytics, type FeedEntry, type FeedKind } from '../../../contract/media';
import { compatibility, type CompatProfile } from '../../domain/compatibility';
import { sharedAudience, sharedAuthor, type SharedAuthor } from '../../domain/visibility';
import type { Realtime } from '../../realtime/hub';
import { relationsOf } from '../../cache/relations';
import type { Db, Queryable } from '../client';
import {
  chatMessages,
  connections,
  eventAttendees,
  events,
  feedEntries,
  microCommunities,
  photos,
  users,
} from '../schema';
import { candidateOf } from './people';
import { attendeeIds, blockedIdsOf, connectionIdsOf } from './relations';
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

/** From the viewer's kept relations (cache/relations.ts): on a warm instance no query. */
export async function viewerContext(db: Db, viewerId: string, now: Date): Promise<ViewerContext> {
  const { blocked, connected } = await relationsOf(db, viewerId, now);
  return { id: viewerId, blocked, connected, now };
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

export async function eventExists(db: Queryable, eventId: string): Promise<boolean> {
  const [row] = await db.select({ id: events.id }).from(events).where(eq(events.id, eventId)).limit(1);
  return !!row;
}

type FeedRow = typeof feedEntries.$inferSelect;

const connectionsText = (n: number) =>
  n === 1 ? '1 new connection was made' : `${n} new connections were made`;

function personalText(kind: Exclude<FeedKind, 'connection'>, who: string, communityName: string | null): string {
  if (kind === 'joined') return `${who} joined the event`;
  if (kind === 'photo') return `${who} shared a photo`;
  return communityName ? `${who} joined ${communityName}` : `${who} joined an interest group`;
}

/** The hour an instant falls in, as the id part and start of a connections entry. */
export const hourStart = (d: Date): Date => new Date(Math.floor(d.getTime() / HOUR_MS) * HOUR_MS);
const connectionsEntryId = (hour: Date) => `connections-${hour.toISOString()}`;

async function communityNames(db: Queryable, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: microCommunities.id, name: microCommunities.name })
    .from(microCommunities)
    .where(inArray(microCommunities.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** A personal (non-connection) entry for one viewer, or null when the actor must not appear at all. */
function personalEntry(
  viewer: ViewerContext,
  row: FeedRow,
  actor: Person | undefined,
  names: Map<string, string>,
): FeedEntry | null {
  if (row.actorId && viewer.blocked.has(row.actorId)) return null;
  const kind = row.kind as Exclude<FeedKind, 'connection'>;
  const actorName = actor ? feedName(viewer, actor) : null;
  return {
    id: row.id,
    kind,
    text: personalText(kind, actorName ?? 'Someone', row.subjectId ? (names.get(row.subjectId) ?? null) : null),
    actor_name: actorName,
    created_at: row.createdAt.toISOString(),
    subject_id: row.subjectId,
  };
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

/**
 * The feed as one viewer sees it, newest first, at most FEED_MAX lines. Entries by people
 * blocked either way are left out, as they are everywhere (DESIGN 5); new connections are
 * counted per hour and never say who connected with whom. Answers null when the window
 * holds too few lines the viewer may see while the event has more.
 */
export function feedAsSeen(viewer: ViewerContext, w: FeedWindow, windowFull: boolean): FeedEntry[] | null {
  const entries: FeedEntry[] = [];
  let personal = 0;
  for (const row of w.personal) {
    if (personal >= FEED_MAX) break;
    const e = personalEntry(viewer, row, row.actorId ? w.actors.get(row.actorId) : undefined, w.names);
    if (e) {
      entries.push(e);
      personal++;
    }
  }
  if (personal < FEED_MAX && windowFull) return null;
  for (const h of w.hourly) {
    entries.push({
      id: connectionsEntryId(new Date(h.hour)),
      kind: 'connection',
      text: connectionsText(h.n),
      actor_name: null,
      created_at: h.latest,
      subject_id: null,
    });
  }
  entries.sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : a.id < b.id ? 1 : -1));
  return entries.slice(0, FEED_MAX);
}

/** GET /events/{id}/feed for one viewer, straight from the database. */
export async function eventFeed(db: Queryable, eventId: string, viewer: ViewerContext): Promise<FeedEntry[]> {
  return feedAsSeen(viewer, await readFeedWindow(db, eventId, viewer.blocked, FEED_MAX), false)!;
}

/**
 * Sends a stored feed entry live as `event_feed` to the attendees, each seeing it as in
 * GET /events/{id}/feed: attendees blocked either way with the actor get nothing, the
 * others the actor's name or "Someone" as their relation allows. A connection entry
 * goes out as its hour's count, with the same id as in the list, so it replaces it.
 */
export async function publishFeedEntry(db: Queryable, realtime: Realtime, row: FeedRow, now: Date): Promise<void> {
  const recipients = await attendeeIds(db, row.eventId);
  if (row.kind === 'connection') {
    const hour = hourStart(row.createdAt);
    const [c] = await db
      .select({ n: count() })
      .from(feedEntries)
      .where(
        and(
          eq(feedEntries.eventId, row.eventId),
          eq(feedEntries.kind, 'connection'),
          gte(feedEntries.createdAt, hour),
          lte(feedEntries.createdAt, row.createdAt),
        ),
      );
    const feed: FeedEntry = {
      id: connectionsEntryId(hour),
      kind: 'connection',
      text: connectionsText(c?.n ?? 1),
      actor_name: null,
      created_at: row.createdAt.toISOString(),
      subject_id: null,
    };
    await realtime.toUsers(recipients, { type: 'event_feed', event_id: row.eventId, feed });
    return;
  }
  const actor = row.actorId ? (await peopleByIds(db, [row.actorId])).get(row.actorId) : undefined;
  const names = await communityNames(db, row.kind === 'community_join' && row.subjectId ? [row.subjectId] : []);
  // Recipients differ only in how they stand to the actor, so they fall into a few
  // groups that each get one message.
  const actorBlocked = row.actorId ? await blockedIdsOf(db, row.actorId) : new Set<string>();
  const actorConnected = row.actorId ? await connectionIdsOf(db, row.actorId) : new Set<string>();
  const groups = new Map<string, { feed: FeedEntry; to: string[] }>();
  for (const id of recipients) {
    const viewer: ViewerContext = {
      id,
      blocked: actorBlocked.has(id) && row.actorId ? new Set([row.actorId]) : new Set(),
      connected: actorConnected.has(id) && row.actorId ? new Set([row.actorId]) : new Set(),
      now,
    };
    const feed = personalEntry(viewer, row, actor, names);
    if (!feed) continue;
    const key = feed.text;
    const group = groups.get(key) ?? { feed, to: [] };
    group.to.push(id);
    groups.set(key, group);
  }
  for (const g of groups.values()) await realtime.toUsers(g.to, { type: 'event_feed', event_id: row.eventId, feed: g.feed });
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
