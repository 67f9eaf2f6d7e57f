/**
 * 1:1 meetings (issue 19): a short meeting between two connections, at a time while the
 * event is on, in one of its safe zones or a short named spot. Rules:
 * - only between connections who both attend the event; the time is ahead and inside
 *   the event's times;
 * - a decline is private: the proposer keeps seeing "proposed" until it lapses at its
 *   start time, as an unanswered one does;
 * - nobody has two accepted meetings that overlap: a clash of one's own is named kindly,
 *   the other person's is never described (only "that time no longer works for them");
 * - accepted meetings get a reminder for each person 5 minutes before, claimed once by
 *   whichever instance sweeps first (db/repositories/meetings.ts), also after a restart.
 */
import { sweepEvery } from '../core/sweep';
import type { FreeSlotsQuerySchema, Meeting, MyMeetings, ProposeMeetingBody, RespondMeetingBody } from '../../contract/meetings';
import {
  MEETING_REMINDER_BEFORE_MS,
  MEETING_SLOT_STEP_MIN,
  MEETING_WORDS,
  MEETINGS_PROPOSED_PER_HOUR,
  clockTime,
} from '../../contract/meetings';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { keptOwnList, keptUserRow } from '../cache/people';
import { announceKept, tag } from '../cache/tags';
import { relationsOf } from '../cache/relations';
import {
  type MeetingRow,
  acceptedOverlapping,
  claimDueReminders,
  dropReminders,
  insertMeeting,
  meetingEnd,
  meetingsOf,
  openProposal,
  proposedSince,
  scheduleReminders,
  updateMeeting,
} from '../db/repositories/meetings';
import { candidateOf } from '../db/repositories/people';
import type { UserRow } from '../db/repositories/users';
import { listZones } from '../db/repositories/zones';
import type { EventRow } from '../db/repositories/events';
import { bothAttend, eventRowForAttendee } from '../access/events';
import { asAsked, notSelf, reachablePerson } from '../access/people';
import { chatPartnerAs } from '../domain/visibility';
import { badRequest, conflict, forbidden, tooManyRequests } from '../core/errors';
import { notify } from './notify';
import { mailMeetingAccepted, mailMeetingReminder } from './meeting-mails';
import type { Ctx } from './context';
import { meetingOfParty, otherOf, statusFor, viewOf } from './meeting-view';
import { atField, type Said, type SaidValue } from '../../contract/said';
import { nameOf } from '../../contract/constants';

// The calendar file is made beside this (meeting-calendar.ts); its names are read from here as well.
export { meetingCalendar } from './meeting-calendar';

const MINUTE = 60_000;
/** Past meetings are listed for a day after they end. */
const PAST_SHOWN_MS = 24 * 60 * MINUTE;
/** How often each instance looks for reminders due (a reminder is at most this late). */
export const REMINDER_SWEEP_MS = 15_000;
const MEETINGS_LINK = '/meetings';

/** The time must lie ahead, inside the event. */
function checkTime(event: EventRow, start: Date, minutes: number, now: Date): void {
  if (start.getTime() <= now.getTime()) throw badRequest(atField({ field: 'start_time', sentence: MEETING_WORDS.inThePast }));
  const end = start.getTime() + minutes * MINUTE;
  if (start < event.startTime || end > event.endTime.getTime()) throw badRequest(atField({ field: 'start_time', sentence: MEETING_WORDS.outsideEvent }));
}

/** Refuses a time that clashes with the actor's own accepted meetings, naming it kindly. */
async function noOwnClash(ctx: Ctx, me: UserRow, start: Date, minutes: number, exceptId: string | null, timeZone: string, now: Date) {
  const [clash] = await acceptedOverlapping(ctx.db, [me.id], start, new Date(start.getTime() + minutes * MINUTE), exceptId);
  if (clash) throw conflict(await ownClashWords(ctx, me, clash, timeZone, now));
}

/** "You already meet Sam from 14:00 to 14:15. …", the other named as the actor may see them. */
async function ownClashWords(ctx: Ctx, me: UserRow, clash: MeetingRow, timeZone: string, now: Date): Promise<Said> {
  const other = await keptUserRow(ctx, otherOf(clash, me.id), now);
  const name = other ? chatPartnerAs(me.id, candidateOf(other, now), { connected: true, blockedEitherWay: false, inRestrictedZone: false }, null).name : 'someone';
  return MEETING_WORDS.ownClash({ name, from: clockTime(clash.startTime, timeZone), to: clockTime(meetingEnd(clash), timeZone) });
}

/** Tells both people's open apps to read their meetings again (on every instance). */
async function tellBoth(ctx: Ctx, m: MeetingRow, onlyTo?: string): Promise<void> {
  // Both lists change (a private decline too: the decliner's view of it did).
  announceKept(ctx, [tag.meetings(m.proposerId), tag.meetings(m.inviteeId)]);
  await ctx.realtime.toUsers(onlyTo ? [onlyTo] : [m.proposerId, m.inviteeId], { type: 'meeting_changed', meeting_id: m.id });
}

/** POST /meetings: a proposal to a connection. */
export function proposeMeeting(ctx: Ctx, me: UserRow, body: ProposeMeetingBody): Promise<Meeting> {
  // with_user_id may be their pseudonym at the meeting's event (issue 40).
  return asAsked(ctx.db, me.id, body.with_user_id, ctx.clock(), body.event_id, (id) => propose(ctx, me, { ...body, with_user_id: id }));
}

async function propose(ctx: Ctx, me: UserRow, body: ProposeMeetingBody): Promise<Meeting> {
  const now = ctx.clock();
  notSelf(me.id, body.with_user_id, 'with_user_id', 'meet');
  const other = await reachablePerson(ctx.db, me.id, body.with_user_id, now);
  if (!(await relationsOf(ctx.db, me.id, now)).connected.has(other.id)) throw forbidden(MEETING_WORDS.connectionsOnly);
  const event = await eventRowForAttendee(ctx.db, body.event_id, me.id);
  await bothAttend(ctx.db, event.id, me.id, other.id, 'with_user_id', now);
  const start = new Date(body.start_time);
  checkTime(event, start, body.duration_minutes, now);
  if (await openProposal(ctx.db, me.id, other.id, event.id, now)) {
    throw conflict(
      MEETING_WORDS.alreadyProposed({
        name: chatPartnerAs(me.id, candidateOf(other, now), { connected: true, blockedEitherWay: false, inRestrictedZone: false }, null).name,
      }),
    );
  }
  if ((await proposedSince(ctx.db, me.id, new Date(now.getTime() - 60 * MINUTE))) >= MEETINGS_PROPOSED_PER_HOUR) {
    throw tooManyRequests(600, /*i18n*/ { id: 'meeting.tooMany', message: 'You have suggested many meetings this hour. Take a breather and try again a little later.' });
  }
  await noOwnClash(ctx, me, start, body.duration_minutes, null, event.timeZone, now);
  const zone = (await listZones(ctx.db, event.id)).find((z) => z.name.trim().toLowerCase() === body.place.toLowerCase());
  const row = await insertMeeting(ctx.db, {
    eventId: event.id,
    proposerId: me.id,
    inviteeId: other.id,
    proposedBy: me.id,
    startTime: start,
    durationMinutes: body.duration_minutes,
    place: zone?.name ?? body.place,
    zoneId: zone?.id ?? null,
    createdAt: now,
    updatedAt: now,
  });
  await tellBoth(ctx, row);
  await tellOther(ctx, other.id, me, MEETING_WORDS.proposed, clockTime(start, event.timeZone));
  return viewOf(ctx, row, me, event, now);
}

/** A kind notification to the other person of what the actor did with their meeting. */
const tellOther = (
  ctx: Ctx,
  to: string,
  me: UserRow,
  words: { title: Said; content: (values: { name: SaidValue; when: string }) => Said },
  when: string,
) => notify(ctx, to, { kind: 'meeting', fromUserId: me.id, title: words.title, content: words.content({ name: me.name, when }), link: MEETINGS_LINK });

/** POST /meetings/{id}/respond: accept, decline (privately) or suggest another time; only the one it waits for answers. */
export async function respondToMeeting(ctx: Ctx, me: UserRow, meetingId: string, body: RespondMeetingBody): Promise<Meeting> {
  const now = ctx.clock();
  const m = await meetingOfParty(ctx, meetingId, me, now);
  const event = await eventRowForAttendee(ctx.db, m.eventId, me.id);
  if (statusFor(m, me.id, now) !== 'proposed' || m.status !== 'proposed') throw conflict(MEETING_WORDS.notOpen);
  const otherId = otherOf(m, me.id);
  const other = await reachablePerson(ctx.db, me.id, otherId, now);
  const otherName = chatPartnerAs(me.id, candidateOf(other, now), { connected: true, blockedEitherWay: false, inRestrictedZone: false }, null).name;
  if (m.proposedBy === me.id) throw conflict(MEETING_WORDS.notYourTurn({ name: otherName }));

  if (body.action === 'decline') {
    // Private: only the decliner's own devices hear of it; the other still sees "proposed".
    const row = await updateMeeting(ctx.db, m.id, { status: 'declined', updatedAt: now });
    await tellBoth(ctx, row, me.id);
    return viewOf(ctx, row, me, event, now);
  }

  if (body.action === 'suggest') {
    if (!body.start_time) throw badRequest(MEETING_WORDS.suggestNeedsTime);
    const start = new Date(body.start_time);
    if (start.getTime() === m.startTime.getTime()) throw badRequest(MEETING_WORDS.sameTime);
    checkTime(event, start, m.durationMinutes, now);
    await noOwnClash(ctx, me, start, m.durationMinutes, m.id, event.timeZone, now);
    const row = await updateMeeting(ctx.db, m.id, { startTime: start, proposedBy: me.id, updatedAt: now });
    await tellBoth(ctx, row);
    await tellOther(ctx, otherId, me, MEETING_WORDS.suggested, clockTime(start, event.timeZone));
    return viewOf(ctx, row, me, event, now);
  }

  // Accept: neither may have another accepted meeting then. The check and the update are
  // one transaction holding both people's meetings locked, so two accepts at once cannot
  // both pass. A clash of the actor's own is named after it (kept reads stay outside it).
  const outcome = await ctx.db.transaction(async (tx) => {
    await tx.execute(lockPeople([me.id, otherId]));
    const clashes = await acceptedOverlapping(tx, [me.id, otherId], m.startTime, meetingEnd(m), m.id);
    const own = clashes.find((c) => c.proposerId === me.id || c.inviteeId === me.id) ?? null;
    if (clashes.length > 0) return { accepted: null, own };
    const accepted = await updateMeeting(tx, m.id, { status: 'accepted', updatedAt: now });
    await scheduleReminders(tx, accepted, new Date(accepted.startTime.getTime() - MEETING_REMINDER_BEFORE_MS));
    return { accepted, own: null };
  });
  if (outcome.own) throw conflict(await ownClashWords(ctx, me, outcome.own, event.timeZone, now));
  if (!outcome.accepted) throw conflict(MEETING_WORDS.theirClash);
  const row = outcome.accepted;
  await tellBoth(ctx, row);
  await tellOther(ctx, otherId, me, MEETING_WORDS.accepted, clockTime(row.startTime, event.timeZone));
  // Both get it by email too, with the calendar file (issue 41), after the answer.
  mailMeetingAccepted(ctx, row, event);
  return viewOf(ctx, row, me, event, now);
}

/** Transaction-scoped locks on each person's meetings, in one order, so two accepts never deadlock. */
function lockPeople(ids: string[]) {
  const locks = [...ids].sort().map((id) => sql`pg_advisory_xact_lock(hashtext(${`meetings:${id}`}))`);
  return sql`select ${sql.join(locks, sql`, `)}`;
}

/**
 * A person's meetings from a day back, with their events' names and zones, kept until a
 * meeting of theirs, the other person or the event changes; what lapses or ends by time
 * alone is sorted by the readers, at each read.
 */
function keptMeetingRows(ctx: Ctx, userId: string) {
  return keptOwnList(
    ctx,
    'meetings',
    userId,
    () => meetingsOf(ctx.db, userId, new Date(ctx.clock().getTime() - PAST_SHOWN_MS - 30 * MINUTE)),
    (r) => otherOf(r.meeting, userId),
    { own: [tag.meetings(userId)], of: (r) => [tag.event(r.meeting.eventId)] },
  );
}

/** GET /meetings: mine, grouped: proposed to me, proposed by me, accepted, and past (a day back). */
export async function myMeetings(ctx: Ctx, me: UserRow): Promise<MyMeetings> {
  const now = ctx.clock();
  const rows = await keptMeetingRows(ctx, me.id);
  const blocked = (await relationsOf(ctx.db, me.id, now)).blocked;
  const out: MyMeetings = { proposed_to_me: [], proposed_by_me: [], accepted: [], past: [] };
  for (const { meeting: m, eventName, timeZone } of rows) {
    if (blocked.has(otherOf(m, me.id))) continue;
    const view = await viewOf(ctx, m, me, { name: eventName, timeZone }, now);
    const over = meetingEnd(m) <= now || view.status === 'lapsed' || view.status === 'cancelled' || view.status === 'declined';
    if (over) {
      if (meetingEnd(m).getTime() > now.getTime() - PAST_SHOWN_MS || view.status !== 'lapsed') out.past.push(view);
    } else if (view.status === 'accepted') out.accepted.push(view);
    else if (view.waiting_for === 'me') out.proposed_to_me.push(view);
    else out.proposed_by_me.push(view);
  }
  out.past.reverse();
  return out;
}

/** DELETE /meetings/{id}: call it off, with a kind line to the other (an invitee's "cancel" of a proposal is a private decline). */
export async function cancelMeeting(ctx: Ctx, me: UserRow, meetingId: string): Promise<Meeting> {
  const now = ctx.clock();
  const m = await meetingOfParty(ctx, meetingId, me, now);
  const event = await eventRowForAttendee(ctx.db, m.eventId, me.id);
  const status = statusFor(m, me.id, now);
  if (status !== 'proposed' && status !== 'accepted') throw conflict(MEETING_WORDS.notOpen);
  if (status === 'proposed' && m.proposedBy !== me.id) return respondToMeeting(ctx, me, meetingId, { action: 'decline' });
  const row = await updateMeeting(ctx.db, m.id, { status: 'cancelled', cancelledBy: me.id, updatedAt: now });
  await dropReminders(ctx.db, m.id);
  await tellBoth(ctx, row);
  // Someone who declined privately is not told of it again.
  if (m.status !== 'declined') {
    await tellOther(ctx, otherOf(m, me.id), me, MEETING_WORDS.cancelled, clockTime(m.startTime, event.timeZone));
  }
  return viewOf(ctx, row, me, event, now);
}

/**
 * GET /meetings/free-slots: start times on a 15-minute grid, from now until the event
 * ends, when neither person has an accepted meeting. It says only "free", never what
 * the other person's meetings are.
 */
export function freeSlots(ctx: Ctx, me: UserRow, q: z.infer<typeof FreeSlotsQuerySchema>): Promise<{ slots: string[] }> {
  return asAsked(ctx.db, me.id, q.with_user_id, ctx.clock(), q.event_id, (id) => slotsWith(ctx, me, { ...q, with_user_id: id }));
}

async function slotsWith(ctx: Ctx, me: UserRow, q: z.infer<typeof FreeSlotsQuerySchema>): Promise<{ slots: string[] }> {
  const now = ctx.clock();
  notSelf(me.id, q.with_user_id, 'with_user_id', 'meet');
  const other = await reachablePerson(ctx.db, me.id, q.with_user_id, now);
  if (!(await relationsOf(ctx.db, me.id, now)).connected.has(other.id)) throw forbidden(MEETING_WORDS.connectionsOnly);
  const event = await bothAttend(ctx.db, q.event_id, me.id, other.id, 'with_user_id', now);
  // From both people's kept meetings: the accepted ones not over before the event ends.
  const busy = (await Promise.all([me.id, other.id].map((id) => keptMeetingRows(ctx, id))))
    .flat()
    .map((r) => r.meeting)
    .filter((m) => m.status === 'accepted' && meetingEnd(m) > now && m.startTime < event.endTime);
  const step = MEETING_SLOT_STEP_MIN * MINUTE;
  const from = Math.max(now.getTime() + step / 3, event.startTime.getTime());
  const slots: string[] = [];
  for (let t = Math.ceil(from / step) * step; t + q.duration_minutes * MINUTE <= event.endTime.getTime() && slots.length < 96; t += step) {
    const end = t + q.duration_minutes * MINUTE;
    if (!busy.some((b) => b.startTime.getTime() < end && meetingEnd(b).getTime() > t)) slots.push(new Date(t).toISOString());
  }
  return { slots };
}

/** Sends the reminders due now, each once (whichever instance claims it). Answers how many went. */
export async function sendDueReminders(ctx: Ctx): Promise<number> {
  const now = ctx.clock();
  const due = await claimDueReminders(ctx.db, now);
  for (const { userId, meeting } of due) {
    const [user, event] = await Promise.all([keptUserRow(ctx, userId, now), eventRowForAttendee(ctx.db, meeting.eventId, userId).catch(() => null)]);
    if (!user || !event) continue;
    const view = await viewOf(ctx, meeting, user, event, now);
    await notify(ctx, userId, {
      kind: 'meeting_reminder',
      aboutUserId: otherOf(meeting, userId),
      title: MEETING_WORDS.reminder.title,
      content: MEETING_WORDS.reminder.content({ name: nameOf(view.with.name), when: clockTime(meeting.startTime, event.timeZone), place: meeting.place }),
      link: MEETINGS_LINK,
    });
    mailMeetingReminder(ctx, meeting, event, userId);
  }
  return due.length;
}

/** Runs sendDueReminders every REMINDER_SWEEP_MS on this instance. Answers how to stop. */
export function sweepReminders(ctx: Ctx): () => Promise<void> {
  return sweepEvery(ctx.log, REMINDER_SWEEP_MS, 'sending meeting reminders failed', () => sendDueReminders(ctx));
}
