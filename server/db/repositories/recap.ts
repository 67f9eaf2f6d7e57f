/**
 * What a recap is read from (issue 43 item 4): whom an attendee connected with, wrote to or
 * heard from, met or exchanged details with at an event since joining it; their private
 * notes; the once-only nudges; and chats resting for both (item 5).
 */
import { and, eq, gte, inArray, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db, Queryable } from '../client';
import { businessCards, chatMessages, chatRests, connections, contactExchanges, eventAttendees, events, meetings, recapNotes, recapNudges } from '../schema';
import type { RecapHow } from '../../../contract/recap';

/** The attendance of `userId` at `eventId`, with the event's times; null when they do not attend it or it is taken down. */
export async function attendanceOf(db: Queryable, eventId: string, userId: string) {
  const [row] = await db
    .select({ joinedAt: eventAttendees.joinedAt, startTime: events.startTime, endTime: events.endTime, name: events.name })
    .from(eventAttendees)
    .innerJoin(events, eq(events.id, eventAttendees.eventId))
    .where(and(eq(eventAttendees.eventId, eventId), eq(eventAttendees.userId, userId), isNull(events.hiddenAt)));
  return row ?? null;
}

/** At the event: naming it, or naming none and made between joining and the event's end. */
function atEvent(eventCol: AnyPgColumn, createdCol: AnyPgColumn, eventId: string, from: Date, to: Date): SQL {
  return and(gte(createdCol, from), or(eq(eventCol, eventId), and(isNull(eventCol), lte(createdCol, to))))!;
}

/** Each other person of the recap, with how they and `me` dealt with each other. */
export async function recapContacts(db: Db, eventId: string, me: string, from: Date, to: Date): Promise<Map<string, Set<RecapHow>>> {
  const other = (a: AnyPgColumn, b: AnyPgColumn) => sql<string>`case when ${a} = ${me} then ${b} else ${a} end`;
  const [connected, chatted, met, exchanged] = await Promise.all([
    db
      .select({ id: other(connections.user1, connections.user2) })
      .from(connections)
      .where(and(or(eq(connections.user1, me), eq(connections.user2, me)), atEvent(connections.eventId, connections.createdAt, eventId, from, to))),
    db
      .selectDistinct({ id: other(chatMessages.fromUser, chatMessages.toUser) })
      .from(chatMessages)
      .where(and(or(eq(chatMessages.fromUser, me), eq(chatMessages.toUser, me)), atEvent(chatMessages.eventId, chatMessages.createdAt, eventId, from, to))),
    db
      .select({ id: other(meetings.proposerId, meetings.inviteeId) })
      .from(meetings)
      .where(and(or(eq(meetings.proposerId, me), eq(meetings.inviteeId, me)), eq(meetings.eventId, eventId), eq(meetings.status, 'accepted'), gte(meetings.createdAt, from))),
    db
      .selectDistinct({ id: other(contactExchanges.fromUser, contactExchanges.toUser) })
      .from(contactExchanges)
      .where(
        and(
          or(eq(contactExchanges.fromUser, me), eq(contactExchanges.toUser, me)),
          isNull(contactExchanges.revokedAt),
          atEvent(contactExchanges.eventId, contactExchanges.createdAt, eventId, from, to),
        ),
      ),
  ]);
  const out = new Map<string, Set<RecapHow>>();
  const add = (rows: Array<{ id: string }>, how: RecapHow) => {
    for (const { id } of rows) if (id !== me) (out.get(id) ?? out.set(id, new Set()).get(id)!).add(how);
  };
  add(connected, 'connected');
  add(chatted, 'chatted');
  add(met, 'met');
  add(exchanged, 'exchanged');
  return out;
}

/** What each of `fromIds` shared with `me` and has not taken back (nor `me` declined): details by type, newest last. */
export async function sharedWith(db: Queryable, me: string, fromIds: readonly string[]) {
  if (fromIds.length === 0) return [];
  return db
    .select({ fromUser: contactExchanges.fromUser, exchangeType: contactExchanges.exchangeType, contactData: contactExchanges.contactData })
    .from(contactExchanges)
    .where(and(eq(contactExchanges.toUser, me), inArray(contactExchanges.fromUser, [...fromIds]), isNull(contactExchanges.revokedAt), isNull(contactExchanges.declinedAt)))
    .orderBy(contactExchanges.createdAt);
}

export async function businessCardsOf(db: Queryable, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db.select().from(businessCards).where(inArray(businessCards.userId, [...ids]));
}

export async function notesBy(db: Queryable, eventId: string, writerId: string): Promise<Map<string, string>> {
  const rows = await db
    .select({ subjectId: recapNotes.subjectId, note: recapNotes.note })
    .from(recapNotes)
    .where(and(eq(recapNotes.eventId, eventId), eq(recapNotes.writerId, writerId)));
  return new Map(rows.map((r) => [r.subjectId, r.note]));
}

/** Keeps the note, or removes it when empty. */
export async function saveNote(db: Queryable, n: { eventId: string; writerId: string; subjectId: string; note: string; at: Date }): Promise<void> {
  const key = and(eq(recapNotes.eventId, n.eventId), eq(recapNotes.writerId, n.writerId), eq(recapNotes.subjectId, n.subjectId));
  if (n.note === '') {
    await db.delete(recapNotes).where(key);
    return;
  }
  await db
    .insert(recapNotes)
    .values({ eventId: n.eventId, writerId: n.writerId, subjectId: n.subjectId, note: n.note, updatedAt: n.at })
    .onConflictDoUpdate({ target: [recapNotes.eventId, recapNotes.writerId, recapNotes.subjectId], set: { note: n.note, updatedAt: n.at } });
}

/**
 * Claims the recap nudges due at `now`: attendances of events that ended between
 * `endedAfter` and `endedBefore`, not taken down, nudged never before. Each is marked sent by
 * its insert (the primary key), so one instance sends it, once.
 */
export async function claimDueNudges(db: Db, now: Date, endedAfter: Date, endedBefore: Date, max = 100): Promise<Array<{ eventId: string; userId: string }>> {
  const due = await db
    .select({ eventId: eventAttendees.eventId, userId: eventAttendees.userId })
    .from(eventAttendees)
    .innerJoin(events, eq(events.id, eventAttendees.eventId))
    .leftJoin(recapNudges, and(eq(recapNudges.eventId, eventAttendees.eventId), eq(recapNudges.userId, eventAttendees.userId)))
    .where(and(isNull(recapNudges.sentAt), isNull(events.hiddenAt), gte(events.endTime, endedAfter), lte(events.endTime, endedBefore)))
    .limit(max);
  if (due.length === 0) return [];
  return db
    .insert(recapNudges)
    .values(due.map((d) => ({ ...d, sentAt: now })))
    .onConflictDoNothing()
    .returning({ eventId: recapNudges.eventId, userId: recapNudges.userId });
}

const pair = (x: string, y: string): [string, string] => (x < y ? [x, y] : [y, x]);
const pairKey = (x: string, y: string) => {
  const [a, b] = pair(x, y);
  return and(eq(chatRests.userA, a), eq(chatRests.userB, b));
};

/** Every chat of `me` that rests, by the other person. */
export async function restsOf(db: Queryable, me: string): Promise<Map<string, { restedBy: string | null; since: Date }>> {
  const rows = await db
    .select({ a: chatRests.userA, b: chatRests.userB, restedBy: chatRests.restedBy, since: chatRests.since })
    .from(chatRests)
    .where(or(eq(chatRests.userA, me), eq(chatRests.userB, me)));
  return new Map(rows.map((r) => [r.a === me ? r.b : r.a, { restedBy: r.restedBy, since: r.since }]));
}

export async function rest(db: Queryable, by: string, other: string, at: Date): Promise<void> {
  const [a, b] = pair(by, other);
  await db.insert(chatRests).values({ userA: a, userB: b, restedBy: by, since: at }).onConflictDoUpdate({ target: [chatRests.userA, chatRests.userB], set: { restedBy: by, since: at } });
}

/** Wakes the chat; answers whether it was resting. */
export async function wake(db: Queryable, x: string, y: string): Promise<boolean> {
  const gone = await db.delete(chatRests).where(pairKey(x, y)).returning({ a: chatRests.userA });
  return gone.length > 0;
}

/** Of `others`, those whose chat with `me` rests. */
export async function restingWith(db: Queryable, me: string, others: readonly string[]): Promise<Set<string>> {
  if (others.length === 0) return new Set();
  const rows = await db
    .select({ a: chatRests.userA, b: chatRests.userB })
    .from(chatRests)
    .where(or(and(eq(chatRests.userA, me), inArray(chatRests.userB, [...others])), and(eq(chatRests.userB, me), inArray(chatRests.userA, [...others]), ne(chatRests.userA, me))));
  return new Set(rows.map((r) => (r.a === me ? r.b : r.a)));
}
