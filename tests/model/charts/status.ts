/**
 * Taking a break (issue 16) as QA's model: Ada's status from signing in — the sheet and
 * its draft, the break and its banner, "I'm back", the break's own end on the clock,
 * "Welcome back" from the server, and a reconnect that finds the break over.
 */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { DEFAULT_STATUS, STATUS_MESSAGE_MAX, WELCOME_BACK } from '../../../contract/safety-words';
import type { Notification } from '../../../contract/social';
import type { UserStatus } from '../../../contract/status';
import { ApiError } from '../../../machines/api/client';
import { statusMachine, type StatusContext } from '../../../machines/presence/status.machine';
import { ada } from '../fixtures';
import { delayEvent, invocationEvent, type ChartModel } from '../harness';
import { notificationWords } from '../../said';

export const LOAD_DONE = invocationEvent(statusMachine, 'status.loading', 'done');
export const LOAD_ERROR = invocationEvent(statusMachine, 'status.loading', 'error');
export const SAVE_DONE = invocationEvent(statusMachine, 'status.available.saving', 'done');
export const SAVE_ERROR = invocationEvent(statusMachine, 'status.available.saving', 'error');
export const BACK_DONE = invocationEvent(statusMachine, 'status.away.returning', 'done');
export const BACK_ERROR = invocationEvent(statusMachine, 'status.away.returning', 'error');
export const END_DONE = invocationEvent(statusMachine, 'status.ending', 'done');
export const END_ERROR = invocationEvent(statusMachine, 'status.ending', 'error');
export const BREAK_TIME_UP = delayEvent(statusMachine, 'status.away.timed');

export const LINE = 'Recharging, back after lunch';
export const TOO_LONG = 'x'.repeat(STATUS_MESSAGE_MAX + 1);
export const LEAF = '🌿';
/** Said when the server's welcome comes with requests that waited. */
export const WELCOME_WITH_REQUESTS = WELCOME_BACK.withRequests({ n: 2 });

/** The server's "Welcome back", as the live channel brings it. */
export const welcomeNotification: Notification = {
  id: '90000000-0000-4000-8000-000000000099',
  ...notificationWords(WELCOME_BACK.title, WELCOME_WITH_REQUESTS),
  read: false,
  created_at: '2030-05-01T18:00:00.000Z',
  link: '/requests',
};

/** A break of an hour from the moment asked (the chart measures it on the device's clock). */
export const anHourFromNow = (): UserStatus => ({
  status: 'away',
  custom_message: LINE,
  emoji: LEAF,
  until: new Date(Date.now() + 3_600_000).toISOString(),
});

const ctx = (s: AnyMachineSnapshot) => s.context as StatusContext;
const welcomeShown = (s: AnyMachineSnapshot) => ctx(s).status.status !== 'away' && ctx(s).welcome !== null;

const trouble = [
  { variant: 'no answer', error: new TypeError('Failed to fetch') },
  { variant: 'session gone', error: new ApiError(401, 'Not signed in') },
];

function events(type: string, s: AnyMachineSnapshot): AnyEventObject[] | undefined {
  const c = ctx(s);
  switch (type) {
    case LOAD_DONE:
      return [
        { type, output: DEFAULT_STATUS, variant: 'available' },
        ...(s.matches('loading') && c.status.status === 'available' ? [{ type, output: anHourFromNow(), variant: 'away for an hour' }] : []),
      ];
    case LOAD_ERROR:
    case SAVE_ERROR:
    case BACK_ERROR:
    case END_ERROR:
      return trouble.map((t) => ({ type, ...t }));
    case SAVE_DONE: {
      // The server keeps what the sheet sent; the end is the one the app worked out.
      const until = c.draft.length === 'untilBack' ? null : new Date(Date.now() + 3_600_000).toISOString();
      const status: UserStatus = { status: 'away', custom_message: c.draft.message || null, emoji: c.draft.emoji || null, until };
      return [{ type, output: { success: true, status } }];
    }
    case BACK_DONE:
      return [{ type, output: { success: true, status: DEFAULT_STATUS } }];
    case END_DONE:
      return [{ type, output: DEFAULT_STATUS }];
    case BREAK_TIME_UP:
      return [{ type }];
    case 'break.opened':
    case 'break.cancelled':
    case 'break.submitted':
    case 'break.ended':
    case 'live.reconnected':
      return [{ type }];
    case 'welcome.dismissed':
      return welcomeShown(s) ? [{ type }] : [];
    case 'live.notification':
      // Once in a state: said as a break ends; the server says it once per break.
      return c.welcome === null ? [{ type, notification: welcomeNotification }] : [];
    case 'break.lengthChosen':
      return [{ type, length: c.draft.length === 'hour' ? 'untilBack' : 'hour' }];
    case 'break.messageChanged':
      return [c.draft.message === LINE ? { type, message: TOO_LONG, variant: 'too long' } : { type, message: LINE, variant: 'a line' }];
    case 'break.emojiChosen':
      return c.draft.emoji === '' ? [{ type, emoji: LEAF }] : [];
    default:
      return undefined;
  }
}

const sessionGone = (e: AnyEventObject) => e.variant === 'session gone';
const SIGNED_OUT = 'the login view with “User not logged in”';

const lengthWords = (c: StatusContext) => (c.draft.length === 'hour' ? 'For 1 hour' : 'Until I come back');

const sheetWords = (s: AnyMachineSnapshot) => {
  const c = ctx(s);
  const problem = c.errors.fields.message ?? c.errors.form;
  return (
    `the sheet “Take a break” with “${lengthWords(c)}” chosen` +
    (c.draft.message ? `, the line ${c.draft.message === LINE ? `“${LINE}”` : `of ${STATUS_MESSAGE_MAX + 1} characters`}` : '') +
    (c.draft.emoji ? `, ${c.draft.emoji} chosen` : '') +
    (problem ? `, saying “${problem.message}”` : '')
  );
};

export const statusModel: ChartModel = {
  name: 'status',
  machine: statusMachine,
  starts: [{ label: 'Ada signs in', input: { userId: ada.id } }],
  events,
  // `left` (the break's time to go, measured on the clock) is left out: it is the same break.
  serializeState: (s) => {
    const c = ctx(s);
    return JSON.stringify([s.value, c.status.status, c.status.until !== null, c.draft, c.errors, c.welcome, c.backError, c.settled]);
  },
  endsPath: sessionGone,
  say: (e, before) => {
    switch (e.type) {
      case LOAD_DONE:
        return e.variant === 'available' ? 'the server answers that she is available' : 'the server answers that she is on a break for an hour';
      case SAVE_DONE:
        return 'the server keeps her break';
      case BACK_DONE:
        return 'the server has her back';
      case END_DONE:
        return 'the server answers (it has ended the break)';
      case LOAD_ERROR:
      case SAVE_ERROR:
      case BACK_ERROR:
      case END_ERROR:
        return sessionGone(e) ? 'the server answers that her session is gone' : 'the call gets no answer';
      case BREAK_TIME_UP:
        return 'the hour of her break passes';
      case 'break.opened':
        return 'Ada presses “Take a break” in the top bar';
      case 'break.cancelled':
        return 'she presses Cancel';
      case 'break.submitted':
        return 'she presses “Start my break”';
      case 'break.ended':
        return 'she presses “I’m back”';
      case 'welcome.dismissed':
        return 'she presses OK under “Welcome back”';
      case 'live.notification':
        return before.matches('away') ? 'the server ends her break and says “Welcome back”' : 'the server says “Welcome back” (a break ended)';
      case 'live.reconnected':
        return 'the live channel reconnects';
      case 'break.lengthChosen':
        return `she chooses “${e.length === 'hour' ? 'For 1 hour' : 'Until I come back'}”`;
      case 'break.messageChanged':
        return e.variant === 'a line' ? `she writes the line “${LINE}”` : `she makes the line ${STATUS_MESSAGE_MAX + 1} characters long`;
      case 'break.emojiChosen':
        return `she chooses ${LEAF}`;
      default:
        return e.type;
    }
  },
  see: {
    loading: (s) =>
      !ctx(s).settled
        ? 'no “Take a break” yet, and no banner'
        : ctx(s).status.status === 'away'
          ? 'the banner as it was, “I’m back” waiting for the answer'
          : '“Take a break” waiting for the answer' + (welcomeShown(s) ? `, and the banner “Welcome back: ${ctx(s).welcome?.message}”` : ''),
    'available.idle': (s, e) =>
      sessionGone(e)
        ? SIGNED_OUT
        : welcomeShown(s)
          ? `“Take a break”, and the banner “Welcome back: ${ctx(s).welcome?.message}”`
          : '“Take a break” in the top bar, and no banner',
    'available.choosing': sheetWords,
    'available.saving': (s) => `${sheetWords(s)}, its button “Starting your break…”`,
    'away.timed': (s, e) =>
      sessionGone(e)
        ? SIGNED_OUT
        : `the banner “You’re on a break until <its end>” with “I’m back”, and no “Take a break”` +
          (ctx(s).backError ? `, saying “${ctx(s).backError?.message}”` : ''),
    'away.open': (s, e) =>
      sessionGone(e)
        ? SIGNED_OUT
        : 'the banner “You’re on a break until you come back” with “I’m back”, and no “Take a break”' +
          (ctx(s).backError ? `, saying “${ctx(s).backError?.message}”` : ''),
    'away.returning': () => 'the banner with its button “Coming back…”',
    ending: (s) => (welcomeShown(s) ? 'the banner “Welcome back” in place of the break' : 'no banner, and no “Take a break” yet'),
  },
  about:
    'Runs while Ada is signed in: “Take a break” in the top bar opens the sheet, and the banner under the top bar shows ' +
    'the break with “I’m back”, then “Welcome back”. The status calls are doubles the path settles; the live channel’s ' +
    '“Welcome back” and its reconnect are sent to the root as the socket would; the break’s hour runs on a simulated ' +
    'clock (a millisecond early, it is not over). Not taken: the clock’s next stretch of a break longer than a timer ' +
    'can wait (24.8 days), which the chart’s own tests cover on a fake clock.',
};
