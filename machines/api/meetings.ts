/**
 * The calls of 1:1 meetings (issue 19), on the same client as the rest, kept out of the
 * entry script: only My meetings and the meeting sheet (chunks of their own) use them.
 * Answer types come from the contract as types only.
 */
import type { SafeZone } from '../../contract/discovery';
import type { CalendarFeed } from '../../contract/calendar';
import type { Meeting, MeetingDuration, MyMeetings, ProposeMeetingBody, RespondMeetingBody } from '../../contract/meetings';
import { createApi } from './client';
import { enc } from './request';

export function createMeetingsApi(request = createApi().request) {
  return {
    myMeetings: (userId: string) => request<MyMeetings>('GET', '/meetings', { query: { user_id: userId } }),
    proposeMeeting: (userId: string, body: ProposeMeetingBody) =>
      request<Meeting>('POST', '/meetings', { query: { user_id: userId }, body }),
    respondToMeeting: (userId: string, meetingId: string, body: RespondMeetingBody) =>
      request<Meeting>('POST', `/meetings/${enc(meetingId)}/respond`, { query: { user_id: userId }, body }),
    cancelMeeting: (userId: string, meetingId: string) =>
      request<Meeting>('DELETE', `/meetings/${enc(meetingId)}`, { query: { user_id: userId } }),
    freeSlots: (userId: string, withUserId: string, eventId: string, duration: MeetingDuration) =>
      request<{ slots: string[] }>('GET', '/meetings/free-slots', {
        query: { user_id: userId, with_user_id: withUserId, event_id: eventId, duration_minutes: duration },
      }),
    /** The calendar feed's secret address (issue 42), and a new one on request. */
    calendarFeed: (userId: string) => request<CalendarFeed>('GET', '/calendar/feed', { query: { user_id: userId } }),
    resetCalendarFeed: (userId: string) => request<CalendarFeed>('POST', '/calendar/feed/reset', { query: { user_id: userId }, body: {} }),
    safeZones: (userId: string, eventId: string) =>
      request<SafeZone[]>('GET', `/safe-zones/${enc(eventId)}`, { query: { user_id: userId } }),
  };
}

export const meetingsApi = createMeetingsApi();

/** The address of a meeting's calendar file (a plain link: the browser downloads it with the session cookie). */
export const calendarUrl = (userId: string, meetingId: string): string =>
  `/api/meetings/${enc(meetingId)}/calendar.ics?user_id=${enc(userId)}`;
