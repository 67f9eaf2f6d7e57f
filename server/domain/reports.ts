/**
 * The rules of reports (issue 16), pure: when reports put a person on hold for review,
 * what a reporter is told of their report, and which audit entry each resolution is.
 * Who may report what is access/reports.ts (`reportableTarget`).
 */
import type { AdminActionType } from '../../contract/admin';
import type { ResolveAction } from '../../contract/admin-reports';
import { MY_REPORT_STATES, REVIEW_HOLD_REPORTERS, REVIEW_HOLD_WINDOW_MS } from '../../contract/reports';

/** Reports made since this moment count towards a hold. */
export const holdWindowStart = (now: Date): Date => new Date(now.getTime() - REVIEW_HOLD_WINDOW_MS);

/** Enough different people reported the person within the window: they are held for review. */
export const mustHoldForReview = (differentReporters: number): boolean => differentReporters >= REVIEW_HOLD_REPORTERS;

/** The reporter learns only that their report was reviewed, never what came of it. */
export const stateForReporter = (status: string): (typeof MY_REPORT_STATES)[number] => (status === 'open' ? 'open' : 'reviewed');

/**
 * Each resolution is one audit row: a warning or a ban is the same entry the admin's
 * Warn and Ban write (with the reports named in its details), dismissing and taking
 * content down have entries of their own.
 */
export const AUDIT_ACTION_OF: Record<ResolveAction, AdminActionType> = {
  dismiss: 'dismiss_report',
  remove_content: 'remove_content',
  warn: 'warning',
  ban: 'ban',
};

/** How a reporter whose account is gone is named to the moderator. */
export const DELETED_REPORTER = 'A deleted account';
