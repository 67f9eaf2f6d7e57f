/** A meeting as an iCalendar file (RFC 5545): GET /meetings/{id}/calendar.ics (use-cases/meetings.ts). */
import { meetingEnd } from '../db/repositories/meetings';
import type { UserRow } from '../db/repositories/users';
import { eventRowForAttendee } from '../access/events';
import type { Ctx } from './context';
import { meetingOfParty, viewOf } from './meeting-view';

/** GET /meetings/{id}/calendar.ics: the meeting as an iCalendar file (RFC 5545). */
export async function meetingCalendar(ctx: Ctx, me: UserRow, meetingId: string): Promise<string> {
  const now = ctx.clock();
  const m = await meetingOfParty(ctx, meetingId, me, now);
  const event = await eventRowForAttendee(ctx.db, m.eventId, me.id);
  const view = await viewOf(ctx, m, me, event, now);
  const stamp = (d: Date) => d.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Wallflower//Meetings//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${m.id}@wallflower`,
    `DTSTAMP:${stamp(now)}`,
    `DTSTART:${stamp(m.startTime)}`,
    `DTEND:${stamp(meetingEnd(m))}`,
    `SUMMARY:${icsText(`Meeting with ${view.with.name}`)}`,
    `LOCATION:${icsText(m.place)}`,
    `DESCRIPTION:${icsText(`At ${event.name}. ${m.durationMinutes} minutes, arranged in Wallflower.`)}`,
    `STATUS:${view.status === 'accepted' ? 'CONFIRMED' : view.status === 'cancelled' ? 'CANCELLED' : 'TENTATIVE'}`,
    'BEGIN:VALARM',
    'ACTION:DISPLAY',
    'TRIGGER:-PT5M',
    `DESCRIPTION:${icsText(`Meeting with ${view.with.name}`)}`,
    'END:VALARM',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join('\r\n') + '\r\n';
}

/** Text escaped as RFC 5545 3.3.11 asks (backslash, semicolon, comma, line breaks). */
export const icsText = (s: string): string => s.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

/** Lines longer than 75 octets are folded (RFC 5545 3.1), never inside a UTF-8 character. */
export function foldLine(line: string): string {
  const out: string[] = [];
  let current = '';
  let bytes = 0;
  for (const ch of line) {
    const size = Buffer.byteLength(ch);
    const limit = out.length === 0 ? 75 : 74;
    if (bytes + size > limit) {
      out.push(current);
      current = '';
      bytes = 0;
    }
    current += ch;
    bytes += size;
  }
  out.push(current);
  return out.join('\r\n ');
}
