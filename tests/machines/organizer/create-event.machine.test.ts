import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { SafeZone } from '../../../contract/discovery';
import type { CreateEventBody, Event } from '../../../contract/events';
import { MESSAGES } from '../../../contract/messages';
import { zonedLocalToIso } from '../../../contract/zoned-time';
import { ApiError, refusedWith } from '../../../machines/api/client';
import {
  END_BEFORE_START,
  EVENT_TYPE_REQUIRED,
  OUT_OF_RANGE,
  QUIET_ROOM_NAME,
  QUIET_ROOM_STEP,
  TIME_ZONE_REQUIRED,
  createEventMachine,
  emptyEventDraft,
  eventBody,
  eventDraftErrors,
  missingFieldMessage,
  quietRoomAdded,
  type CreateEventActorRef,
  type EventDraft,
} from '../../../machines/organizer/create-event.machine';
import type { PositionFix } from '../../../machines/organizer/current-position.actor';
import { zoneEditorMachine, type SaveZoneInput, type ZoneEditorActorRef } from '../../../machines/organizer/zone-editor.machine';
import { ada } from '../app.fakes';
import { asChild, flush, sampleEvent, sampleZone } from '../discovery.fakes';
import { type Said, english } from '../../../contract/said';

const filled: EventDraft = {
  name: ' Slow Coffee ',
  description: ' Coffee, no rush. ',
  location: ' Café Nord ',
  event_type: 'networking',
  time_zone: 'Europe/Berlin',
  start: '2030-06-01T09:00',
  end: '2030-06-01T10:30',
  features: ['small_groups', 'quiet_spaces'],
};

/** A wall-clock time in Berlin, as the instant it is. */
const iso = (local: string) => zonedLocalToIso(local, 'Europe/Berlin')!;

describe('eventDraftErrors (SPEC 5 "New event")', () => {
  const only = (fields: Record<string, Said>) => ({ fields, form: null });

  it('passes a complete draft', () => {
    expect(eventDraftErrors(filled, [])).toEqual(only({}));
  });

  it('names every missing field beside it, blank text counting as missing', () => {
    expect(eventDraftErrors(emptyEventDraft('Europe/Berlin'), [])).toEqual(
      only({
        name: missingFieldMessage('name'),
        description: missingFieldMessage('description'),
        location: missingFieldMessage('location'),
        event_type: missingFieldMessage('event_type'),
        start: missingFieldMessage('start'),
        end: missingFieldMessage('end'),
      }),
    );
    expect(eventDraftErrors({ ...filled, name: '   ', end: '' }, [])).toEqual(
      only({ name: missingFieldMessage('name'), end: missingFieldMessage('end') }),
    );
    expect(missingFieldMessage('event_type').message).toBe('Please fill in the event type.');
    expect(missingFieldMessage('time_zone').message).toBe('Please fill in the time zone.');
    expect(missingFieldMessage('start').message).toBe('Please fill in the start time.');
  });

  it('takes only a type from the list', () => {
    expect(eventDraftErrors({ ...filled, event_type: 'casual' as EventDraft['event_type'] }, [])).toEqual(only({ event_type: EVENT_TYPE_REQUIRED }));
  });

  it('takes only a time zone Intl knows', () => {
    expect(eventDraftErrors({ ...filled, time_zone: 'Berlin' }, [])).toEqual(only({ time_zone: TIME_ZONE_REQUIRED }));
    expect(eventDraftErrors({ ...filled, time_zone: '' }, [])).toEqual(only({ time_zone: missingFieldMessage('time_zone') }));
  });

  it('says a date before 1970 beside its field, as the server would (issue 40: one date rule)', () => {
    expect(eventDraftErrors({ ...filled, start: '1500-06-01T09:00' }, [])).toEqual(only({ start: OUT_OF_RANGE('start') }));
    expect(eventDraftErrors({ ...filled, end: '1969-12-31T23:59' }, [])).toEqual(only({ end: OUT_OF_RANGE('end') }));
    expect(english(OUT_OF_RANGE('start'))).toBe('Please choose the start time: a date between 1970 and 9999.');
  });

  it('wants the end after the start, said beside the end', () => {
    expect(eventDraftErrors({ ...filled, end: filled.start }, [])).toEqual(only({ end: END_BEFORE_START }));
  });

  it('refuses the same place within an hour on the same day, in SPEC 8’s words beside the start', () => {
    const existing = [sampleEvent({ location: 'café   nord', start_time: iso('2030-06-01T09:45') })];
    expect(eventDraftErrors(filled, existing)).toEqual(only({ start: MESSAGES.duplicateEvent }));
  });

  it('lets the same place through more than an hour apart, or elsewhere', () => {
    expect(eventDraftErrors(filled, [sampleEvent({ location: 'Café Nord', start_time: iso('2030-06-01T10:30') })])).toEqual(only({}));
    expect(eventDraftErrors(filled, [sampleEvent({ location: 'Café Süd', start_time: iso('2030-06-01T09:00') })])).toEqual(only({}));
  });

  it('counts the same day at the venue, in the event’s zone, as the server does (issue 17)', () => {
    // 00:30 and 01:15 on a winter night in Berlin are 23:30 and 00:15 UTC: two UTC days, one Berlin day.
    const early = sampleEvent({ location: 'Café Nord', start_time: iso('2030-01-15T00:30'), time_zone: 'Europe/Berlin' });
    const late = { ...filled, start: '2030-01-15T01:15', end: '2030-01-15T02:00' };
    expect(eventDraftErrors(late, [early])).toEqual(only({ start: MESSAGES.duplicateEvent }));
    // An event made before issue 17 has no zone (UTC): the new event's own zone still decides.
    const { time_zone: _, ...older } = early;
    expect(eventDraftErrors(late, [older])).toEqual(only({ start: MESSAGES.duplicateEvent }));
    // The same two instants in London are 23:30 and 00:15 there: different days, both allowed.
    const london = { ...late, time_zone: 'Europe/London', start: '2030-01-15T00:15', end: '2030-01-15T01:00' };
    const londonEarly = sampleEvent({ location: 'Café Nord', start_time: iso('2030-01-15T00:30'), time_zone: 'Europe/London' });
    expect(eventDraftErrors(london, [londonEarly])).toEqual(only({}));
  });

  it('reads the times on the wall clock of the zone chosen', () => {
    // 09:00 in New York is 15:00 in Berlin: an hour and more from a Berlin 09:00, so no duplicate.
    const newYork = { ...filled, time_zone: 'America/New_York' };
    expect(eventDraftErrors(newYork, [sampleEvent({ location: 'Café Nord', start_time: iso('2030-06-01T09:00') })])).toEqual(only({}));
    expect(eventDraftErrors(newYork, [sampleEvent({ location: 'Café Nord', start_time: iso('2030-06-01T15:30') })])).toEqual(
      only({ start: MESSAGES.duplicateEvent }),
    );
  });
});

describe('emptyEventDraft', () => {
  it('starts in the organizer’s own time zone', () => {
    expect(emptyEventDraft().time_zone).toBe(new Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(emptyEventDraft('Asia/Tokyo').time_zone).toBe('Asia/Tokyo');
  });
});

describe('eventBody', () => {
  it('trims the text, sends the times as instants, the features in SPEC order and the time zone', () => {
    expect(eventBody(filled)).toEqual({
      name: 'Slow Coffee',
      description: 'Coffee, no rush.',
      location: 'Café Nord',
      event_type: 'networking',
      start_time: '2030-06-01T07:00:00.000Z',
      end_time: '2030-06-01T08:30:00.000Z',
      anxiety_friendly_features: ['quiet_spaces', 'small_groups'],
      time_zone: 'Europe/Berlin',
    });
    expect(eventBody({ ...filled, time_zone: 'asia/tokyo' })).toMatchObject({ start_time: '2030-06-01T00:00:00.000Z', time_zone: 'Asia/Tokyo' });
  });
});

const here: PositionFix = { latitude: 52.5068, longitude: 13.3917, accuracy: 9 };

function start(
  create: (input: { userId: string; body: CreateEventBody }) => Promise<Event>,
  existing: Event[] = [],
  saveZone: (input: SaveZoneInput) => Promise<SafeZone> = async (input) => sampleZone({ ...(input.body as Partial<SafeZone>) }),
) {
  const creates = vi.fn(create);
  const saves = vi.fn(saveZone);
  const focus = vi.fn();
  const focusElement = vi.fn();
  const machine = createEventMachine.provide({
    actors: {
      loadEvents: fromPromise<Event[], { userId: string }>(async () => existing),
      createEvent: fromPromise<Event, { userId: string; body: CreateEventBody }>(({ input }) => creates(input)),
      zoneEditor: zoneEditorMachine.provide({
        actors: {
          locate: fromPromise<PositionFix>(async () => here),
          saveZone: fromPromise<SafeZone, SaveZoneInput>(({ input }) => saves(input)),
        },
      }),
    },
    actions: { focusFirstError: () => focus(), focusElement: (_, id: string) => focusElement(id) },
  });
  const c = asChild(machine, { user: ada, timeZone: 'Europe/Berlin' });
  // What the form tells the root besides whether it holds edits (that has a test of its own).
  const told = () => c.received.filter((e) => e.type !== 'edits.changed');
  const t = { ...c, told, types: () => told().map((e) => e.type) };
  const zoneEditor = () => t.child.getSnapshot().children.zoneEditor as ZoneEditorActorRef | undefined;
  return { ...t, creates, saves, focus, focusElement, zoneEditor, errors: () => t.child.getSnapshot().context.errors };
}

function fill(form: CreateEventActorRef, d: EventDraft) {
  for (const field of ['name', 'description', 'location', 'event_type', 'time_zone', 'start', 'end'] as const) {
    form.send({ type: 'create.fieldChanged', field, value: d[field] });
  }
  for (const feature of d.features) form.send({ type: 'create.featureToggled', feature });
}

describe('createEventMachine', () => {
  it('tells the root whether the form differs from the blank one it opened with (issue 39)', async () => {
    const t = start(async () => sampleEvent());
    t.child.send({ type: 'create.fieldChanged', field: 'name', value: 'Tea' });
    t.child.send({ type: 'create.fieldChanged', field: 'name', value: '' });
    expect(t.received).toEqual([
      { type: 'edits.changed', chart: 'createEvent', dirty: true },
      { type: 'edits.changed', chart: 'createEvent', dirty: false },
    ]);
    // Asked to save a form that is not ready: it says what is missing, and that it did not save.
    t.child.send({ type: 'edits.save' });
    expect(t.creates).not.toHaveBeenCalled();
    expect(t.received.at(-1)).toEqual({ type: 'edits.saveFailed' });
    fill(t.child, filled);
    t.child.send({ type: 'edits.save' });
    await flush();
    expect(t.creates).toHaveBeenCalledTimes(1);
    expect(t.received.at(-1)).toEqual({ type: 'edits.changed', chart: 'createEvent', dirty: false });
  });

  it('keeps the draft, ticks and unticks features', () => {
    const t = start(async () => sampleEvent());
    fill(t.child, filled);
    t.child.send({ type: 'create.featureToggled', feature: 'small_groups' });
    expect(t.child.getSnapshot().context.draft).toEqual({ ...filled, features: ['quiet_spaces'] });
  });

  it('says what is missing and calls nobody', () => {
    const t = start(async () => sampleEvent());
    t.child.send({ type: 'create.fieldChanged', field: 'name', value: 'Tea' });
    t.child.send({ type: 'create.submitted' });
    expect(t.creates).not.toHaveBeenCalled();
    expect(Object.keys(t.errors().fields)).toEqual(['description', 'location', 'event_type', 'start', 'end']);
    expect(t.focus).toHaveBeenCalledTimes(1);
    expect(t.told()).toEqual([]);
    // Filling a field settles what was said about it.
    t.child.send({ type: 'create.fieldChanged', field: 'location', value: 'Café Nord' });
    expect(Object.keys(t.errors().fields)).toEqual(['description', 'event_type', 'start', 'end']);
  });

  it('refuses a duplicate of a loaded event before any call', async () => {
    const t = start(async () => sampleEvent(), [sampleEvent({ location: 'Café Nord', start_time: iso('2030-06-01T08:30') })]);
    await flush();
    fill(t.child, filled);
    t.child.send({ type: 'create.submitted' });
    expect(t.creates).not.toHaveBeenCalled();
    expect(t.errors()).toEqual({ fields: { start: MESSAGES.duplicateEvent }, form: null });
    expect(t.focus).toHaveBeenCalledTimes(1);
  });

  it('starts in the time zone it is given', () => {
    const t = start(async () => sampleEvent());
    expect(t.child.getSnapshot().context.draft.time_zone).toBe('Europe/Berlin');
  });

  it('refuses 00:30 and 01:15 the same Berlin night at the same place before any call', async () => {
    const early = sampleEvent({ location: 'Café Nord', start_time: iso('2030-01-15T00:30'), time_zone: 'Europe/Berlin' });
    const t = start(async () => sampleEvent(), [early]);
    await flush();
    fill(t.child, { ...filled, start: '2030-01-15T01:15', end: '2030-01-15T02:00' });
    t.child.send({ type: 'create.submitted' });
    expect(t.creates).not.toHaveBeenCalled();
    expect(t.errors()).toEqual({ fields: { start: MESSAGES.duplicateEvent }, form: null });
  });

  it('creates the event, then offers a quiet room; skipped, the event opens', async () => {
    const created = sampleEvent({ name: 'Slow Coffee', is_attending: true });
    const t = start(async () => created);
    await flush();
    fill(t.child, filled);
    t.child.send({ type: 'create.submitted' });
    expect(t.creates).toHaveBeenCalledWith({ userId: ada.id, body: eventBody(filled) });
    expect(t.creates.mock.calls[0]![0].body.time_zone).toBe('Europe/Berlin');
    await flush();
    expect(t.child.getSnapshot().matches({ form: { quietRoom: 'offered' } })).toBe(true);
    expect(t.child.getSnapshot().context.created).toEqual(created);
    expect(t.focusElement).toHaveBeenCalledWith(QUIET_ROOM_STEP);
    // Not opened yet: the last step comes first.
    expect(t.told()).toEqual([{ type: 'error.cleared' }]);
    t.child.send({ type: 'create.quietRoomSkipped' });
    expect(t.told()).toEqual([{ type: 'error.cleared' }, { type: 'event.opened', event: created }]);
    expect(t.child.getSnapshot().matches({ form: 'created' })).toBe(true);
  });

  it('adds a quiet room with the zone editor, then says so and opens the event', async () => {
    const created = sampleEvent({ id: 'e0000000-0000-4000-8000-0000000000c1', name: 'Slow Coffee' });
    const t = start(async () => created);
    fill(t.child, filled);
    t.child.send({ type: 'create.submitted' });
    await flush();
    t.child.send({ type: 'create.quietRoomChosen' });
    expect(t.child.getSnapshot().matches({ form: { quietRoom: 'adding' } })).toBe(true);
    const editor = t.zoneEditor()!;
    expect(editor.getSnapshot().context).toMatchObject({
      userId: ada.id,
      eventId: created.id,
      zone: null,
      draft: { name: QUIET_ROOM_NAME, zone_type: 'safe_space' },
    });
    expect(t.focusElement).toHaveBeenLastCalledWith('zone-name');
    editor.send({ type: 'zone.locateRequested' });
    await flush();
    editor.send({ type: 'zone.submitted' });
    await flush();
    expect(t.saves).toHaveBeenCalledWith({
      userId: ada.id,
      eventId: created.id,
      zoneId: null,
      body: { name: QUIET_ROOM_NAME, description: '', zone_type: 'safe_space', latitude: 52.5068, longitude: 13.3917, radius_meters: 15 },
    });
    expect(t.told()).toEqual([
      { type: 'error.cleared' },
      { type: 'toast.show', message: quietRoomAdded({ name: QUIET_ROOM_NAME }) },
      { type: 'event.opened', event: created },
    ]);
    expect(t.zoneEditor()).toBeUndefined();
  });

  it('opens the event when the quiet room is cancelled, with nothing said', async () => {
    const created = sampleEvent();
    const t = start(async () => created);
    fill(t.child, filled);
    t.child.send({ type: 'create.submitted' });
    await flush();
    t.child.send({ type: 'create.quietRoomChosen' });
    t.zoneEditor()!.send({ type: 'zone.cancelled' });
    expect(t.saves).not.toHaveBeenCalled();
    expect(t.told()).toEqual([{ type: 'error.cleared' }, { type: 'event.opened', event: created }]);
  });

  it('passes on a session lost while the quiet room is saved', async () => {
    const t = start(async () => sampleEvent(), [], async () => Promise.reject(new ApiError(401, 'Not signed in')));
    fill(t.child, filled);
    t.child.send({ type: 'create.submitted' });
    await flush();
    t.child.send({ type: 'create.quietRoomChosen' });
    const editor = t.zoneEditor()!;
    editor.send({ type: 'zone.locateRequested' });
    await flush();
    editor.send({ type: 'zone.submitted' });
    await flush();
    expect(t.types()).toEqual(['error.cleared', 'session.expired']);
  });

  it("shows the server's detail on a 409, as the local check would", async () => {
    const t = start(async () => {
      throw refusedWith(409, MESSAGES.duplicateEvent);
    });
    fill(t.child, filled);
    t.child.send({ type: 'create.submitted' });
    await flush();
    expect(t.errors()).toEqual({ fields: { start: MESSAGES.duplicateEvent }, form: null });
    expect(t.focus).toHaveBeenCalledTimes(1);
    expect(t.child.getSnapshot().matches({ form: 'editing' })).toBe(true);
    expect(t.child.getSnapshot().context.draft).toEqual(filled);
  });

  it('says the duplicate message on a 409 without a detail too', async () => {
    const t = start(async () => {
      throw new ApiError(409, null);
    });
    fill(t.child, filled);
    t.child.send({ type: 'create.submitted' });
    await flush();
    expect(t.errors()).toEqual({ fields: { start: MESSAGES.duplicateEvent }, form: null });
  });

  it("says 'Failed to create event' for any other failure, and a refused field beside it", async () => {
    const t = start(async () => {
      throw new ApiError(400, 'end_time: must be in the future');
    });
    fill(t.child, filled);
    t.child.send({ type: 'create.submitted' });
    await flush();
    expect(english(t.errors())).toEqual(english({ fields: { end: 'The end time must be in the future.' }, form: MESSAGES.failedCreateEvent }));
    t.creates.mockImplementationOnce(async () => {
      throw new ApiError(500, null);
    });
    t.child.send({ type: 'create.submitted' });
    await flush();
    expect(t.errors()).toEqual({ fields: {}, form: MESSAGES.failedCreateEvent });
    expect(t.focus).toHaveBeenCalledTimes(2);
  });

  it('still creates when the events for the local check could not be loaded', async () => {
    const machine = createEventMachine.provide({
      actors: {
        loadEvents: fromPromise<Event[], { userId: string }>(async () => {
          throw new ApiError(500, null);
        }),
        createEvent: fromPromise<Event, { userId: string; body: CreateEventBody }>(async () => sampleEvent()),
      },
      actions: { logFailure: () => {} },
    });
    const t = asChild(machine, { user: ada });
    await flush();
    fill(t.child, filled);
    t.child.send({ type: 'create.submitted' });
    await flush();
    t.child.send({ type: 'create.quietRoomSkipped' });
    expect(t.types()).toContain('event.opened');
  });
});
