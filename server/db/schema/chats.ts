/**
 * Conversations: one-to-one messages and the ice breakers they name, group chats with their
 * people and messages, read marks, mutes, notifications.
 */
import { boolean, index, jsonb, pgTable, primaryKey, text, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { SaidValues } from '../../../contract/said';
import { createdAt, id, ts } from './columns';
import { userRef, users } from './accounts';
import { eventRef, events, microCommunities } from './events';
import { groups } from './social';

/** Ice breakers generated for a pair of users, kept so a chat message can name one. */
export const iceBreakers = pgTable(
  'ice_breakers',
  {
    id: id(),
    userA: userRef('user_a'),
    userB: userRef('user_b'),
    eventId: uuid('event_id').references(() => events.id, { onDelete: 'cascade' }),
    suggestionText: text('suggestion_text').notNull(),
    category: text('category').notNull(),
    createdAt: createdAt(),
  },
  // A suggestion is stored once per pair and event (no event: one null, not many), so
  // two first visits at once store it once without a lock; its prefix finds a pair's.
  (t) => [unique('ice_breakers_suggestion').on(t.userA, t.userB, t.eventId, t.suggestionText).nullsNotDistinct()],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: id(),
    fromUser: userRef('from_user'),
    toUser: userRef('to_user'),
    eventId: uuid('event_id').references(() => events.id, { onDelete: 'set null' }),
    message: text('message').notNull(),
    messageType: text('message_type').notNull().default('text'),
    iceBreakerId: uuid('ice_breaker_id').references(() => iceBreakers.id, { onDelete: 'set null' }),
    clientId: text('client_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('chat_messages_pair').on(t.fromUser, t.toUser, t.createdAt),
    uniqueIndex('chat_messages_client').on(t.fromUser, t.clientId),
    // An event's analytics count its recent conversations.
    index('chat_messages_event').on(t.eventId, t.createdAt),
    // The Chats inbox: the messages someone received, by sender (their conversations and unread counts).
    index('chat_messages_to').on(t.toUser, t.fromUser, t.createdAt),
  ],
);

/** One group chat per event for all attendees, and one per micro-community (DESIGN 6). */
export const groupChats = pgTable(
  'group_chats',
  {
    id: id(),
    eventId: eventRef(),
    communityId: uuid('community_id').references(() => microCommunities.id, { onDelete: 'cascade' }),
    /** A pod's chat (issue 43 item 3): only the pod's members read it (group_chat_people, role member). */
    podId: uuid('pod_id').references(() => groups.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The name's message id and values (contract/said.ts): an event's chat is named in the person's language. */
    nameCode: text('name_code').notNull(),
    nameParams: jsonb('name_params').$type<SaidValues>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('group_chats_event').on(t.eventId), index('group_chats_community').on(t.communityId), index('group_chats_pod').on(t.podId)],
);

export const groupMessages = pgTable(
  'group_messages',
  {
    id: id(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groupChats.id, { onDelete: 'cascade' }),
    fromUser: userRef('from_user'),
    message: text('message').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('group_messages_group').on(t.groupId, t.createdAt)],
);

/**
 * Read markers of the Chats inbox, kept with the data so unread counts hold across
 * reloads, devices and instances: until when the user has read a conversation, which is
 * a one-to-one chat (kind 'direct', conversation_id the other person's id) or a group
 * chat (kind 'group', conversation_id the group chat's id). The id names a user or a
 * group chat, so it has no foreign key: a marker of a chat that is gone matches no
 * message, and markers naming a deleted person go with them (db/repositories/admin.ts).
 */
export const conversationReads = pgTable(
  'conversation_reads',
  {
    userId: userRef('user_id'),
    kind: text('kind').notNull(),
    conversationId: uuid('conversation_id').notNull(),
    readAt: ts('read_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.conversationId] })],
);

/**
 * A one-to-one conversation muted by one side after "I need a break" (issue 18): no
 * toasts or system notifications for it until `until`. The other side is never told.
 */
export const conversationMutes = pgTable(
  'conversation_mutes',
  {
    userId: userRef('user_id'),
    otherUserId: userRef('other_user_id'),
    until: ts('until').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.otherUserId] })],
);

/**
 * Who takes part in a group chat (issue 18): a 'member' is listed, a 'listener' reads
 * without being listed and is only counted ("N listening"); the first post makes a
 * listener a member.
 */
export const groupChatPeople = pgTable(
  'group_chat_people',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => groupChats.id, { onDelete: 'cascade' }),
    userId: userRef('user_id'),
    role: text('role').notNull(),
    joinedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] }), index('group_chat_people_user').on(t.userId)],
);

export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    userId: userRef('user_id'),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    /** The title's and content's message ids and values (contract/said.ts), by which the app says them in another language. */
    titleCode: text('title_code').notNull(),
    titleParams: jsonb('title_params').$type<SaidValues>().notNull(),
    contentCode: text('content_code').notNull(),
    contentParams: jsonb('content_params').$type<SaidValues>().notNull(),
    read: boolean('read').notNull().default(false),
    /** The app address the notification opens ('/chats/<id>', '/requests/<id>', …), or none. */
    link: text('link'),
    /** The person it is from or names, if any: a block removes what names the blocked person (issue 40). */
    aboutUserId: uuid('about_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The id the recipient knows that person by, when not their own: their pseudonym at an event the two share (issue 40). */
    aboutShownId: uuid('about_shown_id'),
    createdAt: createdAt(),
  },
  (t) => [index('notifications_user').on(t.userId, t.createdAt), index('notifications_about').on(t.userId, t.aboutUserId)],
);
