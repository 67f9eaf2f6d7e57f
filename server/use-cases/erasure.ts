/**
 * Delete for good (issue 42 item 2, GDPR article 17): the person's own account, or an
 * admin's delete (SPEC), erases everything of theirs in one transaction.
 *
 * Every table that names a person is in ERASE, column by column: rows the person's columns
 * name are deleted, or the column is cleared, or the row is kept for someone else, with the
 * reason; tests/server/routes/erasure.test.ts fails when a table or a person column is in
 * none of them, so a table added later cannot be forgotten.
 *
 * What others hold stays theirs but loses the person: the `users` row stays only as the bare
 * id their messages, meetings and reports still name, with every detail gone (`erased_at`
 * set, shown as "Former attendee"); the username and email are free to register again. A
 * banned person's email is kept as a keyed hash until the ban would have ended, so a
 * deletion is not a way around a ban. Reports about the person keep that bare id for
 * REPORTS_KEPT_MS, then go too (`purgeErasedReports`).
 */
import { createHmac, randomBytes } from 'node:crypto';
import { and, eq, getTableColumns, gt, inArray, isNotNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { getTableConfig, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import { FORMER_NAME } from '../../contract/constants';
import { MEETING_WORDS, clockTime } from '../../contract/meeting-words';
import type { Queryable, Tx } from '../db/client';
import { recordAdminAction } from '../db/repositories/audit';
import { lockUser } from '../db/repositories/admin';
import type { UserRow } from '../db/repositories/users';
import * as s from '../db/schema';
import { announceKept, tag } from '../cache/tags';
import { isBanActive } from '../domain/bans';
import { notFound } from '../core/errors';
import { sweepEvery } from '../core/sweep';
import type { Ctx } from './context';
import { publishNotifications, storeNotification, type StoredNotification } from './notify';

interface TableErasure {
  table: PgTable;
  /** Rows any of these name the person in are deleted. */
  remove?: PgColumn[];
  /** These columns are emptied where they name the person; the row stays. */
  clear?: PgColumn[];
  /** These columns keep naming the bare id, for the reason given: the row is someone else's too. */
  keep?: { columns: PgColumn[]; why: string };
}

/** Every table with a person column, and what erasing a person does to it. */
export const ERASE: readonly TableErasure[] = [
  { table: s.sessions, remove: [s.sessions.userId] },
  { table: s.passkeys, remove: [s.passkeys.userId] },
  { table: s.webauthnChallenges, remove: [s.webauthnChallenges.userId] },
  { table: s.pushSubscriptions, remove: [s.pushSubscriptions.userId] },
  { table: s.emailTokens, remove: [s.emailTokens.userId] },
  { table: s.calendarFeeds, remove: [s.calendarFeeds.userId] },
  { table: s.subscriptions, remove: [s.subscriptions.userId] },
  { table: s.businessCards, remove: [s.businessCards.userId] },
  { table: s.connectTokens, remove: [s.connectTokens.userId, s.connectTokens.usedBy] },
  { table: s.dailyActivity, remove: [s.dailyActivity.userId] },
  { table: s.eventAttendees, remove: [s.eventAttendees.userId] },
  { table: s.eventOrganizers, remove: [s.eventOrganizers.userId], clear: [s.eventOrganizers.addedBy] },
  // Events they made stay for their attendees, under "Former organizer" (no organizer named).
  { table: s.events, clear: [s.events.createdBy] },
  { table: s.eventAnnouncements, clear: [s.eventAnnouncements.authorId] },
  { table: s.microCommunityMembers, remove: [s.microCommunityMembers.userId] },
  { table: s.userLocations, remove: [s.userLocations.userId] },
  { table: s.restrictedPresence, remove: [s.restrictedPresence.userId] },
  { table: s.quietPresence, remove: [s.quietPresence.userId] },
  // Their photos go, and with them the likes on them (cascade); their likes on others' photos go.
  { table: s.photos, remove: [s.photos.userId] },
  { table: s.photoLikes, remove: [s.photoLikes.userId] },
  { table: s.feedEntries, remove: [s.feedEntries.actorId] },
  { table: s.iceBreakers, remove: [s.iceBreakers.userA, s.iceBreakers.userB] },
  { table: s.conversationReads, remove: [s.conversationReads.userId] },
  { table: s.conversationMutes, remove: [s.conversationMutes.userId, s.conversationMutes.otherUserId] },
  { table: s.groupChatPeople, remove: [s.groupChatPeople.userId] },
  { table: s.groupMembers, remove: [s.groupMembers.userId] },
  { table: s.groups, clear: [s.groups.createdBy] },
  // Including others' notifications that name them ("… would like to meet you"): the person is gone.
  { table: s.notifications, remove: [s.notifications.userId, s.notifications.aboutUserId] },
  { table: s.connectionRequests, remove: [s.connectionRequests.fromUser, s.connectionRequests.toUser] },
  { table: s.connections, remove: [s.connections.user1, s.connections.user2] },
  { table: s.blocks, remove: [s.blocks.blockerId, s.blocks.blockedId] },
  { table: s.contactExchanges, remove: [s.contactExchanges.fromUser, s.contactExchanges.toUser] },
  { table: s.meetingReminders, remove: [s.meetingReminders.userId] },
  { table: s.recapNudges, remove: [s.recapNudges.userId] },
  { table: s.podQueue, remove: [s.podQueue.userId] },
  // A resting chat wakes: there is no one left to rest it with.
  { table: s.chatRests, remove: [s.chatRests.userA, s.chatRests.userB, s.chatRests.restedBy] },
  {
    table: s.recapNotes,
    remove: [s.recapNotes.writerId],
    keep: { columns: [s.recapNotes.subjectId], why: 'a note someone wrote about the person stays with its writer, who alone reads it' },
  },
  {
    table: s.chatMessages,
    keep: { columns: [s.chatMessages.fromUser, s.chatMessages.toUser], why: 'the other person keeps the conversation, from "Former attendee"' },
  },
  { table: s.groupMessages, keep: { columns: [s.groupMessages.fromUser], why: 'the group keeps what was said, from "Former attendee"' } },
  {
    table: s.meetings,
    keep: {
      columns: [s.meetings.proposerId, s.meetings.inviteeId, s.meetings.proposedBy],
      why: 'meetings still to come are cancelled and the other person told; each keeps their history with "Former attendee"',
    },
  },
  {
    table: s.reports,
    keep: {
      columns: [s.reports.reporterId, s.reports.reportedUserId],
      why: 'moderators keep reports under the bare id: those about the person for 30 days (purgeErasedReports), those they made as records',
    },
  },
  {
    table: s.adminActions,
    keep: { columns: [s.adminActions.targetUserId], why: 'the audit log keeps that it happened, under the bare id; the name is wiped' },
  },
  { table: s.users, keep: { columns: [s.users.id], why: 'the bare id others\' messages, meetings and reports name; every detail is erased' } },
];

/** How long reports about a deleted person are kept for moderators (issue 42). */
export const REPORTS_KEPT_MS = 30 * 86_400_000;

/** Who chose it: the person themself, or an admin with a reason (the audit log keeps that it happened). */
export type Eraser = { by: 'self' } | { by: 'admin'; admin: { id: string; username: string }; reason: string };

/** What a deletion touched, for the caches and the people to tell once committed. */
interface Erased {
  peers: Set<string>;
  events: Set<string>;
  groupChats: Set<string>;
  told: { userId: string; meetingId: string; notification: StoredNotification }[];
}

/**
 * Erases the person (their row locked for the transaction); answers 404 for someone already
 * erased. Their sockets close on every instance and every kept copy of them is retired.
 */
export async function erasePerson(ctx: Ctx, userId: string, eraser: Eraser): Promise<void> {
  const now = ctx.clock();
  const key = await erasureKey(ctx);
  const done = await ctx.db.transaction(async (tx) => {
    const me = await lockUser(tx, userId);
    if (!me || me.erasedAt) throw notFound(/*i18n*/ { id: 'error.userNotFound', message: 'User not found' });
    return eraseLocked(tx, me, eraser, now, key);
  });
  ctx.lifecycle.emit('user.sessionsEnded', userId);
  ctx.lifecycle.emit('user.changed', userId);
  for (const peer of done.peers) {
    ctx.lifecycle.emit('relation.changed', userId, peer);
    ctx.lifecycle.emit('request.changed', userId, peer);
  }
  for (const eventId of done.events) ctx.lifecycle.emit('event.changed', eventId);
  announceKept(ctx, [
    ...[...done.peers].flatMap((p) => [tag.inbox(p), tag.notifications(p), tag.cards(p), tag.meetings(p), tag.mutes(p), tag.reads(p), tag.rests(p)]),
    ...[...done.groupChats].map((g) => tag.chatPeople(g)),
    tag.groupChats,
  ]);
  await publishNotifications(ctx, done.told, { kind: 'meeting' });
  for (const { userId: other, meetingId } of done.told) await ctx.realtime.toUsers([other], { type: 'meeting_changed', meeting_id: meetingId });
}

async function eraseLocked(tx: Tx, me: UserRow, eraser: Eraser, now: Date, key: string): Promise<Erased> {
  const id = me.id;
  const peers = new Set<string>();
  const add = (rows: { a: string | null; b: string | null }[]) => {
    for (const r of rows) for (const p of [r.a, r.b]) if (p && p !== id) peers.add(p);
  };
  // Who hears of it: connections, requests either way, blocks, cards, chats, meetings.
  add(await tx.select({ a: s.connections.user1, b: s.connections.user2 }).from(s.connections).where(or(eq(s.connections.user1, id), eq(s.connections.user2, id))));
  add(await tx.select({ a: s.connectionRequests.fromUser, b: s.connectionRequests.toUser }).from(s.connectionRequests).where(or(eq(s.connectionRequests.fromUser, id), eq(s.connectionRequests.toUser, id))));
  add(await tx.select({ a: s.blocks.blockerId, b: s.blocks.blockedId }).from(s.blocks).where(or(eq(s.blocks.blockerId, id), eq(s.blocks.blockedId, id))));
  add(await tx.select({ a: s.contactExchanges.fromUser, b: s.contactExchanges.toUser }).from(s.contactExchanges).where(or(eq(s.contactExchanges.fromUser, id), eq(s.contactExchanges.toUser, id))));
  add(await tx.selectDistinct({ a: s.chatMessages.fromUser, b: s.chatMessages.toUser }).from(s.chatMessages).where(or(eq(s.chatMessages.fromUser, id), eq(s.chatMessages.toUser, id))));
  add(await tx.select({ a: s.notifications.userId, b: sql<string | null>`null` }).from(s.notifications).where(eq(s.notifications.aboutUserId, id)));
  const attended = await tx.select({ id: s.eventAttendees.eventId }).from(s.eventAttendees).where(eq(s.eventAttendees.userId, id));
  const made = await tx.select({ id: s.events.id }).from(s.events).where(eq(s.events.createdBy, id));
  const organized = await tx.select({ id: s.eventOrganizers.eventId }).from(s.eventOrganizers).where(eq(s.eventOrganizers.userId, id));
  const groupChats = await tx.select({ id: s.groupChatPeople.groupId }).from(s.groupChatPeople).where(eq(s.groupChatPeople.userId, id));
  const told = await cancelMeetings(tx, id, now, peers);

  for (const t of ERASE) {
    const named = (cols: PgColumn[]): SQL => or(...cols.map((c) => eq(c, id)))!;
    if (t.remove?.length) await tx.delete(t.table).where(named(t.remove));
    for (const column of t.clear ?? []) await tx.update(t.table).set({ [fieldOf(t.table, column)]: null } as never).where(eq(column, id));
  }

  // The audit log keeps that things happened to this account, not whose it was.
  await tx.update(s.adminActions).set({ targetDisplayName: FORMER_NAME }).where(eq(s.adminActions.targetUserId, id));
  if (eraser.by === 'admin') {
    await recordAdminAction(tx, { admin: eraser.admin, actionType: 'delete', target: { userId: id, displayName: FORMER_NAME }, reason: eraser.reason, at: now });
  }
  // A deletion is not a way around a ban: the email stays refused until the ban would have ended.
  if (isBanActive(me, now)) {
    await tx
      .insert(s.erasedBans)
      .values({ emailHash: emailHash(key, me.email), until: me.bannedUntil })
      .onConflictDoUpdate({ target: s.erasedBans.emailHash, set: { until: me.bannedUntil } });
  }
  await tx.update(s.users).set(erasedRow(id, now)).where(eq(s.users.id, id));
  return {
    peers,
    events: new Set([...attended, ...made, ...organized].map((e) => e.id)),
    groupChats: new Set(groupChats.map((g) => g.id)),
    told,
  };
}

/** The row that stays: the id, and nothing of the person (a username and email no one can type or sign in with). */
function erasedRow(id: string, now: Date): Partial<typeof s.users.$inferInsert> {
  return {
    username: `former:${id}`,
    name: FORMER_NAME,
    email: `former:${id}`,
    passwordHash: '',
    age: null,
    occupation: null,
    interests: [],
    socialPreferences: [],
    personalityTraits: [],
    communicationStyle: 'balanced',
    photoData: null,
    isAvailable: false,
    visibilityMode: 'private',
    showLocation: false,
    showInterests: false,
    showProfilePicture: false,
    anonymousBrowsing: true,
    status: 'available',
    statusMessage: null,
    statusEmoji: null,
    statusUntil: null,
    reviewHoldAt: null,
    planName: 'Free',
    isActive: false,
    isBanned: false,
    bannedUntil: null,
    banReason: null,
    emailVerifiedAt: null,
    emailMeetingReminders: false,
    language: 'en',
    openingMoves: [],
    openToHello: false,
    erasedAt: now,
  };
}

/** Meetings still to come are called off; the other person is told, without a name. */
async function cancelMeetings(tx: Tx, id: string, now: Date, peers: Set<string>): Promise<Erased['told']> {
  const open = await tx
    .select({ m: s.meetings, timeZone: s.events.timeZone })
    .from(s.meetings)
    .innerJoin(s.events, eq(s.events.id, s.meetings.eventId))
    .where(
      and(
        or(eq(s.meetings.proposerId, id), eq(s.meetings.inviteeId, id)),
        inArray(s.meetings.status, ['proposed', 'accepted']),
        gt(sql`${s.meetings.startTime} + make_interval(mins => ${s.meetings.durationMinutes})`, now),
      ),
    );
  const told: Erased['told'] = [];
  for (const { m, timeZone } of open) {
    const other = m.proposerId === id ? m.inviteeId : m.proposerId;
    peers.add(other);
    await tx.update(s.meetings).set({ status: 'cancelled', cancelledBy: id, updatedAt: now }).where(eq(s.meetings.id, m.id));
    await tx.delete(s.meetingReminders).where(eq(s.meetingReminders.meetingId, m.id));
    const words = MEETING_WORDS.personLeft;
    const notification = await storeNotification(tx, other, {
      kind: 'meeting',
      title: words.title,
      content: words.content({ when: clockTime(m.startTime, timeZone) }),
      link: '/meetings',
      at: now,
    });
    told.push({ userId: other, meetingId: m.id, notification });
  }
  return told;
}

/** Reports about people deleted more than REPORTS_KEPT_MS ago go. Answers how many. */
export async function purgeErasedReports(db: Queryable, now: Date): Promise<number> {
  const gone = db
    .select({ id: s.users.id })
    .from(s.users)
    .where(and(isNotNull(s.users.erasedAt), lt(s.users.erasedAt, new Date(now.getTime() - REPORTS_KEPT_MS))));
  const rows = await db.delete(s.reports).where(inArray(s.reports.reportedUserId, gone)).returning({ id: s.reports.id });
  return rows.length;
}

/** How often each instance looks for reports to let go (a report goes at most this late). */
const PURGE_SWEEP_MS = 3_600_000;

export function sweepErasedReports(ctx: Ctx): () => Promise<void> {
  return sweepEvery(ctx.log, PURGE_SWEEP_MS, 'letting go of reports failed', () => purgeErasedReports(ctx.db, ctx.clock()));
}

/** Whether this email belongs to someone deleted under a ban that has not ended. */
export async function emailStillBanned(ctx: Ctx, email: string): Promise<boolean> {
  const [row] = await ctx.db
    .select({ until: s.erasedBans.until })
    .from(s.erasedBans)
    .where(eq(s.erasedBans.emailHash, emailHash(await erasureKey(ctx), email)))
    .limit(1);
  return row !== undefined && (row.until === null || row.until > ctx.clock());
}

const ERASURE_KEY = 'erasure_key';
const keys = new WeakMap<object, Promise<string>>();

/** The server's key for email hashes: made at first use, kept with the data, read once per database. */
function erasureKey(ctx: Pick<Ctx, 'db'>): Promise<string> {
  let key = keys.get(ctx.db);
  if (!key) {
    key = (async () => {
      await ctx.db.insert(s.appSettings).values({ key: ERASURE_KEY, value: randomBytes(32).toString('base64url') }).onConflictDoNothing();
      const [row] = await ctx.db.select({ value: s.appSettings.value }).from(s.appSettings).where(eq(s.appSettings.key, ERASURE_KEY)).limit(1);
      return row!.value;
    })();
    key.catch(() => keys.delete(ctx.db));
    keys.set(ctx.db, key);
  }
  return key;
}

const emailHash = (key: string, email: string): string => createHmac('sha256', key).update(email.trim().toLowerCase()).digest('hex');

/** The Drizzle field name of a column, for an update by column. */
function fieldOf(table: PgTable, column: PgColumn): string {
  const found = Object.entries(getTableColumns(table)).find(([, value]) => value === column);
  if (!found) throw new Error(`${column.name} is not a column of ${getTableConfig(table).name}`);
  return found[0];
}
