import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import { HIDDEN_EVENTS_KEY } from '../../../contract/constants';
import type { Event } from '../../../contract/events';
import { MESSAGES } from '../../../contract/messages';
import { ApiError } from '../../../machines/api/client';
import {
  eventsMachine,
  selectHiddenCount,
  selectEventsStatus,
  selectHiddenEvents,
  selectVisibleEvents,
  type EventsActorRef,
} from '../../../machines/event/events.machine';
import { createHiddenEventsStore, type KeyValueStorage } from '../../../machines/event/hidden-events.actor';
import type { EventChange } from '../../../contract/live';
import { ada } from '../app.fakes';
import { asChild, deferred, flush, sampleEvent } from '../discovery.fakes';

const meetup = sampleEvent({ id: 'e0000000-0000-4000-8000-000000000001', name: 'Meetup', event_type: 'networking' });
const party = sampleEvent({ id: 'e0000000-0000-4000-8000-000000000002', name: 'Party', event_type: 'party' });
const walk = sampleEvent({ id: 'e0000000-0000-4000-8000-000000000003', name: 'Walk', event_type: 'sports', is_attending: true });

function memoryStorage(initial: Record<string, string> = {}): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v) };
}

interface Options {
  events?: Event[];
  storage?: KeyValueStorage;
  join?: (input: { userId: string; eventId: string }) => Promise<unknown>;
  /** The list's answers after the first (the first is `events`). */
  reload?: () => Promise<Event[]>;
}

async function start({
  events = [meetup, party, walk],
  storage = memoryStorage(),
  join = async () => ({ success: true }),
  reload = async () => events,
}: Options = {}) {
  const joins = vi.fn(join);
  let first = true;
  const loads = vi.fn(async () => (first ? ((first = false), events) : reload()));
  const machine = eventsMachine.provide({
    actors: {
      loadEvents: fromPromise<Event[], { userId: string }>(() => loads()),
      joinEvent: fromPromise<unknown, { userId: string; eventId: string }>(({ input }) => joins(input)),
      hiddenEventsStore: createHiddenEventsStore(() => storage),
    },
  });
  const t = asChild(machine, { user: ada });
  await flush();
  return { ...t, joins, loads, names: (select: typeof selectVisibleEvents) => select(t.child.getSnapshot()).map((e) => e.name) };
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
    ['casual', ['Party', 'Walk']],
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
    expect(t.child.getSnapshot().matches({ ready: { choosing: 'idle' } })).toBe(true);
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

describe('eventsMachine: its organizers change an event (issue 17)', () => {
  const changed = (e: Event, change: EventChange) => ({ type: 'live.event_changed' as const, event_id: e.id, change });

  it.each(['cancelled', 'taken_down'] as const)('drops an event that is %s at once, without asking the server', async (change) => {
    const t = await start();
    t.child.send(changed(party, change));
    expect(t.names(selectVisibleEvents)).toEqual(['Meetup', 'Walk']);
    expect(t.loads).toHaveBeenCalledTimes(1);
  });

  it('reads the list again behind the cards when an event in it is edited', async () => {
    const later = deferred<Event[]>();
    const t = await start({ reload: () => later.promise });
    t.child.send(changed(meetup, 'details'));
    expect(t.loads).toHaveBeenCalledTimes(2);
    // The cards stay while it loads: the list is not 'loading'.
    expect(selectEventsStatus(t.child.getSnapshot())).toBe('ready');
    expect(t.names(selectVisibleEvents)).toEqual(['Meetup', 'Party', 'Walk']);
    later.resolve([{ ...meetup, name: 'Meetup, now at noon' }, party, walk]);
    await flush();
    expect(t.names(selectVisibleEvents)).toEqual(['Meetup, now at noon', 'Party', 'Walk']);
    expect(t.child.getSnapshot().matches({ ready: { refresh: 'idle' } })).toBe(true);
  });

  it('reads the list again quietly when the live channel comes back (changes may have been missed)', async () => {
    const t = await start({ reload: async () => [meetup, walk] });
    t.child.send({ type: 'live.reconnected' });
    expect(selectEventsStatus(t.child.getSnapshot())).toBe('ready');
    await flush();
    expect(t.names(selectVisibleEvents)).toEqual(['Meetup', 'Walk']);
  });

  it('keeps a join on its way while the list is read again', async () => {
    const joined = deferred<unknown>();
    const t = await start({ join: () => joined.promise });
    t.child.send({ type: 'events.eventChosen', eventId: meetup.id });
    t.child.send(changed(party, 'details'));
    await flush();
    expect(t.child.getSnapshot().context.joiningId).toBe(meetup.id);
    joined.resolve({ success: true });
    await flush();
    expect(t.types()).toEqual(['event.opened']);
  });

  it('keeps the cards when reading the list again fails', async () => {
    const t = await start({
      reload: async () => {
        throw new ApiError(500, null);
      },
    });
    t.child.send(changed(meetup, 'details'));
    await flush();
    expect(selectEventsStatus(t.child.getSnapshot())).toBe('ready');
    expect(t.names(selectVisibleEvents)).toEqual(['Meetup', 'Party', 'Walk']);
  });

  it('leaves the list alone for other changes, and for events not in it', async () => {
    const t = await start();
    for (const change of ['zones', 'communities', 'organizers', 'announcement'] as const) t.child.send(changed(meetup, change));
    const elsewhere = sampleEvent({ id: 'e0000000-0000-4000-8000-000000000099', name: 'Elsewhere' });
    t.child.send(changed(elsewhere, 'details'));
    t.child.send(changed(elsewhere, 'cancelled'));
    await flush();
    expect(t.loads).toHaveBeenCalledTimes(1);
    expect(t.names(selectVisibleEvents)).toEqual(['Meetup', 'Party', 'Walk']);
  });
});
