/**
 * The admin panel (SPEC 2 "Admin views"): admin-login, then the six views of the admin
 * navigation bar. It lives in the lazy admin chunk; the root chart loads it and spawns
 * it as its child 'admin' (`adminChartForRoot`), and it reports to the root (sign-in,
 * sign-out, toasts and the error banner) through `tellRoot`, a sendParent there. It
 * imports nothing of React and nothing of the root chart.
 */
import { assertEvent, assign, enqueueActions, fromPromise, sendParent, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { Admin, AdminAction, AdminSettings, AdminStats, AdminUser, AdminUsersAnswer } from '../../contract/admin';
import { ADMIN_PAGE_SIZE, DASHBOARD_RECENT_ACTIVITY } from '../../contract/constants';
import { MESSAGES } from '../../contract/messages';
import { adminApi, type UsersPageQuery } from '../api/admin';
import { errorOf } from '../api/client';
import { isSessionGone } from '../session-gone';
import { banMachine, type BanActorRef, type BanRowReport } from './ban.machine';
import { adminAnalyticsMachine } from './admin-analytics.machine';
import { adminEventsMachine } from './admin-events.machine';
import { hasNextPage, hasPreviousPage } from './admin-pages';
import { adminReportsMachine } from './admin-reports.machine';
import {
  NO_ERRORS,
  errorsFromFailure,
  fieldError,
  focusFirstError,
  withoutFieldError,
  type FormErrors,
} from '../form-errors';
import type { RuleBroken } from '../../contract/rules';

export { ADMIN_FORM_MESSAGES } from '../../contract/admin-messages';
import { ADMIN_FORM_MESSAGES, ADMIN_USERNAME_TAKEN } from '../../contract/admin-messages';

/** The views the navigation bar opens, in its order. */
export const ADMIN_NAV_VIEWS = [
  'admin-dashboard',
  'admin-users',
  'admin-events',
  'admin-reports',
  'admin-analytics',
  'admin-settings',
] as const;
export type AdminNavView = (typeof ADMIN_NAV_VIEWS)[number];
export type AdminViewName = 'admin-login' | AdminNavView;

/** What the admin chart tells the root chart (a subset of the root's own events). */
export type RootReport =
  | { type: 'admin.signedIn'; admin: Admin }
  | { type: 'admin.signedOut'; message?: string }
  | { type: 'admin.left' }
  | { type: 'toast.show'; message: string }
  | { type: 'error.show'; message: string }
  | { type: 'error.cleared' };

export interface LoginDraft {
  username: string;
  password: string;
}
export interface PasswordDraft {
  current: string;
  next: string;
  confirm: string;
}
export interface UsernameDraft {
  current: string;
  next: string;
}

export interface UserRow {
  id: string;
  ref: BanActorRef;
}

export interface UsersState {
  rows: UserRow[];
  total: number;
  page: number;
  /** What is typed in the search box; `search` is what the shown page was asked with. */
  searchDraft: string;
  search: string;
  bannedOnly: boolean;
  /** Bumped per load, so the children of a new page never share ids with the old. */
  generation: number;
}

/** The forms' element ids (fieldDomId). */
export const ADMIN_FORMS = { login: 'admin-login', password: 'admin-password', username: 'admin-username' } as const;
const LOGIN_ORDER: readonly (keyof LoginDraft)[] = ['username', 'password'];
const PASSWORD_ORDER: readonly (keyof PasswordDraft)[] = ['current', 'next', 'confirm'];
const USERNAME_ORDER: readonly (keyof UsernameDraft)[] = ['next', 'current'];

export interface AdminContext {
  admin: Admin | null;
  login: LoginDraft;
  loginErrors: FormErrors<keyof LoginDraft>;
  passwordErrors: FormErrors<keyof PasswordDraft>;
  usernameErrors: FormErrors<keyof UsernameDraft>;
  stats: AdminStats | null;
  recent: AdminAction[];
  users: UsersState;
  settings: AdminSettings | null;
  password: PasswordDraft;
  username: UsernameDraft;
}

export type AdminEvent =
  | { type: 'login.fieldChanged'; field: keyof LoginDraft; value: string }
  | { type: 'login.submitted' }
  | { type: 'login.cancelled' }
  | { type: 'nav.opened'; view: AdminNavView }
  | { type: 'logout.requested' }
  | { type: 'view.reloaded' }
  | { type: 'users.searchChanged'; value: string }
  | { type: 'users.searchSubmitted' }
  | { type: 'users.filterToggled'; bannedOnly: boolean }
  | { type: 'users.nextPage' }
  | { type: 'users.previousPage' }
  | { type: 'password.fieldChanged'; field: keyof PasswordDraft; value: string }
  | { type: 'password.submitted' }
  | { type: 'username.fieldChanged'; field: keyof UsernameDraft; value: string }
  | { type: 'username.submitted' }
  | BanRowReport;

const emptyLogin: LoginDraft = { username: '', password: '' };
const emptyPassword: PasswordDraft = { current: '', next: '', confirm: '' };
const emptyUsername: UsernameDraft = { current: '', next: '' };
const firstUsersPage: UsersState = {
  rows: [],
  total: 0,
  page: 1,
  searchDraft: '',
  search: '',
  bannedOnly: false,
  generation: 0,
};

/** Both fields are needed; the message goes beside the first one left empty. */
export function adminLoginError(d: LoginDraft): RuleBroken<keyof LoginDraft> | null {
  if (!d.username.trim()) return { field: 'username', message: ADMIN_FORM_MESSAGES.loginFieldsRequired };
  if (!d.password) return { field: 'password', message: ADMIN_FORM_MESSAGES.loginFieldsRequired };
  return null;
}

export function adminPasswordError(d: PasswordDraft): RuleBroken<keyof PasswordDraft> | null {
  if (!d.current) return { field: 'current', message: ADMIN_FORM_MESSAGES.currentPasswordRequired };
  if (d.next !== d.confirm) return { field: 'confirm', message: MESSAGES.newPasswordsDoNotMatch };
  return null;
}

export const adminUsernameError = (d: UsernameDraft): RuleBroken<keyof UsernameDraft> | null =>
  d.current ? null : { field: 'current', message: ADMIN_FORM_MESSAGES.currentPasswordRequired };

const asErrors = <K extends string>(broken: RuleBroken<K> | null): FormErrors<K> =>
  broken ? fieldError(broken.field, broken.message) : NO_ERRORS;


const navTransitions = ADMIN_NAV_VIEWS.map((view) => ({
  guard: { type: 'isNavTo' as const, params: { view } },
  target: `.${view}`,
}));

export const adminMachine = setup({
  types: {
    context: {} as AdminContext,
    events: {} as AdminEvent,
    input: {} as { admin?: Admin | null },
    children: {} as { events: 'eventsScreen'; reports: 'reportsScreen'; analytics: 'analyticsScreen' },
  },
  actors: {
    banRow: banMachine,
    // The screens of issue 16, each a chart of its own while it is open.
    eventsScreen: adminEventsMachine,
    reportsScreen: adminReportsMachine,
    analyticsScreen: adminAnalyticsMachine,
    login: fromPromise<Admin, LoginDraft>(async ({ input }) => (await adminApi.login(input.username.trim(), input.password)).admin),
    logout: fromPromise<unknown, { adminId: string }>(({ input }) => adminApi.logout(input.adminId)),
    loadDashboard: fromPromise<{ stats: AdminStats; recent: AdminAction[] }, { adminId: string }>(async ({ input }) => {
      const [stats, settings] = await Promise.all([adminApi.stats(input.adminId), adminApi.settings(input.adminId)]);
      return { stats, recent: settings.recent_actions.slice(0, DASHBOARD_RECENT_ACTIVITY) };
    }),
    loadUsers: fromPromise<AdminUsersAnswer, { adminId: string; query: UsersPageQuery }>(({ input }) =>
      adminApi.users(input.adminId, input.query),
    ),
    loadSettings: fromPromise<AdminSettings, { adminId: string }>(({ input }) => adminApi.settings(input.adminId)),
    changePassword: fromPromise<Admin, { adminId: string; draft: PasswordDraft }>(
      async ({ input }) => (await adminApi.changePassword(input.adminId, input.draft.current, input.draft.next)).admin,
    ),
    changeUsername: fromPromise<Admin, { adminId: string; draft: UsernameDraft }>(
      async ({ input }) => (await adminApi.changeUsername(input.adminId, input.draft.current, input.draft.next.trim())).admin,
    ),
  },
  guards: {
    hasAdmin: ({ context }) => context.admin !== null,
    hasSettings: ({ context }) => context.settings !== null,
    isNavTo: ({ event }, params: { view: AdminNavView }) => event.type === 'nav.opened' && event.view === params.view,
    isLoginIncomplete: ({ context }) => adminLoginError(context.login) !== null,
    isPasswordDraftInvalid: ({ context }) => adminPasswordError(context.password) !== null,
    isUsernameDraftInvalid: ({ context }) => adminUsernameError(context.username) !== null,
    // Wrapped, not the bare shared guard: beside a guard with params (isNavTo), a
    // function that is not context-typed makes TypeScript infer every params as unknown.
    isSessionGone: (args) => isSessionGone(args),
    isRowSessionGone: ({ event }) => event.type === 'row.failed' && event.unauthorized,
    hasNextPage: ({ context }) => hasNextPage(context.users),
    hasPreviousPage: ({ context }) => hasPreviousPage(context.users),
  },
  actions: {
    // Provided by the host (AdminArea) to reach the root chart; silent by default.
    tellRoot: (_, _report: RootReport) => {},
    updateLogin: assign(({ context, event }) => {
      assertEvent(event, 'login.fieldChanged');
      return { login: { ...context.login, [event.field]: event.value }, loginErrors: withoutFieldError(context.loginErrors, event.field) };
    }),
    updatePassword: assign(({ context, event }) => {
      assertEvent(event, 'password.fieldChanged');
      return {
        password: { ...context.password, [event.field]: event.value },
        passwordErrors: withoutFieldError(context.passwordErrors, event.field),
      };
    }),
    updateUsername: assign(({ context, event }) => {
      assertEvent(event, 'username.fieldChanged');
      return {
        username: { ...context.username, [event.field]: event.value },
        usernameErrors: withoutFieldError(context.usernameErrors, event.field),
      };
    }),
    reportLoginRule: assign({ loginErrors: ({ context }) => asErrors(adminLoginError(context.login)) }),
    reportPasswordRule: assign({ passwordErrors: ({ context }) => asErrors(adminPasswordError(context.password)) }),
    reportUsernameRule: assign({ usernameErrors: ({ context }) => asErrors(adminUsernameError(context.username)) }),
    // SPEC 8: a failed admin login says 'Invalid admin credentials' unless the server says more.
    showLoginFailure: assign({
      loginErrors: ({ event }) =>
        errorsFromFailure<keyof LoginDraft>(errorOf(event), {
          fields: { username: 'username', password: 'password' },
          fallback: MESSAGES.invalidAdminCredentials,
        }),
    }),
    showPasswordFailure: assign({
      passwordErrors: ({ event }) =>
        errorsFromFailure<keyof PasswordDraft>(errorOf(event), {
          fields: { current_password: 'current', new_password: 'next' },
          fallback: MESSAGES.failedChangePassword,
        }),
    }),
    showUsernameFailure: assign({
      usernameErrors: ({ event }) =>
        errorsFromFailure<keyof UsernameDraft>(errorOf(event), {
          fields: { current_password: 'current', new_username: 'next' },
          fallback: MESSAGES.failedChangeUsername,
          conflicts: { [ADMIN_USERNAME_TAKEN]: 'next' },
        }),
    }),
    focusLoginError: ({ context }) => focusFirstError(ADMIN_FORMS.login, LOGIN_ORDER, context.loginErrors),
    focusPasswordError: ({ context }) => focusFirstError(ADMIN_FORMS.password, PASSWORD_ORDER, context.passwordErrors),
    focusUsernameError: ({ context }) => focusFirstError(ADMIN_FORMS.username, USERNAME_ORDER, context.usernameErrors),
    /** Replaces the rows of the table: one ban chart per user, the old ones stopped. */
    showUsers: enqueueActions(({ context, enqueue }, params: { answer: AdminUsersAnswer }) => {
      for (const row of context.users.rows) enqueue.stopChild(row.ref);
      const { answer } = params;
      const generation = context.users.generation + 1;
      enqueue.assign({
        users: ({ spawn }) => ({
          ...context.users,
          total: answer.total,
          generation,
          rows: answer.users.map((user: AdminUser) => ({
            id: user.id,
            ref: spawn('banRow', { id: `ban-${generation}-${user.id}`, input: { adminId: context.admin!.id, user } }),
          })),
        }),
      });
    }),
    stopRows: enqueueActions(({ context, enqueue }) => {
      for (const row of context.users.rows) enqueue.stopChild(row.ref);
      enqueue.assign({ users: { ...context.users, rows: [] } });
    }),
    dropRow: enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, 'row.deleted');
      const row = context.users.rows.find((r) => r.id === event.userId);
      if (row) enqueue.stopChild(row.ref);
      enqueue.assign({
        users: {
          ...context.users,
          total: Math.max(0, context.users.total - 1),
          rows: context.users.rows.filter((r) => r.id !== event.userId),
        },
      });
    }),
  },
}).createMachine({
  id: 'admin',
  context: ({ input }) => ({
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
  initial: 'entering',
  states: {
    // Mounted again while the root already holds an admin: straight to the panel.
    entering: {
      always: [{ guard: 'hasAdmin', target: 'signedIn' }, { target: 'admin-login' }],
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
      initial: 'admin-dashboard',
      on: {
        'nav.opened': navTransitions,
        'logout.requested': '.loggingOut',
        'row.succeeded': { actions: { type: 'tellRoot', params: ({ event }) => ({ type: 'toast.show' as const, message: event.message }) } },
        'row.failed': [
          { guard: 'isRowSessionGone', target: '.sessionEnded' },
          { actions: { type: 'tellRoot', params: ({ event }) => ({ type: 'error.show' as const, message: event.message }) } },
        ],
      },
      states: {
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
