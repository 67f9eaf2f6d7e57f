import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import { HIDDEN_EVENTS_KEY } from '../../contract/constants';
import type { Event } from '../../contract/events';
import { MESSAGES } from '../../contract/messages';
import { ApiError } from '../../machines/api/client';
import {
  eventsMachine,
  selectHiddenCount,
  selectHiddenEvents,
  selectVisibleEvents,
  type EventsActorRef,
} from '../../machines/events.machine';
import { createHiddenEventsStore, type KeyValueStorage } from '../../machines/hidden-events.actor';
import { ada } from './app.fakes';
import { asChild, deferred, flush, sampleEvent } from './discovery.fakes';

const meetup = sampleEvent({ id: 'e0000000-0000-4000-8000-000000000001', name: 'Meetup', event_type: 'networking' });
const party = sampleEvent({ id: 'e0000000-0000-4000-8000-000000000002', name: 'Party', event_type: 'party' });
const walk = sampleEvent({ id: 'e0000000-0000-4000-8000-000000000003', name: 'Walk', event_type: 'interest-based', is_attending: true });

function memoryStorage(initial: Record<string, string> = {}): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v) };
}

interface Options {
  events?: Event[];
  storage?: KeyValueStorage;
  join?: (input: { userId: string; eventId: string }) => Promise<unknown>;
}

async function start({ events = [meetup, party, walk], storage = memoryStorage(), join = async () => ({ success: true }) }: Options = {}) {
  const joins = vi.fn(join);
  const machine = eventsMachine.provide({
    actors: {
      loadEvents: fromPromise<Event[], { userId: string }>(async () => events),
      joinEvent: fromPromise<unknown, { userId: string; eventId: string }>(({ input }) => joins(input)),
      hiddenEventsStore: createHiddenEventsStore(() => storage),
    },
  });
  const t = asChild(machine, { user: ada });
  await flush();
  return { ...t, joins, names: (select: typeof selectVisibleEvents) => select(t.child.getSnapshot()).map((e) => e.name) };
}

const hide = (events: EventsActorRef, e: Event) => events.send({ type: 'events.hideToggled', eventId: e.id });

describe('eventsMachine: hiding events on this device', () => {
  it('moves an event between the visible and hidden lists', async () => {
    const t = await start();
    expect(t.names(selectVisibleEvents)).toEqual(['Meetup', 'Party', 'Walk']);
    hide(t.child, party);
    expect(t.names(selectVisibleEvents)).toEqual(['Meetup', 'Walk']);
    expect(t.names(selectHiddenEvents)).toEqual(['Party']);
    expect(selectHiddenCount(t.child.getSnapshot())).toBe(1);
    hide(t.child, party);
    expect(t.names(selectVisibleEvents)).toEqual(['Meetup', 'Party', 'Walk']);
    expect(t.names(selectHiddenEvents)).toEqual([]);
  });

  it('keeps the hidden ids in storage under the hidden-events key', async () => {
    const storage = memoryStorage();
    const t = await start({ storage });
    hide(t.child, party);
    hide(t.child, meetup);
    expect(JSON.parse(storage.data.get(HIDDEN_EVENTS_KEY)!)).toEqual([party.id, meetup.id]);
    hide(t.child, party);
    expect(JSON.parse(storage.data.get(HIDDEN_EVENTS_KEY)!)).toEqual([meetup.id]);
  });

  it('finds them hidden again next time (a reload)', async () => {
    const storage = memoryStorage();
    const first = await start({ storage });
    hide(first.child, walk);
    first.actor.stop();
    const second = await start({ storage });
    expect(second.names(selectVisibleEvents)).toEqual(['Meetup', 'Party']);
    expect(second.names(selectHiddenEvents)).toEqual(['Walk']);
  });

  it('ignores a stored entry that is not a list of ids', async () => {
    const t = await start({ storage: memoryStorage({ [HIDDEN_EVENTS_KEY]: '{not json' }) });
    expect(t.names(selectVisibleEvents)).toEqual(['Meetup', 'Party', 'Walk']);
  });

  it('toggles showing the hidden list', async () => {
    const t = await start();
    expect(t.child.getSnapshot().context.showHidden).toBe(false);
    t.child.send({ type: 'events.showHiddenToggled' });
    expect(t.child.getSnapshot().context.showHidden).toBe(true);
    t.child.send({ type: 'events.showHiddenToggled' });
    expect(t.child.getSnapshot().context.showHidden).toBe(false);
  });
});

describe('eventsMachine: the type filter', () => {
  it.each([
    ['all', ['Meetup', 'Party', 'Walk']],
    ['networking', ['Meetup']],
    ['casual', ['Party']],
    ['professional', ['Meetup']],
    ['interest-based', ['Walk']],
  ] as const)('%s shows %j', async (filter, names) => {
    const t = await start();
    t.child.send({ type: 'events.filterChanged', filter });
    expect(t.names(selectVisibleEvents)).toEqual(names);
  });

  it('applies to the hidden list too', async () => {
    const t = await start();
    hide(t.child, meetup);
    hide(t.child, party);
    t.child.send({ type: 'events.filterChanged', filter: 'casual' });
    expect(t.names(selectHiddenEvents)).toEqual(['Party']);
    expect(selectHiddenCount(t.child.getSnapshot())).toBe(2);
  });
});

describe('eventsMachine: joining and opening', () => {
  it('joins, then hands the root the event as attended', async () => {
    const answer = deferred<unknown>();
    const t = await start({ join: () => answer.promise });
    t.child.send({ type: 'events.eventChosen', eventId: meetup.id });
    expect(t.joins).toHaveBeenCalledWith({ userId: ada.id, eventId: meetup.id });
    expect(t.child.getSnapshot().context.joiningId).toBe(meetup.id);
    answer.resolve({ success: true });
    await flush();
    expect(t.received).toEqual([{ type: 'event.opened', event: { ...meetup, is_attending: true, attendee_count: meetup.attendee_count + 1 } }]);
    expect(t.child.getSnapshot().context.joiningId).toBeNull();
  });

  it('opens an event the user already attends without joining again', async () => {
    const t = await start();
    t.child.send({ type: 'events.eventChosen', eventId: walk.id });
    expect(t.joins).not.toHaveBeenCalled();
    expect(t.received).toEqual([{ type: 'event.opened', event: walk }]);
  });

  it("shows 'Failed to join event' when the join fails, and stays on the list", async () => {
    const t = await start({
      join: async () => {
        throw new ApiError(403, 'You cannot join this event');
      },
    });
    t.child.send({ type: 'events.eventChosen', eventId: party.id });
    await flush();
    expect(t.received).toEqual([{ type: 'error.show', message: MESSAGES.failedJoinEvent }]);
    expect(t.child.getSnapshot().matches({ ready: 'idle' })).toBe(true);
  });

  it('ignores an id that is not in the list', async () => {
    const t = await start();
    t.child.send({ type: 'events.eventChosen', eventId: 'e0000000-0000-4000-8000-000000000099' });
    expect(t.joins).not.toHaveBeenCalled();
    expect(t.received).toEqual([]);
  });

  it('ends the session on a 401 while loading', async () => {
    const machine = eventsMachine.provide({
      actors: {
        loadEvents: fromPromise<Event[], { userId: string }>(async () => {
          throw new ApiError(401, 'Not signed in');
        }),
        hiddenEventsStore: createHiddenEventsStore(() => memoryStorage()),
      },
    });
    const t = asChild(machine, { user: ada });
    await flush();
    expect(t.types()).toEqual(['session.expired']);
  });

  it('offers a reload after a failed load', async () => {
    let fail = true;
    const machine = eventsMachine.provide({
      actors: {
        loadEvents: fromPromise<Event[], { userId: string }>(async () => {
          if (fail) throw new ApiError(500, null);
          return [meetup];
        }),
        hiddenEventsStore: createHiddenEventsStore(() => memoryStorage()),
      },
    });
    const t = asChild(machine, { user: ada });
    await flush();
    expect(t.child.getSnapshot().matches('failed')).toBe(true);
    fail = false;
    t.child.send({ type: 'events.reloaded' });
    await flush();
    expect(selectVisibleEvents(t.child.getSnapshot()).map((e) => e.name)).toEqual(['Meetup']);
  });
});
