/** The English words of the admin panel's frame (SPEC 2 "Admin views"): its navigation bar, and what its tables and forms share. */
import { t } from '@lingui/core/macro';
import type { AdminActionType } from '../../../contract/admin';
import type { AdminNavView } from '../../../machines/admin/admin.machine';
import { english } from '../i18n';
import { messages } from '../locales/en/admin.po';

english(messages);

export const ADMIN = () => ({
  /** Each view's name, in the navigation bar and as its heading. */
  views: {
    'admin-dashboard': t({ id: 'admin.views.admin-dashboard', message: 'Dashboard' }),
    'admin-users': t({ id: 'admin.views.admin-users', message: 'Users' }),
    'admin-events': t({ id: 'admin.views.admin-events', message: 'Events' }),
    'admin-reports': t({ id: 'admin.views.admin-reports', message: 'Reports' }),
    'admin-analytics': t({ id: 'admin.views.admin-analytics', message: 'Analytics' }),
    'admin-settings': t({ id: 'admin.views.admin-settings', message: 'Settings' }),
  } as Record<AdminNavView, string>,
  nav: t({ id: 'admin.nav', message: 'Admin' }),
  panel: t({ id: 'admin.panel', message: 'Admin panel · ' }),
  logout: t({ id: 'admin.logout', message: 'Logout' }),
  /** A date that has not happened yet (a first login). */
  never: t({ id: 'admin.never', message: 'Never' }),
  refresh: t({ id: 'admin.refresh', message: 'Refresh' }),
  pages: t({ id: 'admin.pages', message: 'Pages' }),
  previous: t({ id: 'admin.previous', message: 'Previous' }),
  next: t({ id: 'admin.next', message: 'Next' }),
  page: (page: number, last: number) => t({ id: 'admin.page', message: `Page ${page} of ${last}` }),
  /** Above a list: "Showing 1–20 of 45". */
  showing: (first: number, last: number, total: number) => t({ id: 'admin.showing', message: `Showing ${first}–${last} of ${total}` }),
  cancel: t({ id: 'admin.cancel', message: 'Cancel' }),
  working: t({ id: 'admin.working', message: 'Working…' }),
  reason: t({ id: 'admin.reason', message: 'Reason' }),
  /** A person's account as the users table and a report say it. */
  bannedUntil: (date: string) => t({ id: 'admin.bannedUntil', message: `Banned until ${date}` }),
  bannedForever: t({ id: 'admin.bannedForever', message: 'Banned permanently' }),
  active: t({ id: 'admin.active', message: 'Active' }),
  deactivated: t({ id: 'admin.deactivated', message: 'Deactivated' }),
  heldForReview: t({ id: 'admin.heldForReview', message: 'Held for review' }),
  /** The ban form's fields (SPEC 5), in the users table and a report's Ban. */
  banType: t({ id: 'admin.banType', message: 'Ban type' }),
  temporary: t({ id: 'admin.temporary', message: 'Temporary' }),
  permanent: t({ id: 'admin.permanent', message: 'Permanent' }),
  days: t({ id: 'admin.days', message: 'Duration in days' }),
  daysHint: t({ id: 'admin.daysHint', message: 'From 1 to 365 days' }),
  banUser: t({ id: 'admin.banUser', message: 'Ban user' }),
  banning: t({ id: 'admin.banning', message: 'Banning…' }),
  /** The warning form, in the users table and a report's Warn. */
  whatToKnow: t({ id: 'admin.whatToKnow', message: 'What should they know?' }),
  wordForWord: t({ id: 'admin.wordForWord', message: 'They read this in their notifications, word for word.' }),
  sendWarning: t({ id: 'admin.sendWarning', message: 'Send warning' }),
  sending: t({ id: 'admin.sending', message: 'Sending…' }),
  /** How an audit entry's action reads; one not listed is read from its name. */
  actions: {
    ban: t({ id: 'admin.actions.ban', message: 'Banned' }),
    unban: t({ id: 'admin.actions.unban', message: 'Unbanned' }),
    warning: t({ id: 'admin.actions.warning', message: 'Warned' }),
    delete: t({ id: 'admin.actions.delete', message: 'Deleted' }),
    change_password: t({ id: 'admin.actions.change_password', message: 'Changed password' }),
    change_username: t({ id: 'admin.actions.change_username', message: 'Changed username' }),
    dismiss_report: t({ id: 'admin.actions.dismiss_report', message: 'Dismissed a report' }),
    remove_content: t({ id: 'admin.actions.remove_content', message: 'Removed content' }),
    hide_event: t({ id: 'admin.actions.hide_event', message: 'Hid an event' }),
    unhide_event: t({ id: 'admin.actions.unhide_event', message: 'Showed an event again' }),
    delete_event: t({ id: 'admin.actions.delete_event', message: 'Removed an event' }),
  } as Record<AdminActionType, string>,
});

/** The English words of admin-login (SPEC 5). */
export const ADMIN_LOGIN = () => ({
  title: t({ id: 'adminLogin.title', message: 'Admin login' }),
  intro: t({ id: 'adminLogin.intro', message: 'For the Wallflower team. Everything you do here is written to the audit log.' }),
  username: t({ id: 'adminLogin.username', message: 'Admin username' }),
  password: t({ id: 'adminLogin.password', message: 'Password' }),
  loggingIn: t({ id: 'adminLogin.loggingIn', message: 'Logging in…' }),
  logIn: t({ id: 'adminLogin.logIn', message: 'Log in' }),
  back: t({ id: 'adminLogin.back', message: 'Back to app login' }),
});

/** The English words of admin-dashboard (SPEC 2, issue 16). */
export const ADMIN_DASHBOARD = () => ({
  failed: t({ id: 'adminDashboard.failed', message: 'The dashboard could not be loaded.' }),
  stats: t({ id: 'adminDashboard.stats', message: 'User statistics' }),
  totalUsers: t({ id: 'adminDashboard.totalUsers', message: 'Total users' }),
  activeUsers: t({ id: 'adminDashboard.activeUsers', message: 'Active users' }),
  bannedUsers: t({ id: 'adminDashboard.bannedUsers', message: 'Banned users' }),
  newToday: t({ id: 'adminDashboard.newToday', message: 'New today' }),
  openReports: t({ id: 'adminDashboard.openReports', message: 'Open reports' }),
  reviewReports: t({ id: 'adminDashboard.reviewReports', message: 'Review reports' }),
  seeReports: t({ id: 'adminDashboard.seeReports', message: 'See reports' }),
  recent: t({ id: 'adminDashboard.recent', message: 'Recent activity' }),
  noActions: t({ id: 'adminDashboard.noActions', message: 'No admin actions yet.' }),
});

/** The English words of admin-settings (SPEC 2, 5, 6). */
export const ADMIN_SETTINGS = () => ({
  role: t({ id: 'adminSettings.role', message: 'Role: ' }),
  /** A role's label; one not listed is read from its name ('super_admin' is 'Super admin'). */
  roles: { super_admin: t({ id: 'adminSettings.roles.super_admin', message: 'Super admin' }) } as Record<string, string>,
  email: t({ id: 'adminSettings.email', message: 'Email' }),
  lastLogin: t({ id: 'adminSettings.lastLogin', message: 'Last login' }),
  passwordChanged: t({ id: 'adminSettings.passwordChanged', message: 'Password changed' }),
  created: t({ id: 'adminSettings.created', message: 'Account created' }),
  recent: t({ id: 'adminSettings.recent', message: 'Recent actions' }),
  noActions: t({ id: 'adminSettings.noActions', message: 'You have not taken any admin actions yet.' }),
  changePassword: t({ id: 'adminSettings.changePassword', message: 'Change password' }),
  currentPassword: t({ id: 'adminSettings.currentPassword', message: 'Current password' }),
  newPassword: t({ id: 'adminSettings.newPassword', message: 'New password' }),
  confirmPassword: t({ id: 'adminSettings.confirmPassword', message: 'Confirm new password' }),
  changing: t({ id: 'adminSettings.changing', message: 'Changing…' }),
  changeUsername: t({ id: 'adminSettings.changeUsername', message: 'Change username' }),
  newUsername: t({ id: 'adminSettings.newUsername', message: 'New username' }),
});
