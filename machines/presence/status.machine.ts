/**
 * Taking a break (issue 16): the person's own status, available or away. From anywhere
 * they open the break sheet, choose how long (an hour, three hours, until tomorrow
 * morning, or until they come back) and, if they like, a line and an emoji their
 * connections see; the end is worked out here, on the device, in its own time zone.
 * While away every view shows a calm banner with "I'm back". The break ends by itself at
 * its end on the server (every instance), which then says "Welcome back" as a live
 * notification; the chart ends it at the same moment on its own clock as well, so the
 * banner goes on time with no connection, and asks the server (which ends a run-out
 * break as it is read) rather than waiting for its sweep. It lives while the user is
 * signed in.
 */
import { assertEvent, assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { DEFAULT_STATUS, STATUS_EMOJI_MAX, STATUS_MESSAGE_MAX, WELCOME_BACK } from '../../contract/safety-words';
import type { StatusAnswer, StatusBody, UserStatus } from '../../contract/status';
import type { Notification } from '../../contract/social';
import { api, errorOf } from '../api/client';
import { errorsFromFailure, fieldError, focusFirstError, hasErrors, NO_ERRORS, withoutFieldError, type FormErrors } from '../form-errors';
import { logFailure } from '../log';
import { isSessionGone, reportSessionGone } from '../session-gone';
import { sentence, type Said } from '../../contract/said';
import { contentOf } from '../session/notifications.machine';
import { tellPresence } from './presence.machine';

/** How long a break lasts, as the sheet offers it. */
export const BREAK_LENGTHS = ['hour', 'threeHours', 'tomorrow', 'untilBack'] as const;
export type BreakLength = (typeof BREAK_LENGTHS)[number];

/** "Until tomorrow" ends at this hour of the next morning, on the device's clock. */
export const TOMORROW_MORNING_HOUR = 8;

/**
 * The longest a timer can wait (setTimeout's limit, about 24.8 days); a break may last
 * 30 days, so its clock waits in stretches of at most this.
 */
export const LONGEST_TIMER_MS = 2_147_483_647;

const HOUR_MS = 3_600_000;

/** When a break of `length` taken at `now` ends (ISO), or null: until the person comes back. */
export function breakEnd(length: BreakLength, now: Date): string | null {
  switch (length) {
    case 'hour':
      return new Date(now.getTime() + HOUR_MS).toISOString();
    case 'threeHours':
      return new Date(now.getTime() + 3 * HOUR_MS).toISOString();
    case 'tomorrow': {
      // The next calendar day at 08:00 local time (the Date constructor keeps to the device's zone, DST included).
      const end = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1, TOMORROW_MORNING_HOUR, 0, 0, 0);
      return end.toISOString();
    }
    case 'untilBack':
      return null;
  }
}

export type BreakField = 'message' | 'emoji';
export const BREAK_FORM = 'break';
export const BREAK_FIELDS: readonly BreakField[] = ['message', 'emoji'];

export interface BreakDraft {
  length: BreakLength;
  /** The status line connections see; empty for none. */
  message: string;
  /** Empty for none. */
  emoji: string;
}

export const EMPTY_DRAFT: BreakDraft = { length: 'hour', message: '', emoji: '' };

/** Not SPEC 8's texts: SPEC 8 has none for these failures. */
export const BREAK_FAILED: Said = /*i18n*/ { id: 'presence.breakFailed', message: "We couldn't start your break just now. Please try again." };
export const BACK_FAILED: Said = /*i18n*/ { id: 'presence.backFailed', message: "We couldn't end your break just now. Please try again." };

/** The PUT body for a draft taken at `now`. */
export const breakBody = (draft: BreakDraft, now: Date): StatusBody => ({
  status: 'away',
  custom_message: draft.message.trim() || null,
  emoji: draft.emoji.trim() || null,
  until: breakEnd(draft.length, now),
});

const messageTooLong = sentence(
  /*i18n*/ { id: 'status.messageTooLong', message: 'Your status line can be at most {max} characters long.' },
  ({ max }: { max: number }) => `Your status line can be at most ${max} characters long.`,
);
const emojiTooLong = sentence(
  /*i18n*/ { id: 'status.emojiTooLong', message: 'The emoji can be at most {max} characters long.' },
  ({ max }: { max: number }) => `The emoji can be at most ${max} characters long.`,
);

/** What is wrong with a draft before it is sent (the contract's limits), or no errors. */
export function draftErrors(draft: BreakDraft): FormErrors<BreakField> {
  if (draft.message.trim().length > STATUS_MESSAGE_MAX)
    return fieldError('message', messageTooLong({ max: STATUS_MESSAGE_MAX }));
  if (draft.emoji.trim().length > STATUS_EMOJI_MAX)
    return fieldError('emoji', emojiTooLong({ max: STATUS_EMOJI_MAX }));
  return NO_ERRORS;
}

/** The live notification the server sends as a break ends (by itself or by the person). */
export const isWelcomeBack = (n: Pick<Notification, 'title_code'>): boolean => n.title_code === WELCOME_BACK.title.id;

export interface StatusContext {
  userId: string;
  /** The status as last known: from the server, or ended here when its time came. */
  status: UserStatus;
  draft: BreakDraft;
  errors: FormErrors<BreakField>;
  /** What "Welcome back" says once a break has ended; null when nothing is to be said. */
  welcome: Said | null;
  /** Said in the banner when "I'm back" did not reach the server; null otherwise. */
  backError: Said | null;
  /** How long the break had left when its clock last started (ms). */
  left: number;
  /** The server has answered (or failed to) once: while it is asked again, the screen keeps what it showed. */
  settled: boolean;
}

export type StatusEvent =
  | { type: 'break.opened' }
  | { type: 'break.cancelled' }
  | { type: 'break.lengthChosen'; length: BreakLength }
  | { type: 'break.messageChanged'; message: string }
  | { type: 'break.emojiChosen'; emoji: string }
  | { type: 'break.submitted' }
  | { type: 'break.ended' }
  | { type: 'welcome.dismissed' }
  | { type: 'live.notification'; notification: Notification }
  | { type: 'live.reconnected' };

export const statusMachine = setup({
  types: {
    context: {} as StatusContext,
    input: {} as { userId: string },
    events: {} as StatusEvent,
  },
  actors: {
    loadStatus: fromPromise<UserStatus, { userId: string }>(({ input }) => api.getStatus(input.userId)),
    saveStatus: fromPromise<StatusAnswer, { userId: string; body: StatusBody }>(({ input }) => api.setStatus(input.userId, input.body)),
  },
  delays: {
    // At most one timer's stretch; a longer break waits again for the rest.
    breakStretch: ({ context }) => Math.min(Math.max(context.left, 0), LONGEST_TIMER_MS),
  },
  guards: {
    isSessionGone,
    isAwayAnswer: (_, params: { status: UserStatus }) => params.status.status === 'away',
    // The break ended while the chart was not looking (asleep, offline): still welcomed back.
    wasAway: ({ context }) => context.status.status === 'away',
    hasEnd: ({ context }) => context.status.until !== null,
    isDraftValid: ({ context }) => !hasErrors(draftErrors(context.draft)),
    isLastStretch: ({ context }) => context.left <= LONGEST_TIMER_MS,
    isWelcomeBack: ({ event }) => {
      assertEvent(event, 'live.notification');
      return isWelcomeBack(event.notification);
    },
  },
  actions: {
    reportSessionGone: reportSessionGone(),
    // Not for a status only read (at the start, after a reconnect): nothing changed, and
    // presence reads itself then; it was read twice as the app opened.
    tellPresence: ({ system, event }) => {
      if (!/^xstate\.(done|error)\.actor\.loadStatus$/.test(event.type)) tellPresence(system);
    },
    takeStatus: assign((_, params: { status: UserStatus }) => ({ status: params.status, backError: null, settled: true })),
    settle: assign({ settled: true }),
    // Measured when the clock starts, from the device's time now.
    measureBreak: assign({ left: ({ context }) => (context.status.until ? Date.parse(context.status.until) - Date.now() : 0) }),
    endBreak: assign({ status: DEFAULT_STATUS, backError: null }),
    sayWelcome: assign({ welcome: WELCOME_BACK.content as Said }),
    // The server's own words: they say when requests waited.
    takeWelcome: assign({
      welcome: ({ event }) => {
        assertEvent(event, 'live.notification');
        return contentOf(event.notification);
      },
    }),
    dismissWelcome: assign({ welcome: null }),
    startDraft: assign({ draft: EMPTY_DRAFT, errors: NO_ERRORS, welcome: null }),
    chooseLength: assign({
      draft: ({ context, event }) => {
        assertEvent(event, 'break.lengthChosen');
        return { ...context.draft, length: event.length };
      },
    }),
    editMessage: assign(({ context, event }) => {
      assertEvent(event, 'break.messageChanged');
      return { draft: { ...context.draft, message: event.message }, errors: withoutFieldError(context.errors, 'message') };
    }),
    chooseEmoji: assign(({ context, event }) => {
      assertEvent(event, 'break.emojiChosen');
      return { draft: { ...context.draft, emoji: event.emoji }, errors: withoutFieldError(context.errors, 'emoji') };
    }),
    showDraftErrors: assign({ errors: ({ context }) => draftErrors(context.draft) }),
    showSaveFailure: assign({
      errors: ({ event }) =>
        errorsFromFailure<BreakField>(errorOf(event), {
          fields: { custom_message: 'message', emoji: 'emoji' },
          fallback: BREAK_FAILED,
        }),
    }),
    // After a failed submit, focus goes to what is wrong (a named action: tests provide a fake).
    focusFirstError: ({ context }) => focusFirstError(BREAK_FORM, BREAK_FIELDS, context.errors),
    sayBackFailed: assign({ backError: BACK_FAILED }),
    clearBackError: assign({ backError: null }),
    logFailure: (_, params: { what: string; error: unknown }) => logFailure(params.what, params.error),
  },
}).createMachine({
  id: 'status',
  context: ({ input }) => ({
    userId: input.userId,
    status: DEFAULT_STATUS,
    draft: EMPTY_DRAFT,
    errors: NO_ERRORS,
    welcome: null,
    backError: null,
    left: 0,
    settled: false,
  }),
  on: {
    // Said whenever a break ends (by itself, on another device, or by "I'm back"): one known here is over too.
    'live.notification': { guard: 'isWelcomeBack', actions: ['endBreak', 'takeWelcome'] },
    'welcome.dismissed': { actions: 'dismissWelcome' },
  },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadStatus',
        src: 'loadStatus',
        input: ({ context }) => ({ userId: context.userId }),
        onDone: [
          {
            guard: { type: 'isAwayAnswer', params: ({ event }) => ({ status: event.output }) },
            target: 'away',
            actions: { type: 'takeStatus', params: ({ event }) => ({ status: event.output }) },
          },
          {
            guard: 'wasAway',
            target: 'available',
            actions: [{ type: 'takeStatus', params: ({ event }) => ({ status: event.output }) }, 'sayWelcome'],
          },
          { target: 'available', actions: { type: 'takeStatus', params: ({ event }) => ({ status: event.output }) } },
        ],
        onError: [
          { guard: 'isSessionGone', target: 'available', actions: 'reportSessionGone' },
          // Not known: as it was (a break on screen stays, its clock running); the next reconnect asks again.
          { guard: 'wasAway', target: 'away', actions: ['settle', { type: 'logFailure', params: ({ event }) => ({ what: 'load status', error: event.error }) }] },
          { target: 'available', actions: ['settle', { type: 'logFailure', params: ({ event }) => ({ what: 'load status', error: event.error }) }] },
        ],
      },
    },
    // Who can see the person changes as a break starts and ends (issue 39).
    available: {
      entry: 'tellPresence',
      initial: 'idle',
      states: {
        idle: {
          on: {
            'break.opened': { target: 'choosing', actions: 'startDraft' },
            'live.reconnected': '#status.loading',
          },
        },
        // The sheet is open; its draft is kept here until it is sent.
        choosing: {
          on: {
            'break.cancelled': 'idle',
            'break.lengthChosen': { actions: 'chooseLength' },
            'break.messageChanged': { actions: 'editMessage' },
            'break.emojiChosen': { actions: 'chooseEmoji' },
            'break.submitted': [{ guard: 'isDraftValid', target: 'saving' }, { actions: ['showDraftErrors', 'focusFirstError'] }],
          },
        },
        saving: {
          entry: assign({ errors: NO_ERRORS }),
          invoke: {
            src: 'saveStatus',
            // The end is worked out now, as the person presses the button.
            input: ({ context }) => ({ userId: context.userId, body: breakBody(context.draft, new Date()) }),
            onDone: { target: '#status.away', actions: { type: 'takeStatus', params: ({ event }) => ({ status: event.output.status }) } },
            onError: [
              { guard: 'isSessionGone', target: 'idle', actions: 'reportSessionGone' },
              { target: 'choosing', actions: ['showSaveFailure', 'focusFirstError'] },
            ],
          },
        },
      },
    },
    away: {
      entry: 'tellPresence',
      initial: 'starting',
      // The server ended it (its time came, or "I'm back" here or elsewhere): over here too.
      on: {
        'live.notification': { guard: 'isWelcomeBack', target: '#status.available', actions: ['endBreak', 'takeWelcome'] },
      },
      states: {
        starting: {
          always: [{ guard: 'hasEnd', target: 'timed', actions: 'measureBreak' }, { target: 'open' }],
        },
        // The break's own clock: at its end it is over here too, with or without the server.
        timed: {
          after: {
            breakStretch: [
              { guard: 'isLastStretch', target: '#status.ending', actions: ['endBreak', 'sayWelcome'] },
              { target: 'timed', reenter: true, actions: 'measureBreak' },
            ],
          },
          on: {
            'break.ended': 'returning',
            'live.reconnected': '#status.loading',
          },
        },
        // Until the person comes back.
        open: {
          on: {
            'break.ended': 'returning',
            'live.reconnected': '#status.loading',
          },
        },
        returning: {
          entry: 'clearBackError',
          invoke: {
            src: 'saveStatus',
            input: ({ context }) => ({ userId: context.userId, body: { status: 'available' } }),
            onDone: { target: '#status.available', actions: { type: 'takeStatus', params: ({ event }) => ({ status: event.output.status }) } },
            onError: [
              { guard: 'isSessionGone', target: 'starting', actions: 'reportSessionGone' },
              { target: 'starting', actions: 'sayBackFailed' },
            ],
          },
        },
      },
    },
    // The break's time is up here: the server is asked, which ends it now if its sweep has not yet.
    ending: {
      invoke: {
        src: 'loadStatus',
        input: ({ context }) => ({ userId: context.userId }),
        // Whatever it answers (its clock may be a moment behind), the break is over here.
        onDone: 'available',
        onError: [
          { guard: 'isSessionGone', target: 'available', actions: 'reportSessionGone' },
          { target: 'available', actions: { type: 'logFailure', params: ({ event }) => ({ what: 'end break', error: event.error }) } },
        ],
      },
    },
  },
});

export type StatusActorRef = ActorRefFrom<typeof statusMachine>;
export type StatusSnapshot = SnapshotFrom<typeof statusMachine>;

/** Asked again (a reconnect): what was shown stays, its buttons waiting for the answer. */
const rechecking = (s: StatusSnapshot): boolean => s.matches('loading') && s.context.settled;

/**
 * The banner's facts while on a break: its end (null: until they come back), the line her
 * connections see, whether "I'm back" waits (on its way, or while the status is asked
 * again) and what went wrong; null when not on a break.
 */
export function selectBreak(
  s: StatusSnapshot,
): { until: string | null; line: string | null; busy: 'returning' | 'checking' | null; error: Said | null } | null {
  const { status } = s.context;
  if (!s.matches('away') && !(rechecking(s) && status.status === 'away')) return null;
  const busy = s.matches({ away: 'returning' }) ? 'returning' : s.matches('loading') ? 'checking' : null;
  // What her connections see: the emoji and the line, as one.
  const line = [status.emoji, status.custom_message].filter(Boolean).join(' ') || null;
  return { until: status.until, line, busy, error: s.context.backError };
}

/** "Take a break": offered while available, waiting while the status is asked again, else not there. */
export function selectBreakOffer(s: StatusSnapshot): 'offered' | 'waiting' | null {
  if (s.matches('available')) return 'offered';
  return rechecking(s) && s.context.status.status === 'available' ? 'waiting' : null;
}

/** The sheet is open (or sending). */
export const selectSheet = (s: StatusSnapshot): 'closed' | 'choosing' | 'saving' =>
  s.matches({ available: 'choosing' }) ? 'choosing' : s.matches({ available: 'saving' }) ? 'saving' : 'closed';

/** What "Welcome back" says, while it is shown (not over a break). */
export const selectWelcome = (s: StatusSnapshot): Said | null => (s.context.status.status === 'away' ? null : s.context.welcome);
