/** Issue 13: every view has an address; address → view (deep links, back/forward) and view → address. */
import { describe, expect, it } from 'vitest';
import { createMachine, waitFor } from 'xstate';
import type { PublicUser } from '../../contract/common';
import { ADDRESS_UNAVAILABLE } from '../../machines/app.machine';
import type { ConnectionRequestsActorRef } from '../../machines/people/connection-requests.machine';
import { EVENT_TABS, formatAddress, parseAddress, type Address } from '../../machines/addresses';
import { USER_VIEWS } from '../../machines/views';
import { ada, startApp, submitLogin, toastsOf, type Fakes } from './app.fakes';
import type { ChartFakes } from './charts.fakes';
import { flush, sampleEvent } from './discovery.fakes';
import { testSaid } from '../said';

const E = 'e0000000-0000-4000-8000-000000000001';
const U = 'a0000000-0000-4000-8000-000000000002';
const R = 'b0000000-0000-4000-8000-000000000003';
const G = 'c0000000-0000-4000-8000-000000000004';
const meetup = sampleEvent({ id: E, name: 'Meetup', is_attending: true });
const grace: PublicUser = {
  id: U,
  username: 'grace',
  name: 'Grace Hopper',
  age: null,
  occupation: null,
  interests: [],
  social_preferences: [],
  personality_traits: [],
  communication_style: 'balanced',
  photo_data: null,
  is_anonymous: false,
};

/** One address of every kind, so each view's path is checked both ways. */
const EVERY_ADDRESS: Address[] = [
  { view: 'events' },
  { view: 'chats' },
  { view: 'mutual-connections' },
  { view: 'user-search' },
  { view: 'notifications' },
  { view: 'profile' },
  { view: 'privacy-settings' },
  { view: 'create-event' },
  { view: 'cards' },
  { view: 'shared-cards' },
  { view: 'connect' },
  { view: 'meetings' },
  ...EVENT_TABS.map((tab): Address => ({ view: 'event', eventId: E, tab })),
  { view: 'attendees', eventId: E },
  { view: 'photo-gallery', eventId: E },
  { view: 'analytics', eventId: E },
  { view: 'organizer', eventId: E },
  { view: 'group-chat', eventId: E, chatId: null },
  { view: 'group-chat', eventId: E, chatId: G },
  { view: 'chat', userId: U },
  { view: 'contact-exchange', userId: U },
  { view: 'connection-requests', requestId: null },
  { view: 'connection-requests', requestId: R },
];

describe('addresses', () => {
  it('gives every user view a path that reads back as the same address', () => {
    for (const a of EVERY_ADDRESS) expect(parseAddress(formatAddress(a))).toEqual(a);
    expect(new Set(EVERY_ADDRESS.map((a) => a.view))).toEqual(new Set(USER_VIEWS));
  });

  it('reads a trailing slash, and nothing from a path that is no view', () => {
    expect(parseAddress('/profile/')).toEqual({ view: 'profile' });
    expect(parseAddress('/cards/shared/')).toEqual({ view: 'shared-cards' });
    expect(parseAddress('/')).toBeNull();
    expect(parseAddress('/chats/not-an-id')).toBeNull();
    expect(parseAddress('/events/' + E + '/nowhere')).toBeNull();
  });
});

/** The views' own charts are not what these tests are about: empty stand-ins. */
const stand = createMachine({});
const standIns: ChartFakes = {
  event: stand,
  feed: stand,
  chat: stand,
  groupChat: stand,
  attendees: stand,
  contactExchange: stand,
  photos: stand,
  analytics: stand,
  profile: stand,
  profilePhoto: stand,
  businessCard: stand,
  userSearch: stand,
  privacySettings: stand,
  connections: stand,
  createEvent: stand,
  organizer: stand,
  connectCode: stand,
  scanner: stand,
  locationPoller: stand,
};

async function signIn(fakes: Fakes = {}) {
  const app = startApp({
    login: async () => ({ user: ada, reactivated: false }),
    resolveAddress: async ({ address }) => ({
      event: 'eventId' in address ? meetup : null,
      partner: 'userId' in address ? grace : null,
    }),
    ...fakes,
    children: standIns,
  });
  submitLogin(app, { username_or_email: 'ada', password: 'secret1' });
  await waitFor(app.actor, (s) => s.matches('user') && !s.matches({ user: 'loading' }) && !s.matches({ user: 'routing' }));
  await flush();
  return app;
}

const view = (app: Awaited<ReturnType<typeof signIn>>) => {
  const s = app.actor.getSnapshot();
  return USER_VIEWS.find((v) => s.matches({ user: v })) ?? JSON.stringify(s.value);
};

describe('appMachine: view → address', () => {
  it('lands on /events after sign-in, in place of the root', async () => {
    const app = await signIn();
    expect(view(app)).toBe('events');
    expect(app.calls.addressWrites).toEqual([{ path: '/events', replace: true }]);
  });

  it('adds an entry for each view opened, with what the view shows in its path', async () => {
    const app = await signIn();
    app.actor.send({ type: 'view.opened', view: 'profile' });
    app.actor.send({ type: 'chat.opened', partner: grace });
    app.actor.send({ type: 'event.opened', event: meetup });
    app.actor.send({ type: 'view.opened', view: 'photo-gallery' });
    app.actor.send({ type: 'groupChat.opened', chatId: G });
    expect(app.calls.addressWrites.slice(1)).toEqual([
      { path: '/profile', replace: false },
      { path: `/chats/${U}`, replace: false },
      { path: `/events/${E}`, replace: false },
      { path: `/events/${E}/photos`, replace: false },
      { path: `/events/${E}/group-chats/${G}`, replace: false },
    ]);
  });

  it("replaces the address when the event view's section changes, so Back leaves the event", async () => {
    const app = await signIn();
    app.actor.send({ type: 'event.opened', event: meetup });
    app.actor.send({ type: 'eventTab.selected', tab: 'zones' });
    expect(app.actor.getSnapshot().context.eventTab).toBe('zones');
    expect(app.calls.addressWrites.at(-1)).toEqual({ path: `/events/${E}/zones`, replace: true });
  });

  it('goes back to the root address on logout', async () => {
    const app = await signIn();
    app.actor.send({ type: 'view.opened', view: 'profile' });
    app.actor.send({ type: 'session.ended', message: testSaid('Logged out') });
    expect(app.actor.getSnapshot().matches('signedOut')).toBe(true);
    expect(app.calls.addressWrites.at(-1)).toEqual({ path: '/', replace: true });
    // Whoever signs in next starts at the events list, not at the last person's profile.
    submitLogin(app, { username_or_email: 'ada', password: 'secret1' });
    await waitFor(app.actor, (s) => s.matches({ user: 'events' }));
  });
});

describe('appMachine: address → view', () => {
  it('moves back and forward through three views without writing new entries', async () => {
    const app = await signIn();
    app.actor.send({ type: 'view.opened', view: 'profile' });
    app.actor.send({ type: 'view.opened', view: 'notifications' });
    app.actor.send({ type: 'view.opened', view: 'chats' });
    const written = app.calls.addressWrites.length;
    app.goTo('/notifications');
    expect(view(app)).toBe('notifications');
    app.goTo('/profile');
    expect(view(app)).toBe('profile');
    app.goTo('/events');
    expect(view(app)).toBe('events');
    app.goTo('/profile');
    app.goTo('/notifications');
    expect(view(app)).toBe('notifications');
    // Each write after a gesture names the path the browser is on already (a no-op there).
    expect(app.calls.addressWrites.slice(written).every((w) => w.replace)).toBe(true);
  });

  it('opens a deep link to a chat after the sign-in it asks for, loading the person', async () => {
    const app = await signIn({ path: `/chats/${U}` });
    expect(view(app)).toBe('chat');
    expect(app.actor.getSnapshot().context.partner).toEqual(grace);
    expect(app.calls.resolveAddress).toHaveBeenCalledWith(expect.objectContaining({ address: { view: 'chat', userId: U } }));
  });

  it('opens a deep link to an event section with its event loaded and its poller running', async () => {
    const app = await signIn({ path: `/events/${E}/groups` });
    expect(view(app)).toBe('event');
    const s = app.actor.getSnapshot();
    expect(s.context.currentEvent?.id).toBe(E);
    expect(s.context.eventTab).toBe('groups');
    expect(s.children.locationPoller).toBeDefined();
  });

  it("opens an event's organizer tools by their address, and leaves for the events list once the event is cancelled", async () => {
    const app = await signIn({ path: `/events/${E}/organize` });
    expect(view(app)).toBe('organizer');
    expect(app.actor.getSnapshot().children.locationPoller).toBeDefined();
    expect(app.calls.addressWrites.at(-1)).toEqual({ path: `/events/${E}/organize`, replace: true });
    app.actor.send({ type: 'event.cancelled' });
    expect(view(app)).toBe('events');
    const s = app.actor.getSnapshot();
    expect(s.context.currentEvent).toBeNull();
    expect(s.context.currentZone).toBeNull();
    expect(s.children.locationPoller).toBeUndefined();
    expect(app.calls.addressWrites.at(-1)).toEqual({ path: '/events', replace: false });
  });

  it('opens a request by its address, first in the list', async () => {
    const app = await signIn({ path: `/requests/${R}` });
    expect(view(app)).toBe('connection-requests');
    expect(app.actor.getSnapshot().context.requestId).toBe(R);
    app.actor.send({ type: 'view.opened', view: 'connection-requests' });
    expect(app.actor.getSnapshot().context.requestId).toBeNull();
  });

  it('a deep link to the requests loads them, though their chart starts with the session', async () => {
    const app = await signIn({ path: '/requests' });
    expect(view(app)).toBe('connection-requests');
    const requests = app.actor.getSnapshot().children.requests as unknown as ConnectionRequestsActorRef;
    await waitFor(requests, (s) => !s.matches('idle') && !s.matches('loading'));
    expect(requests.getSnapshot().value).toBe('ready');
  });

  it('follows a link inside the app (a notification) as a new entry', async () => {
    const app = await signIn();
    app.actor.send({ type: 'address.opened', path: `/chats/${U}` });
    await waitFor(app.actor, (s) => s.matches({ user: 'chat' }));
    expect(app.calls.addressWrites.at(-1)).toEqual({ path: `/chats/${U}`, replace: false });
  });

  it('shows the events list, calmly, for an address that cannot be opened', async () => {
    const app = await signIn({
      path: `/events/${E}`,
      resolveAddress: async () => {
        throw new Error('404');
      },
    });
    expect(view(app)).toBe('events');
    expect(toastsOf(app.actor).map((t) => t.message)).toContain(ADDRESS_UNAVAILABLE);
    expect(app.calls.addressWrites.at(-1)).toEqual({ path: '/events', replace: true });
  });

  it('sends an unknown path to the events list in place', async () => {
    const app = await signIn({ path: '/nowhere' });
    expect(view(app)).toBe('events');
    expect(app.calls.addressWrites).toEqual([{ path: '/events', replace: true }]);
  });

  it('remembers a back gesture made while signed out as where sign-in leads', async () => {
    const app = startApp({
      login: async () => ({ user: ada, reactivated: false }),
      resolveAddress: async () => ({ event: null, partner: null }),
      children: standIns,
    });
    app.goTo('/profile');
    submitLogin(app, { username_or_email: 'ada', password: 'secret1' });
    await waitFor(app.actor, (s) => s.matches({ user: 'profile' }));
  });
});
