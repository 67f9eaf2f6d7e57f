/**
 * The admin panel (SPEC 2 "Admin views"): admin-login, then the six views of the admin
 * navigation bar. It lives in the lazy admin chunk; the root chart loads it and spawns
 * it as its child 'admin' (`adminChartForRoot`), and it reports to the root (sign-in,
 * sign-out, toasts and the error banner) through `tellRoot`, a sendParent there. It
 * imports nothing of React and nothing of the root chart. Its named implementations (and
 * its forms' rules) are in admin.setup.ts.
 */
import { assign, sendParent, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { ADMIN_PAGE_SIZE } from '../../contract/constants';
import { MESSAGES } from '../../contract/messages';
import { NO_ERRORS } from '../form-errors';
import { adminBaseOf, adminSectionOf } from './admin-addresses';
import {
  ADMIN_NAV_VIEWS,
  addressTransitions,
  adminSetup,
  emptyLogin,
  emptyPassword,
  emptyUsername,
  firstUsersPage,
  navTransitions,
  sectionTransitions,
  type AdminViewName,
  type RootReport,
} from './admin.setup';

export { ADMIN_FORM_MESSAGES } from '../../contract/admin-messages';
export {
  ADMIN_FORMS,
  ADMIN_NAV_VIEWS,
  adminLoginError,
  adminPasswordError,
  adminUsernameError,
  type AdminContext,
  type AdminEvent,
  type AdminNavView,
  type AdminViewName,
  type LoginDraft,
  type PasswordDraft,
  type RootReport,
  type UsernameDraft,
  type UserRow,
  type UsersState,
} from './admin.setup';

export const adminMachine = adminSetup.createMachine({
  id: 'admin',
  context: ({ input }) => ({
    ...addressed(input.path ?? ''),
    admin: input.admin ?? null,
    login: emptyLogin,
    loginErrors: NO_ERRORS,
    passwordErrors: NO_ERRORS,
    usernameErrors: NO_ERRORS,
    stats: null,
    recent: [],
    users: firstUsersPage,
    settings: null,
    password: emptyPassword,
    username: emptyUsername,
  }),
  // The panel's own addresses (admin-addresses.ts): Back and Forward move between its sections.
  invoke: { src: 'history', id: 'history' },
  on: { 'address.changed': { actions: 'noteSection' } },
  initial: 'entering',
  states: {
    // Mounted again while the root already holds an admin: straight to the panel.
    entering: {
      always: [{ guard: 'hasAdmin', target: 'signedIn' }, { guard: 'isAddressed', target: 'restoring' }, { target: 'admin-login' }],
    },
    // Opened at an admin address (a reload): the admin cookie may still hold a session.
    restoring: {
      invoke: {
        src: 'restoreAdmin',
        onDone: [
          {
            guard: { type: 'isSomeAdmin', params: ({ event }) => ({ admin: event.output }) },
            target: 'signedIn',
            actions: [
              assign({ admin: ({ event }) => event.output }),
              { type: 'tellRoot', params: ({ event }) => ({ type: 'admin.signedIn' as const, admin: event.output! }) },
            ],
          },
          { target: 'admin-login' },
        ],
        onError: 'admin-login',
      },
    },
    'admin-login': {
      initial: 'editing',
      on: {
        'login.fieldChanged': { actions: 'updateLogin' },
      },
      states: {
        editing: {
          on: {
            'login.submitted': [
              { guard: 'isLoginIncomplete', actions: ['reportLoginRule', 'focusLoginError'] },
              { target: 'signingIn' },
            ],
            'login.cancelled': { actions: { type: 'tellRoot', params: { type: 'admin.left' } } },
          },
        },
        signingIn: {
          entry: [{ type: 'tellRoot', params: { type: 'error.cleared' } }, assign({ loginErrors: NO_ERRORS })],
          invoke: {
            src: 'login',
            input: ({ context }) => context.login,
            onDone: {
              target: '#admin.signedIn',
              actions: [
                assign({ admin: ({ event }) => event.output, login: emptyLogin }),
                { type: 'tellRoot', params: ({ event }) => ({ type: 'admin.signedIn' as const, admin: event.output }) },
              ],
            },
            onError: {
              target: 'editing',
              actions: [assign({ login: ({ context }) => ({ ...context.login, password: '' }) }), 'showLoginFailure', 'focusLoginError'],
            },
          },
        },
      },
    },
    signedIn: {
      initial: 'routing',
      on: {
        'nav.opened': navTransitions,
        'address.changed': addressTransitions,
        'logout.requested': '.loggingOut',
        'row.succeeded': { actions: { type: 'tellRoot', params: ({ event }) => ({ type: 'toast.show' as const, message: event.message }) } },
        'row.failed': [
          { guard: 'isRowSessionGone', target: '.sessionEnded' },
          { actions: { type: 'tellRoot', params: ({ event }) => ({ type: 'error.show' as const, message: event.message }) } },
        ],
      },
      states: {
        routing: { always: sectionTransitions },
        'admin-dashboard': {
          initial: 'loading',
          states: {
            loading: {
              invoke: {
                src: 'loadDashboard',
                input: ({ context }) => ({ adminId: context.admin!.id }),
                onDone: {
                  target: 'ready',
                  actions: assign({ stats: ({ event }) => event.output.stats, recent: ({ event }) => event.output.recent }),
                },
                onError: [{ guard: 'isSessionGone', target: '#admin.signedIn.sessionEnded' }, { target: 'failed' }],
              },
            },
            ready: { on: { 'view.reloaded': 'loading' } },
            failed: { on: { 'view.reloaded': 'loading' } },
          },
        },
        'admin-users': {
          initial: 'loading',
          exit: 'stopRows',
          // Typing is kept whatever the table is doing; only submitting waits for it.
          on: {
            'users.searchChanged': {
              actions: assign({ users: ({ context, event }) => ({ ...context.users, searchDraft: event.value }) }),
            },
          },
          states: {
            loading: {
              invoke: {
                src: 'loadUsers',
                input: ({ context }) => ({
                  adminId: context.admin!.id,
                  query: {
                    page: context.users.page,
                    limit: ADMIN_PAGE_SIZE,
                    search: context.users.search,
                    bannedOnly: context.users.bannedOnly,
                  },
                }),
                onDone: { target: 'ready', actions: { type: 'showUsers', params: ({ event }) => ({ answer: event.output }) } },
                onError: [{ guard: 'isSessionGone', target: '#admin.signedIn.sessionEnded' }, { target: 'failed' }],
              },
            },
            ready: {
              on: {
                'users.searchSubmitted': {
                  target: 'loading',
                  actions: assign({
                    users: ({ context }) => ({ ...context.users, search: context.users.searchDraft.trim(), page: 1 }),
                  }),
                },
                'users.filterToggled': {
                  target: 'loading',
                  actions: assign({ users: ({ context, event }) => ({ ...context.users, bannedOnly: event.bannedOnly, page: 1 }) }),
                },
                'users.nextPage': {
                  guard: 'hasNextPage',
                  target: 'loading',
                  actions: assign({ users: ({ context }) => ({ ...context.users, page: context.users.page + 1 }) }),
                },
                'users.previousPage': {
                  guard: 'hasPreviousPage',
                  target: 'loading',
                  actions: assign({ users: ({ context }) => ({ ...context.users, page: context.users.page - 1 }) }),
                },
                'row.deleted': { actions: 'dropRow' },
                'view.reloaded': 'loading',
              },
            },
            failed: { on: { 'view.reloaded': 'loading' } },
          },
        },
        // Each loads, pages and acts in its own chart; what its rows report comes here as a row's does.
        'admin-events': { invoke: { src: 'eventsScreen', id: 'events', input: ({ context }) => ({ adminId: context.admin!.id }) } },
        'admin-reports': { invoke: { src: 'reportsScreen', id: 'reports', input: ({ context }) => ({ adminId: context.admin!.id }) } },
        'admin-analytics': { invoke: { src: 'analyticsScreen', id: 'analytics', input: ({ context }) => ({ adminId: context.admin!.id }) } },
        'admin-settings': {
          initial: 'loading',
          on: {
            'password.fieldChanged': { actions: 'updatePassword' },
            'username.fieldChanged': { actions: 'updateUsername' },
          },
          states: {
            loading: {
              invoke: {
                src: 'loadSettings',
                input: ({ context }) => ({ adminId: context.admin!.id }),
                onDone: { target: 'ready', actions: assign({ settings: ({ event }) => event.output }) },
                onError: [
                  { guard: 'isSessionGone', target: '#admin.signedIn.sessionEnded' },
                  {
                    target: 'failed',
                    actions: { type: 'tellRoot', params: { type: 'error.show', message: MESSAGES.failedLoadAdminSettings } },
                  },
                ],
              },
              // The forms are shown over the settings already loaded (a revisit, or the reload after a
              // save), and a change needs nothing the load brings: it is saved now. The load under way
              // is dropped; a save loads them again, and if it fails the settings shown stand.
              on: {
                'password.submitted': [
                  { guard: 'isPasswordDraftInvalid', actions: ['reportPasswordRule', 'focusPasswordError'] },
                  { guard: 'hasSettings', target: 'savingPassword' },
                ],
                'username.submitted': [
                  { guard: 'isUsernameDraftInvalid', actions: ['reportUsernameRule', 'focusUsernameError'] },
                  { guard: 'hasSettings', target: 'savingUsername' },
                ],
              },
            },
            failed: { on: { 'view.reloaded': 'loading' } },
            ready: {
              on: {
                'password.submitted': [
                  { guard: 'isPasswordDraftInvalid', actions: ['reportPasswordRule', 'focusPasswordError'] },
                  { target: 'savingPassword' },
                ],
                'username.submitted': [
                  { guard: 'isUsernameDraftInvalid', actions: ['reportUsernameRule', 'focusUsernameError'] },
                  { target: 'savingUsername' },
                ],
              },
            },
            // One save at a time: the other form's button is disabled meanwhile (settingsFormSaving).
            savingPassword: {
              entry: [{ type: 'tellRoot', params: { type: 'error.cleared' } }, assign({ passwordErrors: NO_ERRORS })],
              invoke: {
                src: 'changePassword',
                input: ({ context }) => ({ adminId: context.admin!.id, draft: context.password }),
                onDone: {
                  // Reloaded, so the new date and the audit entry show at once.
                  target: 'loading',
                  actions: [
                    assign({ password: emptyPassword }),
                    { type: 'tellRoot', params: { type: 'toast.show', message: MESSAGES.passwordChanged } },
                  ],
                },
                onError: [
                  { guard: 'isSessionGone', target: '#admin.signedIn.sessionEnded' },
                  { target: 'ready', actions: ['showPasswordFailure', 'focusPasswordError'] },
                ],
              },
            },
            savingUsername: {
              entry: [{ type: 'tellRoot', params: { type: 'error.cleared' } }, assign({ usernameErrors: NO_ERRORS })],
              invoke: {
                src: 'changeUsername',
                input: ({ context }) => ({ adminId: context.admin!.id, draft: context.username }),
                onDone: {
                  target: 'loading',
                  actions: [
                    assign({ admin: ({ event }) => event.output, username: emptyUsername }),
                    { type: 'tellRoot', params: { type: 'toast.show', message: MESSAGES.usernameChanged } },
                  ],
                },
                onError: [
                  { guard: 'isSessionGone', target: '#admin.signedIn.sessionEnded' },
                  { target: 'ready', actions: ['showUsernameFailure', 'focusUsernameError'] },
                ],
              },
            },
          },
        },
        loggingOut: {
          // Leaving does not wait on the network: a failed call still signs out here.
          invoke: {
            src: 'logout',
            input: ({ context }) => ({ adminId: context.admin!.id }),
            onDone: { target: '#admin.signedOut', actions: { type: 'tellRoot', params: { type: 'admin.signedOut' } } },
            onError: { target: '#admin.signedOut', actions: { type: 'tellRoot', params: { type: 'admin.signedOut' } } },
          },
        },
        // The server no longer knows this admin (the 8-hour session ended): back to login.
        sessionEnded: {
          always: {
            target: '#admin.signedOut',
            actions: { type: 'tellRoot', params: { type: 'admin.signedOut', message: MESSAGES.adminUserNotLoaded } },
          },
        },
      },
    },
    signedOut: {
      type: 'final',
      entry: assign({ admin: null }),
    },
  },
});

/** Where the panel was opened: its entrance, and the section its address names (the dashboard when none). */
function addressed(path: string) {
  const base = adminBaseOf(path);
  return { base, section: adminSectionOf(path, base) ?? ('admin-dashboard' as const) };
}

/** The chart as the root spawns it: its reports go to the root as events (sendParent). */
export const adminChartForRoot = adminMachine.provide({
  actions: { tellRoot: sendParent((_, report: RootReport) => report) },
});

export type AdminActorRef = ActorRefFrom<typeof adminMachine>;
export type AdminSnapshot = SnapshotFrom<typeof adminMachine>;

/** The settings form whose change is being saved, if any: both forms' buttons wait for it. */
export function settingsFormSaving(s: AdminSnapshot): 'password' | 'username' | null {
  if (s.matches({ signedIn: { 'admin-settings': 'savingPassword' } })) return 'password';
  if (s.matches({ signedIn: { 'admin-settings': 'savingUsername' } })) return 'username';
  return null;
}

/** The admin view on screen (the SPEC 2 name), or null once signed out. */
export function currentAdminView(s: AdminSnapshot): AdminViewName | null {
  if (s.matches('admin-login')) return 'admin-login';
  return ADMIN_NAV_VIEWS.find((v) => s.matches({ signedIn: v })) ?? null;
}

/**
 * A role's label (SPEC 6: shown in settings): the one `labels` gives it (the catalogue's),
 * else its name read out ('super_admin' reads as 'Super admin').
 */
export const roleLabel = (role: string, labels: Readonly<Record<string, string>> = {}): string => {
  const words = role.replace(/[_-]+/g, ' ').trim().toLowerCase();
  return labels[role] ?? (words ? words[0]!.toUpperCase() + words.slice(1) : role);
};

/** How an audit entry's action reads in a list: as `labels` (the catalogue's) says it, else its name read out. */
export const actionLabel = (actionType: string, labels: Readonly<Record<string, string>>): string => labels[actionType] ?? roleLabel(actionType);
