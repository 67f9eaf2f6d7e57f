/** SPEC 7 "Events and discovery": the event and its creation. */
import { z } from 'zod';
import { ANXIETY_FEATURES, EVENT_TYPES, LIMITS } from './constants';
import { IdSchema } from './common';
import { line, lines } from './text';

export const EventSchema = z.object({
  id: IdSchema,
  name: z.string(),
  description: z.string(),
  location: z.string(),
  event_type: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  /** Ids of the attendees the viewer may see (DESIGN 5). */
  attendees: z.array(IdSchema),
  attendee_count: z.number().int(),
  anxiety_friendly_features: z.array(z.string()),
  is_attending: z.boolean(),
  /** The maker, or null when there is none (a deleted account) or the viewer may not see who they are (DESIGN 5). */
  created_by: IdSchema.nullable(),
});
export type Event = z.infer<typeof EventSchema>;
export const EventListSchema = z.array(EventSchema);

const isoDateTime = line()
  .min(1, { message: 'is required' })
  .refine((s) => !Number.isNaN(Date.parse(s)), { message: 'must be a date and time' });

export const CreateEventBodySchema = z
  .object({
    name: line().min(1, { message: 'is required' }).max(LIMITS.nameMax),
    description: lines().min(1, { message: 'is required' }).max(LIMITS.textMax),
    location: line().min(1, { message: 'is required' }).max(200),
    event_type: z.enum(EVENT_TYPES, { message: `must be one of ${EVENT_TYPES.join(', ')}` }),
    start_time: isoDateTime,
    end_time: isoDateTime,
    anxiety_friendly_features: z.array(z.enum(ANXIETY_FEATURES)).max(ANXIETY_FEATURES.length).default([]),
  })
  .refine((e) => Date.parse(e.end_time) > Date.parse(e.start_time), {
    message: 'must be after the start time',
    path: ['end_time'],
  });
export type CreateEventBody = z.input<typeof CreateEventBodySchema>;
