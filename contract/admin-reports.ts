/**
 * The moderator queue (issue 16): GET /admin/reports and POST /admin/reports/{id}/resolve.
 * Each report comes with what was reported in context, the reported person's history and
 * who else reported them; resolving it (dismiss, remove the content, warn, ban) goes
 * through the moderation rules of the admin calls, writes one audit row, resolves the
 * other open reports of the same target, and tells each reporter it has been reviewed.
 */
import { z } from 'zod';
import { AdminActionSchema, AdminPageQuerySchema, AdminReasonSchema, AdminUserSchema, BanDaysSchema } from './admin';
import { IdSchema, IsoDateSchema } from './common';
import { REPORT_REASONS, REPORT_TARGET_TYPES } from './reports';

export const ADMIN_REPORT_STATUSES = ['open', 'resolved'] as const;
export type AdminReportStatus = (typeof ADMIN_REPORT_STATUSES)[number];

/** GET /admin/reports: open ones oldest first (a queue), resolved ones most recently resolved first. */
export const AdminReportsQuerySchema = AdminPageQuerySchema.extend({
  status: z.enum(ADMIN_REPORT_STATUSES, { message: 'must be open or resolved' }).default('open'),
});
export type AdminReportsQuery = z.input<typeof AdminReportsQuerySchema>;

/** Someone who reported; null id and username once their account is deleted. */
export const ReporterSchema = z.object({
  id: IdSchema.nullable(),
  name: z.string(),
  username: z.string().nullable(),
});
export type Reporter = z.infer<typeof ReporterSchema>;

/** The reported person: the admin table's row and their profile as stored. */
export const ReportedPersonSchema = AdminUserSchema.extend({
  age: z.number().int().nullable(),
  occupation: z.string().nullable(),
  interests: z.array(z.string()),
  photo_data: z.string().nullable(),
  /** Hidden from discover, search and recommendations by the reports (REVIEW_HOLD_REPORTERS). */
  held_for_review: z.boolean(),
});
export type ReportedPerson = z.infer<typeof ReportedPersonSchema>;

/** A message of the conversation around the reported one. */
export const ContextMessageSchema = z.object({
  id: IdSchema,
  /** Null once the sender's account is gone. */
  from_user: IdSchema.nullable(),
  from_name: z.string(),
  message: z.string(),
  timestamp: IsoDateSchema,
  /** The message that was reported. */
  reported: z.boolean(),
});
export type ContextMessage = z.infer<typeof ContextMessageSchema>;

export const ReportedPhotoSchema = z.object({
  id: IdSchema,
  event_id: IdSchema,
  photo_data: z.string(),
  caption: z.string().nullable(),
  created_at: IsoDateSchema,
});
export type ReportedPhoto = z.infer<typeof ReportedPhotoSchema>;

/** Where the reported thing was said or shared. */
export const ReportPlaceSchema = z.object({
  event_id: IdSchema.nullable(),
  event_name: z.string().nullable(),
  group_chat_id: IdSchema.nullable(),
  group_chat_name: z.string().nullable(),
});

/**
 * What was reported, in context. `profile` is in `reported_user`. For a message or a
 * group message, `messages` is it with up to five messages before and five after in the
 * same conversation or group chat, oldest first; for a photo, `photo`.
 */
export const ReportContextSchema = z.object({
  messages: z.array(ContextMessageSchema),
  photo: ReportedPhotoSchema.nullable(),
  place: ReportPlaceSchema.nullable(),
  /** What the message said, or the photo's caption, when it was reported (kept after it is removed). */
  reported_text: z.string().nullable(),
  /** The reported message or photo is gone (removed by a moderator, or with its event). */
  content_removed: z.boolean(),
});
export type ReportContext = z.infer<typeof ReportContextSchema>;

export const EarlierReportSchema = z.object({
  id: IdSchema,
  target_type: z.enum(REPORT_TARGET_TYPES),
  reason: z.enum(REPORT_REASONS),
  status: z.enum(ADMIN_REPORT_STATUSES),
  resolution_action: z.string().nullable(),
  created_at: IsoDateSchema,
});

/** The reported person's history: reports about them before this one, and the warnings and bans they had. */
export const ReportHistorySchema = z.object({
  earlier_reports: z.array(EarlierReportSchema),
  warnings: z.array(AdminActionSchema),
  bans: z.array(AdminActionSchema),
});
export type ReportHistory = z.infer<typeof ReportHistorySchema>;

/** Someone else who reported the same person, with how many of their reports and the latest. */
export const OtherReporterSchema = ReporterSchema.extend({
  reports: z.number().int(),
  last_reported_at: IsoDateSchema,
});

export const RESOLVE_ACTIONS = ['dismiss', 'remove_content', 'warn', 'ban'] as const;
export type ResolveAction = (typeof RESOLVE_ACTIONS)[number];

export const ResolutionSchema = z.object({
  action: z.enum(RESOLVE_ACTIONS),
  reason: z.string(),
  admin_username: z.string().nullable(),
  resolved_at: IsoDateSchema,
});

export const AdminReportSchema = z.object({
  id: IdSchema,
  status: z.enum(ADMIN_REPORT_STATUSES),
  target_type: z.enum(REPORT_TARGET_TYPES),
  target_id: IdSchema,
  reason: z.enum(REPORT_REASONS),
  note: z.string().nullable(),
  created_at: IsoDateSchema,
  reporter: ReporterSchema,
  reported_user: ReportedPersonSchema,
  context: ReportContextSchema,
  history: ReportHistorySchema,
  other_reporters: z.array(OtherReporterSchema),
  /** Other open reports of the same target: resolving this one resolves them too. */
  same_target_open: z.number().int(),
  resolution: ResolutionSchema.nullable(),
});
export type AdminReport = z.infer<typeof AdminReportSchema>;

export const AdminReportsAnswerSchema = z.object({
  reports: z.array(AdminReportSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type AdminReportsAnswer = z.infer<typeof AdminReportsAnswerSchema>;

/**
 * POST /admin/reports/{id}/resolve body. `reason` is kept in the audit log; for warn it is
 * what the warned person reads. A ban is temporary with `duration_days` (1 to 365) and
 * permanent without; only a ban takes a duration. remove_content deletes the reported
 * message or photo, or for a reported person their profile photo.
 */
export const ResolveReportBodySchema = z
  .object({
    action: z.enum(RESOLVE_ACTIONS, { message: `must be one of ${RESOLVE_ACTIONS.join(', ')}` }),
    reason: AdminReasonSchema,
    duration_days: BanDaysSchema.nullish().transform((v) => v ?? null),
  })
  .superRefine((b, ctx) => {
    if (b.action !== 'ban' && b.duration_days !== null)
      ctx.addIssue({ code: 'custom', path: ['duration_days'], message: 'is only for a ban' });
  });
export type ResolveReportBody = z.input<typeof ResolveReportBodySchema>;

/** Resolved: this report as it now stands, and every report resolved with it (this one first). */
export const ResolveReportAnswerSchema = z.object({
  success: z.literal(true),
  resolved_report_ids: z.array(IdSchema),
  report: AdminReportSchema,
});
export type ResolveReportAnswer = z.infer<typeof ResolveReportAnswerSchema>;
