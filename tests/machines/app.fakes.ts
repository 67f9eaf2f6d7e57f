/** Fakes for the root chart's children, so machine tests run without network or timers. */
import { vi } from 'vitest';
import { chunksAtHand, type ChartFakes } from './charts.fakes';
import { createActor, fromCallback, fromPromise, SimulatedClock, type AnyActorRef } from 'xstate';
import type { LoginAnswer } from '../../contract/account';
import type { PublicUser, User } from '../../contract/common';
import type { Address } from '../../machines/addresses';
import type { AddressChanged, AddressOpened, HistoryOrder } from '../../machines/history.actor';
import { PRIVACY_DEFAULTS, type PrivacySettings } from '../../contract/discovery';
import type { Event } from '../../contract/events';
import type { ConnectivityEvent } from '../../machines/connectivity.actor';
import { appMachine, type AppActorRef } from '../../machines/app.machine';
import { selectToasts, type ToastItem } from '../../machines/app/toasts.machine';
import { authMachine, type AuthActorRef, type LoginDraft, type RegisterDraft } from '../../machines/session/auth.machine';
import { eventsMachine } from '../../machines/event/events.machine';
import { createHiddenEventsStore } from '../../machines/event/hidden-events.actor';
import { profileMachine, type PasswordDraft, type ProfileActorRef, type ProfileDraft } from '../../machines/profile/profile.machine';
import type { ConversationsAnswer, Notification, ReceivedRequest } from '../../contract/social';
import { connectionRequestsMachine } from '../../machines/people/connection-requests.machine';
import { liveChannelMachine } from '../../machines/session/live-channel.actor';
import { notificationsMachine } from '../../machines/session/notifications.machine';
import { conversationsMachine } from '../../machines/chat/conversations.machine';
import { statusMachine } from '../../machines/presence/status.machine';
import { DEFAULT_STATUS, type UserStatus } from '../../contract/status';

export const ada: User = {
  id: '0b7c5d1e-4f7a-4c37-9d1e-2f0a8b6c9d10',
  username: 'ada',
  name: 'Ada Lovelace',
  email: 'ada@example.org',
  age: 36,
  occupation: 'Analyst',
  interests: ['engines', 'poetry'],
  social_preferences: ['small groups'],
  personality_traits: ['curious'],
  communication_style: 'balanced',
  photo_data: null,
  social_battery: 8,
  is_available: true,
  created_at: '2024-01-01T00:00:00.000Z',
};

/** The events list answers at once with no events, and nothing is hidden on this device. */
export const quietEvents = eventsMachine.provide({
  actors: {
    loadEvents: fromPromise<Event[], { userId: string }>(async () => []),
    hiddenEventsStore: createHiddenEventsStore(() => null),
  },
});

/**
 * The session's charts that start with signing in but are not what these tests are
 * about, by the root's child id: they are kept off the network and off the window.
 */
export const quietCharts = {
  events: quietEvents,
  // The live channel with a socket that never opens; the lists it feeds answer empty.
  live: liveChannelMachine.provide({ actors: { socket: fromCallback<{ type: 'socket.send'; data: string }, { url: string }>(() => {}) } }),
  notifications: notificationsMachine.provide({
    actors: { loadNotifications: fromPromise<Notification[], { userId: string }>(async () => []) },
  }),
  requests: connectionRequestsMachine.provide({
    actors: { loadRequests: fromPromise<ReceivedRequest[], { userId: string }>(async () => []) },
  }),
  conversations: conversationsMachine.provide({
    actors: {
      loadConversations: fromPromise<ConversationsAnswer, { userId: string }>(async () => ({ conversations: [], unread_total: 0 })),
    },
  }),
  // Available, with nothing to say (issue 16's break is tested on its own).
  status: statusMachine.provide({ actors: { loadStatus: fromPromise<UserStatus, { userId: string }>(async () => DEFAULT_STATUS) } }),
} satisfies ChartFakes;

/**
 * The root's own children that are not what these tests are about, and every chart's
 * chunk at hand with the quiet session charts (a test that replaces charts passes its
 * own `...chunksAtHand({ ...quietCharts, ... })`).
 */
export const quietChildren = {
  ...chunksAtHand(quietCharts),
  loadPrivacy: fromPromise<PrivacySettings, { userId: string }>(async () => PRIVACY_DEFAULTS),
  adminKeys: fromCallback<{ type: never }>(() => {}),
  connectivity: fromCallback<{ type: never }>(() => {}),
};

/** The toasts on screen: what the root's toasts chart holds. */
export const toastsOf = (actor: AppActorRef): ToastItem[] => selectToasts(actor.getSnapshot().children.toasts?.getSnapshot());

/** One toast's own chart, by its id, while it is shown. */
export const toastChart = (actor: AppActorRef, id: string) => actor.getSnapshot().children.toasts?.getSnapshot().children[id];

type Call<TIn, TOut> = (input: TIn) => Promise<TOut>;

export interface Fakes {
  path?: string;
  login?: Call<LoginDraft, LoginAnswer>;
  register?: Call<RegisterDraft, User>;
  saveProfile?: Call<{ userId: string; draft: ProfileDraft }, User>;
  changePassword?: Call<{ userId: string; password: PasswordDraft }, unknown>;
  deactivate?: Call<{ userId: string }, unknown>;
  logout?: Call<{ userId: string }, unknown>;
  checkAdminGate?: Call<{ slug: string }, unknown>;
  /** When given, the chart starts by asking whether the session cookie holds a user (null: no one). */
  restoreSession?: () => Promise<User | null>;
  /** Loads what an address needs (an event, a chat partner). */
  resolveAddress?: Call<ResolveInput, ResolvedAddress>;
  /** Lazily loaded charts to replace, by the root's child id (the views' charts a test opens). */
  children?: ChartFakes;
}

type ResolveInput = { userId: string; address: Address; currentEvent: Event | null; partner: PublicUser | null };
type ResolvedAddress = { event: Event | null; partner: PublicUser | null };

const unexpected = (name: string) => async (): Promise<never> => {
  throw new Error(`unexpected call: ${name}`);
};

/**
 * Starts the root chart on a simulated clock with every side effect faked. Each fake is
 * a vi.fn around the given implementation, so a test can check what was called and with
 * which input.
 */
export function startApp(fakes: Fakes = {}) {
  const calls = {
    login: vi.fn(fakes.login ?? unexpected('login')),
    register: vi.fn(fakes.register ?? unexpected('register')),
    saveProfile: vi.fn(fakes.saveProfile ?? unexpected('saveProfile')),
    changePassword: vi.fn(fakes.changePassword ?? unexpected('changePassword')),
    deactivate: vi.fn(fakes.deactivate ?? unexpected('deactivate')),
    logout: vi.fn(fakes.logout ?? unexpected('logout')),
    checkAdminGate: vi.fn(fakes.checkAdminGate ?? unexpected('checkAdminGate')),
    redirectToRoot: vi.fn(),
    restoreSession: vi.fn(fakes.restoreSession ?? unexpected('restoreSession')),
    resolveAddress: vi.fn(fakes.resolveAddress ?? unexpected('resolveAddress')),
    /** The browser's address as the history actor was told to write it. */
    addressWrites: [] as Array<{ path: string; replace: boolean }>,
    historyOrders: [] as HistoryOrder[],
    forgetUserData: vi.fn(),
    /** Focus moved to a form's first error, by form: the charts' named actions. */
    focus: vi.fn((_form: 'auth' | 'profile' | 'password' | 'deactivate') => {}),
  };
  let reportConnectivity: (e: ConnectivityEvent) => void = () => {
    throw new Error('connectivity actor not started');
  };
  let reportAddress: (e: AddressChanged | AddressOpened) => void = () => {
    throw new Error('history actor not started');
  };
  const auth = authMachine.provide({
    actors: {
      login: fromPromise<LoginAnswer, LoginDraft>(({ input }) => calls.login(input)),
      register: fromPromise<User, RegisterDraft>(({ input }) => calls.register(input)),
    },
    actions: { focusFirstError: () => calls.focus('auth') },
  });
  const profile = profileMachine.provide({
        actors: {
          saveProfile: fromPromise<User, { userId: string; draft: ProfileDraft }>(({ input }) => calls.saveProfile(input)),
          changePassword: fromPromise<unknown, { userId: string; password: PasswordDraft }>(({ input }) =>
            calls.changePassword(input),
          ),
          deactivate: fromPromise<unknown, { userId: string }>(({ input }) => calls.deactivate(input)),
          logout: fromPromise<unknown, { userId: string }>(({ input }) => calls.logout(input)),
        },
        actions: {
          focusProfileError: () => calls.focus('profile'),
          focusPasswordError: () => calls.focus('password'),
          focusDeactivateError: () => calls.focus('deactivate'),
        },
      });
  const machine = appMachine.provide({
    actors: {
      ...quietChildren,
      ...chunksAtHand({ ...quietCharts, auth, profile, ...fakes.children }),
      connectivity: fromCallback<{ type: never }>(({ sendBack }) => {
        reportConnectivity = sendBack;
      }),
      checkAdminGate: fromPromise<unknown, { slug: string }>(({ input }) => calls.checkAdminGate(input)),
      restoreSession: fromPromise<User | null>(() => calls.restoreSession()),
      resolveAddress: fromPromise<ResolvedAddress, ResolveInput>(({ input }) => calls.resolveAddress(input)),
      history: fromCallback<HistoryOrder>(({ sendBack, receive }) => {
        reportAddress = sendBack;
        receive((e) => {
          if (e.type === 'address.write') calls.addressWrites.push({ path: e.path, replace: e.replace });
          else calls.historyOrders.push(e);
        });
      }),
    },
    actions: { redirectToRoot: () => calls.redirectToRoot(), forgetUserData: () => calls.forgetUserData() },
  });
  const clock = new SimulatedClock();
  const actor = createActor(machine, {
    clock,
    input: { path: fakes.path ?? '/', online: true, restoreSession: !!fakes.restoreSession },
  }).start();
  return {
    actor,
    clock,
    calls,
    reportConnectivity: (online: boolean) => reportConnectivity({ type: 'connectivity.changed', online }),
    /** The browser's back or forward gesture landed on `path`. */
    goTo: (path: string) => reportAddress({ type: 'address.changed', path }),
    /** The address the browser shows now, after the chart's writes. */
    address: () => calls.addressWrites.at(-1)?.path ?? (fakes.path ?? '/'),
    auth: () => child<AuthActorRef>(actor, 'auth'),
    profile: () => child<ProfileActorRef>(actor, 'profile'),
  };
}

function child<T extends AnyActorRef>(actor: AnyActorRef, id: string): T {
  const ref = (actor.getSnapshot() as { children: Record<string, AnyActorRef | undefined> }).children[id];
  if (!ref) throw new Error(`no child actor "${id}" in the current state`);
  return ref as T;
}

export type TestApp = ReturnType<typeof startApp>;

/** Types a login draft into the auth child and submits it. */
export function submitLogin(app: TestApp, draft: LoginDraft) {
  const auth = app.auth();
  auth.send({ type: 'auth.loginChanged', field: 'username_or_email', value: draft.username_or_email });
  auth.send({ type: 'auth.loginChanged', field: 'password', value: draft.password });
  auth.send({ type: 'auth.submitted' });
}

/** Switches the auth child to registration, fills the given fields and submits. */
export function submitRegistration(app: TestApp, draft: Partial<RegisterDraft>) {
  const auth = app.auth();
  if (auth.getSnapshot().context.mode === 'login') auth.send({ type: 'auth.modeToggled' });
  for (const [field, value] of Object.entries(draft) as Array<[keyof RegisterDraft, string]>) {
    auth.send({ type: 'auth.registerChanged', field, value });
  }
  auth.send({ type: 'auth.submitted' });
}
