/** SPEC 7 "Events and discovery": the event and its creation. */
import { z } from 'zod';
import { ANXIETY_FEATURES, EVENT_FILTERS, EVENT_TYPES, LIMITS } from './constants';
import { IdSchema, InstantSchema, UserQuerySchema } from './common';
import { canonicalTimeZone } from './rules';
import { line, lines } from './text';

/** What someone is to an event's organizer tools (issue 17): its creator, or a co-organizer they named. */
export const ORGANIZER_ROLES = ['organizer', 'co_organizer'] as const;
export type OrganizerRole = (typeof ORGANIZER_ROLES)[number];

/** The zone an event happens in, when none is chosen (events made before issue 17). */
export const DEFAULT_TIME_ZONE = 'UTC';

/** An IANA time zone name, as Intl knows it; answered in its canonical spelling. */
export const TimeZoneSchema = line()
  .min(1, { message: 'is required' })
  .max(64)
  .transform((name, ctx) => {
    const zone = canonicalTimeZone(name);
    if (zone) return zone;
    ctx.addIssue({ code: 'custom', message: 'must be a time zone name such as Europe/Berlin' });
    return z.NEVER;
  });

export const EventSchema = z.object({
  id: IdSchema,
  name: z.string(),
  description: z.string(),
  location: z.string(),
  event_type: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  /**
   * Ids of the attendees the viewer may see (DESIGN 5, issue 40): to someone who has not
   * joined, only their connections there; to an attendee, whom the attendees list shows
   * them, and themself.
   */
  attendees: z.array(IdSchema),
  /** How many `attendees` holds: never a count that reveals one hidden person. */
  attendee_count: z.number().int(),
  anxiety_friendly_features: z.array(z.string()),
  is_attending: z.boolean(),
  /** The maker, or null when there is none (a deleted account) or the viewer may not see who they are (DESIGN 5). */
  created_by: IdSchema.nullable(),
  /**
   * The IANA time zone the event happens in (issue 17): its times are shown in it. Always
   * sent; optional only so older answers parse.
   */
  time_zone: z.string().optional(),
  /**
   * The viewer's part in organizing it (issue 17): its organizer (the creator), a
   * co-organizer, or null. Always sent; optional only so older answers parse.
   */
  organizer_role: z.enum(ORGANIZER_ROLES).nullable().optional(),
});
export type Event = z.infer<typeof EventSchema>;
export const EventListSchema = z.array(EventSchema);
/** GET /events: the acting user, and optionally a filter chip (SPEC 9's list) whose form types to list (EVENT_FILTER_TYPES). */
export const EventListQuerySchema = UserQuerySchema.extend({
  event_type: z.enum(EVENT_FILTERS, { message: `must be one of ${EVENT_FILTERS.join(', ')}` }).default('all'),
});

/** What an event is made of, as its organizer writes it (POST /events; PUT /events/{id} takes any of them). */
export const EventFieldsSchema = z.object({
  name: line().min(1, { message: 'is required' }).max(LIMITS.nameMax),
  description: lines().min(1, { message: 'is required' }).max(LIMITS.textMax),
  location: line().min(1, { message: 'is required' }).max(200),
  event_type: z.enum(EVENT_TYPES, { message: `must be one of ${EVENT_TYPES.join(', ')}` }),
  start_time: InstantSchema,
  end_time: InstantSchema,
  anxiety_friendly_features: z.array(z.enum(ANXIETY_FEATURES)).max(ANXIETY_FEATURES.length).default([]),
  /** Where it happens (issue 17): the app sends the organizer's own zone unless they choose another; UTC when absent. */
  time_zone: TimeZoneSchema.optional(),
});

/** The end comes after the start (said beside end_time). */
export const endsAfterStart = (e: { start_time: string; end_time: string }): boolean => Date.parse(e.end_time) > Date.parse(e.start_time);
export const END_BEFORE_START = 'must be after the start time';

export const CreateEventBodySchema = EventFieldsSchema.refine(endsAfterStart, { message: END_BEFORE_START, path: ['end_time'] });
export type CreateEventBody = z.input<typeof CreateEventBodySchema>;
