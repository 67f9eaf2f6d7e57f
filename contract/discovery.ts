/** SPEC 7 "Events and discovery" (nearby people, zones, communities, location) and the user settings calls. */
import { z } from 'zod';
import { OpeningMoveSchema } from './opening-moves';
import { COMMUNICATION_STYLES, CONNECTION_STATUSES, DISTANCE_BANDS, VISIBILITY_MODES, ZONE_TYPES, BATTERY_MAX, BATTERY_MIN, LIMITS, NEARBY_PAGE_DEFAULT, PAGE_SIZE_MAX } from './constants';
import { IdSchema, ListItemSchema, PublicUserSchema, SaidParamsSchema, UserQuerySchema } from './common';
import { line } from './text';

/** Paths of this table name the event `{eventId}`. */
export const EventIdParamsSchema = z.object({ eventId: IdSchema });

export const CompatibilitySchema = z.object({
  overall_score: z.number().min(0).max(1),
  compatibility_reasons: z.array(z.string()),
  /** Each reason's message id and values, in the same order (issue 38): the app says them in another language by these. */
  compatibility_reason_codes: z.array(z.object({ code: z.string(), params: SaidParamsSchema })),
});
export type Compatibility = z.infer<typeof CompatibilitySchema>;

export const IceBreakerSchema = z.object({
  id: IdSchema,
  suggestion_text: z.string(),
  /** Extension (issue 38): the suggestion's message id and values, by which the app says it in another language. */
  suggestion_code: z.string(),
  suggestion_params: SaidParamsSchema,
  category: z.string(),
});
export type IceBreaker = z.infer<typeof IceBreakerSchema>;

/**
 * GET /discover/{eventId}: one person nearby. distance_m and distance_band only when both
 * share their location (DESIGN 5, issue 40): the band is worked out between 200 m squares,
 * and distance_m is that band's round figure (close 300, venue 1000, far 2000, meaning
 * further than that), never a finer number.
 */
export const NearbyEntrySchema = z.object({
  user: PublicUserSchema,
  compatibility: CompatibilitySchema,
  ice_breakers: z.array(IceBreakerSchema),
  social_battery: z.number().int().min(BATTERY_MIN).max(BATTERY_MAX),
  distance_m: z.number().nullable(),
  /** Extension (issue 40): how far, in words the app shows ("Close by", "In the venue", "Further away"). */
  distance_band: z.enum(DISTANCE_BANDS).nullable(),
  /** Where the viewer stands with them (an extension: the card's button from the start). */
  connection_status: z.enum(CONNECTION_STATUSES),
  /**
   * In a quiet zone of the event now (issue 18): their card says "Recharging — please
   * don't approach". Told to connections, and to others when they share their location;
   * to nobody when it would place them closer than 50 m (issue 40: a small quiet room).
   */
  recharging: z.boolean(),
  /**
   * Their opening moves (issue 43): prompts anyone who sees the card may answer
   * (POST /opening-moves/{id}/answer). Empty when the viewer sees them anonymously: a
   * prompt is their own words, and its id is the same at every event.
   */
  opening_moves: z.array(OpeningMoveSchema),
  /**
   * "Happy to be approached" (issue 43), as others see it now: false while a break, a
   * social battery of 3 or lower or a quiet zone others are told of holds it.
   */
  open_to_hello: z.boolean(),
});
export type NearbyEntry = z.infer<typeof NearbyEntrySchema>;
export const NearbyListSchema = z.array(NearbyEntrySchema);

/**
 * GET /discover/{eventId} query. Besides the acting id, an optional page: the best
 * `limit` entries from `offset` (DESIGN 4: at most 100 rows a page). Without them the
 * answer is the NEARBY_PAGE_DEFAULT (30) best: a phone shows a few cards at once, and 30
 * entries (20 with ice breakers) are about 31 KB where 100 were 75 KB.
 */
export const DiscoverQuerySchema = UserQuerySchema.extend({
  limit: z.coerce
    .number()
    .int({ message: 'must be a whole number' })
    .min(1, { message: `must be between 1 and ${PAGE_SIZE_MAX}` })
    .max(PAGE_SIZE_MAX, { message: `must be between 1 and ${PAGE_SIZE_MAX}` })
    .default(NEARBY_PAGE_DEFAULT),
  offset: z.coerce
    .number()
    .int({ message: 'must be a whole number' })
    .min(0, { message: 'must be 0 or more' })
    .max(100_000, { message: 'must be at most 100000' })
    .default(0),
});

export const SafeZoneSchema = z.object({
  id: IdSchema,
  name: z.string(),
  description: z.string(),
  zone_type: z.enum(ZONE_TYPES),
  latitude: z.number(),
  longitude: z.number(),
  radius_meters: z.number(),
});
export type SafeZone = z.infer<typeof SafeZoneSchema>;
export const SafeZoneListSchema = z.array(SafeZoneSchema);

const latitude = z.coerce.number().min(-90, { message: 'must be between -90 and 90' }).max(90, { message: 'must be between -90 and 90' });
const longitude = z.coerce
  .number()
  .min(-180, { message: 'must be between -180 and 180' })
  .max(180, { message: 'must be between -180 and 180' });

export const ZoneCheckQuerySchema = z.object({ user_id: IdSchema, latitude, longitude });
export const ZoneCheckAnswerSchema = z.object({ current_zone: SafeZoneSchema.nullable() });
export type ZoneCheckAnswer = z.infer<typeof ZoneCheckAnswerSchema>;

export const LocationUpdateBodySchema = z.object({
  user_id: IdSchema,
  event_id: IdSchema,
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
});
export type LocationUpdateBody = z.infer<typeof LocationUpdateBodySchema>;
/** The zone the position is in comes back, so a client can skip a second call. */
export const LocationUpdateAnswerSchema = z.object({ success: z.literal(true), current_zone: SafeZoneSchema.nullable() });

export const MicroCommunitySchema = z.object({
  id: IdSchema,
  name: z.string(),
  description: z.string(),
  interest_tag: z.string(),
  member_count: z.number().int(),
  is_member: z.boolean(),
  /** Extension (issue 18): the group's chat, which any attendee may listen to. */
  group_chat_id: IdSchema.nullable().optional(),
});
export type MicroCommunity = z.infer<typeof MicroCommunitySchema>;
export const MicroCommunityListSchema = z.array(MicroCommunitySchema);

export const RecommendationsSchema = z.object({
  people: z.array(NearbyEntrySchema),
  communities: z.array(MicroCommunitySchema),
});
export type Recommendations = z.infer<typeof RecommendationsSchema>;

/** POST /users/search body (SPEC 3 "User search filter", SPEC 5 rules). */
export const UserSearchBodySchema = z.object({
  query: line().max(100).default(''),
  interests: z.array(ListItemSchema).max(LIMITS.listItemsMax).default([]),
  professional_industry: line().max(100).nullable().default(null),
  communication_style: z.enum(COMMUNICATION_STYLES).nullable().default(null),
  age_range: z
    .tuple([z.number().int().min(0).max(150), z.number().int().min(0).max(150)])
    .nullable()
    .default(null)
    .refine((r) => r === null || r[0] <= r[1], { message: 'minimum must not exceed maximum' }),
});
export type UserSearchBody = z.input<typeof UserSearchBodySchema>;
/**
 * POST /users/search answer: at most 50 people, as the searcher may see them, each with
 * where the two stand (an extension), so Connect is not offered to a connection.
 */
export const UserSearchResultSchema = PublicUserSchema.extend({
  connection_status: z.enum(CONNECTION_STATUSES).optional(),
  /**
   * Whether a chat message or contact details to them would be taken now (issue 16): they
   * are a connection, or share an event with the searcher that is not over (to someone in
   * safe space mode, connections only). Always sent; optional only so older answers parse.
   */
  can_message: z.boolean().optional(),
});
export type UserSearchResult = z.infer<typeof UserSearchResultSchema>;
export const UserSearchAnswerSchema = z.array(UserSearchResultSchema);
export const USER_SEARCH_MAX = 50;

export const PrivacySettingsSchema = z.object({
  visibility_mode: z.enum(VISIBILITY_MODES),
  show_location: z.boolean(),
  show_interests: z.boolean(),
  show_profile_picture: z.boolean(),
  auto_hide_in_restricted_zones: z.boolean(),
  anonymous_browsing: z.boolean(),
  safe_space_mode: z.boolean(),
  /**
   * Energy decides visibility (issue 18, beyond SPEC 3): at social battery
   * LOW_BATTERY_MAX or lower, only connections see the person in nearby people and
   * recommendations, and strangers' connection requests wait quietly until it rises.
   * On unless the person switches it off.
   */
  quiet_when_low_battery: z.boolean(),
});
export type PrivacySettings = z.infer<typeof PrivacySettingsSchema>;

export const PRIVACY_DEFAULTS: PrivacySettings = {
  visibility_mode: 'public',
  show_location: true,
  show_interests: true,
  show_profile_picture: true,
  auto_hide_in_restricted_zones: true,
  anonymous_browsing: false,
  safe_space_mode: false,
  quiet_when_low_battery: true,
};

/** PUT /users/privacy body: any subset of the settings; the rest stay as they are. */
export const PrivacyUpdateBodySchema = PrivacySettingsSchema.partial();

export const BatteryQuerySchema = z.object({
  user_id: IdSchema,
  battery_level: z.coerce
    .number()
    .int({ message: 'must be a whole number' })
    .min(BATTERY_MIN, { message: `must be between ${BATTERY_MIN} and ${BATTERY_MAX}` })
    .max(BATTERY_MAX, { message: `must be between ${BATTERY_MIN} and ${BATTERY_MAX}` }),
});

export const BatteryAnswerSchema = z.object({ success: z.literal(true), social_battery: z.number().int() });

export const AvailabilityQuerySchema = z.object({
  user_id: IdSchema,
  is_available: z.enum(['true', 'false'], { message: 'must be true or false' }).transform((v) => v === 'true'),
});

export const BlockQuerySchema = z.object({ user_id: IdSchema, block_user_id: IdSchema });

/** DELETE /users/block/{blocked_user_id} (not in SPEC 7): the person to unblock. */
export const UnblockParamsSchema = z.object({ blocked_user_id: IdSchema });

/** GET /users/blocked (not in SPEC 7): someone the user blocked, as the user may see them. */
export const BlockedUserSchema = z.object({
  id: IdSchema,
  name: z.string(),
  username: z.string().nullable(),
  blocked_at: z.string(),
});
export type BlockedUser = z.infer<typeof BlockedUserSchema>;
export const BlockedUsersAnswerSchema = z.array(BlockedUserSchema);
export const AvailabilityAnswerSchema = z.object({ success: z.literal(true), is_available: z.boolean() });
