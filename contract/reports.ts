/**
 * Reports (issue 16), the reporter's side: POST /reports and GET /reports/mine. A person
 * reports someone, a chat message, a group message or a photo; nothing the reported
 * person can call tells them of it. Once a moderator has resolved it (the admin side is
 * contract/admin-reports.ts, kept apart so the attendee bundle never carries it), the
 * reporter is told, in general words, that it has been reviewed.
 */
import { z } from 'zod';
import { IdSchema, IsoDateSchema, UserQuerySchema } from './common';
import { PAGE_SIZE_MAX } from './constants';
import { pageLimit, pageOffset } from './social';
import { lines } from './text';

export const REPORT_TARGET_TYPES = ['user', 'message', 'group_message', 'photo'] as const;
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];

export const REPORT_REASONS = ['harassment', 'spam', 'inappropriate', 'uncomfortable', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** How the app names each reason (the words). */
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  harassment: 'Harassment',
  spam: 'Spam',
  inappropriate: 'Inappropriate content',
  uncomfortable: 'Made me uncomfortable',
  other: 'Something else',
};

export const REPORT_NOTE_MAX = 1000;

/**
 * A person reported by this many different people within REVIEW_HOLD_WINDOW_MS is left
 * out of nearby people, search and recommendations until a moderator has reviewed the
 * reports about them.
 */
export const REVIEW_HOLD_REPORTERS = 3;
export const REVIEW_HOLD_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * POST /reports body. `target_id` is the person's id (user), the chat message's id
 * (message: one sent to the reporter), the group message's id (group_message: in a group
 * chat the reporter belongs to) or the photo's id (photo: at an event the reporter
 * attends). Reporting works after a block.
 */
export const ReportBodySchema = z.object({
  target_type: z.enum(REPORT_TARGET_TYPES, { message: `must be one of ${REPORT_TARGET_TYPES.join(', ')}` }),
  target_id: IdSchema,
  reason: z.enum(REPORT_REASONS, { message: `must be one of ${REPORT_REASONS.join(', ')}` }),
  note: lines()
    .max(REPORT_NOTE_MAX, { message: `must be at most ${REPORT_NOTE_MAX} characters` })
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type ReportBody = z.input<typeof ReportBodySchema>;

/** The report, stored (or, for a repeat of an open one, the one stored before). */
export const ReportAnswerSchema = z.object({ success: z.literal(true), report_id: IdSchema });
export type ReportAnswer = z.infer<typeof ReportAnswerSchema>;

/** Said by the app at once after a report (the thank-you). */
export const REPORT_THANKS = 'Thank you for telling us. A moderator will look at it, and the person is not told who reported them.';

/** The notification the reporter gets once a moderator has reviewed the report: no outcome. */
export const REPORT_REVIEWED = {
  title: 'Report reviewed',
  content: 'Thanks — a moderator has reviewed your report. Thank you for helping keep Wallflower kind.',
} as const;

/** What a reporter sees of their report's state: waiting, or reviewed (never the outcome). */
export const MY_REPORT_STATES = ['open', 'reviewed'] as const;

export const MyReportSchema = z.object({
  id: IdSchema,
  target_type: z.enum(REPORT_TARGET_TYPES),
  target_id: IdSchema,
  /** The reported person as the reporter may see them in a chat ('Anonymous attendee' when hidden). */
  reported_name: z.string(),
  reason: z.enum(REPORT_REASONS),
  note: z.string().nullable(),
  status: z.enum(MY_REPORT_STATES),
  created_at: IsoDateSchema,
  reviewed_at: IsoDateSchema.nullable(),
});
export type MyReport = z.infer<typeof MyReportSchema>;

/** GET /reports/mine: newest first, `limit` (at most 100) from `offset`. */
export const MyReportsQuerySchema = UserQuerySchema.extend({
  limit: pageLimit.default(PAGE_SIZE_MAX),
  offset: pageOffset,
});
export const MyReportsAnswerSchema = z.array(MyReportSchema);
