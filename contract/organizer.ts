/**
 * The organizer tools (issue 17; extensions beyond SPEC 7): the creator of an event (its
 * organizer) and the co-organizers they name edit or cancel it, place its safe zones,
 * start its interest groups and send its attendees a calm announcement now and then:
 * PUT and DELETE /events/{id}, POST /events/{id}/safe-zones, PUT and DELETE
 * /events/{id}/safe-zones/{zoneId}, POST /events/{id}/micro-communities, GET and POST
 * /events/{id}/organizers, GET and POST /events/{id}/announcements. Anyone else is
 * refused (403).
 */
import { z } from 'zod';
import { EventRemovalAnswerSchema } from './admin-events';
import { IdSchema, IsoDateSchema, ListItemSchema } from './common';
import { ANXIETY_FEATURES, LIMITS, ZONE_TYPES } from './constants';
import { MicroCommunitySchema } from './discovery';
import { END_BEFORE_START, EventFieldsSchema, ORGANIZER_ROLES, endsAfterStart } from './events';
import { ANNOUNCEMENT_MAX, CANCEL_REASON_MAX } from './organizer-words';
import { line, lines } from './text';
import { ZONE_RADIUS_MAX_M, ZONE_RADIUS_MIN_M, ZONE_RULES } from './zones';

// The limits and sentences the app shows live apart, without zod (organizer-words.ts).
export * from './organizer-words';

/** Paths naming an event's zone. */
export const ZoneParamsSchema = z.object({ id: IdSchema, zoneId: IdSchema });

const nothingToChange = (body: object) => Object.values(body).some((v) => v !== undefined);
const NOTHING_TO_CHANGE = { message: 'send at least one field to change' };

/**
 * PUT /events/{id}: any of the event's fields; the rest stay as they are. The duplicate
 * rule holds for the event as it would stand, itself left out.
 */
export const UpdateEventBodySchema = EventFieldsSchema.extend({
  // No default here: a missing list leaves the features as they are.
  anxiety_friendly_features: z.array(z.enum(ANXIETY_FEATURES)).max(ANXIETY_FEATURES.length),
})
  .partial()
  .refine(nothingToChange, NOTHING_TO_CHANGE)
  .refine((e) => !e.start_time || !e.end_time || endsAfterStart({ start_time: e.start_time, end_time: e.end_time }), {
    message: END_BEFORE_START,
    path: ['end_time'],
  });
export type UpdateEventBody = z.input<typeof UpdateEventBodySchema>;

/** DELETE /events/{id}: why, in the organizer's words, told to the attendees. */
export const CancelEventBodySchema = z.object({ reason: lines().min(1, { message: 'is required' }).max(CANCEL_REASON_MAX) });
export type CancelEventBody = z.input<typeof CancelEventBodySchema>;
/** Done: cancelled, with how many attendees were told (the answer of an admin's removal). */
export const CancelEventAnswerSchema = EventRemovalAnswerSchema;

// The bounds and words of contract/zones.ts, which the browser's zone editor checks with.
const radius = z
  .number({ message: ZONE_RULES.radiusNotANumber })
  .min(ZONE_RADIUS_MIN_M, { message: ZONE_RULES.radius })
  .max(ZONE_RADIUS_MAX_M, { message: ZONE_RULES.radius });
const latitude = z.number({ message: ZONE_RULES.notANumber }).min(-90, { message: ZONE_RULES.latitude }).max(90, { message: ZONE_RULES.latitude });
const longitude = z.number({ message: ZONE_RULES.notANumber }).min(-180, { message: ZONE_RULES.longitude }).max(180, { message: ZONE_RULES.longitude });

const zoneFields = {
  name: line().min(1, { message: ZONE_RULES.required }).max(LIMITS.nameMax),
  description: lines().max(LIMITS.textMax),
  zone_type: z.enum(ZONE_TYPES, { message: `must be one of ${ZONE_TYPES.join(', ')}` }),
  latitude,
  longitude,
  radius_meters: radius,
};

/**
 * POST /events/{id}/safe-zones: a circle around a point (where the organizer stands, or
 * typed coordinates). Zones of one event have different names (case aside).
 */
export const SafeZoneBodySchema = z.object({ ...zoneFields, description: zoneFields.description.default('') });
export type SafeZoneBody = z.input<typeof SafeZoneBodySchema>;

/** PUT /events/{id}/safe-zones/{zoneId}: any of the zone's fields; the rest stay as they are. */
export const SafeZoneUpdateBodySchema = z.object(zoneFields).partial().refine(nothingToChange, NOTHING_TO_CHANGE);
export type SafeZoneUpdateBody = z.input<typeof SafeZoneUpdateBodySchema>;

/** POST /events/{id}/micro-communities: an interest group. Groups of one event have different names (case aside). */
export const CommunityBodySchema = z.object({
  name: line().min(1, { message: 'is required' }).max(LIMITS.nameMax),
  description: lines().max(LIMITS.textMax).default(''),
  interest_tag: ListItemSchema,
});
export type CommunityBody = z.input<typeof CommunityBodySchema>;

/** The new interest group as its maker sees it, with the id of its group chat (made with it). */
export const NewCommunitySchema = MicroCommunitySchema.extend({ group_chat_id: IdSchema });
export type NewCommunity = z.infer<typeof NewCommunitySchema>;

/** POST /events/{id}/organizers: an attendee of the event to organize it with. */
export const AddOrganizerBodySchema = z.object({ user_id_to_add: IdSchema });
export type AddOrganizerBody = z.input<typeof AddOrganizerBodySchema>;

/**
 * One of the people who organize the event, as the viewer may see them (DESIGN 5): a
 * name and id, or "Anonymous attendee" and no id.
 */
export const OrganizerSchema = z.object({ id: IdSchema.nullable(), name: z.string(), role: z.enum(ORGANIZER_ROLES) });
export type Organizer = z.infer<typeof OrganizerSchema>;

/** The organizer first, then the co-organizers in the order they were named. */
export const OrganizersAnswerSchema = z.object({ organizers: z.array(OrganizerSchema) });
export type OrganizersAnswer = z.infer<typeof OrganizersAnswerSchema>;
export const AddOrganizerAnswerSchema = OrganizersAnswerSchema.extend({ success: z.literal(true) });
export type AddOrganizerAnswer = z.infer<typeof AddOrganizerAnswerSchema>;

/** POST /events/{id}/announcements: one calm message to every attendee. */
export const AnnouncementBodySchema = z.object({ message: lines().min(1, { message: 'is required' }).max(ANNOUNCEMENT_MAX) });
export type AnnouncementBody = z.input<typeof AnnouncementBodySchema>;

/** An announcement as attendees read it: from "the organizers", not from one of them by name. */
export const AnnouncementSchema = z.object({
  id: IdSchema,
  event_id: IdSchema,
  message: z.string(),
  created_at: IsoDateSchema,
});
export type Announcement = z.infer<typeof AnnouncementSchema>;

/** What the cap leaves: how many may still go out this hour, and when the next may when none. */
const capFields = {
  left_this_hour: z.number().int(),
  /** When the next announcement may be sent; null while one may be sent now. */
  next_at: IsoDateSchema.nullable(),
};

export const AnnouncementAnswerSchema = z.object({
  success: z.literal(true),
  announcement: AnnouncementSchema,
  /** How many attendees were told (everyone but the sender, and anyone blocked either way with them). */
  attendees_told: z.number().int(),
  ...capFields,
});
export type AnnouncementAnswer = z.infer<typeof AnnouncementAnswerSchema>;

/** GET /events/{id}/announcements (attendees): the newest first, at most ANNOUNCEMENTS_SHOWN. */
export const AnnouncementsAnswerSchema = z.object({ announcements: z.array(AnnouncementSchema), ...capFields });
export type AnnouncementsAnswer = z.infer<typeof AnnouncementsAnswerSchema>;
