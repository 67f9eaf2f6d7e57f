/**
 * The admin panel rendered inside the real app, against a small fake of the admin API
 * (msw): login, the dashboard, the users table with its ban charts, settings, logout.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdminAction, AdminSettings, AdminUser } from '../../contract/admin';
import { HINTS, MESSAGES } from '../../contract/messages';
import { WARNING_REASON_REQUIRED } from '../../machines/admin/ban.machine';
import { ADMIN_FORM_MESSAGES } from '../../machines/admin/admin.machine';
import { ADMIN, nav, PASSWORD, person, signIn } from './adminApp';
import { renderApp } from './renderApp';
import { refusalOf } from '../../contract/said';
import { LOGIN_HEADING } from '../said';

/** What the fake server holds and what it was asked. */
let people: AdminUser[];
let actions: AdminAction[];
let requests: Array<{ method: string; path: string; query: Record<string, string>; body: unknown }>;

const record = async (request: Request) => {
  const url = new URL(request.url);
  const body = request.method === 'GET' ? null : await request.clone().text().then((t) => (t ? JSON.parse(t) : null));
  requests.push({ method: request.method, path: url.pathname, query: Object.fromEntries(url.searchParams), body });
  return url;
};

const act_ = (type: string, reason: string): AdminAction => ({
  id: crypto.randomUUID(),
  action_type: type,
  reason,
  timestamp: new Date().toISOString(),
  target_display_name: 'Someone (@someone)',
});

const server = setupServer(
  http.post('/api/admin/login', async ({ request }) => {
    await record(request);
    const b = (await request.json()) as { username: string; password: string };
    return b.username === 'admin' && b.password === PASSWORD
      ? HttpResponse.json({ admin: ADMIN })
      : HttpResponse.json(refusalOf(MESSAGES.invalidAdminCredentials), { status: 401 });
  }),
  http.post('/api/admin/logout', async ({ request }) => {
    await record(request);
    return HttpResponse.json({ success: true });
  }),
  http.get('/api/admin/users/stats', async ({ request }) => {
    await record(request);
    return HttpResponse.json({ total_users: 42, active_users: 38, banned_users: 3, new_users_today: 5, open_reports: 2 });
  }),
  http.get('/api/admin/settings', async ({ request }) => {
    await record(request);
    const s: AdminSettings = {
      username: ADMIN.username,
      email: ADMIN.email,
      role: ADMIN.role,
      last_login: '2026-11-22T09:00:00.000Z',
      password_changed_at: '2026-11-01T09:00:00.000Z',
      created_at: '2026-10-01T09:00:00.000Z',
      recent_actions: actions,
    };
    return HttpResponse.json(s);
  }),
  http.get('/api/admin/users', async ({ request }) => {
    const url = await record(request);
    const pageNo = Number(url.searchParams.get('page') ?? 1);
    const limit = Number(url.searchParams.get('limit') ?? 20);
    const bannedOnly = url.searchParams.get('filter_banned') === 'true';
    const matching = people.filter((p) => !bannedOnly || p.is_banned);
    return HttpResponse.json({
      users: matching.slice((pageNo - 1) * limit, pageNo * limit),
      total: matching.length,
      page: pageNo,
      limit,
    });
  }),
  http.post('/api/admin/users/:id/ban', async ({ request, params }) => {
    await record(request);
    const i = people.findIndex((p) => p.id === params.id);
    people[i] = { ...people[i]!, is_banned: true, banned_until: '2026-12-22T00:00:00.000Z', ban_reason: 'x' };
    actions = [act_('ban', 'x'), ...actions];
    return HttpResponse.json({ success: true, user: people[i] });
  }),
  http.post('/api/admin/users/:id/unban', async ({ request, params }) => {
    await record(request);
    const i = people.findIndex((p) => p.id === params.id);
    people[i] = { ...people[i]!, is_banned: false, banned_until: null, ban_reason: null };
    return HttpResponse.json({ success: true, user: people[i] });
  }),
  http.post('/api/admin/users/:id/warning', async ({ request }) => {
    await record(request);
    return HttpResponse.json({ success: true });
  }),
  http.put('/api/admin/change-password', async ({ request }) => {
    const url = await record(request);
    if (url.searchParams.get('current_password') !== PASSWORD)
      return HttpResponse.json({ detail: 'current_password: the current password is not correct' }, { status: 400 });
    return HttpResponse.json({ success: true, admin: ADMIN });
  }),
  http.put('/api/admin/change-username', async ({ request }) => {
    await record(request);
    return HttpResponse.json({ detail: 'That admin username is already taken' }, { status: 409 });
  }),
);

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  people = Array.from({ length: 25 }, (_, i) => person(i, i % 5 === 0));
  actions = Array.from({ length: 7 }, (_, i) => act_('warning', `note ${i + 1}`));
  requests = [];
});
afterEach(() => server.resetHandlers());

const asked = (method: string, path: string) => requests.filter((r) => r.method === method && r.path === path);

describe('admin-login', () => {
  it('needs both fields, shows the server detail on failure, and opens the dashboard', async () => {
    const user = userEvent.setup();
    const app = renderApp();
    act(() => app.actor.send({ type: 'admin.entryRequested' }));
    await screen.findByRole('heading', { name: 'Admin login' });
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    const name = screen.getByLabelText('Admin username');
    expect(name).toHaveAccessibleDescription(ADMIN_FORM_MESSAGES.loginFieldsRequired.message);
    await waitFor(() => expect(name).toHaveFocus());
    expect(asked('POST', '/api/admin/login')).toHaveLength(0);

    await user.type(screen.getByLabelText('Admin username'), 'admin');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.invalidAdminCredentials.message));
    // Focus moves to the refusal once it is drawn (a frame later); then she types again.
    await waitFor(() => expect(screen.getByRole('alert')).toHaveFocus());

    await user.type(screen.getByLabelText('Password'), PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(app.actor.getSnapshot().matches('admin')).toBe(true);
    expect(app.actor.getSnapshot().context.admin).toEqual(ADMIN);
  });

  it('goes back to the app login', async () => {
    const user = userEvent.setup();
    const app = renderApp();
    act(() => app.actor.send({ type: 'admin.entryRequested' }));
    await user.click(await screen.findByRole('button', { name: 'Back to app login' }));
    expect(await screen.findByRole('heading', { name: LOGIN_HEADING })).toBeInTheDocument();
  });
});

describe('admin-dashboard and the navigation bar', () => {
  it('shows the four stats and the first five recent actions', async () => {
    await signIn();
    const stats: Array<[string, string]> = [
      ['Total users', '42'],
      ['Active users', '38'],
      ['Banned users', '3'],
      ['New today', '5'],
    ];
    for (const [label, value] of stats) {
      expect(screen.getByText(label).parentElement).toHaveTextContent(value);
    }
    const recent = screen.getByRole('region', { name: 'Recent activity' });
    expect(within(recent).getAllByRole('listitem')).toHaveLength(5);
    expect(within(recent).getByText('note 5')).toBeInTheDocument();
    expect(within(recent).queryByText('note 6')).toBeNull();
  });

  it('has the seven entries, opens each view, and marks the current one', async () => {
    const { user } = await signIn();
    const labels = within(nav()).getAllByRole('button').map((b) => b.textContent);
    expect(labels).toEqual(['Dashboard', 'Users', 'Events', 'Reports', 'Analytics', 'Settings', 'Logout']);
    for (const name of ['Dashboard', 'Settings']) {
      await user.click(within(nav()).getByRole('button', { name }));
      expect(screen.getByRole('heading', { name, level: 1 })).toBeInTheDocument();
      expect(within(nav()).getByRole('button', { name })).toHaveAttribute('aria-current', 'page');
    }
  });

  it('logs out back to the login view', async () => {
    const { user, app } = await signIn();
    await user.click(within(nav()).getByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { name: LOGIN_HEADING })).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.loggedOut.message)).toBeInTheDocument();
    expect(asked('POST', '/api/admin/logout')[0]!.query).toEqual({ admin_id: ADMIN.id });
    expect(app.actor.getSnapshot().context.admin).toBeNull();
  });
});

describe('admin-users', () => {
  async function openUsers() {
    const s = await signIn();
    await s.user.click(within(nav()).getByRole('button', { name: 'Users' }));
    await screen.findByRole('table', { name: 'Users' });
    return s;
  }
  const rowOf = (i: number) => screen.getByRole('row', { name: `Person ${i} (@person${i})` });

  it('shows a table of 20 with headers, and pages with Previous and Next', async () => {
    const { user } = await openUsers();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Name', 'Username', 'Email', 'Joined', 'Status', 'Actions']);
    expect(asked('GET', '/api/admin/users')[0]!.query).toEqual({ admin_id: ADMIN.id, page: '1', limit: '20' });
    expect(screen.getByText('Showing 1–20 of 25')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Showing 21–25 of 25');
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
  });

  it('offers Warn only to active users, Unban only to banned ones, and no Delete', async () => {
    await openUsers();
    const active = within(rowOf(1));
    expect(active.getByRole('button', { name: /^Ban / })).toBeInTheDocument();
    expect(active.getByRole('button', { name: /^Warn / })).toBeInTheDocument();
    expect(active.queryByRole('button', { name: /^Unban / })).toBeNull();
    const banned = within(rowOf(0));
    expect(banned.getByRole('button', { name: /^Unban / })).toBeInTheDocument();
    expect(banned.queryByRole('button', { name: /^Warn / })).toBeNull();
    expect(banned.queryByRole('button', { name: /^Ban / })).toBeNull();
    expect(screen.queryByRole('button', { name: /delete/i })).toBeNull();
  });

  it('bans through the form: reason required, temporary by default, days 1-365', async () => {
    const { user } = await openUsers();
    await user.click(within(rowOf(1)).getByRole('button', { name: 'Ban Person 1' }));
    const form = screen.getByRole('form', { name: 'Ban Person 1' });
    expect(within(form).getByRole('radio', { name: 'Temporary' })).toBeChecked();
    expect(within(form).getByLabelText('Duration in days')).toHaveValue('7');
    await user.click(within(form).getByRole('button', { name: 'Ban user' }));
    expect(within(form).getByLabelText('Reason')).toHaveAccessibleDescription('A reason is required');
    await waitFor(() => expect(within(form).getByLabelText('Reason')).toHaveFocus());
    await user.type(within(form).getByLabelText('Reason'), 'Spam in chats');
    await user.clear(within(form).getByLabelText('Duration in days'));
    await user.type(within(form).getByLabelText('Duration in days'), '400');
    await user.click(within(form).getByRole('button', { name: 'Ban user' }));
    expect(within(form).getByLabelText('Duration in days')).toHaveAccessibleDescription(
      'From 1 to 365 days Duration must be between 1 and 365 days',
    );
    await user.click(within(form).getByRole('radio', { name: 'Permanent' }));
    expect(within(form).queryByLabelText('Duration in days')).toBeNull();
    await user.click(within(form).getByRole('button', { name: 'Ban user' }));
    await screen.findByText(MESSAGES.userBanned.message);
    expect(asked('POST', `/api/admin/users/${people[1]!.id}/ban`)[0]).toMatchObject({
      query: { admin_id: ADMIN.id },
      body: { user_id: people[1]!.id, reason: 'Spam in chats', ban_type: 'permanent', duration_days: null },
    });
    expect(within(rowOf(1)).getByRole('button', { name: 'Unban Person 1' })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Ban Person 1' })).toBeNull();
  });

  it("unbans with 'Admin unban', and warns with the words the admin writes", async () => {
    const { user } = await openUsers();
    await user.click(within(rowOf(0)).getByRole('button', { name: 'Unban Person 0' }));
    await screen.findByText(MESSAGES.userUnbanned.message);
    expect(asked('POST', `/api/admin/users/${people[0]!.id}/unban`)[0]!.query).toEqual({ admin_id: ADMIN.id, reason: 'Admin unban' });
    await user.click(within(rowOf(0)).getByRole('button', { name: 'Warn Person 0' }));
    const form = screen.getByRole('form', { name: 'Warn Person 0' });
    await user.click(within(form).getByRole('button', { name: 'Send warning' }));
    expect(within(form).getByLabelText('What should they know?')).toHaveAccessibleDescription(expect.stringContaining(WARNING_REASON_REQUIRED.message));
    expect(asked('POST', `/api/admin/users/${people[0]!.id}/warning`)).toHaveLength(0);
    await user.type(within(form).getByLabelText('What should they know?'), 'Please give people room to say no.');
    await user.click(within(form).getByRole('button', { name: 'Send warning' }));
    await screen.findByText(MESSAGES.warningIssued.message);
    expect(asked('POST', `/api/admin/users/${people[0]!.id}/warning`)[0]!.query).toEqual({
      admin_id: ADMIN.id,
      reason: 'Please give people room to say no.',
    });
  });

  it('filters to banned users and searches', async () => {
    const { user } = await openUsers();
    await user.click(screen.getByLabelText('Banned users only'));
    await screen.findByText('Showing 1–5 of 5');
    expect(asked('GET', '/api/admin/users').at(-1)!.query).toMatchObject({ filter_banned: 'true', page: '1' });
    await user.type(screen.getByLabelText('Search by name, username or email'), ' person1 ');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(asked('GET', '/api/admin/users').at(-1)!.query).toMatchObject({ search: 'person1', filter_banned: 'true' }));
  });
});

describe('admin-settings', () => {
  async function openSettings() {
    const s = await signIn();
    await s.user.click(within(nav()).getByRole('button', { name: 'Settings' }));
    await screen.findByText('Role: Super admin');
    return s;
  }

  it('shows the role label, the dates, the recent actions and the hints', async () => {
    await openSettings();
    expect(screen.getByRole('heading', { name: 'admin' })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Recent actions' })).getAllByRole('listitem')).toHaveLength(7);
    expect(screen.getByText(HINTS.adminPassword.message)).toBeInTheDocument();
    expect(screen.getByText(HINTS.adminUsername.message)).toBeInTheDocument();
    expect(screen.getByText('Last login')).toBeInTheDocument();
    expect(screen.getByText('Password changed')).toBeInTheDocument();
  });

  it('checks the password form, then changes the password', async () => {
    const { user } = await openSettings();
    const form = screen.getByRole('form', { name: 'Change password' });
    await user.type(within(form).getByLabelText('New password'), 'Brighter2027');
    await user.type(within(form).getByLabelText('Confirm new password'), 'Brighter2028');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(within(form).getByLabelText('Current password')).toHaveAccessibleDescription(ADMIN_FORM_MESSAGES.currentPasswordRequired.message);
    await user.type(within(form).getByLabelText('Current password'), PASSWORD);
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(within(form).getByLabelText('Confirm new password')).toHaveAccessibleDescription(MESSAGES.newPasswordsDoNotMatch.message);
    expect(asked('PUT', '/api/admin/change-password')).toHaveLength(0);
    await user.clear(within(form).getByLabelText('Confirm new password'));
    await user.type(within(form).getByLabelText('Confirm new password'), 'Brighter2027');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    await screen.findByText(MESSAGES.passwordChanged.message);
    expect(asked('PUT', '/api/admin/change-password')[0]!.query).toEqual({
      admin_id: ADMIN.id,
      current_password: PASSWORD,
      new_password: 'Brighter2027',
    });
  });

  it("says the server's detail beside the new name when the username change fails", async () => {
    const { user } = await openSettings();
    const form = screen.getByRole('form', { name: 'Change username' });
    await user.type(within(form).getByLabelText('New username'), 'keeper');
    await user.type(within(form).getByLabelText('Current password'), PASSWORD);
    await user.click(within(form).getByRole('button', { name: 'Change username' }));
    await waitFor(() =>
      expect(within(form).getByLabelText('New username')).toHaveAccessibleDescription(expect.stringContaining('That admin username is already taken')),
    );
  });
});
