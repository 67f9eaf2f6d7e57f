/**
 * A report as the moderator sees it (GET /admin/reports): the report, the person it is
 * about, what was reported in context, their history and who else reported them, shaped
 * from the rows the use case gathered (use-cases/reports.ts).
 */
import type { AdminAction } from '../../contract/admin';
import type { ADMIN_REPORT_STATUSES, AdminReport, AdminReportStatus, ReportContext, ResolveAction } from '../../contract/admin-reports';
import type { REPORT_REASONS, REPORT_TARGET_TYPES } from '../../contract/reports';
import { HISTORY_MAX, type ReportRow } from '../db/repositories/reports';
import type { UserRow } from '../db/repositories/users';
import { DELETED_REPORTER } from '../domain/reports';
import { toAdminUser } from './admin';

/** What one report's answer is made of. */
export interface AdminReportRows {
  row: ReportRow;
  reported: UserRow;
  /** The reported person, the reporter and the other reporters, by id (a deleted account is absent). */
  people: Map<string, UserRow>;
  context: ReportContext;
  earlier: ReportRow[];
  /** The moderators' actions on the reported person, newest first. */
  actions: AdminAction[];
  others: ReadonlyArray<{ reporterId: string | null; n: number; last: Date | null }>;
  sameTargetOpen: number;
}

/** A reporter as the moderator sees them; a deleted account is said as such. */
export const reporterOf = (id: string | null, people: Map<string, UserRow>) => {
  const u = id ? people.get(id) : undefined;
  return u ? { id: u.id, name: u.name, username: u.username } : { id: null, name: DELETED_REPORTER, username: null };
};

export function toAdminReport({ row, reported, people, context, earlier, actions, others, sameTargetOpen }: AdminReportRows, now: Date): AdminReport {
  return {
    id: row.id,
    status: row.status as AdminReportStatus,
    target_type: row.targetType as AdminReport['target_type'],
    target_id: row.targetId,
    reason: row.reason as AdminReport['reason'],
    note: row.note,
    created_at: row.createdAt.toISOString(),
    reporter: reporterOf(row.reporterId, people),
    reported_user: {
      ...toAdminUser(reported, now),
      age: reported.age,
      occupation: reported.occupation,
      interests: reported.interests,
      photo_data: reported.photoData,
      held_for_review: reported.reviewHoldAt !== null,
    },
    context,
    history: {
      earlier_reports: earlier.map((r) => ({
        id: r.id,
        target_type: r.targetType as (typeof REPORT_TARGET_TYPES)[number],
        reason: r.reason as (typeof REPORT_REASONS)[number],
        status: r.status as (typeof ADMIN_REPORT_STATUSES)[number],
        resolution_action: r.resolutionAction,
        created_at: r.createdAt.toISOString(),
      })),
      warnings: actions.filter((a) => a.action_type === 'warning').slice(0, HISTORY_MAX),
      bans: actions.filter((a) => a.action_type === 'ban').slice(0, HISTORY_MAX),
    },
    other_reporters: others.map((o) => ({
      ...reporterOf(o.reporterId, people),
      reports: o.n,
      last_reported_at: (o.last ?? row.createdAt).toISOString(),
    })),
    same_target_open: sameTargetOpen,
    resolution:
      row.status === 'resolved' && row.resolutionAction && row.resolvedAt
        ? {
            action: row.resolutionAction as ResolveAction,
            reason: row.resolutionReason ?? '',
            admin_username: row.resolvedByUsername,
            resolved_at: row.resolvedAt.toISOString(),
          }
        : null,
  };
}
