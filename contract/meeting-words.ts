/**
 * The limits and sentences of 1:1 meetings (issue 19) that the app shows, apart from the
 * zod schemas (meetings.ts) so the app's chunks carry no zod. The server uses the same.
 */
import { englishOf, sentence, type SaidValue } from './said';

/** How long a meeting may be, in minutes. */
export const MEETING_DURATIONS = [10, 15, 30] as const;
export type MeetingDuration = (typeof MEETING_DURATIONS)[number];

/** A short named spot ("the coffee bar by the stairs") when not one of the event's zones. */
export const MEETING_PLACE_MAX = 80;

/** How long before its start a meeting's reminder comes. */
export const MEETING_REMINDER_BEFORE_MS = 5 * 60_000;

/** Free slots are offered on this grid, from the next one on. */
export const MEETING_SLOT_STEP_MIN = 15;

/** At most this many meetings a person proposes per hour (a clash of kindness, not a flood). */
export const MEETINGS_PROPOSED_PER_HOUR = 20;

/** How a meeting stands, as the person reading it sees it. */
export const MEETING_STATUSES = ['proposed', 'accepted', 'declined', 'cancelled', 'lapsed'] as const;
export type MeetingStatus = (typeof MEETING_STATUSES)[number];

/** The meeting times said in the event's own clock ("14:05"). */
export const clockTime = (at: Date, timeZone: string): string =>
  new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }).format(at);

export const MEETING_WORDS = {
  connectionsOnly: /*i18n*/ { id: 'meeting.connectionsOnly', message: 'You can suggest a meeting to your connections. Connecting first makes it easier for both of you.' },
  outsideEvent: /*i18n*/ { id: 'meeting.outsideEvent', message: 'Pick a time while the event is on, so you can both be there.' },
  inThePast: /*i18n*/ { id: 'meeting.inThePast', message: 'That time has passed. Pick a time a little later.' },
  alreadyProposed: sentence(
    /*i18n*/ {
      id: 'meeting.alreadyProposed',
      message: 'You already suggested a meeting to {name}. Give them time to answer, or cancel that one to suggest another.',
    },
    ({ name }: { name: string }) => `You already suggested a meeting to ${name}. Give them time to answer, or cancel that one to suggest another.`,
  ),
  ownClash: sentence(
    /*i18n*/ { id: 'meeting.ownClash', message: 'You already meet {name} from {from} to {to}. Pick another time, or move that meeting first.' },
    ({ name, from, to }: { name: string; from: string; to: string }) =>
      `You already meet ${name} from ${from} to ${to}. Pick another time, or move that meeting first.`,
  ),
  theirClash: /*i18n*/ { id: 'meeting.theirClash', message: 'That time no longer works for them. You could suggest another time.' },
  notYourTurn: sentence(
    /*i18n*/ { id: 'meeting.notYourTurn', message: "This one is waiting for {name}'s answer." },
    ({ name }: { name: string }) => `This one is waiting for ${name}'s answer.`,
  ),
  notOpen: /*i18n*/ { id: 'meeting.notOpen', message: 'This meeting is no longer open to answer.' },
  suggestNeedsTime: /*i18n*/ { id: 'meeting.suggestNeedsTime', message: 'start_time: say which time you suggest instead' },
  sameTime: /*i18n*/ { id: 'meeting.sameTime', message: 'start_time: that is the time already suggested' },
  notFound: /*i18n*/ { id: 'meeting.notFound', message: 'Meeting not found' },
  proposed: {
    title: /*i18n*/ { id: 'notification.meetingProposed.title', message: 'A meeting suggested' },
    content: sentence(
      /*i18n*/ { id: 'notification.meetingProposed.content', message: '{name} would like to meet you at {when}.' },
      ({ name, when }: { name: SaidValue; when: string }) => `${englishOf(name)} would like to meet you at ${when}.`,
    ),
  },
  suggested: {
    title: /*i18n*/ { id: 'notification.meetingSuggested.title', message: 'Another time suggested' },
    content: sentence(
      /*i18n*/ { id: 'notification.meetingSuggested.content', message: '{name} suggested meeting at {when} instead.' },
      ({ name, when }: { name: SaidValue; when: string }) => `${englishOf(name)} suggested meeting at ${when} instead.`,
    ),
  },
  accepted: {
    title: /*i18n*/ { id: 'notification.meetingAccepted.title', message: 'Meeting accepted' },
    content: sentence(
      /*i18n*/ { id: 'notification.meetingAccepted.content', message: '{name} will meet you at {when}.' },
      ({ name, when }: { name: SaidValue; when: string }) => `${englishOf(name)} will meet you at ${when}.`,
    ),
  },
  cancelled: {
    title: /*i18n*/ { id: 'notification.meetingCancelled.title', message: 'A meeting is off' },
    content: sentence(
      /*i18n*/ {
        id: 'notification.meetingCancelled.content',
        message: "{name} can't make your meeting at {when} after all. No hard feelings — you can always suggest another time.",
      },
      ({ name, when }: { name: SaidValue; when: string }) =>
        `${englishOf(name)} can't make your meeting at ${when} after all. No hard feelings — you can always suggest another time.`,
    ),
  },
  /** The other person deleted their account (issue 42): no name, for there is no one to name. */
  personLeft: {
    title: /*i18n*/ { id: 'notification.meetingCancelled.title', message: 'A meeting is off' },
    content: sentence(
      /*i18n*/ { id: 'notification.meetingPersonLeft.content', message: 'The person you were to meet at {when} has left Wallflower, so the meeting is off.' },
      ({ when }: { when: string }) => `The person you were to meet at ${when} has left Wallflower, so the meeting is off.`,
    ),
  },
  reminder: {
    title: /*i18n*/ { id: 'notification.meetingReminder.title', message: 'Meeting in 5 minutes' },
    content: sentence(
      /*i18n*/ { id: 'notification.meetingReminder.content', message: 'With {name} at {when}, {place}.' },
      ({ name, when, place }: { name: SaidValue; when: string; place: SaidValue }) => `With ${englishOf(name)} at ${when}, ${englishOf(place)}.`,
    ),
  },
} as const;
