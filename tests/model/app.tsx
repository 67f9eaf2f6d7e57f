/**
 * The rendered app for the model tests: the real root chart and views, the network
 * answered by msw with a quiet signed-in world (every answer checked against the
 * contract's zod schema, so a fake cannot drift from what the server sends), and the
 * doubles the tests settle when a path says so.
 */
import { act, screen } from '@testing-library/react';
import { http, HttpResponse, ws, type RequestHandler, type WebSocketHandler } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { fromCallback, fromPromise, SimulatedClock, waitFor as waitForActor, type InspectionEvent } from 'xstate';
import type { z } from 'zod';
import { LoginAnswerSchema } from '../../contract/account';
import { PRIVACY_DEFAULTS, MicroCommunityListSchema, NearbyListSchema, PrivacySettingsSchema, RecommendationsSchema, SafeZoneListSchema } from '../../contract/discovery';
import { EventListSchema, EventSchema } from '../../contract/events';
import { FeedSchema } from '../../contract/media';
import { DEFAULT_STATUS, UserStatusSchema } from '../../contract/status';
import { PresenceSchema } from '../../contract/presence';
import {
  AttendeeWithPhotoSchema,
  ChatMessageSchema,
  ChatMuteSchema,
  ChatPartnerSchema,
  ConversationsAnswerSchema,
  GroupChatSchema,
  NotificationSchema,
  ReceivedRequestSchema,
} from '../../contract/social';
import type { AttendeeWithPhoto, ChatMessage } from '../../contract/social';
import type { appMachine, AppActorRef } from '../../machines/app.machine';
import { chartOf } from '../../machines/lazy-charts';
import { selectToasts } from '../../machines/app/toasts.machine';
import { say } from '../../src/i18n/i18n';
import type { SwitchboardEvent } from '../../machines/app/switchboard.machine';
import { App } from '../../src/App';
import { renderApp } from '../components/renderApp';
import { ada, ADA_PASSWORD, meetup, sam } from './fixtures';

/** The answer `schema` allows, or the test stops: fakes follow the contract. */
export const answer = <S extends z.ZodType>(schema: S, value: z.input<S>) => HttpResponse.json(schema.parse(value) as never);

/** What the quiet world holds; a test changes it between steps. */
export interface World {
  attendees: AttendeeWithPhoto[];
  history: ChatMessage[];
  /** Every request the app made, as `METHOD /path`. */
  asked: string[];
}

const array = <S extends z.ZodType>(s: S) => s.array();

/**
 * The signed-in app's calls, answered calmly: Ada's login, one event, empty lists. The
 * live channel's socket opens and stays quiet.
 */
function quietHandlers(world: World, extra: Array<RequestHandler | WebSocketHandler>): Array<RequestHandler | WebSocketHandler> {
  const note = (request: Request) => {
    world.asked.push(`${request.method} ${new URL(request.url).pathname}`);
  };
  return [
    http.all('*/api/*', ({ request }) => {
      note(request);
    }),
    ...extra,
    http.post('*/api/auth/login', () => answer(LoginAnswerSchema, { user: ada, reactivated: false })),
    http.get('*/api/events', () => answer(EventListSchema, [meetup])),
    http.get('*/api/events/:eventId', () => answer(EventSchema, meetup)),
    http.get('*/api/users/privacy', () => answer(PrivacySettingsSchema, PRIVACY_DEFAULTS)),
    http.get('*/api/users/status', () => answer(UserStatusSchema, DEFAULT_STATUS)),
    http.get('*/api/users/presence', () => answer(PresenceSchema, { visible_to_strangers: true, visible_to_connections: true, requests_held: false, open_to_hello: false, open_to_hello_shown: false, reasons: [] })),
    http.get('*/api/chat/:otherUserId/partner', () => answer(ChatPartnerSchema, { ...sam, can_message: true })),
    http.get('*/api/notifications/:userId', () => answer(array(NotificationSchema), [])),
    http.get('*/api/connections/requests/received', () => answer(array(ReceivedRequestSchema), [])),
    http.get('*/api/conversations', () => answer(ConversationsAnswerSchema, { conversations: [], unread_total: 0 })),
    http.get('*/api/events/:eventId/attendees-with-photos', () => answer(array(AttendeeWithPhotoSchema), world.attendees)),
    http.get('*/api/discover/:eventId', () => answer(NearbyListSchema, [])),
    http.get('*/api/safe-zones/:eventId', () => answer(SafeZoneListSchema, [])),
    http.get('*/api/micro-communities/:eventId', () => answer(MicroCommunityListSchema, [])),
    http.get('*/api/recommendations/:eventId', () => answer(RecommendationsSchema, { people: [], communities: [] })),
    http.get('*/api/events/:eventId/group-chats', () => answer(array(GroupChatSchema), [])),
    http.get('*/api/events/:eventId/feed', () => answer(FeedSchema, [])),
    // Before the history's pattern, which would take it: no chat is muted (issue 18).
    http.get('*/api/chat/mutes', () => answer(array(ChatMuteSchema), [])),
    http.get('*/api/chat/:otherUserId', () => answer(array(ChatMessageSchema), world.history)),
    http.get('*/api/ice-breakers/:otherUserId', () => HttpResponse.json([])),
    ws.link(/\/ws\//).addEventListener('connection', () => {}),
  ];
}

/**
 * The msw server of one test file, with its hooks; `world` is reset before each path.
 * `extra` answers what a file's paths need beyond the quiet world, first.
 */
export function quietServer(extra: (world: World) => Array<RequestHandler | WebSocketHandler> = () => []): { world: World } {
  const world: World = { attendees: [], history: [], asked: [] };
  const server = setupServer(...quietHandlers(world, extra(world)));
  beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
  afterEach(() => {
    world.attendees = [];
    world.history = [];
    world.asked = [];
  });
  afterAll(() => server.close());
  return { world };
}

/**
 * The whole app on a simulated clock, with the test's root logic and the coverage
 * inspector; `restoreSession` asks the server for the session first, as the real app does.
 */
export function renderModelApp(logic: typeof appMachine, inspect: (e: InspectionEvent) => void, path = '/', restoreSession = false, search = '') {
  const clock = new SimulatedClock();
  const view = renderApp(<App />, { path, search, online: true, restoreSession }, logic, { clock, inspect });
  rendered = view.actor;
  return { ...view, clock };
}

/** Signs Ada in through the login form's chart, as the login tests do by hand, and waits for her first view. */
export async function signIn(actor: AppActorRef): Promise<void> {
  // The login form's chart arrives in a chunk of its own first.
  await act(() => waitForActor(actor, (s) => chartOf(s, 'auth') !== undefined));
  const auth = chartOf(actor.getSnapshot(), 'auth')!;
  act(() => {
    auth.send({ type: 'auth.loginChanged', field: 'username_or_email', value: ada.username });
    auth.send({ type: 'auth.loginChanged', field: 'password', value: ADA_PASSWORD });
    auth.send({ type: 'auth.submitted' });
  });
  await act(() => waitForActor(actor, (s) => s.matches('user')));
}

/** What the live channel tells its switchboard (a message, a reconnect), which passes it to the charts it is for. */
export function hearLive(actor: AppActorRef, event: SwitchboardEvent): void {
  act(() => chartOf(actor.getSnapshot(), 'switchboard')!.send(event));
}

/** The live channel, which the switchboard runs while a user is signed in. */
export const liveChannelOf = (actor: AppActorRef) => chartOf(actor.getSnapshot(), 'switchboard')?.getSnapshot().children.live;

/** Moves the simulated clock on, inside act, so the screen follows. */
export function advance(clock: SimulatedClock, ms: number): void {
  act(() => clock.increment(ms));
}

/**
 * A call the path settles: each call waits until the test resolves or rejects it, so
 * the "in progress" state can be checked on screen before the answer.
 */
export function heldCall<TOutput, TInput>() {
  const calls: Array<{ input: TInput; resolve: (v: TOutput) => void; reject: (e: unknown) => void }> = [];
  const logic = fromPromise<TOutput, TInput>(
    ({ input }) => new Promise<TOutput>((resolve, reject) => calls.push({ input, resolve, reject })),
  );
  const last = () => {
    const call = calls.at(-1);
    if (!call) throw new Error('no call is waiting for an answer');
    return call;
  };
  return {
    logic,
    calls,
    last,
    resolve: async (output: TOutput) => act(async () => last().resolve(output)),
    reject: async (error: unknown) => act(async () => last().reject(error)),
  };
}

/**
 * A browser surface the path drives (the install prompt, the position, a socket): each
 * start gives the test the actor's `sendBack`, records what the chart tells it, and
 * notes when it is stopped.
 */
export function browserDouble<TReceived extends { type: string } = { type: never }, TInput = unknown>() {
  const started: Array<{ input: TInput; received: TReceived[]; stopped: boolean; report: (e: { type: string }) => void }> = [];
  const logic = fromCallback<TReceived, TInput>(({ input, sendBack, receive }) => {
    const run = { input, received: [] as TReceived[], stopped: false, report: sendBack as (e: { type: string }) => void };
    started.push(run);
    receive((e) => run.received.push(e));
    return () => {
      run.stopped = true;
    };
  });
  const current = () => {
    const run = started.at(-1);
    if (!run) throw new Error('the double was never started');
    return run;
  };
  return { logic, started, current, report: (e: { type: string } & Record<string, unknown>) => act(() => current().report(e)) };
}

/** The app renderModelApp rendered last: its toasts chart knows which toasts wait their turn. */
let rendered: AppActorRef | null = null;

/**
 * The toasts raised and not gone, in order: the one on screen (its words, before and after
 * its card's chunk arrives), then those waiting their turn (one at a time, issue 39).
 */
export const toastTexts = (): string[] => {
  const onScreen = Array.from(screen.getByRole('status', { name: 'Notifications' }).children).map((el) => (el.firstElementChild ?? el).textContent ?? '');
  const waiting = selectToasts(rendered?.getSnapshot().children.toasts?.getSnapshot()).slice(1);
  return [...onScreen, ...waiting.map((t) => say(t.message))];
};
