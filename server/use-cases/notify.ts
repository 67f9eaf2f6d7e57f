/**
 * A notification is stored, then offered live as a `notification` message. Each one
 * carries the app address it opens (machines/addresses.ts), so tapping it leads to the
 * request, chat or exchange it is about; `links` builds those addresses in one place.
 *
 * Someone on a break (issue 16) gets their notifications stored but not offered live:
 * no toast and no system notification while they rest. The list holds them, unread, for
 * when they look; other live messages still keep their open lists right.
 *
 * What is offered with a toast is also pushed (issue 41, use-cases/push.ts) to the person's
 * devices whose app is closed, after the call has answered; what a break, low energy or a
 * quiet zone holds is not pushed until it is let through.
 *
 * A message in a chat resting for both (issue 43 item 5, "I'm heading off") is listed
 * quietly: no toast and no push, for either of the two.
 */
import { CARDS_PATH } from '../../contract/card-words';
import { LOW_BATTERY_MAX } from '../../contract/constants';
import { relationsOf } from '../cache/relations';
import { keptRestOf, keptUserRow } from '../cache/people';
import { idKnownBy } from '../access/people';
import { announceKept, tag } from '../cache/tags';
import type { Db, Queryable } from '../db/client';
import { insertNotification, insertNotifications } from '../db/repositories/notifications';
import { inQuietZone } from '../db/repositories/quiet';
import { findAwayOrLowBattery } from '../db/repositories/users';
import { isAway } from '../domain/status';
import { toNotification } from '../presenters/notifications';
import type { Said } from '../../contract/said';
import type { Ctx } from './context';
import { pushNotification } from './push';

export type NotificationKind =
  | 'connection_request'
  | 'connection_accepted'
  | 'contact_exchange'
  | 'chat_message'
  | 'admin_warning'
  | 'report_reviewed'
  | 'welcome_back'
  | 'event_taken_down'
  | 'event_cancelled'
  | 'event_changed'
  | 'event_announcement'
  | 'co_organizer'
  | 'quiet_summary'
  | 'meeting'
  | 'meeting_reminder'
  | 'event_recap'
  | 'pod'
  | 'general';

/** The app addresses notifications open, as machines/addresses.ts parses them. */
export const links = {
  request: (requestId: string) => `/requests/${requestId}`,
  chat: (userId: string) => `/chats/${userId}`,
  /** The Cards list (issue 18): where a card offered to the user is kept. */
  cards: CARDS_PATH,
  event: (eventId: string) => `/events/${eventId}`,
} as const;

export interface NewNotification {
  kind: NotificationKind;
  /** The person it is from, if any: at a low battery only connections' come with a toast (issue 18). */
  fromUserId?: string;
  /**
   * The person it names, when not the one it is from (a reminder of a meeting with them, news
   * of their acceptance): a block removes what names the blocked person (issue 40). Defaults
   * to `fromUserId`.
   */
  aboutUserId?: string;
  /** Its words (contract/said.ts): stored with their English, said in the person's language by the app. */
  title: Said;
  content: Said;
  /** Where tapping it leads; null when it opens nothing in particular (a warning, a general note). */
  link: string | null;
}

export async function storeNotification(db: Queryable, userId: string, n: NewNotification & { at: Date; aboutShownId?: string | null }) {
  return toNotification(await insertNotification(db, userId, { ...n, aboutUserId: n.aboutUserId ?? n.fromUserId ?? null }));
}

/** The same notification for many people in one insert (an event's attendees), each their own row. */
export async function storeNotifications(db: Queryable, userIds: readonly string[], n: NewNotification & { at: Date }) {
  const rows = await insertNotifications(db, userIds, n);
  return rows.map((row) => ({ userId: row.userId, notification: toNotification(row) }));
}

/** With `push`, what is offered loudly is pushed too, to devices whose app is closed (issue 41). */
type NotifyCtx = Pick<Ctx, 'db' | 'clock' | 'realtime' | 'lifecycle'> & Partial<Pick<Ctx, 'push'>>;
/** A stored notification and whom it is for; `kind` when it differs from the call's (an event's several notes). */
type Offered = { userId: string; notification: StoredNotification; kind?: NotificationKind };
export type StoredNotification = ReturnType<typeof toNotification>;

/** Of `userIds`, those on a break now (their notifications are not offered live) and those whose energy is low (quiet). */
async function restingOrQuiet(db: Db, userIds: readonly string[], now: Date): Promise<{ resting: Set<string>; quiet: Set<string> }> {
  const unique = [...new Set(userIds)];
  if (unique.length === 0) return { resting: new Set(), quiet: new Set() };
  // One person (nearly every notification): their kept row; many (an event's attendees): one query.
  const rows =
    unique.length === 1
      ? [await keptUserRow({ db }, unique[0]!, now)].filter((r) => r !== null)
      : await findAwayOrLowBattery(db, unique);
  const ids = (keep: (r: (typeof rows)[number]) => boolean) => new Set(rows.filter(keep).map((r) => r.id));
  return { resting: ids((r) => isAway(r, now)), quiet: ids((r) => r.quietWhenLowBattery && r.socialBattery <= LOW_BATTERY_MAX) };
}

/** Kinds that keep their toast at a low battery: news of the person themself, or of a new connection. */
const LOUD_KINDS: ReadonlySet<NotificationKind> = new Set<NotificationKind>([
  'connection_accepted',
  'welcome_back',
  'admin_warning',
  'quiet_summary',
  'meeting_reminder',
]);

/** Kinds told even in a quiet zone: what the person asked to be reminded of. */
const TOLD_IN_QUIET_ZONES: ReadonlySet<NotificationKind> = new Set<NotificationKind>(['meeting_reminder']);

/**
 * Offers stored notifications live, except to people on a break; only once they are
 * committed. To someone whose energy is low (issue 18) they come quietly — listed, without
 * a toast or system notification — unless from a connection or of a kind in LOUD_KINDS;
 * to someone in a quiet zone, always quietly (they hear of them on leaving).
 * Their lists, kept on every instance, are read again.
 */
export async function publishNotifications(
  ctx: NotifyCtx,
  stored: ReadonlyArray<Offered>,
  about: Pick<NewNotification, 'kind' | 'fromUserId'> = { kind: 'general' },
) {
  await offer(ctx, stored, about, await listening(ctx.db, stored.map((s) => s.userId), ctx.clock()));
}

/** Who of these people is on a break, low on energy and quiet then, or in a quiet zone. */
async function listening(db: Db, ids: readonly string[], now: Date) {
  const [{ resting, quiet }, recharging] = await Promise.all([restingOrQuiet(db, ids, now), inQuietZone(db, ids, now)]);
  return { resting, quiet, recharging };
}

async function offer(
  ctx: NotifyCtx,
  stored: ReadonlyArray<Offered>,
  about: Pick<NewNotification, 'kind' | 'fromUserId'>,
  { resting, quiet, recharging }: Awaited<ReturnType<typeof listening>>,
  restingChat = false,
) {
  announceKept(ctx, [...new Set(stored.map((s) => tag.notifications(s.userId)))]);
  const now = ctx.clock();
  for (const { userId, notification, kind } of stored) {
    if (resting.has(userId)) continue;
    // In a quiet zone every ping waits: its summary comes on leaving (issue 18).
    const loud =
      restingChat ? false :
      recharging.has(userId) ? TOLD_IN_QUIET_ZONES.has(about.kind) :
      !quiet.has(userId) ||
      LOUD_KINDS.has(about.kind) ||
      (about.fromUserId !== undefined && (await relationsOf(ctx.db, userId, now)).connected.has(about.fromUserId));
    await ctx.realtime.toUsers([userId], loud ? { type: 'notification', notification } : { type: 'notification', notification, quiet: true });
    // What comes quietly (low energy, a quiet zone) is not pushed either: it waits in the list.
    const push = ctx.push;
    if (loud && push) push.offer(() => pushNotification({ db: ctx.db, clock: ctx.clock, realtime: ctx.realtime, push }, userId, notification, kind ?? about.kind, about.fromUserId));
  }
}

/**
 * Kinds whose person chose to be known to the recipient by name (a request, shared contact
 * details: presenters/connections.ts, presenters/cards.ts), so by their own id too.
 */
const NAMED_KINDS: ReadonlySet<NotificationKind> = new Set<NotificationKind>(['connection_request', 'contact_exchange']);

/**
 * The notification as its recipient may have it (issue 40): the person it names, where
 * they are anonymous to the recipient, by their pseudonym (access/people.ts idKnownBy),
 * in about_user_id (so the toast's `about`) and in its link.
 */
async function asKnownTo(db: Db, userId: string, n: NewNotification, now: Date): Promise<NewNotification & { aboutShownId: string | null }> {
  const aboutId = n.aboutUserId ?? n.fromUserId;
  if (!aboutId || NAMED_KINDS.has(n.kind)) return { ...n, aboutShownId: null };
  const about = await keptUserRow({ db }, aboutId, now);
  const shown = about ? await idKnownBy(db, userId, about, now) : aboutId;
  if (shown === null || shown === aboutId) return { ...n, aboutShownId: null };
  return { ...n, aboutShownId: shown, link: n.link?.replaceAll(aboutId, shown) ?? null };
}

/** Stores and publishes; pass a transaction's result only after it has committed. */
export async function notify(ctx: NotifyCtx, userId: string, n: NewNotification) {
  const now = ctx.clock();
  // Whether they listen now is read beside the insert: one round trip to the database, not two.
  const [notification, state, rest] = await Promise.all([
    asKnownTo(ctx.db, userId, n, now).then((known) => storeNotification(ctx.db, userId, { ...known, at: now })),
    listening(ctx.db, [userId], now),
    n.kind === 'chat_message' && n.fromUserId ? keptRestOf(ctx.db, userId, n.fromUserId, now) : null,
  ]);
  await offer(ctx, [{ userId, notification }], n, state, rest !== null);
  return notification;
}
