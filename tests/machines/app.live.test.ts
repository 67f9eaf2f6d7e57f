/**
 * The root chart's part in connections and the live channel: the channel lives with the
 * signed-in user, joins the event on screen, and its messages update the lists in place;
 * the outbox keeps chat messages through an offline spell.
 */
import { describe, expect, it } from 'vitest';
import { fromPromise, waitFor } from 'xstate';
import { cardOf, cardsMachine, type CardsActorRef } from '../../machines/cards/cards.machine';
import { CARDS_LINK } from '../../machines/cards/contact-exchange-toast';
import { MESSAGES } from '../../contract/messages';
import { type AttendeesActorRef } from '../../machines/event/attendees.machine';
import { selectConnectionButton } from '../../machines/people/connection-request.machine';
import { MOVED_SPREAD_MS, type EventActorRef } from '../../machines/event/event.machine';
import type { ChatActorRef } from '../../machines/chat/chat.machine';
import { selectPendingFor, type ChatOutboxActorRef } from '../../machines/chat/chat-outbox.machine';
import type { ConnectionRequestActorRef } from '../../machines/people/connection-request.machine';
import { selectRequestCount, type ConnectionRequestsActorRef } from '../../machines/people/connection-requests.machine';
import { NEW_MESSAGE_TOAST } from '../../machines/app/switchboard.machine';
import { SESSION_ENDED_CLOSE, parseLiveMessage } from '../../machines/session/live-channel.actor';
import type { MutualConnectionsActorRef } from '../../machines/people/mutual-connections.machine';
import { notificationToast, selectUnreadCount, type NotificationsActorRef } from '../../machines/session/notifications.machine';
import { ada, toastsOf } from './app.fakes';
import {
  sam,
  sampleAttendee,
  sampleChat,
  sampleConnection,
  sampleNotification,
  sampleRequest,
  signedInWithLive,
} from './connections.fakes';
import { flush, sampleEntry, sampleEvent, samplePerson } from './discovery.fakes';
import { feedEntry, samplePhoto } from './media.fakes';
import { english } from '../../contract/said';
import { ANONYMOUS, ANONYMOUS_NAME } from '../../contract/constants';

const meetup = sampleEvent({ is_attending: true });

describe('appMachine: the live channel', () => {
  it('opens while a user is signed in and closes at logout', async () => {
    const app = await signedInWithLive();
    expect(app.sockets).toHaveLength(1);
    expect(app.socket().url).toMatch(new RegExp(`/ws/${ada.id}$`));
    app.actor.send({ type: 'session.ended', message: MESSAGES.loggedOut });
    expect(app.snapshot().children.switchboard).toBeUndefined();
  });

  it('joins the event the user opens, and again after a reconnect', async () => {
    const app = await signedInWithLive();
    app.socket().report({ type: 'socket.opened' });
    app.actor.send({ type: 'event.opened', event: meetup });
    const join = JSON.stringify({ type: 'join_event', event_id: meetup.id });
    expect(app.socket().sent).toEqual([join]);
    app.socket().report({ type: 'socket.closed', code: 1006 });
    app.clock.increment(2_000);
    app.socket().report({ type: 'socket.opened' });
    expect(app.sockets).toHaveLength(2);
    expect(app.socket().sent).toEqual([join]);
  });

  it('signs the user out when the server ends their sessions (4001) and this device is signed out', async () => {
    const app = await signedInWithLive();
    app.socket().report({ type: 'socket.opened' });
    app.socket().report({ type: 'socket.closed', code: SESSION_ENDED_CLOSE });
    await flush();
    expect(app.snapshot().matches({ signedOut: 'login' })).toBe(true);
    expect(app.snapshot().context.error).toBe(MESSAGES.userNotLoggedIn);
    expect(app.snapshot().context.user).toBeNull();
  });

  it('raises a toast for a contact exchange, naming who and what', async () => {
    const app = await signedInWithLive();
    app.socket().report({ type: 'socket.opened' });
    app.live({
      type: 'contact_exchange_request',
      exchange: {
        id: 'c1000000-0000-4000-8000-000000000001',
        from_user: sam.id,
        from_name: 'Sam Reed',
        to_user: ada.id,
        exchange_type: 'email',
        contact_data: { email: 'sam@example.org' },
        event_id: null,
        created_at: '2030-05-01T18:00:00.000Z',
      },
    });
    expect(app.toasts()).toContain('Sam Reed shared their email address (email: sam@example.org)');
    // A stranger's card while energy is low (issue 18) comes quietly: no toast.
    const before = app.toasts().length;
    app.live({
      type: 'contact_exchange_request',
      quiet: true,
      exchange: {
        id: 'c1000000-0000-4000-8000-000000000002',
        from_user: sam.id,
        from_name: 'Sam Reed',
        to_user: ada.id,
        exchange_type: 'phone',
        contact_data: { phone: '+44 20 7946 0000' },
        event_id: null,
        created_at: '2030-05-01T18:01:00.000Z',
      },
    });
    expect(app.toasts()).toHaveLength(before);
  });

  it('offers a card on the Cards view live, its toast opens Cards (See card), and a card taken back leaves at once (issue 18)', async () => {
    const offered = (id: string) => ({
      id,
      from_user: sam.id,
      from_name: 'Sam Reed',
      to_user: ada.id,
      exchange_type: 'email' as const,
      contact_data: { email: 'sam@example.org' },
      event_id: null,
      created_at: '2030-05-01T18:00:00.000Z',
    });
    const app = await signedInWithLive(
      {},
      {
        charts: {
          cards: cardsMachine.provide({ actors: { loadCards: fromPromise(async () => [cardOf(offered('c1000000-0000-4000-8000-000000000009'))]) } }),
        },
      },
    );
    app.socket().report({ type: 'socket.opened' });
    app.actor.send({ type: 'view.opened', view: 'cards' });
    await flush();
    const cards = () => app.child<CardsActorRef>('cards')!.getSnapshot().context.cards.map((c) => c.id);
    expect(cards()).toEqual(['c1000000-0000-4000-8000-000000000009']);
    app.live({ type: 'contact_exchange_request', exchange: offered('c1000000-0000-4000-8000-000000000001') });
    // Quiet ones are listed too, just not toasted.
    app.live({ type: 'contact_exchange_request', quiet: true, exchange: offered('c1000000-0000-4000-8000-000000000002') });
    expect(cards()).toEqual(['c1000000-0000-4000-8000-000000000002', 'c1000000-0000-4000-8000-000000000001', 'c1000000-0000-4000-8000-000000000009']);
    const toast = toastsOf(app.actor).at(-1)!;
    expect(english(toast)).toMatchObject(english({ link: CARDS_LINK.link, label: 'See card' }));
    app.live({ type: 'card_revoked', id: 'c1000000-0000-4000-8000-000000000001' });
    expect(cards()).toEqual(['c1000000-0000-4000-8000-000000000002', 'c1000000-0000-4000-8000-000000000009']);
  });

  it('adds a notification live, with a toast of its title and what it is about', async () => {
    const app = await signedInWithLive({ notifications: async () => [sampleNotification(), sampleNotification({ read: true })] });
    const notifications = app.child<NotificationsActorRef>('notifications')!;
    expect(selectUnreadCount(notifications.getSnapshot())).toBe(1);
    app.socket().report({ type: 'socket.opened' });
    const accepted = sampleNotification({ title: 'Connection accepted' });
    app.live({ type: 'notification', notification: accepted });
    expect(selectUnreadCount(notifications.getSnapshot())).toBe(2);
    expect(app.toasts()).toContain(notificationToast(accepted).message);
  });

  it('counts a live request on the Requests badge, and loads the list on entering an event', async () => {
    const waiting = sampleRequest();
    const app = await signedInWithLive({ requests: async () => [waiting] });
    const requests = app.child<ConnectionRequestsActorRef>('requests')!;
    expect(app.calls.requests).not.toHaveBeenCalled();
    app.actor.send({ type: 'event.opened', event: meetup });
    await flush();
    expect(app.calls.requests).toHaveBeenCalledTimes(1);
    expect(app.calls.notifications).toHaveBeenCalledTimes(2);
    expect(selectRequestCount(requests.getSnapshot())).toBe(1);
    app.socket().report({ type: 'socket.opened' });
    app.live({ type: 'connection_request', request: sampleRequest({ ...sam, id: 'a0000000-0000-4000-8000-0000000000cc', name: 'Kim' }) });
    expect(selectRequestCount(requests.getSnapshot())).toBe(2);
  });

  it('moves attendee cards in place: a request arrives, then an acceptance', async () => {
    const app = await signedInWithLive({ attendees: async () => [sampleAttendee(sam)] });
    app.actor.send({ type: 'event.opened', event: meetup });
    app.actor.send({ type: 'view.opened', view: 'attendees' });
    await flush();
    const attendees = app.child<AttendeesActorRef>('attendees')!;
    const card = (): ConnectionRequestActorRef => attendees.getSnapshot().context.slots[0]!.connection;
    expect(card().getSnapshot().matches('none')).toBe(true);
    app.socket().report({ type: 'socket.opened' });
    app.live({ type: 'connection_request', request: sampleRequest(sam) });
    expect(card().getSnapshot().matches('request_received')).toBe(true);
    app.live({ type: 'connection_accepted', connection: sampleConnection(sam) });
    expect(card().getSnapshot().matches('connected')).toBe(true);
  });

  it('adds a new connection to the open connections list', async () => {
    const app = await signedInWithLive({ connections: async () => [] });
    app.actor.send({ type: 'view.opened', view: 'mutual-connections' });
    await flush();
    app.socket().report({ type: 'socket.opened' });
    const connection = sampleConnection(sam);
    app.live({ type: 'connection_accepted', connection });
    expect(app.child<MutualConnectionsActorRef>('connections')!.getSnapshot().context.connections).toEqual([connection]);
  });

  it('hands a new chat message to the open chat', async () => {
    const app = await signedInWithLive();
    app.actor.send({ type: 'chat.opened', partner: sam });
    await flush();
    app.socket().report({ type: 'socket.opened' });
    const m = sampleChat();
    app.live({ type: 'new_message', message: m });
    expect(app.child<ChatActorRef>('chat')!.getSnapshot().context.messages).toEqual([m]);
  });

  it('says a message arrived when its chat is not on screen, and not when it is', async () => {
    const app = await signedInWithLive();
    app.socket().report({ type: 'socket.opened' });
    app.live({ type: 'new_message', message: sampleChat() });
    expect(english(app.toasts())).toContain(english(NEW_MESSAGE_TOAST));
    app.actor.send({ type: 'chat.opened', partner: sam });
    const before = app.toasts().length;
    app.live({ type: 'new_message', message: sampleChat() });
    app.live({ type: 'new_message', message: sampleChat({ from_user: ada.id, to_user: sam.id }) });
    expect(app.toasts()).toHaveLength(before);
  });

  it('names the sender of a first message, not yet in the inbox, by the name the live message carries (issue 39 item 4)', async () => {
    const app = await signedInWithLive();
    app.socket().report({ type: 'socket.opened' });
    app.live({ type: 'new_message', message: sampleChat(), from_name: 'Sam Reed' });
    expect(app.toasts()).toContain('New message from Sam Reed');
    expect(app.toasts()).not.toContain(NEW_MESSAGE_TOAST.message);
  });

  it('names an anonymous sender by the anonymous name, said in the language shown', async () => {
    const app = await signedInWithLive();
    app.socket().report({ type: 'socket.opened' });
    app.live({ type: 'new_message', message: sampleChat(), from_name: ANONYMOUS_NAME });
    const toast = toastsOf(app.actor).at(-1)!;
    expect(toast.message).toMatchObject({ id: 'app.newMessageFrom', values: { name: ANONYMOUS } });
    expect(app.toasts()).toContain('New message from Anonymous attendee');
  });

  it('says the same words once: a second message before the first toast has gone replaces it', async () => {
    const app = await signedInWithLive();
    app.socket().report({ type: 'socket.opened' });
    app.live({ type: 'new_message', message: sampleChat() });
    app.live({ type: 'new_message', message: sampleChat() });
    expect(app.toasts().filter((m) => m === NEW_MESSAGE_TOAST.message)).toHaveLength(1);
    const ids = toastsOf(app.actor).map((t) => t.id);
    expect(ids).toHaveLength(new Set(ids).size);
  });

  it('raises no toast for a quiet message (a stranger while energy is low, issue 18), yet the inbox has it', async () => {
    const app = await signedInWithLive();
    app.socket().report({ type: 'socket.opened' });
    app.live({ type: 'new_message', message: sampleChat(), quiet: true });
    expect(app.toasts()).not.toContain(NEW_MESSAGE_TOAST);
  });

  it("passes photos and feed entries to the other issue's charts, when they are on screen", async () => {
    const app = await signedInWithLive();
    app.socket().report({ type: 'socket.opened' });
    const photo = samplePhoto({ event_id: meetup.id });
    const feed = feedEntry();
    // Nothing on screen takes photos yet: nothing breaks.
    app.live({ type: 'new_photo', event_id: meetup.id, photo });
    app.actor.send({ type: 'event.opened', event: meetup });
    app.live({ type: 'event_feed', event_id: meetup.id, feed });
    expect(app.feed.heard).toContainEqual({ type: 'live.event_feed', feed, event_id: meetup.id });
    app.actor.send({ type: 'view.opened', view: 'photo-gallery' });
    app.live({ type: 'new_photo', event_id: meetup.id, photo });
    expect(app.photos.heard).toContainEqual({ type: 'live.new_photo', photo, event_id: meetup.id });
  });

  it('tells the event on screen who asked or accepted, so their card moves at once', async () => {
    const kim = samplePerson({ name: 'Kim' });
    const app = await signedInWithLive({
      people: async () => [sampleEntry(sam), sampleEntry(kim, 0.82, 'request_sent')],
    });
    app.socket().report({ type: 'socket.opened' });
    app.actor.send({ type: 'event.opened', event: meetup });
    await flush();
    const cards = app.child<EventActorRef>('event')!.getSnapshot().context.cards;
    const button = (userId: string) =>
      selectConnectionButton(cards.find((c) => c.userId === userId)!.ref.getSnapshot().context.connection.getSnapshot());
    expect([button(sam.id), button(kim.id)]).toEqual(['connect', 'requestSent']);
    app.live({ type: 'connection_request', request: sampleRequest(sam) });
    app.live({ type: 'connection_accepted', connection: sampleConnection(kim) });
    expect([button(sam.id), button(kim.id)]).toEqual(['checkRequest', 'chat']);
  });

  it('refreshes the people nearby on a location update for the event on screen only', async () => {
    let loads = 0;
    const app = await signedInWithLive({ people: async () => (loads++, []) });
    app.actor.send({ type: 'event.opened', event: meetup });
    await flush();
    expect(loads).toBe(1);
    app.socket().report({ type: 'socket.opened' });
    app.live({ type: 'location_update', event_id: 'e0000000-0000-4000-8000-0000000000ff' });
    await flush();
    expect(loads).toBe(1);
    app.live({ type: 'location_update', event_id: meetup.id });
    app.clock.increment(MOVED_SPREAD_MS);
    await flush();
    expect(loads).toBe(2);
  });

  it('reloads what is on screen after a reconnect', async () => {
    const app = await signedInWithLive();
    app.actor.send({ type: 'chat.opened', partner: sam });
    await flush();
    app.socket().report({ type: 'socket.opened' });
    expect(app.calls.history).toHaveBeenCalledTimes(1);
    const notificationLoads = app.calls.notifications.mock.calls.length;
    app.socket().report({ type: 'socket.closed', code: 1006 });
    app.clock.increment(1_200);
    app.socket().report({ type: 'socket.opened' });
    await flush();
    expect(app.calls.history).toHaveBeenCalledTimes(2);
    expect(app.calls.notifications).toHaveBeenCalledTimes(notificationLoads + 1);
  });

  it('reconnects asking for what came after the last seq it received; a replayed message it already had raises no second toast (issue 44)', async () => {
    const app = await signedInWithLive();
    app.socket().report({ type: 'socket.opened' });
    const first = sampleNotification({ id: '90000000-0000-4000-8000-00000000000a', title: 'Connection accepted' });
    const second = sampleNotification({ id: '90000000-0000-4000-8000-00000000000b', title: 'Meeting moved' });
    app.live({ type: 'notification', notification: first, seq: 41 });
    // A room's message (no seq) leaves the seq as it was.
    app.live({ type: 'location_update', event_id: meetup.id });
    app.socket().report({ type: 'socket.closed', code: 1006 });
    app.clock.increment(1_200);
    expect(app.socket().url).toMatch(new RegExp(`/ws/${ada.id}\\?after=41$`));
    app.socket().report({ type: 'socket.opened' });
    // A server that sends 41 again (it never should) is not heard twice; 42, missed meanwhile, is.
    app.live({ type: 'notification', notification: first, seq: 41 });
    app.live({ type: 'notification', notification: second, seq: 42 });
    expect(app.toasts().filter((m) => m === notificationToast(first).message)).toHaveLength(1);
    expect(app.toasts()).toContain(notificationToast(second).message);
    app.socket().report({ type: 'socket.closed', code: 1006 });
    app.clock.increment(2_400);
    expect(app.socket().url).toMatch(/\?after=42$/);
  });

  it('keeps the seq the server says it is caught up to, without a toast or a reload, and reconnects after it though no message came (issue 44)', async () => {
    const app = await signedInWithLive();
    app.socket().report({ type: 'socket.opened' });
    await flush();
    const toasts = app.toasts().length;
    const notificationLoads = app.calls.notifications.mock.calls.length;
    // As the browser's socket passes it on: checked by the channel's parser first.
    const caughtUp = parseLiveMessage(JSON.stringify({ type: 'caught_up', seq: 1_796_000_000_000 }));
    expect(caughtUp).not.toBeNull();
    app.live(caughtUp!);
    await flush();
    expect(app.toasts()).toHaveLength(toasts);
    expect(app.calls.notifications).toHaveBeenCalledTimes(notificationLoads);
    app.socket().report({ type: 'socket.closed', code: 1006 });
    app.clock.increment(1_200);
    expect(app.socket().url).toMatch(new RegExp(`/ws/${ada.id}\\?after=1796000000000$`));
    // What came meanwhile is replayed (and toasts once), then the seq it is caught up to again.
    app.socket().report({ type: 'socket.opened' });
    const missed = sampleNotification({ id: '90000000-0000-4000-8000-00000000000c', title: 'Meeting moved' });
    app.live({ type: 'notification', notification: missed, seq: 1_796_000_000_001 });
    app.live({ type: 'caught_up', seq: 1_796_000_000_001 });
    expect(app.toasts().filter((m) => m === notificationToast(missed).message)).toHaveLength(1);
    app.socket().report({ type: 'socket.closed', code: 1006 });
    app.clock.increment(2_400);
    expect(app.socket().url).toMatch(/\?after=1796000000001$/);
  });

  it('reloads what is on screen when the server says what was missed is no longer kept (resync)', async () => {
    const app = await signedInWithLive();
    app.actor.send({ type: 'chat.opened', partner: sam });
    await flush();
    app.socket().report({ type: 'socket.opened' });
    const notificationLoads = app.calls.notifications.mock.calls.length;
    app.live({ type: 'resync' });
    await flush();
    expect(app.calls.history).toHaveBeenCalledTimes(2);
    expect(app.calls.notifications).toHaveBeenCalledTimes(notificationLoads + 1);
  });
});

describe('appMachine: chat and the offline outbox', () => {
  it('needs a chosen partner: the chat view without one runs no chat', async () => {
    const app = await signedInWithLive();
    app.actor.send({ type: 'view.opened', view: 'chat' });
    expect(app.snapshot().matches({ user: { chat: 'none' } })).toBe(true);
    expect(app.child('chat')).toBeUndefined();
  });

  it('keeps messages written offline pending, and sends each once when back online', async () => {
    const app = await signedInWithLive({}, { online: false });
    app.actor.send({ type: 'chat.opened', partner: sam });
    await flush();
    const chat = app.child<ChatActorRef>('chat')!;
    const outbox = app.child<ChatOutboxActorRef>('outbox')!;
    for (const text of ['Are you at the quiet room?', 'I will wait by the plants']) {
      chat.send({ type: 'chat.draftChanged', draft: text });
      chat.send({ type: 'chat.submitted' });
      expect(chat.getSnapshot().context.draft).toBe('');
    }
    await flush();
    expect(app.calls.sendChat).not.toHaveBeenCalled();
    expect(selectPendingFor(outbox.getSnapshot(), sam.id).map((m) => m.message)).toEqual([
      'Are you at the quiet room?',
      'I will wait by the plants',
    ]);

    app.actor.send({ type: 'connectivity.changed', online: true });
    await waitFor(outbox, (s) => s.context.items.length === 0);
    expect(app.calls.sendChat.mock.calls.map(([item]) => item.message)).toEqual([
      'Are you at the quiet room?',
      'I will wait by the plants',
    ]);
    const shown = chat.getSnapshot().context.messages;
    expect(shown.map((m) => m.message)).toEqual(['Are you at the quiet room?', 'I will wait by the plants']);

    // The live echo of a sent message does not show it twice.
    app.socket().report({ type: 'socket.opened' });
    app.live({ type: 'new_message', message: shown[0]! });
    expect(chat.getSnapshot().context.messages).toHaveLength(2);
  });

  it('keeps pending messages when the chat view is left, and sends them later', async () => {
    const app = await signedInWithLive({}, { online: false });
    app.actor.send({ type: 'chat.opened', partner: sam });
    const chat = app.child<ChatActorRef>('chat')!;
    chat.send({ type: 'chat.draftChanged', draft: 'See you soon' });
    chat.send({ type: 'chat.submitted' });
    app.actor.send({ type: 'view.opened', view: 'events' });
    app.actor.send({ type: 'connectivity.changed', online: true });
    await flush();
    expect(app.calls.sendChat).toHaveBeenCalledTimes(1);
  });
});
