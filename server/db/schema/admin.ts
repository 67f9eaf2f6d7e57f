/**
 * Administration: admins and their sessions, the audit trail, settings, reports and the
 * daily counts of the admin analytics.
 */
import { sql } from 'drizzle-orm';
import { date, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, ts } from './columns';
import { userRef, users } from './accounts';
import { events } from './events';
import { groupChats } from './chats';

export const admins = pgTable(
  'admins',
  {
    id: id(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role').notNull().default('admin'),
    lastLogin: ts('last_login'),
    passwordChangedAt: ts('password_changed_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('admins_username_lower').on(sql`lower(${t.username})`)],
);

export const adminSessions = pgTable(
  'admin_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    adminId: uuid('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('admin_sessions_admin').on(t.adminId)],
);

/** Audit trail: target ids are not foreign keys, so a deleted user's entry stays. */
export const adminActions = pgTable(
  'admin_actions',
  {
    id: id(),
    adminId: uuid('admin_id').references(() => admins.id, { onDelete: 'set null' }),
    adminUsername: text('admin_username').notNull(),
    actionType: text('action_type').notNull(),
    targetUserId: uuid('target_user_id'),
    targetDisplayName: text('target_display_name'),
    reason: text('reason'),
    details: jsonb('details').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index('admin_actions_created').on(t.createdAt)],
);

/** Small key-value settings kept with the data (the generated admin gate slug). */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/**
 * Reports of a person, a chat message, a group message or a photo (issue 16). The target
 * is named by type and id without a foreign key (it may be removed while the report
 * stays); `reported_text` keeps what a message said, or a photo's caption, when it was
 * reported, so a moderator can read it after it is gone. One open report per reporter
 * and target: a repeat is answered with the first.
 */
export const reports = pgTable(
  'reports',
  {
    id: id(),
    /** Null once the reporter's account is deleted: the report itself still stands. */
    reporterId: uuid('reporter_id').references(() => users.id, { onDelete: 'set null' }),
    reportedUserId: userRef('reported_user_id'),
    targetType: text('target_type').notNull(),
    targetId: uuid('target_id').notNull(),
    /** The event the reported thing belongs to (a photo's, a group chat's, a chat message's), if any. */
    eventId: uuid('event_id').references(() => events.id, { onDelete: 'set null' }),
    /** A reported group message's chat, so its context can be shown after the message is gone. */
    groupChatId: uuid('group_chat_id').references(() => groupChats.id, { onDelete: 'set null' }),
    reason: text('reason').notNull(),
    note: text('note'),
    reportedText: text('reported_text'),
    status: text('status').notNull().default('open'),
    createdAt: createdAt(),
    resolvedAt: ts('resolved_at'),
    resolvedBy: uuid('resolved_by').references(() => admins.id, { onDelete: 'set null' }),
    resolvedByUsername: text('resolved_by_username'),
    resolutionAction: text('resolution_action'),
    resolutionReason: text('resolution_reason'),
  },
  (t) => [
    uniqueIndex('reports_open_once').on(t.reporterId, t.targetType, t.targetId).where(sql`${t.status} = 'open'`),
    index('reports_queue').on(t.status, t.createdAt),
    index('reports_reported_user').on(t.reportedUserId, t.createdAt),
    index('reports_target').on(t.targetType, t.targetId),
    index('reports_event').on(t.eventId),
  ],
);

/**
 * Who used the app on which day (UTC), once per person and day, for the admin
 * analytics' "active people". No foreign key: a deleted account still counted that day.
 */
export const dailyActivity = pgTable(
  'daily_activity',
  {
    day: date('day', { mode: 'string' }).notNull(),
    userId: uuid('user_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.userId] })],
);

/**
 * Counts per day (UTC) of things whose rows do not last (a connection request goes when
 * it is accepted, lapses or a block comes), for the admin analytics.
 */
export const dailyCounts = pgTable(
  'daily_counts',
  {
    day: date('day', { mode: 'string' }).notNull(),
    metric: text('metric').notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.metric] })],
);
