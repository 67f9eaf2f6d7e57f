/**
 * The meeting sheet (issue 19): suggesting a short meeting to a connection at an event, or
 * another time for one waiting for the person's answer. It offers only the times both are
 * free (GET /meetings/free-slots, which says nothing about why another time is not), on
 * the event's clock; a length (10, 15 or 30 minutes); and a place, one of the event's safe
 * zones or a short named spot. A refusal is said beside its field or in the sheet, and the
 * draft stays.
 *
 * It runs in two ways. Beside a person (their card, a chat) the Suggest button hosts it:
 * 'closed' until opened, back to 'closed' when done. Started by My meetings for "Suggest
 * another time" (input `suggest`), it is a child that ends ('finished', output `sent`).
 * Beside a chat it first asks for the free times (`check`): a person who is no connection
 * at the event, or not there, gets no Suggest button; the answer is kept for the sheet.
 */
import { assertEvent, assign, fromPromise, sendParent, setup, stateIn, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { SafeZone } from '../../contract/discovery';
import type { Meeting } from '../../contract/meetings';
import { clockTime, MEETING_DURATIONS, MEETING_PLACE_MAX, type MeetingDuration } from '../../contract/meeting-words';
import { ApiError, errorOf, saidBy } from '../api/request';
import { meetingsApi } from '../api/meetings';
import { focusFirstError, NO_ERRORS, type FormErrors } from '../form-errors';
import { MEETING_SHEET_WORDS } from './meeting-sheet-words';
import type { MeetingField, MeetingSheetContext, MeetingSheetEvent, MeetingSheetInput, SendInput, SheetFinished, SlotsInput } from './meeting-sheet.types';

export { MEETING_SHEET_WORDS } from './meeting-sheet-words';
export type { MeetingEvent, MeetingField, MeetingPartner, MeetingSheetContext, MeetingSheetEvent, MeetingSheetInput, SendInput, SheetFinished, SlotsInput } from './meeting-sheet.types';

/** The form's id, and its fields in the order a failed send looks for the first problem. */
export const MEETING_FORM = 'meeting-sheet';
const FIELD_ORDER: readonly MeetingField[] = ['duration', 'start_time', 'place'];

/** A refusal as the sheet's errors: a detail naming a field beside it (the server's sentence as it is), else for the sheet. */
export function meetingErrors(error: unknown): FormErrors<MeetingField> {
  const said = saidBy(error);
  if (!said) return { fields: {}, form: MEETING_SHEET_WORDS.failed };
  const m = /^(start_time|place|duration_minutes): (.+)$/s.exec(said.message);
  if (!m) return { fields: {}, form: said };
  const field: MeetingField = m[1] === 'duration_minutes' ? 'duration' : (m[1] as MeetingField);
  const text = m[2]!;
  // The server's own sentences ("Pick a time while the event is on…") read as they are; a bare rule gets a start.
  const english = /^[A-Z]/.test(text) ? text : `This ${field === 'start_time' ? 'time' : field === 'place' ? 'place' : 'length'} ${text}.`;
  return { fields: { [field]: { ...said, message: english } }, form: null };
}

/** The place as sent: the chosen zone's name, or the spot named. */
export const placeOf = (c: MeetingSheetContext): string => (c.placeKind === 'zone' ? c.zoneName : c.spot.trim());

function draftErrors(c: MeetingSheetContext): FormErrors<MeetingField> {
  const fields: FormErrors<MeetingField>['fields'] = {};
  if (!c.startTime || !c.slots.includes(c.startTime)) fields.start_time = MEETING_SHEET_WORDS.chooseTime;
  if (!c.suggest && !placeOf(c)) fields.place = MEETING_SHEET_WORDS.nameSpot;
  return { fields, form: null };
}

const hasDraftErrors = (c: MeetingSheetContext): boolean => Object.keys(draftErrors(c).fields).length > 0;

/** The place a fresh sheet offers: the first safe zone, or a spot when the event has none. */
const freshPlace = (zones: SafeZone[] | null) =>
  zones && zones.length > 0 ? { placeKind: 'zone' as const, zoneName: zones[0]!.name } : { placeKind: 'spot' as const, zoneName: '' };

export const meetingSheetMachine = setup({
  types: {
    context: {} as MeetingSheetContext,
    input: {} as MeetingSheetInput,
    events: {} as MeetingSheetEvent,
  },
  actors: {
    loadSlots: fromPromise<string[], SlotsInput>(({ input }) =>
      meetingsApi.freeSlots(input.userId, input.partnerId, input.eventId, input.duration).then((a) => a.slots),
    ),
    loadZones: fromPromise<SafeZone[], { userId: string; eventId: string }>(({ input }) => meetingsApi.safeZones(input.userId, input.eventId)),
    send: fromPromise<Meeting, SendInput>(({ input: { context: c } }) =>
      c.suggest
        ? meetingsApi.respondToMeeting(c.userId, c.suggest.id, { action: 'suggest', start_time: c.startTime! })
        : meetingsApi.proposeMeeting(c.userId, {
            with_user_id: c.partner.id,
            event_id: c.event.id,
            start_time: c.startTime!,
            duration_minutes: c.duration,
            place: placeOf(c),
          }),
    ),
  },
  guards: {
    checksFirst: ({ context }) => context.check,
    isChild: ({ context }) => context.suggest !== null,
    isSending: stateIn({ open: { form: 'sending' } }),
    // Send was pressed while the free times were loading: it is acted on once they are in.
    sendsWhenLoaded: stateIn({ open: { form: { loadingSlots: 'sendWhenLoaded' } } }),
    hasSlotsForDuration: ({ context }) => context.slotsFor === context.duration,
    hasZones: ({ context }) => context.zones !== null,
    draftHasErrors: ({ context }) => hasDraftErrors(context),
    // Not a connection at this event (or not there, or blocked): no Suggest button.
    isRefused: ({ event }) => {
      const err = errorOf(event);
      return err instanceof ApiError && (err.status === 403 || err.status === 404);
    },
  },
  actions: {
    showDraftErrors: assign({ errors: ({ context }) => draftErrors(context) }),
    showRefusal: assign({ errors: ({ event }) => meetingErrors(errorOf(event)) }),
    focusFirstError: ({ context }) => focusFirstError(MEETING_FORM, FIELD_ORDER, context.errors),
    chooseDuration: assign(({ context, event }) => {
      assertEvent(event, 'sheet.durationChosen');
      return { duration: event.minutes, errors: withoutField(context.errors, 'duration') };
    }),
    // A draft closed unsent is there again when the sheet opens (issue 39: nothing chosen is
    // lost; the time stays chosen while it is still free); after a meeting is sent, a fresh one.
    resetDraft: assign(({ context }) =>
      context.sent === null
        ? { errors: NO_ERRORS }
        : {
            startTime: null,
            spot: '',
            errors: NO_ERRORS,
            sent: null,
            ...freshPlace(context.zones),
          },
    ),
    keepSlots: assign(({ context }, params: { slots: string[] }) => ({
      slots: context.suggest ? params.slots.filter((s) => Date.parse(s) !== Date.parse(context.suggest!.start_time)) : params.slots,
      slotsFor: context.duration,
      // A time chosen before stays chosen while it is still free.
      startTime: context.startTime && params.slots.includes(context.startTime) ? context.startTime : null,
    })),
  },
}).createMachine({
  id: 'meetingSheet',
  context: ({ input }) => ({
    userId: input.userId,
    partner: input.partner,
    event: input.event,
    zones: input.zones ?? null,
    suggest: input.suggest ?? null,
    check: input.check ?? false,
    duration: (input.suggest?.duration_minutes as MeetingDuration | undefined) ?? 15,
    slots: [],
    slotsFor: null,
    startTime: null,
    ...freshPlace(input.zones ?? null),
    spot: '',
    errors: NO_ERRORS,
    sent: null,
  }),
  initial: 'starting',
  states: {
    starting: {
      always: [
        { guard: 'isChild', target: 'open' },
        { guard: 'checksFirst', target: 'checking' },
        { target: 'closed' },
      ],
    },
    checking: {
      invoke: {
        src: 'loadSlots',
        input: ({ context }) => slotsInput(context),
        onDone: { target: 'closed', actions: { type: 'keepSlots', params: ({ event }) => ({ slots: event.output }) } },
        onError: [{ guard: 'isRefused', target: 'unavailable' }, { target: 'closed' }],
      },
    },
    // Nothing to suggest here: the Suggest button is not shown.
    unavailable: {},
    closed: {
      on: { 'sheet.opened': { target: 'open', actions: 'resetDraft' } },
    },
    open: {
      type: 'parallel',
      on: {
        // Closing waits for an answer on its way: the person learns whether it went.
        'sheet.closeRequested': [{ guard: 'isSending' }, { guard: 'isChild', target: 'finished' }, { target: 'closed' }],
        'sheet.timeChosen': {
          actions: assign({ startTime: ({ event }) => event.startTime, errors: ({ context }) => withoutField(context.errors, 'start_time') }),
        },
        'sheet.placeKindChosen': {
          actions: assign({ placeKind: ({ event }) => event.kind, errors: ({ context }) => withoutField(context.errors, 'place') }),
        },
        'sheet.zoneChosen': {
          actions: assign({ zoneName: ({ event }) => event.name, errors: ({ context }) => withoutField(context.errors, 'place') }),
        },
        // Never longer than the server takes; the field stops there too.
        'sheet.spotChanged': {
          actions: assign({
            spot: ({ event }) => event.spot.slice(0, MEETING_PLACE_MAX),
            errors: ({ context }) => withoutField(context.errors, 'place'),
          }),
        },
      },
      states: {
        form: {
          initial: 'choosing',
          states: {
            choosing: {
              always: [{ guard: 'hasSlotsForDuration', target: 'editing' }, { target: 'loadingSlots' }],
            },
            // A send needs a time from the free times as they are now, so Send pressed while they
            // load waits for them (sendWhenLoaded) rather than being lost, then sends or says what is missing.
            loadingSlots: {
              initial: 'notSubmitted',
              invoke: {
                src: 'loadSlots',
                input: ({ context }) => slotsInput(context),
                onDone: [
                  { guard: 'sendsWhenLoaded', target: 'checkingDraft', actions: { type: 'keepSlots', params: ({ event }) => ({ slots: event.output }) } },
                  { target: 'editing', actions: { type: 'keepSlots', params: ({ event }) => ({ slots: event.output }) } },
                ],
                // A held Send ends here too: the sheet says the times could not load, and Send asks again.
                onError: { target: 'slotsFailed', actions: 'showRefusal' },
              },
              on: {
                // Another length asks again; Send pressed before still holds, for the times of that length.
                'sheet.durationChosen': [
                  { guard: 'sendsWhenLoaded', target: '.sendWhenLoaded', reenter: true, actions: 'chooseDuration' },
                  { target: 'loadingSlots', reenter: true, actions: 'chooseDuration' },
                ],
              },
              states: {
                notSubmitted: { on: { 'sheet.submitted': 'sendWhenLoaded' } },
                sendWhenLoaded: {},
              },
            },
            slotsFailed: {
              on: {
                'sheet.slotsRetried': { target: 'loadingSlots', actions: assign({ errors: NO_ERRORS }) },
                // No times to send with: Send asks for them again and goes on once they are in.
                'sheet.submitted': { target: 'loadingSlots.sendWhenLoaded', actions: assign({ errors: NO_ERRORS }) },
                'sheet.durationChosen': { target: 'loadingSlots', actions: assign({ duration: ({ event }) => event.minutes, errors: NO_ERRORS }) },
              },
            },
            editing: {
              on: {
                'sheet.durationChosen': { target: 'loadingSlots', actions: 'chooseDuration' },
                'sheet.submitted': 'checkingDraft',
              },
            },
            // Send pressed with the free times in: what is missing is said beside its field, else it goes.
            checkingDraft: {
              always: [
                { guard: 'draftHasErrors', target: 'editing', actions: ['showDraftErrors', 'focusFirstError'] },
                { target: 'sending', actions: assign({ errors: NO_ERRORS }) },
              ],
            },
            sending: {
              invoke: {
                src: 'send',
                input: ({ context }) => ({ context }),
                onDone: [
                  { guard: 'isChild', target: '#meetingSheet.finished', actions: assign({ sent: ({ event }) => event.output }) },
                  { target: '#meetingSheet.sent', actions: assign({ sent: ({ event }) => event.output }) },
                ],
                // The draft stays; the free times are asked again, as a clash means they changed.
                onError: { target: 'loadingSlots', actions: ['showRefusal', 'focusFirstError'] },
              },
            },
          },
        },
        zones: {
          initial: 'choosing',
          states: {
            choosing: { always: [{ guard: 'hasZones', target: 'ready' }, { target: 'loading' }] },
            loading: {
              invoke: {
                src: 'loadZones',
                input: ({ context }) => ({ userId: context.userId, eventId: context.event.id }),
                onDone: {
                  target: 'ready',
                  actions: assign(({ context, event }) => ({
                    zones: event.output,
                    // A spot being typed stays; otherwise the first zone is offered.
                    ...(context.spot ? {} : freshPlace(event.output)),
                  })),
                },
                // Without the zones a named spot still works.
                onError: { target: 'ready', actions: assign({ zones: [], placeKind: 'spot' as const }) },
              },
            },
            ready: {},
          },
        },
      },
    },
    sent: {
      on: { 'sheet.closeRequested': 'closed', 'sheet.opened': { target: 'open', actions: 'resetDraft' } },
    },
    // Only a child of My meetings gets here (isChild), so there is always a parent to tell.
    finished: { type: 'final', entry: sendParent(({ context }): SheetFinished => ({ type: 'sheet.finished', sent: context.sent !== null })) },
  },
});

const slotsInput = (c: MeetingSheetContext): SlotsInput => ({ userId: c.userId, partnerId: c.partner.id, eventId: c.event.id, duration: c.duration });

function withoutField(errors: FormErrors<MeetingField>, field: MeetingField): FormErrors<MeetingField> {
  if (!(field in errors.fields) && !errors.form) return errors;
  const fields = { ...errors.fields };
  delete fields[field];
  return { fields, form: null };
}

export type MeetingSheetActorRef = ActorRefFrom<typeof meetingSheetMachine>;
export type MeetingSheetSnapshot = SnapshotFrom<typeof meetingSheetMachine>;

export { MEETING_DURATIONS };

/** Where the sheet stands, for the Suggest button and the sheet. */
export type MeetingSheetStep = 'checking' | 'unavailable' | 'closed' | 'open' | 'sent' | 'finished';
export const selectSheetStep = (s: MeetingSheetSnapshot): MeetingSheetStep =>
  s.matches('checking') || s.matches('starting')
    ? 'checking'
    : s.matches('unavailable')
      ? 'unavailable'
      : s.matches('open')
        ? 'open'
        : s.matches('sent')
          ? 'sent'
          : s.matches('finished')
            ? 'finished'
            : 'closed';

/** Where the free times stand in an open sheet. */
export const selectSlotsStatus = (s: MeetingSheetSnapshot): 'loading' | 'failed' | 'ready' =>
  s.matches({ open: { form: 'loadingSlots' } }) ? 'loading' : s.matches({ open: { form: 'slotsFailed' } }) ? 'failed' : 'ready';

export const selectSending = (s: MeetingSheetSnapshot): boolean => s.matches({ open: { form: 'sending' } });

/** Send was pressed while the free times load: it waits for them (and the sheet can still be closed). */
export const selectSendHeld = (s: MeetingSheetSnapshot): boolean => s.matches({ open: { form: { loadingSlots: 'sendWhenLoaded' } } });

export const selectZonesLoading = (s: MeetingSheetSnapshot): boolean => s.matches({ open: { zones: 'loading' } });

/**
 * The free times grouped by the hour they start in, on the event's clock ("14:00" → ["14:00", "14:15"…]);
 * the day too when they span days, in `locale`'s words.
 */
export function slotGroups(
  slots: string[],
  timeZone: string,
  locale = 'en-GB',
): Array<{ label: string; slots: Array<{ value: string; label: string }> }> {
  const day = new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', month: 'short', timeZone });
  const days = new Set(slots.map((s) => day.format(new Date(s))));
  const groups: Array<{ label: string; slots: Array<{ value: string; label: string }> }> = [];
  for (const value of slots) {
    const at = new Date(value);
    const time = clockTime(at, timeZone);
    const hour = `${time.slice(0, 2)}:00`;
    const label = days.size > 1 ? `${day.format(at)}, ${hour}` : hour;
    const last = groups[groups.length - 1];
    if (last?.label === label) last.slots.push({ value, label: time });
    else groups.push({ label, slots: [{ value, label: time }] });
  }
  return groups;
}
