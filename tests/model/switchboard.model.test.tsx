/**
 * Model-based test of the live switchboard: paths generated from the production chart,
 * replayed on the whole app. After every step the view the root says Ada is on must be
 * on screen, and a live message (or a word one chart has for another) must show where it
 * belongs: in the list on screen, as a toast, or as the lists read again; a message for
 * a view that is not on screen changes nothing.
 *
 * Doubles at the edges only: the live channel's socket (the path opens it and brings the
 * messages), the outbox's send (the path settles it) and connectivity; the location
 * poller stays quiet. Everything else goes through msw.
 */
import { act, screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, expect, vi } from 'vitest';
import { fromCallback, fromPromise, type AnyEventObject, type SimulatedClock } from 'xstate';
import { CARD_WORDS } from '../../contract/card-words';
import { KIND_ENDING_WORDS } from '../../contract/kind-endings';
import { CardSchema, SharedCardSchema } from '../../contract/cards';
import { PhotoSchema } from '../../contract/media';
import { MESSAGES } from '../../contract/messages';
import { MyReportSchema } from '../../contract/reports';
import { ConversationReadAnswerSchema, type ChatMessage } from '../../contract/social';
import { ApiError } from '../../machines/api/client';
import { appMachine, type AppActorRef } from '../../machines/app.machine';
import { NEW_MESSAGE_TOAST, type Route } from '../../machines/app/switchboard.machine';
import { cardOf } from '../../machines/cards/cards.machine';
import { contactExchangeToast } from '../../machines/cards/contact-exchange-toast';
import { chatOutboxMachine, type PendingMessage } from '../../machines/chat/chat-outbox.machine';
import { RECONNECT_BASE_MS, RECONNECT_JITTER, SESSION_ENDED_CLOSE, liveChannelMachine, type SocketCommand } from '../../machines/session/live-channel.actor';
import { notificationToast } from '../../machines/session/notifications.machine';
import { chartOf } from '../../machines/lazy-charts';
import type { UserView } from '../../machines/views';
import { answer, browserDouble, heldCall, liveChannelOf, quietServer, renderModelApp, signIn } from './app';
import { ADAS_STORED } from './charts/root';
import { SHARED } from './charts/live-channel';
import { CAUGHT_UP_SEQ, FEED_ENTRY, NEW_PHOTO, NOTICE, SAMS_MESSAGE, switchboardModel } from './charts/switchboard';
import { ada, meetup, sam, samsRequest } from './fixtures';
import type { ModelStep } from './harness';
import { describeModel } from './suite';
import { toastsOf } from '../machines/app.fakes';
import { chunksAtHand } from '../machines/charts.fakes';
import { LOGIN_HEADING } from '../said';

const { world } = quietServer(() => [
  // Issue 18: Sam's card is on Ada's Cards (the live channel takes it back); she shared none.
  http.get('*/api/cards/shared', () => answer(SharedCardSchema.array(), [])),
  http.get('*/api/cards', () => answer(CardSchema.array(), [cardOf(SHARED)])),
  http.get('*/api/events/:eventId/photos', () => answer(PhotoSchema.array(), [])),
  http.get('*/api/reports/mine', () => answer(MyReportSchema.array(), [])),
  http.put('*/api/conversations/read', () => answer(ConversationReadAnswerSchema, { success: true, unread_total: 0 })),
]);

afterEach(() => {
  vi.restoreAllMocks();
});

interface Board {
  user: UserEvent;
  actor: AppActorRef;
  clock: SimulatedClock;
  socket: ReturnType<typeof browserDouble<SocketCommand, { url: string }>>;
  connectivity: ReturnType<typeof browserDouble<{ type: never }>>;
  send: ReturnType<typeof heldCall<{ success: true; message: ChatMessage }, { userId: string; item: PendingMessage }>>;
  /** How many requests the app had made before the step's cause. */
  askedBefore: number;
  unmount: () => void;
}

/** Each view's heading (src/views/*.tsx). */
const HEADINGS: Partial<Record<UserView, string>> = {
  events: 'Events',
  event: meetup.name,
  chat: `Chat with ${sam.name}`,
  chats: 'Chats',
  notifications: 'Notifications',
  'connection-requests': 'Connection requests',
  cards: 'Cards',
  'privacy-settings': 'Privacy settings',
  'photo-gallery': 'Photos',
};

/** The bottom navigation's sections of the views it opens. */
const NAV: Partial<Record<UserView, string>> = { events: 'Events', chats: 'Chats', notifications: 'Alerts' };

const routeOf = (step: ModelStep) => (step.state.context as { route: Route }).route;
const askedSince = (t: Board) => world.asked.slice(t.askedBefore);
/** The toasts raised: the one on screen and those waiting their turn behind it (issue 39: one at a time). */
const toastsShown = (t: Board) => toastsOf(t.actor).map((toast) => toast.message.message);

/** Lets the live channel's socket open, as the server would, before a message comes. */
function openSocket(t: Board) {
  if (liveChannelOf(t.actor)?.getSnapshot().matches({ open: 'connecting' })) t.socket.report({ type: 'socket.opened' });
}

/** The server sends a live message on the socket. */
const liveMessage = async (t: Board, e: AnyEventObject) => {
  openSocket(t);
  const { type, variant: _variant, ...payload } = e;
  t.socket.report({ type: 'socket.messageReceived', message: { type: type.replace(/^live\./, ''), ...payload } });
};

/** Sent to the root as the chart (or its view) sends it; the root passes it to the switchboard. */
const childReport = async (t: Board, e: AnyEventObject) => {
  const { variant: _variant, ...event } = e;
  act(() => t.actor.send(event as never));
};

/** Ada goes where the root will tell the switchboard she is. */
async function go(t: Board, e: AnyEventObject, before: ModelStep['state']) {
  const from = (before.context as { route: Route }).route;
  const to = (e.route as Route).view!;
  if (from.view === null) return signIn(t.actor);
  const nav = NAV[to];
  if (nav) return t.user.click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('button', { name: new RegExp(`^${nav}`) }));
  if (to === 'chat') return childReport(t, { type: 'chat.opened', partner: sam });
  return childReport(t, { type: 'view.opened', view: to });
}

/** What a step's own news looks like where it shows. */
async function expectNews(t: Board, step: ModelStep) {
  const e = step.event;
  const view = routeOf(step).view;
  switch (e.type) {
    case 'event.entered':
      // The channel joins it, and the requests and notifications load again.
      await vi.waitFor(() => expect(askedSince(t)).toEqual(expect.arrayContaining([`GET /api/notifications/${ada.id}`, 'GET /api/connections/requests/received'])));
      break;
    case 'route.changed':
      if (view === 'chat') await vi.waitFor(() => expect(askedSince(t), 'the chat on screen is read').toContain('PUT /api/conversations/read'));
      if (view === 'chats') await vi.waitFor(() => expect(askedSince(t), 'the inbox loads again').toContain('GET /api/conversations'));
      break;
    case 'connectivity.changed':
      expect(await screen.findByText(MESSAGES.offline.message)).toBeInTheDocument();
      break;
    case 'outbox.queued':
      expect(await screen.findByText('Sending…')).toBeInTheDocument();
      expect(t.send.last().input.item.message).toBe(e.text);
      break;
    case 'outbox.sent':
      expect(await screen.findByText(ADAS_STORED.message)).toBeInTheDocument();
      break;
    case 'report.filed':
      await vi.waitFor(() => expect(askedSince(t), '"Your reports" loads again').toContain('GET /api/reports/mine'));
      break;
    case 'conversation.read':
      await vi.waitFor(() => expect(askedSince(t)).toContain('PUT /api/conversations/read'));
      break;
    case 'privacy.updated':
      await vi.waitFor(() => expect(askedSince(t), 'who sees her is read again (issue 39)').toContain('GET /api/users/presence'));
      break;
    case 'live.new_message':
      if (view === 'chat') expect(await screen.findByText(SAMS_MESSAGE.message)).toBeInTheDocument();
      else await vi.waitFor(() => expect(toastsShown(t)).toContain(NEW_MESSAGE_TOAST.message));
      break;
    case 'live.group_message':
      await vi.waitFor(() => expect(askedSince(t)).toContain('GET /api/conversations'));
      break;
    case 'live.group_chat_people':
    case 'live.meeting_changed':
    case 'live.pod_formed': // The event chart emits it to the pod card, shown only while the event is on (pods.machine.test.ts): here nothing.
      expect(askedSince(t), 'nothing loads again').toEqual([]);
      break;
    // Issue 44: the channel keeps the seq, so its next socket asks for what came after it; nothing loads, nothing toasts.
    case 'live.caught_up':
      expect(askedSince(t), 'nothing loads again').toEqual([]);
      expect(liveChannelOf(t.actor)?.getSnapshot().context.seq).toBe(CAUGHT_UP_SEQ);
      break;
    case 'live.location_update':
      await vi.waitFor(() => expect(askedSince(t)).toContain(`GET /api/discover/${meetup.id}`));
      break;
    case 'live.event_feed':
      expect(await screen.findByText(FEED_ENTRY.text, { exact: false })).toBeInTheDocument();
      break;
    // What the organizers changed is read again where it shows.
    case 'live.event_changed':
      await vi.waitFor(() => expect(askedSince(t)).toContain(e.change === 'details' ? 'GET /api/events' : `GET /api/safe-zones/${meetup.id}`));
      break;
    case 'live.contact_exchange_request':
      if (e.quiet) expect(toastsShown(t)).not.toContain(contactExchangeToast(SHARED).message);
      else await vi.waitFor(() => expect(toastsShown(t)).toContain(contactExchangeToast(SHARED).message));
      break;
    // Issue 18: Sam took his card back: it leaves Ada's Cards at once.
    case 'live.card_revoked':
      expect(await screen.findByText(CARD_WORDS.cardsEmpty.message)).toBeInTheDocument();
      break;
    // Issue 43: Sam is heading off: the chat with him says it is resting.
    case 'live.chat_rest':
      expect(await screen.findByText(KIND_ENDING_WORDS.resting.message)).toBeInTheDocument();
      break;
    case 'live.new_photo':
      expect(await screen.findByText(NEW_PHOTO.caption!, { exact: false })).toBeInTheDocument();
      break;
    case 'live.notification':
      expect(await screen.findByText(NOTICE.title)).toBeInTheDocument();
      await vi.waitFor(() => expect(toastsShown(t)).toContain(notificationToast(NOTICE).message));
      break;
    case 'live.connection_request':
      expect(await screen.findByText(samsRequest.message!, { exact: false })).toBeInTheDocument();
      break;
    case 'live.connection_accepted':
      await vi.waitFor(() => expect(screen.queryByText(samsRequest.message!, { exact: false })).not.toBeInTheDocument());
      break;
    // What is on screen loads again: the notifications and the inbox kept while signed in.
    case 'live.reconnected':
    case 'live.resync':
      await vi.waitFor(() => expect(askedSince(t)).toEqual(expect.arrayContaining([`GET /api/notifications/${ada.id}`, 'GET /api/conversations'])));
      break;
  }
}

/** Each cause notes how many requests were made before it, for the checks of what loads again. */
function noting(causes: Parameters<typeof describeModel<Board>>[1]['events']): Parameters<typeof describeModel<Board>>[1]['events'] {
  return Object.fromEntries(
    Object.entries(causes).map(([type, cause]) => [
      type,
      async (t: Board, e: AnyEventObject, before: ModelStep['state']) => {
        t.askedBefore = world.asked.length;
        await cause(t, e, before);
      },
    ]),
  );
}

describeModel<Board>(switchboardModel, {
  async start(_path, inspect) {
    const socket = browserDouble<SocketCommand, { url: string }>();
    const connectivity = browserDouble<{ type: never }>();
    const send = heldCall<{ success: true; message: ChatMessage }, { userId: string; item: PendingMessage }>();
    const logic = appMachine.provide({
      actors: {
        connectivity: connectivity.logic,
        ...chunksAtHand({
          // The server ended her sessions: this device is signed out too.
          live: liveChannelMachine.provide({
            actors: {
              socket: socket.logic,
              checkSession: fromPromise<unknown, { userId: string }>(async () => {
                throw new ApiError(401, 'Not signed in');
              }),
            },
          }),
          outbox: chatOutboxMachine.provide({ actors: { sendMessage: send.logic } }),
          locationPoller: fromCallback(() => {}),
        }),
      },
    });
    const app = renderModelApp(logic, inspect);
    expect(await screen.findByRole('heading', { name: LOGIN_HEADING })).toBeInTheDocument();
    return { user: userEvent.setup(), actor: app.actor, clock: app.clock, socket, connectivity, send, askedBefore: 0, unmount: app.unmount };
  },
  events: noting({
    'route.changed': async (t, e, before) => go(t, e, before),
    'event.entered': async (t) => t.user.click(await screen.findByRole('button', { name: /^Open/ })),
    'connectivity.changed': async (t, e) => t.connectivity.report({ type: 'connectivity.changed', online: e.online }),
    'outbox.queued': async (t, e) => {
      const form = screen.getByRole('form', { name: `Message ${sam.name}` });
      await t.user.type(within(form).getByLabelText('Message'), e.text as string);
      await t.user.click(within(form).getByRole('button', { name: 'Send' }));
    },
    'outbox.sent': childReport,
    'chat.blocked': childReport,
    'report.filed': childReport,
    'privacy.updated': childReport,
    'report.blocked': childReport,
    'person.blocked': childReport,
    'conversation.read': childReport,
    'live.new_message': liveMessage,
    'live.group_message': liveMessage,
    'live.group_chat_people': liveMessage,
    'live.meeting_changed': liveMessage,
    // The people's refresh waits a random moment of at most MOVED_SPREAD_MS (event.machine.ts): here the shortest.
    'live.location_update': async (t, e) => {
      const random = vi.spyOn(Math, 'random').mockReturnValue(0);
      try {
        await liveMessage(t, e);
      } finally {
        random.mockRestore();
      }
      act(() => t.clock.increment(1));
    },
    'live.event_feed': liveMessage,
    'live.event_changed': liveMessage,
    'live.contact_exchange_request': liveMessage,
    'live.card_revoked': liveMessage,
    'live.chat_rest': liveMessage,
    'live.pod_formed': liveMessage,
    'live.new_photo': liveMessage,
    'live.notification': liveMessage,
    'live.connection_request': liveMessage,
    'live.resync': liveMessage,
    'live.caught_up': liveMessage,
    // Sam's request is on screen (brought to the list before), then he and Ada are connected.
    'live.connection_accepted': async (t, e) => {
      act(() => chartOf(t.actor.getSnapshot(), 'requests')!.send({ type: 'live.connection_request', request: samsRequest }));
      expect(await screen.findByText(samsRequest.message!, { exact: false })).toBeInTheDocument();
      await liveMessage(t, e);
    },
    // The socket drops and the channel comes back after its backoff (at most base + jitter).
    'live.reconnected': async (t) => {
      openSocket(t);
      t.socket.report({ type: 'socket.closed', code: 1006 });
      act(() => t.clock.increment(RECONNECT_BASE_MS * (1 + RECONNECT_JITTER)));
      t.socket.report({ type: 'socket.opened' });
    },
    // The server closes the socket saying every session of hers ended; the channel asks, and hears she is signed out.
    'session.expired': async (t) => {
      openSocket(t);
      t.socket.report({ type: 'socket.closed', code: SESSION_ENDED_CLOSE });
    },
  }),
  states: {
    running: async (t, step) => {
      if (step.event.type === 'session.expired') {
        expect(await screen.findByRole('heading', { name: LOGIN_HEADING })).toBeInTheDocument();
        expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.userNotLoggedIn.message);
        return;
      }
      const view = routeOf(step).view;
      if (view === null) {
        expect(await screen.findByRole('heading', { name: LOGIN_HEADING })).toBeInTheDocument();
        return;
      }
      expect(await screen.findByRole('heading', { level: 1, name: HEADINGS[view] }, { timeout: 5_000 })).toBeInTheDocument();
      await expectNews(t, step);
    },
  },
  stop: ({ unmount }) => unmount(),
});
