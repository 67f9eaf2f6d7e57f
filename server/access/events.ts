/**
 * DESIGN 4's object-level rules about events: the event's own things (people, zones,
 * chats, photos, feed, analytics) are for its attendees, its organizer tools for its
 * organizers. Each rule answers the object it checked (so callers do not read it twice)
 * or throws: 404 for an event that does not exist for the actor, 403 for one that is not
 * theirs to use.
 */
import type { OrganizerRole } from '../../contract/events';
import { type EventPeople, eventPeopleFor } from '../cache/event-people';
import { badRequest, forbidden, notFound } from '../core/errors';
import type { Db, Queryable } from '../db/client';
import { findCommunity, type CommunityRow } from '../db/repositories/communities';
import { findEventWithAttendance, type EventRow } from '../db/repositories/events';
import { findEventWithOrganizing } from '../db/repositories/organizers';
import type { EventInfo } from '../db/repositories/people';
import { isAttendee } from '../db/repositories/relations';
import type { UserRow } from '../db/repositories/users';
import type { ZoneRow } from '../db/repositories/zones';
import { notSelf, reachablePerson } from './people';
import { type Said, sentence } from '../../contract/said';

export const EVENT_NOT_FOUND: Said = /*i18n*/ { id: 'error.eventNotFound', message: 'Event not found' };
export const NOT_ATTENDING: Said = /*i18n*/ { id: 'error.notAttending', message: 'You need to join this event first' };

/** A person named by a field of the request does not attend the event. */
const notAttendingField = sentence(
  /*i18n*/ { id: 'error.field.notAttending', message: '{field}: is not attending this event' },
  ({ field }: { field: string }) => `${field}: is not attending this event`,
);

/** Refusals that say what joining the event would give. */
export const JOIN_TO_SEE = {
  people: /*i18n*/ { id: 'error.joinToSee.people', message: 'Join this event to see who is here' },
  zones: /*i18n*/ { id: 'error.joinToSee.zones', message: 'Join this event to see its safe zones' },
  communities: /*i18n*/ { id: 'error.joinToSee.communities', message: 'Join this event to see its interest groups' },
  location: /*i18n*/ { id: 'error.joinToSee.location', message: 'Join this event to share where you are' },
  shared: /*i18n*/ { id: 'error.joinToSee.shared', message: 'Join the event first to see what its attendees share' },
  announcements: /*i18n*/ { id: 'error.joinToSee.announcements', message: 'Join this event to read its announcements' },
} as const;

/** An event and whether the actor attends it, however it was read. */
export interface Attendance<E> {
  event: E;
  attending: boolean;
}

/** The event's own things (people, zones, chats, photos, feed, analytics) are for its attendees. */
export function attendedEvent<E>(found: Attendance<E> | null, refusal: Said = NOT_ATTENDING): E {
  if (!found) throw notFound(EVENT_NOT_FOUND);
  if (!found.attending) throw forbidden(refusal);
  return found.event;
}

/**
 * The event, if `userId` attends it: 404 unknown, 403 with `refusal` otherwise. Asked of
 * the event's kept people (cache/event-people.ts), which ask the database before
 * refusing someone who joined elsewhere a moment ago.
 */
export async function eventForAttendee(
  db: Db,
  eventId: string,
  userId: string,
  now: Date,
  refusal: Said = NOT_ATTENDING,
): Promise<EventInfo> {
  return (await peopleForAttendee(db, eventId, userId, now, refusal)).event;
}

/** eventForAttendee, answering the event's kept people (for what is worked out from who attends). */
export async function peopleForAttendee(
  db: Db,
  eventId: string,
  userId: string,
  now: Date,
  refusal: Said = NOT_ATTENDING,
): Promise<EventPeople> {
  const found = await eventPeopleFor(db, eventId, userId, now);
  return attendedEvent(found && { event: found.people, attending: found.attending }, refusal);
}

/** The event row itself, if `userId` attends it (one query), for what the kept people do not carry. */
export async function eventRowForAttendee(
  db: Queryable,
  eventId: string,
  userId: string,
  refusal: Said = NOT_ATTENDING,
): Promise<EventRow> {
  return attendedEvent(await findEventWithAttendance(db, eventId, userId), refusal);
}

/** A request or connection at an event needs both people there. */
export async function bothAttend(db: Db, eventId: string, actorId: string, otherId: string, field: string, now: Date): Promise<EventInfo> {
  const event = await eventForAttendee(db, eventId, actorId, now);
  // The kept people of the event first; someone who joined elsewhere is asked of the database.
  if (!(await eventPeopleFor(db, eventId, otherId, now))?.attending) throw badRequest(notAttendingField({ field }));
  return event;
}

/** An event an attendee may see: one taken down by an admin is unknown to them (404). */
export function shownEvent<E extends { hiddenAt: Date | null }>(row: E | null): E {
  if (!row || row.hiddenAt) throw notFound(EVENT_NOT_FOUND);
  return row;
}

export const ORGANIZERS_ONLY: Said = /*i18n*/ { id: 'error.organizersOnly', message: 'Only the organizers of this event can do that' };

/** Someone's part in organizing an event (issue 17): its creator, a co-organizer they named, or none. */
export function organizerRoleOf(event: { createdBy: string | null }, coOrganizers: readonly string[], userId: string): OrganizerRole | null {
  if (event.createdBy === userId) return 'organizer';
  return coOrganizers.includes(userId) ? 'co_organizer' : null;
}

/**
 * The organizer tools (issue 17) are for the event's organizer (its creator) and the
 * co-organizers they named: anyone else, attendee or not, 403; an unknown event, or one an
 * admin took down, 404. Asked of the database, not a kept copy: a co-organizer named a
 * moment ago on another instance may act at once.
 */
export async function eventForOrganizer(db: Queryable, eventId: string, userId: string): Promise<{ event: EventRow; role: OrganizerRole }> {
  const found = await findEventWithOrganizing(db, eventId, userId);
  const event = shownEvent(found?.event ?? null);
  const role = organizerRoleOf(event, found!.coOrganizer ? [userId] : [], userId);
  if (!role) throw forbidden(ORGANIZERS_ONLY);
  return { event, role };
}

/** A zone is changed only through its own event: any other is unknown there (404). */
export function zoneOfEvent(zone: ZoneRow | null, eventId: string): ZoneRow {
  if (!zone || zone.eventId !== eventId) throw notFound(/*i18n*/ { id: 'error.safeZoneNotFound', message: 'Safe zone not found' });
  return zone;
}

/**
 * Who may become a co-organizer: someone the organizer may deal with (unknown, blocked
 * either way, deactivated or banned people answer 404 alike) who attends the event.
 */
export async function newCoOrganizer(db: Db, eventId: string, actorId: string, otherId: string, now: Date): Promise<UserRow> {
  notSelf(actorId, otherId, 'user_id_to_add', 'add');
  const person = await reachablePerson(db, actorId, otherId, now);
  if (!(await isAttendee(db, eventId, otherId))) throw badRequest(/*i18n*/ { id: 'error.field.coOrganizerNotAttending', message: 'user_id_to_add: is not attending this event' });
  return person;
}

/** An interest group is joined by the attendees of its event. */
export async function communityForAttendee(db: Queryable, communityId: string, userId: string): Promise<CommunityRow> {
  const community = await findCommunity(db, communityId);
  if (!community) throw notFound(/*i18n*/ { id: 'error.interestGroupNotFound', message: 'Interest group not found' });
  if (!(await isAttendee(db, community.eventId, userId))) throw forbidden(JOIN_TO_SEE.communities);
  return community;
}

/** A photo exists for the viewer only while its uploader does (not blocked, banned or gone). */
export function visiblePhoto<P>(photo: P | null, uploaderExists: boolean): P {
  if (!photo || !uploaderExists) throw notFound(/*i18n*/ { id: 'error.photoNotFound', message: 'Photo not found' });
  return photo;
}

/** Only an attendee's `join_event` on the live channel counts (others are ignored, unanswered). */
export async function mayFollowEventLive(db: Queryable, eventId: string, userId: string): Promise<boolean> {
  return isAttendee(db, eventId, userId);
}
