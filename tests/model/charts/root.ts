/**
 * The root chart as QA's model: who is signed in and which of SPEC 2's views is on
 * screen — every user view opened, its address written, every address opened again
 * (loading its event or person first, or saying calmly that it is gone), signing in and
 * out, a lost session and a ban, the charts of each part arriving, and what the root does
 * for its children: their toasts (handed to the toasts chart), the error banner, the plan
 * chooser and the report sheet, connectivity, availability, and what one chart has for
 * another (handed to the switchboard).
 *
 * The graph is kept small on purpose: the side features (a toast, the banner, the plan
 * chooser, being offline) are tried on the events list and put right before the person
 * moves on, and each view's own events are tried where that view is on screen. The
 * starts are the ways the app opens: signed out, with a session to restore, at an admin
 * address, and from an email's link (issue 41: a reset, a confirmation).
 */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { BanNotice } from '../../../contract/common';
import { PRIVACY_DEFAULTS } from '../../../contract/discovery';
import { MESSAGES } from '../../../contract/messages';
import { ApiError } from '../../../machines/api/client';
import { ADDRESS_UNAVAILABLE, appMachine, type AppContext } from '../../../machines/app.machine';
import { adminChartForRoot } from '../../../machines/admin/admin.machine';
import { CHUNK_CHARTS, type Chunk } from '../../../machines/lazy-charts';
import { personReport } from '../../../machines/safety/report-target';
import { RESET_DONE } from '../../../machines/session/password-reset.machine';
import { chunkCharts } from '../../machines/charts.fakes';
import { formatAddress, type Address } from '../../../machines/addresses';
import { USER_VIEWS, type UserView } from '../../../machines/views';
import { ada, meetup, quietRoom, sam, samsRequest, storedMessage } from '../fixtures';
import { invocationEvent, type ChartModel } from '../harness';
import { type Said } from '../../../contract/said';
import { testSaid } from '../../said';

export const RESTORE_DONE = invocationEvent(appMachine, 'app.restoringSession', 'done');
export const RESTORE_ERROR = invocationEvent(appMachine, 'app.restoringSession', 'error');
export const GATE_DONE = invocationEvent(appMachine, 'app.checkingGate', 'done');
export const GATE_ERROR = invocationEvent(appMachine, 'app.checkingGate', 'error');
/** The admin chart's lazy code has arrived (the root spawns it). */
export const ADMIN_CHART_DONE = 'xstate.done.actor.adminChartLoader';
export const RESOLVE_DONE = invocationEvent(appMachine, 'app.user.loading', 'done');
export const RESOLVE_ERROR = invocationEvent(appMachine, 'app.user.loading', 'error');
/** A part's charts arrive from their chunk, or cannot be fetched (every part's loader is the child 'charts'). */
export const CHARTS_DONE = invocationEvent(appMachine, 'app.openingSession', 'done');
/** The plan chooser's chart arrives from its chunk, or cannot be fetched. */
export const PLANS_DONE = 'xstate.done.actor.plansLoader';
/** A sheet's chart loader says its chunk cannot be fetched (a view's loader says it on screen, with Try again: the chart loader's model). */
export const CHARTS_UNAVAILABLE = 'charts.unavailable';
/** The report sheet's chart arrives from its chunk, or cannot be fetched. */
export const REPORT_DONE = 'xstate.done.actor.reportLoader';
/** The PWA chart's chunk, fetched as the app opens: it has a model of its own (pwa.ts), so here it stays on its way. */
export const PWA_DONE = 'xstate.done.actor.pwaLoader';
/** How a chunk that cannot be fetched fails (offline before the app was stored). */
export const CHUNK_FAILED = new TypeError('Failed to fetch dynamically imported module');

/** The admin address of the third start. */
export const ADMIN_PATH = '/admin/quiet-door';
/** An event that is gone (or never was Ada's to see): its address is unavailable. */
export const GONE_EVENT_ID = 'e0000000-0000-4000-8000-0000000000ff';
/** The meetup after its organizers moved it (issue 17). */
export const MOVED_MEETUP = { ...meetup, location: 'Room 4, Betahaus' };
/** What a child chart reports on the events list, for the toast and the banner. */
export const SAVED = testSaid('Your changes are saved');
export const TROUBLE = testSaid('We couldn’t load that just now.');
/** The ban a lost session or a refused sign-in carries. */
export const BAN: BanNotice = { reason: 'Repeated unkind messages', until: '2030-05-08T00:00:00.000Z', contact: 'care@wallflower.local' };
/** Ada's name after she changes it on her profile. */
export const RENAMED = 'Ada King';

/** What the outbox reports stored: Ada's message, its client id the outbox's own. */
export const ADAS_STORED = storedMessage({ message: 'On my way', client_id: 'c0ffee00-0000-4000-8000-000000000001' });
/** A group chat Ada opens from the event's Groups tab. */
export const GROUP_CHAT_ID = 'd1000000-0000-4000-8000-000000000001';

const ctx = (s: AnyMachineSnapshot) => s.context as AppContext;

/** The user view on screen, or null. */
export const viewOf = (s: AnyMachineSnapshot): UserView | null =>
  s.matches('user') ? (USER_VIEWS.find((v) => s.matches({ user: v })) ?? null) : null;

/**
 * The address of a view for what the chart holds (issue 13's table), or null when the
 * view lacks what its address names: the test's own statement of it, not the chart's code.
 */
export function addressOf(view: UserView, c: AppContext): string | null {
  const eventId = c.currentEvent?.id;
  const userId = c.partner?.id;
  let a: Address | null;
  switch (view) {
    case 'event':
      a = eventId ? { view, eventId, tab: c.eventTab } : null;
      break;
    case 'attendees':
    case 'photo-gallery':
    case 'analytics':
    case 'organizer':
      a = eventId ? { view, eventId } : null;
      break;
    case 'group-chat':
      a = eventId ? { view, eventId, chatId: c.groupChatId } : null;
      break;
    case 'chat':
    case 'contact-exchange':
      a = userId ? { view, userId } : null;
      break;
    case 'connection-requests':
      a = { view, requestId: c.requestId };
      break;
    default:
      a = { view };
  }
  return a && formatAddress(a);
}

/** One address per view (with what it carries: a tab, a request), then one that is no view and one that is gone. */
export const ADDRESSES: Record<UserView, string> = {
  events: '/events',
  event: `/events/${meetup.id}/groups`,
  chat: `/chats/${sam.id}`,
  'group-chat': `/events/${meetup.id}/group-chats`,
  'privacy-settings': '/privacy',
  'contact-exchange': `/chats/${sam.id}/exchange`,
  'create-event': '/events/new',
  'user-search': '/search',
  notifications: '/notifications',
  analytics: `/events/${meetup.id}/analytics`,
  'photo-gallery': `/events/${meetup.id}/photos`,
  profile: '/profile',
  attendees: `/events/${meetup.id}/connect`,
  'connection-requests': `/requests/${samsRequest.id}`,
  'mutual-connections': '/connections',
  chats: '/chats',
  organizer: `/events/${meetup.id}/organize`,
  cards: '/cards',
  'shared-cards': '/cards/shared',
  connect: '/connect',
  meetings: '/meetings',
};
export const NO_VIEW_PATH = '/old-link';
/** The links of issue 41's emails, as the app opens with them. */
export const RESET_LINK = { path: '/reset-password', search: '?token=resetToken_0123456789' };
export const VERIFY_LINK = { path: '/verify-email', search: '?token=verifyToken_0123456789' };
export const GONE_PATH = `/events/${GONE_EVENT_ID}`;

/** The words of SPEC 2's views, as the person meets them. */
export const VIEW_WORDS: Record<UserView, string> = {
  events: 'the events list',
  event: 'the event',
  chat: 'the chat',
  'group-chat': 'the group chat',
  'privacy-settings': 'the privacy settings',
  'contact-exchange': 'the contact exchange',
  'create-event': 'the new-event form',
  'user-search': 'the people search',
  notifications: 'the notifications',
  analytics: 'the event’s analytics',
  'photo-gallery': 'the photos',
  profile: 'her profile',
  attendees: 'the people to connect with',
  'connection-requests': 'the connection requests',
  'mutual-connections': 'her connections (People)',
  chats: 'the chats inbox',
  organizer: 'the event’s organizer tools',
  cards: 'her cards',
  'shared-cards': 'what she shared (Shared with)',
  connect: 'connecting by code',
  meetings: 'her meetings',
};

/** Nothing on the side is open: no banner, no plan chooser or report sheet, online. */
const calm = (c: AppContext) => c.error === null && !c.plansOpen && !c.report && c.online;

/** The signed-out app as it first opens (or as a sign-out leaves it): nothing said, nowhere asked for. */
const fresh = (c: AppContext) => c.error === null && c.ban === null && c.path === '/' && c.adminKeyUses === 0 && c.online;

/**
 * The form that tells the root about its edits in these paths: the model's own, so that no
 * real chart saves when Ada chooses Save; the model says what saving answers.
 */
export const MODEL_FORM = 'modelForm';

/** While a way out is held (issue 39): Ada answers; after Save, the form says it saved, or could not. */
function leavingEvents(type: string, c: AppContext): AnyEventObject[] {
  if (type === 'leaving.answered' && !c.leaving!.saving) return (['save', 'discard', 'stay'] as const).map((answer) => ({ type, answer, variant: answer }));
  if (type === 'edits.changed' && c.leaving!.saving) return [{ type, chart: MODEL_FORM, dirty: false, variant: 'saved' }];
  return type === 'edits.saveFailed' && c.leaving!.saving ? [{ type }] : [];
}

/** The events a signed-in person can cause in a user state (see the header for the gating). */
function userEvents(type: string, s: AnyMachineSnapshot, c: AppContext): AnyEventObject[] {
  const view = viewOf(s);
  if (c.leaving) return leavingEvents(type, c);
  // Putting right what is open on the side comes first, wherever the person is.
  switch (type) {
    case 'error.dismissed':
      return c.error ? [{ type }] : [];
    // A chart clearing its own report is the same transition as the login form's, which is tried signed out.
    case 'error.cleared':
      return [];
    case 'plans.closed':
      return c.plansOpen ? [{ type }] : [];
    // The chooser's chart arrives, or (offline) the chooser closes and says so.
    case PLANS_DONE:
      return plansArriving(s) ? [{ type, output: chunkCharts('plans') }] : [];
    case CHARTS_UNAVAILABLE:
      return [
        ...(plansArriving(s) ? [{ type, chunk: 'plans', variant: 'plans' }] : []),
        ...(reportArriving(s) ? [{ type, chunk: 'report', variant: 'report' }] : []),
      ];
    // The report sheet's chart arrives, or (offline) the sheet closes and says so; Cancel closes it.
    case REPORT_DONE:
      return reportArriving(s) ? [{ type, output: chunkCharts('report') }] : [];
    case 'report.closed':
      return 'report' in s.children ? [{ type }] : [];
    case 'connectivity.changed':
      if (!c.online) return [{ type, online: true, variant: 'online' }];
      return view === 'events' && calm(c) && !c.restoreSession ? [{ type, online: false, variant: 'offline' }] : [];
    case RESOLVE_DONE: {
      const a = c.pendingAddress;
      if (!a || ('eventId' in a && a.eventId === GONE_EVENT_ID)) return [];
      const needsEvent = 'eventId' in a && c.currentEvent?.id !== a.eventId;
      return [{ type, output: { event: needsEvent ? meetup : null, partner: needsEvent ? null : sam } }];
    }
    case RESOLVE_ERROR:
      return c.pendingAddress && 'eventId' in c.pendingAddress && c.pendingAddress.eventId === GONE_EVENT_ID
        ? [{ type, error: new ApiError(404, 'Event not found') }]
        : [];
  }
  // A restored session is followed as far as its first view; the signed-in app is explored from the login start.
  if (c.restoreSession || !calm(c) || !view) return [];
  switch (type) {
    // Any view from the events list (a button, the bottom navigation, a link); elsewhere Back to the list.
    case 'view.opened':
      return view === 'events' ? USER_VIEWS.map((v) => ({ type, view: v, variant: v })) : [{ type, view: 'events', variant: 'events' }];
    case 'event.opened':
      return view === 'events' ? [{ type, event: meetup }] : [];
    case 'address.changed':
      // Back from a form with edits (issue 39).
      if (view === 'privacy-settings' && c.unsaved.length > 0) return [{ type, path: ADDRESSES.events, variant: 'back' }];
      return view === 'events'
        ? [...USER_VIEWS.map((v) => ({ type, path: ADDRESSES[v], variant: v })), { type, path: NO_VIEW_PATH, variant: 'no view' }, { type, path: GONE_PATH, variant: 'gone' }]
        : [];
    case 'address.opened':
      return view === 'chats' ? [{ type, path: ADDRESSES.chat }] : [];
    case 'toast.show':
      return view === 'events' ? [{ type, message: SAVED, kind: 'success' }] : [];
    case 'error.show':
      return view === 'events' ? [{ type, message: TROUBLE }] : [];
    case 'plans.opened':
      return view === 'events' ? [{ type }] : [];
    // Report beside the person's name in a chat (the other ways in are the report chart's own model).
    case 'report.opened':
      return s.matches({ user: { chat: 'open' } }) && c.partner ? [personReport(sam)] : [];
    // What the sheet tells once the server has answered, sent as it sends it: where it matters on screen.
    case 'report.filed':
      return view === 'privacy-settings' ? [{ type }] : [];
    case 'report.blocked':
      return s.matches({ user: { event: 'open' } }) ? [{ type, userId: sam.id }] : [];
    // Issue 40: Block on Sam's card, as the event's chart tells it.
    case 'person.blocked':
      return s.matches({ user: { event: 'open' } }) ? [{ type, userId: sam.id }] : [];
    // Block in the chat's header, as the chat's chart tells it (the chat's own steps are its machine and component tests).
    case 'chat.blocked':
      return s.matches({ user: { chat: 'open' } }) ? [{ type, userId: sam.id }] : [];
    case 'session.expired':
      if (view === 'events') return [{ type, ban: BAN, variant: 'banned' }];
      return view === 'chat' && c.partner ? [{ type, variant: 'signed out elsewhere' }] : [];
    case 'user.patched':
      return view === 'events' ? [{ type, patch: { is_available: !c.user!.is_available } }] : [];
    case 'eventTab.selected':
      if (s.matches({ user: { event: 'open' } })) return [{ type, tab: 'about', variant: 'on the event' }];
      return s.matches({ user: { attendees: 'open' } }) ? [{ type, tab: 'zones', variant: 'as the event gives way' }] : [];
    case 'groupChat.opened':
      return s.matches({ user: { event: 'open' } }) ? [{ type, chatId: GROUP_CHAT_ID }] : [];
    // Cancelling the event on its organizer tools, as their chart tells it (its own steps are its machine and component tests).
    case 'event.cancelled':
      return s.matches({ user: { organizer: 'open' } }) ? [{ type }] : [];
    case 'zone.changed':
      return s.matches({ user: { event: 'open' } }) ? [{ type, zone: quietRoom }] : [];
    // The event view's chart read the event again after its organizers changed it.
    case 'currentEvent.changed':
      return s.matches({ user: { event: 'open' } }) ? [{ type, event: MOVED_MEETUP }] : [];
    case 'chat.opened':
    case 'contactExchange.opened':
      return view === 'mutual-connections' ? [{ type, partner: sam }] : [];
    case 'outbox.queued':
      return s.matches({ user: { chat: 'open' } }) ? [{ type, text: 'On my way' }] : [];
    case 'outbox.sent':
      return s.matches({ user: { chat: 'open' } }) ? [{ type, clientId: ADAS_STORED.client_id, message: ADAS_STORED }] : [];
    case 'conversation.read':
      return view === 'chats' ? [{ type, kind: 'group', id: GROUP_CHAT_ID }] : [];
    case 'privacy.updated':
      return view === 'privacy-settings' ? [{ type, settings: { ...PRIVACY_DEFAULTS, auto_hide_in_restricted_zones: false } }] : [];
    case 'user.updated':
      return view === 'profile' ? [{ type, user: { ...c.user!, name: RENAMED } }] : [];
    case 'session.ended':
      return view === 'profile' ? [{ type, message: MESSAGES.loggedOut }] : [];
    // Sign-out asked for while the privacy form holds edits is held and asked about, and
    // once answered the root tells the profile chart to go (issue 39). On Me, with nothing
    // unsaved, it goes through the profile chart and back: the app machine tests walk that
    // (app.unsaved.test.ts), and here the profile chart's report, session.ended, stands for it.
    case 'signOut.requested':
      return view === 'privacy-settings' && c.unsaved.length > 0 ? [{ type }] : [];
    // The privacy form's edits differ from what it loaded, or are changed back (issue 39).
    case 'edits.changed':
      return view === 'privacy-settings' ? [{ type, chart: MODEL_FORM, dirty: c.unsaved.length === 0, variant: c.unsaved.length > 0 ? 'changed back' : 'changed' }] : [];
    default:
      return [];
  }
}

const CODE_TYPES = new Set([CHARTS_DONE]);

const SIGNED_OUT_TYPES = new Set([
  'toast.show',
  'error.show',
  'error.cleared',
  'error.dismissed',
  'connectivity.changed',
  'address.changed',
  'auth.banned',
  'auth.succeeded',
  'admin.entryRequested',
  'admin.signedIn',
  'admin.left',
  'admin.signedOut',
  // Email links (issue 41): their pages are walked in their own tests (app.email-links,
  // password-reset and verify-email charts, ResetPasswordView); from the login start the
  // model takes no step into them.
  'passwordReset.opened',
  'passwordReset.done',
  'emailLink.left',
  RESTORE_DONE,
  RESTORE_ERROR,
  GATE_DONE,
  GATE_ERROR,
  ADMIN_CHART_DONE,
]);

const USER_TYPES = new Set([
  'view.opened',
  'address.changed',
  'address.opened',
  'eventTab.selected',
  'plans.opened',
  'plans.closed',
  'report.opened',
  'report.closed',
  'report.filed',
  'report.blocked',
  'chat.blocked',
  'person.blocked',
  'event.opened',
  'event.cancelled',
  // Unsaved edits (issue 39), on privacy settings (see leavingEvents).
  'edits.changed',
  'edits.saveFailed',
  'leaving.answered',
  'signOut.requested',
  'connectivity.changed',
  'outbox.queued',
  'outbox.sent',
  'conversation.read',
  'currentEvent.changed',
  'groupChat.opened',
  'zone.changed',
  'user.patched',
  'privacy.updated',
  'chat.opened',
  'contactExchange.opened',
  'user.updated',
  'session.ended',
  'session.expired',
  'toast.show',
  'error.show',
  'error.cleared',
  'error.dismissed',
  RESOLVE_DONE,
  RESOLVE_ERROR,
  PLANS_DONE,
  REPORT_DONE,
  CHARTS_UNAVAILABLE,
  // The steps after sign-up (issue 39): the model signs Ada in by logging in, so they never
  // open here; their own steps are their machine and component tests.
  'profileSteps.closed',
  'xstate.done.actor.profileStepsLoader',
]);

/** The part of the app whose chunk a state waits for: the session's, the login form's, or the view's own. */
export function chunkOf(s: AnyMachineSnapshot): Chunk {
  if (s.matches('openingSession')) return 'session';
  if (s.matches({ signedOut: 'reset-password' })) return 'password-reset';
  if (s.matches('verifyingEmail')) return 'verify-email';
  if (s.matches('signedOut')) return 'login';
  return viewOf(s) as Chunk;
}

/**
 * A part's chart loader runs and its charts have not started: the chunk is on its way. (A
 * chunk that cannot be fetched is the loader's to say, with Try again: the chart loader's
 * model; the root takes no step for it.)
 */
export const waitingForCode = (s: AnyMachineSnapshot): boolean =>
  'charts' in s.children && !CHUNK_CHARTS[chunkOf(s)].some((id) => id in s.children);

/** While a part's chunk is on its way it arrives; nothing else is tried there: the part is tried once its charts run. */
function codeEvents(type: string, s: AnyMachineSnapshot): AnyEventObject[] {
  return waitingForCode(s) && type === CHARTS_DONE ? [{ type, output: chunkCharts(chunkOf(s)) }] : [];
}

/** The plan chooser is open and its chart has not arrived. */
const plansArriving = (s: AnyMachineSnapshot) => ctx(s).plansOpen && !('plans' in s.children);

/** The report sheet is open and its chart has not arrived. */
const reportArriving = (s: AnyMachineSnapshot) => ctx(s).report !== null && !('report' in s.children);

/** The events the app can cause in a state (undefined: the model has not decided, which fails the walk). */
function events(type: string, s: AnyMachineSnapshot): AnyEventObject[] | undefined {
  const c = ctx(s);
  if (type === PWA_DONE) return [];
  if (CODE_TYPES.has(type) || waitingForCode(s))
    return CODE_TYPES.has(type) || (s.matches('user') ? USER_TYPES : SIGNED_OUT_TYPES).has(type) ? codeEvents(type, s) : undefined;
  if (s.matches('user')) return USER_TYPES.has(type) ? userEvents(type, s, c) : undefined;
  if (!SIGNED_OUT_TYPES.has(type)) return undefined;
  switch (type) {
    case RESTORE_DONE:
      return [
        { type, output: ada, variant: 'still signed in' },
        { type, output: null, variant: 'signed out' },
      ];
    case RESTORE_ERROR:
      return [{ type, error: new TypeError('Failed to fetch'), variant: 'offline' }];
    case GATE_DONE:
      return [{ type, output: { ok: true } }];
    case GATE_ERROR:
      return [{ type, error: new ApiError(404, 'Not found') }];
    // Once per admin area: the admin chart's code arrives and the root spawns it.
    case ADMIN_CHART_DONE:
      return s.matches({ signedOut: 'admin-login' }) && c.adminChart === null ? [{ type, output: adminChartForRoot }] : [];
    // The admin chart runs outside the root's actor tree and reports its sign-in together with a cleared banner (see `about`).
    case 'admin.signedIn':
    case 'admin.signedOut':
      return [];
    // Cancel is on the admin login form, there once its chart has arrived.
    case 'admin.left':
      return c.adminChart !== null ? [{ type }] : [];
    // Email links (issue 41): "Forgot your password?" from a fresh login view; on the reset
    // page, the new password set (with the link) or Back to log in; on the confirmation
    // page, Continue.
    case 'passwordReset.opened':
      return s.matches({ signedOut: 'login' }) && fresh(c) && !c.restoreSession ? [{ type }] : [];
    case 'passwordReset.done':
      return s.matches({ signedOut: 'reset-password' }) && c.emailLink?.token ? [{ type, message: RESET_DONE }] : [];
    case 'emailLink.left':
      return s.matches({ signedOut: 'reset-password' }) || s.matches('verifyingEmail') ? [{ type }] : [];
  }
  // Back from the reset page asked for on the login view.
  if (s.matches({ signedOut: 'reset-password' })) return type === 'address.changed' && !c.emailLink ? [{ type, path: '/' }] : [];
  // Explored from the login start only, before the admin keys were used.
  if (!s.matches({ signedOut: 'login' }) || c.restoreSession || c.adminKeyUses > 0 || c.path === ADMIN_PATH) return [];
  switch (type) {
    case 'connectivity.changed':
      return !c.online ? [{ type, online: true, variant: 'online' }] : fresh(c) ? [{ type, online: false, variant: 'offline' }] : [];
    case 'error.dismissed':
      return c.online && c.error ? [{ type }] : [];
    // A sign-in with a wrong password: the form clears the banner, the server refuses.
    case 'error.cleared':
      return c.online && (c.error || fresh(c)) ? [{ type, variant: 'wrong password' }] : [];
    case 'auth.succeeded':
      return c.online ? [{ type, user: ada, via: 'login', reactivated: false }] : [];
    case 'auth.banned':
      return fresh(c) ? [{ type, ban: BAN }] : [];
    case 'address.changed':
      return fresh(c) ? [{ type, path: ADDRESSES.chats }] : [];
    case 'admin.entryRequested':
      return fresh(c) ? [{ type }] : [];
    default:
      return [];
  }
}

/** The graph's state: the chart's value and what decides which events the model offers there. */
function serializeState(s: AnyMachineSnapshot): string {
  const c = ctx(s);
  const side = [waitingForCode(s), c.error !== null, c.plansOpen, 'plans' in s.children, c.report !== null, 'report' in s.children, c.online, c.restoreSession];
  if (s.matches('user')) {
    const loading = s.matches({ user: 'loading' }) ? c.pendingAddress : null;
    return JSON.stringify([s.value, c.currentEvent !== null, c.partner !== null, ...side, loading, c.unsaved.length > 0, c.leaving?.saving ?? null]);
  }
  return JSON.stringify([s.value, ...side, c.ban !== null, c.adminKeyUses, c.path, c.emailLink?.token ?? null]);
}

function say(e: AnyEventObject, before: AnyMachineSnapshot): string {
  const c = ctx(before);
  switch (e.type) {
    case 'view.opened':
      return `Ada opens ${VIEW_WORDS[e.view as UserView]}`;
    case 'address.changed':
      return viewOf(before) || !before.matches('signedOut')
        ? `Ada goes back to ${e.path}${e.variant === 'no view' ? ' (no view has it)' : e.variant === 'gone' ? ' (an event that is gone)' : ''}`
        : `Ada goes back to ${e.path}, a page from before she signed in`;
    case 'address.opened':
      return `Ada taps a notification leading to ${e.path}`;
    case 'event.opened':
      return c.currentEvent?.id === (e.event as { id: string }).id ? `Ada opens ${meetup.name} again` : `Ada opens ${meetup.name}`;
    case 'eventTab.selected':
      return e.variant === 'on the event' ? `Ada chooses the ${e.tab} tab` : `Ada’s tap on the ${e.tab} tab lands as the event view gives way`;
    case 'event.cancelled':
      return `the organizer tools say Ada cancelled ${meetup.name}`;
    case 'plans.opened':
      return 'Ada presses Plans';
    case 'plans.closed':
      return 'Ada closes the plan chooser';
    case 'report.opened':
      return `Ada presses Report ${sam.name} in the chat`;
    case 'report.closed':
      return 'Ada presses Cancel on the report sheet';
    case 'report.filed':
      return 'the report sheet says a report was filed';
    case 'report.blocked':
      return `the report sheet says Ada blocked ${sam.name}`;
    case 'chat.blocked':
      return `the chat says Ada blocked ${sam.name} there`;
    case 'person.blocked':
      return `the event says Ada blocked ${sam.name} from his card`;
    case REPORT_DONE:
      return "the report sheet's code arrives";
    case CHARTS_UNAVAILABLE:
      return e.chunk === 'plans' ? "the plan chooser's code cannot be fetched (offline)" : "the report sheet's code cannot be fetched (offline)";
    case 'connectivity.changed':
      return e.online ? 'the browser is back online' : 'the browser goes offline';
    case 'toast.show':
      return `a chart on screen says “${(e.message as Said).message}”`;
    case 'error.show':
      return `a chart on screen reports “${(e.message as Said).message}”`;
    case 'error.cleared':
      return 'Ada tries to log in with a wrong password';
    case 'error.dismissed':
      return 'Ada dismisses the message';
    case 'auth.succeeded':
      return 'Ada logs in';
    case 'auth.banned':
      return 'Ada tries to log in, but her account is banned';
    case 'admin.entryRequested':
      return 'someone types the hidden admin key sequence';
    case 'admin.left':
      return 'they press Cancel on the admin login';
    case 'passwordReset.opened':
      return 'Ada presses Forgot your password?';
    case 'passwordReset.done':
      return 'Ada sets a new password with the link';
    case 'emailLink.left':
      return before.matches('verifyingEmail') ? 'Ada presses Continue' : 'Ada presses Back to log in';
    case RESTORE_DONE:
      return e.output ? 'the server says her session still holds' : 'the server says nobody is signed in';
    case RESTORE_ERROR:
      return 'the server cannot be reached';
    case GATE_DONE:
      return 'the server knows the admin address';
    case GATE_ERROR:
      return 'the server does not know the admin address';
    case ADMIN_CHART_DONE:
      return "the admin panel's code arrives";
    case CHARTS_DONE:
      return `the code of ${CHUNK_WORDS[chunkOf(before)]} arrives`;
    case PLANS_DONE:
      return "the plan chooser's code arrives";
    case RESOLVE_DONE:
      return (e.output as { event: unknown }).event ? `${meetup.name} loads` : `${sam.name} loads`;
    case RESOLVE_ERROR:
      return 'the server says the event is not there';
    case 'session.expired':
      return e.ban ? 'a call answers that her account is banned' : 'a call answers that her session is gone';
    case 'session.ended':
      return 'Ada presses Log out';
    case 'user.patched':
      return 'Ada switches her availability';
    case 'user.updated':
      return `Ada saves her name as ${RENAMED}`;
    case 'privacy.updated':
      return 'Ada saves her privacy settings';
    case 'chat.opened':
      return `Ada presses Chat on ${sam.name}`;
    case 'contactExchange.opened':
      return `Ada presses Share contact on ${sam.name}`;
    case 'groupChat.opened':
      return 'Ada opens a group chat from the Groups tab';
    case 'zone.changed':
      return `her position is in ${quietRoom.name}`;
    case 'outbox.queued':
      return `Ada writes “${e.text}” and presses Send`;
    case 'outbox.sent':
      return `the outbox reports “${ADAS_STORED.message}” stored`;
    case 'conversation.read':
      return 'a group conversation is read';
    case 'edits.changed':
      if (e.variant === 'saved') return 'the form says its edits are saved';
      return e.dirty ? 'Ada changes a privacy setting' : 'Ada changes it back';
    case 'edits.saveFailed':
      return 'the form says its edits could not be saved';
    case 'signOut.requested':
      return 'Ada asks to sign out';
    case 'leaving.answered':
      return `Ada answers ${e.answer === 'save' ? 'Save and go' : e.answer === 'discard' ? "Don't save" : 'Stay here'}`;
    case 'currentEvent.changed':
      return `the event view reads ${meetup.name} again: it is now at ${MOVED_MEETUP.location}`;
    default:
      return e.type;
  }
}

/** The toast the root shows for an event it takes (the toasts chart shows it; its own model follows it from there). */
export function toastOf(e: AnyEventObject): string | null {
  switch (e.type) {
    case 'toast.show':
      return (e.message as Said).message;
    case 'auth.succeeded':
      return MESSAGES.loginSuccessful.message;
    case 'session.ended':
      return (e.message as Said).message;
    case RESOLVE_ERROR:
      return ADDRESS_UNAVAILABLE.message;
    default:
      return null;
  }
}

/** The parts of the app with chunks of their own, as the person meets them. */
const CHUNK_WORDS: Record<Chunk, string> = {
  ...(VIEW_WORDS as Record<Exclude<Chunk, 'login' | 'password-reset' | 'verify-email' | 'session' | 'plans' | 'report'>, string>),
  login: 'the login form',
  'password-reset': 'the reset page',
  'verify-email': 'the confirmation page',
  session: 'her signed-in app',
  plans: 'the plan chooser',
  report: 'the report sheet',
};

/** What is said on the side of a view: the step's toast, the banner, the plan chooser, being offline. */
function aside(c: AppContext, e: AnyEventObject): string {
  const toast = toastOf(e);
  const parts = [
    toast && `the toast “${toast}”`,
    c.error && `the message “${c.error.message}”`,
    c.plansOpen && 'the plan chooser',
    c.report && 'the report sheet',
    !c.online && 'the offline note',
  ].filter(Boolean);
  return parts.length ? `, with ${parts.join(' and ')}` : '';
}

/** What is shown for a view state: its heading and its address. */
function seeView(view: UserView, sub?: 'open' | 'none') {
  return (s: AnyMachineSnapshot, e: AnyEventObject) => {
    const c = ctx(s);
    const where = addressOf(view, c);
    const what = sub === 'none' ? `${VIEW_WORDS[view]} asking to choose first` : VIEW_WORDS[view];
    return `${what}${where ? ` at ${where}` : ' (no address: nothing chosen)'}${aside(c, e)}`;
  };
}

const WITH_CHOICE: readonly UserView[] = ['event', 'chat', 'group-chat', 'contact-exchange', 'attendees', 'organizer'];

const see: ChartModel['see'] = {
  'openingSession': () => 'Loading… while her signed-in app’s code arrives',
  'signedOut.login': (s, e) => {
    if (waitingForCode(s)) return 'Loading… while the login form’s code arrives';
    const c = ctx(s);
    const refused = e.type === 'error.cleared' ? ', the form saying the password is wrong' : '';
    return `the login view${c.ban ? ' saying why her account is banned and until when' : ''}${refused}${aside(c, e)}`;
  },
  'signedOut.admin-login': (s, e) => `the admin login${aside(ctx(s), e)}`,
  'signedOut.reset-password': (s) =>
    waitingForCode(s)
      ? 'Loading… at /reset-password while the reset page’s code arrives'
      : ctx(s).emailLink?.token
        ? 'the reset page at /reset-password (the token gone from the address), asking for a new password'
        : 'the reset page at /reset-password, asking for her email address',
  verifyingEmail: (s) =>
    waitingForCode(s) ? 'Loading… at /verify-email while the confirmation page’s code arrives' : 'the confirmation page at /verify-email saying her address is confirmed',
  restoringSession: () => 'Loading…',
  checkingGate: (_s, e) => (e.type === GATE_ERROR ? 'Loading…, and the browser sent to the site root' : 'Loading…'),
  'user.loading': (s) => `Loading… while ${ctx(s).pendingAddress ? formatAddress(ctx(s).pendingAddress!) : ''} loads`,
};
/** The views whose charts are in the entry script's session chunk (no chunk of their own). */
const WITHOUT_CHUNK: readonly UserView[] = ['events', 'notifications', 'connection-requests', 'chats'];

/** A view's state while its chunk arrives, and once its charts run. */
function seeWithCode(key: string, view: UserView, sub?: 'open') {
  const running = seeView(view, sub);
  see[key] = (s, e) => (waitingForCode(s) ? `Loading… at ${addressOf(view, ctx(s))} while the code of ${VIEW_WORDS[view]} arrives` : running(s, e));
}

for (const view of USER_VIEWS) {
  if (WITH_CHOICE.includes(view)) {
    seeWithCode(`user.${view}.open`, view, 'open');
    see[`user.${view}.none`] = seeView(view, 'none');
  } else if (WITHOUT_CHUNK.includes(view)) see[`user.${view}`] = seeView(view);
  else seeWithCode(`user.${view}`, view);
}

export const rootModel: ChartModel = {
  name: 'root',
  machine: appMachine,
  starts: [
    { label: 'Ada opens Wallflower, signed out', input: { path: '/', online: true } },
    { label: 'Ada opens Wallflower again with her session cookie', input: { path: '/', online: true, restoreSession: true } },
    { label: `someone opens the admin address ${ADMIN_PATH}`, input: { path: ADMIN_PATH, online: true } },
    { label: 'Ada opens the reset link from her email', input: { ...RESET_LINK, online: true } },
    { label: 'Ada opens the confirmation link from her email, her session cookie kept', input: { ...VERIFY_LINK, online: true, restoreSession: true } },
    { label: 'Ada opens the confirmation link from her email on another device', input: { ...VERIFY_LINK, online: true } },
  ],
  events,
  // A block from the report sheet (taken on the event view): the event's chart drops the card and says so (issue 40).
  follows: (e) => (e.type === 'report.blocked' ? [{ type: 'person.blocked', userId: e.userId }] : []),
  serializeState,
  say,
  see,
  about:
    'The whole app: its views, their addresses, signing in and out. The browser’s history is a double that records ' +
    'the addresses written and plays the back gesture; the session probe, the admin gate, the address loader ' +
    'and the charts’ chunks (the login form’s, the signed-in app’s, each view’s, the plan chooser’s, ' +
    'the report sheet’s) are doubles the path settles; the location poller and connectivity are doubles the path ' +
    'drives; everything else is msw. A child chart’s report (a toast, a banner, a lost session, a sign-in, a report ' +
    'filed or a block from the report sheet) is sent to the root as the child sends it; what one chart has for ' +
    'another the root hands to the switchboard, whose own paths follow it, and the live messages too. Not taken: the ' +
    'admin chart’s sign-in and sign-out (it runs outside the root’s actor tree and reports a cleared banner with its ' +
    'sign-in, two events for one press). ' +
    'The fewest beginnings of these paths that open every view are replayed by tests/e2e/paths.spec.ts on the real ' +
    'server and database.',
};
