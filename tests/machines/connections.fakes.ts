/**
 * The root chart with a user signed in, every call of the connections, chat and
 * notifications charts faked, and the live channel's socket in the test's hands.
 */
import { vi } from 'vitest';
import { createActor, createMachine, fromCallback, fromPromise, SimulatedClock, waitFor, type AnyActorRef, type AnyEventObject } from 'xstate';
import type { LoginAnswer } from '../../contract/account';
import type { PublicUser } from '../../contract/common';
import type { IceBreaker, MicroCommunity, NearbyEntry, Recommendations, SafeZone } from '../../contract/discovery';
import type { Event } from '../../contract/events';
import type { LiveServerMessage } from '../../contract/live';
import type { BusinessCard } from '../../contract/plans';
import type {
  AttendeeWithPhoto,
  ChatMessage,
  ChatPartner,
  Connection,
  ConnectionRequestAnswer,
  GroupChat,
  GroupMessage,
  Notification,
  ReceivedRequest,
  RespondAnswer,
} from '../../contract/social';
import { ApiError } from '../../machines/api/client';
import { appMachine } from '../../machines/app.machine';
import { connectionCardMachine } from '../../machines/people/connection-card.machine';
import { attendeesMachine } from '../../machines/event/attendees.machine';
import { authMachine, type AuthActorRef, type LoginDraft } from '../../machines/session/auth.machine';
import { chatMachine } from '../../machines/chat/chat.machine';
import { eventMachine } from '../../machines/event/event.machine';
import { chatOutboxMachine, type PendingMessage } from '../../machines/chat/chat-outbox.machine';
import { connectionRequestMachine } from '../../machines/people/connection-request.machine';
import { connectionRequestsMachine } from '../../machines/people/connection-requests.machine';
import { contactExchangeMachine } from '../../machines/cards/contact-exchange.machine';
import { groupChatMachine } from '../../machines/chat/group-chat.machine';
import { liveChannelMachine, type SocketCommand, type SocketEvent } from '../../machines/session/live-channel.actor';
import { mutualConnectionsMachine } from '../../machines/people/mutual-connections.machine';
import { notificationsMachine } from '../../machines/session/notifications.machine';
import { ada, quietCharts, quietChildren, toastsOf } from './app.fakes';
import { chunksAtHand, type ChartFakes } from './charts.fakes';
import { emptyRecommendations, fakePoller, flush, samplePerson } from './discovery.fakes';

export const sam: PublicUser = samplePerson({ name: 'Sam Reed', username: 'sam' });

export const sampleAttendee = (u: PublicUser, status: AttendeeWithPhoto['connection_status'] = 'none'): AttendeeWithPhoto => ({
  id: u.id,
  name: u.name,
  username: u.username,
  photo_data: null,
  age: u.age,
  occupation: u.occupation,
  communication_style: u.communication_style,
  interests: u.interests,
  connection_status: status,
});

let counter = 0;
const nextId = (prefix: string) => `${prefix}0000000-0000-4000-8000-${String(++counter).padStart(12, '0')}`;

/**
 * A notification as the server answers it. A title or content given without its code is
 * words said as written (a test's own); give the server's sentences with notificationWords
 * (tests/said.ts) where the language matters.
 */
export const sampleNotification = (overrides: Partial<Notification> = {}): Notification => {
  const title = overrides.title ?? 'New connection request';
  const content = overrides.content ?? 'Sam would like to connect with you.';
  return {
    id: nextId('9'),
    title,
    title_code: 'said.asWritten',
    title_params: { text: title },
    content,
    content_code: 'said.asWritten',
    content_params: { text: content },
    read: false,
    created_at: '2030-05-01T18:00:00.000Z',
    link: null,
    ...overrides,
  };
};

export const sampleRequest = (from: PublicUser = sam, overrides: Partial<ReceivedRequest> = {}): ReceivedRequest => ({
  id: nextId('8'),
  sender: { id: from.id, name: from.name, username: from.username ?? 'someone', occupation: from.occupation, interests: from.interests },
  sender_photo: null,
  message: 'Hello from the quiet room',
  event_id: null,
  created_at: '2030-05-01T18:00:00.000Z',
  ...overrides,
});

export const sampleConnection = (other: PublicUser = sam): Connection => ({
  id: nextId('7'),
  connected_user: {
    id: other.id,
    name: other.name,
    username: other.username ?? 'someone',
    occupation: other.occupation,
    interests: other.interests,
    photo_data: null,
  },
  shared_interests: ['hiking'],
  event_id: null,
  connection_type: 'mutual_interest',
  created_at: '2030-05-01T18:00:00.000Z',
});

export const sampleChat = (overrides: Partial<ChatMessage> = {}): ChatMessage => ({
  id: nextId('f'),
  from_user: sam.id,
  to_user: ada.id,
  message: 'Hi Ada',
  message_type: 'text',
  ice_breaker_id: null,
  event_id: null,
  client_id: null,
  timestamp: '2030-05-01T18:00:00.000Z',
  ...overrides,
});

/** Every call the connections charts make, faked; tests replace the ones they care about. */
export interface ConnectionFakes {
  notifications?: () => Promise<Notification[]>;
  /** "Mark all read" (issue 13). */
  markAllRead?: () => Promise<unknown>;
  requests?: () => Promise<ReceivedRequest[]>;
  attendees?: () => Promise<AttendeeWithPhoto[]>;
  connections?: () => Promise<Connection[]>;
  history?: () => Promise<ChatMessage[]>;
  iceBreakers?: () => Promise<IceBreaker[]>;
  groupChats?: () => Promise<GroupChat[]>;
  groupHistory?: () => Promise<GroupMessage[]>;
  sendChat?: (item: PendingMessage) => Promise<{ success: true; message: ChatMessage }>;
  requestConnection?: () => Promise<ConnectionRequestAnswer>;
  people?: () => Promise<NearbyEntry[]>;
  respond?: () => Promise<RespondAnswer>;
  session?: () => Promise<unknown>;
  exchange?: (input: unknown) => Promise<unknown>;
  /** The user's own business card, filled into the contact-exchange form (issue 18). */
  ownCard?: BusinessCard | null;
  /** The chat partner, with whether they take messages now (issue 16); by default they do. */
  partner?: () => Promise<ChatPartner>;
}

/**
 * A stand-in for a child chart of another issue (photos, feed): records what it hears.
 * Its context has the empty lists their views read, so the views render nothing.
 */
export function recorder() {
  const heard: AnyEventObject[] = [];
  const machine = createMachine({
    context: { entries: [], photos: [] },
    on: { '*': { actions: ({ event }) => void heard.push(event) } },
  });
  return { machine, heard };
}

/** A faked call whose input the test does not look at. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const answer = <T>(fn: () => Promise<T>) => fromPromise<T, any>(() => fn());

/** The root chart with every call faked, the live socket in the test's hands. */
/** `charts`: a test's own charts in place of these, by the root's child id. */
export function connectionsApp(f: ConnectionFakes = {}, charts: ChartFakes = {}) {
  const sockets: Array<{ url: string; sent: string[]; report: (e: SocketEvent) => void }> = [];
  const calls = {
    notifications: vi.fn(f.notifications ?? (async () => [])),
    markAllRead: vi.fn(f.markAllRead ?? (async () => ({ success: true, marked: 0 }))),
    requests: vi.fn(f.requests ?? (async () => [])),
    attendees: vi.fn(f.attendees ?? (async () => [])),
    connections: vi.fn(f.connections ?? (async () => [])),
    history: vi.fn(f.history ?? (async () => [])),
    exchange: vi.fn(f.exchange ?? (async () => ({ success: true }))),
    sendChat: vi.fn(
      f.sendChat ??
        (async (item: PendingMessage) => ({
          success: true as const,
          message: sampleChat({ from_user: ada.id, to_user: item.to_user, message: item.message, client_id: item.clientId }),
        })),
    ),
  };
  const photos = recorder();
  const feed = recorder();
  const connectionRequest = connectionRequestMachine.provide({
    actors: {
      sendRequest: answer<ConnectionRequestAnswer>(f.requestConnection ?? (async () => ({ success: true, status: 'request_sent' }))),
    },
  });
  const machine = appMachine.provide({
    actors: {
      ...quietChildren,
      ...chunksAtHand({
        ...quietCharts,
        auth: authMachine.provide({
          actors: { login: fromPromise<LoginAnswer, LoginDraft>(async () => ({ user: ada, reactivated: false })) },
        }),
        live: liveChannelMachine.provide({
          actors: {
            socket: fromCallback<SocketCommand, { url: string }>(({ input, sendBack, receive }) => {
              const s = { url: input.url, sent: [] as string[], report: sendBack as (e: SocketEvent) => void };
              sockets.push(s);
              receive((c) => s.sent.push(c.data));
            }),
            // After a 4001: this device is signed out too, unless the test says otherwise.
            checkSession: answer<unknown>(
              f.session ??
                (async () => {
                  throw new ApiError(401, 'Not signed in');
                }),
            ),
          },
        }),
        outbox: chatOutboxMachine.provide({
          actors: {
            sendMessage: fromPromise<{ success: true; message: ChatMessage }, { userId: string; item: PendingMessage }>(({ input }) =>
              calls.sendChat(input.item),
            ),
          },
          actions: { logFailure: () => {} },
        }),
        notifications: notificationsMachine.provide({
          actors: {
            loadNotifications: fromPromise<Notification[], { userId: string }>(() => calls.notifications()),
            markRead: fromPromise<unknown, { userId: string; id: string }>(async () => ({ success: true })),
            markAllRead: fromPromise<unknown, { userId: string }>(() => calls.markAllRead()),
          },
        }),
        requests: connectionRequestsMachine.provide({
          actors: {
            loadRequests: fromPromise<ReceivedRequest[], { userId: string }>(() => calls.requests()),
            respond: answer<RespondAnswer>(f.respond ?? (async () => ({ success: true, connection: null }))),
          },
        }),
        attendees: attendeesMachine.provide({
          actors: {
            loadAttendees: answer<AttendeeWithPhoto[]>(() => calls.attendees()),
            connectionRequest,
          },
        }),
        connections: mutualConnectionsMachine.provide({
          actors: {
            loadConnections: answer<Connection[]>(() => calls.connections()),
            connectionCard: connectionCardMachine.provide({
              actors: {
                loadCard: answer<BusinessCard | null>(async () => null),
              },
            }),
          },
        }),
        chat: chatMachine.provide({
          actors: {
            loadHistory: answer<ChatMessage[]>(() => calls.history()),
            loadIceBreakers: answer<IceBreaker[]>(f.iceBreakers ?? (async () => [])),
            loadPartner: answer<ChatPartner>(f.partner ?? (async () => ({ ...sam, can_message: true }))),
          },
        }),
        contactExchange: contactExchangeMachine.provide({
          actors: {
            // eslint-disable-next-line @typescript-eslint/no-explicit-any
            sendExchange: fromPromise<any, any>(({ input }) => calls.exchange(input)),
            loadOwnCard: fromPromise<BusinessCard | null, { userId: string }>(async () => f.ownCard ?? null),
          },
        }),
        groupChat: groupChatMachine.provide({
          actors: {
            loadChats: answer<GroupChat[]>(f.groupChats ?? (async () => [])),
            loadHistory: answer<GroupMessage[]>(f.groupHistory ?? (async () => [])),
          },
        }),
        event: eventMachine.provide({
          actors: {
            loadEvent: answer<Event>(() => new Promise(() => {})),
            loadPeople: answer<NearbyEntry[]>(f.people ?? (async () => [])),
            loadZones: answer<SafeZone[]>(async () => []),
            loadCommunities: answer<MicroCommunity[]>(async () => []),
            loadRecommendations: answer<Recommendations>(async () => emptyRecommendations),
            loadGroupChats: answer<GroupChat[]>(f.groupChats ?? (async () => [])),
          },
        }),
        locationPoller: fakePoller().machine,
        // Another issue's charts: stand-ins that record what the root passes on.
        photos: photos.machine,
        feed: feed.machine,
        ...charts,
      }),
    },
  });
  return { machine, calls, sockets, photos, feed, socket: () => sockets[sockets.length - 1]! };
}

/** Signs Ada in through the auth child, as the login form would. */
export async function signIn(actor: AnyActorRef) {
  const auth = actor.getSnapshot().children.auth as AuthActorRef;
  auth.send({ type: 'auth.loginChanged', field: 'username_or_email', value: 'ada' });
  auth.send({ type: 'auth.loginChanged', field: 'password', value: 'secret1' });
  auth.send({ type: 'auth.submitted' });
  await waitFor(actor, (s) => s.matches({ user: 'events' }));
  await flush();
}

export async function signedInWithLive(f: ConnectionFakes = {}, opts: { online?: boolean; charts?: ChartFakes } = {}) {
  const { machine, calls, sockets, photos, feed, socket } = connectionsApp(f, opts.charts);
  const clock = new SimulatedClock();
  const actor = createActor(machine, { clock, input: { path: '/', online: opts.online ?? true } }).start();
  await signIn(actor);
  return {
    actor,
    clock,
    calls,
    sockets,
    socket,
    photos,
    feed,
    snapshot: () => actor.getSnapshot(),
    child: <T extends AnyActorRef>(id: string) => actor.getSnapshot().children[id] as T | undefined,
    /** The server sends a live message on the open socket. */
    live: (message: LiveServerMessage) => socket().report({ type: 'socket.messageReceived', message }),
    toasts: () => toastsOf(actor).map((t) => t.message.message),
  };
}
