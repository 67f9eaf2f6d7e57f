/**
 * An event changed in a way its attendees are told of: taken down, shown again or
 * deleted by an admin (issue 16), cancelled by its organizers (issue 17). In one
 * transaction the event is locked and checked, the attendees' notifications stored
 * (before a deletion takes the attendance with them) and the event changed, with
 * whatever the caller records beside it (an audit row). Once that has committed, every
 * instance forgets what it kept of the event and its chats ('event.changed', the group
 * chats' tag), and the people told hear it live: their notification, and an
 * `event_changed` their open app follows.
 */
import type { EventChange } from '../../contract/live';
import { announceKept, tag } from '../cache/tags';
import type { Tx } from '../db/client';
import { lockEvent, type EventRow } from '../db/repositories/admin-events';
import { attendeeIds } from '../db/repositories/relations';
import { notFound } from '../core/errors';
import { publishNotifications, storeNotifications, type NewNotification } from './notify';
import { EVENT_NOT_FOUND } from '../access/events';
import type { Ctx } from './context';

export interface EventChangeTold {
  /** Refuses the change for the event as it stands (a 409, say), before anything is stored. */
  check?: (event: EventRow) => void;
  /** Who is told what, from the event's attendees as they stand. */
  notes: (event: EventRow, attendees: readonly string[]) => ReadonlyArray<{ userIds: readonly string[]; note: NewNotification }>;
  /** The change itself, and what is recorded with it; `told` is how many were told. */
  change: (tx: Tx, event: EventRow, now: Date, told: number) => Promise<void>;
  /** What the people told are sent live beside their notification. */
  live?: EventChange;
}

/** Answers how many people were told. */
export async function changeEventTelling(ctx: Ctx, id: string, how: EventChangeTold): Promise<number> {
  const now = ctx.clock();
  const told = await ctx.db.transaction(async (tx) => {
    const event = await lockEvent(tx, id);
    if (!event) throw notFound(EVENT_NOT_FOUND);
    how.check?.(event);
    const stored = [];
    for (const { userIds, note } of how.notes(event, await attendeeIds(tx, id))) {
      stored.push(...(await storeNotifications(tx, userIds, { ...note, at: now })).map((s) => ({ ...s, kind: note.kind })));
    }
    await how.change(tx, event, now, stored.length);
    return stored;
  });
  ctx.lifecycle.emit('event.changed', id);
  // Its chats join or leave everyone's inbox (kept memberships of group chats).
  announceKept(ctx, [tag.groupChats]);
  await publishNotifications(ctx, told);
  if (how.live && told.length) {
    await ctx.realtime.toUsers(
      told.map((t) => t.userId),
      { type: 'event_changed', event_id: id, change: how.live },
    );
  }
  return told.length;
}
