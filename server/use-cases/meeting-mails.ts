/**
 * Meetings by email (issue 41): an accepted meeting is mailed to each person with its
 * calendar file attached, and the reminder 5 minutes before too for those who asked for it
 * in their profile. Only to a verified address: an address nobody has confirmed may be
 * someone else's. All of it after the answer (the mailer's `later`).
 */
import type { EventRow } from '../db/repositories/events';
import type { MeetingRow } from '../db/repositories/meetings';
import { findUserById } from '../db/repositories/users';
import type { Ctx } from './context';
import { meetingCalendar } from './meeting-calendar';
import { mailLanguageOf, meetingConfirmedMail, meetingReminderMail, type MeetingWords } from './mail-texts';
import { viewOf } from './meeting-view';

type MeetingEvent = Pick<EventRow, 'name' | 'timeZone'>;

async function wordsFor(ctx: Ctx, m: MeetingRow, event: MeetingEvent, userId: string) {
  const user = await findUserById(ctx.db, userId);
  if (!user?.emailVerifiedAt || !user.isActive) return null;
  // The other person as this one may see them (an anonymous attendee stays unnamed).
  const view = await viewOf(ctx, m, user, event, ctx.clock());
  const words: MeetingWords = {
    withName: view.with.name,
    start: m.startTime,
    minutes: m.durationMinutes,
    timeZone: event.timeZone,
    place: m.place,
    eventName: event.name,
  };
  return { user, words };
}

/** Each person of a meeting just accepted gets its confirmation, with the .ics attached. */
export function mailMeetingAccepted(ctx: Ctx, m: MeetingRow, event: MeetingEvent): void {
  for (const userId of [m.proposerId, m.inviteeId]) {
    ctx.mailer.later('meeting confirmation', async () => {
      const found = await wordsFor(ctx, m, event, userId);
      if (!found) return;
      const ics = await meetingCalendar(ctx, found.user, m.id);
      ctx.mailer.send(meetingConfirmedMail(mailLanguageOf(found.user.language), found.user.email, found.user.name, found.words, ics), 'meeting confirmation');
    });
  }
}

/** The reminder by email, when the person turned it on. */
export function mailMeetingReminder(ctx: Ctx, m: MeetingRow, event: MeetingEvent, userId: string): void {
  ctx.mailer.later('meeting reminder', async () => {
    const found = await wordsFor(ctx, m, event, userId);
    if (!found?.user.emailMeetingReminders) return;
    ctx.mailer.send(meetingReminderMail(mailLanguageOf(found.user.language), found.user.email, found.user.name, found.words), 'meeting reminder');
  });
}
