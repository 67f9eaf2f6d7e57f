/** People's accounts: who they are, how they sign in, their plan and business card. */
import { sql } from 'drizzle-orm';
import { bigint, boolean, doublePrecision, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { OpeningMove } from '../../../contract/opening-moves';
import { createdAt, id, stringList, ts } from './columns';

/** A user id column, its row removed with the user. */
export const userRef = (name: string) =>
  uuid(name)
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

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
    /**
     * Opening moves (issue 43): up to three short prompts on their card that anyone nearby may
     * answer, each with an id of its own (a fresh one whenever its text changes), kept on the
     * row so nearby people carry them with no read of their own.
     */
    openingMoves: jsonb('opening_moves').$type<OpeningMove[]>().notNull().default([]),
    /** "Happy to be approached" (issue 43): shown to others unless a break, a low battery or a quiet zone holds it. */
    openToHello: boolean('open_to_hello').notNull().default(false),
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
    /**
     * When the address in `email` was shown to be theirs (a verification link followed, or a
     * reset link: both reach only that inbox); null until then, and again when it changes.
     * Reminders go only to a verified address (issue 41).
     */
    emailVerifiedAt: ts('email_verified_at'),
    /** The meeting reminder 5 minutes before also goes by email, to a verified address (issue 41); off by default. */
    emailMeetingReminders: boolean('email_meeting_reminders').notNull().default(false),
    /**
     * Set when the person deleted their account for good, or an admin deleted it (issue 42):
     * the row stays only as the id that what others hold still names ("Former attendee"),
     * with every detail of the person erased (use-cases/erasure.ts).
     */
    erasedAt: ts('erased_at'),
    /**
     * The language the person reads the app in ('en' | 'de'), so emails reach them in it
     * (issue 41): sent at registration and whenever the app's language differs from it.
     */
    language: text('language').notNull().default('en'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_username_lower').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower').on(sql`lower(${t.email})`),
    // The sweep that ends breaks looks only at the few people away with an end (use-cases/status.ts).
    index('users_break_end').on(t.statusUntil).where(sql`${t.status} = 'away'`),
    // An answer or a report names a prompt by its id (use-cases/opening-moves.ts).
    index('users_opening_moves').using('gin', sql`${t.openingMoves} jsonb_path_ops`),
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

/**
 * Passkeys (issue 41): WebAuthn credentials a person signs in with instead of a password.
 * Only the public key is kept; `counter` is the authenticator's signature count, which
 * must grow (a cloned key shows itself by repeating one).
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: id(),
    userId: userRef('user_id'),
    /** The credential's id as the authenticator gave it (base64url). */
    credentialId: text('credential_id').notNull(),
    /** The COSE public key (base64url). */
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: stringList('transports'),
    name: text('name').notNull(),
    createdAt: createdAt(),
    lastUsedAt: ts('last_used_at'),
  },
  (t) => [uniqueIndex('passkeys_credential').on(t.credentialId), index('passkeys_user').on(t.userId)],
);

/**
 * WebAuthn challenges, each used once and briefly: a registration's belongs to the person
 * adding a passkey, a sign-in's to no one until a passkey answers it.
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    challenge: text('challenge').primaryKey(),
    purpose: text('purpose').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('webauthn_challenges_expiry').on(t.expiresAt)],
);

/**
 * A person's calendar feed (issue 42): the address a phone's calendar subscribes to holds a
 * token made from the server's feed key and `generation`; only its hash is kept, to find
 * the person when the address is read. A reset counts `generation` up, so the old address
 * answers 404.
 */
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  generation: integer('generation').notNull().default(1),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: createdAt(),
});

/**
 * Links sent by email (issue 41): a password reset or an address's verification. The link
 * carries a random 256-bit token; only its hash is kept. Single-use (`used_at`), and valid
 * until `expires_at`. A verification names the address it was sent to, so a link for an
 * address since replaced verifies nothing.
 */
export const emailTokens = pgTable(
  'email_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: userRef('user_id'),
    purpose: text('purpose').$type<'reset' | 'verify'>().notNull(),
    email: text('email').notNull(),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  // The per-account silence looks up a person's latest link of a kind.
  (t) => [index('email_tokens_user').on(t.userId, t.purpose, t.createdAt)],
);

/**
 * The email of a person deleted while banned (issue 42), as a keyed hash: it cannot sign
 * up again until the ban would have ended (`until`; null: a ban without an end).
 */
export const erasedBans = pgTable('erased_bans', {
  emailHash: text('email_hash').primaryKey(),
  until: ts('until'),
  createdAt: createdAt(),
});

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

/**
 * Web Push subscriptions (issue 41), one per browser endpoint: an endpoint another account
 * subscribes moves to it, so a shared phone never gets the previous person's pushes. Each
 * belongs to the session that made it and goes with it (logout, a password change,
 * deactivation; a ban removes them in expireAllUserSessions). `language`, `previews` and
 * `kinds` are what that device chose to be told, and how.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    endpoint: text('endpoint').primaryKey(),
    userId: userRef('user_id'),
    sessionHash: text('session_hash')
      .notNull()
      .references(() => sessions.tokenHash, { onDelete: 'cascade' }),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    language: text('language').notNull().default('en'),
    previews: boolean('previews').notNull().default(false),
    kinds: stringList('kinds'),
    createdAt: createdAt(),
  },
  (t) => [index('push_subscriptions_user').on(t.userId), index('push_subscriptions_session').on(t.sessionHash)],
);
