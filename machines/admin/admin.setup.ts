/**
 * Everything the admin chart (admin.machine.ts) uses, by name: what it holds and hears, its
 * forms' rules, the calls it makes, its guards and its actions.
 */
import { assertEvent, assign, enqueueActions, fromPromise, setup } from 'xstate';
import type { Admin, AdminAction, AdminSettings, AdminStats, AdminUser, AdminUsersAnswer } from '../../contract/admin';
import { DASHBOARD_RECENT_ACTIVITY } from '../../contract/constants';
import { MESSAGES } from '../../contract/messages';
import { adminApi, type UsersPageQuery } from '../api/admin';
import { errorOf } from '../api/client';
import { historyActor, type AddressChanged } from '../history.actor';
import { adminPathOf, adminSectionOf } from './admin-addresses';
import { isSessionGone } from '../session-gone';
import { banMachine, type BanActorRef, type BanRowReport } from './ban.machine';
import { adminAnalyticsMachine } from './admin-analytics.machine';
import { adminEventsMachine } from './admin-events.machine';
import { hasNextPage, hasPreviousPage } from './admin-pages';
import { adminReportsMachine } from './admin-reports.machine';
import { NO_ERRORS, errorsFromFailure, fieldError, focusFirstError, passwordFailure, passwordTyped, withoutFieldError, type FormErrors, type PasswordDraft } from '../form-errors';
import type { RuleBroken } from '../../contract/rules';

import { ADMIN_FORM_MESSAGES, ADMIN_USERNAME_TAKEN } from '../../contract/admin-messages';
import type { Said } from '../../contract/said';

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
  | { type: 'admin.signedOut'; message?: Said }
  | { type: 'admin.left' }
  | { type: 'toast.show'; message: Said }
  | { type: 'error.show'; message: Said }
  | { type: 'error.cleared' };

export interface LoginDraft {
  username: string;
  password: string;
}
/** The change-password form's draft (form-errors.ts), named here as before. */
export type { PasswordDraft };
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
  /** The admin entrance the panel was opened at (`/admin/<slug>`); null when entered by the key sequence. */
  base: string | null;
  /** The section the address names: where signing in (or a reload) opens the panel. */
  section: AdminNavView;
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
  /** Back or Forward inside the panel. */
  | AddressChanged
  | BanRowReport;

export const emptyLogin: LoginDraft = { username: '', password: '' };
export const emptyPassword: PasswordDraft = { current: '', next: '', confirm: '' };
export const emptyUsername: UsernameDraft = { current: '', next: '' };
export const firstUsersPage: UsersState = {
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

/** The navigation bar opens a section, with an address of its own (a new history entry). */
export const navTransitions = ADMIN_NAV_VIEWS.map((view) => ({
  guard: { type: 'isNavTo' as const, params: { view } },
  target: `.${view}`,
  actions: { type: 'openAddress' as const, params: { view } },
}));

/** Back or Forward to a section's address opens it. */
export const addressTransitions = ADMIN_NAV_VIEWS.map((view) => ({
  guard: { type: 'isAddressOf' as const, params: { view } },
  target: `.${view}`,
  actions: 'noteSection' as const,
}));

/** Signed in (or back after a reload): the section the address names. */
export const sectionTransitions = ADMIN_NAV_VIEWS.map((view) => ({ guard: { type: 'isSection' as const, params: { view } }, target: `#admin.signedIn.${view}` }));

export const adminSetup = setup({
  types: {
    context: {} as AdminContext,
    events: {} as AdminEvent,
    input: {} as { admin?: Admin | null; path?: string },
    children: {} as { events: 'eventsScreen'; reports: 'reportsScreen'; analytics: 'analyticsScreen'; history: 'history' },
  },
  actors: {
    banRow: banMachine,
    history: historyActor,
    // Who the admin cookie belongs to: a reload keeps the admin signed in.
    restoreAdmin: fromPromise<Admin | null>(async () => (await adminApi.session()).admin),
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
    isAddressOf: ({ context, event }, params: { view: AdminNavView }) =>
      event.type === 'address.changed' && adminSectionOf(event.path, context.base) === params.view,
    isAddressed: ({ context }) => context.base !== null,
    isSection: ({ context }, params: { view: AdminNavView }) => context.section === params.view,
    isSomeAdmin: (_, params: { admin: Admin | null }) => params.admin !== null,
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
    // A section opened from the navigation bar gets its address (none without an entrance to put it under).
    openAddress: enqueueActions(({ context, enqueue }, params: { view: AdminNavView }) => {
      enqueue.assign({ section: params.view });
      if (context.base) enqueue.sendTo('history', { type: 'address.write' as const, path: adminPathOf(context.base, params.view), replace: false });
    }),
    // Back or Forward while signed out: signing in opens that section.
    noteSection: assign({
      section: ({ context, event }) => (event.type === 'address.changed' && adminSectionOf(event.path, context.base)) || context.section,
    }),
    updateLogin: assign(({ context, event }) => {
      assertEvent(event, 'login.fieldChanged');
      return { login: { ...context.login, [event.field]: event.value }, loginErrors: withoutFieldError(context.loginErrors, event.field) };
    }),
    updatePassword: assign(({ context, event }) => {
      assertEvent(event, 'password.fieldChanged');
      return passwordTyped(context, event.field, event.value);
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
    showPasswordFailure: assign({ passwordErrors: ({ event }) => passwordFailure(errorOf(event)) }),
    showUsernameFailure: assign({
      usernameErrors: ({ event }) =>
        errorsFromFailure<keyof UsernameDraft>(errorOf(event), {
          fields: { current_password: 'current', new_username: 'next' },
          fallback: MESSAGES.failedChangeUsername,
          conflicts: [[ADMIN_USERNAME_TAKEN, 'next']],
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
});
