/**
 * One event of the admin Events table as QA's model (issue 16): shown ⇄ hidden, or
 * removed, each through a form for the reason first.
 */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { AdminEvent } from '../../../contract/admin-events';
import { adminEventMachine, moderationDone, type EventModeration } from '../../../machines/admin/admin-event.machine';
import type { FormErrors } from '../../../machines/form-errors';
import { adminEvent, hiddenEvent } from '../admin-fixtures';
import { admin } from '../fixtures';
import { invocationEvent, type ChartModel } from '../harness';
import { SIGNED_OUT, sessionGone, trouble } from './admin-common';

export const MODERATE_DONE = invocationEvent(adminEventMachine, 'adminEvent.working', 'done');
export const MODERATE_ERROR = invocationEvent(adminEventMachine, 'adminEvent.working', 'error');

export const REASON = 'Spam event advertising a shop';
export const EVENT = adminEvent(1);

interface Row {
  event: AdminEvent;
  action: EventModeration;
  reason: string;
  errors: FormErrors;
}
const ctx = (s: AnyMachineSnapshot) => s.context as Row;

/** What the server answers, as the row's call gives it back: the event as it now stands, and how many attendees were told. */
function done(c: Row) {
  if (c.action === 'remove') return { event: null, told: c.event.attendee_count };
  if (c.action === 'hide') return { event: hiddenEvent(c.event, c.reason), told: c.event.attendee_count };
  return { event: { ...c.event, is_hidden: false, hidden_at: null, hidden_reason: null }, told: 0 };
}

function events(type: string, s: AnyMachineSnapshot): AnyEventObject[] | undefined {
  const c = ctx(s);
  switch (type) {
    case 'hide.requested':
    case 'unhide.requested':
    case 'remove.requested':
    case 'moderation.cancelled':
    case 'moderation.submitted':
      return [{ type }];
    case 'moderation.reasonChanged':
      return c.reason === '' ? [{ type, value: REASON }] : [];
    case MODERATE_DONE:
      return [{ type, output: done(c) }];
    case MODERATE_ERROR:
      return trouble('both').map((v) => ({ type, ...v }));
    default:
      return undefined;
  }
}

const PRESS: Record<string, string> = {
  'hide.requested': 'Hide',
  'unhide.requested': 'Show again',
  'remove.requested': 'Remove',
  'moderation.cancelled': 'Cancel',
};
const SUBMIT: Record<EventModeration, string> = { hide: 'Hide event', unhide: 'Show event again', remove: 'Remove event' };
const BUSY: Record<EventModeration, string> = { hide: 'Hiding…', unhide: 'Showing…', remove: 'Removing…' };

export const adminEventModel: ChartModel = {
  name: 'admin event',
  machine: adminEventMachine,
  starts: [
    { label: `the admin opens Events; ${EVENT.name} is shown`, input: { adminId: admin.id, event: EVENT } },
    { label: `the admin opens Events; ${EVENT.name} is hidden`, input: { adminId: admin.id, event: hiddenEvent(EVENT, REASON) } },
  ],
  events,
  serializeState: (s) => {
    const c = ctx(s);
    return JSON.stringify([s.value, c.event.is_hidden, c.action, c.reason, c.errors]);
  },
  endsPath: sessionGone,
  say: (e, before) => {
    if (PRESS[e.type]) return `the admin presses ${PRESS[e.type]}`;
    switch (e.type) {
      case 'moderation.reasonChanged':
        return `the admin writes the reason “${e.value}”`;
      case 'moderation.submitted':
        return `the admin presses ${SUBMIT[ctx(before).action]}`;
      case MODERATE_DONE:
        return 'the server agrees';
      default:
        return sessionGone(e) ? 'the server says the admin’s session is gone' : 'the server fails';
    }
  },
  see: {
    shown: (s, e) => `the event shown, with Hide and Remove${e.type === MODERATE_DONE ? `, and the toast “${moderationDone(ctx(s).action, 0).message}”` : ''}`,
    hidden: (s, e) =>
      `the event hidden, with its reason, Show again and Remove${
        e.type === MODERATE_DONE ? `, and the toast “${moderationDone('hide', ctx(s).event.attendee_count).message}”` : ''
      }`,
    editing: (s, e) => {
      if (sessionGone(e)) return SIGNED_OUT;
      const c = ctx(s);
      const said = [...Object.values(c.errors.fields), c.errors.form].filter(Boolean);
      return `the form to ${c.action === 'unhide' ? 'show it again' : `${c.action} it`}${said.length ? `, saying “${said.map((m) => m?.message).join('”, “')}”` : ''}`;
    },
    working: (s) => `the form’s button says ${BUSY[ctx(s).action]}`,
    removed: (s) => `the event removed, with no buttons, and the toast “${moderationDone('remove', ctx(s).event.attendee_count).message}”`,
  },
  about:
    'One row of the admin Events table, in the whole app’s admin area. The list is answered by msw at once; hiding, ' +
    'showing again and removing are held until the path says how they end.',
};
