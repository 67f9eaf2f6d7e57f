/**
 * What is kept of each person (cache/kept.ts): their row, the lists that are their own,
 * and the events they attend now.
 */
import type { Db } from '../db/client';
import { haveConversed } from '../db/repositories/chat';
import { restsOf } from '../db/repositories/recap';
import { attendedEventIds, ongoingEventsOf } from '../db/repositories/relations';
import { findUserById, type UserRow } from '../db/repositories/users';
import { keptReads } from './kept';
import { tag } from './tags';

/**
 * A person's own list, kept until they or one of the people it shows change (their row,
 * relations or memberships: `user:` tags): `peopleOf` names those people. `also` adds
 * tags of the list itself (`own`: the writes that change it announce them) and of each item.
 */
export function keptOwnList<T>(
  ctx: { db: object; clock: () => Date },
  key: string,
  ownerId: string,
  read: () => Promise<T[]>,
  peopleOf: (item: T) => string | null,
  also: { own?: readonly string[]; of?: (item: T) => readonly string[] } = {},
): Promise<T[]> {
  return keptReads(ctx.db).read(`${key}:${ownerId}`, ctx.clock().getTime(), async () => {
    const value = await read();
    const tags = [tag.user(ownerId), ...(also.own ?? [])];
    for (const item of value) {
      const id = peopleOf(item);
      if (id) tags.push(tag.user(id));
      if (also.of) tags.push(...also.of(item));
    }
    return { value, tags };
  });
}

/** A person's row, kept until it changes ('user.changed' and the like announce every write of it). */
export function keptUserRow(ctx: { db: Db }, id: string, now: Date): Promise<UserRow | null> {
  return keptReads(ctx.db).read(`person:${id}`, now.getTime(), async () => ({ value: await findUserById(ctx.db, id), tags: [tag.user(id)] }));
}

/**
 * Whether both attend an event that is not over and not taken down (issue 16's rule for
 * strangers writing), from each person's kept events: retired when they join one or an
 * event of theirs changes, and by time as events end.
 */
export async function keptShareOngoingEvent(db: Db, a: string, b: string, now: Date): Promise<boolean> {
  const [mine, theirs] = await Promise.all([keptOngoingEvents(db, a, now), keptOngoingEvents(db, b, now)]);
  const t = now.getTime();
  const shared = new Set(mine.filter((e) => e.endTime.getTime() > t).map((e) => e.eventId));
  return theirs.some((e) => e.endTime.getTime() > t && shared.has(e.eventId));
}

/** The events a person attends that are not over (as read; the caller checks each end by `now`). */
export function keptOngoingEvents(db: Db, id: string, now: Date): Promise<Array<{ eventId: string; endTime: Date }>> {
  return keptReads(db).read(`ongoing-events:${id}`, now.getTime(), async () => {
    const value = await ongoingEventsOf(db, id, now);
    return { value, tags: [tag.user(id), ...value.map((e) => tag.event(e.eventId))] };
  });
}

/**
 * Whether both attend or attended one event (issue 40: people who met may know of each
 * other), from each person's kept events: retired when they join one ('event.joined'
 * announces the person) or an event of theirs changes or goes.
 */
export async function keptShareAnyEvent(db: Db, a: string, b: string, now: Date): Promise<boolean> {
  const attended = (id: string) =>
    keptReads(db).read(`attended-events:${id}`, now.getTime(), async () => {
      const value = await attendedEventIds(db, id);
      return { value, tags: [tag.user(id), ...value.map(tag.event)] };
    });
  const [mine, theirs] = await Promise.all([attended(a), attended(b)]);
  const [small, large] = mine.length <= theirs.length ? [mine, theirs] : [theirs, mine];
  const shared = new Set(small);
  return large.some((id) => shared.has(id));
}

/**
 * Whether the chat of `me` with `other` rests (issue 43 item 5), and since when, from the
 * chats of `me` that rest, kept until one of them rests or wakes (on any instance): a
 * message sent asks the database nothing for it.
 */
export async function keptRestOf(db: Db, me: string, other: string, now: Date): Promise<{ restedBy: string | null; since: Date } | null> {
  const rests = await keptReads(db).read(`rests:${me}`, now.getTime(), async () => ({ value: await restsOf(db, me), tags: [tag.rests(me)] }));
  return rests.get(other) ?? null;
}

/** Whether the two ever wrote to each other one to one, kept until either writes to the other. */
export function keptHaveConversed(db: Db, a: string, b: string, now: Date): Promise<boolean> {
  return keptReads(db).read(`conversed:${tag.chat(a, b)}`, now.getTime(), async () => ({
    value: await haveConversed(db, a, b),
    tags: [tag.chat(a, b), tag.user(a), tag.user(b)],
  }));
}
