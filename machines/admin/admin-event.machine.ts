/**
 * One event in the admin Events table (issue 16): shown ⇄ hidden, or removed for good.
 * Hide, Show again and Remove each open a short form for the reason first (kept in the
 * audit log; the attendees are told kindly, never the reason), so no press acts at once.
 * Results go to the parent (the Events screen's chart), which passes them to the admin
 * chart; a form's own problems are said beside its field, with focus moved there.
 */
import { assertEvent, assign, fromPromise, sendParent, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { AdminEvent } from '../../contract/admin-events';
import { adminApi, type EventModeration } from '../api/admin';
import { errorOf } from '../api/request';
import { isSessionGone } from '../session-gone';
import { failedWith, succeeded } from './admin-pages';
import { NO_ERRORS, errorsFromFailure, fieldError, focusFirstError, type FormErrors } from '../form-errors';
import { englishOf, sentence, type Said } from '../../contract/said';

export type { EventModeration };

export type AdminEventRowEvent =
  | { type: 'hide.requested' }
  | { type: 'unhide.requested' }
  | { type: 'remove.requested' }
  | { type: 'moderation.reasonChanged'; value: string }
  | { type: 'moderation.cancelled' }
  | { type: 'moderation.submitted' };

interface AdminEventContext {
  adminId: string;
  event: AdminEvent;
  /** What the open form does. */
  action: EventModeration;
  reason: string;
  errors: FormErrors<'reason'>;
}

/** The form's element id (fieldDomId): one per row. */
export const eventFormId = (eventId: string): string => `event-${eventId}`;

/** Said beside an empty reason. */
export const EVENT_REASON_REQUIRED: Said = /*i18n*/ { id: 'admin.eventReasonRequired', message: 'Please write why: it is kept in the audit log.' };

const DONE: Record<EventModeration, Said> = {
  hide: /*i18n*/ { id: 'admin.eventHidden', message: 'Event hidden' },
  unhide: /*i18n*/ { id: 'admin.eventShown', message: 'Event shown again' },
  remove: /*i18n*/ { id: 'admin.eventRemoved', message: 'Event removed' },
};
const FAILED: Record<EventModeration, Said> = {
  hide: /*i18n*/ { id: 'admin.failedHideEvent', message: 'Failed to hide event' },
  unhide: /*i18n*/ { id: 'admin.failedShowEvent', message: 'Failed to show event' },
  remove: /*i18n*/ { id: 'admin.failedRemoveEvent', message: 'Failed to remove event' },
};

/** What was done to an event, and how many of its attendees were told. */
export const moderatedAndTold = sentence(
  /*i18n*/ {
    id: 'admin.moderatedAndTold',
    message: '{done}; {told, plural, =0 {it had no attendees to tell} one {# attendee was told} other {# attendees were told}}',
  },
  ({ done, told }: { done: Said | string; told: number }) =>
    told === 0 ? `${englishOf(done)}; it had no attendees to tell` : `${englishOf(done)}; ${told} ${told === 1 ? 'attendee was' : 'attendees were'} told`,
);

/** The toast once it is done: what was done, and how many attendees were told. */
export function moderationDone(action: EventModeration, told: number): Said {
  if (action === 'unhide') return DONE.unhide;
  return moderatedAndTold({ done: DONE[action], told });
}

interface Moderated {
  /** The event as it now stands; null once removed. */
  event: AdminEvent | null;
  told: number;
}

type ModerationCall = { adminId: string; eventId: string; action: EventModeration; reason: string };

async function moderate({ adminId, eventId, action, reason }: ModerationCall): Promise<Moderated> {
  if (action === 'remove') return { event: null, told: (await adminApi.removeEvent(adminId, eventId, reason)).attendees_told };
  const answer = await (action === 'hide' ? adminApi.hideEvent : adminApi.unhideEvent)(adminId, eventId, reason);
  return { event: answer.event, told: answer.attendees_told };
}

export const adminEventMachine = setup({
  types: {
    context: {} as AdminEventContext,
    input: {} as { adminId: string; event: AdminEvent },
    events: {} as AdminEventRowEvent,
  },
  actors: {
    moderate: fromPromise<Moderated, ModerationCall>(({ input }) => moderate(input)),
  },
  guards: {
    isHidden: ({ context }) => context.event.is_hidden,
    isReasonEmpty: ({ context }) => context.reason.trim() === '',
    isRemoval: ({ context }) => context.action === 'remove',
    // Wrapped, not the bare shared guard: beside actions with params, a function that is not
    // context-typed makes TypeScript infer every params as unknown.
    isSessionGone: (args) => isSessionGone(args),
  },
  actions: {
    openForm: assign((_, params: { action: EventModeration }) => ({ action: params.action, reason: '', errors: NO_ERRORS })),
    updateReason: assign(({ event }) => {
      assertEvent(event, 'moderation.reasonChanged');
      return { reason: event.value, errors: NO_ERRORS };
    }),
    showReasonEmpty: assign({ errors: fieldError('reason', EVENT_REASON_REQUIRED) }),
    showFailure: assign({
      errors: ({ context, event }) =>
        errorsFromFailure<'reason'>(errorOf(event), { fields: { reason: 'reason' }, fallback: FAILED[context.action] }),
    }),
    focusError: ({ context }) => focusFirstError(eventFormId(context.event.id), ['reason'], context.errors),
    keepEvent: assign({ event: ({ context }, params: { event: AdminEvent | null }) => params.event ?? context.event }),
    succeeded: sendParent(({ context }, params: { told: number }) => succeeded(moderationDone(context.action, params.told))),
    // A 401 means the admin session is gone; the admin chart signs out instead of showing it.
    reportFailure: sendParent(({ context, event }) => failedWith(event, FAILED[context.action])),
  },
}).createMachine({
  id: 'adminEvent',
  context: ({ input }) => ({ adminId: input.adminId, event: input.event, action: 'hide', reason: '', errors: NO_ERRORS }),
  initial: 'settling',
  states: {
    // Where a row starts, and where it returns after a form: the event's state decides.
    settling: {
      always: [{ guard: 'isHidden', target: 'hidden' }, { target: 'shown' }],
    },
    shown: {
      on: {
        'hide.requested': { target: 'editing', actions: { type: 'openForm', params: { action: 'hide' } } },
        'remove.requested': { target: 'editing', actions: { type: 'openForm', params: { action: 'remove' } } },
      },
    },
    hidden: {
      on: {
        'unhide.requested': { target: 'editing', actions: { type: 'openForm', params: { action: 'unhide' } } },
        'remove.requested': { target: 'editing', actions: { type: 'openForm', params: { action: 'remove' } } },
      },
    },
    // The reason, written before anything is sent: the confirmation step.
    editing: {
      on: {
        'moderation.reasonChanged': { actions: 'updateReason' },
        'moderation.cancelled': 'settling',
        'moderation.submitted': [{ guard: 'isReasonEmpty', actions: ['showReasonEmpty', 'focusError'] }, { target: 'working' }],
      },
    },
    working: {
      invoke: {
        src: 'moderate',
        input: ({ context }) => ({ adminId: context.adminId, eventId: context.event.id, action: context.action, reason: context.reason.trim() }),
        onDone: [
          { guard: 'isRemoval', target: 'removed', actions: { type: 'succeeded', params: ({ event }) => ({ told: event.output.told }) } },
          {
            target: 'settling',
            actions: [
              { type: 'keepEvent', params: ({ event }) => ({ event: event.output.event }) },
              { type: 'succeeded', params: ({ event }) => ({ told: event.output.told }) },
            ],
          },
        ],
        onError: [
          { guard: 'isSessionGone', target: 'editing', actions: 'reportFailure' },
          { target: 'editing', actions: ['showFailure', 'focusError'] },
        ],
      },
    },
    // Gone with its chats, photos and feed; the row stays, saying so, until the list is loaded again.
    removed: { type: 'final' },
  },
});

export type AdminEventActorRef = ActorRefFrom<typeof adminEventMachine>;
export type AdminEventSnapshot = SnapshotFrom<typeof adminEventMachine>;

/** What the row offers now: nothing while a form is open or a call is under way. */
export const eventOffers = (s: AdminEventSnapshot) => ({
  hide: s.matches('shown'),
  unhide: s.matches('hidden'),
  remove: s.matches('shown') || s.matches('hidden'),
});
export const isEventFormOpen = (s: AdminEventSnapshot): boolean => s.matches('editing') || s.matches('working');
export const isEventBusy = (s: AdminEventSnapshot): boolean => s.matches('working');
export const isEventRemoved = (s: AdminEventSnapshot): boolean => s.matches('removed');

/** The event's state as the table says it. */
export const eventStateText = (s: AdminEventSnapshot): 'Removed' | 'Hidden' | 'Shown' =>
  s.matches('removed') ? 'Removed' : s.context.event.is_hidden ? 'Hidden' : 'Shown';
