/**
 * What a report is about, as the views that offer Report name it (issue 16): a person, a
 * one-to-one message, a group message or a photo. Apart from report.machine.ts so the
 * views carry these few lines and not the sheet's chart, which arrives in a chunk of its
 * own when Report is first pressed.
 */
import type { ReportTargetType } from '../../contract/report-texts';

export interface ReportTarget {
  type: ReportTargetType;
  /** The person's, message's or photo's id (the report's `target_id`). */
  id: string;
  /**
   * The person it is about, when the reporter may know who (Block is offered for them);
   * null when they are hidden (an anonymous author), and the server finds them itself.
   */
  personId: string | null;
  /** How the sheet names them, as the reporter sees them ('Sam Reed', 'Anonymous attendee'). */
  personName: string;
  /** What was said or shown, quoted in the sheet so the reporter sees what they report. */
  excerpt: string | null;
  /** Already blocked (reported from the blocked list): the sheet offers no block. */
  blocked: boolean;
}

/** Sent to the root by a Report button: the root opens the sheet (its chart in a chunk of its own). */
export type ReportOpened = { type: 'report.opened'; target: ReportTarget };

/** A person, from their card, a chat's header (blocked there, or not) or the blocked list. */
export const personReport = (person: { id: string; name: string }, blocked = false): ReportOpened => ({
  type: 'report.opened',
  target: { type: 'user', id: person.id, personId: person.id, personName: person.name, excerpt: null, blocked },
});

/** A message in a one-to-one chat, from the person the chat is with (blocked already from that chat, or not). */
export const messageReport = (message: { id: string; text: string }, from: { id: string; name: string }, blocked = false): ReportOpened => ({
  type: 'report.opened',
  target: { type: 'message', id: message.id, personId: from.id, personName: from.name, excerpt: message.text, blocked },
});

/** A message in a group chat; its author may be hidden (no id: nobody to offer to block). */
export const groupMessageReport = (m: { id: string; from_user: string | null; from_name: string; message: string }): ReportOpened => ({
  type: 'report.opened',
  target: { type: 'group_message', id: m.id, personId: m.from_user, personName: m.from_name, excerpt: m.message, blocked: false },
});

/** An opening move on a nearby card (issue 43): its words are quoted, its owner may be blocked. */
export const openingMoveReport = (move: { id: string; text: string }, owner: { id: string; name: string }): ReportOpened => ({
  type: 'report.opened',
  target: { type: 'opening_move', id: move.id, personId: owner.id, personName: owner.name, excerpt: move.text, blocked: false },
});

/** How the sheet names a photo's sharer, whom the gallery does not name. */
export const PHOTO_SHARER = 'the person who shared it';

/** A photo in the event's gallery, by whoever shared it (their id, when the viewer may know it). */
export const photoReport = (p: { id: string; user_id: string | null; caption: string | null }): ReportOpened => ({
  type: 'report.opened',
  target: { type: 'photo', id: p.id, personId: p.user_id, personName: PHOTO_SHARER, excerpt: p.caption, blocked: false },
});
