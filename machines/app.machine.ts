/**
 * The root statechart: who is signed in (nobody, a user, an admin) and which SPEC 2 view
 * is on screen, with its address (issue 13). It holds the session and the route, and
 * starts the charts that live with its states: a chart (or two) per view, the login
 * form's, and while a user is signed in the session's (availability, the battery, the
 * switchboard with its live channel, the outbox, the lists kept while signed in) and the
 * location poller while the user is in an event (see location-poller.machine.ts).
 *
 * What is not routing or the session is an actor of its own, told by events: the toasts
 * (app/toasts.machine.ts), the chart loader that fetches each part's chunk of charts and
 * says whether they are arriving or out of reach (app/chart-loader.machine.ts, issue 15),
 * and the switchboard that passes each live message, and each word one chart has for
 * another, to the charts it is for (app/switchboard.machine.ts). The root tells the
 * switchboard where the person is; it reads no child's state.
 *
 * Its named implementations are in app/app.setup.ts; what it holds and hears, in
 * app/app.context.ts; its routing, in app/routes.ts.
 */
import { assign, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { SafeZone } from '../contract/discovery';
import { SHELL_MESSAGES as MESSAGES } from '../contract/shell-messages';
import { adminSlugFromPath, type UserView } from './views';
import { ADDRESS_UNAVAILABLE, PLANS_UNAVAILABLE, REPORT_UNAVAILABLE, initialContext } from './app/app.context';
import { appSetup } from './app/app.setup';
import { SESSION_CHARTS } from './app/chart-inputs';
import { addressTransitions, enterView, viewOn, viewTransitions, writeView } from './app/routes';
import { chartedView, chartsOf, choosingView, stopCharts, withCharts } from './app/view-states';
import { ASK_FIRST, ASK_FIRST_REPORT, EDITS_TRANSITIONS } from './app/unsaved';

export { ADDRESS_UNAVAILABLE, PLANS_UNAVAILABLE, REPORT_UNAVAILABLE, type AdminSummary, type AppContext, type AppEvent } from './app/app.context';

/** The report sheet closes: its chunk's loader and its chart stop. */
const CLOSE_REPORT = ['stopReportLoader', 'stopReportSheet', 'markReportClosed'] as const;
const CLOSE_PROFILE_STEPS = ['stopProfileStepsLoader', 'stopProfileSteps', 'markProfileStepsClosed'] as const;

export const appMachine = appSetup.createMachine({
  id: 'app',
  context: ({ input }) => initialContext(input),
  invoke: [
    { src: 'history', id: 'history' },
    { src: 'connectivity', id: 'connectivity' },
    // The PWA chart, from a chunk of its own, as the app opens; the switchboard passes it the
    // live notifications (a hidden page shows them as system notifications).
    chartsOf('pwa', 'pwaLoader'),
    { src: 'toasts', id: 'toasts' },
  ],
  on: {
    'toast.show': { actions: 'passToast' },
    'error.show': { actions: { type: 'showError', params: ({ event }) => ({ message: event.message }) } },
    'error.cleared': { actions: 'clearError' },
    'error.dismissed': { actions: 'clearError' },
    'connectivity.changed': { actions: 'setOnline' },
  },
  initial: 'start',
  states: {
    start: {
      always: [
        // An email's link opens its page whether or not this device has a session (issue 41).
        { guard: 'isResetLink', target: 'signedOut.reset-password', actions: { type: 'writeEmailLinkAddress', params: { path: '/reset-password', replace: true } } },
        { guard: 'isVerifyLink', target: 'verifyingEmail', actions: { type: 'writeEmailLinkAddress', params: { path: '/verify-email', replace: true } } },
        { guard: 'isAdminPath', target: 'checkingGate' },
        { guard: 'shouldRestoreSession', target: 'restoringSession' },
        { target: 'signedOut' },
      ],
    },
    // Reopening the app with a valid session cookie goes straight back in, quietly.
    restoringSession: {
      invoke: {
        src: 'restoreSession',
        onDone: [
          {
            guard: { type: 'isSomeone', params: ({ event }) => ({ user: event.output }) },
            target: 'openingSession',
            actions: { type: 'setUser', params: ({ event }) => ({ user: event.output! }) },
          },
          { target: 'signedOut' },
        ],
        // Offline or a server error: the login view, as when signed out.
        onError: 'signedOut',
      },
    },
    // A confirmation link (issue 41): its chart sends the token once; Continue goes on as the app would have opened.
    verifyingEmail: {
      ...withCharts('verify-email'),
      on: {
        'emailLink.left': [
          { guard: 'shouldRestoreSession', target: 'restoringSession', actions: ['forgetEmailLink', 'writeRootAddress'] },
          { target: 'signedOut', actions: ['forgetEmailLink', 'writeRootAddress'] },
        ],
      },
    },
    // SPEC 2: /admin/<slug> asks the server's gate before showing admin-login.
    checkingGate: {
      invoke: {
        src: 'checkAdminGate',
        input: ({ context }) => ({ slug: adminSlugFromPath(context.path)! }),
        onDone: 'signedOut.admin-login',
        onError: { actions: 'redirectToRoot' },
      },
    },
    signedOut: {
      initial: 'login',
      states: {
        // The login form's chart is in a chunk of its own.
        login: {
          entry: ['stopAdminChart', 'forgetAdminChart'],
          invoke: [{ src: 'adminKeys', id: 'adminKeys' }, chartsOf('login')],
          exit: stopCharts('login'),
          on: {
            // "Forgot your password?" (issue 41).
            'passwordReset.opened': {
              target: 'reset-password',
              actions: { type: 'writeEmailLinkAddress', params: { path: '/reset-password', replace: false } },
            },
            'admin.entryRequested': {
              guard: 'canUseAdminKeys',
              target: 'admin-login',
              actions: assign({ adminKeyUses: ({ context }) => context.adminKeyUses + 1 }),
            },
          },
        },
        // Asking for a reset link, or choosing a new password with one (issue 41).
        'reset-password': {
          ...withCharts('password-reset'),
          on: {
            'emailLink.left': { target: 'login', actions: ['forgetEmailLink', 'writeRootAddress'] },
            // Back from the form goes back to the login view.
            'address.changed': { target: 'login', actions: 'forgetEmailLink' },
            'passwordReset.done': {
              target: 'login',
              actions: ['forgetEmailLink', 'writeRootAddress', { type: 'showToast', params: ({ event }) => ({ kind: 'success' as const, message: event.message }) }],
            },
          },
        },
        // The admin chart (lazy chunk) runs the admin login form here.
        'admin-login': {
          invoke: {
            src: 'loadAdminChart',
            id: 'adminChartLoader',
            onDone: { guard: 'hasNoAdminChart', actions: { type: 'spawnAdminChart', params: ({ event }) => ({ logic: event.output }) } },
          },
          on: {
            'admin.signedIn': { target: '#app.admin', actions: assign({ admin: ({ event }) => event.admin }) },
            'admin.left': 'login',
          },
        },
      },
      on: {
        // Back/forward while signed out only changes where sign-in leads.
        'address.changed': { actions: assign({ path: ({ event }) => event.path }) },
        'auth.banned': { actions: assign({ ban: ({ event }) => event.ban, error: null }) },
        'auth.succeeded': {
          target: 'openingSession',
          actions: [
            { type: 'setUser', params: ({ event }) => ({ user: event.user }) },
            assign({ profileStepsOpen: ({ event }) => event.via === 'register' }),
            'clearError',
            {
              type: 'showToast',
              params: ({ event }) => ({
                kind: 'success' as const,
                message: event.reactivated
                  ? MESSAGES.accountReactivated
                  : event.via === 'login'
                    ? MESSAGES.loginSuccessful
                    : MESSAGES.registrationSuccessful,
              }),
            },
          ],
        },
      },
    },
    // An admin is signed in; the admin chart (spawned after its lazy chunk loads) lives through admin-login and here.
    admin: {
      invoke: {
        src: 'loadAdminChart',
        id: 'adminChartLoader',
        onDone: { guard: 'hasNoAdminChart', actions: { type: 'spawnAdminChart', params: ({ event }) => ({ logic: event.output }) } },
      },
      on: {
        'admin.signedOut': {
          target: 'signedOut.login',
          actions: [
            assign({ admin: null }),
            { type: 'showToast', params: ({ event }) => ({ message: event.message ?? MESSAGES.loggedOut, kind: 'success' as const }) },
          ],
        },
      },
    },
    // Signed in: the session's charts (and the events list's) arrive in a chunk of their own first.
    openingSession: {
      invoke: {
        src: 'chartLoader',
        id: 'charts',
        input: { chunk: 'session' },
        onDone: { target: 'user', actions: { type: 'keepSession', params: ({ event }) => ({ charts: event.output }) } },
      },
    },
    user: {
      // The session's background charts start; then the address asked for (a deep link, or
      // where the person was before signing in again).
      entry: ['startSession', 'askForPathAddress', 'openProfileSteps'],
      initial: 'routing',
      exit: [
        ...SESSION_CHARTS.map((id) => ({ type: 'stopChart' as const, params: { id } })),
        'stopPoller',
        'stopPlansLoader',
        'stopPlanChooser',
        ...CLOSE_PROFILE_STEPS,
        ...CLOSE_REPORT,
        'forgetSession',
        'forgetUserData',
      ],
      on: {
        'view.opened': [ASK_FIRST, ...viewTransitions],
        'address.changed': [ASK_FIRST, { target: '.routing', actions: 'askForAddress' }],
        'address.opened': [ASK_FIRST, { target: '.routing', actions: 'askForAddress' }],
        // A section of the event view: its address is replaced, so Back leaves the event.
        'eventTab.selected': [
          { guard: 'isOnEventView', actions: [assign({ eventTab: ({ event }) => event.tab, replaceAddress: true }), ...writeView('event')] },
          { actions: assign({ eventTab: ({ event }) => event.tab }) },
        ],
        'plans.opened': { guard: 'isPlanChooserClosed', actions: 'openPlanChooser' },
        'plans.closed': { actions: ['stopPlansLoader', 'stopPlanChooser', 'markPlansClosed'] },
        'xstate.done.actor.plansLoader': { actions: { type: 'startCharts', params: ({ event }) => ({ charts: event.output }) } },
        'profileSteps.closed': { actions: CLOSE_PROFILE_STEPS },
        'xstate.done.actor.profileStepsLoader': { actions: { type: 'startCharts', params: ({ event }) => ({ charts: event.output }) } },
        'report.opened': { guard: 'isReportClosed', actions: 'openReport' },
        'report.closed': [ASK_FIRST_REPORT, { actions: CLOSE_REPORT }],
        'xstate.done.actor.reportLoader': { actions: { type: 'startCharts', params: ({ event }) => ({ charts: event.output }) } },
        // Offline before the app was stored: the sheet closes and says so; Upgrade (or Report) tries again.
        // A view's chunk is said to be out of reach by its loader, with Try again.
        'charts.unavailable': [
          {
            guard: { type: 'isChunk', params: { chunk: 'plans' } },
            actions: ['stopPlansLoader', 'markPlansClosed', { type: 'showError', params: { message: PLANS_UNAVAILABLE } }],
          },
          { guard: { type: 'isChunk', params: { chunk: 'report' } }, actions: [...CLOSE_REPORT, { type: 'showError', params: { message: REPORT_UNAVAILABLE } }] },
          // The steps are an offer: out of reach, they are left to the profile view.
          { guard: { type: 'isChunk', params: { chunk: 'profile-steps' } }, actions: CLOSE_PROFILE_STEPS },
        ],
        // What one chart has for another, and the browser's connection: the switchboard passes them on.
        'report.filed': { actions: 'toSwitchboard' },
        // A block, wherever it was done: nothing about the person is said any more (issue 40).
        'report.blocked': { actions: ['toSwitchboard', 'forgetToastsAbout'] },
        'chat.blocked': { actions: ['toSwitchboard', 'forgetToastsAbout'] },
        'person.blocked': { actions: ['toSwitchboard', 'forgetToastsAbout'] },
        'outbox.queued': { actions: 'toSwitchboard' },
        'outbox.sent': { actions: 'toSwitchboard' },
        'conversation.read': { actions: 'toSwitchboard' },
        'connectivity.changed': { actions: ['setOnline', 'toSwitchboard'] },
        'event.opened': [
          ASK_FIRST,
          // A different event: the old poller stops, a new one starts, no zone is known yet.
          {
            guard: 'isAnotherEvent',
            target: '.event',
            actions: ['stopPoller', 'forgetZone', { type: 'setCurrentEvent', params: ({ event }) => ({ event: event.event }) }, 'startPoller', 'enterEvent'],
          },
          { target: '.event', actions: [{ type: 'setCurrentEvent', params: ({ event }) => ({ event: event.event }) }, 'enterEvent'] },
        ],
        'currentEvent.changed': { actions: assign({ currentEvent: ({ event }) => event.event }) },
        'groupChat.opened': [ASK_FIRST, { target: '.group-chat', actions: assign({ groupChatId: ({ event }) => event.chatId }) }],
        // Its organizer cancelled the current event (issue 17): nothing of it stays, not even its poller.
        'event.cancelled': { target: '.events', actions: ['stopPoller', 'forgetZone', assign({ currentEvent: null })] },
        'zone.changed': { actions: assign({ currentZone: ({ event }) => event.zone }) },
        'user.patched': { actions: 'patchUser' },
        'privacy.updated': { actions: 'toSwitchboard' },
        'chat.opened': [ASK_FIRST, { target: '.chat', actions: ['rememberReturnView', assign({ partner: ({ event }) => event.partner })] }],
        'contactExchange.opened': [ASK_FIRST, { target: '.contact-exchange', actions: ['rememberReturnView', assign({ partner: ({ event }) => event.partner })] }],
        // A form holds edits: leaving it asks first (issue 39, app/unsaved.ts), signing out too.
        ...EDITS_TRANSITIONS,
        'signOut.requested': [ASK_FIRST, { actions: 'confirmSignOut' }],
        'user.updated': { actions: { type: 'setUser', params: ({ event }) => ({ user: event.user }) } },
        'session.ended': {
          target: 'signedOut',
          actions: [
            'writeRootAddress',
            // The next person to sign in on this device starts at the events list.
            'forgetPath',
            'clearUser',
            'clearError',
            { type: 'showToast', params: ({ event }) => ({ message: event.message, kind: 'success' as const }) },
          ],
        },
        // A ban says why and until when; any other lost session, SPEC 8's words.
        'session.expired': [
          { guard: 'isEndedByBan', target: 'signedOut', actions: ['clearUser', assign({ ban: ({ event }) => event.ban ?? null, error: null })] },
          { target: 'signedOut', actions: ['clearUser', { type: 'showError', params: { message: MESSAGES.userNotLoggedIn } }] },
        ],
      },
      states: {
        // Opens the view the pending address names, loading its event or person first.
        routing: {
          always: [{ guard: 'needsLoading', target: 'loading' }, ...addressTransitions],
        },
        loading: {
          entry: { type: 'tellRoute', params: { view: null } },
          invoke: {
            src: 'resolveAddress',
            input: ({ context }) => ({
              userId: context.user!.id,
              address: context.pendingAddress!,
              currentEvent: context.currentEvent,
              partner: context.partner,
            }),
            onDone: [
              {
                // As opening it from the list: its poller, its live updates, its requests.
                guard: { type: 'hasResolvedEvent', params: ({ event }) => ({ resolved: event.output }) },
                target: 'routing',
                actions: [
                  { type: 'setResolvedPartner', params: ({ event }) => ({ resolved: event.output }) },
                  'stopPoller',
                  'forgetZone',
                  { type: 'setCurrentEvent', params: ({ event }) => ({ event: event.output.event! }) },
                  'startPoller',
                  'enterEvent',
                ],
              },
              { target: 'routing', actions: { type: 'setResolvedPartner', params: ({ event }) => ({ resolved: event.output }) } },
            ],
            // Gone, never theirs, or no longer reachable: the events list, said calmly.
            onError: {
              target: 'events',
              actions: ['forgetAddress', { type: 'showToast', params: { message: ADDRESS_UNAVAILABLE, kind: 'info' as const } }],
            },
          },
        },
        // The views of SPEC 2. The lists kept while signed in (the events list, the
        // notifications, the requests, the Chats inbox) need no chunk; opening one reads
        // it again. A view about an event or a person asks to choose one first.
        events: {
          entry: [...enterView('events'), 'startEventsList'],
          exit: { type: 'stopChart', params: { id: 'events' } },
        },
        event: choosingView('event', 'hasCurrentEvent'),
        // SPEC 5: a chat needs a chosen partner.
        chat: choosingView('chat', 'hasPartner'),
        'group-chat': choosingView('group-chat', 'hasCurrentEvent'),
        'privacy-settings': chartedView('privacy-settings'),
        'contact-exchange': choosingView('contact-exchange', 'hasPartner'),
        'create-event': chartedView('create-event'),
        'user-search': chartedView('user-search'),
        notifications: { entry: enterView('notifications') },
        analytics: chartedView('analytics'),
        'photo-gallery': chartedView('photo-gallery'),
        profile: chartedView('profile'),
        attendees: choosingView('attendees', 'hasCurrentEvent'),
        'connection-requests': { entry: enterView('connection-requests') },
        // The Chats inbox (issue 13).
        chats: { entry: enterView('chats') },
        'mutual-connections': chartedView('mutual-connections'),
        // The organizer tools of the current event (issue 17).
        organizer: choosingView('organizer', 'hasCurrentEvent'),
        // Contact cards (issue 18).
        cards: chartedView('cards'),
        'shared-cards': chartedView('shared-cards'),
        // Connect by code and My meetings (issue 19).
        connect: chartedView('connect'),
        meetings: chartedView('meetings'),
      },
    },
  },
});

export type AppActorRef = ActorRefFrom<typeof appMachine>;
export type AppSnapshot = SnapshotFrom<typeof appMachine>;

/** The user view on screen, or null when no user is signed in. */
export const currentUserView = (s: AppSnapshot): UserView | null => viewOn(s);

export const selectUser = (s: AppSnapshot) => s.context.user;
export const selectError = (s: AppSnapshot) => s.context.error;
export const selectBan = (s: AppSnapshot) => s.context.ban;
export const selectOnline = (s: AppSnapshot) => s.context.online;
export const selectAdmin = (s: AppSnapshot) => s.context.admin;
export const selectCurrentEvent = (s: AppSnapshot) => s.context.currentEvent;
export const selectPartner = (s: AppSnapshot) => s.context.partner;
export const selectReturnView = (s: AppSnapshot): UserView => s.context.returnView ?? 'events';

/** The zone the person is in, from the location poller's last report (the safe-zone banner). */
export const selectZoneBanner = (s: AppSnapshot): { zone: SafeZone } | null => (s.context.currentZone ? { zone: s.context.currentZone } : null);
