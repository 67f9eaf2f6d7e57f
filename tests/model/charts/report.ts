/**
 * The report chart as QA's model (issue 16): the report sheet from the moment it opens
 * until it closes — a reason and a note, sending, the thank-you, the offer to block, and
 * the failures of both calls. It opens on Sam's message in the chat with Ada. (From the
 * blocked list, where no block is offered, the chart takes no transition this start does
 * not: tests/components/Report.test.tsx and the e2e journey show that sheet.)
 */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { MESSAGES } from '../../../contract/messages';
import { REPORT_REASON_LABELS as REPORT_REASON_LABELS_SAID, REPORT_THANKS as REPORT_THANKS_SAID, type ReportReason } from '../../../contract/report-texts';
import { ApiError } from '../../../machines/api/client';
import { REPORT_BLOCK_FAILED, blockedAfterReport, canOfferBlock, reportMachine, type ReportContext } from '../../../machines/safety/report.machine';
import { messageReport } from '../../../machines/safety/report-target';
import { ada, sam, storedMessage } from '../fixtures';
import { invocationEvent, type ChartModel } from '../harness';
import { english } from '../../../contract/said';

const REPORT_REASON_LABELS = english(REPORT_REASON_LABELS_SAID);
const REPORT_THANKS = english(REPORT_THANKS_SAID);

export const FILE_DONE = invocationEvent(reportMachine, 'report.sending', 'done');
export const FILE_ERROR = invocationEvent(reportMachine, 'report.sending', 'error');
export const BLOCK_DONE = invocationEvent(reportMachine, 'report.blocking', 'done');
export const BLOCK_ERROR = invocationEvent(reportMachine, 'report.blocking', 'error');

/** Sam's message in the chat with Ada, the one she reports. */
export const SAMS_LINE = storedMessage({ from_user: sam.id, to_user: ada.id, message: 'Why are you ignoring me? Answer me.' });
export const REASON: ReportReason = 'harassment';
export const NOTE = 'He keeps writing after I said no.';
/** The server's refusal of one report too many. */
export const TOO_MANY = 'Too many reports in a short while. Please try again later.';
export const REPORT_ID = 'd0000000-0000-4000-8000-0000000000aa';

const ctx = (s: AnyMachineSnapshot) => s.context as ReportContext;

const sessionGone = { variant: 'session gone', error: new ApiError(401, 'Not signed in') };

function events(type: string, s: AnyMachineSnapshot): AnyEventObject[] | undefined {
  const c = ctx(s);
  const choosing = s.matches('choosing');
  switch (type) {
    case 'report.reasonChosen':
      return choosing && c.reason === null ? [{ type, reason: REASON }] : [];
    case 'report.noteChanged':
      return choosing && c.note === '' ? [{ type, note: NOTE }] : [];
    case 'report.submitted':
      return choosing ? [{ type }] : [];
    // Cancel, or Done once thanked; while a call is on its way both wait (nothing to cause).
    case 'report.closeRequested':
      return s.matches('sending') || s.matches('blocking') ? [] : [{ type }];
    // Only offered where there is someone to block who is not blocked yet.
    case 'report.blockRequested':
      return s.matches('thanked') && canOfferBlock(c.target) ? [{ type }] : [];
    case FILE_DONE:
      return [{ type, output: { success: true, report_id: REPORT_ID } }];
    case FILE_ERROR:
      return [{ type, variant: 'refused', error: new ApiError(429, TOO_MANY) }, { type, ...sessionGone }];
    case BLOCK_DONE:
      return [{ type, output: { success: true } }];
    case BLOCK_ERROR:
      return [{ type, variant: 'server trouble', error: new ApiError(500, null) }, { type, ...sessionGone }];
    // Cancel with a reason chosen or a note written asks first (issue 39); Ada answers Save and go, which the root passes on.
    case 'edits.save':
      return choosing && (c.reason !== null || c.note !== '') ? [{ type }] : [];
    default:
      return undefined;
  }
}

/** After these the sheet is gone in the app: closed, or the session ended. */
export const endsSheet = (e: AnyEventObject) => e.type === 'report.closeRequested' || e.variant === 'session gone' || e.type === 'edits.save';

const gone = 'the chat, the sheet closed';

export const reportModel: ChartModel = {
  name: 'report',
  machine: reportMachine,
  starts: [
    {
      label: `Ada presses Report on ${sam.name}’s message “${SAMS_LINE.message}” in their chat`,
      input: { user: ada, target: messageReport({ id: SAMS_LINE.id, text: SAMS_LINE.message }, sam).target },
    },
  ],
  events,
  serializeState: (s) => {
    const c = ctx(s);
    return JSON.stringify([s.value, c.reason, c.note !== '', c.error]);
  },
  endsPath: endsSheet,
  say: (e) => {
    switch (e.type) {
      case 'report.reasonChosen':
        return `Ada chooses “${REPORT_REASON_LABELS[e.reason as ReportReason]}”`;
      case 'report.noteChanged':
        return `Ada adds the note “${e.note}”`;
      case 'report.submitted':
        return 'Ada presses Send report';
      case 'report.closeRequested':
        return 'Ada presses Cancel (or Done)';
      case 'edits.save':
        return 'Ada closes the sheet, is asked about her unsaved report, and answers Save and go';
      case 'report.blockRequested':
        return 'Ada presses Block them too';
      case FILE_DONE:
        return 'the server keeps the report';
      case BLOCK_DONE:
        return 'the server keeps the block';
      default:
        return e.variant === 'session gone'
          ? 'the server answers that her session is gone'
          : e.variant === 'refused'
            ? 'the server refuses: too many reports in a short while'
            : 'the server fails';
    }
  },
  see: {
    choosing: (s, e) => {
      if (e.type === 'report.closeRequested') return gone;
      const c = ctx(s);
      if (c.error) return c.reason ? `the sheet saying “${c.error.message}”, her choice and note kept` : `the sheet asking “${c.error.message}”`;
      return `the sheet: what happened (five reasons${c.reason ? `, “${REPORT_REASON_LABELS[c.reason]}” chosen` : ''}), the note${c.note ? ' with its count' : ''}, Send report and Cancel`;
    },
    sending: (_s, e) => (e.variant === 'session gone' ? `the login view, with “${MESSAGES.userNotLoggedIn.message}”` : 'Send report says Sending…, and nothing can be pressed'),
    thanked: (s, e) => {
      if (e.type === 'report.closeRequested') return gone;
      const c = ctx(s);
      if (c.error) return `the thank-you, “${REPORT_BLOCK_FAILED.message}”, and Block them too again`;
      return canOfferBlock(c.target) ? `“${REPORT_THANKS}”, the offer to block ${sam.name}, Block them too and Done` : `“${REPORT_THANKS}” and Done, no offer to block`;
    },
    blocking: (_s, e) => (e.variant === 'session gone' ? `the login view, with “${MESSAGES.userNotLoggedIn.message}”` : 'Block them too says Blocking…, and nothing can be pressed'),
    blocked: (s, e) => (e.type === 'report.closeRequested' ? gone : `the thank-you, “${blockedAfterReport(sam.name).message}” and Done`),
  },
  about:
    'The report sheet over the whole app, opened by Report on Sam’s message in the chat with Ada (a deep link to ' +
    'the chat). The report and block calls are doubles the path settles; everything else is msw.',
};
