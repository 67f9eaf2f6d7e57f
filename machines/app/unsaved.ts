/**
 * No choice is silently lost (issue 39): a form's chart tells the root whether its edits
 * differ from what it loaded (`edits.changed`); while one does, a way out of it (a view
 * asked for, Back, a link, a sheet closed) is held in `leaving` and asked about (Save /
 * Discard / Stay) instead of taken. The dialog and its words are a chunk of their own.
 */
import type { AppEvent } from './app.context';

/** A form's chart says whether its edits differ from what it loaded; `chart` is its system id. */
export type EditsChanged = { type: 'edits.changed'; chart: string; dirty: boolean };
/** Saving before leaving failed: the person stays on the form, which shows why. */
export type EditsSaveFailed = { type: 'edits.saveFailed' };
/** The person's answer to "leave with unsaved changes?". */
export type LeavingAnswered = { type: 'leaving.answered'; answer: 'save' | 'discard' | 'stay' };
/** Sign-out asked for on Me: asked about like any way out, then the profile chart signs out. */
export type SignOutRequested = { type: 'signOut.requested' };
/** The root's go-ahead to the profile chart once nothing unsaved stands in the way. */
export type SignOutConfirmed = { type: 'logout.confirmed' };
/** What the root tells the form's chart when the person chose Save; Discard needs no word, as leaving stops the chart. */
export type EditsOrder = { type: 'edits.save' };

/** The way out held while the person is asked; `saving` once they chose Save. */
export interface Leaving {
  event: AppEvent;
  saving: boolean;
}

/** The forms a way out leaves: closing the report sheet leaves only the sheet's; any other, all of them. */
export const formsLeftBy = (event: { type: string }, unsaved: readonly string[]): string[] =>
  unsaved.filter((chart) => event.type !== 'report.closed' || chart === 'report');

/**
 * Put first in the transitions of each way out of what is on screen (a view asked for,
 * Back, an address opened, an event, chat or contact exchange opened, the report sheet
 * closed): while a form holds edits the event is held and asked about, not taken.
 */
export const ASK_FIRST = { guard: 'hasUnsaved', actions: 'holdLeaving' } as const;

/** Closing the report sheet asks only about the sheet's own edits, not those of the view under it. */
export const ASK_FIRST_REPORT = { guard: 'hasUnsavedReport', actions: 'holdLeaving' } as const;

/** How the root hears a form and the person's answer (the user state's `on`). */
export const EDITS_TRANSITIONS = {
  'edits.changed': [{ guard: 'isSavedToLeave' as const, actions: ['noteEdits' as const, 'leave' as const] }, { actions: 'noteEdits' as const }],
  'edits.saveFailed': { actions: 'stay' as const },
  'leaving.answered': [
    { guard: { type: 'isAnswer' as const, params: { answer: 'save' as const } }, actions: 'saveToLeave' as const },
    { guard: { type: 'isAnswer' as const, params: { answer: 'discard' as const } }, actions: 'leave' as const },
    { actions: 'stay' as const },
  ],
};
