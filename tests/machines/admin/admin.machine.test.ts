import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import type { Admin, AdminAction, AdminSettings, AdminStats, AdminUser, AdminUsersAnswer, ModerationAnswer } from '../../../contract/admin';
import {
  ADMIN_NAV_VIEWS,
  ADMIN_FORM_MESSAGES,
  adminMachine,
  currentAdminView,
  settingsFormSaving,
  type LoginDraft,
  type PasswordDraft,
  type RootReport,
  type UsernameDraft,
} from '../../../machines/admin/admin.machine';
import type { BanRequest, UsersPageQuery } from '../../../machines/api/admin';
import { ApiError, refusedWith } from '../../../machines/api/client';
import { banMachine, type BanActorRef } from '../../../machines/admin/ban.machine';
import { MESSAGES } from '../../../contract/messages';
import type { AdminEventsAnswer, AnalyticsDay } from '../../../contract/admin-events';
import type { AdminReportsAnswer } from '../../../contract/admin-reports';
import { adminAnalyticsMachine } from '../../../machines/admin/admin-analytics.machine';
import { adminEventsMachine } from '../../../machines/admin/admin-events.machine';
import { adminReportsMachine } from '../../../machines/admin/admin-reports.machine';
import type { PageQuery, ReportsPageQuery } from '../../../machines/api/admin';
import { adminEvent, analyticsDays, messageReport } from '../../model/admin-fixtures';
import { testSaid } from '../../said';
import { type Said, english } from '../../../contract/said';

const admin: Admin = { id: '9c8b7a6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d', username: 'admin', email: 'admin@wallflower.local', role: 'super_admin' };
const stats: AdminStats = { total_users: 41, active_users: 37, banned_users: 3, new_users_today: 2, open_reports: 0 };

const action = (i: number): AdminAction => ({
  id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  action_type: 'warning',
  reason: `note ${i}`,
  timestamp: `2026-11-22T10:00:0${i % 10}.000Z`,
  target_display_name: `User ${i}`,
});
const settings: AdminSettings = {
  username: 'admin',
  email: 'admin@wallflower.local',
  role: 'super_admin',
  last_login: '2026-11-22T09:00:00.000Z',
  password_changed_at: '2026-11-01T09:00:00.000Z',
  created_at: '2026-10-01T09:00:00.000Z',
  recent_actions: Array.from({ length: 7 }, (_, i) => action(i + 1)),
};

const userN = (i: number, banned = false): AdminUser => ({
  id: `11111111-0000-4000-8000-${String(i).padStart(12, '0')}`,
  username: `user${i}`,
  name: `User ${i}`,
  email: `user${i}@example.org`,
  created_at: '2026-11-01T00:00:00.000Z',
  is_active: true,
  is_banned: banned,
  banned_until: null,
  ban_reason: banned ? 'Spam' : null,
});
const page = (p: UsersPageQuery, total = 45): AdminUsersAnswer => ({
  users: Array.from({ length: Math.min(p.limit, Math.max(0, total - (p.page - 1) * p.limit)) }, (_, i) => userN((p.page - 1) * p.limit + i, i === 0)),
  total,
  page: p.page,
  limit: p.limit,
});

interface Fakes {
  login?: (d: LoginDraft) => Promise<Admin>;
  logout?: () => Promise<unknown>;
  loadDashboard?: () => Promise<{ stats: AdminStats; recent: AdminAction[] }>;
  loadUsers?: (q: UsersPageQuery) => Promise<AdminUsersAnswer>;
  loadSettings?: () => Promise<AdminSettings>;
  changePassword?: (d: PasswordDraft) => Promise<Admin>;
  changeUsername?: (d: UsernameDraft) => Promise<Admin>;
  warn?: (reason: string) => Promise<unknown>;
  ban?: () => Promise<ModerationAnswer>;
  loadReports?: (q: ReportsPageQuery) => Promise<AdminReportsAnswer>;
  loadEvents?: (q: PageQuery) => Promise<AdminEventsAnswer>;
  loadAnalytics?: (days: number) => Promise<AnalyticsDay[]>;
}

const unexpected = (name: string) => async (): Promise<never> => {
  throw new Error(`unexpected call: ${name}`);
};

/** The admin chart with every call faked; what it tells the root is recorded. */
function startAdmin(fakes: Fakes = {}, input: { admin?: Admin | null } = {}) {
  const calls = {
    login: vi.fn(fakes.login ?? unexpected('login')),
    logout: vi.fn(fakes.logout ?? unexpected('logout')),
    loadDashboard: vi.fn(fakes.loadDashboard ?? (async () => ({ stats, recent: settings.recent_actions.slice(0, 5) }))),
    loadUsers: vi.fn(fakes.loadUsers ?? (async (q: UsersPageQuery) => page(q))),
    loadSettings: vi.fn(fakes.loadSettings ?? (async () => settings)),
    changePassword: vi.fn(fakes.changePassword ?? unexpected('changePassword')),
    changeUsername: vi.fn(fakes.changeUsername ?? unexpected('changeUsername')),
    warn: vi.fn(fakes.warn ?? unexpected('warn')),
    ban: vi.fn(fakes.ban ?? unexpected('ban')),
    loadReports: vi.fn(fakes.loadReports ?? (async (q: ReportsPageQuery) => ({ reports: [messageReport()], total: 1, page: q.page, limit: q.limit }))),
    loadEvents: vi.fn(fakes.loadEvents ?? (async (q: PageQuery) => ({ events: [adminEvent()], total: 1, page: q.page, limit: q.limit }))),
    loadAnalytics: vi.fn(fakes.loadAnalytics ?? (async (days: number) => analyticsDays(days))),
    /** Focus moved to a form's first error, by form. */
    focus: vi.fn((_form: string) => {}),
  };
  const told: RootReport[] = [];
  const machine = adminMachine.provide({
    actors: {
      login: fromPromise<Admin, LoginDraft>(({ input }) => calls.login(input)),
      logout: fromPromise<unknown, { adminId: string }>(() => calls.logout()),
      loadDashboard: fromPromise<{ stats: AdminStats; recent: AdminAction[] }, { adminId: string }>(() => calls.loadDashboard()),
      loadUsers: fromPromise<AdminUsersAnswer, { adminId: string; query: UsersPageQuery }>(({ input }) => calls.loadUsers(input.query)),
      loadSettings: fromPromise<AdminSettings, { adminId: string }>(() => calls.loadSettings()),
      changePassword: fromPromise<Admin, { adminId: string; draft: PasswordDraft }>(({ input }) => calls.changePassword(input.draft)),
      changeUsername: fromPromise<Admin, { adminId: string; draft: UsernameDraft }>(({ input }) => calls.changeUsername(input.draft)),
      banRow: banMachine.provide({
        actors: {
          warn: fromPromise<unknown, { adminId: string; userId: string; reason: string }>(({ input }) => calls.warn(input.reason)),
          ban: fromPromise<ModerationAnswer, { adminId: string; userId: string; ban: BanRequest }>(() => calls.ban()),
        },
      }),
      reportsScreen: adminReportsMachine.provide({
        actors: {
          loadReports: fromPromise<AdminReportsAnswer, { adminId: string; query: ReportsPageQuery }>(({ input }) => calls.loadReports(input.query)),
        },
        actions: { focus: () => {} },
      }),
      eventsScreen: adminEventsMachine.provide({
        actors: { loadEvents: fromPromise<AdminEventsAnswer, { adminId: string; query: PageQuery }>(({ input }) => calls.loadEvents(input.query)) },
      }),
      analyticsScreen: adminAnalyticsMachine.provide({
        actors: {
          loadAnalytics: fromPromise<AnalyticsDay[], { adminId: string; days: number }>(({ input }) => calls.loadAnalytics(input.days)),
        },
      }),
    },
    actions: {
      tellRoot: (_, report) => void told.push(report),
      focusLoginError: () => calls.focus('login'),
      focusPasswordError: () => calls.focus('password'),
      focusUsernameError: () => calls.focus('username'),
    },
  });
  const actor = createActor(machine, { clock: new SimulatedClock(), input }).start();
  return { actor, calls, told, snap: () => actor.getSnapshot() };
}

type Started = ReturnType<typeof startAdmin>;

async function signIn(fakes: Fakes = {}): Promise<Started> {
  const a = startAdmin({ login: async () => admin, ...fakes });
  a.actor.send({ type: 'login.fieldChanged', field: 'username', value: ' admin ' });
  a.actor.send({ type: 'login.fieldChanged', field: 'password', value: 'Wallflower2026' });
  a.actor.send({ type: 'login.submitted' });
  await waitFor(a.actor, (s) => s.matches({ signedIn: { 'admin-dashboard': 'ready' } }));
  return a;
}

async function onUsers(fakes: Fakes = {}) {
  const a = await signIn(fakes);
  a.actor.send({ type: 'nav.opened', view: 'admin-users' });
  await waitFor(a.actor, (s) => s.matches({ signedIn: { 'admin-users': 'ready' } }));
  return a;
}

async function onSettings(fakes: Fakes = {}) {
  const a = await signIn(fakes);
  a.actor.send({ type: 'nav.opened', view: 'admin-settings' });
  await waitFor(a.actor, (s) => s.matches({ signedIn: { 'admin-settings': 'ready' } }));
  return a;
}

const errors = (a: Started) => a.told.filter((r) => r.type === 'error.show').map((r) => (r as { message: Said }).message);
const formErrors = (a: Started, form: 'loginErrors' | 'passwordErrors' | 'usernameErrors') => a.snap().context[form];
const toasts = (a: Started) => a.told.filter((r) => r.type === 'toast.show').map((r) => (r as { message: Said }).message);
const rowRefs = (a: Started) => a.snap().context.users.rows.map((r) => r.ref as BanActorRef);

describe('adminMachine: admin-login', () => {
  it("starts on 'admin-login' and refuses an empty field without calling", () => {
    const a = startAdmin();
    expect(currentAdminView(a.snap())).toBe('admin-login');
    a.actor.send({ type: 'login.fieldChanged', field: 'username', value: 'admin' });
    a.actor.send({ type: 'login.submitted' });
    expect(formErrors(a, 'loginErrors')).toEqual({ fields: { password: ADMIN_FORM_MESSAGES.loginFieldsRequired }, form: null });
    expect(a.calls.focus).toHaveBeenCalledWith('login');
    expect(errors(a)).toEqual([]);
    expect(a.calls.login).not.toHaveBeenCalled();
    expect(a.snap().matches({ 'admin-login': 'editing' })).toBe(true);
  });

  it('signs in, tells the root, and opens the dashboard with the stats and the first 5 actions', async () => {
    const a = await signIn();
    expect(a.calls.login).toHaveBeenCalledWith({ username: ' admin ', password: 'Wallflower2026' });
    expect(a.told).toEqual([{ type: 'error.cleared' }, { type: 'admin.signedIn', admin }]);
    expect(currentAdminView(a.snap())).toBe('admin-dashboard');
    expect(a.snap().context.stats).toEqual(stats);
    expect(a.snap().context.recent.map((x) => x.reason)).toEqual(['note 1', 'note 2', 'note 3', 'note 4', 'note 5']);
    expect(a.snap().context.login).toEqual({ username: '', password: '' });
  });

  it.each([
    [refusedWith(401, MESSAGES.invalidAdminCredentials), MESSAGES.invalidAdminCredentials],
    [new ApiError(429, 'Too many attempts. Please wait a moment and try again.'), 'Too many attempts. Please wait a moment and try again.'],
    [new ApiError(0, null), MESSAGES.invalidAdminCredentials],
  ])('says the server detail above the button on failure (%s), and clears the password', async (error, shown) => {
    const a = startAdmin({
      login: async () => {
        throw error;
      },
    });
    a.actor.send({ type: 'login.fieldChanged', field: 'username', value: 'admin' });
    a.actor.send({ type: 'login.fieldChanged', field: 'password', value: 'nope' });
    a.actor.send({ type: 'login.submitted' });
    await waitFor(a.actor, (s) => s.matches({ 'admin-login': 'editing' }) && a.calls.login.mock.calls.length === 1);
    expect(english(formErrors(a, 'loginErrors'))).toEqual(english({ fields: {}, form: shown }));
    expect(a.calls.focus).toHaveBeenCalledWith('login');
    expect(a.snap().context.login).toEqual({ username: 'admin', password: '' });
  });

  it('goes back to the app login on cancel', () => {
    const a = startAdmin();
    a.actor.send({ type: 'login.cancelled' });
    expect(a.told).toEqual([{ type: 'admin.left' }]);
  });

  it('opens the panel at once when the root already holds the admin', () => {
    const a = startAdmin({}, { admin });
    expect(currentAdminView(a.snap())).toBe('admin-dashboard');
    expect(a.calls.loadDashboard).toHaveBeenCalledTimes(1);
  });
});

describe('adminMachine: the navigation bar', () => {
  it('opens every view under its SPEC name', async () => {
    const a = await signIn();
    for (const view of ADMIN_NAV_VIEWS) {
      a.actor.send({ type: 'nav.opened', view });
      expect(currentAdminView(a.snap())).toBe(view);
    }
  });

  it('logs out: ends the server session, then tells the root', async () => {
    const a = await signIn({ logout: async () => ({ success: true }) });
    a.actor.send({ type: 'logout.requested' });
    await waitFor(a.actor, (s) => s.status === 'done');
    expect(a.calls.logout).toHaveBeenCalledTimes(1);
    expect(a.told.at(-1)).toEqual({ type: 'admin.signedOut' });
    expect(a.snap().context.admin).toBeNull();
  });

  it('logs out even when the call fails', async () => {
    const a = await signIn({
      logout: async () => {
        throw new ApiError(0, null);
      },
    });
    a.actor.send({ type: 'logout.requested' });
    await waitFor(a.actor, (s) => s.status === 'done');
    expect(a.told.at(-1)).toEqual({ type: 'admin.signedOut' });
  });

  it("signs out with 'Admin user not loaded' when the server no longer knows the session", async () => {
    const a = await signIn();
    a.calls.loadSettings.mockImplementationOnce(async () => {
      throw new ApiError(401, 'You need to be signed in as an admin to do that');
    });
    a.actor.send({ type: 'nav.opened', view: 'admin-settings' });
    await waitFor(a.actor, (s) => s.status === 'done');
    expect(a.told.at(-1)).toEqual({ type: 'admin.signedOut', message: MESSAGES.adminUserNotLoaded });
  });

  it('offers a retry when the dashboard fails to load', async () => {
    const a = await signIn();
    a.calls.loadDashboard.mockImplementationOnce(async () => {
      throw new ApiError(500, null);
    });
    a.actor.send({ type: 'nav.opened', view: 'admin-users' });
    a.actor.send({ type: 'nav.opened', view: 'admin-dashboard' });
    await waitFor(a.actor, (s) => s.matches({ signedIn: { 'admin-dashboard': 'failed' } }));
    a.actor.send({ type: 'view.reloaded' });
    await waitFor(a.actor, (s) => s.matches({ signedIn: { 'admin-dashboard': 'ready' } }));
  });
});

describe('adminMachine: admin-users', () => {
  it('loads the first page of 20 with one ban chart per row', async () => {
    const a = await onUsers();
    expect(a.calls.loadUsers).toHaveBeenCalledWith({ page: 1, limit: 20, search: '', bannedOnly: false });
    const rows = rowRefs(a);
    expect(rows).toHaveLength(20);
    expect(rows[0]!.getSnapshot().matches('banned')).toBe(true);
    expect(rows[1]!.getSnapshot().matches('active')).toBe(true);
    expect(a.snap().context.users.total).toBe(45);
  });

  it('pages with Next and Previous within 1..last', async () => {
    const a = await onUsers();
    a.actor.send({ type: 'users.previousPage' });
    expect(a.calls.loadUsers).toHaveBeenCalledTimes(1);
    for (const expected of [2, 3]) {
      a.actor.send({ type: 'users.nextPage' });
      await waitFor(a.actor, (s) => s.matches({ signedIn: { 'admin-users': 'ready' } }));
      expect(a.calls.loadUsers).toHaveBeenLastCalledWith(expect.objectContaining({ page: expected }));
    }
    expect(rowRefs(a)).toHaveLength(5);
    a.actor.send({ type: 'users.nextPage' });
    expect(a.calls.loadUsers).toHaveBeenCalledTimes(3);
    a.actor.send({ type: 'users.previousPage' });
    await waitFor(a.actor, (s) => s.matches({ signedIn: { 'admin-users': 'ready' } }));
    expect(a.calls.loadUsers).toHaveBeenLastCalledWith(expect.objectContaining({ page: 2 }));
  });

  it('stops the rows of the old page when a new page comes', async () => {
    const a = await onUsers();
    const old = rowRefs(a);
    a.actor.send({ type: 'users.nextPage' });
    await waitFor(a.actor, (s) => s.matches({ signedIn: { 'admin-users': 'ready' } }));
    expect(old.every((r) => r.getSnapshot().status === 'stopped')).toBe(true);
    const children = Object.keys(a.snap().children).filter((id) => id.startsWith('ban-'));
    expect(children).toHaveLength(20);
  });

  it('keeps what is typed in the search box while a page is loading', async () => {
    const a = await signIn();
    a.actor.send({ type: 'nav.opened', view: 'admin-users' });
    expect(a.snap().matches({ signedIn: { 'admin-users': 'loading' } })).toBe(true);
    a.actor.send({ type: 'users.searchChanged', value: 'rowan' });
    expect(a.snap().context.users.searchDraft).toBe('rowan');
  });

  it('searches from page 1 with the trimmed text, and filters to banned users', async () => {
    const a = await onUsers();
    a.actor.send({ type: 'users.nextPage' });
    await waitFor(a.actor, (s) => s.matches({ signedIn: { 'admin-users': 'ready' } }));
    a.actor.send({ type: 'users.searchChanged', value: '  rowan ' });
    expect(a.calls.loadUsers).toHaveBeenCalledTimes(2);
    a.actor.send({ type: 'users.searchSubmitted' });
    await waitFor(a.actor, (s) => s.matches({ signedIn: { 'admin-users': 'ready' } }));
    expect(a.calls.loadUsers).toHaveBeenLastCalledWith({ page: 1, limit: 20, search: 'rowan', bannedOnly: false });
    a.actor.send({ type: 'users.filterToggled', bannedOnly: true });
    await waitFor(a.actor, (s) => s.matches({ signedIn: { 'admin-users': 'ready' } }));
    expect(a.calls.loadUsers).toHaveBeenLastCalledWith({ page: 1, limit: 20, search: 'rowan', bannedOnly: true });
  });

  it("passes a row's success to the root as a toast, and keeps a failure in the row's form", async () => {
    const a = await onUsers({ warn: async () => ({ success: true }) });
    const row = rowRefs(a)[1]!;
    row.send({ type: 'warn.requested' });
    row.send({ type: 'warn.reasonChanged', value: 'Please give people room to say no.' });
    row.send({ type: 'warn.submitted' });
    await waitFor(row, (s) => s.matches({ active: 'idle' }));
    expect(toasts(a)).toEqual([MESSAGES.warningIssued]);
    expect(a.calls.warn).toHaveBeenCalledWith('Please give people room to say no.');
    a.calls.warn.mockImplementationOnce(async () => {
      throw new ApiError(409, 'This user is banned. Only active users can be warned.');
    });
    row.send({ type: 'warn.requested' });
    row.send({ type: 'warn.reasonChanged', value: 'Again.' });
    row.send({ type: 'warn.submitted' });
    await waitFor(row, (s) => s.matches({ active: 'warnForm' }) && s.context.warnErrors.form !== null);
    expect(row.getSnapshot().context.warnErrors.form).toBe(MESSAGES.failedWarnUser);
    expect(errors(a)).toEqual([]);
  });

  it('signs out when a row finds the admin session gone', async () => {
    const a = await onUsers({
      ban: async () => {
        throw new ApiError(401, 'You need to be signed in as an admin to do that');
      },
    });
    const row = rowRefs(a)[1]!;
    row.send({ type: 'ban.formOpened' });
    row.send({ type: 'ban.fieldChanged', field: 'reason', value: 'Spam' });
    row.send({ type: 'ban.submitted' });
    await waitFor(a.actor, (s) => s.status === 'done');
    expect(a.told.at(-1)).toEqual({ type: 'admin.signedOut', message: MESSAGES.adminUserNotLoaded });
  });

  it('drops a deleted row and counts one fewer', async () => {
    const a = await onUsers();
    const [first] = a.snap().context.users.rows;
    a.actor.send({ type: 'row.deleted', userId: first!.id });
    expect(a.snap().context.users.rows.map((r) => r.id)).not.toContain(first!.id);
    expect(a.snap().context.users.total).toBe(44);
    expect(first!.ref.getSnapshot().status).toBe('stopped');
  });

  it('stops every row when the view is left', async () => {
    const a = await onUsers();
    const rows = rowRefs(a);
    a.actor.send({ type: 'nav.opened', view: 'admin-events' });
    expect(rows.every((r) => r.getSnapshot().status === 'stopped')).toBe(true);
    expect(a.snap().context.users.rows).toEqual([]);
  });
});

describe('adminMachine: the screens of issue 16, each a chart of its own', () => {
  it('runs the Reports, Events and Analytics charts while their view is open, with the admin', async () => {
    const a = await signIn();
    const children = () => a.snap().children;
    for (const [view, id] of [
      ['admin-reports', 'reports'],
      ['admin-events', 'events'],
      ['admin-analytics', 'analytics'],
    ] as const) {
      a.actor.send({ type: 'nav.opened', view });
      const child = children()[id]!;
      await waitFor(child, (s) => s.matches('ready'));
      expect(child.getSnapshot().context.adminId).toBe(admin.id);
      a.actor.send({ type: 'nav.opened', view: 'admin-dashboard' });
      expect(children()[id]).toBeUndefined();
      expect(child.getSnapshot().status).toBe('stopped');
    }
    expect(a.calls.loadReports).toHaveBeenCalledWith({ status: 'open', page: 1, limit: 20 });
    expect(a.calls.loadEvents).toHaveBeenCalledWith({ page: 1, limit: 20 });
    expect(a.calls.loadAnalytics).toHaveBeenCalledWith(30);
  });

  it('passes a screen’s success to the root as a toast, and loads the dashboard’s open reports afresh', async () => {
    const a = await signIn();
    a.actor.send({ type: 'nav.opened', view: 'admin-reports' });
    a.actor.send({ type: 'row.succeeded', message: testSaid('Report dismissed') });
    expect(english(toasts(a))).toEqual(english(['Report dismissed']));
    a.calls.loadDashboard.mockImplementationOnce(async () => ({ stats: { ...stats, open_reports: 4 }, recent: [] }));
    a.actor.send({ type: 'nav.opened', view: 'admin-dashboard' });
    await waitFor(a.actor, (s) => s.matches({ signedIn: { 'admin-dashboard': 'ready' } }));
    expect(a.snap().context.stats?.open_reports).toBe(4);
  });

  it('signs out when a screen finds the admin session gone', async () => {
    const a = await signIn({
      loadEvents: async () => {
        throw new ApiError(401, 'You need to be signed in as an admin to do that');
      },
    });
    a.actor.send({ type: 'nav.opened', view: 'admin-events' });
    await waitFor(a.actor, (s) => s.status === 'done');
    expect(a.told.at(-1)).toEqual({ type: 'admin.signedOut', message: MESSAGES.adminUserNotLoaded });
  });
});

/** The next load of the settings, held until the test answers it. */
function heldSettings(a: Started) {
  let answer: (s: AdminSettings) => void = () => {};
  a.calls.loadSettings.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
  return (s: AdminSettings) => answer(s);
}

function fillPassword(a: Started) {
  a.actor.send({ type: 'password.fieldChanged', field: 'current', value: 'Wallflower2026' });
  a.actor.send({ type: 'password.fieldChanged', field: 'next', value: 'Brighter2027' });
  a.actor.send({ type: 'password.fieldChanged', field: 'confirm', value: 'Brighter2027' });
}

function fillUsername(a: Started) {
  a.actor.send({ type: 'username.fieldChanged', field: 'next', value: 'keeper' });
  a.actor.send({ type: 'username.fieldChanged', field: 'current', value: 'Wallflower2026' });
}

describe('adminMachine: admin-settings', () => {
  it("says 'Failed to load admin settings' when they do not load", async () => {
    const a = await signIn({
      loadSettings: async () => {
        throw new ApiError(500, null);
      },
    });
    a.actor.send({ type: 'nav.opened', view: 'admin-settings' });
    await waitFor(a.actor, (s) => s.matches({ signedIn: { 'admin-settings': 'failed' } }));
    expect(errors(a)).toEqual([MESSAGES.failedLoadAdminSettings]);
  });

  it('checks the password form before calling: current required, new and confirm equal', async () => {
    const a = await onSettings();
    a.actor.send({ type: 'password.fieldChanged', field: 'next', value: 'Brighter2027' });
    a.actor.send({ type: 'password.fieldChanged', field: 'confirm', value: 'Brighter2027' });
    a.actor.send({ type: 'password.submitted' });
    expect(formErrors(a, 'passwordErrors')).toEqual({ fields: { current: ADMIN_FORM_MESSAGES.currentPasswordRequired }, form: null });
    a.actor.send({ type: 'password.fieldChanged', field: 'current', value: 'Wallflower2026' });
    a.actor.send({ type: 'password.fieldChanged', field: 'confirm', value: 'Brighter2028' });
    a.actor.send({ type: 'password.submitted' });
    expect(formErrors(a, 'passwordErrors')).toEqual({ fields: { confirm: MESSAGES.newPasswordsDoNotMatch }, form: null });
    expect(a.calls.focus).toHaveBeenCalledTimes(2);
    expect(errors(a)).toEqual([]);
    expect(a.calls.changePassword).not.toHaveBeenCalled();
  });

  it('changes the password, says so, clears the form and reloads the settings', async () => {
    const a = await onSettings({ changePassword: async () => admin });
    a.actor.send({ type: 'password.fieldChanged', field: 'current', value: 'Wallflower2026' });
    a.actor.send({ type: 'password.fieldChanged', field: 'next', value: 'Brighter2027' });
    a.actor.send({ type: 'password.fieldChanged', field: 'confirm', value: 'Brighter2027' });
    a.actor.send({ type: 'password.submitted' });
    await waitFor(a.actor, (s) => s.matches({ signedIn: { 'admin-settings': 'ready' } }) && toasts(a).length > 0);
    expect(a.calls.changePassword).toHaveBeenCalledWith({ current: 'Wallflower2026', next: 'Brighter2027', confirm: 'Brighter2027' });
    expect(toasts(a)).toEqual([MESSAGES.passwordChanged]);
    expect(a.snap().context.password).toEqual({ current: '', next: '', confirm: '' });
    expect(a.calls.loadSettings).toHaveBeenCalledTimes(2);
  });

  it.each([
    [
      new ApiError(400, 'new_password: must be at least 8 characters with upper case, lower case and digits'),
      { fields: { next: 'Your new password needs at least 8 characters, with upper case, lower case and digits.' }, form: null },
    ],
    [
      new ApiError(400, 'current_password: the current password is not correct'),
      { fields: { current: "That isn't your current password. Please check it and try again." }, form: null },
    ],
    [new ApiError(500, null), { fields: {}, form: MESSAGES.failedChangePassword }],
  ])('says the server detail beside its field, else the fallback, when the change fails', async (error, shown) => {
    const a = await onSettings({
      changePassword: async () => {
        throw error;
      },
    });
    a.actor.send({ type: 'password.fieldChanged', field: 'current', value: 'Wallflower2026' });
    a.actor.send({ type: 'password.submitted' });
    await waitFor(a.actor, (s) => s.matches({ signedIn: { 'admin-settings': 'ready' } }) && a.calls.changePassword.mock.calls.length === 1);
    expect(english(formErrors(a, 'passwordErrors'))).toEqual(english(shown));
    expect(a.calls.focus).toHaveBeenCalledWith('password');
  });

  it('changes the username and keeps the new name', async () => {
    const renamed = { ...admin, username: 'keeper' };
    const a = await onSettings({ changeUsername: async () => renamed });
    a.actor.send({ type: 'username.fieldChanged', field: 'next', value: 'keeper' });
    a.actor.send({ type: 'username.submitted' });
    expect(formErrors(a, 'usernameErrors')).toEqual({ fields: { current: ADMIN_FORM_MESSAGES.currentPasswordRequired }, form: null });
    a.actor.send({ type: 'username.fieldChanged', field: 'current', value: 'Wallflower2026' });
    a.actor.send({ type: 'username.submitted' });
    await waitFor(a.actor, () => toasts(a).length > 0);
    expect(toasts(a)).toEqual([MESSAGES.usernameChanged]);
    expect(a.snap().context.admin).toEqual(renamed);
  });

  it.each([
    [new ApiError(409, 'That admin username is already taken'), { fields: { next: 'That admin username is already taken' }, form: null }],
    [new ApiError(0, null), { fields: {}, form: MESSAGES.failedChangeUsername }],
  ])('says the server detail beside the new name, else the fallback, when the rename fails', async (error, shown) => {
    const a = await onSettings({
      changeUsername: async () => {
        throw error;
      },
    });
    a.actor.send({ type: 'username.fieldChanged', field: 'current', value: 'Wallflower2026' });
    a.actor.send({ type: 'username.fieldChanged', field: 'next', value: 'keeper' });
    a.actor.send({ type: 'username.submitted' });
    await waitFor(a.actor, (s) => s.matches({ signedIn: { 'admin-settings': 'ready' } }) && a.calls.changeUsername.mock.calls.length === 1);
    expect(english(formErrors(a, 'usernameErrors'))).toEqual(english(shown));
    expect(a.calls.focus).toHaveBeenCalledWith('username');
    expect(a.snap().context.admin).toEqual(admin);
  });
  it('saves a change made while the settings shown load again on a revisit (not before any are shown)', async () => {
    const a = await signIn({ changePassword: async () => admin });
    const loaded = heldSettings(a);
    a.actor.send({ type: 'nav.opened', view: 'admin-settings' });
    fillPassword(a);
    a.actor.send({ type: 'password.submitted' });
    expect(a.snap().matches({ signedIn: { 'admin-settings': 'loading' } })).toBe(true);
    loaded(settings);
    await waitFor(a.actor, (s) => s.matches({ signedIn: { 'admin-settings': 'ready' } }));
    a.actor.send({ type: 'nav.opened', view: 'admin-dashboard' });
    await waitFor(a.actor, (s) => s.matches({ signedIn: { 'admin-dashboard': 'ready' } }));
    // The settings read again on this revisit never answer: the change is saved over them.
    heldSettings(a);
    a.actor.send({ type: 'nav.opened', view: 'admin-settings' });
    expect(a.calls.changePassword).not.toHaveBeenCalled();
    a.actor.send({ type: 'password.submitted' });
    await waitFor(a.actor, (s) => s.matches({ signedIn: { 'admin-settings': 'ready' } }) && toasts(a).length > 0);
    expect(a.calls.changePassword).toHaveBeenCalledWith({ current: 'Wallflower2026', next: 'Brighter2027', confirm: 'Brighter2027' });
    expect(toasts(a)).toEqual([MESSAGES.passwordChanged]);
    expect(a.calls.loadSettings).toHaveBeenCalledTimes(3);
  });

  it('saves the other form while the settings load again after a save', async () => {
    const renamed = { ...admin, username: 'keeper' };
    const a = await onSettings({ changePassword: async () => admin, changeUsername: async () => renamed });
    fillPassword(a);
    fillUsername(a);
    heldSettings(a);
    a.actor.send({ type: 'password.submitted' });
    await waitFor(a.actor, () => toasts(a).length === 1);
    expect(a.snap().matches({ signedIn: { 'admin-settings': 'loading' } })).toBe(true);
    a.actor.send({ type: 'username.submitted' });
    await waitFor(a.actor, (s) => s.matches({ signedIn: { 'admin-settings': 'ready' } }) && toasts(a).length === 2);
    expect(a.calls.changeUsername).toHaveBeenCalledWith({ current: 'Wallflower2026', next: 'keeper' });
    expect(toasts(a)).toEqual([MESSAGES.passwordChanged, MESSAGES.usernameChanged]);
    expect(a.snap().context.admin).toEqual(renamed);
  });

  it('says which form is being saved, so that both forms wait for it (one save at a time)', async () => {
    const a = await onSettings({ changePassword: async () => admin });
    expect(settingsFormSaving(a.snap())).toBeNull();
    fillPassword(a);
    a.actor.send({ type: 'password.submitted' });
    expect(settingsFormSaving(a.snap())).toBe('password');
    await waitFor(a.actor, (s) => s.matches({ signedIn: { 'admin-settings': 'ready' } }) && toasts(a).length === 1);
    expect(settingsFormSaving(a.snap())).toBeNull();
  });
});
