/**
 * The admin panel's addresses (issue 39 item 5): each section under the admin entrance,
 * the gate asked with the slug whichever section the address names.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import type { Admin, AdminAction, AdminSettings, AdminStats, AdminUsersAnswer } from '../../../contract/admin';
import { adminBaseOf, adminPathOf, adminSectionOf } from '../../../machines/admin/admin-addresses';
import { ADMIN_NAV_VIEWS, adminMachine, currentAdminView, type LoginDraft, type RootReport } from '../../../machines/admin/admin.machine';
import type { UsersPageQuery } from '../../../machines/api/admin';
import type { HistoryOrder } from '../../../machines/history.actor';
import { adminSlugFromPath } from '../../../machines/views';

const BASE = '/admin/quiet-door';

describe('the admin panel addresses', () => {
  it('gives every section a path under the entrance that reads back as that section', () => {
    expect(ADMIN_NAV_VIEWS.map((v) => adminPathOf(BASE, v))).toEqual([
      '/admin/quiet-door',
      '/admin/quiet-door/users',
      '/admin/quiet-door/events',
      '/admin/quiet-door/reports',
      '/admin/quiet-door/analytics',
      '/admin/quiet-door/settings',
    ]);
    for (const v of ADMIN_NAV_VIEWS) expect(adminSectionOf(adminPathOf(BASE, v), BASE)).toBe(v);
  });

  it('reads a trailing slash as the same section, and names none for other paths', () => {
    expect(adminSectionOf('/admin/quiet-door/users/', BASE)).toBe('admin-users');
    expect(adminSectionOf('/admin/quiet-door/nothing', BASE)).toBeNull();
    expect(adminSectionOf('/admin/quiet-doorway/users', BASE)).toBeNull();
    expect(adminSectionOf('/events', BASE)).toBeNull();
    // Entered by the key sequence: no entrance, so no addresses.
    expect(adminSectionOf('/admin/quiet-door/users', null)).toBeNull();
  });

  it('finds the entrance, and asks the gate with the slug alone, from any section', () => {
    expect(adminBaseOf('/admin/quiet-door/reports')).toBe(BASE);
    expect(adminBaseOf('/events')).toBeNull();
    expect(adminSlugFromPath('/admin/quiet-door')).toBe('quiet-door');
    expect(adminSlugFromPath('/admin/quiet-door/')).toBe('quiet-door');
    expect(adminSlugFromPath('/admin/quiet-door/users')).toBe('quiet-door');
    expect(adminSlugFromPath('/admin/')).toBeNull();
    expect(adminSlugFromPath('/profile')).toBeNull();
  });
});

const admin: Admin = { id: '9c8b7a6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d', username: 'admin', email: 'admin@wallflower.local', role: 'super_admin' };
const stats: AdminStats = { total_users: 1, active_users: 1, banned_users: 0, new_users_today: 0, open_reports: 0 };
const settings: AdminSettings = {
  username: 'admin',
  email: 'admin@wallflower.local',
  role: 'super_admin',
  last_login: null,
  password_changed_at: null,
  created_at: '2026-10-01T09:00:00.000Z',
  recent_actions: [],
};

/** The admin chart opened at `path`, its calls faked; its history is a fake that records what it writes. */
function startAt(path: string, session: Admin | null) {
  const written: string[] = [];
  let browser: ((e: { type: 'address.changed'; path: string }) => void) | null = null;
  const told: RootReport[] = [];
  const machine = adminMachine.provide({
    actors: {
      history: fromCallback<HistoryOrder>(({ sendBack, receive }) => {
        browser = sendBack;
        receive((e) => void (e.type === 'address.write' && written.push(e.path)));
      }),
      restoreAdmin: fromPromise<Admin | null>(async () => session),
      login: fromPromise<Admin, LoginDraft>(async () => admin),
      loadDashboard: fromPromise<{ stats: AdminStats; recent: AdminAction[] }, { adminId: string }>(async () => ({ stats, recent: [] })),
      loadUsers: fromPromise<AdminUsersAnswer, { adminId: string; query: UsersPageQuery }>(async ({ input }) => ({ users: [], total: 0, page: input.query.page, limit: 20 })),
      loadSettings: fromPromise<AdminSettings, { adminId: string }>(async () => settings),
    },
    actions: { tellRoot: (_, report) => void told.push(report) },
  });
  const actor = createActor(machine, { input: { admin: null, path } }).start();
  return { actor, written, told, view: () => currentAdminView(actor.getSnapshot()), back: (to: string) => browser!({ type: 'address.changed', path: to }) };
}

describe('the admin chart and its addresses', () => {
  it('opened at a section with a live admin session (a reload): signed in on that section, and the root told', async () => {
    const a = startAt('/admin/quiet-door/users', admin);
    await waitFor(a.actor, (s) => currentAdminView(s) === 'admin-users');
    expect(a.told).toEqual([{ type: 'admin.signedIn', admin }]);
    // The address is already the section's: nothing new is written.
    expect(a.written).toEqual([]);
  });

  it('without a session asks to sign in first, then opens the section the address names', async () => {
    const a = startAt('/admin/quiet-door/settings', null);
    await waitFor(a.actor, (s) => currentAdminView(s) === 'admin-login');
    a.actor.send({ type: 'login.fieldChanged', field: 'username', value: 'admin' });
    a.actor.send({ type: 'login.fieldChanged', field: 'password', value: 'Secret123' });
    a.actor.send({ type: 'login.submitted' });
    await waitFor(a.actor, (s) => currentAdminView(s) === 'admin-settings');
  });

  it('writes each section it opens as a new address, and Back and Forward move between them', async () => {
    const a = startAt('/admin/quiet-door', admin);
    await waitFor(a.actor, (s) => currentAdminView(s) === 'admin-dashboard');
    a.actor.send({ type: 'nav.opened', view: 'admin-users' });
    a.actor.send({ type: 'nav.opened', view: 'admin-reports' });
    expect(a.written).toEqual(['/admin/quiet-door/users', '/admin/quiet-door/reports']);
    a.back('/admin/quiet-door/users');
    expect(a.view()).toBe('admin-users');
    a.back('/admin/quiet-door');
    expect(a.view()).toBe('admin-dashboard');
    a.back('/admin/quiet-door/reports');
    expect(a.view()).toBe('admin-reports');
    // Back and Forward write nothing: the browser is there already.
    expect(a.written).toHaveLength(2);
    // A path outside the panel changes nothing here.
    a.back('/events');
    expect(a.view()).toBe('admin-reports');
  });

  it('entered by the key sequence (no entrance in the address) writes no addresses and asks no session', async () => {
    const a = startAt('/', admin);
    expect(a.view()).toBe('admin-login');
    a.actor.send({ type: 'login.fieldChanged', field: 'username', value: 'admin' });
    a.actor.send({ type: 'login.fieldChanged', field: 'password', value: 'Secret123' });
    a.actor.send({ type: 'login.submitted' });
    await waitFor(a.actor, (s) => currentAdminView(s) === 'admin-dashboard');
    a.actor.send({ type: 'nav.opened', view: 'admin-users' });
    expect(a.view()).toBe('admin-users');
    expect(a.written).toEqual([]);
  });
});
