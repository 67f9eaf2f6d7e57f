/**
 * One report of the moderator queue as QA's model (issue 16): open, resolved through the
 * form of the action chosen (a warning's words, a ban's reason and length), or shown as
 * resolved already.
 */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { AdminReport } from '../../../contract/admin-reports';
import { adminReportMachine, resolvedMessage, type ResolveDraft } from '../../../machines/admin/admin-report.machine';
import type { FormErrors } from '../../../machines/form-errors';
import { messageReport, resolvedReport } from '../admin-fixtures';
import { admin } from '../fixtures';
import { invocationEvent, type ChartModel } from '../harness';
import { SIGNED_OUT, sessionGone, trouble } from './admin-common';

export const RESOLVE_DONE = invocationEvent(adminReportMachine, 'adminReport.resolving', 'done');
export const RESOLVE_ERROR = invocationEvent(adminReportMachine, 'adminReport.resolving', 'error');

export const WARNING = 'Please keep your messages kind.';
export const BAN_REASON = 'Threats in a private chat';

interface Row {
  report: AdminReport;
  draft: ResolveDraft;
  errors: FormErrors;
}
const ctx = (s: AnyMachineSnapshot) => s.context as Row;

/** The report the paths start with: open, or resolved with a warning. */
export const openReport = messageReport(1);
export const warnedReport = resolvedReport(messageReport(1), 'warn', WARNING);

function events(type: string, s: AnyMachineSnapshot): AnyEventObject[] | undefined {
  const c = ctx(s);
  switch (type) {
    // Of the four, Warn (the words the person reads) and Ban (a reason and a length) have forms with most to check.
    case 'resolve.opened':
      return [
        { type, action: 'warn' },
        { type, action: 'ban' },
      ];
    case 'resolve.fieldChanged':
      return [
        ...(c.draft.reason === '' ? [{ type, field: 'reason', value: c.draft.action === 'warn' ? WARNING : BAN_REASON, variant: 'reason' }] : []),
        ...(c.draft.action !== 'ban'
          ? []
          : c.draft.days === '400'
            ? [{ type, field: 'days', value: '30', variant: '30 days' }]
            : [{ type, field: 'days', value: '400', variant: '400 days' }]),
      ];
    case 'resolve.cancelled':
    case 'resolve.submitted':
      return [{ type }];
    case RESOLVE_DONE:
      return [
        {
          type,
          output: { success: true, resolved_report_ids: [c.report.id], report: resolvedReport(c.report, c.draft.action, c.draft.reason) },
        },
      ];
    case RESOLVE_ERROR:
      return trouble('both').map((v) => ({ type, ...v }));
    default:
      return undefined;
  }
}

export const adminReportModel: ChartModel = {
  name: 'admin report',
  machine: adminReportMachine,
  starts: [
    { label: 'the admin opens Reports and Rae’s report of a message from Kit Loud', input: { adminId: admin.id, report: openReport } },
    { label: 'the admin opens Reports, Resolved, and Rae’s report, resolved with a warning', input: { adminId: admin.id, report: warnedReport } },
  ],
  events,
  serializeState: (s) => {
    const c = ctx(s);
    return JSON.stringify([s.value, c.draft, c.errors]);
  },
  endsPath: sessionGone,
  say: (e, before) => {
    switch (e.type) {
      case 'resolve.opened':
        return e.action === 'warn' ? 'the admin presses Warn Kit Loud' : 'the admin presses Ban Kit Loud';
      case 'resolve.fieldChanged':
        return e.field === 'reason' ? `the admin writes “${e.value}”` : `the admin sets the duration to ${e.value} days`;
      case 'resolve.cancelled':
        return 'the admin presses Cancel';
      case 'resolve.submitted':
        return `the admin presses ${ctx(before).draft.action === 'warn' ? 'Send warning' : 'Ban user'}`;
      case RESOLVE_DONE:
        return 'the server agrees';
      default:
        return sessionGone(e) ? 'the server says the admin’s session is gone' : 'the server fails';
    }
  },
  see: {
    'open.idle': () => 'the report in context, with Dismiss, Remove the message, Warn Kit Loud and Ban Kit Loud',
    'open.editing': (s, e) => {
      if (sessionGone(e)) return SIGNED_OUT;
      const c = ctx(s);
      const said = [...Object.values(c.errors.fields), c.errors.form].filter(Boolean);
      const form = c.draft.action === 'warn' ? 'the warning form' : 'the ban form';
      return `${form}${said.length ? ` saying “${said.map((m) => m?.message).join('”, “')}”` : ''}`;
    },
    resolving: (s) => `the form’s button says ${ctx(s).draft.action === 'warn' ? 'Sending…' : 'Banning…'}`,
    resolved: (s, e) =>
      e.type === RESOLVE_DONE
        ? `the toast “${resolvedMessage(ctx(s).draft.action, [ctx(s).report.id]).message}”, and the queue loading again without it`
        : `the report with its resolution: warned, “${WARNING}”`,
  },
  about:
    'One report of the moderator queue, open for review in the whole app’s admin area. The queue’s pages are answered ' +
    'by msw at once; the resolve call is held until the path says how it ends. Dismiss and Remove use the same form ' +
    'and transitions as Warn and Ban, so the paths take those two.',
};
