/**
 * 1:1 meetings and their reminder jobs (issue 19). The rules (who may, when, clashes,
 * privacy of a decline) are in use-cases/meetings.ts; these are the reads and writes.
 */
import { and, asc, eq, gt, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db, Queryable } from '../client';
import { events, meetingReminders, meetings } from '../schema';

export type MeetingRow = typeof meetings.$inferSelect;

export const meetingEnd = (m: Pick<MeetingRow, 'startTime' | 'durationMinutes'>): Date =>
  new Date(m.startTime.getTime() + m.durationMinutes * 60_000);

export async function insertMeeting(db: Queryable, v: typeof meetings.$inferInsert): Promise<MeetingRow> {
  const [row] = await db.insert(meetings).values(v).returning();
  return row!;
}

export async function findMeeting(db: Queryable, id: string): Promise<MeetingRow | null> {
  const [row] = await db.select().from(meetings).where(eq(meetings.id, id)).limit(1);
  return row ?? null;
}

const partyOf = (userId: string) => or(eq(meetings.proposerId, userId), eq(meetings.inviteeId, userId));

/**
 * The accepted meetings of any of `userIds` that overlap [start, end), but `exceptId`:
 * no person has two accepted meetings at once.
 */
export async function acceptedOverlapping(
  db: Queryable,
  userIds: readonly string[],
  start: Date,
  end: Date,
  exceptId: string | null,
): Promise<MeetingRow[]> {
  return db
    .select()
    .from(meetings)
    .where(
      and(
        eq(meetings.status, 'accepted'),
        or(inArray(meetings.proposerId, [...userIds]), inArray(meetings.inviteeId, [...userIds])),
        lt(meetings.startTime, end),
        gt(sql`${meetings.startTime} + make_interval(mins => ${meetings.durationMinutes})`, start),
        exceptId ? ne(meetings.id, exceptId) : undefined,
      ),
    );
}

/** An open proposal from `proposerId` to `inviteeId` at the event, not lapsed (its start is ahead). */
export async function openProposal(db: Queryable, proposerId: string, inviteeId: string, eventId: string, now: Date): Promise<MeetingRow | null> {
  const [row] = await db
    .select()
    .from(meetings)
    .where(
      and(
        eq(meetings.eventId, eventId),
        eq(meetings.proposerId, proposerId),
        eq(meetings.inviteeId, inviteeId),
        inArray(meetings.status, ['proposed', 'declined']),
        gt(meetings.startTime, now),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** How many meetings the person proposed since `since` (a limit per hour). */
export async function proposedSince(db: Queryable, userId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(meetings)
    .where(and(eq(meetings.proposerId, userId), gt(meetings.createdAt, since)));
  return row?.n ?? 0;
}

/** Every meeting the person is party to, soonest first, with its event's name and clock; ended ones only from `pastSince` on. */
export async function meetingsOf(db: Queryable, userId: string, pastSince: Date) {
  return db
    .select({ meeting: meetings, eventName: events.name, timeZone: events.timeZone })
    .from(meetings)
    .innerJoin(events, eq(events.id, meetings.eventId))
    .where(and(partyOf(userId), gt(meetings.startTime, pastSince), isNull(events.hiddenAt)))
    .orderBy(asc(meetings.startTime));
}

export async function updateMeeting(db: Queryable, id: string, set: Partial<typeof meetings.$inferInsert>): Promise<MeetingRow> {
  const [row] = await db.update(meetings).set(set).where(eq(meetings.id, id)).returning();
  return row!;
}

/** The reminders of an accepted meeting, one per person, due before its start. */
export async function scheduleReminders(db: Queryable, m: MeetingRow, dueAt: Date): Promise<void> {
  await db.delete(meetingReminders).where(eq(meetingReminders.meetingId, m.id));
  await db.insert(meetingReminders).values([
    { meetingId: m.id, userId: m.proposerId, dueAt },
    { meetingId: m.id, userId: m.inviteeId, dueAt },
  ]);
}

export async function dropReminders(db: Queryable, meetingId: string): Promise<void> {
  await db.delete(meetingReminders).where(eq(meetingReminders.meetingId, meetingId));
}

/**
 * Claims the reminders due at `now`: each row is marked sent by one statement, its rows
 * locked (FOR UPDATE SKIP LOCKED), so two instances sweeping at once never claim the same
 * one, and a reminder due while every instance was down is claimed at the next start.
 * Answers the claimed ones whose meeting is still accepted and not over.
 */
export async function claimDueReminders(db: Db, now: Date, max = 100): Promise<Array<{ userId: string; meeting: MeetingRow }>> {
  const claimed = await db.execute(sql`
    update ${meetingReminders} set sent_at = ${now.toISOString()}::timestamptz
    where (meeting_id, user_id) in (
      select meeting_id, user_id from ${meetingReminders}
      where sent_at is null and due_at <= ${now.toISOString()}::timestamptz
      order by due_at
      limit ${max}
      for update skip locked
    )
    returning meeting_id, user_id`);
  const rows = (claimed as unknown as { rows: Array<{ meeting_id: string; user_id: string }> }).rows;
  if (rows.length === 0) return [];
  const found = await db
    .select()
    .from(meetings)
    .where(and(inArray(meetings.id, [...new Set(rows.map((r) => r.meeting_id))]), eq(meetings.status, 'accepted')));
  const byId = new Map(found.filter((m) => meetingEnd(m) > now).map((m) => [m.id, m]));
  return rows.flatMap((r) => {
    const meeting = byId.get(r.meeting_id);
    return meeting ? [{ userId: r.user_id, meeting }] : [];
  });
}
