/**
 * The admin panel's answers about admins and users (SPEC 7 "Admin"): an admin account,
 * the dashboard's counts, users as the admin sees them, and the audit trail's entries.
 */
import type { Admin, AdminAction, AdminSettings, AdminStats, AdminUser, AdminUserDetail } from '../../contract/admin';
import type { AdminRow, UserCounts, UserDetailRows } from '../db/repositories/admin';
import type { ActionRow } from '../db/repositories/audit';
import type { UserRow } from '../db/repositories/users';
import { isBanActive } from '../domain/bans';

export const toAdmin = (row: AdminRow): Admin => ({ id: row.id, username: row.username, email: row.email, role: row.role });

export const toAdminStats = (people: UserCounts, openReports: number): AdminStats => ({
  total_users: people.total,
  active_users: people.active,
  banned_users: people.banned,
  new_users_today: people.today,
  open_reports: openReports,
});

export function toAdminUser(row: UserRow, now: Date): AdminUser {
  const banned = isBanActive(row, now);
  return {
    id: row.id,
    username: row.username,
    name: row.name,
    email: row.email,
    created_at: row.createdAt.toISOString(),
    is_active: row.isActive,
    is_banned: banned,
    // A ban that has run out is shown as no ban at all.
    banned_until: banned && row.bannedUntil ? row.bannedUntil.toISOString() : null,
    ban_reason: banned ? row.banReason : null,
  };
}

export const toAdminUserDetail = (d: UserDetailRows, now: Date): AdminUserDetail => ({
  ...toAdminUser(d.user, now),
  age: d.user.age,
  occupation: d.user.occupation,
  interests: d.user.interests,
  communication_style: d.user.communicationStyle,
  plan_name: d.user.planName,
  events_attended: d.eventsAttended,
  connections: d.connections,
  recent_actions: d.recentActions.map(toAdminAction),
});

export const toAdminAction = (row: ActionRow): AdminAction => ({
  id: row.id,
  action_type: row.actionType,
  reason: row.reason,
  timestamp: row.createdAt.toISOString(),
  target_display_name: row.targetDisplayName,
});

/** The admin's own settings page: the account, and what they did lately. */
export const toAdminSettings = (row: AdminRow, recent: readonly ActionRow[]): AdminSettings => ({
  username: row.username,
  email: row.email,
  role: row.role,
  last_login: row.lastLogin?.toISOString() ?? null,
  password_changed_at: row.passwordChangedAt?.toISOString() ?? null,
  created_at: row.createdAt.toISOString(),
  recent_actions: recent.map(toAdminAction),
});
