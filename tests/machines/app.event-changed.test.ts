/**
 * The root chart's part when an event's organizers change it (issue 17): the live
 * `event_changed` reaches the charts that show that event, which read again what changed;
 * an event that is cancelled or taken down takes the person calmly from its views to the
 * events list, and the root forgets it.
 */
import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import type { MicroCommunity, NearbyEntry, Recommendations, SafeZone } from '../../contract/discovery';
import type { Event } from '../../contract/events';
import type { EventChange } from '../../contract/live';
import type { EventAnalytics } from '../../contract/media';
import type { GroupChat } from '../../contract/social';
import { analyticsMachine } from '../../machines/event/analytics.machine';
import type { LocationUpdateAnswer } from '../../machines/api/client';
import { selectZoneBanner } from '../../machines/app.machine';
import { eventMachine, type EventActorRef, type PeopleRange } from '../../machines/event/event.machine';
import { eventsMachine, selectVisibleEvents, type EventsActorRef } from '../../machines/event/events.machine';
import { createHiddenEventsStore } from '../../machines/event/hidden-events.actor';
import { notificationToast, type NotificationsActorRef } from '../../machines/session/notifications.machine';
import { photoGalleryMachine } from '../../machines/event/photo-gallery.machine';
import type { UserView } from '../../machines/views';
import { sampleNotification, signedInWithLive } from './connections.fakes';
import { emptyRecommendations, fakePoller, flush, sampleCommunity, sampleEvent, sampleZone } from './discovery.fakes';

type Ids = { userId: string; eventId: string };

const meetup = sampleEvent({ is_attending: true });
const party = sampleEvent({ id: 'e0000000-0000-4000-8000-000000000002', name: 'Party', is_attending: true });
const quietRoom = sampleZone();
const library = sampleZone({ id: 'c0000000-0000-4000-8000-000000000002', name: 'Library corner' });

/** Ada signed in with the live channel open; the event's calls answer as the test's world says. */
async function inEvent(world: { event?: Event; zone?: SafeZone | null } = {}) {
  const state = { event: world.event ?? meetup, zone: world.zone === undefined ? quietRoom : world.zone, list: [meetup, party] };
  const poller = fakePoller(async (): Promise<LocationUpdateAnswer> => ({ success: true, current_zone: state.zone }));
  const answer = <T>(value: () => T) => fromPromise<T, Ids>(async () => value());
  const app = await signedInWithLive(
    {},
    {
      charts: {
        events: eventsMachine.provide({
          actors: {
            loadEvents: fromPromise<Event[], { userId: string }>(async () => state.list),
            hiddenEventsStore: createHiddenEventsStore(() => null),
          },
        }),
        event: eventMachine.provide({
          actors: {
            loadEvent: answer(() => state.event),
            loadPeople: fromPromise<NearbyEntry[], PeopleRange>(async () => []),
            loadZones: answer<SafeZone[]>(() => [quietRoom]),
            loadCommunities: answer<MicroCommunity[]>(() => [sampleCommunity()]),
            loadRecommendations: answer<Recommendations>(() => emptyRecommendations),
            loadGroupChats: answer<GroupChat[]>(() => []),
          },
        }),
        analytics: analyticsMachine.provide({ actors: { loadAnalytics: fromPromise<EventAnalytics, Ids>(() => new Promise(() => {})) } }),
        photos: photoGalleryMachine.provide({ actors: { loadPhotos: fromPromise(() => new Promise(() => {})) } }),
        locationPoller: poller.machine,
      },
    },
  );
  app.socket().report({ type: 'socket.opened' });
  app.actor.send({ type: 'event.opened', event: meetup });
  await flush();
  const changed = (change: EventChange, eventId = meetup.id) => app.live({ type: 'event_changed', event_id: eventId, change });
  const view = (): UserView | undefined => (['events', 'event', 'attendees', 'group-chat', 'photo-gallery', 'analytics', 'chats'] as const).find((v) => app.snapshot().matches({ user: v }));
  return { ...app, state, poller, changed, view, eventChart: () => app.child<EventActorRef>('event') };
}

describe('appMachine: an event cancelled or taken down (issue 17)', () => {
  it.each(['event', 'attendees', 'group-chat', 'photo-gallery', 'analytics'] as const)(
    'takes the person from the %s view to the events list, and forgets the event (the notification that comes with it says why)',
    async (on) => {
      const app = await inEvent();
      app.actor.send({ type: 'view.opened', view: on });
      await flush();
      expect(app.view()).toBe(on);
      app.changed('cancelled');
      expect(app.view()).toBe('events');
      // One toast for one thing: the notification's, not the chart's too.
      expect(app.toasts().filter((m) => m.includes(meetup.name))).toEqual([]);
      expect(app.snapshot().context.currentEvent).toBeNull();
    },
  );

  it('leaves a view of an event taken down by moderators too', async () => {
    const app = await inEvent();
    app.changed('taken_down');
    expect(app.view()).toBe('events');
    expect(app.snapshot().context.currentEvent).toBeNull();
  });

  it('leaves the person where they are on another view, but forgets the event, its zone and its poller', async () => {
    const app = await inEvent();
    app.poller.move(1, 2);
    await flush();
    expect(selectZoneBanner(app.snapshot())?.zone).toEqual(quietRoom);
    app.actor.send({ type: 'view.opened', view: 'chats' });
    app.changed('cancelled');
    expect(app.view()).toBe('chats');
    expect(app.snapshot().context.currentEvent).toBeNull();
    expect(selectZoneBanner(app.snapshot())).toBeNull();
    expect(app.poller.stopped).toHaveBeenCalledTimes(1);
    const sent = app.poller.reports.mock.calls.length;
    app.clock.increment(60_000);
    expect(app.poller.reports).toHaveBeenCalledTimes(sent);
    // Its address is gone too: the event view has no event to show.
    app.actor.send({ type: 'view.opened', view: 'event' });
    expect(app.snapshot().matches({ user: { event: 'none' } })).toBe(true);
  });

  it('drops the event from the events list on screen', async () => {
    const app = await inEvent();
    app.actor.send({ type: 'view.opened', view: 'events' });
    await flush();
    const list = () => selectVisibleEvents(app.child<EventsActorRef>('events')!.getSnapshot()).map((e) => e.name);
    expect(list()).toEqual([meetup.name, 'Party']);
    app.changed('cancelled', party.id);
    expect(list()).toEqual([meetup.name]);
    // Not the event the person is in: it stays theirs.
    expect(app.snapshot().context.currentEvent?.id).toBe(meetup.id);
  });

  it('changes nothing for another event while on this one', async () => {
    const app = await inEvent();
    app.changed('cancelled', party.id);
    expect(app.view()).toBe('event');
    expect(app.snapshot().context.currentEvent?.id).toBe(meetup.id);
  });
});

describe('appMachine: an event edited, its zones moved, an announcement (issue 17)', () => {
  it('reads the event again on the event view, and every view then names it as it now is', async () => {
    const app = await inEvent();
    const brunch = { ...meetup, name: 'Quiet Founders Brunch', start_time: '2030-05-02T09:00:00.000Z', end_time: '2030-05-02T11:00:00.000Z' };
    app.state.event = brunch;
    app.changed('details');
    await flush();
    expect(app.eventChart()!.getSnapshot().context.event).toEqual(brunch);
    expect(app.snapshot().context.currentEvent).toEqual(brunch);
  });

  it('catches up with a change made while on another of its views once the event view opens again', async () => {
    const app = await inEvent();
    app.actor.send({ type: 'view.opened', view: 'attendees' });
    app.state.event = { ...meetup, name: 'Quiet Founders Brunch' };
    app.changed('details');
    await flush();
    expect(app.snapshot().context.currentEvent?.name).toBe(meetup.name);
    app.actor.send({ type: 'view.opened', view: 'event' });
    await flush();
    expect(app.snapshot().context.currentEvent?.name).toBe('Quiet Founders Brunch');
  });

  it('refreshes the events list on screen when an event in it is edited', async () => {
    const app = await inEvent();
    app.actor.send({ type: 'view.opened', view: 'events' });
    await flush();
    app.state.list = [meetup, { ...party, name: 'Garden party' }];
    app.changed('details', party.id);
    await flush();
    expect(selectVisibleEvents(app.child<EventsActorRef>('events')!.getSnapshot()).map((e) => e.name)).toEqual([meetup.name, 'Garden party']);
  });

  it('checks where the person is again at once when the zones move, so the banner names the zone as it is now', async () => {
    const app = await inEvent();
    app.poller.move(1, 2);
    await flush();
    expect(app.poller.reports).toHaveBeenCalledTimes(1);
    app.state.zone = library;
    app.changed('zones');
    expect(app.poller.reports).toHaveBeenCalledTimes(2);
    await flush();
    expect(selectZoneBanner(app.snapshot())?.zone).toEqual(library);
    // The event view's list of zones is read again too.
    expect(app.eventChart()!.getSnapshot().matches({ zones: 'ready' })).toBe(true);
  });

  it('shows an announcement as its notification: a toast with its title, and in the list', async () => {
    const app = await inEvent();
    const note = sampleNotification({ title: `From the organizers of “${meetup.name}”`, content: 'The quiet room is now on floor 2.', link: `/events/${meetup.id}` });
    app.live({ type: 'notification', notification: note });
    app.changed('announcement');
    expect(app.toasts()).toContain(notificationToast(note).message);
    expect(app.child<NotificationsActorRef>('notifications')!.getSnapshot().context.notifications).toContainEqual(note);
    expect(app.view()).toBe('event');
  });
});
