/**
 * The root statechart: who is signed in (nobody, a user, an admin) and which SPEC 2
 * view is on screen. It owns the toasts (one spawned machine each, gone after five
 * seconds or when dismissed), the error banner (stays until replaced), and the children that live with
 * a state: a machine per view, connectivity while the app runs; while a user is signed
 * in, availability, the social battery, the live channel, the chat outbox, the
 * notifications and the connection requests; and the location poller while the user is
 * in an event (see location-poller.machine.ts for when that is). Live messages are
 * passed to the children on screen, which update their lists in place.
 *
 * The charts it runs are not in the entry script (issue 15): each part of the app (the
 * login form, the signed-in session, each view, the plan chooser, the report sheet) waits for its chunk in
 * a state of its own, says so, and offers Try again when the chunk cannot be fetched
 * (lazy-charts.ts, `withCharts`).
 */
import {
  assertEvent,
  assign,
  enqueueActions,
  sendTo,
  stateIn,
  fromPromise,
  setup,
  stopChild,
  type ActionFunction,
  type ActorRefFrom,
  type AnyActorLogic,
  type AnyActorRef,
  type AnyMachineSnapshot,
  type InputFrom,
  type ParameterizedObject,
  type SnapshotFrom,
} from 'xstate';
import type { BanNotice, PublicUser, User } from '../contract/common';
import type { PrivacySettings, SafeZone } from '../contract/discovery';
import type { Event } from '../contract/events';
import { ADMIN_KEY_SEQUENCE_MAX_USES } from '../contract/shell-constants';
import { SHELL_MESSAGES as MESSAGES } from '../contract/shell-messages';
import { rootApi as api, type SessionExpired } from './api/request';
import type { AuthBanned, AuthSucceeded } from './session/auth.machine';
import type { UserPatched } from './presence/availability.machine';
import { connectivityActor, type ConnectivityEvent } from './connectivity.actor';
import { adminKeysActor } from './admin/admin-keys.actor';
import type { CurrentEventChanged } from './session-gone';
import type { EventOpened } from './event/events.machine';
import type { ZoneChanged } from './session/location-poller.machine';
import { logFailure } from './log';
import type { PrivacyUpdated } from './safety/privacy-settings.machine';
import type { ReportNews } from './safety/report.machine';
import type { ReportOpened, ReportTarget } from './safety/report-target';
import type { ChatBlocked, ChatQueued } from './chat/chat.machine';
import type { OutboxReport } from './chat/chat-outbox.machine';
import { CARDS_LINK, contactExchangeToast } from './cards/contact-exchange-toast';
import { CHUNK_CHARTS, loadChunk, type Chunk, type LazyChart, type LazyChartId, type LazyCharts, type LoadedCharts } from './lazy-charts';
import type { LiveChannelReport } from './session/live-channel.actor';
import type { EventCancelled } from './organizer/organizer.machine';
import type { ConversationRead } from './chat/conversations.machine';
import { pwaMachine } from './pwa/pwa.machine';
import { forgetUserData } from './pwa/pwa.actors';
import { toastMachine, type ToastKind } from './toast.machine';
import { USER_VIEWS, adminSlugFromPath, type UserView } from './views';
import { eventIdOf, formatAddress, parseAddress, partnerIdOf, type Address, type EventTab } from './addresses';
import { historyActor, type AddressChanged, type AddressOpened } from './history.actor';

export interface ToastItem {
  id: string;
  message: string;
  kind: ToastKind;
  /** An address the toast opens when tapped (a new message opens its chat). */
  link?: string;
  /** The words of the button that opens it (Open when not given). */
  label?: string;
}

export interface AppContext {
  serviceWorker: boolean;
  restoreSession: boolean;
  /**
   * The address to open after sign-in: the page's path at start (a deep link), then the
   * path of the last view shown, so signing in again after a lost session returns there.
   */
  path: string;
  /** The address being opened (a deep link, back/forward, a notification); null once shown. */
  pendingAddress: Address | null;
  /** The next address write replaces the browser's entry instead of adding one. */
  replaceAddress: boolean;
  /** The event view's section on screen (its address says it too). */
  eventTab: EventTab;
  /** The request a '/requests/<id>' address points at, shown first; null for the list. */
  requestId: string | null;
  user: User | null;
  error: string | null;
  /** The account is banned: why, until when, and whom to write to (shown on the login view). */
  ban: BanNotice | null;
  toasts: ToastItem[];
  online: boolean;
  toastCounter: number;
  /** Uses of the hidden admin key sequence; it works while this is below 3. */
  adminKeyUses: number;
  /** The signed-in admin (the admin chart, in its lazy chunk, reports it). */
  admin: AdminSummary | null;
  /** The admin chart, spawned as the child 'admin' once its chunk has loaded. */
  adminChart: AnyActorRef | null;
  /** The event the user opened last this session; the location poller runs for it. */
  currentEvent: Event | null;
  /** The zone the poller last reported the user to be in. */
  currentZone: SafeZone | null;
  /** The user's privacy settings, for the safe-zone banner's words (null until loaded). */
  privacy: PrivacySettings | null;
  /** The person a chat or contact exchange is with. */
  partner: PublicUser | null;
  /** The view a chat or contact exchange was opened from, for its way back. */
  returnView: UserView | null;
  /** The group chat to show first (chosen on the event view); null: the event's own. */
  groupChatId: string | null;
  /** The plan chooser modal is open (its chart runs as the child 'plans'). */
  plansOpen: boolean;
  /** What the report sheet is about while it is open (its chart runs as the child 'report'). */
  report: ReportTarget | null;
  /** The signed-in session's charts, from their chunk: kept while signed in, for the events list each time it opens. */
  session: LazyCharts['session'] | null;
}

export interface AdminSummary {
  id: string;
  username: string;
  email: string;
  role: string;
}

export type AppEvent =
  | AuthSucceeded
  | ConnectivityEvent
  | { type: 'view.opened'; view: UserView }
  | { type: 'user.updated'; user: User }
  | { type: 'session.ended'; message: string }
  | SessionExpired
  | AuthBanned
  | { type: 'toast.show'; message: string; kind?: ToastKind; link?: string }
  | { type: 'toast.expired'; id: string }
  | { type: 'toast.dismissed'; id: string }
  | { type: 'error.show'; message: string }
  | { type: 'error.cleared' }
  | { type: 'error.dismissed' }
  | { type: 'admin.entryRequested' }
  | { type: 'admin.signedIn'; admin: AdminSummary }
  | { type: 'admin.signedOut'; message?: string }
  | { type: 'admin.left' }
  | EventOpened
  | EventCancelled
  | CurrentEventChanged
  | ZoneChanged
  | UserPatched
  | PrivacyUpdated
  | { type: 'chat.opened'; partner: PublicUser }
  | { type: 'contactExchange.opened'; partner: PublicUser }
  | { type: 'groupChat.opened'; chatId: string | null }
  // The live channel's messages, and the chat outbox's traffic.
  | LiveChannelReport
  | ChatQueued
  | ChatBlocked
  | OutboxReport
  // The plan chooser: a child spawned while it is open.
  | { type: 'plans.opened' }
  | { type: 'plans.closed' }
  // The report sheet (issue 16): the same, and what it tells.
  | ReportOpened
  | ReportNews
  // Addresses (issue 13): back/forward, a link inside the app or a clicked notification.
  | AddressChanged
  | AddressOpened
  | ConversationRead
  | { type: 'eventTab.selected'; tab: EventTab }
  // The person tries again to fetch code that could not be fetched (offline).
  | { type: 'code.retried' };

/** What an address needs loaded before its view can open. */
interface ResolvedAddress {
  event: Event | null;
  partner: PublicUser | null;
}

// Typed loosely: these are used inside the chart, before its own types exist.
const snapshotOf = (self: AnyActorRef): AnyMachineSnapshot => self.getSnapshot() as AnyMachineSnapshot;

/** The user view the chart is on now. */
const userViewOf = (self: AnyActorRef): UserView | null => {
  const s = snapshotOf(self);
  return s.matches('user') ? (USER_VIEWS.find((v) => s.matches({ user: v })) ?? null) : null;
};

/** The chart's children now, by id. */
const childrenOf = (self: AnyActorRef): Record<string, AnyActorRef | undefined> =>
  snapshotOf(self).children as Record<string, AnyActorRef | undefined>;

/**
 * An action of the root's that sends to its children or raises, enqueued so that each
 * child takes the event after this step rather than inside it. It names no other action,
 * so it is typed apart from the setup's map of actions, which it is part of (inferring it
 * there is circular).
 */
function enqueued<P extends ParameterizedObject['params'] | undefined = undefined>(
  collect: Parameters<typeof enqueueActions<AppContext, AppEvent, P, AppEvent>>[0],
) {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return enqueueActions(collect) as unknown as ActionFunction<AppContext, AppEvent, AppEvent, P, any, any, any, any, any>;
}

/** Said when a chat message arrives for a conversation that is not on screen (its sender unknown here). */
export const NEW_MESSAGE_TOAST = 'You have a new message';

/** Said, with the sender, when a chat message arrives for a conversation not on screen. */
export const newMessageToast = (name: string): string => `New message from ${name}`;

/** Said when the plan chooser's code cannot be fetched (offline before the app was stored). */
export const PLANS_UNAVAILABLE = "The plans couldn't load just now. Check your connection, then press Upgrade to try again.";

/** Said when the report sheet's code cannot be fetched (offline before the app was stored). */
export const REPORT_UNAVAILABLE = "The report form couldn't load. Check your connection, then try again.";

/** Said when an address leads to something the user cannot open (any more). */
export const ADDRESS_UNAVAILABLE = "That page isn't available any more, so here are your events.";

/**
 * Children that show what the live channel may change (lists, the break, and where the
 * person is), by their ids: a reconnect reloads them, and they hear what an event's
 * organizers changed (issue 17).
 */
const LIVE_LISTS = [
  'event',
  'events',
  'chat',
  'groupChat',
  'attendees',
  'connections',
  'requests',
  'notifications',
  'photos',
  'analytics',
  'feed',
  'conversations',
  'status',
  'locationPoller',
  'organizer',
  'cards',
  'sharedCards',
  'meetings',
];

/** The page's origin, for the live channel's address (none outside a browser). */
const pageOrigin = (): string => (typeof location === 'undefined' ? 'http://localhost' : location.origin);

const viewTransitions = USER_VIEWS.map((view) => ({
  guard: { type: 'isView' as const, params: { view } },
  target: `.${view}`,
  actions: 'clearRequestFocus' as const,
}));

/** A view state's entry: its address is written (the browser's entry, and where to return). */
const enterView = (view: UserView) => [
  { type: 'writeAddress' as const, params: { view } },
  { type: 'noteAddress' as const, params: { view } },
];

/** The routing state's choices: the view an address names, with what it carries. */
const addressTransitions = USER_VIEWS.map((view) => ({
  guard: { type: 'isAddressOf' as const, params: { view } },
  target: view,
  actions: 'applyAddress' as const,
}));

/** The address of a view given what the chart knows; null when the view lacks what it needs. */
function addressOfView(view: UserView, c: AppContext): Address | null {
  const eventId = c.currentEvent?.id;
  const userId = c.partner?.id;
  switch (view) {
    case 'event':
      return eventId ? { view, eventId, tab: c.eventTab } : null;
    case 'attendees':
    case 'photo-gallery':
    case 'analytics':
    case 'organizer':
      return eventId ? { view, eventId } : null;
    case 'group-chat':
      return eventId ? { view, eventId, chatId: c.groupChatId } : null;
    case 'chat':
    case 'contact-exchange':
      return userId ? { view, userId } : null;
    case 'connection-requests':
      return { view, requestId: c.requestId };
    default:
      return { view };
  }
}

/** Loads the event and person an address needs that the chart does not hold yet. */
async function resolveAddress(input: {
  userId: string;
  address: Address;
  currentEvent: Event | null;
  partner: PublicUser | null;
}): Promise<ResolvedAddress> {
  const eventId = eventIdOf(input.address);
  const partnerId = partnerIdOf(input.address);
  const [event, partner] = await Promise.all([
    eventId && input.currentEvent?.id !== eventId ? api.getEvent(input.userId, eventId) : null,
    partnerId && input.partner?.id !== partnerId ? api.chatPartner(input.userId, partnerId) : null,
  ]);
  return { event, partner };
}

/**
 * A part of the app whose charts are in a chunk of their own (lazy-charts.ts): it says it
 * is loading until the chunk arrives ('fetching'; a chunk fetched before arrives at once),
 * runs the charts while it is on screen ('running'), and says calmly that it could not
 * load, as offline before the app was stored, until the person tries again ('unavailable').
 */
function withCharts<const C extends Chunk>(chunk: C) {
  return {
    initial: 'fetching' as const,
    states: {
      fetching: {
        tags: 'loadingCode' as const,
        invoke: {
          src: 'loadCharts' as const,
          id: 'charts' as const,
          input: { chunk },
          onDone: { target: 'running' as const, actions: 'startCharts' as const },
          onError: 'unavailable' as const,
        },
      },
      unavailable: { tags: 'codeUnavailable' as const, on: { 'code.retried': 'fetching' as const } },
      running: { exit: stopCharts(chunk) },
    },
  };
}

/** The actions that end a part's charts as it is left. */
const stopCharts = (chunk: Chunk) => CHUNK_CHARTS[chunk].map((id) => ({ type: 'stopChart' as const, params: { id } }));

/** What each lazily loaded chart is started with, from what the root holds. */
const CHART_INPUTS: { [Id in LazyChartId]: (c: AppContext) => InputFrom<LazyChart[Id]> } = {
  auth: () => undefined,
  availability: (c) => ({ userId: c.user!.id, isAvailable: c.user!.is_available }),
  battery: (c) => ({ userId: c.user!.id, level: c.user!.social_battery }),
  live: (c) => ({ userId: c.user!.id, origin: pageOrigin() }),
  outbox: (c) => ({ userId: c.user!.id, online: c.online }),
  notifications: (c) => ({ userId: c.user!.id }),
  requests: (c) => ({ userId: c.user!.id }),
  conversations: (c) => ({ userId: c.user!.id }),
  status: (c) => ({ userId: c.user!.id }),
  events: (c) => ({ user: c.user! }),
  event: (c) => ({ user: c.user!, event: c.currentEvent! }),
  feed: (c) => ({ user: c.user!, event: c.currentEvent }),
  chat: (c) => ({ user: c.user!, partner: c.partner!, eventId: c.currentEvent?.id ?? null }),
  groupChat: (c) => ({ user: c.user!, event: c.currentEvent!, chatId: c.groupChatId }),
  privacySettings: (c) => ({ user: c.user! }),
  contactExchange: (c) => ({ user: c.user!, partner: c.partner!, eventId: c.currentEvent?.id ?? null }),
  createEvent: (c) => ({ user: c.user! }),
  userSearch: (c) => ({ user: c.user! }),
  analytics: (c) => ({ user: c.user!, event: c.currentEvent }),
  photos: (c) => ({ user: c.user!, event: c.currentEvent }),
  profile: (c) => ({ user: c.user! }),
  profilePhoto: (c) => ({ user: c.user! }),
  businessCard: (c) => ({ user: c.user!, event: null }),
  attendees: (c) => ({ user: c.user!, event: c.currentEvent! }),
  organizer: (c) => ({ user: c.user!, event: c.currentEvent! }),
  connectCode: (c) => ({ userId: c.user!.id }),
  scanner: (c) => ({ userId: c.user!.id }),
  connections: (c) => ({ userId: c.user!.id }),
  locationPoller: (c) => ({ userId: c.user!.id, eventId: c.currentEvent!.id }),
  plans: (c) => ({ user: c.user!, event: null }),
  report: (c) => ({ user: c.user!, target: c.report! }),
  cards: (c) => ({ userId: c.user!.id }),
  sharedCards: (c) => ({ userId: c.user!.id }),
  meetings: (c) => ({ userId: c.user!.id }),
};

/** The report sheet closes: its chunk's loader and its chart stop. */
const CLOSE_REPORT = ['stopReportLoader', 'stopReportSheet', 'markReportClosed'] as const;

/** The session's background charts, started as the user state is entered (the events list starts its own). */
const SESSION_CHARTS = CHUNK_CHARTS.session.filter((id) => id !== 'events' && id !== 'locationPoller');

/** Starts a chart whose logic arrived at run time (so it is spawned untyped) under its child id. */
function spawnLoaded(spawn: unknown, logic: AnyActorLogic, id: LazyChartId, context: AppContext): void {
  (spawn as (logic: AnyActorLogic, options: { id: string; input: unknown }) => AnyActorRef)(logic, { id, input: CHART_INPUTS[id](context) });
}

export const appMachine = setup({
  types: {
    context: {} as AppContext,
    events: {} as AppEvent,
    input: {} as {
      path: string;
      online?: boolean;
      /** The built app: register /sw.js. Off in development and tests. */
      serviceWorker?: boolean;
      /** Ask the server whether the session cookie still holds a user (the real app does; tests opt in). */
      restoreSession?: boolean;
    },
    // The children by id, so views read them typed (`s.children.pwa`). Not in it: the
    // toasts, spawned under ids made at run time, and the charts whose code arrives in
    // chunks of their own (the admin chart, and those of lazy-charts.ts: read them with
    // `chartOf`).
    children: {} as {
      history: 'history';
      connectivity: 'connectivity';
      pwa: 'pwaMachine';
      adminKeys: 'adminKeys';
      privacyLoader: 'loadPrivacy';
      charts: 'loadCharts';
      plansLoader: 'loadCharts';
      reportLoader: 'loadCharts';
    },
    tags: {} as 'loadingCode' | 'codeUnavailable',
  },
  actors: {
    pwaMachine,
    history: historyActor,
    resolveAddress: fromPromise<ResolvedAddress, Parameters<typeof resolveAddress>[0]>(({ input }) => resolveAddress(input)),
    // The session probe answers null (not an error) when signed out: no console error.
    restoreSession: fromPromise<User | null>(() => api.sessionUser()),
    toast: toastMachine,
    loadPrivacy: fromPromise<PrivacySettings, { userId: string }>(({ input }) => api.getPrivacy(input.userId)),
    connectivity: connectivityActor,
    adminKeys: adminKeysActor,
    // The charts of a part of the app, from its chunk (lazy-charts.ts).
    loadCharts: fromPromise<LoadedCharts, { chunk: Chunk }>(({ input }) => loadChunk(input.chunk)),
    checkAdminGate: fromPromise<unknown, { slug: string }>(({ input }) => api.checkAdminGate(input.slug)),
    // The admin chart is in the lazy admin chunk: attendees never download it.
    loadAdminChart: fromPromise<AnyActorLogic>(() => import('./admin/admin.machine').then((m) => m.adminChartForRoot)),
  },
  guards: {
    shouldRestoreSession: ({ context }) => context.restoreSession,
    isEndedByBan: ({ event }) => event.type === 'session.expired' && event.ban !== undefined,
    isPlanChooserClosed: ({ context }) => !context.plansOpen,
    isReportClosed: ({ context }) => !context.report,
    isAdminPath: ({ context }) => adminSlugFromPath(context.path) !== null,
    canUseAdminKeys: ({ context }) => context.adminKeyUses < ADMIN_KEY_SEQUENCE_MAX_USES,
    isView: ({ event }, params: { view: UserView }) => event.type === 'view.opened' && event.view === params.view,
    isAddressOf: ({ context }, params: { view: UserView }) => (context.pendingAddress?.view ?? 'events') === params.view,
    // The address names an event or a person the chart does not hold yet.
    needsLoading: ({ context }) => {
      const a = context.pendingAddress;
      if (!a) return false;
      const eventId = eventIdOf(a);
      const partnerId = partnerIdOf(a);
      return (eventId !== null && context.currentEvent?.id !== eventId) || (partnerId !== null && context.partner?.id !== partnerId);
    },
    isOnEventView: stateIn({ user: 'event' }),
    // The session probe answered a user (null: signed out).
    restoredAUser: ({ event }) => 'output' in event && event.output !== null,
    resolvedAnEvent: ({ event }) => (event as { output?: ResolvedAddress }).output?.event != null,
    hasCurrentEvent: ({ context }) => context.currentEvent !== null,
    hasNoAdminChart: ({ context }) => context.adminChart === null,
    hasPartner: ({ context }) => context.partner !== null,
    isCurrentEventLocation: ({ context, event }) =>
      event.type === 'live.location_update' && event.event_id === context.currentEvent?.id,
    isAnotherEvent: ({ context, event }) => event.type === 'event.opened' && context.currentEvent?.id !== event.event.id,
  },
  actions: {
    // After sign-out nothing that belonged to the user stays in the offline cache.
    forgetUserData: () => {
      void forgetUserData();
    },
    // The chooser's chart is in a chunk of its own: it starts as the chunk arrives (startCharts).
    openPlanChooser: assign(({ spawn }) => {
      spawn('loadCharts', { id: 'plansLoader', input: { chunk: 'plans' } });
      return { plansOpen: true };
    }),
    stopPlansLoader: stopChild('plansLoader'),
    stopPlanChooser: stopChild('plans'),
    markPlansClosed: assign({ plansOpen: false }),
    // As the plan chooser: the sheet's chart starts as its chunk arrives (startCharts).
    openReport: assign(({ event, spawn }) => {
      assertEvent(event, 'report.opened');
      spawn('loadCharts', { id: 'reportLoader', input: { chunk: 'report' } });
      return { report: event.target };
    }),
    stopReportLoader: stopChild('reportLoader'),
    stopReportSheet: stopChild('report'),
    markReportClosed: assign({ report: null }),
    // The gate answered 404 (or failed): send the browser to the site root.
    redirectToRoot: () => {
      window.location.replace('/');
    },
    // The same words again replace the toast saying them (with a fresh five seconds), so a
    // burst of sends or messages never stacks copies; the replaced one's timer ends unseen.
    showToast: assign(({ context, spawn }, params: { message: string; kind: ToastKind; link?: string; label?: string }) => {
      const id = `toast-${context.toastCounter + 1}`;
      spawn('toast', { id, input: { id, message: params.message, kind: params.kind } });
      const item: ToastItem = { id, message: params.message, kind: params.kind, ...(params.link ? { link: params.link, label: params.label } : {}) };
      return { toastCounter: context.toastCounter + 1, toasts: [...context.toasts.filter((t) => t.message !== params.message), item] };
    }),
    stopToast: stopChild(({ event }) => {
      assertEvent(event, 'toast.expired');
      return event.id;
    }),
    dropToast: assign({
      toasts: ({ context, event }) => {
        assertEvent(event, 'toast.expired');
        return context.toasts.filter((t) => t.id !== event.id);
      },
    }),
    showError: assign({ error: (_, params: { message: string }) => params.message }),
    clearError: assign({ error: null, ban: null }),
    setUser: assign({ user: (_, params: { user: User }) => params.user }),
    clearUser: assign({ user: null }),
    patchUser: assign({
      user: ({ context, event }) => {
        assertEvent(event, 'user.patched');
        return context.user && { ...context.user, ...event.patch };
      },
    }),
    setCurrentEvent: assign({ currentEvent: (_, params: { event: Event }) => params.event, eventTab: 'people' as EventTab }),
    startPoller: assign(({ context, spawn }) => {
      spawnLoaded(spawn, context.session!.locationPoller, 'locationPoller', context);
      return {};
    }),
    stopPoller: stopChild('locationPoller'),
    forgetZone: assign({ currentZone: null }),
    forgetSession: assign({
      pendingAddress: null,
      eventTab: 'people' as EventTab,
      requestId: null,
      currentEvent: null,
      currentZone: null,
      privacy: null,
      partner: null,
      returnView: null,
      groupChatId: null,
      plansOpen: false,
      report: null,
      session: null,
    }),
    logFailure: (_, params: { what: string; error: unknown }) => logFailure(params.what, params.error),
    setOnline: assign({
      online: ({ event }) => {
        assertEvent(event, 'connectivity.changed');
        return event.online;
      },
    }),
    /**
     * Passes an event to those of the children that exist now: a live message updates
     * the lists on screen and nothing else (the HTTP lists are the truth elsewhere).
     * Only to the children there: sendTo by id throws for one that is not (a live channel
     * that has ended, a view that has closed) and that would stop the whole app. Enqueued,
     * so each child takes it after this step, not inside it.
     */
    forwardTo: enqueued(({ enqueue, self }, params: { ids: readonly string[]; event: { type: string } }) => {
      const children = childrenOf(self);
      for (const id of params.ids) {
        const child = children[id];
        if (child) enqueue.sendTo(child, params.event);
      }
    }),
    joinLiveEvent: enqueued(({ enqueue, self, context }) => {
      const live = childrenOf(self).live;
      if (context.currentEvent && live) enqueue.sendTo(live, { type: 'channel.eventJoined', eventId: context.currentEvent.id });
    }),
    /**
     * Writes the address of the view just entered: a new browser entry, or the current one
     * replaced after a redirect, a deep link or back/forward (where the browser has moved
     * already and the write is a no-op). It is also the address to return to after sign-in.
     */
    writeAddress: enqueued(({ context, self, enqueue }, params: { view: UserView }) => {
      const address = addressOfView(params.view, context);
      const history = childrenOf(self).history;
      if (address && history) enqueue.sendTo(history, { type: 'address.write', path: formatAddress(address), replace: context.replaceAddress });
    }),
    noteAddress: assign(({ context }, params: { view: UserView }) => {
      const address = addressOfView(params.view, context);
      return address ? { path: formatAddress(address), replaceAddress: false } : {};
    }),
    /** Leaving the signed-in app: the address goes back to the root, in place. */
    writeRootAddress: enqueued(({ self, enqueue }) => {
      const history = childrenOf(self).history;
      if (history) enqueue.sendTo(history, { type: 'address.write', path: '/', replace: true });
    }),
    forgetPath: assign({ path: '/' }),
    /** The admin chart joins the root's actor tree; it reports by sendParent (no React in between). */
    spawnAdminChart: assign(({ context, event, spawn }): Partial<AppContext> => {
      // Its logic arrives at run time (the lazy chunk), so it is spawned untyped.
      const spawnLoaded = spawn as unknown as (logic: AnyActorLogic, options: { id: string; input: unknown }) => AnyActorRef;
      const logic = (event as unknown as { output: AnyActorLogic }).output;
      return { adminChart: spawnLoaded(logic, { id: 'admin', input: { admin: context.admin } }) };
    }),
    stopAdminChart: stopChild('admin'),
    /**
     * A part's charts, from the chunk that just arrived, each started under its child id
     * (spawned, as their logic arrives at run time; `stopChart` ends each as the part is left).
     */
    startCharts: assign(({ context, event, spawn }) => {
      const charts = (event as unknown as { output: LoadedCharts }).output;
      for (const [id, logic] of Object.entries(charts) as Array<[LazyChartId, AnyActorLogic]>) spawnLoaded(spawn, logic, id, context);
      return {};
    }),
    stopChart: stopChild((_, params: { id: string }) => params.id),
    keepSession: assign({ session: ({ event }) => (event as unknown as { output: LazyCharts['session'] }).output }),
    startSession: assign(({ context, spawn }) => {
      for (const id of SESSION_CHARTS) spawnLoaded(spawn, context.session![id], id, context);
      return {};
    }),
    startEventsList: assign(({ context, spawn }) => {
      spawnLoaded(spawn, context.session!.events, 'events', context);
      return {};
    }),
    forgetAdminChart: assign({ adminChart: null }),
    clearRequestFocus: assign({ requestId: null }),
    setResolvedPartner: assign({
      partner: ({ context, event }) => (event as { output?: ResolvedAddress }).output?.partner ?? context.partner,
    }),
    askForAddress: assign({
      pendingAddress: ({ event }) => {
        assertEvent(event, ['address.changed', 'address.opened']);
        return parseAddress(event.path);
      },
      // Back and forward have moved the browser already; a link inside the app adds an entry.
      replaceAddress: ({ event }) => event.type === 'address.changed',
    }),
    askForPathAddress: assign({ pendingAddress: ({ context }) => parseAddress(context.path), replaceAddress: true }),
    applyAddress: assign(({ context }) => {
      const a = context.pendingAddress;
      return {
        pendingAddress: null,
        eventTab: a?.view === 'event' ? a.tab : context.eventTab,
        groupChatId: a?.view === 'group-chat' ? a.chatId : context.groupChatId,
        requestId: a?.view === 'connection-requests' ? a.requestId : null,
        replaceAddress: context.replaceAddress || a === null,
      };
    }),
    forgetAddress: assign({ pendingAddress: null, replaceAddress: true }),
    // A message from someone whose chat is not on screen would otherwise go unseen.
    noteUnseenMessage: ({ context, event, self }) => {
      assertEvent(event, 'live.new_message');
      const m = event.message;
      // Quiet (issue 18): a stranger's message while the person's energy is low is listed, not toasted.
      if (event.quiet || m.from_user === context.user?.id) return;
      const chat = childrenOf(self).chat?.getSnapshot() as { context?: { partner?: { id: string } } } | undefined;
      if (chat?.context?.partner?.id === m.from_user) return;
      // The inbox knows the names of people one has chatted with; a first message says less.
      const inbox = childrenOf(self).conversations?.getSnapshot() as
        | { context?: { conversations?: Array<{ kind: string; id: string; title: string }> } }
        | undefined;
      const known = inbox?.context?.conversations?.find((c) => c.kind === 'direct' && c.id === m.from_user);
      // To itself, after this step: the graph of the chart's paths does not take it for a step of its own.
      self.send({
        type: 'toast.show',
        message: known ? newMessageToast(known.title) : NEW_MESSAGE_TOAST,
        kind: 'info',
        link: formatAddress({ view: 'chat', userId: m.from_user }),
      });
    },
    // The chat on screen is read: its unread count (and the badge) clears, on every device.
    markChatRead: enqueued(({ context, self, enqueue }) => {
      const conversations = childrenOf(self).conversations;
      if (context.partner && conversations) enqueue.sendTo(conversations, { type: 'conversation.read', kind: 'direct', id: context.partner.id });
    }),
    // A message into the chat on screen is read as it arrives.
    markArrivedRead: enqueued(({ context, event, self, enqueue }) => {
      assertEvent(event, 'live.new_message');
      const conversations = childrenOf(self).conversations;
      if (conversations && userViewOf(self) === 'chat' && context.partner?.id === event.message.from_user)
        enqueue.sendTo(conversations, { type: 'conversation.read', kind: 'direct', id: event.message.from_user });
    }),
    // By id, not by the last snapshot's children: a deep link to the requests enters the
    // view in the same step as the session's charts start, before any snapshot holds them.
    reloadRequests: sendTo('requests', { type: 'requests.reloaded' }),
    reloadNotifications: enqueued(({ self, enqueue }) => {
      const notifications = childrenOf(self).notifications;
      if (notifications) enqueue.sendTo(notifications, { type: 'notifications.reloaded' });
    }),
    rememberReturnView: assign({ returnView: ({ self }) => userViewOf(self) }),
  },
}).createMachine({
  id: 'app',
  context: ({ input }) => ({
    path: input.path,
    pendingAddress: null,
    replaceAddress: true,
    eventTab: 'people',
    requestId: null,
    serviceWorker: input.serviceWorker ?? false,
    restoreSession: input.restoreSession ?? false,
    user: null,
    error: null,
    ban: null,
    toasts: [],
    online: input.online ?? true,
    toastCounter: 0,
    adminKeyUses: 0,
    admin: null,
    adminChart: null,
    currentEvent: null,
    currentZone: null,
    privacy: null,
    partner: null,
    returnView: null,
    groupChatId: null,
    plansOpen: false,
    report: null,
    session: null,
  }),
  invoke: [
    { src: 'history', id: 'history' },
    { src: 'connectivity', id: 'connectivity' },
    { src: 'pwaMachine', id: 'pwa', input: ({ context }) => ({ serviceWorker: context.serviceWorker }) },
  ],
  on: {
    'toast.show': {
      actions: {
        type: 'showToast',
        params: ({ event }) => ({ message: event.message, kind: event.kind ?? 'success', link: 'link' in event ? event.link : undefined }),
      },
    },
    'toast.expired': { actions: ['stopToast', 'dropToast'] },
    // The person closed it: its chart ends as when its time is up, and says so (toast.expired).
    'toast.dismissed': { actions: { type: 'forwardTo', params: ({ event }) => ({ ids: [event.id], event: { type: 'toast.dismissed' } }) } },
    'error.show': { actions: { type: 'showError', params: ({ event }) => ({ message: event.message }) } },
    'error.cleared': { actions: 'clearError' },
    'error.dismissed': { actions: 'clearError' },
    'connectivity.changed': { actions: assign({ online: ({ event }) => event.online }) },
  },
  initial: 'start',
  states: {
    start: {
      always: [
        { guard: 'isAdminPath', target: 'checkingGate' },
        { guard: 'shouldRestoreSession', target: 'restoringSession' },
        { target: 'signedOut' },
      ],
    },
    // Reopening the app with a valid session cookie goes straight back in, quietly.
    restoringSession: {
      invoke: {
        src: 'restoreSession',
        onDone: [
          {
            guard: 'restoredAUser',
            target: 'openingSession',
            actions: { type: 'setUser', params: ({ event }) => ({ user: event.output! }) },
          },
          { target: 'signedOut' },
        ],
        // Offline or a server error: the login view, as when signed out.
        onError: 'signedOut',
      },
    },
    // SPEC 2: /admin/<slug> asks the server's gate before showing admin-login.
    checkingGate: {
      invoke: {
        src: 'checkAdminGate',
        input: ({ context }) => ({ slug: adminSlugFromPath(context.path)! }),
        onDone: 'signedOut.admin-login',
        onError: { actions: 'redirectToRoot' },
      },
    },
    signedOut: {
      initial: 'login',
      states: {
        // The login form's chart is in a chunk of its own.
        login: {
          entry: ['stopAdminChart', 'forgetAdminChart'],
          invoke: { src: 'adminKeys', id: 'adminKeys' },
          on: {
            'admin.entryRequested': {
              guard: 'canUseAdminKeys',
              target: 'admin-login',
              actions: assign({ adminKeyUses: ({ context }) => context.adminKeyUses + 1 }),
            },
          },
          ...withCharts('login'),
        },
        // The admin chart (lazy chunk) runs the admin login form here.
        'admin-login': {
          invoke: { src: 'loadAdminChart', id: 'adminChartLoader', onDone: { guard: 'hasNoAdminChart', actions: 'spawnAdminChart' } },
          on: {
            'admin.signedIn': {
              target: '#app.admin',
              actions: assign({ admin: ({ event }) => event.admin }),
            },
            'admin.left': 'login',
          },
        },
      },
      on: {
        // Back/forward while signed out only changes where sign-in leads.
        'address.changed': { actions: assign({ path: ({ event }) => event.path }) },
        'auth.banned': { actions: assign({ ban: ({ event }) => event.ban, error: null }) },
        'auth.succeeded': {
          target: 'openingSession',
          actions: [
            { type: 'setUser', params: ({ event }) => ({ user: event.user }) },
            'clearError',
            {
              type: 'showToast',
              params: ({ event }) => ({
                kind: 'success' as const,
                message: event.reactivated
                  ? MESSAGES.accountReactivated
                  : event.via === 'login'
                    ? MESSAGES.loginSuccessful
                    : MESSAGES.registrationSuccessful,
              }),
            },
          ],
        },
      },
    },
    // An admin is signed in; the admin chart in its lazy chunk holds the admin views.
    // The admin chart (spawned after its lazy chunk loads) lives through admin-login and here.
    admin: {
      invoke: { src: 'loadAdminChart', id: 'adminChartLoader', onDone: { guard: 'hasNoAdminChart', actions: 'spawnAdminChart' } },
      on: {
        'admin.signedOut': {
          target: 'signedOut.login',
          actions: [
            assign({ admin: null }),
            {
              type: 'showToast',
              params: ({ event }) => ({ message: event.message ?? MESSAGES.loggedOut, kind: 'success' as const }),
            },
          ],
        },
      },
    },
    // Signed in: the session's charts (and the events list's) arrive in a chunk of their own first.
    openingSession: {
      initial: 'fetching',
      states: {
        fetching: {
          tags: 'loadingCode',
          invoke: {
            src: 'loadCharts',
            id: 'charts',
            input: { chunk: 'session' },
            onDone: { target: '#app.user', actions: 'keepSession' },
            onError: 'unavailable',
          },
        },
        unavailable: { tags: 'codeUnavailable', on: { 'code.retried': 'fetching' } },
      },
    },
    user: {
      // The session's background charts start; then the address asked for (a deep link, or
      // where the person was before signing in again).
      entry: ['startSession', 'askForPathAddress'],
      initial: 'routing',
      invoke: {
        src: 'loadPrivacy',
        id: 'privacyLoader',
        input: ({ context }) => ({ userId: context.user!.id }),
        onDone: { actions: assign({ privacy: ({ event }) => event.output }) },
        onError: { actions: { type: 'logFailure', params: ({ event }) => ({ what: 'load privacy settings', error: event.error }) } },
      },
      exit: [
        ...SESSION_CHARTS.map((id) => ({ type: 'stopChart' as const, params: { id } })),
        'stopPoller',
        'stopPlansLoader',
        'stopPlanChooser',
        ...CLOSE_REPORT,
        'forgetSession',
        'forgetUserData',
      ],
      on: {
        'view.opened': viewTransitions,
        'address.changed': { target: '.routing', actions: 'askForAddress' },
        'address.opened': { target: '.routing', actions: 'askForAddress' },
        // A section of the event view: its address is replaced, so Back leaves the event.
        'eventTab.selected': [
          {
            guard: 'isOnEventView',
            actions: [assign({ eventTab: ({ event }) => event.tab, replaceAddress: true }), ...enterView('event')],
          },
          { actions: assign({ eventTab: ({ event }) => event.tab }) },
        ],
        'plans.opened': { guard: 'isPlanChooserClosed', actions: 'openPlanChooser' },
        'plans.closed': { actions: ['stopPlansLoader', 'stopPlanChooser', 'markPlansClosed'] },
        'xstate.done.actor.plansLoader': { actions: 'startCharts' },
        // Offline before the app was stored: the chooser closes and says so; Upgrade tries again.
        'xstate.error.actor.plansLoader': {
          actions: ['markPlansClosed', { type: 'showError', params: { message: PLANS_UNAVAILABLE } }],
        },
        'report.opened': { guard: 'isReportClosed', actions: 'openReport' },
        'report.closed': { actions: CLOSE_REPORT },
        'xstate.done.actor.reportLoader': { actions: 'startCharts' },
        'xstate.error.actor.reportLoader': { actions: [...CLOSE_REPORT, { type: 'showError', params: { message: REPORT_UNAVAILABLE } }] },
        // Privacy settings' "Your reports" shows the new one.
        'report.filed': { actions: { type: 'forwardTo', params: ({ event }) => ({ ids: ['privacySettings'], event }) } },
        // Someone blocked from the sheet leaves the people lists on screen, as after Block on their card.
        // Sent, not passed on inside a custom action (forwardTo): the lists drop a card with built-in actions of their own.
        'report.blocked': {
          actions: enqueueActions(({ enqueue, event, self }) => {
            const children = childrenOf(self);
            for (const id of ['event', 'userSearch']) if (children[id]) enqueue.sendTo(children[id], { type: 'card.blocked', userId: event.userId });
          }),
        },
        // Someone blocked in a chat: the outbox sends them nothing more (no people list runs beside a chat).
        'chat.blocked': { actions: { type: 'forwardTo', params: ({ event }) => ({ ids: ['outbox'], event }) } },
        'event.opened': [
          // A different event: the old poller stops, a new one starts, no zone is known yet.
          {
            guard: 'isAnotherEvent',
            target: '.event',
            actions: [
              'stopPoller',
              'forgetZone',
              { type: 'setCurrentEvent', params: ({ event }) => ({ event: event.event }) },
              'startPoller',
              'joinLiveEvent',
              'reloadRequests',
              'reloadNotifications',
            ],
          },
          {
            target: '.event',
            actions: [{ type: 'setCurrentEvent', params: ({ event }) => ({ event: event.event }) }, 'joinLiveEvent', 'reloadRequests', 'reloadNotifications'],
          },
        ],
        // The outbox and the live channel both care whether the browser is online.
        'connectivity.changed': {
          actions: ['setOnline', { type: 'forwardTo', params: ({ event }) => ({ ids: ['outbox', 'live'], event }) }],
        },
        'outbox.queued': { actions: { type: 'forwardTo', params: ({ event }) => ({ ids: ['outbox'], event }) } },
        'outbox.sent': { actions: { type: 'forwardTo', params: ({ event }) => ({ ids: ['chat'], event }) } },
        'live.new_message': {
          actions: [
            { type: 'forwardTo', params: ({ event }) => ({ ids: ['chat', 'conversations'], event }) },
            'noteUnseenMessage',
            'markArrivedRead',
            // An earlier try of a pending message got through: the outbox lets it go.
            {
              type: 'forwardTo',
              params: ({ event }) => ({
                ids: event.message.client_id ? ['outbox'] : [],
                event: { type: 'outbox.delivered', clientId: event.message.client_id ?? '' },
              }),
            },
          ],
        },
        'conversation.read': { actions: { type: 'forwardTo', params: ({ event }) => ({ ids: ['conversations'], event }) } },
        'live.group_message': {
          actions: { type: 'forwardTo', params: ({ event }) => ({ ids: ['groupChat', 'event', 'conversations'], event }) },
        },
        'live.group_chat_people': { actions: { type: 'forwardTo', params: ({ event }) => ({ ids: ['groupChat'], event }) } },
        'live.location_update': {
          guard: 'isCurrentEventLocation',
          actions: { type: 'forwardTo', params: { ids: ['event'], event: { type: 'people.moved' } } },
        },
        // A card offered joins the Cards list on screen; its toast opens Cards (issue 18).
        'live.contact_exchange_request': [
          {
            // Quiet (issue 18): a stranger's card while energy is low raises no toast (it is in Alerts).
            guard: ({ event }) => !event.quiet,
            actions: [
              { type: 'forwardTo', params: ({ event }) => ({ ids: ['cards'], event }) },
              { type: 'showToast', params: ({ event }) => ({ message: contactExchangeToast(event.exchange), kind: 'info' as const, ...CARDS_LINK }) },
            ],
          },
          { actions: { type: 'forwardTo', params: ({ event }) => ({ ids: ['cards'], event }) } },
        ],
        'live.card_revoked': { actions: { type: 'forwardTo', params: ({ event }) => ({ ids: ['cards'], event }) } },
        'live.new_photo': {
          actions: {
            type: 'forwardTo',
            params: ({ event }) => ({ ids: ['photos'], event: { type: 'live.new_photo', photo: event.photo, event_id: event.event_id } }),
          },
        },
        'live.event_feed': {
          actions: {
            type: 'forwardTo',
            params: ({ event }) => ({ ids: ['feed'], event: { type: 'live.event_feed', feed: event.feed, event_id: event.event_id } }),
          },
        },
        // An event's organizers changed it (or it is gone): the charts showing it read it again (or leave it).
        'live.event_changed': { actions: { type: 'forwardTo', params: ({ event }) => ({ ids: LIVE_LISTS, event }) } },
        'currentEvent.changed': { actions: assign({ currentEvent: ({ event }) => event.event }) },
        // The notifications chart adds it and raises the toast with the unread count; "Welcome back" ends a break.
        'live.notification': {
          actions: { type: 'forwardTo', params: ({ event }) => ({ ids: ['notifications', 'pwa', 'status'], event }) },
        },
        // One of the person's meetings changed (issue 19): My meetings, when open, reads them again.
        'live.meeting_changed': { actions: { type: 'forwardTo', params: ({ event }) => ({ ids: ['meetings'], event }) } },
        'live.connection_request': {
          actions: { type: 'forwardTo', params: ({ event }) => ({ ids: ['requests', 'attendees', 'event'], event }) },
        },
        'live.connection_accepted': {
          actions: { type: 'forwardTo', params: ({ event }) => ({ ids: ['requests', 'attendees', 'connections', 'event', 'connectCode'], event }) },
        },
        // Messages sent while the socket was away were missed: what is on screen loads again.
        'live.reconnected': { actions: { type: 'forwardTo', params: ({ event }) => ({ ids: LIVE_LISTS, event }) } },
        'groupChat.opened': { target: '.group-chat', actions: assign({ groupChatId: ({ event }) => event.chatId }) },
        // Its organizer cancelled the current event (issue 17): nothing of it stays, not even its poller.
        'event.cancelled': { target: '.events', actions: ['stopPoller', 'forgetZone', assign({ currentEvent: null })] },
        'zone.changed': { actions: assign({ currentZone: ({ event }) => event.zone }) },
        'user.patched': { actions: 'patchUser' },
        'privacy.updated': { actions: assign({ privacy: ({ event }) => event.settings }) },
        'chat.opened': { target: '.chat', actions: ['rememberReturnView', assign({ partner: ({ event }) => event.partner })] },
        'contactExchange.opened': {
          target: '.contact-exchange',
          actions: ['rememberReturnView', assign({ partner: ({ event }) => event.partner })],
        },
        'user.updated': { actions: { type: 'setUser', params: ({ event }) => ({ user: event.user }) } },
        'session.ended': {
          target: 'signedOut',
          actions: [
            'writeRootAddress',
            // The next person to sign in on this device starts at the events list.
            'forgetPath',
            'clearUser',
            'clearError',
            { type: 'showToast', params: ({ event }) => ({ message: event.message, kind: 'success' as const }) },
          ],
        },
        // A ban says why and until when; any other lost session, SPEC 8's words.
        'session.expired': [
          {
            guard: 'isEndedByBan',
            target: 'signedOut',
            actions: ['clearUser', assign({ ban: ({ event }) => event.ban ?? null, error: null })],
          },
          {
            target: 'signedOut',
            actions: ['clearUser', { type: 'showError', params: { message: MESSAGES.userNotLoggedIn } }],
          },
        ],
      },
      states: {
        // Opens the view the pending address names, loading its event or person first.
        routing: {
          always: [{ guard: 'needsLoading', target: 'loading' }, ...addressTransitions],
        },
        loading: {
          invoke: {
            src: 'resolveAddress',
            input: ({ context }) => ({
              userId: context.user!.id,
              address: context.pendingAddress!,
              currentEvent: context.currentEvent,
              partner: context.partner,
            }),
            onDone: [
              {
                // As opening it from the list: its poller, its live updates, its requests.
                guard: 'resolvedAnEvent',
                target: 'routing',
                actions: [
                  'setResolvedPartner',
                  'stopPoller',
                  'forgetZone',
                  { type: 'setCurrentEvent', params: ({ event }) => ({ event: event.output.event! }) },
                  'startPoller',
                  'joinLiveEvent',
                  'reloadRequests',
                  'reloadNotifications',
                ],
              },
              { target: 'routing', actions: 'setResolvedPartner' },
            ],
            // Gone, never theirs, or no longer reachable: the events list, said calmly.
            onError: {
              target: 'events',
              actions: ['forgetAddress', { type: 'showToast', params: { message: ADDRESS_UNAVAILABLE, kind: 'info' as const } }],
            },
          },
        },
        events: {
          entry: [...enterView('events'), 'startEventsList'],
          exit: { type: 'stopChart', params: { id: 'events' } },
        },
        // Opened from the list (or a new event); with no event chosen yet it says so.
        event: {
          entry: enterView('event'),
          initial: 'choosing',
          states: {
            choosing: { always: [{ guard: 'hasCurrentEvent', target: 'open' }, { target: 'none' }] },
            open: withCharts('event'),
            none: {},
          },
        },
        // SPEC 5: a chat needs a chosen partner.
        chat: {
          entry: [...enterView('chat'), 'markChatRead'],
          initial: 'choosing',
          states: {
            choosing: { always: [{ guard: 'hasPartner', target: 'open' }, { target: 'none' }] },
            open: withCharts('chat'),
            none: {},
          },
        },
        'group-chat': {
          entry: enterView('group-chat'),
          initial: 'choosing',
          states: {
            choosing: { always: [{ guard: 'hasCurrentEvent', target: 'open' }, { target: 'none' }] },
            open: withCharts('group-chat'),
            none: {},
          },
        },
        'privacy-settings': {
          entry: enterView('privacy-settings'),
          ...withCharts('privacy-settings'),
        },
        'contact-exchange': {
          entry: enterView('contact-exchange'),
          initial: 'choosing',
          states: {
            choosing: { always: [{ guard: 'hasPartner', target: 'open' }, { target: 'none' }] },
            open: withCharts('contact-exchange'),
            none: {},
          },
        },
        'create-event': {
          entry: enterView('create-event'),
          ...withCharts('create-event'),
        },
        'user-search': {
          entry: enterView('user-search'),
          ...withCharts('user-search'),
        },
        // The list is kept while signed in; opening it fetches the latest.
        notifications: {
          entry: [...enterView('notifications'), 'reloadNotifications'],
        },
        analytics: {
          entry: enterView('analytics'),
          ...withCharts('analytics'),
        },
        'photo-gallery': {
          entry: enterView('photo-gallery'),
          ...withCharts('photo-gallery'),
        },
        profile: {
          entry: enterView('profile'),
          ...withCharts('profile'),
        },
        attendees: {
          entry: enterView('attendees'),
          initial: 'choosing',
          states: {
            choosing: { always: [{ guard: 'hasCurrentEvent', target: 'open' }, { target: 'none' }] },
            open: withCharts('attendees'),
            none: {},
          },
        },
        'connection-requests': {
          entry: [...enterView('connection-requests'), 'reloadRequests'],
        },
        // The Chats inbox (issue 13): the list is kept while signed in; opening it fetches the latest.
        chats: {
          entry: [...enterView('chats'), { type: 'forwardTo', params: { ids: ['conversations'], event: { type: 'conversations.reloaded' } } }],
        },
        'mutual-connections': {
          entry: enterView('mutual-connections'),
          ...withCharts('mutual-connections'),
        },
        // The organizer tools of the current event (issue 17).
        organizer: {
          entry: enterView('organizer'),
          initial: 'choosing',
          states: {
            choosing: { always: [{ guard: 'hasCurrentEvent', target: 'open' }, { target: 'none' }] },
            open: withCharts('organizer'),
            none: {},
          },
        },
        // Contact cards (issue 18).
        cards: { entry: enterView('cards'), ...withCharts('cards') },
        'shared-cards': { entry: enterView('shared-cards'), ...withCharts('shared-cards') },
        // Connect by code (issue 19).
        connect: {
          entry: enterView('connect'),
          ...withCharts('connect'),
        },
        // My meetings (issue 19).
        meetings: {
          entry: enterView('meetings'),
          ...withCharts('meetings'),
        },
      },
    },
  },
});

export type AppActorRef = ActorRefFrom<typeof appMachine>;
export type AppSnapshot = SnapshotFrom<typeof appMachine>;

/** Where the code of what should be on screen stands: arriving, or out of reach (offline); null once here. */
export const selectCodeState = (s: AppSnapshot): 'loading' | 'unavailable' | null =>
  s.hasTag('codeUnavailable') ? 'unavailable' : s.hasTag('loadingCode') ? 'loading' : null;

/** The user view on screen, or null when no user is signed in. */
export function currentUserView(s: AppSnapshot): UserView | null {
  if (!s.matches('user')) return null;
  return USER_VIEWS.find((v) => s.matches({ user: v })) ?? null;
}

export const selectUser = (s: AppSnapshot) => s.context.user;
export const selectToasts = (s: AppSnapshot) => s.context.toasts;
export const selectError = (s: AppSnapshot) => s.context.error;
export const selectBan = (s: AppSnapshot) => s.context.ban;
export const selectOnline = (s: AppSnapshot) => s.context.online;
export const selectAdmin = (s: AppSnapshot) => s.context.admin;
export const selectCurrentEvent = (s: AppSnapshot) => s.context.currentEvent;
export const selectPartner = (s: AppSnapshot) => s.context.partner;
export const selectReturnView = (s: AppSnapshot): UserView => s.context.returnView ?? 'events';

/**
 * The safe-zone banner's facts: the zone the user is in, and whether they are hidden
 * from nearby lists there (a restricted zone with auto-hide on, which is on by default
 * while the settings are not loaded yet).
 */
export function selectZoneBanner(s: AppSnapshot): { zone: SafeZone; hiddenFromNearby: boolean } | null {
  const zone = s.context.currentZone;
  if (!zone) return null;
  const autoHide = s.context.privacy?.auto_hide_in_restricted_zones ?? true;
  return { zone, hiddenFromNearby: zone.zone_type === 'restricted' && autoHide };
}

