/**
 * The create-event form (SPEC 5 "New event"): the draft lives here until submitted;
 * every field is required, the type comes from SPEC 9's list, and an event at the same
 * place within an hour on the same day is refused before any call (the server refuses
 * it too, with a 409 shown the same way). Each problem is said beside its field, and
 * focus moves to the first. On success the new event opens.
 */
import { assertEvent, assign, fromPromise, sendParent, setup, type ActorRefFrom } from 'xstate';
import type { User } from '../contract/common';
import { ANXIETY_FEATURES, EVENT_TYPES, type AnxietyFeature, type EventType } from '../contract/constants';
import type { CreateEventBody, Event } from '../contract/events';
import { MESSAGES } from '../contract/messages';
import { isDuplicateEvent } from '../contract/rules';
import { api, ApiError, errorOf } from './api/client';
import { isSessionGone, reportSessionGone } from './session-gone';
import type { EventOpened } from './events.machine';
import { NO_ERRORS, errorsFromFailure, focusFirstError, hasErrors, withoutFieldError, type FormErrors } from './form-errors';
import { logFailure } from './log';

export interface EventDraft {
  name: string;
  description: string;
  location: string;
  /** '' until a type is chosen from the list. */
  event_type: EventType | '';
  /** datetime-local values, in the person's own time zone. */
  start: string;
  end: string;
  features: AnxietyFeature[];
}

export type EventDraftField = Exclude<keyof EventDraft, 'features'>;

export const emptyEventDraft: EventDraft = {
  name: '',
  description: '',
  location: '',
  event_type: '',
  start: '',
  end: '',
  features: [],
};

/** The form's element id (fieldDomId) and its fields in the order shown. */
export const CREATE_EVENT_FORM = 'event';
const ORDER: readonly EventDraftField[] = ['name', 'description', 'location', 'event_type', 'start', 'end'];

const REQUIRED: Array<[EventDraftField, string]> = [
  ['name', 'name'],
  ['description', 'description'],
  ['location', 'location'],
  ['event_type', 'event type'],
  ['start', 'start time'],
  ['end', 'end time'],
];

/** The request's fields → the form's. */
const EVENT_FIELDS: Record<string, EventDraftField> = {
  name: 'name',
  description: 'description',
  location: 'location',
  event_type: 'event_type',
  start_time: 'start',
  end_time: 'end',
};

// Not SPEC 8's fixed texts: SPEC 5 names the rules but gives no words for these.
export const missingFieldMessage = (label: string): string => `Please fill in the ${label}.`;
export const EVENT_TYPE_REQUIRED = 'Please choose an event type from the list.';
export const END_BEFORE_START = 'The end time must be after the start time.';

/** A datetime-local value as an ISO string, or null when it is not a date. */
export function localToIso(value: string): string | null {
  if (!value.trim()) return null;
  const t = new Date(value);
  return Number.isNaN(t.getTime()) ? null : t.toISOString();
}

/**
 * Every rule the draft breaks (SPEC 5), each beside its field: every empty field at once,
 * then the type, the times, and a duplicate (SPEC 8's words, beside the start time).
 * `existing` are the loaded events.
 */
export function eventDraftErrors(d: EventDraft, existing: ReadonlyArray<Pick<Event, 'location' | 'start_time'>>): FormErrors<EventDraftField> {
  const missing = REQUIRED.filter(([field]) => !String(d[field]).trim());
  if (missing.length > 0) return { fields: Object.fromEntries(missing.map(([f, label]) => [f, missingFieldMessage(label)])), form: null };
  if (!(EVENT_TYPES as readonly string[]).includes(d.event_type)) return { fields: { event_type: EVENT_TYPE_REQUIRED }, form: null };
  const start = localToIso(d.start);
  const end = localToIso(d.end);
  if (!start) return { fields: { start: missingFieldMessage('start time') }, form: null };
  if (!end) return { fields: { end: missingFieldMessage('end time') }, form: null };
  if (Date.parse(end) <= Date.parse(start)) return { fields: { end: END_BEFORE_START }, form: null };
  const candidate = { location: d.location, start_time: start };
  if (existing.some((e) => isDuplicateEvent(candidate, e))) return { fields: { start: MESSAGES.duplicateEvent }, form: null };
  return NO_ERRORS;
}

/** The POST /events body from a draft that passed eventDraftError. */
export const eventBody = (d: EventDraft): CreateEventBody => ({
  name: d.name.trim(),
  description: d.description.trim(),
  location: d.location.trim(),
  event_type: d.event_type as EventType,
  start_time: localToIso(d.start)!,
  end_time: localToIso(d.end)!,
  anxiety_friendly_features: ANXIETY_FEATURES.filter((f) => d.features.includes(f)),
});

export type CreateEventEvent =
  | { type: 'create.fieldChanged'; field: EventDraftField; value: string }
  | { type: 'create.featureToggled'; feature: AnxietyFeature }
  | { type: 'create.submitted' };

export const createEventMachine = setup({
  types: {
    context: {} as { user: User; draft: EventDraft; existing: Event[]; errors: FormErrors<EventDraftField> },
    input: {} as { user: User },
    events: {} as CreateEventEvent,
  },
  actors: {
    loadEvents: fromPromise<Event[], { userId: string }>(({ input }) => api.listEvents(input.userId)),
    createEvent: fromPromise<Event, { userId: string; body: CreateEventBody }>(({ input }) =>
      api.createEvent(input.userId, input.body),
    ),
  },
  guards: {
    isDraftInvalid: ({ context }) => hasErrors(eventDraftErrors(context.draft, context.existing)),
    isSessionGone,
    isConflict: ({ event }) => {
      const error = errorOf(event);
      return error instanceof ApiError && error.status === 409;
    },
  },
  actions: {
    reportSessionGone: reportSessionGone(),
    updateDraft: assign(({ context, event }) => {
      assertEvent(event, 'create.fieldChanged');
      return { draft: { ...context.draft, [event.field]: event.value }, errors: withoutFieldError(context.errors, event.field) };
    }),
    toggleFeature: assign({
      draft: ({ context, event }) => {
        assertEvent(event, 'create.featureToggled');
        const on = context.draft.features.includes(event.feature);
        return {
          ...context.draft,
          features: on ? context.draft.features.filter((f) => f !== event.feature) : [...context.draft.features, event.feature],
        };
      },
    }),
    reportDraftErrors: assign({ errors: ({ context }) => eventDraftErrors(context.draft, context.existing) }),
    // SPEC 8's fixed words for the form; a field the server names gets its sentence too.
    showFailure: assign({
      errors: ({ event }) =>
        errorsFromFailure<EventDraftField>(errorOf(event), {
          fields: EVENT_FIELDS,
          fallback: MESSAGES.failedCreateEvent,
          fixed: MESSAGES.failedCreateEvent,
        }),
    }),
    // A 409 is the server's duplicate check: SPEC 8's sentence, beside the start time.
    showDuplicate: assign({ errors: { fields: { start: MESSAGES.duplicateEvent }, form: null } }),
    focusFirstError: ({ context }) => focusFirstError(CREATE_EVENT_FORM, ORDER, context.errors),
    clearErrors: assign({ errors: NO_ERRORS }),
    clearError: sendParent({ type: 'error.cleared' }),
    openCreated: sendParent((_, params: { event: Event }): EventOpened => ({ type: 'event.opened', event: params.event })),
    logFailure: (_, params: { what: string; error: unknown }) => logFailure(params.what, params.error),
  },
}).createMachine({
  id: 'createEvent',
  context: ({ input }) => ({ user: input.user, draft: emptyEventDraft, existing: [], errors: NO_ERRORS }),
  type: 'parallel',
  states: {
    // The events already there, for the local duplicate check; the server checks anyway.
    existing: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            src: 'loadEvents',
            input: ({ context }) => ({ userId: context.user.id }),
            onDone: { target: 'loaded', actions: assign({ existing: ({ event }) => event.output }) },
            onError: { target: 'loaded', actions: { type: 'logFailure', params: ({ event }) => ({ what: 'load events', error: event.error }) } },
          },
        },
        loaded: {},
      },
    },
    form: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'create.fieldChanged': { actions: 'updateDraft' },
            'create.featureToggled': { actions: 'toggleFeature' },
            'create.submitted': [{ guard: 'isDraftInvalid', actions: ['reportDraftErrors', 'focusFirstError'] }, { target: 'submitting' }],
          },
        },
        submitting: {
          entry: ['clearError', 'clearErrors'],
          invoke: {
            src: 'createEvent',
            input: ({ context }) => ({ userId: context.user.id, body: eventBody(context.draft) }),
            onDone: { target: 'created', actions: { type: 'openCreated', params: ({ event }) => ({ event: event.output }) } },
            onError: [
              { guard: 'isSessionGone', actions: 'reportSessionGone' },
              { guard: 'isConflict', target: 'editing', actions: ['showDuplicate', 'focusFirstError'] },
              { target: 'editing', actions: ['showFailure', 'focusFirstError'] },
            ],
          },
        },
        created: {},
      },
    },
  },
});

export type CreateEventActorRef = ActorRefFrom<typeof createEventMachine>;
