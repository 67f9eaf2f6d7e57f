/**
 * The create-event form (SPEC 5 "New event"): the draft lives here until submitted;
 * every field is required, the type comes from SPEC 9's list, and an event at the same
 * place within an hour on the same day is refused before any call (the server refuses
 * it too, with a 409 shown the same way). Each problem is said beside its field, and
 * focus moves to the first. The times are the wall clock in the event's time zone (the
 * organizer's own unless they choose another; issue 17), and "the same day" is the day
 * there, as the server counts it. Once created, a last step offers to add a quiet room
 * (the zone editor, as a child); added, skipped or cancelled, the new event then opens.
 */
import { assertEvent, assign, fromPromise, sendParent, setup, type ActorRefFrom } from 'xstate';
import type { User } from '../../contract/common';
import { ANXIETY_FEATURES, EVENT_TYPES, type AnxietyFeature, type EventType } from '../../contract/constants';
import type { SafeZone } from '../../contract/discovery';
import type { CreateEventBody, Event } from '../../contract/events';
import { MESSAGES } from '../../contract/messages';
import { canonicalTimeZone, isDuplicateEvent, readInstant } from '../../contract/rules';
import { ownTimeZone, zonedLocalToIso } from '../../contract/zoned-time';
import { api, ApiError, errorOf, type SessionExpired } from '../api/client';
import { isSessionGone, reportSessionGone } from '../session-gone';
import type { EventOpened } from '../event/events.machine';
import { NO_ERRORS, errorsFromFailure, fieldDomId, focusElement, focusFirstError, hasErrors, withoutFieldError, type FormErrors } from '../form-errors';
import { logFailure } from '../log';
import { editsChanged, type EditsChanged, type EditsOrder, type EditsSaveFailed } from '../app/form-edits';
import { ZONE_EDITOR, ZONE_FORM, zoneEditorMachine } from './zone-editor.machine';
import { EVENT_WORDS, type EventWord } from './field-words';
import { fieldSaid } from '../../contract/field-errors';
import { sentence, type Said } from '../../contract/said';

export interface EventDraft {
  name: string;
  description: string;
  location: string;
  /** '' until a type is chosen from the list. */
  event_type: EventType | '';
  /** The IANA zone the event happens in; the times are its wall clock. */
  time_zone: string;
  /** datetime-local values, on the wall clock in `time_zone`. */
  start: string;
  end: string;
  features: AnxietyFeature[];
}

export type EventDraftField = Exclude<keyof EventDraft, 'features'>;

/** A new draft, in the organizer's own time zone unless another is given. */
export const emptyEventDraft = (timeZone: string = ownTimeZone()): EventDraft => ({
  name: '',
  description: '',
  location: '',
  event_type: '',
  time_zone: timeZone,
  start: '',
  end: '',
  features: [],
});

/** The form's element id (fieldDomId) and its fields in the order shown. */
export const CREATE_EVENT_FORM = 'event';
const ORDER: readonly EventDraftField[] = ['name', 'description', 'location', 'event_type', 'time_zone', 'start', 'end'];
/** The last step's heading, where focus goes once the event is made. */
export const QUIET_ROOM_STEP = 'event-quiet-room';
/** The name a quiet room offered to a new event starts with. */
export const QUIET_ROOM_NAME = 'Quiet room';

const REQUIRED: readonly EventDraftField[] = ['name', 'description', 'location', 'event_type', 'time_zone', 'start', 'end'];

/** The request's fields → the form's (the organizer's edit form names them the same way). */
export const EVENT_FIELDS: Record<string, EventDraftField> = {
  name: 'name',
  description: 'description',
  location: 'location',
  event_type: 'event_type',
  time_zone: 'time_zone',
  start_time: 'start',
  end_time: 'end',
};

// Not SPEC 8's fixed texts: SPEC 5 names the rules but gives no words for these.
export const missingFieldMessage = (field: EventWord): Said => fieldSaid.fillIn(EVENT_WORDS[field]);
/** A time the server would refuse for its year (issue 40: dates are between 1970 and 9999), said before any call. */
export const OUT_OF_RANGE = (field: EventWord): Said => fieldSaid.outOfRange(EVENT_WORDS[field]);
export const EVENT_TYPE_REQUIRED: Said = /*i18n*/ { id: 'organizer.eventTypeRequired', message: 'Please choose an event type from the list.' };
export const TIME_ZONE_REQUIRED: Said = /*i18n*/ { id: 'organizer.timeZoneRequired', message: 'Please choose a time zone from the list.' };
export const END_BEFORE_START: Said = /*i18n*/ { id: 'organizer.endBeforeStart', message: 'The end time must be after the start time.' };
/** Said once a quiet room is added, as the new event opens. */
export const quietRoomAdded = sentence(
  /*i18n*/ { id: 'organizer.quietRoomAdded', message: '“{name}” is ready for people who need a calm moment.' },
  ({ name }: { name: string }) => `“${name}” is ready for people who need a calm moment.`,
);

/**
 * Every rule the draft breaks (SPEC 5), each beside its field: every empty field at once,
 * then the type, the time zone, the times, and a duplicate (SPEC 8's words, beside the
 * start time). `existing` are the loaded events.
 */
export function eventDraftErrors(
  d: EventDraft,
  existing: ReadonlyArray<Pick<Event, 'location' | 'start_time' | 'time_zone'>>,
): FormErrors<EventDraftField> {
  const missing = REQUIRED.filter((field) => !String(d[field]).trim());
  if (missing.length > 0) return { fields: Object.fromEntries(missing.map((f) => [f, missingFieldMessage(f)])), form: null };
  if (!(EVENT_TYPES as readonly string[]).includes(d.event_type)) return { fields: { event_type: EVENT_TYPE_REQUIRED }, form: null };
  if (!canonicalTimeZone(d.time_zone)) return { fields: { time_zone: TIME_ZONE_REQUIRED }, form: null };
  const start = zonedLocalToIso(d.start, d.time_zone);
  const end = zonedLocalToIso(d.end, d.time_zone);
  if (!start) return { fields: { start: missingFieldMessage('start') }, form: null };
  if (!end) return { fields: { end: missingFieldMessage('end') }, form: null };
  if ('broken' in readInstant(start)) return { fields: { start: OUT_OF_RANGE('start') }, form: null };
  if ('broken' in readInstant(end)) return { fields: { end: OUT_OF_RANGE('end') }, form: null };
  if (Date.parse(end) <= Date.parse(start)) return { fields: { end: END_BEFORE_START }, form: null };
  // The same day is the day at the venue, in the event's zone, as the server counts it.
  const candidate = { location: d.location, start_time: start, time_zone: d.time_zone };
  if (existing.some((e) => isDuplicateEvent(candidate, e))) return { fields: { start: MESSAGES.duplicateEvent }, form: null };
  return NO_ERRORS;
}

/** The POST /events body from a draft that passed eventDraftErrors. */
export const eventBody = (d: EventDraft): CreateEventBody => ({
  name: d.name.trim(),
  description: d.description.trim(),
  location: d.location.trim(),
  event_type: d.event_type as EventType,
  start_time: zonedLocalToIso(d.start, d.time_zone)!,
  end_time: zonedLocalToIso(d.end, d.time_zone)!,
  anxiety_friendly_features: ANXIETY_FEATURES.filter((f) => d.features.includes(f)),
  time_zone: canonicalTimeZone(d.time_zone)!,
});

export type CreateEventEvent =
  | { type: 'create.fieldChanged'; field: EventDraftField; value: string }
  | { type: 'create.featureToggled'; feature: AnxietyFeature }
  | { type: 'create.submitted' }
  | { type: 'create.quietRoomChosen' }
  | { type: 'create.quietRoomSkipped' }
  // From the root, as the person leaves with edits (issue 39): create it.
  | EditsOrder
  // From the zone editor, on to the root.
  | SessionExpired
  | EditsChanged;

interface CreateEventContext {
  user: User;
  draft: EventDraft;
  /** The draft the form opened with, which edits are compared with. */
  blank: EventDraft;
  existing: Event[];
  errors: FormErrors<EventDraftField>;
  /** The event once made, opened after the last step. */
  created: Event | null;
}

export const createEventMachine = setup({
  types: {
    context: {} as CreateEventContext,
    /** `timeZone`: the organizer's own, unless a test says otherwise. */
    input: {} as { user: User; timeZone?: string },
    events: {} as CreateEventEvent,
    children: {} as { zoneEditor: 'zoneEditor' },
  },
  actors: {
    loadEvents: fromPromise<Event[], { userId: string }>(({ input }) => api.listEvents(input.userId)),
    createEvent: fromPromise<Event, { userId: string; body: CreateEventBody }>(({ input }) =>
      api.createEvent(input.userId, input.body),
    ),
    zoneEditor: zoneEditorMachine,
  },
  guards: {
    isDraftInvalid: ({ context }) => hasErrors(eventDraftErrors(context.draft, context.existing)),
    isSessionGone,
    isConflict: ({ event }) => {
      const error = errorOf(event);
      return error instanceof ApiError && error.status === 409;
    },
    isZoneSaved: (_, zone: SafeZone | null) => zone !== null,
  },
  actions: {
    reportSessionGone: reportSessionGone(),
    // The zone editor's report that the session is gone goes on to the root.
    forwardToParent: sendParent(({ event }) => event),
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
    keepCreated: assign({ created: (_, event: Event) => event }),
    openCreated: sendParent(({ context }): EventOpened => ({ type: 'event.opened', event: context.created! })),
    tellZoneAdded: sendParent((_, zone: SafeZone) => ({ type: 'toast.show' as const, message: quietRoomAdded({ name: zone.name }) })),
    focusElement: (_, id: string) => focusElement(id),
    logFailure: (_, params: { what: string; error: unknown }) => logFailure(params.what, params.error),
    // Whether the form differs from the blank one it opened with (issue 39).
    tellEdits: sendParent(({ context }) => editsChanged('createEvent', context.draft, context.blank)),
    tellNoEdits: sendParent(editsChanged('createEvent', null, null)),
    tellSaveFailed: sendParent({ type: 'edits.saveFailed' } satisfies EditsSaveFailed),
  },
}).createMachine({
  id: 'createEvent',
  context: ({ input }) => {
    const draft = emptyEventDraft(input.timeZone);
    return { user: input.user, draft, blank: draft, existing: [], errors: NO_ERRORS, created: null };
  },
  type: 'parallel',
  // The zone editor's report that the session is gone, and its word about its edits, go on to the root.
  on: { 'session.expired': { actions: 'forwardToParent' }, 'edits.changed': { actions: 'forwardToParent' } },
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
            'create.fieldChanged': { actions: ['updateDraft', 'tellEdits'] },
            'create.featureToggled': { actions: ['toggleFeature', 'tellEdits'] },
            'create.submitted': [{ guard: 'isDraftInvalid', actions: ['reportDraftErrors', 'focusFirstError'] }, { target: 'submitting' }],
            'edits.save': [{ guard: 'isDraftInvalid', actions: ['reportDraftErrors', 'focusFirstError', 'tellSaveFailed'] }, { target: 'submitting' }],
          },
        },
        submitting: {
          entry: ['clearError', 'clearErrors'],
          invoke: {
            src: 'createEvent',
            input: ({ context }) => ({ userId: context.user.id, body: eventBody(context.draft) }),
            // Created: nothing is unsaved (told last, so a person saving to leave goes after the rest).
            onDone: { target: 'quietRoom', actions: [{ type: 'keepCreated', params: ({ event }) => event.output }, 'tellNoEdits'] },
            onError: [
              { guard: 'isSessionGone', actions: 'reportSessionGone' },
              { guard: 'isConflict', target: 'editing', actions: ['showDuplicate', 'focusFirstError', 'tellSaveFailed'] },
              { target: 'editing', actions: ['showFailure', 'focusFirstError', 'tellSaveFailed'] },
            ],
          },
        },
        // The last step: a new event can start with somewhere calm to go.
        quietRoom: {
          initial: 'offered',
          states: {
            offered: {
              entry: { type: 'focusElement', params: QUIET_ROOM_STEP },
              on: {
                'create.quietRoomChosen': 'adding',
                'create.quietRoomSkipped': '#createEvent.form.created',
              },
            },
            adding: {
              entry: { type: 'focusElement', params: fieldDomId(ZONE_FORM, 'name') },
              invoke: {
                id: 'zoneEditor',
        systemId: ZONE_EDITOR,
                src: 'zoneEditor',
                input: ({ context }) => ({ userId: context.user.id, eventId: context.created!.id, zone: null, name: QUIET_ROOM_NAME }),
                // Saved or cancelled, the event opens; a saved zone is said first.
                onDone: [
                  {
                    guard: { type: 'isZoneSaved', params: ({ event }) => event.output },
                    target: '#createEvent.form.created',
                    actions: { type: 'tellZoneAdded', params: ({ event }) => event.output! },
                  },
                  { target: '#createEvent.form.created' },
                ],
              },
            },
          },
        },
        created: { entry: 'openCreated' },
      },
    },
  },
});

export type CreateEventActorRef = ActorRefFrom<typeof createEventMachine>;
