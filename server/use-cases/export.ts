/**
 * "Download your data" (issue 42 item 1, GDPR articles 15 and 20): everything Wallflower
 * holds about a person, as one JSON document streamed a part at a time.
 *
 * Every table that names a person is listed in EXPORT, by the columns that make a row
 * theirs, or in NOT_EXPORTED with the reason it is left out; tests/server/routes/export.test.ts
 * fails when a table with a person column is in neither, so a table added later cannot be
 * forgotten. A row is theirs only by the columns that mean "they did or chose this" (a block
 * they made, never one made against them; a report they filed, never one about them).
 * Secrets (hashes, tokens, keys, push endpoints) are never written. Other people appear only
 * by the name this person is shown for them now (domain/visibility.ts), never by their id,
 * so nothing is learnt that the app would not show (an anonymous person's own id included).
 */
import { Readable } from 'node:stream';
import { eq, getTableColumns, is, or, type SQL } from 'drizzle-orm';
import { PgTable, getTableConfig, type PgColumn } from 'drizzle-orm/pg-core';
import { relationsOf } from '../cache/relations';
import { keptUserRow } from '../cache/people';
import { candidateOf } from '../db/repositories/people';
import * as schema from '../db/schema';
import { chatPartnerAs } from '../domain/visibility';
import type { Ctx } from './context';

interface TableExport {
  /** The part of the document the rows go in. */
  part: string;
  table: PgTable;
  /** A row is the person's when any of these names them. */
  mine: PgColumn[];
  /** Columns naming someone: written as { name } as the person is shown them ("you" for themself). */
  people?: PgColumn[];
  /** Columns never written. */
  omit?: PgColumn[];
  /** What to leave out of a row by who they are in it (a declined request the sender was never told of). */
  hide?: (row: Record<string, unknown>, meId: string) => Record<string, unknown>;
}

const s = schema;

/** Every table holding rows of the person, in the order the document gives them. */
export const EXPORT: readonly TableExport[] = [
  { part: 'sessions', table: s.sessions, mine: [s.sessions.userId], omit: [s.sessions.tokenHash, s.sessions.userId] },
  { part: 'plan_changes', table: s.subscriptions, mine: [s.subscriptions.userId], omit: [s.subscriptions.userId] },
  { part: 'business_card', table: s.businessCards, mine: [s.businessCards.userId], omit: [s.businessCards.userId] },
  {
    part: 'passkeys',
    table: s.passkeys,
    mine: [s.passkeys.userId],
    omit: [s.passkeys.userId, s.passkeys.credentialId, s.passkeys.publicKey, s.passkeys.counter, s.passkeys.transports],
  },
  {
    part: 'push_devices',
    table: s.pushSubscriptions,
    mine: [s.pushSubscriptions.userId],
    omit: [s.pushSubscriptions.userId, s.pushSubscriptions.endpoint, s.pushSubscriptions.sessionHash, s.pushSubscriptions.p256dh, s.pushSubscriptions.auth],
  },
  { part: 'emailed_links', table: s.emailTokens, mine: [s.emailTokens.userId], omit: [s.emailTokens.userId, s.emailTokens.tokenHash] },
  { part: 'calendar_feed', table: s.calendarFeeds, mine: [s.calendarFeeds.userId], omit: [s.calendarFeeds.userId, s.calendarFeeds.tokenHash] },
  { part: 'events_created', table: s.events, mine: [s.events.createdBy], omit: [s.events.createdBy, s.events.hiddenReason] },
  { part: 'events_organized', table: s.eventOrganizers, mine: [s.eventOrganizers.userId], people: [s.eventOrganizers.addedBy], omit: [s.eventOrganizers.userId] },
  { part: 'announcements', table: s.eventAnnouncements, mine: [s.eventAnnouncements.authorId], omit: [s.eventAnnouncements.authorId] },
  { part: 'events_joined', table: s.eventAttendees, mine: [s.eventAttendees.userId], omit: [s.eventAttendees.userId] },
  { part: 'interest_groups', table: s.microCommunityMembers, mine: [s.microCommunityMembers.userId], omit: [s.microCommunityMembers.userId] },
  { part: 'positions', table: s.userLocations, mine: [s.userLocations.userId], omit: [s.userLocations.userId] },
  { part: 'restricted_zone_presence', table: s.restrictedPresence, mine: [s.restrictedPresence.userId], omit: [s.restrictedPresence.userId] },
  { part: 'quiet_zone_presence', table: s.quietPresence, mine: [s.quietPresence.userId], omit: [s.quietPresence.userId] },
  { part: 'photos', table: s.photos, mine: [s.photos.userId], omit: [s.photos.userId] },
  { part: 'photo_likes', table: s.photoLikes, mine: [s.photoLikes.userId], omit: [s.photoLikes.userId] },
  { part: 'feed_activity', table: s.feedEntries, mine: [s.feedEntries.actorId], omit: [s.feedEntries.actorId] },
  { part: 'ice_breakers', table: s.iceBreakers, mine: [s.iceBreakers.userA, s.iceBreakers.userB], people: [s.iceBreakers.userA, s.iceBreakers.userB] },
  { part: 'messages', table: s.chatMessages, mine: [s.chatMessages.fromUser, s.chatMessages.toUser], people: [s.chatMessages.fromUser, s.chatMessages.toUser], omit: [s.chatMessages.clientId] },
  { part: 'group_messages', table: s.groupMessages, mine: [s.groupMessages.fromUser], omit: [s.groupMessages.fromUser] },
  { part: 'chats_read', table: s.conversationReads, mine: [s.conversationReads.userId], omit: [s.conversationReads.userId] },
  { part: 'chat_breaks', table: s.conversationMutes, mine: [s.conversationMutes.userId], people: [s.conversationMutes.otherUserId], omit: [s.conversationMutes.userId] },
  { part: 'group_chats', table: s.groupChatPeople, mine: [s.groupChatPeople.userId], omit: [s.groupChatPeople.userId] },
  { part: 'notifications', table: s.notifications, mine: [s.notifications.userId], people: [s.notifications.aboutUserId], omit: [s.notifications.userId] },
  {
    part: 'connection_requests',
    table: s.connectionRequests,
    mine: [s.connectionRequests.fromUser, s.connectionRequests.toUser],
    people: [s.connectionRequests.fromUser, s.connectionRequests.toUser],
    // A decline is never shown to the one who asked (DESIGN 5), nor a request held from the one asked.
    hide: (row, meId) => {
      const { declined_at, held, ...rest } = row;
      return row.from_user === meId ? rest : { ...rest, declined_at, held };
    },
  },
  { part: 'connections', table: s.connections, mine: [s.connections.user1, s.connections.user2], people: [s.connections.user1, s.connections.user2] },
  { part: 'blocks', table: s.blocks, mine: [s.blocks.blockerId], people: [s.blocks.blockedId], omit: [s.blocks.blockerId] },
  {
    part: 'contact_cards',
    table: s.contactExchanges,
    mine: [s.contactExchanges.fromUser, s.contactExchanges.toUser],
    people: [s.contactExchanges.fromUser, s.contactExchanges.toUser],
  },
  { part: 'groups_created', table: s.groups, mine: [s.groups.createdBy], omit: [s.groups.createdBy] },
  { part: 'groups_joined', table: s.groupMembers, mine: [s.groupMembers.userId], omit: [s.groupMembers.userId] },
  { part: 'pod_queue', table: s.podQueue, mine: [s.podQueue.userId], omit: [s.podQueue.userId] },
  { part: 'meetings', table: s.meetings, mine: [s.meetings.proposerId, s.meetings.inviteeId], people: [s.meetings.proposerId, s.meetings.inviteeId, s.meetings.proposedBy] },
  { part: 'meeting_reminders', table: s.meetingReminders, mine: [s.meetingReminders.userId], omit: [s.meetingReminders.userId] },
  // A note is its writer's alone (issue 43): never in the export of the person it is about.
  { part: 'recap_notes', table: s.recapNotes, mine: [s.recapNotes.writerId], people: [s.recapNotes.subjectId], omit: [s.recapNotes.writerId] },
  { part: 'recap_nudges', table: s.recapNudges, mine: [s.recapNudges.userId], omit: [s.recapNudges.userId] },
  { part: 'resting_chats', table: s.chatRests, mine: [s.chatRests.userA, s.chatRests.userB], people: [s.chatRests.userA, s.chatRests.userB, s.chatRests.restedBy] },
  { part: 'reports_made', table: s.reports, mine: [s.reports.reporterId], people: [s.reports.reportedUserId], omit: [s.reports.reporterId] },
];

/** Tables that name a person but are not written, and why. */
export const NOT_EXPORTED: Readonly<Record<string, string>> = {
  users: 'written as "profile", without the password hash',
  webauthn_challenges: 'a passkey challenge lives five minutes and says nothing about the person',
  admin_actions: "moderators' records; each decision about the person reached them as a notification, which is exported",
  connect_tokens: 'a connect code lives a few minutes, and writing it out would only let someone else connect as the person',
  daily_activity: 'a count for the admin analytics: which days the person used the app, kept without their name',
};

/** The person's own profile and settings: their row by column name, without the password hash. */
function profileOf(row: typeof schema.users.$inferSelect): Record<string, unknown> {
  const byColumn = columnNames(schema.users);
  // A hold for review is never told to the person held (issue 16): moderators' business until they decide.
  const withheld = new Set(['passwordHash', 'reviewHoldAt']);
  return Object.fromEntries(Object.entries(row).filter(([key]) => !withheld.has(key)).map(([key, value]) => [byColumn.get(key) ?? key, value]));
}

export const EXPORT_FORMAT = 'wallflower-export/1';

/** The document, as text chunks: `{ "format", "exported_at", "profile", <parts>… }`. */
export async function* exportChunks(ctx: Ctx, meId: string): AsyncGenerator<string> {
  const now = ctx.clock();
  const [me] = await ctx.db.select().from(schema.users).where(eq(schema.users.id, meId)).limit(1);
  if (!me) return;
  const relations = await relationsOf(ctx.db, meId, now);
  const names = new Map<string, string>();
  /** The name this person is shown for someone now: as a chat with them shows it. */
  const nameOf = async (id: string): Promise<string> => {
    if (id === meId) return 'you';
    let name = names.get(id);
    if (name === undefined) {
      const row = await keptUserRow(ctx, id, now);
      name = row
        ? chatPartnerAs(meId, candidateOf(row, now), { connected: relations.connected.has(id), blockedEitherWay: relations.blocked.has(id), inRestrictedZone: false }, null).name
        : 'Former attendee';
      names.set(id, name);
    }
    return name;
  };

  yield `{"format":${JSON.stringify(EXPORT_FORMAT)},"exported_at":${JSON.stringify(now.toISOString())}`;
  yield `,"profile":${JSON.stringify(toJson(profileOf(me)))}`;
  for (const t of EXPORT) {
    const where: SQL = t.mine.length === 1 ? eq(t.mine[0]!, meId) : or(...t.mine.map((c) => eq(c, meId)))!;
    const rows = (await ctx.db.select().from(t.table).where(where)) as Record<string, unknown>[];
    const omit = new Set((t.omit ?? []).map((c) => c.name));
    const people = new Set((t.people ?? []).map((c) => c.name));
    const byColumn = columnNames(t.table);
    const out: unknown[] = [];
    for (const row of rows) {
      let plain: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(row)) {
        const column = byColumn.get(key) ?? key;
        if (!omit.has(column)) plain[column] = value;
      }
      if (t.hide) plain = t.hide(plain, meId);
      const written: Record<string, unknown> = {};
      for (const [column, value] of Object.entries(plain)) {
        written[column] = people.has(column) && typeof value === 'string' ? { name: await nameOf(value) } : value;
      }
      // The columns that named the person are written as "you"; their id is in the profile.
      out.push(toJson(written, meId));
    }
    yield `,${JSON.stringify(t.part)}:${JSON.stringify(out)}`;
  }
  yield '}\n';
}

/** Column names by the field names Drizzle answers rows with. */
const columnNames = (table: PgTable): Map<string, string> =>
  new Map(Object.entries(getTableColumns(table)).map(([field, column]) => [field, column.name]));

/** Dates as ISO text; the person's own id, where a row names them, as "you". */
function toJson(value: unknown, meId?: string): unknown {
  if (value instanceof Date) return value.toISOString();
  if (meId && value === meId) return 'you';
  if (Array.isArray(value)) return value.map((v) => toJson(v, meId));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toJson(v, meId)]));
  return value;
}

/** The export as a stream for the reply. */
export function exportStream(ctx: Ctx, meId: string): Readable {
  return Readable.from(exportChunks(ctx, meId));
}

/** The tables that name a person (a foreign key to users, or a user_id column), for the coverage test. */
export function personTables(): string[] {
  const names = new Set<string>();
  for (const value of Object.values(schema)) {
    if (!is(value, PgTable)) continue;
    const config = getTableConfig(value);
    const toUsers = config.foreignKeys.some((fk) => getTableConfig(fk.reference().foreignTable).name === 'users');
    const userColumn = config.columns.some((c) => /(^|_)user(_id)?$|^user[12]$|_user$/.test(c.name));
    if (toUsers || userColumn || config.name === 'users') names.add(config.name);
  }
  return [...names].sort();
}

/** The tables EXPORT writes, by name, for the coverage test. */
export const exportedTables = (): string[] => EXPORT.map((t) => getTableConfig(t.table).name);
