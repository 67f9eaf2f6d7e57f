/**
 * The admin Events and Analytics screens (issue 16): GET /admin/events, POST
 * /admin/events/{id}/hide and /unhide, DELETE /admin/events/{id}, GET /admin/analytics.
 * Hiding or removing an event is audited, and its attendees are told kindly, live and in
 * their notifications; a hidden event is unknown to attendees (gone from GET /events, 404
 * everywhere else) until it is shown again.
 */
import { z } from 'zod';
import { AdminPageQuerySchema, AdminReasonSchema } from './admin';
import { AdminQuerySchema, IdSchema, IsoDateSchema } from './common';
import { sentence } from './said';

export const AdminEventsQuerySchema = AdminPageQuerySchema;

export const AdminEventSchema = z.object({
  id: IdSchema,
  name: z.string(),
  description: z.string(),
  location: z.string(),
  event_type: z.string(),
  start_time: IsoDateSchema,
  end_time: IsoDateSchema,
  created_at: IsoDateSchema,
  /** Who made it; null once their account is gone. */
  created_by: z.object({ id: IdSchema, name: z.string(), username: z.string() }).nullable(),
  /** Everyone who joined it, whatever their account's state. */
  attendee_count: z.number().int(),
  /** Open reports of things said or shared at the event (its chats' messages, its photos). */
  open_reports: z.number().int(),
  is_hidden: z.boolean(),
  hidden_at: IsoDateSchema.nullable(),
  hidden_reason: z.string().nullable(),
});
export type AdminEvent = z.infer<typeof AdminEventSchema>;

/** Newest start first, hidden ones included. */
export const AdminEventsAnswerSchema = z.object({
  events: z.array(AdminEventSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type AdminEventsAnswer = z.infer<typeof AdminEventsAnswerSchema>;

/** POST /admin/events/{id}/hide and /unhide: the reason, kept in the audit log (attendees are not shown it). */
export const EventModerationBodySchema = z.object({ reason: AdminReasonSchema });
export type EventModerationBody = z.input<typeof EventModerationBodySchema>;

/** DELETE /admin/events/{id}: the reason in the query, as DELETE /admin/users/{id} takes it. */
export const EventRemovalQuerySchema = AdminQuerySchema.extend({ reason: AdminReasonSchema });

export const EventModerationAnswerSchema = z.object({
  success: z.literal(true),
  event: AdminEventSchema,
  /** How many attendees were told. */
  attendees_told: z.number().int(),
});
export type EventModerationAnswer = z.infer<typeof EventModerationAnswerSchema>;

export const EventRemovalAnswerSchema = z.object({ success: z.literal(true), attendees_told: z.number().int() });
export type EventRemovalAnswer = z.infer<typeof EventRemovalAnswerSchema>;

export const ANALYTICS_DAYS_MAX = 365;
export const ANALYTICS_DAYS_DEFAULT = 30;

export const AnalyticsQuerySchema = AdminQuerySchema.extend({
  days: z.coerce
    .number({ message: `must be a whole number from 1 to ${ANALYTICS_DAYS_MAX}` })
    .int({ message: `must be a whole number from 1 to ${ANALYTICS_DAYS_MAX}` })
    .min(1, { message: `must be from 1 to ${ANALYTICS_DAYS_MAX}` })
    .max(ANALYTICS_DAYS_MAX, { message: `must be from 1 to ${ANALYTICS_DAYS_MAX}` })
    .default(ANALYTICS_DAYS_DEFAULT),
});

export const AnalyticsDaySchema = z.object({
  /** The day in UTC, YYYY-MM-DD. */
  date: z.string(),
  /** Accounts made that day (still existing). */
  sign_ups: z.number().int(),
  /** Different people who used the app that day (any call while signed in). */
  active_people: z.number().int(),
  /** Connection requests sent that day (a request that connected at once, to someone who had asked first, included). */
  requests_sent: z.number().int(),
  /** Connections made that day. */
  requests_accepted: z.number().int(),
  /** Reports made that day. */
  reports: z.number().int(),
});
export type AnalyticsDay = z.infer<typeof AnalyticsDaySchema>;

/** The last `days` days, oldest first, today (UTC) last; days with nothing are there with zeros. */
export const AnalyticsAnswerSchema = z.object({ per_day: z.array(AnalyticsDaySchema) });
export type AnalyticsAnswer = z.infer<typeof AnalyticsAnswerSchema>;

/** What the attendees of an event are told when it is taken down (no reason: it may be the moderators' own words). */
export const EVENT_TAKEN_DOWN = {
  hidden: {
    // Named: as the app leaves the event's views, this toast is all the person is told.
    title: sentence(/*i18n*/ { id: 'notification.eventHidden.title', message: '“{name}” was taken down' }, ({ name }: { name: string }) => `“${name}” was taken down`),
    content: sentence(
      /*i18n*/ { id: 'notification.eventHidden.content', message: "“{name}” is no longer available: our moderators took it down. We're sorry for the change of plans." },
      ({ name }: { name: string }) => `“${name}” is no longer available: our moderators took it down. We're sorry for the change of plans.`,
    ),
  },
  removed: {
    title: sentence(/*i18n*/ { id: 'notification.eventRemoved.title', message: '“{name}” was removed' }, ({ name }: { name: string }) => `“${name}” was removed`),
    content: sentence(
      /*i18n*/ { id: 'notification.eventRemoved.content', message: "“{name}” has been removed by our moderators. We're sorry for the change of plans." },
      ({ name }: { name: string }) => `“${name}” has been removed by our moderators. We're sorry for the change of plans.`,
    ),
  },
} as const;
