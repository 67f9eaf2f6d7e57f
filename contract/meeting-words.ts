/**
 * The limits and sentences of 1:1 meetings (issue 19) that the app shows, apart from the
 * zod schemas (meetings.ts) so the app's chunks carry no zod. The server uses the same.
 */

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
  connectionsOnly: 'You can suggest a meeting to your connections. Connecting first makes it easier for both of you.',
  outsideEvent: 'Pick a time while the event is on, so you can both be there.',
  inThePast: 'That time has passed. Pick a time a little later.',
  alreadyProposed: (name: string) =>
    `You already suggested a meeting to ${name}. Give them time to answer, or cancel that one to suggest another.`,
  ownClash: (name: string, from: string, to: string) =>
    `You already meet ${name} from ${from} to ${to}. Pick another time, or move that meeting first.`,
  theirClash: 'That time no longer works for them. You could suggest another time.',
  notYourTurn: (name: string) => `This one is waiting for ${name}'s answer.`,
  notOpen: 'This meeting is no longer open to answer.',
  suggestNeedsTime: 'start_time: say which time you suggest instead',
  sameTime: 'start_time: that is the time already suggested',
  notFound: 'Meeting not found',
  proposed: { title: 'A meeting suggested', content: (name: string, when: string) => `${name} would like to meet you at ${when}.` },
  suggested: { title: 'Another time suggested', content: (name: string, when: string) => `${name} suggested meeting at ${when} instead.` },
  accepted: { title: 'Meeting accepted', content: (name: string, when: string) => `${name} will meet you at ${when}.` },
  cancelled: {
    title: 'A meeting is off',
    content: (name: string, when: string) =>
      `${name} can't make your meeting at ${when} after all. No hard feelings — you can always suggest another time.`,
  },
  reminder: { title: 'Meeting in 5 minutes', content: (name: string, when: string, place: string) => `With ${name} at ${when}, ${place}.` },
} as const;
