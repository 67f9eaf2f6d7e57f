/** A meeting as an iCalendar file (RFC 5545): GET /meetings/{id}/calendar.ics (use-cases/meetings.ts). */
import type { Meeting } from '../../contract/meetings';
import { eventRowForAttendee } from '../access/events';
import type { UserRow } from '../db/repositories/users';
import { ICalCalendarMethod, addEntry, newCalendar, type CalendarEntry } from '../domain/calendar';
import type { Ctx } from './context';
import { meetingOfParty, viewOf } from './meeting-view';

/** A meeting as its calendar entry, for one of its two people (the other named as they may see them). */
export function meetingEntry(view: Meeting, now: Date): CalendarEntry {
  const summary = `Meeting with ${view.with.name}`;
  return {
    uid: `${view.id}@wallflower`,
    start: new Date(view.start_time),
    end: new Date(view.end_time),
    timeZone: view.time_zone,
    summary,
    location: view.place,
    description: `At ${view.event_name}. ${view.duration_minutes} minutes, arranged in Wallflower.`,
    status: view.status === 'accepted' ? 'confirmed' : view.status === 'cancelled' ? 'cancelled' : 'tentative',
    stamp: now,
    reminderMinutes: 5,
  };
}

/** GET /meetings/{id}/calendar.ics: the meeting as an iCalendar file (RFC 5545). */
export async function meetingCalendar(ctx: Ctx, me: UserRow, meetingId: string): Promise<string> {
  const now = ctx.clock();
  const m = await meetingOfParty(ctx, meetingId, me, now);
  const event = await eventRowForAttendee(ctx.db, m.eventId, me.id);
  const view = await viewOf(ctx, m, me, event, now);
  const calendar = newCalendar('Wallflower', ICalCalendarMethod.PUBLISH);
  addEntry(calendar, meetingEntry(view, now));
  return calendar.toString();
}
