/**
 * The limits and sentences of the organizer tools (issue 17) that the app shows, apart
 * from the zod schemas (organizer.ts) so the app's chunks that show them do not carry
 * zod. The server uses the same values through organizer.ts, which re-exports them.
 */
import { englishOf, sentence, type Said, type SaidValue } from './said';

export { ZONE_RADIUS_MAX_M, ZONE_RADIUS_MIN_M } from './zones';
/** Announcements an event may send per hour: a few calm messages, never a stream. */
export const ANNOUNCEMENTS_PER_HOUR = 3;
export const ANNOUNCEMENT_WINDOW_MS = 60 * 60 * 1000;
export const ANNOUNCEMENT_MAX = 500;
export const CANCEL_REASON_MAX = 500;
/** Announcements GET /events/{id}/announcements answers, newest first. */
export const ANNOUNCEMENTS_SHOWN = 50;

/** The words attendees are told, kindly. */
const cancelledWhy = sentence(
  /*i18n*/ {
    id: 'notification.eventCancelled.contentWhy',
    message: "“{name}” has been cancelled by its organizers. They wrote: “{reason}” We're sorry for the change of plans.",
  },
  ({ name, reason }: { name: string; reason: string }) =>
    `“${name}” has been cancelled by its organizers. They wrote: “${reason}” We're sorry for the change of plans.`,
);
const cancelledPlain = sentence(
  /*i18n*/ { id: 'notification.eventCancelled.content', message: "“{name}” has been cancelled by its organizers. We're sorry for the change of plans." },
  ({ name }: { name: string }) => `“${name}” has been cancelled by its organizers. We're sorry for the change of plans.`,
);

/**
 * When an event starts, as attendees read it (DESIGN 6: in its own zone, which is named),
 * the way en-GB writes it ("Thu 12 Sept, 18:00 (Europe/Berlin)"): its weekday and month by
 * key, so each language says them its own way.
 */
export const eventStarts = sentence(
  /*i18n*/ {
    id: 'time.eventStarts',
    message:
      '{weekday, select, mon {Mon} tue {Tue} wed {Wed} thu {Thu} fri {Fri} sat {Sat} other {Sun}} {day} {month, select, jan {Jan} feb {Feb} mar {Mar} apr {Apr} may {May} jun {Jun} jul {Jul} aug {Aug} sep {Sept} oct {Oct} nov {Nov} other {Dec}}, {time} ({zone})',
  },
  ({ weekday, day, month, time, zone }: { weekday: string; day: number | string; month: string; time: string; zone: string }) =>
    `${WEEKDAY_WORDS[weekday] ?? 'Sun'} ${day} ${MONTH_WORDS[month] ?? 'Dec'}, ${time} (${zone})`,
);
const WEEKDAY_WORDS: Record<string, string> = { mon: 'Mon', tue: 'Tue', wed: 'Wed', thu: 'Thu', fri: 'Fri', sat: 'Sat', sun: 'Sun' };
const MONTH_WORDS: Record<string, string> = {
  jan: 'Jan', feb: 'Feb', mar: 'Mar', apr: 'Apr', may: 'May', jun: 'Jun', jul: 'Jul', aug: 'Aug', sep: 'Sept', oct: 'Oct', nov: 'Nov', dec: 'Dec',
};

export const ORGANIZER_NOTES = {
  cancelled: {
    // The event's name in the title: the toast is all the person is told as the app leaves it.
    title: sentence(/*i18n*/ { id: 'notification.eventCancelled.title', message: '“{name}” was cancelled' }, ({ name }: { name: string }) => `“${name}” was cancelled`),
    /** `reason`: null for someone blocked either way with the organizer (they are not told their words). */
    content: (name: string, reason: string | null): Said => (reason ? cancelledWhy({ name, reason }) : cancelledPlain({ name })),
  },
  changed: {
    title: /*i18n*/ { id: 'notification.eventChanged.title', message: 'An event has changed' },
    content: sentence(
      /*i18n*/ { id: 'notification.eventChanged.content', message: '“{name}” has changed: it now starts {when}, at {where}.' },
      ({ name, when, where }: { name: string; when: SaidValue; where: string }) => `“${name}” has changed: it now starts ${englishOf(when)}, at ${where}.`,
    ),
  },
  announcement: {
    title: sentence(
      /*i18n*/ { id: 'notification.announcement.title', message: 'From the organizers of “{name}”' },
      ({ name }: { name: string }) => `From the organizers of “${name}”`,
    ),
  },
  coOrganizer: {
    title: /*i18n*/ { id: 'notification.coOrganizer.title', message: 'You are now a co-organizer' },
    content: sentence(
      /*i18n*/ { id: 'notification.coOrganizer.content', message: 'You can now help run “{name}”: its safe zones, interest groups and announcements.' },
      ({ name }: { name: string }) => `You can now help run “${name}”: its safe zones, interest groups and announcements.`,
    ),
  },
} as const;

/** The kind 429 past the cap. */
export const announcementsCapped = sentence(
  /*i18n*/ {
    id: 'error.announcementsCapped',
    message:
      'This event has had {max} announcements in the last hour, which is plenty for people to take in. The next one can go out in {minutes, plural, one {# minute} other {# minutes}}.',
  },
  ({ max, minutes }: { max: number; minutes: number }) =>
    `This event has had ${max} announcements in the last hour, which is plenty for people to take in. ` +
    `The next one can go out in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
);
export const announcementsTooFast = (minutes: number): Said => announcementsCapped({ max: ANNOUNCEMENTS_PER_HOUR, minutes });
