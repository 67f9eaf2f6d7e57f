/**
 * The limits and sentences of the organizer tools (issue 17) that the app shows, apart
 * from the zod schemas (organizer.ts) so the app's chunks that show them do not carry
 * zod. The server uses the same values through organizer.ts, which re-exports them.
 */

export { ZONE_RADIUS_MAX_M, ZONE_RADIUS_MIN_M } from './zones';
/** Announcements an event may send per hour: a few calm messages, never a stream. */
export const ANNOUNCEMENTS_PER_HOUR = 3;
export const ANNOUNCEMENT_WINDOW_MS = 60 * 60 * 1000;
export const ANNOUNCEMENT_MAX = 500;
export const CANCEL_REASON_MAX = 500;
/** Announcements GET /events/{id}/announcements answers, newest first. */
export const ANNOUNCEMENTS_SHOWN = 50;

/** The words attendees are told, kindly. */
export const ORGANIZER_NOTES = {
  cancelled: {
    // The event's name in the title: the toast is all the person is told as the app leaves it.
    title: (name: string) => `“${name}” was cancelled`,
    content: (name: string, reason: string | null) =>
      reason
        ? `“${name}” has been cancelled by its organizers. They wrote: “${reason}” We're sorry for the change of plans.`
        : `“${name}” has been cancelled by its organizers. We're sorry for the change of plans.`,
  },
  changed: {
    title: 'An event has changed',
    content: (name: string, when: string, where: string) => `“${name}” has changed: it now starts ${when}, at ${where}.`,
  },
  announcement: {
    title: (name: string) => `From the organizers of “${name}”`,
  },
  coOrganizer: {
    title: 'You are now a co-organizer',
    content: (name: string) => `You can now help run “${name}”: its safe zones, interest groups and announcements.`,
  },
} as const;

/** The kind 429 past the cap. */
export const announcementsTooFast = (minutes: number): string =>
  `This event has had ${ANNOUNCEMENTS_PER_HOUR} announcements in the last hour, which is plenty for people to take in. ` +
  `The next one can go out in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
