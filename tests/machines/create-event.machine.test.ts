import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { CreateEventBody, Event } from '../../contract/events';
import { MESSAGES } from '../../contract/messages';
import { ApiError } from '../../machines/api/client';
import {
  END_BEFORE_START,
  EVENT_TYPE_REQUIRED,
  createEventMachine,
  emptyEventDraft,
  eventBody,
  eventDraftErrors,
  missingFieldMessage,
  type CreateEventActorRef,
  type EventDraft,
} from '../../machines/create-event.machine';
import { ada } from './app.fakes';
import { asChild, flush, sampleEvent } from './discovery.fakes';

const filled: EventDraft = {
  name: ' Slow Coffee ',
  description: ' Coffee, no rush. ',
  location: ' Café Nord ',
  event_type: 'networking',
  start: '2030-06-01T09:00',
  end: '2030-06-01T10:30',
  features: ['small_groups', 'quiet_spaces'],
};

const iso = (local: string) => new Date(local).toISOString();

describe('eventDraftErrors (SPEC 5 "New event")', () => {
  const only = (fields: Record<string, string>) => ({ fields, form: null });

  it('passes a complete draft', () => {
    expect(eventDraftErrors(filled, [])).toEqual(only({}));
  });

  it('names every missing field beside it, blank text counting as missing', () => {
    expect(eventDraftErrors(emptyEventDraft, [])).toEqual(
      only({
        name: missingFieldMessage('name'),
        description: missingFieldMessage('description'),
        location: missingFieldMessage('location'),
        event_type: missingFieldMessage('event type'),
        start: missingFieldMessage('start time'),
        end: missingFieldMessage('end time'),
      }),
    );
    expect(eventDraftErrors({ ...filled, name: '   ', end: '' }, [])).toEqual(
      only({ name: missingFieldMessage('name'), end: missingFieldMessage('end time') }),
    );
  });

  it('takes only a type from the list', () => {
    expect(eventDraftErrors({ ...filled, event_type: 'casual' as EventDraft['event_type'] }, [])).toEqual(only({ event_type: EVENT_TYPE_REQUIRED }));
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
});

describe('eventBody', () => {
  it('trims the text, sends ISO times and the features in SPEC order', () => {
    expect(eventBody(filled)).toEqual({
      name: 'Slow Coffee',
      description: 'Coffee, no rush.',
      location: 'Café Nord',
      event_type: 'networking',
      start_time: iso('2030-06-01T09:00'),
      end_time: iso('2030-06-01T10:30'),
      anxiety_friendly_features: ['quiet_spaces', 'small_groups'],
    });
  });
});

function start(create: (input: { userId: string; body: CreateEventBody }) => Promise<Event>, existing: Event[] = []) {
  const creates = vi.fn(create);
  const focus = vi.fn();
  const machine = createEventMachine.provide({
    actors: {
      loadEvents: fromPromise<Event[], { userId: string }>(async () => existing),
      createEvent: fromPromise<Event, { userId: string; body: CreateEventBody }>(({ input }) => creates(input)),
    },
    actions: { focusFirstError: () => focus() },
  });
  const t = asChild(machine, { user: ada });
  return { ...t, creates, focus, errors: () => t.child.getSnapshot().context.errors };
}

function fill(form: CreateEventActorRef, d: EventDraft) {
  for (const field of ['name', 'description', 'location', 'event_type', 'start', 'end'] as const) {
    form.send({ type: 'create.fieldChanged', field, value: d[field] });
  }
  for (const feature of d.features) form.send({ type: 'create.featureToggled', feature });
}

describe('createEventMachine', () => {
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
    expect(t.received).toEqual([]);
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

  it('creates the event and opens it', async () => {
    const created = sampleEvent({ name: 'Slow Coffee', is_attending: true });
    const t = start(async () => created);
    await flush();
    fill(t.child, filled);
    t.child.send({ type: 'create.submitted' });
    expect(t.creates).toHaveBeenCalledWith({ userId: ada.id, body: eventBody(filled) });
    await flush();
    expect(t.received).toEqual([{ type: 'error.cleared' }, { type: 'event.opened', event: created }]);
    expect(t.child.getSnapshot().matches({ form: 'created' })).toBe(true);
  });

  it("shows the server's detail on a 409, as the local check would", async () => {
    const t = start(async () => {
      throw new ApiError(409, MESSAGES.duplicateEvent);
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
    expect(t.errors()).toEqual({ fields: { end: 'The end time must be in the future.' }, form: MESSAGES.failedCreateEvent });
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
    expect(t.types()).toContain('event.opened');
  });
});
