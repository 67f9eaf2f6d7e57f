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
import { MY_REPORT_STATES, REPORT_NOTE_MAX, REPORT_REASONS, REPORT_TARGET_TYPES } from './report-texts';
import { lines } from './text';

// The reporter's words and the lists checked here live apart, so the app carries them without zod.
export * from './report-texts';

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
 * chat the reporter belongs to), the photo's id (photo: at an event the reporter
 * attends) or an opening move's id (opening_move, issue 43: a prompt on the card of
 * someone the reporter has come across, as for a person). Reporting works after a block.
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
