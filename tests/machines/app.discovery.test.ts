/** The root chart's part in events and discovery: the event view, the poller's life, the banner. */
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import type { LoginAnswer } from '../../contract/account';
import { LOCATION_INTERVAL_MS } from '../../contract/constants';
import type { MicroCommunity, NearbyEntry, Recommendations, SafeZone } from '../../contract/discovery';
import type { Event } from '../../contract/events';
import type { GroupChat } from '../../contract/social';
import { appMachine, selectZoneBanner } from '../../machines/app.machine';
import { chartOf } from '../../machines/lazy-charts';
import { authMachine, type LoginDraft } from '../../machines/session/auth.machine';
import { eventMachine, type PeopleRange } from '../../machines/event/event.machine';
import { eventsMachine } from '../../machines/event/events.machine';
import { createHiddenEventsStore } from '../../machines/event/hidden-events.actor';
import { ada, quietCharts, quietChildren } from './app.fakes';
import { chunksAtHand } from './charts.fakes';
import { emptyRecommendations, fakePoller, flush, sampleEvent, sampleZone, samplePerson } from './discovery.fakes';
import { testSaid } from '../said';

type Ids = { userId: string; eventId: string };
const meetup = sampleEvent({ id: 'e0000000-0000-4000-8000-000000000001', name: 'Meetup' });
const party = sampleEvent({ id: 'e0000000-0000-4000-8000-000000000002', name: 'Party', is_attending: true });
const quietRoom = sampleZone();
const greenRoom = sampleZone({ id: 'c0000000-0000-4000-8000-000000000002', name: 'Speaker green room', zone_type: 'restricted' });

/** Signs Ada in on a root chart whose every call is faked; the poller's position is the test's. */
async function signedIn() {
  const poller = fakePoller(async () => ({ success: true, current_zone: quietRoom }));
  const joins = vi.fn(async () => ({ success: true }));
  const machine = appMachine.provide({
    actors: {
      ...quietChildren,
      ...chunksAtHand({
        ...quietCharts,
        auth: authMachine.provide({
          actors: { login: fromPromise<LoginAnswer, LoginDraft>(async () => ({ user: ada, reactivated: false })) },
        }),
        events: eventsMachine.provide({
          actors: {
            loadEvents: fromPromise<Event[], { userId: string }>(async () => [meetup, party]),
            joinEvent: fromPromise<unknown, Ids>(() => joins()),
            hiddenEventsStore: createHiddenEventsStore(() => null),
          },
        }),
        event: eventMachine.provide({
          actors: {
            loadEvent: fromPromise<Event, Ids>(() => new Promise(() => {})),
            loadPeople: fromPromise<NearbyEntry[], PeopleRange>(async () => []),
            loadZones: fromPromise<SafeZone[], Ids>(async () => [quietRoom, greenRoom]),
            loadCommunities: fromPromise<MicroCommunity[], Ids>(async () => []),
            loadRecommendations: fromPromise<Recommendations, Ids>(async () => emptyRecommendations),
            loadGroupChats: fromPromise<GroupChat[], Ids>(async () => []),
          },
        }),
        locationPoller: poller.machine,
      }),
    },
  });
  const clock = new SimulatedClock();
  const actor = createActor(machine, { clock, input: { path: '/', online: true } }).start();
  const auth = chartOf(actor.getSnapshot(), 'auth')!;
  auth.send({ type: 'auth.loginChanged', field: 'username_or_email', value: 'ada' });
  auth.send({ type: 'auth.loginChanged', field: 'password', value: 'secret1' });
  auth.send({ type: 'auth.submitted' });
  await waitFor(actor, (s) => s.matches({ user: 'events' }));
  await flush();
  const events = () => chartOf(actor.getSnapshot(), 'events')!;
  return { actor, clock, poller, joins, events, snapshot: () => actor.getSnapshot() };
}

describe('appMachine: opening an event', () => {
  it('joins from the list, shows the event view and runs its chart with the joined event', async () => {
    const app = await signedIn();
    app.events().send({ type: 'events.eventChosen', eventId: meetup.id });
    await waitFor(app.actor, (s) => s.matches({ user: { event: 'open' } }));
    expect(app.joins).toHaveBeenCalledTimes(1);
    const event = chartOf(app.snapshot(), 'event')!;
    expect(event.getSnapshot().context.event).toMatchObject({ id: meetup.id, is_attending: true });
    expect(app.snapshot().context.currentEvent?.id).toBe(meetup.id);
    expect(app.snapshot().children.locationPoller).toBeDefined();
  });

  it('says so, with no chart, when the event view opens with no event chosen', async () => {
    const app = await signedIn();
    app.actor.send({ type: 'view.opened', view: 'event' });
    expect(app.snapshot().matches({ user: { event: 'none' } })).toBe(true);
    expect(app.snapshot().children.event).toBeUndefined();
    expect(app.snapshot().children.locationPoller).toBeUndefined();
  });

  it('starts no poller before an event is opened, so nothing is sent', async () => {
    const app = await signedIn();
    app.clock.increment(LOCATION_INTERVAL_MS * 3);
    expect(app.poller.watching).not.toHaveBeenCalled();
    expect(app.poller.reports).not.toHaveBeenCalled();
  });
});

describe('appMachine: the location poller while in an event', () => {
  it('reports the position at once and every 10 s, and the zone reaches the banner', async () => {
    const app = await signedIn();
    app.actor.send({ type: 'event.opened', event: party });
    app.poller.move(52.5068, 13.3917);
    expect(app.poller.reports).toHaveBeenCalledTimes(1);
    expect(app.poller.reports).toHaveBeenLastCalledWith({ userId: ada.id, eventId: party.id, latitude: 52.5068, longitude: 13.3917 });
    await flush();
    expect(selectZoneBanner(app.snapshot())).toEqual({ zone: quietRoom });

    app.clock.increment(LOCATION_INTERVAL_MS - 1);
    expect(app.poller.reports).toHaveBeenCalledTimes(1);
    app.clock.increment(1);
    expect(app.poller.reports).toHaveBeenCalledTimes(2);
  });

  it('keeps polling on the events list and other views, so the list banner stays right', async () => {
    const app = await signedIn();
    app.actor.send({ type: 'event.opened', event: party });
    app.poller.move(1, 2);
    await flush();
    app.actor.send({ type: 'view.opened', view: 'events' });
    app.clock.increment(LOCATION_INTERVAL_MS);
    await flush();
    app.actor.send({ type: 'view.opened', view: 'profile' });
    app.clock.increment(LOCATION_INTERVAL_MS);
    expect(app.poller.reports).toHaveBeenCalledTimes(3);
    expect(app.snapshot().context.currentZone).toEqual(quietRoom);
  });

  it('stops when the user logs out, and forgets the event and zone', async () => {
    const app = await signedIn();
    app.actor.send({ type: 'event.opened', event: party });
    app.poller.move(1, 2);
    await flush();
    app.actor.send({ type: 'session.ended', message: testSaid('Logged out successfully') });
    expect(app.poller.stopped).toHaveBeenCalledTimes(1);
    app.clock.increment(LOCATION_INTERVAL_MS * 5);
    expect(app.poller.reports).toHaveBeenCalledTimes(1);
    expect(app.snapshot().children.locationPoller).toBeUndefined();
    expect(app.snapshot().context).toMatchObject({ currentEvent: null, currentZone: null, partner: null });
  });

  it('stops when the session expires too', async () => {
    const app = await signedIn();
    app.actor.send({ type: 'event.opened', event: party });
    app.actor.send({ type: 'session.expired' });
    expect(app.poller.stopped).toHaveBeenCalledTimes(1);
  });

  it('moves to the new event when another is opened, and forgets the old zone', async () => {
    const app = await signedIn();
    app.actor.send({ type: 'event.opened', event: party });
    app.poller.move(1, 2);
    await flush();
    app.actor.send({ type: 'event.opened', event: { ...meetup, is_attending: true } });
    expect(app.poller.stopped).toHaveBeenCalledTimes(1);
    expect(app.poller.watching).toHaveBeenCalledTimes(2);
    expect(app.snapshot().context.currentZone).toBeNull();
    app.poller.move(3, 4);
    expect(app.poller.reports).toHaveBeenLastCalledWith({ userId: ada.id, eventId: meetup.id, latitude: 3, longitude: 4 });
  });

  it('starts none for an event only looked at (a shared link), and one once it is joined there', async () => {
    const app = await signedIn();
    const looked = { ...party, is_attending: false };
    app.actor.send({ type: 'event.opened', event: looked });
    expect(app.snapshot().children.locationPoller).toBeUndefined();
    expect(app.poller.watching).not.toHaveBeenCalled();
    // The event view's Join tells the root the event opened, now attended.
    app.actor.send({ type: 'event.opened', event: { ...looked, is_attending: true, attendee_count: looked.attendee_count + 1 } });
    expect(app.snapshot().children.locationPoller).toBeDefined();
    expect(app.poller.watching).toHaveBeenCalledTimes(1);
    expect(app.snapshot().context.currentEvent?.is_attending).toBe(true);
  });

  it('keeps the same poller when the same event is opened again', async () => {
    const app = await signedIn();
    app.actor.send({ type: 'event.opened', event: party });
    const poller = app.snapshot().children.locationPoller;
    app.actor.send({ type: 'view.opened', view: 'events' });
    app.actor.send({ type: 'event.opened', event: party });
    expect(app.snapshot().children.locationPoller).toBe(poller);
    expect(app.poller.stopped).not.toHaveBeenCalled();
  });
});

describe('appMachine: the safe-zone banner', () => {
  it('names the zone the user is in (what it does to who sees them is presence’s, issue 39)', async () => {
    const app = await signedIn();
    app.actor.send({ type: 'zone.changed', zone: greenRoom });
    expect(selectZoneBanner(app.snapshot())).toEqual({ zone: greenRoom });
  });

  it('goes when the user leaves every zone', async () => {
    const app = await signedIn();
    app.actor.send({ type: 'zone.changed', zone: quietRoom });
    app.actor.send({ type: 'zone.changed', zone: null });
    expect(selectZoneBanner(app.snapshot())).toBeNull();
  });
});

describe('appMachine: the user in session', () => {
  it('keeps availability and battery changes on the user', async () => {
    const app = await signedIn();
    app.actor.send({ type: 'user.patched', patch: { social_battery: 3 } });
    app.actor.send({ type: 'user.patched', patch: { is_available: false } });
    expect(app.snapshot().context.user).toEqual({ ...ada, social_battery: 3, is_available: false });
  });

  it('runs availability and battery for the signed-in user', async () => {
    const app = await signedIn();
    expect(chartOf(app.snapshot(), 'availability')!.getSnapshot().context).toMatchObject({ userId: ada.id, isAvailable: true });
    expect(chartOf(app.snapshot(), 'battery')!.getSnapshot().context).toMatchObject({ userId: ada.id, level: 8 });
  });

  it('opens chat and contact exchange with the chosen person', async () => {
    const app = await signedIn();
    const sam = samplePerson();
    app.actor.send({ type: 'chat.opened', partner: sam });
    expect(app.snapshot().matches({ user: 'chat' })).toBe(true);
    expect(app.snapshot().context.partner).toEqual(sam);
    app.actor.send({ type: 'contactExchange.opened', partner: sam });
    expect(app.snapshot().matches({ user: 'contact-exchange' })).toBe(true);
  });

  it('ignores plans.opened until the plan chooser exists', async () => {
    const app = await signedIn();
    app.actor.send({ type: 'plans.opened' });
    expect(app.snapshot().matches({ user: 'events' })).toBe(true);
  });
});
