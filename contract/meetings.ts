/**
 * 1:1 meetings between connections at an event (issue 19; extensions beyond SPEC 7):
 * POST and GET /meetings, POST /meetings/{id}/respond, DELETE /meetings/{id},
 * GET /meetings/{id}/calendar.ics and GET /meetings/free-slots.
 */
import { z } from 'zod';
import { IdSchema, InstantSchema, IsoDateSchema, PublicUserSchema } from './common';
import { MEETING_DURATIONS, MEETING_PLACE_MAX, MEETING_STATUSES } from './meeting-words';
import { line } from './text';

export * from './meeting-words';

const durationSchema = z.union(
  MEETING_DURATIONS.map((d) => z.literal(d)),
  { message: `must be one of ${MEETING_DURATIONS.join(', ')} minutes` },
);
/** The same, from a query string. */
const durationQuerySchema = z.coerce.number().pipe(durationSchema);

export const ProposeMeetingBodySchema = z.object({
  with_user_id: IdSchema,
  event_id: IdSchema,
  start_time: InstantSchema,
  duration_minutes: durationSchema,
  /** One of the event's safe zones (by name), or a short named spot. */
  place: line().min(1, { message: 'is required' }).max(MEETING_PLACE_MAX),
});
export type ProposeMeetingBody = z.infer<typeof ProposeMeetingBodySchema>;

export const RespondMeetingBodySchema = z.object({
  action: z.enum(['accept', 'decline', 'suggest'], { message: 'must be accept, decline or suggest' }),
  start_time: InstantSchema.optional(),
});
export type RespondMeetingBody = z.infer<typeof RespondMeetingBodySchema>;

export const MeetingSchema = z.object({
  id: IdSchema,
  event_id: IdSchema,
  event_name: z.string(),
  /** The event's IANA time zone: the times are shown on its clock. */
  time_zone: z.string(),
  /** The other person, as the reader may see them. */
  with: PublicUserSchema,
  start_time: IsoDateSchema,
  end_time: IsoDateSchema,
  duration_minutes: z.number().int(),
  place: z.string(),
  /** Set when the place is one of the event's safe zones. */
  zone_id: IdSchema.nullable(),
  /** As the reader sees it: a decline is seen only by the one who declined (the other sees proposed until it lapses). */
  status: z.enum(MEETING_STATUSES),
  /** Whose answer a proposed meeting waits for. */
  waiting_for: z.enum(['me', 'them']).nullable(),
  /** Who proposed it first. */
  proposed_by_me: z.boolean(),
  created_at: IsoDateSchema,
});
export type Meeting = z.infer<typeof MeetingSchema>;

export const MyMeetingsSchema = z.object({
  proposed_to_me: z.array(MeetingSchema),
  proposed_by_me: z.array(MeetingSchema),
  accepted: z.array(MeetingSchema),
  past: z.array(MeetingSchema),
});
export type MyMeetings = z.infer<typeof MyMeetingsSchema>;

export const FreeSlotsQuerySchema = z.object({
  user_id: IdSchema,
  with_user_id: IdSchema,
  event_id: IdSchema,
  duration_minutes: durationQuerySchema,
});

/** Start times (every MEETING_SLOT_STEP_MIN minutes while the event is on) when both are free. */
export const FreeSlotsSchema = z.object({ slots: z.array(IsoDateSchema) });
