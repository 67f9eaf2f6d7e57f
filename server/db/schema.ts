/**
 * The whole data model of SPEC 3 in one Drizzle schema. It runs unchanged on PGlite and
 * PostgreSQL; `npm run db:generate` writes the SQL migrations applied at start.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const id = () => uuid('id').primaryKey().defaultRandom();
const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const stringList = (name: string) => jsonb(name).$type<string[]>().notNull().default([]);
const userRef = (name: string) =>
  uuid(name)
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });
const eventRef = (name = 'event_id') =>
  uuid(name)
    .notNull()
    .references(() => events.id, { onDelete: 'cascade' });

export const users = pgTable(
  'users',
  {
    id: id(),
    username: text('username').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    age: integer('age'),
    occupation: text('occupation'),
    interests: stringList('interests'),
    socialPreferences: stringList('social_preferences'),
    personalityTraits: stringList('personality_traits'),
    communicationStyle: text('communication_style').notNull().default('balanced'),
    photoData: text('photo_data'),
    socialBattery: integer('social_battery').notNull().default(8),
    isAvailable: boolean('is_available').notNull().default(true),
    // Privacy settings (SPEC 3), with their defaults.
    visibilityMode: text('visibility_mode').notNull().default('public'),
    showLocation: boolean('show_location').notNull().default(true),
    showInterests: boolean('show_interests').notNull().default(true),
    showProfilePicture: boolean('show_profile_picture').notNull().default(true),
    autoHideInRestrictedZones: boolean('auto_hide_in_restricted_zones').notNull().default(true),
    anonymousBrowsing: boolean('anonymous_browsing').notNull().default(false),
    safeSpaceMode: boolean('safe_space_mode').notNull().default(false),
    // Issue 18: at social battery LOW_BATTERY_MAX or lower, only connections see them and strangers' requests wait.
    quietWhenLowBattery: boolean('quiet_when_low_battery').notNull().default(true),
    // User status (SPEC 3). 'away' is a break: hidden from lists, requests held, notifications
    // silent, until status_until (null: until they come back); compared with the clock when read.
    status: text('status').notNull().default('available'),
    statusMessage: text('status_message'),
    statusEmoji: text('status_emoji'),
    statusUntil: ts('status_until'),
    /**
     * Set when three different people reported them within a day (domain/reports.ts): left
     * out of discover, search and recommendations until an admin has reviewed the reports.
     */
    reviewHoldAt: ts('review_hold_at'),
    planName: text('plan_name').notNull().default('Free'),
    isActive: boolean('is_active').notNull().default(true),
    isBanned: boolean('is_banned').notNull().default(false),
    bannedUntil: ts('banned_until'),
    banReason: text('ban_reason'),
    passwordChangedAt: ts('password_changed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_username_lower').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower').on(sql`lower(${t.email})`),
    // The sweep that ends breaks looks only at the few people away with an end (use-cases/status.ts).
    index('users_break_end').on(t.statusUntil).where(sql`${t.status} = 'away'`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: userRef('user_id'),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('sessions_user').on(t.userId)],
);

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

export const events = pgTable(
  'events',
  {
    id: id(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    location: text('location').notNull(),
    eventType: text('event_type').notNull(),
    startTime: ts('start_time').notNull(),
    endTime: ts('end_time').notNull(),
    anxietyFriendlyFeatures: stringList('anxiety_friendly_features'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    /** Taken down by an admin: unknown to attendees from then on, kept for the record. */
    hiddenAt: ts('hidden_at'),
    hiddenReason: text('hidden_reason'),
    /**
     * The IANA time zone the event happens in (issue 17), chosen at creation: its times
     * are shown in it, and the duplicate rule's "same day" is its local day.
     */
    timeZone: text('time_zone').notNull().default('UTC'),
  },
  (t) => [index('events_start').on(t.startTime)],
);

/**
 * Co-organizers an event's organizer (its creator) named (issue 17): attendees who may
 * use the organizer tools with them. The creator is the organizer through
 * events.created_by and has no row here.
 */
export const eventOrganizers = pgTable(
  'event_organizers',
  {
    eventId: eventRef(),
    userId: userRef('user_id'),
    addedBy: uuid('added_by').references(() => users.id, { onDelete: 'set null' }),
    addedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.userId] }), index('event_organizers_user').on(t.userId)],
);

/**
 * Announcements the organizers sent to every attendee (issue 17), kept so the
 * attendees can read them again and so the cap (a few an hour per event) holds on every
 * instance. Who of the organizers wrote one is kept, not shown.
 */
export const eventAnnouncements = pgTable(
  'event_announcements',
  {
    id: id(),
    eventId: eventRef(),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    message: text('message').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('event_announcements_event').on(t.eventId, t.createdAt)],
);

export const eventAttendees = pgTable(
  'event_attendees',
  {
    eventId: eventRef(),
    userId: userRef('user_id'),
    joinedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.userId] }), index('event_attendees_user').on(t.userId)],
);

export const safeZones = pgTable(
  'safe_zones',
  {
    id: id(),
    eventId: eventRef(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    zoneType: text('zone_type').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    radiusMeters: doublePrecision('radius_meters').notNull(),
  },
  (t) => [index('safe_zones_event').on(t.eventId)],
);

export const microCommunities = pgTable(
  'micro_communities',
  {
    id: id(),
    eventId: eventRef(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    interestTag: text('interest_tag').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('micro_communities_event').on(t.eventId)],
);

export const microCommunityMembers = pgTable(
  'micro_community_members',
  {
    communityId: uuid('community_id')
      .notNull()
      .references(() => microCommunities.id, { onDelete: 'cascade' }),
    userId: userRef('user_id'),
    joinedAt: createdAt(),
  },
  // By user: the Chats inbox lists the chats of someone's interest groups.
  (t) => [primaryKey({ columns: [t.communityId, t.userId] }), index('micro_community_members_user').on(t.userId)],
);

/** Only the latest position per user and event (DESIGN 5). */
export const userLocations = pgTable(
  'user_locations',
  {
    userId: userRef('user_id'),
    eventId: eventRef(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    updatedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.eventId] }), index('user_locations_event').on(t.eventId)],
);

/**
 * Who is inside a restricted zone of an event while hiding their location (DESIGN 5:
 * their position answers the zone check and is not stored). Only that fact is kept, so
 * auto-hide holds on every instance and across restarts; the next report outside the
 * zone, or one with the location shown, removes it.
 */
export const restrictedPresence = pgTable(
  'restricted_presence',
  {
    userId: userRef('user_id'),
    eventId: eventRef(),
    updatedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.eventId] }), index('restricted_presence_event').on(t.eventId)],
);

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
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('group_chats_event').on(t.eventId), index('group_chats_community').on(t.communityId)],
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

export const photos = pgTable(
  'photos',
  {
    id: id(),
    eventId: eventRef(),
    userId: userRef('user_id'),
    photoData: text('photo_data').notNull(),
    caption: text('caption'),
    createdAt: createdAt(),
  },
  (t) => [index('photos_event').on(t.eventId, t.createdAt)],
);

export const photoLikes = pgTable(
  'photo_likes',
  {
    photoId: uuid('photo_id')
      .notNull()
      .references(() => photos.id, { onDelete: 'cascade' }),
    userId: userRef('user_id'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.photoId, t.userId] })],
);

export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    userId: userRef('user_id'),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    read: boolean('read').notNull().default(false),
    /** The app address the notification opens ('/chats/<id>', '/requests/<id>', …), or none. */
    link: text('link'),
    createdAt: createdAt(),
  },
  (t) => [index('notifications_user').on(t.userId, t.createdAt)],
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
 * Pending requests. Accepting turns one into a connection. Declining removes it from
 * the recipient's side for good (declined_at), while the sender keeps seeing
 * request_sent: a decline is never shown (DESIGN 5).
 */
export const connectionRequests = pgTable(
  'connection_requests',
  {
    id: id(),
    fromUser: userRef('from_user'),
    toUser: userRef('to_user'),
    eventId: uuid('event_id').references(() => events.id, { onDelete: 'cascade' }),
    message: text('message'),
    // Held quietly while the recipient is in safe space mode (DESIGN 5).
    held: boolean('held').notNull().default(false),
    declinedAt: ts('declined_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('connection_requests_pair').on(t.fromUser, t.toUser),
    index('connection_requests_to').on(t.toUser),
  ],
);

/** One row per pair, user1 < user2, so a pair is connected at most once. */
export const connections = pgTable(
  'connections',
  {
    id: id(),
    user1: userRef('user1'),
    user2: userRef('user2'),
    eventId: uuid('event_id').references(() => events.id, { onDelete: 'set null' }),
    connectionType: text('connection_type').notNull().default('mutual_interest'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('connections_pair').on(t.user1, t.user2),
    index('connections_user2').on(t.user2),
    // An event's analytics and feed count the connections made there.
    index('connections_event').on(t.eventId),
  ],
);

export const blocks = pgTable(
  'blocks',
  {
    blockerId: userRef('blocker_id'),
    blockedId: userRef('blocked_id'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.blockerId, t.blockedId] }), index('blocks_blocked').on(t.blockedId)],
);

export const contactExchanges = pgTable(
  'contact_exchanges',
  {
    id: id(),
    fromUser: userRef('from_user'),
    toUser: userRef('to_user'),
    eventId: uuid('event_id').references(() => events.id, { onDelete: 'set null' }),
    exchangeType: text('exchange_type').notNull(),
    contactData: jsonb('contact_data').$type<Record<string, string>>().notNull(),
    createdAt: createdAt(),
    // A card offered is kept or declined by its recipient; a decline is private (issue 18).
    keptAt: ts('kept_at'),
    declinedAt: ts('declined_at'),
    // The sender took it back: gone from the recipient's Cards at once.
    revokedAt: ts('revoked_at'),
  },
  (t) => [index('contact_exchanges_to').on(t.toUser), index('contact_exchanges_from').on(t.fromUser)],
);

export const subscriptionPlans = pgTable('subscription_plans', {
  name: text('name').primaryKey(),
  description: text('description').notNull(),
  price: doublePrecision('price').notNull(),
  features: stringList('features'),
  sortOrder: integer('sort_order').notNull().default(0),
});

/** History of plan changes; the current plan is users.plan_name. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: id(),
    userId: userRef('user_id'),
    planName: text('plan_name').notNull(),
    // Where a payment provider would record its reference; 'none' while there is none.
    paymentReference: text('payment_reference').notNull().default('none'),
    createdAt: createdAt(),
  },
  (t) => [index('subscriptions_user').on(t.userId)],
);

export const businessCards = pgTable('business_cards', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  name: text('name').notNull().default(''),
  title: text('title').notNull().default(''),
  company: text('company').notNull().default(''),
  email: text('email').notNull().default(''),
  phone: text('phone').notNull().default(''),
  linkedin: text('linkedin').notNull().default(''),
  website: text('website').notNull().default(''),
  bio: text('bio').notNull().default(''),
  updatedAt: createdAt(),
});

export const groups = pgTable('groups', {
  id: id(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  category: text('category').notNull().default('general'),
  isPrivate: boolean('is_private').notNull().default(false),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

export const groupMembers = pgTable(
  'group_members',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    userId: userRef('user_id'),
    joinedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] }), index('group_members_user').on(t.userId)],
);

/** Event feed entries (joins, photos, connections, community joins). */
export const feedEntries = pgTable(
  'feed_entries',
  {
    id: id(),
    eventId: eventRef(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    subjectId: uuid('subject_id'),
    createdAt: createdAt(),
  },
  (t) => [index('feed_entries_event').on(t.eventId, t.createdAt)],
);

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

/**
 * Who is inside a quiet zone (a safe zone of the safe-space kind) of an event, from the
 * 10-second location check (issue 18): while a row is here their live pings are held,
 * and others see "Recharging — please don't approach" on their card. The row goes when
 * a report falls outside every quiet zone, and its entered_at tells what was held.
 */
export const quietPresence = pgTable(
  'quiet_presence',
  {
    userId: userRef('user_id'),
    eventId: eventRef(),
    zoneId: uuid('zone_id')
      .notNull()
      .references(() => safeZones.id, { onDelete: 'cascade' }),
    enteredAt: ts('entered_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.eventId] }), index('quiet_presence_event').on(t.eventId)],
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

/**
 * A short 1:1 meeting between two connections at an event (issue 19). `proposed_by` is
 * the one waiting for an answer (a suggested time swaps it); a decline is private, so
 * the proposer keeps seeing "proposed" until it lapses at its start time.
 */
export const meetings = pgTable(
  'meetings',
  {
    id: id(),
    eventId: eventRef(),
    proposerId: userRef('proposer_id'),
    inviteeId: userRef('invitee_id'),
    proposedBy: userRef('proposed_by'),
    startTime: ts('start_time').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    place: text('place').notNull(),
    zoneId: uuid('zone_id').references(() => safeZones.id, { onDelete: 'set null' }),
    /** proposed, accepted, declined (seen only by the one who declined) or cancelled. */
    status: text('status').notNull().default('proposed'),
    cancelledBy: uuid('cancelled_by'),
    cancelNote: text('cancel_note'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('meetings_proposer').on(t.proposerId, t.startTime),
    index('meetings_invitee').on(t.inviteeId, t.startTime),
  ],
);

/**
 * Reminder jobs (issue 19): one per person and meeting, due 5 minutes before its start,
 * claimed once (row locking on PostgreSQL), so a reminder is sent once with several
 * instances and still after a restart.
 */
export const meetingReminders = pgTable(
  'meeting_reminders',
  {
    meetingId: uuid('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    userId: userRef('user_id'),
    dueAt: ts('due_at').notNull(),
    sentAt: ts('sent_at'),
  },
  (t) => [primaryKey({ columns: [t.meetingId, t.userId] }), index('meeting_reminders_due').on(t.sentAt, t.dueAt)],
);

/**
 * QR connect tokens (issue 19): the short-lived code an attendee's card shows, signed
 * and stored so it works once; `short_code` is the fallback to type.
 */
export const connectTokens = pgTable(
  'connect_tokens',
  {
    nonce: text('nonce').primaryKey(),
    userId: userRef('user_id'),
    shortCode: text('short_code').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    usedBy: uuid('used_by'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('connect_tokens_short_code').on(t.shortCode), index('connect_tokens_user').on(t.userId, t.expiresAt)],
);
