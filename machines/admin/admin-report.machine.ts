/**
 * One report in the moderator queue (issue 16): open until a moderator resolves it.
 * Dismiss, Remove the content, Warn and Ban each open a short form first (the reason
 * always; for a ban, temporary for 1 to 365 days or permanent), as the Users table's ban
 * and warn do, so no press acts at once. An action that cannot apply is not offered: no
 * removal once the content is gone, no warning or ban for someone banned. Once resolved,
 * it tells the queue, which loads its page again.
 */
import { assertEvent, assign, fromPromise, sendParent, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { BanType } from '../../contract/admin';
import type { AdminReport, ResolveAction, ResolveReportAnswer, ResolveReportBody } from '../../contract/admin-reports';
import { MESSAGES } from '../../contract/messages';
import { banFormError, type RuleBroken } from '../../contract/rules';
import { adminApi } from '../api/admin';
import { errorOf } from '../api/request';
import { failedWith } from './admin-pages';
import { englishOf, sentence, type Said } from '../../contract/said';
import { DEFAULT_BAN_DAYS, WARNING_REASON_REQUIRED, banDraftOf, banRequestOf } from './ban.machine';
import { NO_ERRORS, errorsFromFailure, fieldError, focusFirstError, withoutFieldError, type FormErrors } from '../form-errors';
import { isSessionGone } from '../session-gone';

/** The form as typed: days stay text until submitted, so a half-typed number is kept. */
export interface ResolveDraft {
  action: ResolveAction;
  reason: string;
  ban_type: BanType;
  days: string;
}

export type ResolveField = 'reason' | 'ban_type' | 'days';
type ErrorField = 'reason' | 'days';

export type AdminReportRowEvent =
  | { type: 'resolve.opened'; action: ResolveAction }
  | { type: 'resolve.fieldChanged'; field: ResolveField; value: string }
  | { type: 'resolve.cancelled' }
  | { type: 'resolve.submitted' };

/** What a report tells the queue once resolved: every report resolved with it, and the toast. */
export type ReportResolved = { type: 'review.resolved'; reportIds: string[]; message: Said };

interface AdminReportContext {
  adminId: string;
  report: AdminReport;
  draft: ResolveDraft;
  errors: FormErrors<ErrorField>;
}

/** The actions in the order the report offers them. */
export const RESOLVE_ORDER: readonly ResolveAction[] = ['dismiss', 'remove_content', 'warn', 'ban'];

/** The form's element id (fieldDomId): one per report. */
export const resolveFormId = (reportId: string): string => `resolve-${reportId}`;
const ERROR_ORDER: readonly ErrorField[] = ['reason', 'days'];

const RESOLVE_FAILED: Said = /*i18n*/ { id: 'admin.resolveFailed', message: 'Failed to resolve report' };
const DONE: Record<ResolveAction, Said> = {
  dismiss: /*i18n*/ { id: 'admin.reportDismissed', message: 'Report dismissed' },
  remove_content: /*i18n*/ { id: 'admin.contentRemoved', message: 'Content removed' },
  warn: MESSAGES.warningIssued,
  ban: MESSAGES.userBanned,
};
const FAILED: Record<ResolveAction, Said> = {
  dismiss: RESOLVE_FAILED,
  remove_content: RESOLVE_FAILED,
  warn: MESSAGES.failedWarnUser,
  ban: MESSAGES.failedBanUser,
};

/** What was done, with how many other reports of the same thing it resolved. */
export const resolvedWithOthers = sentence(
  /*i18n*/ {
    id: 'admin.resolvedWithOthers',
    message: '{done} (with {others, plural, one {# other report} other {# other reports}} of the same thing)',
  },
  ({ done, others }: { done: Said | string; others: number }) =>
    `${englishOf(done)} (with ${others} ${others === 1 ? 'other report' : 'other reports'} of the same thing)`,
);

/** The toast: what was done, and how many other reports of the same thing it resolved. */
export function resolvedMessage(action: ResolveAction, reportIds: readonly string[]): Said {
  const others = reportIds.length - 1;
  return others > 0 ? resolvedWithOthers({ done: DONE[action], others }) : DONE[action];
}

/** What this report may still have done to it (see the header). */
export function offeredActions(report: AdminReport): ResolveAction[] {
  const person = report.reported_user;
  const removable = !report.context.content_removed && (report.target_type !== 'user' || person.photo_data !== null);
  return RESOLVE_ORDER.filter((action) => {
    if (action === 'remove_content') return removable;
    if (action === 'warn' || action === 'ban') return !person.is_banned;
    return true;
  });
}

/** The form's rules: a reason always (for a warning, the words the person reads); a ban's as the Users table has them. */
export function resolveFormError(d: ResolveDraft): RuleBroken<ErrorField> | null {
  const broken = banFormError({ ...banDraftOf(d), ban_type: d.action === 'ban' ? d.ban_type : 'permanent' });
  if (!broken) return null;
  if (broken.field === 'duration_days') return { field: 'days', message: broken.message };
  return { field: 'reason', message: d.action === 'warn' ? WARNING_REASON_REQUIRED : broken.message };
}

/** The body the server takes: a duration only for a temporary ban. */
export function resolveBodyOf(d: ResolveDraft): ResolveReportBody {
  const reason = d.reason.trim();
  return d.action === 'ban' ? { action: d.action, reason, duration_days: banRequestOf(d).duration_days } : { action: d.action, reason };
}

const draftFor = (action: ResolveAction): ResolveDraft => ({ action, reason: '', ban_type: 'temporary', days: DEFAULT_BAN_DAYS });

type ResolveCall = { adminId: string; reportId: string; body: ResolveReportBody };

export const adminReportMachine = setup({
  types: {
    context: {} as AdminReportContext,
    input: {} as { adminId: string; report: AdminReport },
    events: {} as AdminReportRowEvent,
  },
  actors: {
    resolve: fromPromise<ResolveReportAnswer, ResolveCall>(({ input }) => adminApi.resolveReport(input.adminId, input.reportId, input.body)),
  },
  guards: {
    isResolved: ({ context }) => context.report.status === 'resolved',
    isOffered: ({ context, event }) => event.type === 'resolve.opened' && offeredActions(context.report).includes(event.action),
    isDraftInvalid: ({ context }) => resolveFormError(context.draft) !== null,
    // Wrapped, not the bare shared guard: beside actions with params, a function that is not
    // context-typed makes TypeScript infer every params as unknown.
    isSessionGone: (args) => isSessionGone(args),
  },
  actions: {
    openForm: assign(({ event }) => {
      assertEvent(event, 'resolve.opened');
      return { draft: draftFor(event.action), errors: NO_ERRORS };
    }),
    updateDraft: assign(({ context, event }) => {
      assertEvent(event, 'resolve.fieldChanged');
      const settled: ErrorField = event.field === 'reason' ? 'reason' : 'days';
      return { draft: { ...context.draft, [event.field]: event.value }, errors: withoutFieldError(context.errors, settled) };
    }),
    showRuleBroken: assign({
      errors: ({ context }) => {
        const broken = resolveFormError(context.draft)!;
        return fieldError(broken.field, broken.message);
      },
    }),
    // The form stays open with what was typed and the server's words, so the admin can try again.
    showFailure: assign({
      errors: ({ context, event }) =>
        errorsFromFailure<ErrorField>(errorOf(event), {
          fields: { reason: 'reason', duration_days: 'days' },
          fallback: FAILED[context.draft.action],
        }),
    }),
    focusError: ({ context }) => focusFirstError(resolveFormId(context.report.id), ERROR_ORDER, context.errors),
    keepReport: assign({ report: (_, params: { answer: ResolveReportAnswer }) => params.answer.report }),
    tellQueue: sendParent(({ context }, params: { answer: ResolveReportAnswer }) => ({
      type: 'review.resolved' as const,
      reportIds: params.answer.resolved_report_ids,
      message: resolvedMessage(context.draft.action, params.answer.resolved_report_ids),
    })),
    // A 401 means the admin session is gone; the admin chart signs out instead of showing it.
    reportFailure: sendParent(({ context, event }) => failedWith(event, FAILED[context.draft.action])),
  },
}).createMachine({
  id: 'adminReport',
  context: ({ input }) => ({ adminId: input.adminId, report: input.report, draft: draftFor('dismiss'), errors: NO_ERRORS }),
  initial: 'settling',
  states: {
    settling: {
      always: [{ guard: 'isResolved', target: 'resolved' }, { target: 'open' }],
    },
    open: {
      initial: 'idle',
      states: {
        idle: {
          on: { 'resolve.opened': { guard: 'isOffered', target: 'editing', actions: 'openForm' } },
        },
        // The reason (and a ban's length), written before anything is sent: the confirmation step.
        editing: {
          on: {
            'resolve.fieldChanged': { actions: 'updateDraft' },
            'resolve.cancelled': 'idle',
            'resolve.submitted': [{ guard: 'isDraftInvalid', actions: ['showRuleBroken', 'focusError'] }, { target: '#adminReport.resolving' }],
          },
        },
      },
    },
    resolving: {
      invoke: {
        src: 'resolve',
        input: ({ context }) => ({ adminId: context.adminId, reportId: context.report.id, body: resolveBodyOf(context.draft) }),
        onDone: {
          target: 'resolved',
          actions: [
            { type: 'keepReport', params: ({ event }) => ({ answer: event.output }) },
            { type: 'tellQueue', params: ({ event }) => ({ answer: event.output }) },
          ],
        },
        onError: [
          { guard: 'isSessionGone', target: 'open.editing', actions: 'reportFailure' },
          { target: 'open.editing', actions: ['showFailure', 'focusError'] },
        ],
      },
    },
    resolved: {},
  },
});

export type AdminReportActorRef = ActorRefFrom<typeof adminReportMachine>;
export type AdminReportSnapshot = SnapshotFrom<typeof adminReportMachine>;

/** The actions offered now: none while a form is open or the call is under way. */
export const reportOffers = (s: AdminReportSnapshot): ResolveAction[] =>
  s.matches({ open: 'idle' }) ? offeredActions(s.context.report) : [];
export const isResolveFormOpen = (s: AdminReportSnapshot): boolean => s.matches({ open: 'editing' }) || s.matches('resolving');
export const isResolving = (s: AdminReportSnapshot): boolean => s.matches('resolving');
