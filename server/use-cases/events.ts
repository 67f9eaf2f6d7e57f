/** SPEC 7 events: the list, one event, creating one under the duplicate rule, joining. */
import type { CreateEventBody, Event } from '../../contract/events';
import { MESSAGES } from '../../contract/messages';
import { addAttendee, createEvent as storeEvent, eventsAsSeenBy, findEvent, listEventRows } from '../db/repositories/events';
import { maybePurgeExpiredLocations } from '../db/repositories/locations';
import { isAttendee } from '../db/repositories/relations';
import type { UserRow } from '../db/repositories/users';
import { EVENT_NOT_FOUND } from '../domain/access';
import { badRequest, conflict, notFound } from '../errors';
import type { Ctx } from './context';

export const EVENT_ENDED = 'This event has already ended';

export async function listEvents(ctx: Ctx, me: UserRow): Promise<Event[]> {
  const now = ctx.clock();
  // The list is loaded by everyone often: a cheap moment to apply the position retention rule.
  await maybePurgeExpiredLocations(ctx.db, now);
  return eventsAsSeenBy(ctx.db, await listEventRows(ctx.db, now), me.id, now);
}

export async function getEvent(ctx: Ctx, me: UserRow, eventId: string): Promise<Event> {
  const row = await findEvent(ctx.db, eventId);
  if (!row) throw notFound(EVENT_NOT_FOUND);
  const [event] = await eventsAsSeenBy(ctx.db, [row], me.id, ctx.clock());
  return event!;
}

export async function createEvent(
  ctx: Ctx,
  me: UserRow,
  body: Omit<CreateEventBody, 'anxiety_friendly_features'> & { anxiety_friendly_features: string[] },
): Promise<Event> {
  const now = ctx.clock();
  if (Date.parse(body.end_time) <= now.getTime()) throw badRequest('end_time: must be in the future');
  const row = await storeEvent(ctx.db, body, me.id, now);
  if (!row) throw conflict(MESSAGES.duplicateEvent);
  const [event] = await eventsAsSeenBy(ctx.db, [row], me.id, now);
  return event!;
}

export async function joinEvent(ctx: Ctx, me: UserRow, eventId: string): Promise<void> {
  const now = ctx.clock();
  const event = await findEvent(ctx.db, eventId);
  if (!event) throw notFound(EVENT_NOT_FOUND);
  // Joining again is harmless, even after the end; joining anew an event that is over is not.
  if (event.endTime <= now && !(await isAttendee(ctx.db, event.id, me.id))) throw badRequest(EVENT_ENDED);
  if (await addAttendee(ctx.db, event.id, me.id, now)) ctx.lifecycle.emit('event.joined', event.id, me.id);
}
