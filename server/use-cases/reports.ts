/**
 * Reports and the moderator queue (issue 16). A report is checked (access/reports.ts
 * `reportableTarget`), stored once per reporter and target while open, and may put the
 * reported person on hold for review (domain/reports.ts); nobody tells the reported
 * person anything. A moderator resolves a report through the admin moderation rules
 * (use-cases/admin.ts `warnLocked`, `banLocked`), with one audit row, in one transaction
 * that also resolves the other open reports of the same target; then each reporter is
 * told, in general words, that their report was reviewed.
 */
import type { z } from 'zod';
import type {
  AdminReport,
  AdminReportStatus,
  ContextMessage,
  ReportContext,
  ResolveReportBodySchema,
} from '../../contract/admin-reports';
import { type MyReport, REPORT_REVIEWED, type ReportBodySchema } from '../../contract/reports';
import { announceKept, tag } from '../cache/tags';
import { relationsOf } from '../cache/relations';
import type { Tx } from '../db/client';
import { type AdminRow, lockUser } from '../db/repositories/admin';
import { actionsOnUser, displayNameOf, recordAdminAction } from '../db/repositories/audit';
import { candidateOf } from '../db/repositories/people';
import { toAdminAction } from '../presenters/admin';
import { toAdminReport } from '../presenters/reports';
import {
  HISTORY_MAX,
  type ReportRow,
  chatAround,
  clearProfilePhoto,
  countOpenReports,
  deleteChatMessage,
  deleteGroupMessage,
  deletePhoto,
  earlierReportsAbout,
  findChatMessageForReport,
  findGroupMessageForReport,
  findOpenReport,
  findPhotoRow,
  findReport,
  groupChatAround,
  insertReport,
  liftReviewHoldIfReviewed,
  listReports,
  lockOpenReportsOf,
  markResolved,
  openOfSameTarget,
  otherReportersOf,
  placeOf,
  recentReporters,
  reportsBy,
  setReviewHold,
  usersByIds,
} from '../db/repositories/reports';
import type { UserRow } from '../db/repositories/users';
import { findOpeningMove, removeOpeningMove } from '../db/repositories/opening-moves';
import { reportableTarget } from '../access/reports';
import { idKnownBy } from '../access/people';
import { AUDIT_ACTION_OF, DELETED_REPORTER, holdWindowStart, mustHoldForReview, stateForReporter } from '../domain/reports';
import { chatPartnerAs } from '../domain/visibility';
import { conflict, notFound } from '../core/errors';
import { publishNotifications, storeNotification, type NotificationKind, type StoredNotification } from './notify';
import { banLocked, warnLocked } from './admin';
import type { Ctx } from './context';
import type { Said as Sentence } from '../../contract/said';

const REPORT_NOT_FOUND: Sentence = /*i18n*/ { id: 'error.reportNotFound', message: 'Report not found' };

// ---------------------------------------------------------------------------
// The reporter's side

/**
 * POST /reports: answers the report's id. A repeat of an open report answers the first
 * (nothing stored, nothing counted). Reports about one person are made one at a time
 * (their row is locked), so the report that makes three different reporters in a day
 * always sees the other two, and puts the person on hold for review.
 */
export async function fileReport(ctx: Ctx, me: UserRow, body: z.output<typeof ReportBodySchema>): Promise<string> {
  const now = ctx.clock();
  const thing = await reportableTarget(ctx.db, me.id, body, now);
  // A person named by their pseudonym is reported under their own id, for the moderators.
  const targetId = body.target_type === 'user' ? thing.reportedUserId : body.target_id;
  const existing = await findOpenReport(ctx.db, me.id, body.target_type, targetId);
  if (existing) return existing.id;
  await ctx.limits.report(me.id);
  const { id, held } = await ctx.db.transaction(async (tx) => {
    if (!(await lockUser(tx, thing.reportedUserId))) throw notFound(/*i18n*/ { id: 'error.userNotFound', message: 'User not found' });
    const row = await insertReport(tx, {
      reporterId: me.id,
      reportedUserId: thing.reportedUserId,
      targetType: body.target_type,
      targetId,
      eventId: thing.eventId,
      groupChatId: thing.groupChatId,
      reason: body.reason,
      note: body.note,
      reportedText: thing.reportedText,
      createdAt: now,
    });
    // The same report a moment ago, from another device of the reporter.
    if (!row) return { id: (await findOpenReport(tx, me.id, body.target_type, targetId))!.id, held: false };
    const reporters = await recentReporters(tx, thing.reportedUserId, holdWindowStart(now));
    return { id: row.id, held: mustHoldForReview(reporters) && (await setReviewHold(tx, thing.reportedUserId, now)) };
  });
  // Out of discover, search and recommendations at once, on every instance.
  if (held) ctx.lifecycle.emit('user.changed', thing.reportedUserId);
  return id;
}

/** GET /reports/mine: the reporter's reports, newest first: open or reviewed, never the outcome. */
export async function myReports(ctx: Ctx, me: UserRow, page: { limit: number; offset: number }): Promise<MyReport[]> {
  const now = ctx.clock();
  const [rows, rel] = await Promise.all([reportsBy(ctx.db, me.id, page), relationsOf(ctx.db, me.id, now)]);
  return Promise.all(rows.map(async ({ report, person }) => {
    // Someone anonymous to the reporter keeps the pseudonym they know them by (issue 40).
    const known = (await idKnownBy(ctx.db, me.id, person, now, report.eventId)) ?? null;
    return {
    id: report.id,
    target_type: report.targetType as MyReport['target_type'],
    target_id: report.targetType === 'user' && report.targetId === person.id ? (known ?? report.targetId) : report.targetId,
    // As a chat with them shows them: the reporter knows whom they reported, but no more than that.
    reported_name: chatPartnerAs(
      me.id,
      candidateOf(person, now),
      { connected: rel.connected.has(person.id), blockedEitherWay: false, inRestrictedZone: false },
      known,
    ).name,
    reason: report.reason as MyReport['reason'],
    note: report.note,
    status: stateForReporter(report.status),
    created_at: report.createdAt.toISOString(),
    reviewed_at: report.resolvedAt?.toISOString() ?? null,
    };
  }));
}

// ---------------------------------------------------------------------------
// The moderator's side

export function openReportCount(ctx: Ctx): Promise<number> {
  return countOpenReports(ctx.db);
}

export async function adminReports(
  ctx: Ctx,
  q: { status: AdminReportStatus; page: number; limit: number },
): Promise<{ reports: AdminReport[]; total: number; page: number; limit: number }> {
  const { rows, total } = await listReports(ctx.db, q.status, q);
  const sameTarget = await openOfSameTarget(ctx.db, rows);
  const reports = await Promise.all(rows.map((row) => adminReportOf(ctx, row, sameTarget.get(row.id) ?? 0)));
  return { reports, total, page: q.page, limit: q.limit };
}

type Said = Awaited<ReturnType<typeof chatAround>>[number];

/** What was reported, in context: the conversation around a message, the photo, where. */
async function contextOf(ctx: Ctx, row: ReportRow): Promise<ReportContext> {
  const db = ctx.db;
  let said: Said[] = [];
  let photo: ReportContext['photo'] = null;
  let removed = false;
  if (row.targetType === 'message') {
    const m = await findChatMessageForReport(db, row.targetId);
    removed = !m;
    // Once the message is gone, the chat of the two around the moment it was reported.
    const pair = m ? [m.fromUser, m.toUser] : [row.reportedUserId, row.reporterId];
    const at = m ? { id: m.id, createdAt: m.createdAt } : { id: null, createdAt: row.createdAt };
    if (pair[0] && pair[1]) said = await chatAround(db, pair[0], pair[1], at);
  } else if (row.targetType === 'group_message') {
    const m = await findGroupMessageForReport(db, row.targetId);
    removed = !m;
    if (row.groupChatId) said = await groupChatAround(db, row.groupChatId, m ? { id: m.id, createdAt: m.createdAt } : { id: null, createdAt: row.createdAt });
  } else if (row.targetType === 'photo') {
    const p = await findPhotoRow(db, row.targetId);
    removed = !p;
    photo = p && { id: p.id, event_id: p.eventId, photo_data: p.photoData, caption: p.caption, created_at: p.createdAt.toISOString() };
  } else if (row.targetType === 'opening_move') {
    // Its words are kept with the report (reported_text); gone once taken off the card.
    removed = !(await findOpeningMove(db, row.targetId));
  }
  const senders = await usersByIds(db, said.map((m) => m.fromUser));
  const messages: ContextMessage[] = said.map((m) => ({
    id: m.id,
    from_user: senders.has(m.fromUser) ? m.fromUser : null,
    from_name: senders.get(m.fromUser)?.name ?? DELETED_REPORTER,
    message: m.message,
    timestamp: m.createdAt.toISOString(),
    reported: m.id === row.targetId,
  }));
  return {
    messages,
    photo,
    place: row.eventId || row.groupChatId ? await placeOf(db, row.eventId, row.groupChatId) : null,
    reported_text: row.reportedText,
    content_removed: removed,
  };
}

/** One report as the moderator sees it. */
async function adminReportOf(ctx: Ctx, row: ReportRow, sameTargetOpen: number): Promise<AdminReport> {
  const now = ctx.clock();
  const db = ctx.db;
  const [context, earlier, actions, others] = await Promise.all([
    contextOf(ctx, row),
    earlierReportsAbout(db, row.reportedUserId, row),
    actionsOnUser(db, row.reportedUserId, HISTORY_MAX * 5).then((rows) => rows.map(toAdminAction)),
    otherReportersOf(db, row.reportedUserId, row.reporterId),
  ]);
  const people = await usersByIds(db, [row.reportedUserId, ...(row.reporterId ? [row.reporterId] : []), ...others.flatMap((o) => (o.reporterId ? [o.reporterId] : []))]);
  const reported = people.get(row.reportedUserId);
  // Reports go with the reported person's account (a foreign key), so they exist here.
  if (!reported) throw notFound(REPORT_NOT_FOUND);
  return toAdminReport({ row, reported, people, context, earlier, actions, others, sameTargetOpen }, now);
}

/**
 * remove_content: the reported message, photo or opening move goes; for a reported person, their
 * profile photo. Answers the kept reads it changes, to announce once committed.
 */
async function removeContent(tx: Tx, row: ReportRow): Promise<string[]> {
  if (row.targetType === 'message') {
    const gone = await deleteChatMessage(tx, row.targetId);
    return gone ? [tag.inbox(gone.fromUser), tag.inbox(gone.toUser)] : [];
  }
  if (row.targetType === 'group_message') {
    const gone = await deleteGroupMessage(tx, row.targetId);
    return gone ? [tag.group(gone.groupId)] : [];
  }
  if (row.targetType === 'photo') {
    const gone = await deletePhoto(tx, row.targetId);
    return gone ? [tag.event(gone.eventId)] : [];
  }
  if (row.targetType === 'opening_move') {
    // Off the owner's card: their row, and so every event's kept people (issue 43).
    const owner = await removeOpeningMove(tx, row.targetId);
    return owner ? [tag.user(owner), tag.profile(owner)] : [];
  }
  await clearProfilePhoto(tx, row.reportedUserId);
  return [tag.user(row.reportedUserId)];
}

/**
 * POST /admin/reports/{id}/resolve. In one transaction: the reported person is locked
 * (before the reports, the order reports are made in), the action goes through its rule,
 * one audit row is written, this report and the other open reports of the same target
 * are resolved, each reporter's notification is stored, and the review hold is lifted
 * once no report about the person is left open. Then the reporters (and a warned person)
 * are told live, and a ban closes the banned person's sockets.
 */
export async function resolveReport(
  ctx: Ctx,
  admin: AdminRow,
  id: string,
  body: z.output<typeof ResolveReportBodySchema>,
): Promise<{ resolved_report_ids: string[]; report: AdminReport }> {
  const now = ctx.clock();
  const first = await findReport(ctx.db, id);
  if (!first) throw notFound(REPORT_NOT_FOUND);
  const outcome = await ctx.db.transaction(async (tx) => {
    const target = await lockUser(tx, first.reportedUserId);
    if (!target) throw notFound(REPORT_NOT_FOUND);
    const open = await lockOpenReportsOf(tx, first.targetType, first.targetId);
    if (!open.some((r) => r.id === id)) throw conflict(/*i18n*/ { id: 'error.admin.reportResolved', message: 'This report has been resolved already' });
    const ids = [id, ...open.filter((r) => r.id !== id).map((r) => r.id)];
    const details = { report_ids: ids, target_type: first.targetType, target_id: first.targetId };
    const told: Array<{ userId: string; notification: StoredNotification; kind: NotificationKind }> = [];
    let banned = false;
    let removed: string[] = [];
    if (body.action === 'warn') {
      told.push({ ...(await warnLocked(tx, admin, target, body.reason, now, details)), kind: 'admin_warning' });
    } else if (body.action === 'ban') {
      await banLocked(tx, admin, target, { reason: body.reason, days: body.duration_days }, now, details);
      banned = true;
    } else {
      if (body.action === 'remove_content') removed = await removeContent(tx, first);
      await recordAdminAction(tx, {
        admin,
        actionType: AUDIT_ACTION_OF[body.action],
        target: { userId: target.id, displayName: displayNameOf(target) },
        reason: body.reason,
        details,
        at: now,
      });
    }
    await markResolved(tx, ids, { admin, action: body.action, reason: body.reason, at: now });
    const reporters = [...new Set(open.flatMap((r) => (r.reporterId ? [r.reporterId] : [])))];
    for (const reporterId of reporters) {
      const notification = await storeNotification(tx, reporterId, { kind: 'report_reviewed', ...REPORT_REVIEWED, link: null, at: now });
      told.push({ userId: reporterId, notification, kind: 'report_reviewed' });
    }
    const lifted = await liftReviewHoldIfReviewed(tx, target.id);
    return { ids, told, banned, removed, changed: lifted || (body.action === 'remove_content' && first.targetType === 'user') };
  });
  // Told only once committed (DESIGN 6).
  if (outcome.banned) ctx.lifecycle.emit('user.sessionsEnded', first.reportedUserId);
  if (outcome.changed) ctx.lifecycle.emit('user.changed', first.reportedUserId);
  announceKept(ctx, outcome.removed);
  await publishNotifications(ctx, outcome.told);
  const resolved = await findReport(ctx.db, id);
  if (!resolved) throw notFound(REPORT_NOT_FOUND);
  const sameTarget = await openOfSameTarget(ctx.db, [resolved]);
  return { resolved_report_ids: outcome.ids, report: await adminReportOf(ctx, resolved, sameTarget.get(id) ?? 0) };
}
