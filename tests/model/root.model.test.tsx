/**
 * Model-based test of the root chart (issue 14): paths generated from the production
 * chart (tests/model/charts/root.ts), replayed on the whole app. After every step the
 * screen must show the state's view by its heading, the browser's address must be the
 * view's (issue 13), the toasts must be what the toasts chart holds (among them the one
 * the step raised), and the error banner, the plan chooser and the offline note must be
 * what the chart holds; a step's own news (a zone, a message sent, a ban) must show where
 * it belongs. The live messages the switchboard passes on are its own model's.
 *
 * Doubles at the edges only: the browser's history (it records the addresses written,
 * and plays the back gesture), the session probe, the admin gate, the address loader,
 * the charts' chunks and the outbox's send are calls the path
 * settles; the location poller and connectivity are driven by the path; the live
 * channel's socket and the PWA's browser surfaces stay quiet. Everything else goes
 * through msw.
 */
import { act, screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, expect, vi } from 'vitest';
import { fromCallback, fromPromise, type AnyActorLogic, type AnyEventObject, type AnyMachineSnapshot, type SimulatedClock } from 'xstate';
import { adminChartForRoot } from '../../machines/admin/admin.machine';
import { ADMIN_KEY_SEQUENCE } from '../../contract/constants';
import { AvailabilityAnswerSchema } from '../../contract/discovery';
import type { Event } from '../../contract/events';
import { MESSAGES } from '../../contract/messages';
import { SuccessSchema, type PublicUser } from '../../contract/common';
import { ConnectionSchema, ConversationReadAnswerSchema, type ChatMessage } from '../../contract/social';
import { liveChannelMachine, type SocketCommand } from '../../machines/session/live-channel.actor';
import { appMachine, type AppActorRef, type AppContext } from '../../machines/app.machine';
import { chatOutboxMachine, type PendingMessage } from '../../machines/chat/chat-outbox.machine';
import { verifyEmailMachine } from '../../machines/session/verify-email.machine';
import type { AddressWrite, HistoryOrder } from '../../machines/history.actor';
import type { UserView } from '../../machines/views';
import { answer, browserDouble, heldCall, quietServer, renderModelApp } from './app';
import { CardSchema, SharedCardSchema } from '../../contract/cards';
import { cardOf } from '../../machines/cards/cards.machine';
import { SHARED } from './charts/live-channel';
import {
  ADAS_STORED,
  BAN,
  GATE_DONE,
  ADMIN_CHART_DONE,
  CHARTS_DONE,
  CHARTS_UNAVAILABLE,
  CHUNK_FAILED,
  PLANS_DONE,
  REPORT_DONE,
  GATE_ERROR,
  MOVED_MEETUP,
  RESOLVE_DONE,
  RESOLVE_ERROR,
  RESTORE_DONE,
  RESTORE_ERROR,
  addressOf,
  rootModel,
  toastOf,
  viewOf,
  waitingForCode,
} from './charts/root';
import { toastsOf } from '../machines/app.fakes';
import { ada, ADA_PASSWORD, meetup, quietRoom, sam, withSam } from './fixtures';
import type { ModelPath, ModelStep } from './harness';
import { describeModel, type Replay as ReplayOf } from './suite';
import { chunkCharts, withChunks, type ChartFakes } from '../machines/charts.fakes';
import type { Chunk, LoadedCharts } from '../../machines/lazy-charts';
import { LOGIN_HEADING } from '../said';


type Replay = ReplayOf<Root>;

/** The login refusal of a wrong password, as the server words it. */
const WRONG_LOGIN = 'Incorrect username/email or password';

const { world } = quietServer(() => [
  http.post('*/api/auth/login', async ({ request }) => {
    const body = (await request.json()) as { password: string };
    if (body.password !== ADA_PASSWORD) return HttpResponse.json({ detail: WRONG_LOGIN }, { status: 401 });
    return undefined;
  }),
  http.post('*/api/auth/logout', () => answer(SuccessSchema, { success: true })),
  // Issue 18: Sam's card is on Ada's Cards (the live channel takes it back); she shared none.
  http.get('*/api/cards/shared', () => answer(SharedCardSchema.array(), [])),
  http.get('*/api/cards', () => answer(CardSchema.array(), [cardOf(SHARED)])),
  http.put('*/api/users/availability', ({ request }) =>
    answer(AvailabilityAnswerSchema, { success: true, is_available: new URL(request.url).searchParams.get('is_available') === 'true' }),
  ),
  http.get('*/api/connections/mutual', () => answer(ConnectionSchema.array(), [withSam])),
  http.put('*/api/conversations/read', () => answer(ConversationReadAnswerSchema, { success: true, unread_total: 0 })),
]);

afterEach(() => {
  vi.restoreAllMocks();
});

type Held<O, I> = ReturnType<typeof heldCall<O, I>>;

interface Root {
  user: UserEvent;
  actor: AppActorRef;
  clock: SimulatedClock;
  history: ReturnType<typeof historyDouble>;
  connectivity: ReturnType<typeof browserDouble>;
  socket: ReturnType<typeof browserDouble<SocketCommand, { url: string }>>;
  poller: ReturnType<typeof browserDouble<{ type: never }, { userId: string; eventId: string }>>;
  restore: Held<unknown, unknown>;
  gate: Held<unknown, { slug: string }>;
  adminChart: Held<AnyActorLogic, unknown>;
  charts: Held<LoadedCharts, { chunk: Chunk }>;
  sessionDoubles: ChartFakes;
  resolve: Held<{ event: Event | null; partner: PublicUser | null }, unknown>;
  send: Held<{ success: true; message: ChatMessage }, { userId: string; item: PendingMessage }>;
  redirects: number;
  /** How many requests the app had made before the step's cause. */
  askedBefore: number;
  unmount: () => void;
}

const ctx = (s: AnyMachineSnapshot) => s.context as AppContext;

/**
 * The browser's history as the root chart sees it: each address written goes to the
 * browser's address bar as the real actor puts it there (a new entry, or in place), and
 * is recorded; the path reports the back gesture and a clicked notification.
 */
function historyDouble() {
  const writes: AddressWrite[] = [];
  let report: ((e: { type: string; path: string }) => void) | null = null;
  const logic = fromCallback<HistoryOrder>(({ sendBack, receive }) => {
    report = sendBack as typeof report;
    receive((write) => {
      if (write.type !== 'address.write') return;
      writes.push(write);
      // As the browser's: writing the path shown is a no-op, unless a query (an email link's token) is to go.
      if (write.path === window.location.pathname && window.location.search === '') return;
      if (write.replace) window.history.replaceState(null, '', write.path);
      else window.history.pushState(null, '', write.path);
    });
  });
  return {
    logic,
    writes,
    report: (e: { type: 'address.changed' | 'address.opened'; path: string }) => act(() => report!(e)),
  };
}

/** The bottom navigation's five sections. */
const NAV: Partial<Record<UserView, string>> = {
  events: 'Events',
  'mutual-connections': 'People',
  chats: 'Chats',
  notifications: 'Alerts',
  profile: 'Me',
};

/** Each view's heading (src/views/*.tsx); the event's is its name, a chat's its partner. */
const HEADINGS: Record<UserView, string> = {
  events: 'Events',
  event: 'Event',
  chat: 'Chat',
  'group-chat': 'Group chat',
  'privacy-settings': 'Privacy settings',
  'contact-exchange': 'Share your contact details',
  'create-event': 'Create an event',
  'user-search': 'Find people',
  notifications: 'Notifications',
  analytics: 'Analytics',
  'photo-gallery': 'Photos',
  profile: 'Your profile',
  attendees: 'Connect with people',
  'connection-requests': 'Connection requests',
  'mutual-connections': 'People',
  chats: 'Chats',
  organizer: 'Organize',
  cards: 'Cards',
  'shared-cards': 'Shared with',
  connect: 'Connect by code',
  meetings: 'My meetings',
};

/** The heading a state shows. */
function headingOf(step: ModelStep): string {
  const view = viewOf(step.state)!;
  if (view === 'event' && step.key === 'user.event.open') return ctx(step.state).currentEvent!.name;
  if (view === 'chat' && step.key === 'user.chat.open') return `Chat with ${ctx(step.state).partner!.name}`;
  return HEADINGS[view];
}

/** The view's h1, once its (lazy) code has loaded. */
async function expectHeading(name: string | RegExp) {
  expect(await screen.findByRole('heading', { level: 1, name }, { timeout: 5_000 })).toBeInTheDocument();
}

/**
 * Where the browser is after `step`: where the back gesture took it, the address of the
 * view entered (a view without what its address names writes none), the root after
 * signing out, otherwise where it was.
 */
function urlAfter(path: ModelPath, step: ModelStep): string {
  let url = parseStart(path);
  for (const s of path.steps.slice(1, path.steps.indexOf(step) + 1)) {
    if (s.event.type === 'address.changed') url = s.event.path as string;
    if (s.event.type === 'session.ended') url = '/';
    // Email links (issue 41): the reset page has its address; leaving one goes to the root.
    if (s.event.type === 'passwordReset.opened') url = '/reset-password';
    if (s.event.type === 'passwordReset.done' || s.event.type === 'emailLink.left') url = '/';
    const view = viewOf(s.state);
    const address = view && addressOf(view, ctx(s.state));
    if (address) url = address;
  }
  return url;
}

const parseStart = (path: ModelPath) => (path.start.input as { path: string }).path;

/** The toasts on screen, read without a role query (the whole app is on screen: role queries are slow). */
const toastsShown = () =>
  Array.from(document.querySelector('[role="status"][aria-label="Notifications"]')?.children ?? []).map((el) => el.firstElementChild?.textContent ?? '');

/** The report sheet shows once its chart (and the sheet's own code) has arrived, and is gone once closed. */
async function expectReportSheet(s: AnyMachineSnapshot) {
  const sheet = () =>
    Array.from(document.querySelectorAll('[role="dialog"] h2'), (h) => h.textContent).find((title) => title?.startsWith('Report')) ?? null;
  if ('report' in s.children) await vi.waitFor(() => expect(sheet(), 'the report sheet').toBe(`Report ${sam.name}`));
  else expect(sheet(), 'no report sheet').toBeNull();
}

/**
 * What is said on the side is on screen: the toasts chart's first toast (the others wait),
 * the one this step raised among its toasts, and what the root holds: its banner, the plan chooser (once its chart
 * arrived), the offline note.
 */
async function expectAside(t: Root, step: ModelStep) {
  // The toast's and the banner's cards arrive in chunks of their own (the entry holds their regions).
  await vi.waitFor(() => expectAsideNow(t, step));
}

function expectAsideNow(t: Root, step: ModelStep) {
  const s = step.state;
  const c = ctx(s);
  const toasts = toastsOf(t.actor).map((toast) => toast.message.message);
  // One on screen at a time (issue 39): the first; the others wait their turn.
  expect(toastsShown(), 'the toast on screen').toEqual(toasts.slice(0, 1));
  const raised = toastOf(step.event);
  if (raised) expect(toasts, 'the toast of the step').toContain(raised);
  const banner = document.querySelector('[role="alert"]:has(button[aria-label="Dismiss message"])');
  if (c.error) expect(banner, 'the banner').toHaveTextContent(c.error.message);
  else expect(banner, 'no banner').toBeNull();
  expect(document.querySelector('[role="dialog"][aria-labelledby="plans-title"]') !== null, 'the plan chooser').toBe(c.plansOpen && 'plans' in s.children);
  expect(document.body.textContent?.includes(MESSAGES.offline.message), 'the offline note').toBe(!c.online);
}

/** A user view: its heading, its address, and what is said beside it. */
async function expectView(t: Root, step: ModelStep, path: ModelPath) {
  await expectHeading(headingOf(step));
  await expectReportSheet(step.state);
  await expectUnsavedQuestion(step);
  const url = urlAfter(path, step);
  expect(window.location.pathname, 'the address').toBe(url);
  // Opening a view adds a browser entry; arriving by the back gesture replaces the one the browser moved to.
  // A way out held while Ada is asked (issue 39) writes nothing, but Back is put back: a new entry.
  const held = ctx(step.state).leaving !== null;
  if (addressOf(viewOf(step.state)!, ctx(step.state)) && ['view.opened', 'address.changed'].includes(step.event.type))
    expect(t.history.writes.at(-1), 'the address written').toEqual({ type: 'address.write', path: url, replace: !held && step.event.type === 'address.changed' });
  await expectAside(t, step);
  await expectNews(t, step);
}

/** The question before leaving unsaved edits (issue 39): there while a way out is held, waiting while saving. */
async function expectUnsavedQuestion(step: ModelStep) {
  const leaving = ctx(step.state).leaving;
  if (!leaving) return vi.waitFor(() => expect(screen.queryByRole('dialog', { name: UNSAVED_TITLE }), 'no question').toBeNull());
  const dialog = await screen.findByRole('dialog', { name: UNSAVED_TITLE });
  expect(within(dialog).getByRole('button', { name: leaving.saving ? 'Saving…' : 'Save and go' })).toBeInTheDocument();
}

const UNSAVED_TITLE = 'Save your changes?';
const UNSAVED_ANSWERS = { save: 'Save and go', discard: "Don't save", stay: 'Stay here' } as const;

/** A view whose code is on its way: the quiet "Loading…" at the view's address (written as it opened). */
async function expectViewCode(t: Root, step: ModelStep, path: ModelPath) {
  await expectLoading(step, path);
  const url = urlAfter(path, step);
  if (addressOf(viewOf(step.state)!, ctx(step.state)) && ['view.opened', 'address.changed'].includes(step.event.type))
    expect(t.history.writes.at(-1), 'the address written').toEqual({ type: 'address.write', path: url, replace: step.event.type === 'address.changed' });
  await expectAside(t, step);
}

const askedSince = (t: Root) => world.asked.slice(t.askedBefore);

/** What a step's own news looks like where it shows. */
async function expectNews(t: Root, step: ModelStep) {
  const e = step.event;
  switch (e.type) {
    case 'zone.changed':
      expect(await screen.findByRole('status', { name: 'Where you are' })).toHaveTextContent(quietRoom.name);
      break;
    case 'outbox.queued':
      expect(await screen.findByText('Sending…')).toBeInTheDocument();
      expect(t.send.last().input.item.message).toBe(e.text);
      break;
    case 'outbox.sent':
      expect(await screen.findByText(ADAS_STORED.message)).toBeInTheDocument();
      break;
    case 'user.patched':
      expect(await screen.findByRole('switch', { name: 'Unavailable' })).not.toBeChecked();
      break;
    case 'conversation.read':
      await vi.waitFor(() => expect(askedSince(t)).toContain('PUT /api/conversations/read'));
      break;
    case 'event.opened':
      expect(t.poller.started.filter((p) => !p.stopped).map((p) => p.input.eventId), 'one poller, for the event').toEqual([meetup.id]);
      break;
    // Nothing of a cancelled event stays: its poller stops.
    case 'event.cancelled':
      expect(t.poller.started.filter((p) => !p.stopped), 'no poller').toEqual([]);
      break;
    // Other views (the attendees', the group chat's) name the event the root holds.
    case 'currentEvent.changed':
      expect(ctx(step.state).currentEvent, 'the event the root holds').toEqual(MOVED_MEETUP);
      break;
  }
}

/** The login view, idle, with what the chart says about a ban. */
async function expectLogin(t: Root, step: ModelStep, path: ModelPath) {
  await expectHeading(LOGIN_HEADING);
  const c = ctx(step.state);
  const ban = screen.queryByRole('alert', { name: /Your account is banned/ });
  if (c.ban) expect(ban).toHaveTextContent(BAN.reason!);
  else expect(ban).not.toBeInTheDocument();
  if (step.event.type === 'error.cleared') expect(await screen.findByText(WRONG_LOGIN)).toBeInTheDocument();
  expect(window.location.pathname, 'the address').toBe(urlAfter(path, step));
  await expectAside(t, step);
}

/** The quiet "Loading…" of a state waiting for the server. */
async function expectLoading(step: ModelStep, path: ModelPath) {
  expect(await screen.findByText('Loading…')).toBeInTheDocument();
  expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
  expect(window.location.pathname, 'the address').toBe(urlAfter(path, step));
}

/** Sent to the root as the child chart (or the chart's own view) sends it. */
const childReport = async (t: Root, e: AnyEventObject) => {
  const { variant: _variant, ...event } = e;
  act(() => t.actor.send(event as never));
};

const states: Record<string, (t: Root, step: ModelStep, path: ModelPath) => Promise<void>> = {
  'signedOut.login': async (t, step, path) => (waitingForCode(step.state) ? expectLoading(step, path) : expectLogin(t, step, path)),
  openingSession: async (_t, step, path) => expectLoading(step, path),
  'signedOut.admin-login': async (_t, step, path) => {
    // Until the admin chart's code has arrived the admin area says it is loading.
    if (ctx(step.state).adminChart === null) expect(await screen.findByText('Loading…')).toBeInTheDocument();
    else await expectHeading('Admin login');
    expect(window.location.pathname).toBe(urlAfter(path, step));
  },
  restoringSession: async (_t, step, path) => expectLoading(step, path),
  // Email links (issue 41): the page, at its address without the token.
  'signedOut.reset-password': async (t, step, path) => {
    if (waitingForCode(step.state)) return expectLoading(step, path);
    await expectHeading(ctx(step.state).emailLink?.token ? 'Choose a new password' : 'Forgot your password?');
    expect(window.location.pathname, 'the address').toBe(urlAfter(path, step));
    expect(window.location.search, 'the token gone from the address bar').toBe('');
    await expectAside(t, step);
  },
  verifyingEmail: async (_t, step, path) => {
    if (waitingForCode(step.state)) return expectLoading(step, path);
    await expectHeading('Thank you, your address is confirmed');
    expect(window.location.pathname, 'the address').toBe(urlAfter(path, step));
    expect(window.location.search, 'the token gone from the address bar').toBe('');
  },
  checkingGate: async (t, step, path) => {
    await expectLoading(step, path);
    expect(t.redirects, 'sent to the site root').toBe(step.event.type === GATE_ERROR ? 1 : 0);
  },
  'user.loading': async (t, step, path) => {
    await expectLoading(step, path);
    expect(t.resolve.calls.length).toBeGreaterThan(0);
  },
};
for (const key of Object.keys(rootModel.see)) {
  if (!key.startsWith('user.') || key === 'user.loading') continue;
  states[key] = async (t, step, path) => (waitingForCode(step.state) ? expectViewCode(t, step, path) : expectView(t, step, path));
}

/** Each cause notes how many requests were made before it, for the checks of what loads again. */
function noting(causes: Replay['events']): Replay['events'] {
  return Object.fromEntries(
    Object.entries(causes).map(([type, cause]) => [
      type,
      async (t: Root, e: AnyEventObject, before: AnyMachineSnapshot) => {
        t.askedBefore = world.asked.length;
        await cause(t, e, before);
      },
    ]),
  );
}

/** An action on Sam's card: in sight, or under the card's More (issue 39). */
async function cardAction(t: { user: UserEvent }, name: string) {
  const card = within(await screen.findByRole('article', { name: sam.name }));
  const shown = card.queryByRole('button', { name });
  if (shown) return t.user.click(shown);
  await t.user.click(card.getByRole('button', { name: `More for ${sam.name}` }));
  await t.user.click(card.getByRole('button', { name }));
}

describeModel<Root>(rootModel, {
  async start(path, inspect) {
    const input = path.start.input as { path: string; search?: string; restoreSession?: boolean };
    window.history.replaceState(null, '', input.path + (input.search ?? ''));
    const history = historyDouble();
    const connectivity = browserDouble();
    const socket = browserDouble<SocketCommand, { url: string }>();
    const poller = browserDouble<{ type: never }, { userId: string; eventId: string }>();
    const restore = heldCall<unknown, unknown>();
    const gate = heldCall<unknown, { slug: string }>();
    const adminChart = heldCall<AnyActorLogic, unknown>();
    const charts = heldCall<LoadedCharts, { chunk: Chunk }>();
    const resolve = heldCall<{ event: Event | null; partner: PublicUser | null }, unknown>();
    const send = heldCall<{ success: true; message: ChatMessage }, { userId: string; item: PendingMessage }>();
    const t = { redirects: 0, askedBefore: 0 } as Root;
    const logic = appMachine.provide({
      actors: {
        history: history.logic,
        connectivity: connectivity.logic,
        restoreSession: restore.logic as never,
        checkAdminGate: gate.logic,
        loadAdminChart: adminChart.logic as never,
        resolveAddress: resolve.logic as never,
        ...withChunks(charts.logic),
      },
      actions: {
        redirectToRoot: () => {
          t.redirects += 1;
        },
      },
    });
    const app = renderModelApp(logic, inspect, input.path, input.restoreSession ?? false, input.search);
    Object.assign(t, {
      user: userEvent.setup(),
      actor: app.actor,
      clock: app.clock,
      history,
      connectivity,
      socket,
      poller,
      restore,
      gate,
      adminChart,
      charts,
      // The session's chunk brings these doubles in place of the live channel's socket, the outbox's send and the poller.
      sessionDoubles: {
        live: liveChannelMachine.provide({ actors: { socket: socket.logic, checkSession: fromPromise<unknown, { userId: string }>(async () => ada) } }),
        outbox: chatOutboxMachine.provide({ actors: { sendMessage: send.logic } }),
        // The confirmation page's call: the server says yes.
        verifyEmail: verifyEmailMachine.provide({ actors: { verify: fromPromise<unknown, { token: string }>(async () => ({ success: true })) } }),
        locationPoller: poller.logic,
      },
      resolve,
      send,
      unmount: app.unmount,
    });
    return t;
  },
  events: noting({
    'view.opened': async (t, e) => {
      const nav = NAV[e.view as UserView];
      if (nav) await t.user.click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('button', { name: new RegExp(`^${nav}`) }));
      else if (e.view === 'create-event') await t.user.click(screen.getByRole('button', { name: 'Create Event' }));
      // No button for it where the person is: a link inside the app sends it.
      else await childReport(t, e);
    },
    // The back gesture: the browser moves first, then says so.
    'address.changed': async (t, e) => {
      window.history.replaceState(null, '', e.path as string);
      t.history.report({ type: 'address.changed', path: e.path });
    },
    'address.opened': async (t, e) => t.history.report({ type: 'address.opened', path: e.path }),
    'event.opened': async (t) => t.user.click(await screen.findByRole('button', { name: /^Open/ })),
    'eventTab.selected': async (t, e) => {
      if (e.variant === 'on the event') await t.user.click(screen.getByRole('tab', { name: /About/ }));
      else await childReport(t, e);
    },
    'plans.opened': async (t) => t.user.click(screen.getByRole('button', { name: 'Upgrade' })),
    'plans.closed': async (t) => t.user.click(within(screen.getByRole('dialog', { name: 'Choose your plan' })).getByRole('button', { name: 'Close' })),
    'connectivity.changed': async (t, e) => t.connectivity.report({ type: 'connectivity.changed', online: e.online }),
    'toast.show': childReport,
    'error.show': childReport,
    // The login form clears the banner as it sends; the server refuses the password.
    'error.cleared': async (t) => {
      await t.user.type(screen.getByLabelText('Username or email'), ada.username);
      await t.user.type(screen.getByLabelText('Password'), 'wrong-password');
      await t.user.click(screen.getByRole('button', { name: 'Log in' }));
    },
    'error.dismissed': async (t) => t.user.click(screen.getByRole('button', { name: 'Dismiss message' })),
    'auth.succeeded': childReport,
    'auth.banned': childReport,
    'admin.entryRequested': async (t) => t.user.keyboard(ADMIN_KEY_SEQUENCE.map((code) => `[${code}]`).join('')),
    'admin.left': async (t) => t.user.click(await screen.findByRole('button', { name: 'Back to app login' })),
    'passwordReset.opened': async (t) => t.user.click(await screen.findByRole('button', { name: 'Forgot your password?' })),
    // The reset chart reports the new password set (its own steps: its machine and view tests).
    'passwordReset.done': childReport,
    'emailLink.left': async (t) => t.user.click(await screen.findByRole('button', { name: /^(Back to log in|Continue)$/ })),
    [RESTORE_DONE]: async (t, e) => t.restore.resolve(e.output),
    [RESTORE_ERROR]: async (t, e) => t.restore.reject(e.error),
    [GATE_DONE]: async (t, e) => t.gate.resolve(e.output),
    [ADMIN_CHART_DONE]: async (t) => t.adminChart.resolve(adminChartForRoot),
    [CHARTS_DONE]: async (t) => t.charts.resolve(chunkCharts(t.charts.last().input.chunk, t.sessionDoubles)),
    [PLANS_DONE]: async (t) => t.charts.resolve(chunkCharts('plans')),
    // The sheet's chunk cannot be fetched (offline): its loader says so.
    [CHARTS_UNAVAILABLE]: async (t) => t.charts.reject(CHUNK_FAILED),
    'report.opened': async (t) => {
      // On Sam's card Report waits under More (issue 39); elsewhere it is in sight.
      const more = screen.queryByRole('button', { name: `More for ${sam.name}`, expanded: false });
      if (more) await t.user.click(more);
      await t.user.click(screen.getByRole('button', { name: `Report ${sam.name}` }));
    },
    'report.closed': async (t) => t.user.click(within(await screen.findByRole('dialog', { name: `Report ${sam.name}` })).getByRole('button', { name: 'Cancel' })),
    'report.filed': childReport,
    'report.blocked': childReport,
    'chat.blocked': childReport,
    'person.blocked': childReport,
    [REPORT_DONE]: async (t) => t.charts.resolve(chunkCharts('report')),
    [GATE_ERROR]: async (t, e) => t.gate.reject(e.error),
    [RESOLVE_DONE]: async (t, e) => t.resolve.resolve(e.output as never),
    [RESOLVE_ERROR]: async (t, e) => t.resolve.reject(e.error),
    'session.expired': childReport,
    // Logout asks the root first (issue 39), then the profile chart reports this.
    'session.ended': childReport,
    'user.patched': async (t) => t.user.click(screen.getByRole('switch', { name: 'Available' })),
    'user.updated': childReport,
    'privacy.updated': childReport,
    'chat.opened': async (t) => cardAction(t, 'Chat'),
    'contactExchange.opened': async (t) => cardAction(t, 'Exchange'),
    'groupChat.opened': childReport,
    'event.cancelled': childReport,
    'zone.changed': async (t, e) => t.poller.report({ type: 'zone.changed', zone: e.zone }),
    'outbox.queued': async (t, e) => {
      const form = screen.getByRole('form', { name: `Message ${sam.name}` });
      await t.user.type(within(form).getByLabelText('Message'), e.text as string);
      await t.user.click(within(form).getByRole('button', { name: 'Send' }));
    },
    'outbox.sent': childReport,
    'conversation.read': childReport,
    'edits.changed': childReport,
    'edits.saveFailed': childReport,
    // As the profile chart asks it (its Logout button is on Me).
    'signOut.requested': childReport,
    'leaving.answered': async (t, e) =>
      t.user.click(within(await screen.findByRole('dialog', { name: UNSAVED_TITLE })).getByRole('button', { name: UNSAVED_ANSWERS[e.answer as keyof typeof UNSAVED_ANSWERS] })),
    'currentEvent.changed': childReport,
  }),
  states,
  stop: ({ unmount }) => unmount(),
});
