/**
 * Events and what happens at them: attendees, organizers and announcements, zones, interest
 * groups, positions and presence, photos and the feed.
 */
import { doublePrecision, index, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, stringList, ts } from './columns';
import { userRef, users } from './accounts';

/** An event id column, its row removed with the event. */
export const eventRef = (name = 'event_id') =>
  uuid(name)
    .notNull()
    .references(() => events.id, { onDelete: 'cascade' });

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
    /**
     * Who the attendee is at this event to those they are anonymous to (DESIGN 5, issue 40):
     * random, one per attendance, so nothing links their attendances.
     */
    pseudonym: uuid('pseudonym').notNull().defaultRandom(),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.userId] }),
    index('event_attendees_user').on(t.userId),
    uniqueIndex('event_attendees_pseudonym').on(t.pseudonym),
  ],
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
