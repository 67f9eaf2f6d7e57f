/**
 * SPEC 7 "Events and discovery", the event's shared life: photos and their likes, the
 * event feed and the event analytics (SPEC 3 "Photo", "Event analytics").
 */
import { z } from 'zod';
import { LIMITS, PAGE_SIZE_MAX } from './constants';
import { IdSchema, IsoDateSchema, SaidParamsSchema } from './common';
import { lines } from './text';

/**
 * The acting id of calls SPEC 7 lists with no payload. The session says who acts, so
 * the id may be left out; when it is sent it must be the session's own (DESIGN 4).
 */
export const OptionalUserQuerySchema = z.object({ user_id: IdSchema.optional() });

export const CAPTION_MAX = 300;
export const PHOTOS_PAGE_DEFAULT = 30;

/**
 * One like as the viewer may see it: a liker the viewer may not see by name (DESIGN 5)
 * is 'Anonymous attendee' with a null user_id, as an id would lead to them.
 */
export const PhotoLikeSchema = z.object({ user_id: IdSchema.nullable(), name: z.string() });
export type PhotoLike = z.infer<typeof PhotoLikeSchema>;

/**
 * A photo. photo_data is base64 of a JPEG with no metadata. likes and like_count leave
 * out likers blocked either way with the viewer, banned or gone.
 */
export const PhotoSchema = z.object({
  id: IdSchema,
  event_id: IdSchema,
  /** The uploader, or null when the viewer may not see who they are (DESIGN 5). */
  user_id: IdSchema.nullable(),
  photo_data: z.string(),
  caption: z.string().nullable(),
  created_at: IsoDateSchema,
  likes: z.array(PhotoLikeSchema),
  like_count: z.number().int().min(0),
  liked_by_me: z.boolean(),
});
export type Photo = z.infer<typeof PhotoSchema>;
export const PhotoListSchema = z.array(PhotoSchema);

/** GET /events/{id}/photos: newest first; `before` is the id of the last photo already shown. */
export const PhotosQuerySchema = OptionalUserQuerySchema.extend({
  limit: z.coerce
    .number()
    .int({ message: 'must be a whole number' })
    .min(1, { message: `must be between 1 and ${PAGE_SIZE_MAX}` })
    .max(PAGE_SIZE_MAX, { message: `must be between 1 and ${PAGE_SIZE_MAX}` })
    .default(PHOTOS_PAGE_DEFAULT),
  before: IdSchema.optional(),
});

export const PhotoParamsSchema = z.object({ id: IdSchema, photoId: IdSchema });

/**
 * POST /events/{id}/photos body. photo_data is base64, optionally as a data: URL; the
 * server decides the type from the bytes and re-encodes it (DESIGN 5).
 */
export const PhotoUploadBodySchema = z.object({
  event_id: IdSchema,
  // Base64 tools may wrap lines (MIME), so line breaks are let through to the decoder.
  photo_data: lines({ message: 'is required' })
    .min(1, { message: 'is required' })
    .max(LIMITS.photoBodyBytes, { message: 'is too large' }),
  caption: lines()
    .max(CAPTION_MAX, { message: `must be at most ${CAPTION_MAX} characters` })
    .nullish()
    .transform((c) => (c ? c : null)),
});
export type PhotoUploadBody = z.input<typeof PhotoUploadBodySchema>;

export const PhotoLikeAnswerSchema = z.object({
  success: z.literal(true),
  liked: z.boolean(),
  like_count: z.number().int().min(0),
  likes: z.array(PhotoLikeSchema),
});
export type PhotoLikeAnswer = z.infer<typeof PhotoLikeAnswerSchema>;

export const FEED_KINDS = ['joined', 'photo', 'connection', 'community_join'] as const;
export type FeedKind = (typeof FEED_KINDS)[number];
export const FEED_MAX = 50;

/**
 * One line of the event feed. actor_name is null when the actor browses anonymously or
 * the viewer may not see them; the text then says "Someone". New connections are only
 * ever counts per hour ("3 new connections were made"): such an entry has no actor, no
 * subject, an id of the form "connections-<hour>" and the time of the hour's latest one.
 * `text` is the line in English; `code` and `params` its message id and values, by which
 * the app says it in another language (issue 38).
 */
export const FeedEntrySchema = z.object({
  id: z.string(),
  kind: z.enum(FEED_KINDS),
  text: z.string(),
  code: z.string(),
  params: SaidParamsSchema,
  actor_name: z.string().nullable(),
  created_at: IsoDateSchema,
  subject_id: IdSchema.nullable(),
});
export type FeedEntry = z.infer<typeof FeedEntrySchema>;
export const FeedSchema = z.array(FeedEntrySchema);

const unit = z.number().min(0).max(1);
const count = z.number().int().min(0);

/**
 * GET /events/{id}/analytics: SPEC 3's fields, plus two documented extensions for the
 * chart: the compatibility distribution (the SPEC's colour bands over the same pairs
 * as the average) and connections per hour over the last 12 hours, oldest first.
 */
export const EventAnalyticsSchema = z.object({
  total_attendees: count,
  active_conversations: count,
  successful_connections: count,
  photos_shared: count,
  average_compatibility_score: unit,
  engagement_metrics: z.object({
    connection_rate: unit,
    compatibility_distribution: z.object({ red: count, yellow: count, green: count }),
  }),
  connections_by_hour: z.array(z.object({ hour: IsoDateSchema, count })),
});
export type EventAnalytics = z.infer<typeof EventAnalyticsSchema>;

/** Live messages of this area (SPEC 7 "Live channel"); event_id says which event's list to update. */
export const NewPhotoMessageSchema = z.object({ type: z.literal('new_photo'), event_id: IdSchema, photo: PhotoSchema });
export const EventFeedMessageSchema = z.object({ type: z.literal('event_feed'), event_id: IdSchema, feed: FeedEntrySchema });
