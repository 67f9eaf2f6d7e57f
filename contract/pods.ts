/**
 * Small groups, "pods" (issue 43 item 3): an attendee asks to be put in a group of 3 to 5
 * people at an event that is on; the server forms it within 10 seconds, preferring shared
 * interests and never putting two people together where one blocked the other. A pod is
 * one of its members' groups (SPEC 3 "Group", category `pod`, private) with a small chat
 * only its members read.
 */
import { z } from 'zod';
import { IdSchema, IsoDateSchema } from './common';

export const POD_SIZE_MIN = 3;
export const POD_SIZE_MAX = 5;
/** A pod forms within this long of enough people waiting. */
export const POD_FORMS_WITHIN_MS = 10_000;
export const POD_STATUSES = ['none', 'waiting', 'formed'] as const;
export type PodStatus = (typeof POD_STATUSES)[number];

/** A member as the event shows them to the reader: "Anonymous attendee" without an id when hidden. */
export const PodMemberSchema = z.object({ id: IdSchema.nullable(), name: z.string() });
export const PodSchema = z.object({
  id: IdSchema,
  members: z.array(PodMemberSchema),
  /** A spot the organizer marked for pods (a zone of kind `pod`), else the event's location (no `zone_id`). */
  meeting_point: z.object({ name: z.string(), zone_id: IdSchema.optional() }),
  starts_at: IsoDateSchema,
  group_chat_id: IdSchema,
});
export type Pod = z.infer<typeof PodSchema>;

export const MyPodSchema = z.object({ status: z.enum(POD_STATUSES), pod: PodSchema.nullable() });
export type MyPod = z.infer<typeof MyPodSchema>;
export const PodQueueAnswerSchema = z.object({ status: z.literal('waiting') });
export const PodLeaveAnswerSchema = z.object({ success: z.literal(true) });
