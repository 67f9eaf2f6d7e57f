/**
 * Reports (issue 16): what the reporter's app shows and the lists the contract checks,
 * apart from reports.ts (its zod schemas) so the attendee bundle carries these without
 * zod. reports.ts re-exports all of it.
 */
import type { Said } from './said';

export const REPORT_TARGET_TYPES = ['user', 'message', 'group_message', 'photo', 'opening_move'] as const;
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];

export const REPORT_REASONS = ['harassment', 'spam', 'inappropriate', 'uncomfortable', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** How the app names each reason (the words). */
export const REPORT_REASON_LABELS: Record<ReportReason, Said> = {
  harassment: /*i18n*/ { id: 'report.reason.harassment', message: 'Harassment' },
  spam: /*i18n*/ { id: 'report.reason.spam', message: 'Spam' },
  inappropriate: /*i18n*/ { id: 'report.reason.inappropriate', message: 'Inappropriate content' },
  uncomfortable: /*i18n*/ { id: 'report.reason.uncomfortable', message: 'Made me uncomfortable' },
  other: /*i18n*/ { id: 'report.reason.other', message: 'Something else' },
};

export const REPORT_NOTE_MAX = 1000;

/** Said by the app at once after a report (the thank-you). */
export const REPORT_THANKS: Said = /*i18n*/ {
  id: 'report.thanks',
  message: 'Thank you for telling us. A moderator will look at it, and the person is not told who reported them.',
};

/** The notification the reporter gets once a moderator has reviewed the report: no outcome. */
export const REPORT_REVIEWED = {
  title: /*i18n*/ { id: 'notification.reportReviewed.title', message: 'Report reviewed' },
  content: /*i18n*/ { id: 'notification.reportReviewed.content', message: 'Thanks — a moderator has reviewed your report. Thank you for helping keep Wallflower kind.' },
} as const;

/** What a reporter sees of their report's state: waiting, or reviewed (never the outcome). */
export const MY_REPORT_STATES = ['open', 'reviewed'] as const;
