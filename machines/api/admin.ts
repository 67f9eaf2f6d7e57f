/**
 * The admin calls of SPEC 7, on the same request function as the rest of the client.
 * It lives apart from client.ts so only the admin chunk carries it.
 */
import type {
  Admin,
  AdminAccountAnswer,
  AdminLoginAnswer,
  AdminSessionAnswer,
  AdminSettings,
  AdminStats,
  AdminUserDetail,
  AdminUsersAnswer,
  BanType,
  ModerationAnswer,
} from '../../contract/admin';
import type { AdminEventsAnswer, AnalyticsAnswer, EventModerationAnswer, EventRemovalAnswer } from '../../contract/admin-events';
import type { AdminReportStatus, AdminReportsAnswer, ResolveReportAnswer, ResolveReportBody } from '../../contract/admin-reports';
import { createApi, enc, type Fetch } from './client';

export type { Admin };

export interface UsersPageQuery {
  page: number;
  limit: number;
  search: string;
  bannedOnly: boolean;
}

export interface BanRequest {
  reason: string;
  ban_type: BanType;
  /** null for a permanent ban. */
  duration_days: number | null;
}

/** A page of an admin list (1-based). */
export interface PageQuery {
  page: number;
  limit: number;
}

export interface ReportsPageQuery extends PageQuery {
  status: AdminReportStatus;
}

/** What an admin may do to an event (issue 16); each needs a reason for the audit log. */
export type EventModeration = 'hide' | 'unhide' | 'remove';

type Ok = { success: true };

export function createAdminApi(base = '/api', fetchImpl?: Fetch) {
  const { request } = fetchImpl ? createApi(base, fetchImpl) : createApi(base);
  const q = (adminId: string, more: Record<string, string | number | boolean | undefined> = {}) => ({
    query: { admin_id: adminId, ...more },
  });
  return {
    login: (username: string, password: string) =>
      request<AdminLoginAnswer>('POST', '/admin/login', { body: { username, password } }),
    logout: (adminId: string) => request<Ok>('POST', '/admin/logout', q(adminId)),
    /** Who the admin cookie belongs to (null: nobody), as the panel opens on an admin address. */
    session: () => request<AdminSessionAnswer>('GET', '/admin/session'),
    stats: (adminId: string) => request<AdminStats>('GET', '/admin/users/stats', q(adminId)),
    users: (adminId: string, p: UsersPageQuery) =>
      request<AdminUsersAnswer>(
        'GET',
        '/admin/users',
        q(adminId, {
          page: p.page,
          limit: p.limit,
          search: p.search.trim() || undefined,
          filter_banned: p.bannedOnly ? true : undefined,
        }),
      ),
    user: (adminId: string, userId: string) =>
      request<AdminUserDetail>('GET', `/admin/users/${encodeURIComponent(userId)}`, q(adminId)),
    ban: (adminId: string, userId: string, ban: BanRequest) =>
      request<ModerationAnswer>('POST', `/admin/users/${encodeURIComponent(userId)}/ban`, {
        ...q(adminId),
        body: { user_id: userId, reason: ban.reason, duration_days: ban.duration_days, ban_type: ban.ban_type },
      }),
    unban: (adminId: string, userId: string, reason: string) =>
      request<ModerationAnswer>('POST', `/admin/users/${encodeURIComponent(userId)}/unban`, q(adminId, { reason })),
    warn: (adminId: string, userId: string, reason: string) =>
      request<Ok>('POST', `/admin/users/${encodeURIComponent(userId)}/warning`, q(adminId, { reason })),
    remove: (adminId: string, userId: string, reason: string) =>
      request<Ok>('DELETE', `/admin/users/${encodeURIComponent(userId)}`, q(adminId, { reason })),
    settings: (adminId: string) => request<AdminSettings>('GET', '/admin/settings', q(adminId)),
    changePassword: (adminId: string, current_password: string, new_password: string) =>
      request<AdminAccountAnswer>('PUT', '/admin/change-password', q(adminId, { current_password, new_password })),
    changeUsername: (adminId: string, current_password: string, new_username: string) =>
      request<AdminAccountAnswer>('PUT', '/admin/change-username', q(adminId, { current_password, new_username })),

    // The moderator queue, the events and the figures per day (issue 16, extensions).
    reports: (adminId: string, p: ReportsPageQuery) =>
      request<AdminReportsAnswer>('GET', '/admin/reports', q(adminId, { status: p.status, page: p.page, limit: p.limit })),
    resolveReport: (adminId: string, reportId: string, body: ResolveReportBody) =>
      request<ResolveReportAnswer>('POST', `/admin/reports/${enc(reportId)}/resolve`, { ...q(adminId), body }),
    events: (adminId: string, p: PageQuery) => request<AdminEventsAnswer>('GET', '/admin/events', q(adminId, { page: p.page, limit: p.limit })),
    hideEvent: (adminId: string, eventId: string, reason: string) =>
      request<EventModerationAnswer>('POST', `/admin/events/${enc(eventId)}/hide`, { ...q(adminId), body: { reason } }),
    unhideEvent: (adminId: string, eventId: string, reason: string) =>
      request<EventModerationAnswer>('POST', `/admin/events/${enc(eventId)}/unhide`, { ...q(adminId), body: { reason } }),
    removeEvent: (adminId: string, eventId: string, reason: string) =>
      request<EventRemovalAnswer>('DELETE', `/admin/events/${enc(eventId)}`, q(adminId, { reason })),
    analytics: (adminId: string, days: number) => request<AnalyticsAnswer>('GET', '/admin/analytics', q(adminId, { days })),
  };
}

export type AdminApi = ReturnType<typeof createAdminApi>;
export const adminApi: AdminApi = createAdminApi();
