/**
 * What the root chart holds and hears (app.machine.ts): the session (who is signed in,
 * the banner, whether the browser is online) and the route (the address, the event and
 * person chosen, the sheets open), and the events its children and the browser send it.
 */
import type { AnyActorRef, DoneActorEvent } from 'xstate';
import type { BanNotice, PublicUser, User } from '../../contract/common';
import type { SafeZone } from '../../contract/discovery';
import type { Event } from '../../contract/events';
import { parseEmailLink, type Address, type EmailLink, type EventTab } from '../addresses';
import type { SessionExpired } from '../api/request';
import type { ChatBlocked, ChatQueued } from '../chat/chat.machine';
import type { OutboxReport } from '../chat/chat-outbox.machine';
import type { ConversationRead } from '../chat/conversations.machine';
import type { ConnectivityEvent } from '../connectivity.actor';
import type { EventOpened } from '../event/events.machine';
import type { AddressChanged, AddressOpened } from '../history.actor';
import type { LoadedCharts } from '../lazy-charts';
import type { EventCancelled } from '../organizer/organizer.machine';
import type { UserPatched } from '../presence/availability.machine';
import type { PrivacyUpdated } from '../safety/privacy-settings.machine';
import type { ReportNews } from '../safety/report.machine';
import type { PersonBlocked } from '../safety/block';
import type { ReportOpened, ReportTarget } from '../safety/report-target';
import type { CurrentEventChanged } from '../session-gone';
import type { AuthBanned, AuthSucceeded } from '../session/auth.machine';
import type { PasswordResetDone } from '../session/password-reset.machine';
import type { ZoneChanged } from '../session/location-poller.machine';
import type { UserView } from '../views';
import type { ChartsUnavailable } from './chart-loader.machine';
import type { ToastShow } from './toasts.machine';
import type { EditsChanged, EditsSaveFailed, Leaving, LeavingAnswered, SignOutRequested } from './unsaved';
import type { Said } from '../../contract/said';

export interface AppInput {
  path: string;
  /** The page's query at start: an email link's token (issue 41). */
  search?: string;
  online?: boolean;
  /** The built app: register /sw.js. Off in development and tests. */
  serviceWorker?: boolean;
  /** Ask the server whether the session cookie still holds a user (the real app does; tests opt in). */
  restoreSession?: boolean;
}

export interface AppContext {
  serviceWorker: boolean;
  restoreSession: boolean;
  /**
   * The address to open after sign-in: the page's path at start (a deep link), then the
   * path of the last view shown, so signing in again after a lost session returns there.
   */
  path: string;
  /** The email link the app was opened with (issue 41), until its view is left. */
  emailLink: EmailLink | null;
  /** The address being opened (a deep link, back/forward, a notification); null once shown. */
  pendingAddress: Address | null;
  /** The next address write replaces the browser's entry instead of adding one. */
  replaceAddress: boolean;
  /** The event view's section on screen (its address says it too). */
  eventTab: EventTab;
  /** The request a '/requests/<id>' address points at, shown first; null for the list. */
  requestId: string | null;
  user: User | null;
  error: Said | null;
  /** The account is banned: why, until when, and whom to write to (shown on the login view). */
  ban: BanNotice | null;
  online: boolean;
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
  /** The person a chat or contact exchange is with. */
  partner: PublicUser | null;
  /** The view a chat or contact exchange was opened from, for its way back. */
  returnView: UserView | null;
  /** The group chat to show first (chosen on the event view); null: the event's own. */
  groupChatId: string | null;
  /** The plan chooser modal is open (its chart runs as the child 'plans'). */
  plansOpen: boolean;
  /** Just signed up: the rest of the profile is offered a step at a time (the child 'profileSteps'). */
  profileStepsOpen: boolean;
  /** What the report sheet is about while it is open (its chart runs as the child 'report'). */
  report: ReportTarget | null;
  /** The signed-in session's charts, from their chunk: kept while signed in, for the events list each time it opens. */
  session: LoadedCharts | null;
  /** The charts (by system id) whose forms hold edits not saved yet (issue 39). */
  unsaved: readonly string[];
  /** A way out held while the person is asked whether to save those edits. */
  leaving: Leaving | null;
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
  | { type: 'session.ended'; message: Said }
  | SessionExpired
  | AuthBanned
  | ToastShow
  | { type: 'error.show'; message: Said }
  | { type: 'error.cleared' }
  | { type: 'error.dismissed' }
  | { type: 'admin.entryRequested' }
  | { type: 'admin.signedIn'; admin: AdminSummary }
  | { type: 'admin.signedOut'; message?: Said }
  | { type: 'admin.left' }
  // Email links (issue 41): "Forgot your password?", a new password set, a link's view left.
  | { type: 'passwordReset.opened' }
  | PasswordResetDone
  | { type: 'emailLink.left' }
  | EventOpened
  | EventCancelled
  | CurrentEventChanged
  | ZoneChanged
  | UserPatched
  | PrivacyUpdated
  | { type: 'chat.opened'; partner: PublicUser }
  | { type: 'contactExchange.opened'; partner: PublicUser }
  | { type: 'groupChat.opened'; chatId: string | null }
  // What one chart has for another: the switchboard passes it on.
  | ChatQueued
  | ChatBlocked
  | PersonBlocked
  | OutboxReport
  | ConversationRead
  // The plan chooser: a child spawned while it is open.
  | { type: 'plans.opened' }
  | { type: 'plans.closed' }
  | { type: 'profileSteps.closed' }
  // The report sheet (issue 16): the same, and what it tells.
  | ReportOpened
  | ReportNews
  // Addresses (issue 13): back/forward, a link inside the app or a clicked notification.
  | AddressChanged
  | AddressOpened
  | { type: 'eventTab.selected'; tab: EventTab }
  // The sheets' charts arrive from their chunks, or cannot be fetched (offline).
  | DoneActorEvent<LoadedCharts, 'plansLoader'>
  | DoneActorEvent<LoadedCharts, 'profileStepsLoader'>
  | DoneActorEvent<LoadedCharts, 'reportLoader'>
  | ChartsUnavailable
  // Unsaved edits (issue 39): a form tells, the person answers.
  | EditsChanged
  | SignOutRequested
  | EditsSaveFailed
  | LeavingAnswered;

/** What the session leaves behind as it ends: nothing of the person's. */
export const SESSION_FORGOTTEN = {
  pendingAddress: null,
  eventTab: 'people',
  requestId: null,
  currentEvent: null,
  currentZone: null,
  partner: null,
  returnView: null,
  groupChatId: null,
  plansOpen: false,
  profileStepsOpen: false,
  report: null,
  session: null,
  unsaved: [] as readonly string[],
  leaving: null,
} satisfies Partial<AppContext>;

/** The root as the app opens: nobody signed in, nothing chosen (as a session leaves it), the page's path to open. */
export const initialContext = (input: AppInput): AppContext => ({
  ...SESSION_FORGOTTEN,
  path: input.path,
  emailLink: parseEmailLink(input.path, input.search ?? ''),
  replaceAddress: true,
  serviceWorker: input.serviceWorker ?? false,
  restoreSession: input.restoreSession ?? false,
  user: null,
  error: null,
  ban: null,
  online: input.online ?? true,
  adminKeyUses: 0,
  admin: null,
  adminChart: null,
});

/** Said when the plan chooser's code cannot be fetched (offline before the app was stored). */
export const PLANS_UNAVAILABLE: Said = /*i18n*/ { id: 'app.plansUnavailable', message: "The plans couldn't load just now. Check your connection, then press Upgrade to try again." };

/** Said when the report sheet's code cannot be fetched (offline before the app was stored). */
export const REPORT_UNAVAILABLE: Said = /*i18n*/ { id: 'app.reportUnavailable', message: "The report form couldn't load. Check your connection, then try again." };

/** Said when an address leads to something the user cannot open (any more). */
export const ADDRESS_UNAVAILABLE: Said = /*i18n*/ { id: 'app.addressUnavailable', message: "That page isn't available any more, so here are your events." };
