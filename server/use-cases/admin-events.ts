/**
 * The admin Events and Analytics screens (issue 16). Taking an event down (hiding or
 * deleting it) and showing it again are audited in the same transaction as the change;
 * when it is taken down its attendees are told kindly (a notification each, stored in
 * that transaction, offered live once it has committed). A hidden event is unknown to
 * attendees (access/events.ts `shownEvent`, and the event's people read for nobody), on
 * every instance at once ('event.changed').
 */
import { type AdminEvent, type AnalyticsAnswer, EVENT_TAKEN_DOWN } from '../../contract/admin-events';
import type { Tx } from '../db/client';
import type { AdminRow } from '../db/repositories/admin';
import { analyticsPerDay } from '../db/repositories/admin-analytics';
import { deleteEvent, findAdminEvent, listAdminEvents, setEventHidden, type EventRow } from '../db/repositories/admin-events';
import { recordAdminAction } from '../db/repositories/audit';
import { openReportsPerEvent } from '../db/repositories/reports';
import { podMembersAt } from '../db/repositories/pods';
import { announceKept, tag } from '../cache/tags';
import { toAdminEvent, toAnalyticsDays } from '../presenters/admin-events';
import { EVENT_NOT_FOUND } from '../access/events';
import { conflict, notFound } from '../core/errors';
import type { Ctx } from './context';
import { changeEventTelling } from './event-changes';

export async function adminEvents(
  ctx: Ctx,
  q: { page: number; limit: number },
): Promise<{ events: AdminEvent[]; total: number; page: number; limit: number }> {
  const { rows, total } = await listAdminEvents(ctx.db, q);
  const open = await openReportsPerEvent(ctx.db, rows.map((r) => r.event.id));
  return { events: rows.map((r) => toAdminEvent(r, open.get(r.event.id) ?? 0)), total, page: q.page, limit: q.limit };
}

async function adminEvent(ctx: Ctx, id: string): Promise<AdminEvent> {
  const row = await findAdminEvent(ctx.db, id);
  if (!row) throw notFound(EVENT_NOT_FOUND);
  return toAdminEvent(row, (await openReportsPerEvent(ctx.db, [id])).get(id) ?? 0);
}

type Moderation = 'hide_event' | 'unhide_event' | 'delete_event';

/**
 * One change to an event by an admin (use-cases/event-changes.ts): audited in the same
 * transaction; when it is taken down, its attendees are told kindly (not the reason).
 */
async function moderateEvent(
  ctx: Ctx,
  admin: AdminRow,
  id: string,
  reason: string,
  action: Moderation,
  change: (tx: Tx, event: EventRow, now: Date) => Promise<void>,
  check: (event: EventRow) => void = () => {},
): Promise<number> {
  const words = action === 'hide_event' ? EVENT_TAKEN_DOWN.hidden : action === 'delete_event' ? EVENT_TAKEN_DOWN.removed : null;
  return changeEventTelling(ctx, id, {
    check,
    notes: (event, attendees) =>
      words ? [{ userIds: attendees, note: { kind: 'event_taken_down', title: words.title({ name: event.name }), content: words.content({ name: event.name }), link: null } }] : [],
    live: words ? 'taken_down' : undefined,
    change: async (tx, event, now, told) => {
      await change(tx, event, now);
      await recordAdminAction(tx, {
        admin,
        actionType: action,
        target: { userId: null, displayName: event.name },
        reason,
        details: { event_id: event.id, attendees_told: told },
        at: now,
      });
    },
  });
}

export async function hideEvent(ctx: Ctx, admin: AdminRow, id: string, reason: string): Promise<{ event: AdminEvent; attendees_told: number }> {
  const told = await moderateEvent(
    ctx,
    admin,
    id,
    reason,
    'hide_event',
    (tx, event, now) => setEventHidden(tx, event.id, { at: now, reason }),
    (event) => {
      if (event.hiddenAt) throw conflict(/*i18n*/ { id: 'error.admin.eventAlreadyHidden', message: 'This event is hidden already' });
    },
  );
  return { event: await adminEvent(ctx, id), attendees_told: told };
}

/** Shows a hidden event again (nobody is told: it simply comes back). */
export async function unhideEvent(ctx: Ctx, admin: AdminRow, id: string, reason: string): Promise<{ event: AdminEvent; attendees_told: number }> {
  await moderateEvent(
    ctx,
    admin,
    id,
    reason,
    'unhide_event',
    (tx, event) => setEventHidden(tx, event.id, null),
    (event) => {
      if (!event.hiddenAt) throw conflict(/*i18n*/ { id: 'error.admin.eventNotHidden', message: 'This event is not hidden' });
    },
  );
  return { event: await adminEvent(ctx, id), attendees_told: 0 };
}

export async function removeEvent(ctx: Ctx, admin: AdminRow, id: string, reason: string): Promise<number> {
  // Its pods (issue 43) go with it: their members' lists of groups are read again.
  const podMembers = await podMembersAt(ctx.db, id);
  const told = await moderateEvent(ctx, admin, id, reason, 'delete_event', (tx, event) => deleteEvent(tx, event.id));
  announceKept(ctx, podMembers.map(tag.user));
  return told;
}

export async function analytics(ctx: Ctx, days: number): Promise<AnalyticsAnswer> {
  return { per_day: toAnalyticsDays(await analyticsPerDay(ctx.db, ctx.clock(), days), days) };
}
