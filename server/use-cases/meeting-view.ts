/** A 1:1 meeting as one of its two people sees it, and the check that they are one of them (use-cases/meetings.ts). */
import { MEETING_WORDS, type Meeting, type MeetingStatus } from '../../contract/meetings';
import { keptUserRow } from '../cache/people';
import { relationsOf } from '../cache/relations';
import { type MeetingRow, findMeeting, meetingEnd } from '../db/repositories/meetings';
import { candidateOf } from '../db/repositories/people';
import type { UserRow } from '../db/repositories/users';
import type { EventRow } from '../db/repositories/events';
import { chatPartnerAs, unnamedPerson } from '../domain/visibility';
import { idKnownBy } from '../access/people';
import { notFound } from '../core/errors';
import type { Ctx } from './context';

/** How the meeting stands for `viewerId`: a decline shows only to the one who declined; anything open past its start has lapsed. */
export function statusFor(m: MeetingRow, viewerId: string, now: Date): MeetingStatus {
  if (m.status === 'accepted' || m.status === 'cancelled') return m.status;
  if (m.startTime <= now) return 'lapsed';
  if (m.status === 'declined') return m.inviteeId === viewerId && m.proposedBy !== viewerId ? 'declined' : 'proposed';
  return 'proposed';
}

/** The other of the meeting's two people. */
export const otherOf = (m: MeetingRow, userId: string): string => (m.proposerId === userId ? m.inviteeId : m.proposerId);

/** The meeting as `viewer` sees it: its status for them, and the other person as they may see them. */
export async function viewOf(ctx: Ctx, m: MeetingRow, viewer: UserRow, event: Pick<EventRow, 'name' | 'timeZone'>, now: Date): Promise<Meeting> {
  const other = await keptUserRow(ctx, otherOf(m, viewer.id), now);
  const connected = other ? (await relationsOf(ctx.db, viewer.id, now)).connected.has(other.id) : false;
  // Meetings are between connections; one who has since left them is named as a stranger sees them (issue 40).
  const known = other ? await idKnownBy(ctx.db, viewer.id, other, now, m.eventId) : null;
  const status = statusFor(m, viewer.id, now);
  return {
    id: m.id,
    event_id: m.eventId,
    event_name: event.name,
    time_zone: event.timeZone,
    with: other
      ? chatPartnerAs(viewer.id, candidateOf(other, now), { connected, blockedEitherWay: false, inRestrictedZone: false }, known)
      : unnamedPerson(otherOf(m, viewer.id), 'Former member'),
    start_time: m.startTime.toISOString(),
    end_time: meetingEnd(m).toISOString(),
    duration_minutes: m.durationMinutes,
    place: m.place,
    zone_id: m.zoneId,
    status,
    // Someone who declined sees nothing waiting; the proposer still waits (the decline is private).
    waiting_for: status === 'proposed' ? (m.proposedBy === viewer.id ? 'them' : 'me') : null,
    proposed_by_me: m.proposerId === viewer.id,
    created_at: m.createdAt.toISOString(),
  };
}

/** A meeting the actor is party to; anyone else (and a meeting with someone blocked) answers 404. */
export async function meetingOfParty(ctx: Ctx, meetingId: string, me: UserRow, now: Date): Promise<MeetingRow> {
  const m = await findMeeting(ctx.db, meetingId);
  if (!m || (m.proposerId !== me.id && m.inviteeId !== me.id)) throw notFound(MEETING_WORDS.notFound);
  if ((await relationsOf(ctx.db, me.id, now)).blocked.has(otherOf(m, me.id))) throw notFound(MEETING_WORDS.notFound);
  return m;
}
