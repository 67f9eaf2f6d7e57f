/** The English words of the admin panel's frame (SPEC 2 "Admin views"): its navigation bar, and what its tables and forms share. */
import type { AdminActionType } from '../../../contract/admin';
import type { AdminNavView } from '../../../machines/admin/admin.machine';
import type { Part } from '../i18n';

export const ADMIN = {
  id: 'admin',
  en: {
    /** Each view's name, in the navigation bar and as its heading. */
    views: {
      'admin-dashboard': 'Dashboard',
      'admin-users': 'Users',
      'admin-events': 'Events',
      'admin-reports': 'Reports',
      'admin-analytics': 'Analytics',
      'admin-settings': 'Settings',
    } as Record<AdminNavView, string>,
    nav: 'Admin',
    panel: 'Admin panel · ',
    logout: 'Logout',
    /** A date that has not happened yet (a first login). */
    never: 'Never',
    refresh: 'Refresh',
    pages: 'Pages',
    previous: 'Previous',
    next: 'Next',
    page: (page: number, last: number) => `Page ${page} of ${last}`,
    /** Above a list: "Showing 1–20 of 45". */
    showing: (first: number, last: number, total: number) => `Showing ${first}–${last} of ${total}`,
    cancel: 'Cancel',
    working: 'Working…',
    reason: 'Reason',
    /** A person's account as the users table and a report say it. */
    bannedUntil: (date: string) => `Banned until ${date}`,
    bannedForever: 'Banned permanently',
    active: 'Active',
    deactivated: 'Deactivated',
    heldForReview: 'Held for review',
    /** The ban form's fields (SPEC 5), in the users table and a report's Ban. */
    banType: 'Ban type',
    temporary: 'Temporary',
    permanent: 'Permanent',
    days: 'Duration in days',
    daysHint: 'From 1 to 365 days',
    banUser: 'Ban user',
    banning: 'Banning…',
    /** The warning form, in the users table and a report's Warn. */
    whatToKnow: 'What should they know?',
    wordForWord: 'They read this in their notifications, word for word.',
    sendWarning: 'Send warning',
    sending: 'Sending…',
    /** How an audit entry's action reads; one not listed is read from its name. */
    actions: {
      ban: 'Banned',
      unban: 'Unbanned',
      warning: 'Warned',
      delete: 'Deleted',
      change_password: 'Changed password',
      change_username: 'Changed username',
      dismiss_report: 'Dismissed a report',
      remove_content: 'Removed content',
      hide_event: 'Hid an event',
      unhide_event: 'Showed an event again',
      delete_event: 'Removed an event',
    } as Record<AdminActionType, string>,
  },
} satisfies Part<unknown>;

/** The English words of admin-login (SPEC 5). */
export const ADMIN_LOGIN = {
  id: 'adminLogin',
  en: {
    title: 'Admin login',
    intro: 'For the Wallflower team. Everything you do here is written to the audit log.',
    username: 'Admin username',
    password: 'Password',
    loggingIn: 'Logging in…',
    logIn: 'Log in',
    back: 'Back to app login',
  },
} satisfies Part<unknown>;

/** The English words of admin-dashboard (SPEC 2, issue 16). */
export const ADMIN_DASHBOARD = {
  id: 'adminDashboard',
  en: {
    failed: 'The dashboard could not be loaded.',
    stats: 'User statistics',
    totalUsers: 'Total users',
    activeUsers: 'Active users',
    bannedUsers: 'Banned users',
    newToday: 'New today',
    openReports: 'Open reports',
    reviewReports: 'Review reports',
    seeReports: 'See reports',
    recent: 'Recent activity',
    noActions: 'No admin actions yet.',
  },
} satisfies Part<unknown>;

/** The English words of admin-settings (SPEC 2, 5, 6). */
export const ADMIN_SETTINGS = {
  id: 'adminSettings',
  en: {
    role: 'Role: ',
    /** A role's label; one not listed is read from its name ('super_admin' is 'Super admin'). */
    roles: { super_admin: 'Super admin' } as Record<string, string>,
    email: 'Email',
    lastLogin: 'Last login',
    passwordChanged: 'Password changed',
    created: 'Account created',
    recent: 'Recent actions',
    noActions: 'You have not taken any admin actions yet.',
    changePassword: 'Change password',
    currentPassword: 'Current password',
    newPassword: 'New password',
    confirmPassword: 'Confirm new password',
    changing: 'Changing…',
    changeUsername: 'Change username',
    newUsername: 'New username',
  },
} satisfies Part<unknown>;
