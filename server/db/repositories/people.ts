/**
 * People as DESIGN 5 judges and shows them: the columns read for it (never the password
 * hash), the one mapping to `projectFor`'s candidate, an event's attendees with their
 * positions and relations as read for nearby people (server/cache/event-people.ts keeps
 * them), and search.
 */
import { type AnyColumn, type SQL, and, asc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { CommunicationStyle, VisibilityMode } from '../../../contract/constants';
import { REQUEST_LAPSE_MS } from '../../../contract/social';
import type { Fix } from '../../domain/geo';
import { isAway } from '../../domain/status';
import { PRIVACY_DEFAULTS, type PrivacySettings } from '../../../contract/discovery';
import type { VisibleCandidate } from '../../domain/visibility';
import type { Queryable } from '../client';
import {
  blocks,
  connectionRequests,
  connections,
  eventAttendees,
  eventOrganizers,
  events,
  quietPresence,
  restrictedPresence,
  userLocations,
  users,
} from '../schema';
import { isBanActive } from '../../domain/bans';
import type { UserRow } from './users';

/** The columns a person is judged and shown by: never the password hash. */
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
  photoData: users.photoData,
  socialBattery: users.socialBattery,
  isAvailable: users.isAvailable,
  visibilityMode: users.visibilityMode,
  showLocation: users.showLocation,
  showInterests: users.showInterests,
  showProfilePicture: users.showProfilePicture,
  autoHideInRestrictedZones: users.autoHideInRestrictedZones,
  anonymousBrowsing: users.anonymousBrowsing,
  safeSpaceMode: users.safeSpaceMode,
  quietWhenLowBattery: users.quietWhenLowBattery,
  // Issue 43: on the card, so nearby people carry them from the kept row.
  openingMoves: users.openingMoves,
  openToHello: users.openToHello,
  isActive: users.isActive,
  isBanned: users.isBanned,
  bannedUntil: users.bannedUntil,
  // A break and a review hold keep them out of lists for a while (issue 16).
  status: users.status,
  statusUntil: users.statusUntil,
  reviewHoldAt: users.reviewHoldAt,
  // Deleted for good (issue 42): the bare id others' messages name, "Former attendee".
  erasedAt: users.erasedAt,
};
export type PersonRow = Pick<UserRow, keyof typeof personColumns>;

/**
 * A person as shared spaces show them (group chats, photos, likes, the feed, an event's
 * creator): without the photo, which they never show, and without what keeps a person
 * out of lists for a while, which never changes how an author is shown.
 */
const {
  photoData: _photo,
  quietWhenLowBattery: _quiet,
  status: _status,
  statusUntil: _until,
  reviewHoldAt: _hold,
  openingMoves: _moves,
  openToHello: _hello,
  ...authorColumns
} = personColumns;
export { authorColumns };
export type Person = Pick<PersonRow, keyof typeof authorColumns>;

export async function peopleByIds(db: Queryable, ids: readonly string[]): Promise<Map<string, Person>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.select(authorColumns).from(users).where(inArray(users.id, unique));
  return new Map(rows.map((r) => [r.id, r]));
}

export function privacyOf(row: CandidateRow): PrivacySettings {
  return {
    visibility_mode: row.visibilityMode as VisibilityMode,
    show_location: row.showLocation,
    show_interests: row.showInterests,
    show_profile_picture: row.showProfilePicture,
    auto_hide_in_restricted_zones: row.autoHideInRestrictedZones,
    anonymous_browsing: row.anonymousBrowsing,
    safe_space_mode: row.safeSpaceMode,
    // Shared spaces read people without it: it never changes how an author is shown.
    quiet_when_low_battery: row.quietWhenLowBattery ?? PRIVACY_DEFAULTS.quiet_when_low_battery,
  };
}

/** What keeps a person out of lists for a while: read by every list of people (personColumns). */
type HoldColumns = 'status' | 'statusUntil' | 'reviewHoldAt';

/**
 * A person without their photo (lists that never show one do not read it). Shared
 * spaces read people without the hold columns: a break or a review hold never changes
 * how an author is shown (domain/visibility.ts, purpose 'person').
 */
export type CandidateRow = Omit<PersonRow, 'photoData' | HoldColumns | 'quietWhenLowBattery' | 'openingMoves' | 'openToHello'> & { photoData?: string | null } & Partial<
    Pick<PersonRow, HoldColumns | 'quietWhenLowBattery'>
  >;

/**
 * A person's profile in the contract's words, mapped once: for `candidateOf` below and a
 * person's own account (presenters/users.ts). It stays on this floor, as
 * cache/event-people.ts reads `candidateOf` and may not import a presenter.
 */
export const profileFieldsOf = (row: CandidateRow) => ({
  age: row.age,
  occupation: row.occupation,
  interests: row.interests,
  social_preferences: row.socialPreferences,
  personality_traits: row.personalityTraits,
  communication_style: row.communicationStyle as CommunicationStyle,
});

/** A user as DESIGN 5's `projectFor` takes them; the one mapping every list uses. */
export function candidateOf(row: CandidateRow, now: Date): VisibleCandidate {
  return {
    id: row.id,
    username: row.username,
    name: row.name,
    ...profileFieldsOf(row),
    photo_data: row.photoData ?? null,
    is_active: row.isActive,
    is_banned: isBanActive(row, now),
    is_available: row.isAvailable,
    is_away: row.status !== undefined && row.statusUntil !== undefined && isAway({ status: row.status, statusUntil: row.statusUntil }, now),
    under_review: row.reviewHoldAt != null,
    is_erased: row.erasedAt != null,
    social_battery: row.socialBattery,
    privacy: privacyOf(row),
  };
}

/** The facts of an event that nearby people and ice breakers use. */
export interface EventInfo {
  id: string;
  name: string;
  eventType: string;
  startTime: Date;
  endTime: Date;
  /** Its organizer (issue 17), null once their account is gone. */
  createdBy: string | null;
  /** The co-organizers they named, in the order they were named. */
  coOrganizers: readonly string[];
}

/** The event, unless an admin took it down: then its people are nobody's to see (404). */
export async function findEventInfo(db: Queryable, eventId: string): Promise<EventInfo | null> {
  const [event] = await db
    .select({
      id: events.id,
      name: events.name,
      eventType: events.eventType,
      startTime: events.startTime,
      endTime: events.endTime,
      createdBy: events.createdBy,
      // In the same read: GET /events says who organizes from the kept copy, with no query of its own.
      coOrganizers: sql<string[]>`array(select o.user_id::text from ${eventOrganizers} o where o.event_id = ${events.id} order by o.created_at, o.user_id)`,
    })
    .from(events)
    .where(and(eq(events.id, eventId), isNull(events.hiddenAt)))
    .limit(1);
  return event ?? null;
}

/** An attendee as read: their row, latest stored position, and restricted presence without one. */
export interface AttendeeRow {
  person: PersonRow;
  /** When they joined the event (ms): lists of attendees are in joining order. */
  joinedAt: number;
  location: Fix | null;
  /** Inside a restricted zone while hiding their location (restricted_presence). */
  restrictedUnseen: boolean;
  /** When they last reported a position inside a quiet zone (quiet_presence, ms), or null. */
  quietAt: number | null;
  /** The quiet zone of that presence, or null. */
  quietZoneId: string | null;
  /** Their id at this event to those they are anonymous to (issue 40). */
  pseudonym: string;
}

/** A page of an event's attendees in the order of their ids: at most `limit`, those after `after` (null: from the first). */
export interface AttendeePage {
  after: string | null;
  limit: number;
}

/**
 * The attendees (all, only `ids`, or a page) with their latest positions. Plain indexed
 * reads rather than one join: the join's plan depended on fresh table statistics, which
 * PGlite never gathers by itself, and without them it compared every attendee with
 * every position. A page's positions and presences are read for its range of ids.
 */
export async function attendeeRows(db: Queryable, eventId: string, which: readonly string[] | AttendeePage | null): Promise<AttendeeRow[]> {
  const page = which !== null && 'limit' in which ? which : null;
  const ids = page ? null : (which as readonly string[] | null);
  const people = db
    .select({ person: personColumns, joinedAt: eventAttendees.joinedAt, pseudonym: eventAttendees.pseudonym })
    .from(eventAttendees)
    .innerJoin(users, eq(users.id, eventAttendees.userId))
    .where(
      and(
        eq(eventAttendees.eventId, eventId),
        ids ? inArray(eventAttendees.userId, [...ids]) : undefined,
        page?.after ? gt(eventAttendees.userId, page.after) : undefined,
      ),
    );
  // Whose positions and presences to read: all, `ids`, or (once it is known) the page's range of ids.
  let whose = (col: AnyColumn): SQL | undefined => (ids ? inArray(col, [...ids]) : undefined);
  let pageRows: Awaited<typeof people> | null = null;
  if (page) {
    pageRows = await people.orderBy(asc(eventAttendees.userId)).limit(page.limit);
    if (pageRows.length === 0) return [];
    const last = pageRows.at(-1)!.person.id;
    whose = (col) => and(page.after ? gt(col, page.after) : undefined, lte(col, last));
  }
  const [peopleRows, positions, presence, quiet] = await Promise.all([
    pageRows ?? people,
    db
      .select({
        userId: userLocations.userId,
        latitude: userLocations.latitude,
        longitude: userLocations.longitude,
        at: userLocations.updatedAt,
      })
      .from(userLocations)
      .where(and(eq(userLocations.eventId, eventId), whose(userLocations.userId))),
    db
      .select({ userId: restrictedPresence.userId })
      .from(restrictedPresence)
      .where(and(eq(restrictedPresence.eventId, eventId), whose(restrictedPresence.userId))),
    db
      .select({ userId: quietPresence.userId, at: quietPresence.updatedAt, zoneId: quietPresence.zoneId })
      .from(quietPresence)
      .where(and(eq(quietPresence.eventId, eventId), whose(quietPresence.userId))),
  ]);
  const quietAt = new Map(quiet.map((q) => [q.userId, q]));
  const at = new Map(positions.map((p) => [p.userId, { latitude: p.latitude, longitude: p.longitude, at: p.at.getTime() }]));
  const unseen = new Set(presence.map((p) => p.userId));
  return peopleRows.map((r) => ({
    person: r.person,
    joinedAt: r.joinedAt.getTime(),
    location: at.get(r.person.id) ?? null,
    restrictedUnseen: unseen.has(r.person.id),
    quietAt: quietAt.get(r.person.id)?.at.getTime() ?? null,
    quietZoneId: quietAt.get(r.person.id)?.zoneId ?? null,
    pseudonym: r.pseudonym,
  }));
}

/** Blocks and connections between attendees (all, or those touching `ids`). */
export async function relationRows(db: Queryable, eventId: string, ids: readonly string[] | null) {
  type Col = typeof blocks.blockerId | typeof connections.user1;
  const attendeeOf = (col: Col) =>
    sql`exists (select 1 from ${eventAttendees} where ${eventAttendees.eventId} = ${eventId} and ${eventAttendees.userId} = ${col})`;
  const touching = (x: Col, y: Col) =>
    ids ? or(inArray(x, [...ids]), inArray(y, [...ids])) : undefined;
  const [blockRows, connectionRows] = await Promise.all([
    db
      .select({ a: blocks.blockerId, b: blocks.blockedId })
      .from(blocks)
      .where(and(touching(blocks.blockerId, blocks.blockedId), attendeeOf(blocks.blockerId), attendeeOf(blocks.blockedId))),
    db
      .select({ a: connections.user1, b: connections.user2 })
      .from(connections)
      .where(and(touching(connections.user1, connections.user2), attendeeOf(connections.user1), attendeeOf(connections.user2))),
  ]);
  return { blockRows, connectionRows };
}


export interface SearchFilter {
  query: string;
  interests: string[];
  professional_industry: string | null;
  communication_style: string | null;
  age_range: [number, number] | null;
}

/** `%text%` for ILIKE, with the pattern characters of the text taken literally. */
const containsPattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * POST /users/search (SPEC 3, 5). Narrows in SQL to people the searcher could see and
 * who match; the caller still passes every row through `projectFor`, which decides.
 * Someone the searcher would see anonymously matches on interests only: matching
 * their hidden name, occupation or age would tell who they are.
 */
export async function searchPeople(
  db: Queryable,
  viewerId: string,
  f: SearchFilter,
  now: Date,
  limit: number,
): Promise<
  Array<{ person: PersonRow; connected: boolean; blocked: boolean; sent: boolean; lapsed: boolean; received: boolean; canMessage: boolean }>
> {
  // Spelled out: in a select list Drizzle leaves a column unqualified, and inside these
  // subqueries a bare "id" would name the connection's own id.
  const userId = sql`${sql.identifier('users')}.${sql.identifier('id')}`;
  const connected = sql<boolean>`exists (select 1 from ${connections} c where (c.user1 = ${viewerId} and c.user2 = ${userId}) or (c.user2 = ${viewerId} and c.user1 = ${userId}))`;
  const blocked = sql<boolean>`exists (select 1 from ${blocks} b where (b.blocker_id = ${viewerId} and b.blocked_id = ${userId}) or (b.blocked_id = ${viewerId} and b.blocker_id = ${userId}))`;
  // As on attendee cards: every request of the viewer's counts (the sender is never told of
  // a decline), as waiting or, once REQUEST_LAPSE_MS has passed, lapsed; a request to the
  // viewer counts unless it is held, declined or lapsed.
  const cutoff = sql`${new Date(now.getTime() - REQUEST_LAPSE_MS).toISOString()}::timestamptz`;
  const sent = sql<boolean>`exists (select 1 from ${connectionRequests} r where r.from_user = ${viewerId} and r.to_user = ${userId} and r.created_at > ${cutoff})`;
  const lapsed = sql<boolean>`exists (select 1 from ${connectionRequests} r where r.from_user = ${viewerId} and r.to_user = ${userId} and r.created_at <= ${cutoff})`;
  const received = sql<boolean>`exists (select 1 from ${connectionRequests} r where r.to_user = ${viewerId} and r.from_user = ${userId} and not r.held and r.declined_at is null and r.created_at > ${cutoff})`;
  const anonymousToViewer = sql`(${users.visibilityMode} = 'anonymous' and not ${connected})`;
  const at = sql`${now.toISOString()}::timestamptz`;
  // access.ts writePermission, for the Chat button: connections, or strangers at an event
  // both attend that is not over; someone in safe space mode hears from connections only.
  const sharesOngoingEvent = sql`exists (select 1 from ${eventAttendees} x join ${eventAttendees} y on y.event_id = x.event_id join ${events} e on e.id = x.event_id where x.user_id = ${viewerId} and y.user_id = ${userId} and e.end_time > ${at} and e.hidden_at is null)`;
  const canMessage = sql<boolean>`(${connected} or (not ${users.safeSpaceMode} and ${sharesOngoingEvent}))`;
  const conditions = [
    sql`${users.id} <> ${viewerId}`,
    sql`${users.isActive}`,
    sql`not (${users.isBanned} and (${users.bannedUntil} is null or ${users.bannedUntil} > ${at}))`,
    // Away on a break, or held for review after reports: not found by search (issue 16).
    sql`not (${users.status} = 'away' and (${users.statusUntil} is null or ${users.statusUntil} > ${at}))`,
    sql`${users.reviewHoldAt} is null`,
    sql`(${users.visibilityMode} in ('public', 'anonymous') or (${users.visibilityMode} = 'friends' and ${connected}))`,
    sql`not ${blocked}`,
  ];
  if (f.query) {
    const p = containsPattern(f.query);
    conditions.push(
      sql`not ${anonymousToViewer} and (${users.name} ilike ${p} or ${users.username} ilike ${p} or coalesce(${users.occupation}, '') ilike ${p})`,
    );
  }
  if (f.professional_industry) {
    conditions.push(sql`not ${anonymousToViewer} and coalesce(${users.occupation}, '') ilike ${containsPattern(f.professional_industry)}`);
  }
  if (f.communication_style) {
    conditions.push(sql`not ${anonymousToViewer} and ${users.communicationStyle} = ${f.communication_style}`);
  }
  if (f.age_range) {
    conditions.push(sql`not ${anonymousToViewer} and ${users.age} between ${f.age_range[0]} and ${f.age_range[1]}`);
  }
  const wanted = [...new Set(f.interests.map((i) => i.trim().replace(/\s+/g, ' ').toLowerCase()).filter(Boolean))];
  if (wanted.length > 0) {
    // Hidden interests are not searchable either.
    conditions.push(
      sql`${users.showInterests} and exists (select 1 from jsonb_array_elements_text(${users.interests}) i where lower(regexp_replace(btrim(i), '\\s+', ' ', 'g')) in (${sql.join(
        wanted.map((w) => sql`${w}`),
        sql`, `,
      )}))`,
    );
  }
  return db
    .select({ person: personColumns, connected, blocked, sent, lapsed, received, canMessage })
    .from(users)
    .where(and(...conditions))
    .orderBy(sql`${anonymousToViewer}`, sql`lower(${users.name})`, asc(users.id))
    .limit(limit);
}

