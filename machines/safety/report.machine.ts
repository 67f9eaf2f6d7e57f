/**
 * The report sheet (issue 16): the person says what happened (a reason, and a note if they
 * like), sends it, and is thanked at once; the sheet then offers to block the person too,
 * unless they are blocked already or hidden. A block never stops a report, so reporting
 * works from the blocked list too. A refusal is said in the sheet with the server's own
 * words and nothing typed is lost. The root chart spawns this while the sheet is open
 * and stops it on 'report.closed'.
 */
import { assign, fromPromise, sendParent, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { User } from '../../contract/common';
import { REPORT_NOTE_MAX, type ReportReason } from '../../contract/report-texts';
import type { ReportAnswer, ReportBody } from '../../contract/reports';
import { api, detailOr, errorOf } from '../api/client';
import { blockUser } from './block';
import type { ReportTarget } from './report-target';
import { isSessionGone, reportSessionGone } from '../session-gone';
import { englishOf, sentence, type Said, type SaidValue } from '../../contract/said';
import { nameOf } from '../../contract/constants';
import { editsChanged, type EditsOrder, type EditsSaveFailed } from '../app/form-edits';

// Not SPEC 8's texts: SPEC has no report.
export const REPORT_REASON_NEEDED: Said = /*i18n*/ { id: 'safety.reportReasonNeeded', message: 'Choose what happened, so a moderator knows what to look for.' };
export const REPORT_FAILED: Said = /*i18n*/ { id: 'safety.reportFailed', message: "We couldn't send your report just now. Please try again." };
export const REPORT_BLOCK_FAILED: Said = /*i18n*/ { id: 'safety.reportBlockFailed', message: "We couldn't block them just now. Your report is sent, and you can try again." };
const offerNamed = sentence(
  /*i18n*/ { id: 'safety.blockOffer', message: "Do you want to block {name} too? They won't be able to see you or contact you, and they won't be told." },
  ({ name }: { name: SaidValue }) => `Do you want to block ${englishOf(name)} too? They won't be able to see you or contact you, and they won't be told.`,
);
const OFFER_THEM: Said = /*i18n*/ {
  id: 'safety.blockOfferThem',
  message: "Do you want to block them too? They won't be able to see you or contact you, and they won't be told.",
};
const blockedNamed = sentence(
  /*i18n*/ { id: 'safety.blockedAfterReport', message: "You blocked {name}. They can't see you or contact you, and they won't be told." },
  ({ name }: { name: SaidValue }) => `You blocked ${englishOf(name)}. They can't see you or contact you, and they won't be told.`,
);
const BLOCKED_THEM: Said = /*i18n*/ {
  id: 'safety.blockedAfterReportThem',
  message: "You blocked them. They can't see you or contact you, and they won't be told.",
};
/** `name`: null for a photo's sharer, who is not named there. */
export const blockOffer = (name: string | null): Said => (name === null ? OFFER_THEM : offerNamed({ name: nameOf(name) }));
export const blockedAfterReport = (name: string | null): Said => (name === null ? BLOCKED_THEM : blockedNamed({ name: nameOf(name) }));

export type ReportEvent =
  | { type: 'report.reasonChosen'; reason: ReportReason }
  | { type: 'report.noteChanged'; note: string }
  | { type: 'report.submitted' }
  // From the root, as the sheet closes with edits (issue 39): send the report.
  | EditsOrder
  | { type: 'report.blockRequested' }
  | { type: 'report.closeRequested' };

/** Told to the root: the sheet may close; a report was filed (lists of reports load again); the person was blocked (lists drop them). */
export type ReportNews = { type: 'report.closed' } | { type: 'report.filed' } | { type: 'report.blocked'; userId: string };

export interface ReportContext {
  user: User;
  target: ReportTarget;
  reason: ReportReason | null;
  note: string;
  /** Why the last step did not go through, said in the sheet (the banner behind is covered). */
  error: Said | null;
}

export const reportMachine = setup({
  types: {
    context: {} as ReportContext,
    input: {} as { user: User; target: ReportTarget },
    events: {} as ReportEvent,
  },
  actors: {
    fileReport: fromPromise<ReportAnswer, { userId: string; body: ReportBody }>(({ input }) => api.report(input.userId, input.body)),
    blockUser,
  },
  guards: {
    isSessionGone,
    hasReason: ({ context }) => context.reason !== null,
    canOfferBlock: ({ context }) => canOfferBlock(context.target),
  },
  actions: {
    close: sendParent({ type: 'report.closed' } satisfies ReportNews),
    tellFiled: sendParent({ type: 'report.filed' } satisfies ReportNews),
    tellBlocked: sendParent(({ context }): ReportNews => ({ type: 'report.blocked', userId: context.target.personId! })),
    reportSessionGone: reportSessionGone(),
    showRefusal: assign({ error: ({ event }) => detailOr(errorOf(event), REPORT_FAILED) }),
    // A reason chosen or a note written is an edit (issue 39): closing the sheet asks first.
    tellEdits: sendParent(({ context }) => editsChanged('report', { reason: context.reason, note: context.note.trim() }, { reason: null, note: '' })),
    tellNoEdits: sendParent(editsChanged('report', null, null)),
    tellSaveFailed: sendParent({ type: 'edits.saveFailed' } satisfies EditsSaveFailed),
  },
}).createMachine({
  id: 'report',
  context: ({ input }) => ({ user: input.user, target: input.target, reason: null, note: '', error: null }),
  initial: 'choosing',
  states: {
    choosing: {
      on: {
        'report.reasonChosen': { actions: [assign({ reason: ({ event }) => event.reason, error: null }), 'tellEdits'] },
        // Never more than the server takes; the field stops there too.
        'report.noteChanged': { actions: [assign({ note: ({ event }) => event.note.slice(0, REPORT_NOTE_MAX) }), 'tellEdits'] },
        'report.submitted': [
          { guard: 'hasReason', target: 'sending', actions: assign({ error: null }) },
          { actions: assign({ error: REPORT_REASON_NEEDED }) },
        ],
        // Save, as the sheet closes with edits: the report is sent (it needs its reason first).
        'edits.save': [
          { guard: 'hasReason', target: 'sending', actions: assign({ error: null }) },
          { actions: [assign({ error: REPORT_REASON_NEEDED }), 'tellSaveFailed'] },
        ],
        'report.closeRequested': { actions: 'close' },
      },
    },
    // Closing waits for the answer: the person learns whether the report went.
    sending: {
      invoke: {
        src: 'fileReport',
        input: ({ context }) => ({
          userId: context.user.id,
          body: { target_type: context.target.type, target_id: context.target.id, reason: context.reason!, note: context.note.trim() || null },
        }),
        onDone: { target: 'thanked', actions: ['tellFiled', 'tellNoEdits'] },
        onError: [
          { guard: 'isSessionGone', actions: 'reportSessionGone' },
          { target: 'choosing', actions: ['showRefusal', 'tellSaveFailed'] },
        ],
      },
    },
    thanked: {
      on: {
        'report.blockRequested': { guard: 'canOfferBlock', target: 'blocking', actions: assign({ error: null }) },
        'report.closeRequested': { actions: 'close' },
      },
    },
    blocking: {
      invoke: {
        src: 'blockUser',
        input: ({ context }) => ({ userId: context.user.id, blockedId: context.target.personId! }),
        onDone: { target: 'blocked', actions: 'tellBlocked' },
        onError: [
          { guard: 'isSessionGone', actions: 'reportSessionGone' },
          { target: 'thanked', actions: assign({ error: REPORT_BLOCK_FAILED }) },
        ],
      },
    },
    blocked: {
      on: { 'report.closeRequested': { actions: 'close' } },
    },
  },
});

export type ReportActorRef = ActorRefFrom<typeof reportMachine>;
export type ReportSnapshot = SnapshotFrom<typeof reportMachine>;

/** Block is offered after a report for a person the reporter knows and has not blocked yet. */
export const canOfferBlock = (target: ReportTarget): boolean => target.personId !== null && !target.blocked;

export type ReportStep = 'choosing' | 'sending' | 'thanked' | 'blocking' | 'blocked';
export const selectReportStep = (s: ReportSnapshot): ReportStep =>
  s.matches('sending') ? 'sending' : s.matches('thanked') ? 'thanked' : s.matches('blocking') ? 'blocking' : s.matches('blocked') ? 'blocked' : 'choosing';

/** The sheet's title: what is being reported. */
const reportPerson = sentence(/*i18n*/ { id: 'safety.reportPerson', message: 'Report {name}' }, ({ name }: { name: SaidValue }) => `Report ${englishOf(name)}`);
const reportMessageFrom = sentence(
  /*i18n*/ { id: 'safety.reportMessageFrom', message: 'Report a message from {name}' },
  ({ name }: { name: SaidValue }) => `Report a message from ${englishOf(name)}`,
);
const REPORT_PHOTO: Said = /*i18n*/ { id: 'safety.reportPhoto', message: 'Report a photo' };
const reportMoveOf = sentence(
  /*i18n*/ { id: 'safety.reportOpeningMove', message: "Report {name}'s opening move" },
  ({ name }: { name: SaidValue }) => `Report ${englishOf(name)}'s opening move`,
);

export function reportTitle(target: ReportTarget): Said {
  switch (target.type) {
    case 'user':
      return reportPerson({ name: nameOf(target.personName) });
    case 'photo':
      return REPORT_PHOTO;
    case 'opening_move':
      return reportMoveOf({ name: nameOf(target.personName) });
    default:
      return reportMessageFrom({ name: nameOf(target.personName) });
  }
}

/** The note's count, as the sheet shows it under the field. */
const charactersOf = sentence(
  /*i18n*/ { id: 'safety.noteCount', message: '{n} of {max} characters' },
  ({ n, max }: { n: number; max: number }) => `${n} of ${max} characters`,
);
export const noteCount = (note: string): Said => charactersOf({ n: note.length, max: REPORT_NOTE_MAX });

/** How the sheet names the person in its offer to block: a photo's sharer has no name there (null). */
export const blockName = (target: ReportTarget): string | null => (target.type === 'photo' ? null : target.personName);
