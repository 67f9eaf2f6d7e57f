/**
 * The organizer tools (issue 17): the event's organizer (its creator) and the
 * co-organizers they name edit or cancel it, place its safe zones, start its interest
 * groups, name co-organizers and send announcements. Who may is access/events.ts
 * (`eventForOrganizer`). Each write locks the event row, so the rules that span rows
 * (zone and group names, the duplicate rule, the announcement cap) hold under concurrent
 * calls; once it has committed every instance forgets what it kept of the event
 * ('event.changed', or the event's kept tag for its interest groups), and the attendees'
 * open apps are told live what to read again (`event_changed`).
 */
import type { Event } from '../../contract/events';
import type { EventChange } from '../../contract/live';
import { MESSAGES } from '../../contract/messages';
import {
  ANNOUNCEMENTS_SHOWN,
  ANNOUNCEMENT_WINDOW_MS,
  type AnnouncementAnswer,
  type AnnouncementsAnswer,
  type NewCommunity,
  type Organizer,
  ORGANIZER_NOTES,
  announcementsTooFast,
} from '../../contract/organizer';
import { eventStarts } from '../../contract/organizer-words';
import type { SafeZone } from '../../contract/discovery';
import { eventPeople } from '../cache/event-people';
import { announceKept, tag } from '../cache/tags';
import { relationsOf } from '../cache/relations';
import type { Tx } from '../db/client';
import { deleteEvent, lockEvent } from '../db/repositories/admin-events';
import { communityNameTaken, insertCommunity } from '../db/repositories/communities';
import { type EventChanges, type EventRow, breaksDuplicateRule, changeEvent, lockEventLocation } from '../db/repositories/events';
import {
  addCoOrganizer,
  announcementTimesSince,
  coOrganizerIds,
  insertAnnouncement,
  listAnnouncements,
} from '../db/repositories/organizers';
import { attendeeIds } from '../db/repositories/relations';
import { toAnnouncement } from '../presenters/organizer';
import type { UserRow } from '../db/repositories/users';
import { deleteZone, findZone, insertZone, updateZone, zoneNameTaken, type ZoneFields } from '../db/repositories/zones';
import { announcementCap } from '../domain/announcements';
import { JOIN_TO_SEE, eventForAttendee, eventForOrganizer, newCoOrganizer, shownEvent, zoneOfEvent } from '../access/events';
import { badRequest, conflict, tooManyRequests } from '../core/errors';
import { links, notify, publishNotifications, storeNotifications, type NewNotification } from './notify';
import type { Ctx } from './context';
import { changeEventTelling } from './event-changes';
import { END_NOT_FUTURE, getEvent, organizerAsSeen, peopleAway } from './events';
import { asWritten, type Said } from '../../contract/said';

export const ZONE_NAME_TAKEN: Said = /*i18n*/ { id: 'error.field.zoneNameTaken', message: 'name: this event already has a zone with that name' };
export const COMMUNITY_NAME_TAKEN: Said = /*i18n*/ { id: 'error.field.groupNameTaken', message: 'name: this event already has an interest group with that name' };
export const CANCEL_ENDED: Said = /*i18n*/ { id: 'error.cancelEnded', message: 'This event has already ended: it can no longer be cancelled' };
const END_BEFORE_START_FIELD: Said = /*i18n*/ { id: 'error.field.endBeforeStart', message: 'end_time: must be after the start time' };

/** The event locked until the transaction ends; gone meanwhile (or taken down) answers 404. */
const lockShownEvent = async (tx: Tx, eventId: string): Promise<EventRow> => shownEvent(await lockEvent(tx, eventId));

/** The people who hear live that the event changed: its attendees, or only its organizers. */
async function tellChanged(ctx: Ctx, eventId: string, change: EventChange, to?: readonly string[]): Promise<void> {
  const userIds = to ?? (await attendeeIds(ctx.db, eventId));
  await ctx.realtime.toUsers(userIds, { type: 'event_changed', event_id: eventId, change });
}

/** The event was edited or its zones changed: every instance reads it again (its zones with it). */
async function eventChanged(ctx: Ctx, eventId: string, change: EventChange): Promise<void> {
  ctx.lifecycle.emit('event.changed', eventId);
  await tellChanged(ctx, eventId, change);
}

/** What the body changes of the event, leaving out what it repeats. */
function changesOf(row: EventRow, body: UpdateEvent): EventChanges {
  const c: EventChanges = {};
  if (body.name !== undefined && body.name !== row.name) c.name = body.name;
  if (body.description !== undefined && body.description !== row.description) c.description = body.description;
  if (body.location !== undefined && body.location !== row.location) c.location = body.location;
  if (body.event_type !== undefined && body.event_type !== row.eventType) c.eventType = body.event_type;
  if (body.start_time !== undefined && Date.parse(body.start_time) !== row.startTime.getTime()) c.startTime = new Date(body.start_time);
  if (body.end_time !== undefined && Date.parse(body.end_time) !== row.endTime.getTime()) c.endTime = new Date(body.end_time);
  if (body.time_zone !== undefined && body.time_zone !== row.timeZone) c.timeZone = body.time_zone;
  if (body.anxiety_friendly_features !== undefined) {
    const features = [...new Set(body.anxiety_friendly_features)];
    if (JSON.stringify(features) !== JSON.stringify(row.anxietyFriendlyFeatures)) c.anxietyFriendlyFeatures = features;
  }
  return c;
}

/** PUT /events/{id}'s body as parsed. */
export interface UpdateEvent {
  name?: string;
  description?: string;
  location?: string;
  event_type?: string;
  start_time?: string;
  end_time?: string;
  anxiety_friendly_features?: string[];
  time_zone?: string;
}

/** When an event starts, as attendees read it: in its own zone, which is named (contract eventStarts). */
export function startsAt(row: Pick<EventRow, 'startTime' | 'timeZone'>): Said {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: row.timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(row.startTime);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return eventStarts({
    weekday: part('weekday').slice(0, 3).toLowerCase(),
    day: Number(part('day')),
    month: part('month').slice(0, 3).toLowerCase(),
    time: `${part('hour')}:${part('minute')}`,
    zone: row.timeZone.replace(/_/g, ' '),
  });
}

/**
 * PUT /events/{id}: the changes, under the duplicate rule for the event as it would
 * stand (itself left out). When it moves (another place or start) its attendees are told
 * kindly, in their notifications too.
 */
export async function updateEvent(ctx: Ctx, me: UserRow, eventId: string, body: UpdateEvent): Promise<Event> {
  const now = ctx.clock();
  await eventForOrganizer(ctx.db, eventId, me.id);
  const { changes, after, told } = await ctx.db.transaction(async (tx) => {
    const row = await lockShownEvent(tx, eventId);
    const changes = changesOf(row, body);
    const start = changes.startTime ?? row.startTime;
    const end = changes.endTime ?? row.endTime;
    if (end <= start) throw badRequest(END_BEFORE_START_FIELD);
    if ((changes.startTime || changes.endTime) && end <= now) throw badRequest(END_NOT_FUTURE);
    if (changes.location !== undefined || changes.startTime || changes.timeZone) {
      const place = { location: changes.location ?? row.location, start, timeZone: changes.timeZone ?? row.timeZone };
      await lockEventLocation(tx, place.location);
      if (await breaksDuplicateRule(tx, place, row.id)) throw conflict(MESSAGES.duplicateEvent);
    }
    if (Object.keys(changes).length === 0) return { changes, after: row, told: [] };
    const after = await changeEvent(tx, row.id, changes);
    const moved = changes.location !== undefined || changes.startTime !== undefined;
    const others = moved ? (await attendeeIds(tx, eventId)).filter((id) => id !== me.id) : [];
    const { title, content } = ORGANIZER_NOTES.changed;
    const told = await storeNotifications(tx, others, {
      kind: 'event_changed',
      title,
      content: content({ name: after.name, when: startsAt(after), where: after.location }),
      link: links.event(eventId),
      at: now,
    });
    return { changes, after, told };
  });
  if (Object.keys(changes).length > 0) {
    // A new name renames its chat for everyone, which inboxes show.
    if (changes.name !== undefined) announceKept(ctx, [tag.groupChats]);
    await eventChanged(ctx, after.id, 'details');
    await publishNotifications(ctx, told);
  }
  return getEvent(ctx, me, eventId);
}

/**
 * DELETE /events/{id}: the event is cancelled, and goes with its attendance, chats,
 * photos, feed and zones, as an admin's removal does (use-cases/event-changes.ts). Every
 * other attendee is told kindly, live and in their notifications, with the organizer's
 * reason (left out for anyone blocked either way with them). An event that is over is
 * not cancelled.
 */
export async function cancelEvent(ctx: Ctx, me: UserRow, eventId: string, reason: string): Promise<number> {
  const now = ctx.clock();
  await eventForOrganizer(ctx.db, eventId, me.id);
  const blocked = (await relationsOf(ctx.db, me.id, now)).blocked;
  const { title: titleOf, content } = ORGANIZER_NOTES.cancelled;
  return changeEventTelling(ctx, eventId, {
    check: (event) => {
      shownEvent(event);
      if (event.endTime <= now) throw badRequest(CANCEL_ENDED);
    },
    notes: (event, attendees) => {
      const others = attendees.filter((id) => id !== me.id);
      const title = titleOf({ name: event.name });
      const note = (words: string | null): NewNotification => ({ kind: 'event_cancelled', title, content: content(event.name, words), link: null });
      return [
        { userIds: others.filter((id) => !blocked.has(id)), note: note(reason) },
        { userIds: others.filter((id) => blocked.has(id)), note: note(null) },
      ];
    },
    change: (tx, event) => deleteEvent(tx, event.id),
    live: 'cancelled',
  });
}

/** A zone's name is its own within the event (case aside): 409 otherwise. */
async function zoneNameFree(tx: Tx, eventId: string, name: string | undefined, exceptId: string | null = null): Promise<void> {
  if (name !== undefined && (await zoneNameTaken(tx, eventId, name, exceptId))) throw conflict(ZONE_NAME_TAKEN);
}

/** POST /events/{id}/safe-zones: the new zone, in every attendee's zone check at once, on every instance. */
export async function addZone(ctx: Ctx, me: UserRow, eventId: string, zone: ZoneFields): Promise<SafeZone> {
  await eventForOrganizer(ctx.db, eventId, me.id);
  const made = await ctx.db.transaction(async (tx) => {
    await lockShownEvent(tx, eventId);
    await zoneNameFree(tx, eventId, zone.name);
    return insertZone(tx, eventId, zone);
  });
  await eventChanged(ctx, eventId, 'zones');
  return made;
}

/** PUT /events/{id}/safe-zones/{zoneId}: the fields given change, the rest stay. */
export async function editZone(ctx: Ctx, me: UserRow, eventId: string, zoneId: string, changes: Partial<ZoneFields>): Promise<SafeZone> {
  await eventForOrganizer(ctx.db, eventId, me.id);
  const zone = await ctx.db.transaction(async (tx) => {
    await lockShownEvent(tx, eventId);
    zoneOfEvent(await findZone(tx, zoneId), eventId);
    await zoneNameFree(tx, eventId, changes.name, zoneId);
    return updateZone(tx, zoneId, changes);
  });
  await eventChanged(ctx, eventId, 'zones');
  return zone;
}

/** DELETE /events/{id}/safe-zones/{zoneId}. */
export async function removeZone(ctx: Ctx, me: UserRow, eventId: string, zoneId: string): Promise<void> {
  await eventForOrganizer(ctx.db, eventId, me.id);
  await ctx.db.transaction(async (tx) => {
    await lockShownEvent(tx, eventId);
    zoneOfEvent(await findZone(tx, zoneId), eventId);
    await deleteZone(tx, zoneId);
  });
  await eventChanged(ctx, eventId, 'zones');
}

/**
 * POST /events/{id}/micro-communities: the interest group with its group chat, made
 * together. Its maker is not made a member: they join like anyone else.
 */
export async function addCommunity(
  ctx: Ctx,
  me: UserRow,
  eventId: string,
  body: { name: string; description: string; interest_tag: string },
): Promise<NewCommunity> {
  await eventForOrganizer(ctx.db, eventId, me.id);
  const { community, groupChatId } = await ctx.db.transaction(async (tx) => {
    await lockShownEvent(tx, eventId);
    if (await communityNameTaken(tx, eventId, body.name)) throw conflict(COMMUNITY_NAME_TAKEN);
    return insertCommunity(tx, eventId, body, ctx.clock());
  });
  // The event's communities and group chats are kept under its tag; a chat was made.
  announceKept(ctx, [tag.event(eventId), tag.groupChats]);
  await tellChanged(ctx, eventId, 'communities');
  return {
    id: community.id,
    name: community.name,
    description: community.description,
    interest_tag: community.interestTag,
    member_count: 0,
    is_member: false,
    group_chat_id: groupChatId,
  };
}

/** The organizer, then the co-organizers in the order they were named, as `me` may see them (DESIGN 5). */
async function organizerList(ctx: Ctx, me: UserRow, event: EventRow): Promise<{ list: Organizer[]; ids: string[] }> {
  const now = ctx.clock();
  const co = await coOrganizerIds(ctx.db, event.id);
  const roles = new Map<string, Organizer['role']>(co.map((id) => [id, 'co_organizer']));
  if (event.createdBy) roles.set(event.createdBy, 'organizer');
  const ids = [...(event.createdBy ? [event.createdBy] : []), ...co.filter((id) => id !== event.createdBy)];
  const [people, rel] = await Promise.all([eventPeople(ctx.db, event.id, now), relationsOf(ctx.db, me.id, now)]);
  const others = await peopleAway(ctx, ids.map((id) => [id, people] as const));
  const list = ids.flatMap((id) => {
    const seen = organizerAsSeen(me, rel, id, people, others, now);
    return seen ? [{ id: seen.id, name: seen.name, role: roles.get(id)! }] : [];
  });
  return { list, ids };
}

/** GET /events/{id}/organizers (organizers only). */
export async function organizers(ctx: Ctx, me: UserRow, eventId: string): Promise<Organizer[]> {
  const { event } = await eventForOrganizer(ctx.db, eventId, me.id);
  return (await organizerList(ctx, me, event)).list;
}

/**
 * POST /events/{id}/organizers: an attendee becomes a co-organizer, and is told so, live
 * and in their notifications. Naming someone again (or the organizer) changes nothing.
 */
export async function addOrganizer(ctx: Ctx, me: UserRow, eventId: string, otherId: string): Promise<Organizer[]> {
  const now = ctx.clock();
  const { event } = await eventForOrganizer(ctx.db, eventId, me.id);
  await newCoOrganizer(ctx.db, eventId, me.id, otherId, now);
  const added = event.createdBy !== otherId && (await addCoOrganizer(ctx.db, eventId, otherId, me.id, now));
  const { list, ids } = await organizerList(ctx, me, event);
  if (added) {
    // Their events list names their part from the event's kept people, read again everywhere.
    ctx.lifecycle.emit('event.changed', eventId);
    const { title, content } = ORGANIZER_NOTES.coOrganizer;
    await notify(ctx, otherId, { kind: 'co_organizer', title, content: content({ name: event.name }), link: links.event(eventId) });
    await tellChanged(ctx, eventId, 'organizers', ids);
  }
  return list;
}

/** The cap as answered: how many may still go out this hour, and when the next may when none. */
const capFields = (sent: readonly Date[], now: Date) => {
  const cap = announcementCap(sent, now);
  return { left_this_hour: cap.left, next_at: cap.nextAt?.toISOString() ?? null };
};

/**
 * POST /events/{id}/announcements: one calm message to every attendee (but the sender,
 * and anyone blocked either way with them), live and in their notifications; at most
 * ANNOUNCEMENTS_PER_HOUR an hour per event (429 with a kind detail past it).
 */
export async function announce(ctx: Ctx, me: UserRow, eventId: string, message: string): Promise<AnnouncementAnswer> {
  const now = ctx.clock();
  await eventForOrganizer(ctx.db, eventId, me.id);
  const blocked = (await relationsOf(ctx.db, me.id, now)).blocked;
  const { announcement, stored, sent } = await ctx.db.transaction(async (tx) => {
    const event = await lockShownEvent(tx, eventId);
    const sent = await announcementTimesSince(tx, eventId, new Date(now.getTime() - ANNOUNCEMENT_WINDOW_MS));
    const { nextAt } = announcementCap(sent, now);
    if (nextAt) {
      const waitMs = nextAt.getTime() - now.getTime();
      throw tooManyRequests(Math.ceil(waitMs / 1000), announcementsTooFast(Math.ceil(waitMs / 60_000)));
    }
    const announcement = await insertAnnouncement(tx, eventId, me.id, message, now);
    const recipients = (await attendeeIds(tx, eventId)).filter((id) => id !== me.id && !blocked.has(id));
    const stored = await storeNotifications(tx, recipients, {
      kind: 'event_announcement',
      title: ORGANIZER_NOTES.announcement.title({ name: event.name }),
      content: asWritten(message),
      link: links.event(eventId),
      at: now,
    });
    return { announcement, stored, sent: [...sent, now] };
  });
  await publishNotifications(ctx, stored, { kind: 'event_announcement' });
  await tellChanged(ctx, eventId, 'announcement');
  return { success: true, announcement: toAnnouncement(announcement), attendees_told: stored.length, ...capFields(sent, now) };
}

/**
 * GET /events/{id}/announcements (attendees): the newest first, without those sent by
 * someone blocked either way with the reader, and what the cap leaves.
 */
export async function announcements(ctx: Ctx, me: UserRow, eventId: string): Promise<AnnouncementsAnswer> {
  const now = ctx.clock();
  await eventForAttendee(ctx.db, eventId, me.id, now, JOIN_TO_SEE.announcements);
  const [rows, sent, rel] = await Promise.all([
    listAnnouncements(ctx.db, eventId, ANNOUNCEMENTS_SHOWN),
    announcementTimesSince(ctx.db, eventId, new Date(now.getTime() - ANNOUNCEMENT_WINDOW_MS)),
    relationsOf(ctx.db, me.id, now),
  ]);
  const shown = rows.filter((r) => !r.authorId || !rel.blocked.has(r.authorId)).map(toAnnouncement);
  return { announcements: shown, ...capFields(sent, now) };
}
