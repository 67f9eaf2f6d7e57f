/**
 * Where the charts live that are not in the entry script (issue 15: the attendee entry
 * stays within its budget). The root chart's own code is in the entry; the charts it
 * runs are in chunks of their own, one per part of the app, fetched when that part is
 * first entered: the login form's, the signed-in session's (its background charts and the
 * events list), and each view's. As a part is entered a chart loader fetches its chunk
 * (app/chart-loader.machine.ts), and the root starts the charts it holds, each under its
 * child id (app/view-states.ts, app/chart-inputs.ts).
 *
 * This module imports the charts' types only, so it adds nothing of them to the entry.
 */
import type { ActorRefFrom, ActorSystem, AnyActorLogic } from 'xstate';
import type { analyticsMachine } from './event/analytics.machine';
import type { attendeesMachine } from './event/attendees.machine';
import type { authMachine } from './session/auth.machine';
import type { passwordResetMachine } from './session/password-reset.machine';
import type { verifyEmailMachine } from './session/verify-email.machine';
import type { availabilityMachine } from './presence/availability.machine';
import type { batteryMachine } from './presence/battery.machine';
import type { presenceMachine } from './presence/presence.machine';
import type { businessCardMachine } from './profile/business-card.machine';
import type { passkeysMachine } from './profile/passkeys.machine';
import type { emailSettingsMachine } from './profile/email-settings.machine';
import type { accountLanguageMachine } from './profile/account-language.machine';
import type { openingMovesMachine } from './profile/opening-moves.machine';
import type { cardsMachine, sharedCardsMachine } from './cards/cards.machine';
import type { chatMachine } from './chat/chat.machine';
import type { chatOutboxMachine } from './chat/chat-outbox.machine';
import type { connectionRequestsMachine } from './people/connection-requests.machine';
import type { connectCodeMachine } from './connect/connect-code.machine';
import type { contactExchangeMachine } from './cards/contact-exchange.machine';
import type { conversationsMachine } from './chat/conversations.machine';
import type { createEventMachine } from './organizer/create-event.machine';
import type { eventMachine } from './event/event.machine';
import type { eventsMachine } from './event/events.machine';
import type { feedMachine } from './event/feed.machine';
import type { groupChatMachine } from './chat/group-chat.machine';
import type { locationPollerMachine } from './session/location-poller.machine';
import type { meetingsMachine } from './meetings/meetings.machine';
import type { calendarFeedMachine } from './meetings/calendar-feed.machine';
import type { mutualConnectionsMachine } from './people/mutual-connections.machine';
import type { notificationsMachine } from './session/notifications.machine';
import type { organizerMachine } from './organizer/organizer.machine';
import type { photoGalleryMachine } from './event/photo-gallery.machine';
import type { plansMachine } from './profile/plans.machine';
import type { profileStepsMachine } from './profile/profile-steps.machine';
import type { privacySettingsMachine } from './safety/privacy-settings.machine';
import type { pwaMachine } from './pwa/pwa.machine';
import type { pushMachine } from './pwa/push.machine';
import type { profileMachine } from './profile/profile.machine';
import type { profilePhotoMachine } from './profile/profile-photo.machine';
import type { reportMachine } from './safety/report.machine';
import type { scannerMachine } from './connect/scanner.machine';
import type { statusMachine } from './presence/status.machine';
import type { switchboardMachine } from './app/switchboard.machine';
import type { userSearchMachine } from './people/user-search.machine';

/** Each part of the app whose charts are in a chunk of their own, and those charts by the root's child id. */
export interface LazyCharts {
  /** What the top bar offers about the app itself (Install App, Enable Notifications, a new version), from the start. */
  pwa: { pwa: typeof pwaMachine };
  login: { auth: typeof authMachine };
  /** The pages an email's link opens (issue 41): a new password, a confirmed address. */
  'password-reset': { passwordReset: typeof passwordResetMachine };
  'verify-email': { verifyEmail: typeof verifyEmailMachine };
  /**
   * What runs while a user is signed in: the background charts, the events list (the first
   * view after signing in) and the location poller (started for an event opened).
   */
  session: {
    availability: typeof availabilityMachine;
    battery: typeof batteryMachine;
    /** The live channel, and who hears each of its messages. */
    switchboard: typeof switchboardMachine;
    outbox: typeof chatOutboxMachine;
    notifications: typeof notificationsMachine;
    requests: typeof connectionRequestsMachine;
    conversations: typeof conversationsMachine;
    events: typeof eventsMachine;
    locationPoller: typeof locationPollerMachine;
    /** Taking a break (issue 16). */
    status: typeof statusMachine;
    /** Who can see the person now, and why (issue 39). */
    presence: typeof presenceMachine;
    /** Web Push on this device (issue 41). */
    push: typeof pushMachine;
    /**
     * The app's language told to the server, for the person's emails (issue 41). Its id is
     * short for the entry script's budget (issue 15): this list is in the entry.
     */
    language: typeof accountLanguageMachine;
  };
  event: { event: typeof eventMachine; feed: typeof feedMachine };
  chat: { chat: typeof chatMachine };
  'group-chat': { groupChat: typeof groupChatMachine };
  'privacy-settings': { privacySettings: typeof privacySettingsMachine };
  'contact-exchange': { contactExchange: typeof contactExchangeMachine };
  'create-event': { createEvent: typeof createEventMachine };
  'user-search': { userSearch: typeof userSearchMachine };
  analytics: { analytics: typeof analyticsMachine };
  'photo-gallery': { photos: typeof photoGalleryMachine };
  profile: {
    profile: typeof profileMachine;
    profilePhoto: typeof profilePhotoMachine;
    businessCard: typeof businessCardMachine;
    /** Passkeys (issue 41). */
    passkeys: typeof passkeysMachine;
    /** The address's confirmation and the meeting reminder by email (issue 41). */
    emailSettings: typeof emailSettingsMachine;
    /** "Happy to be approached" and the opening moves on the card (issue 43). */
    moves: typeof openingMovesMachine;
  };
  attendees: { attendees: typeof attendeesMachine };
  'mutual-connections': { connections: typeof mutualConnectionsMachine };
  /** The organizer tools (issue 17). */
  organizer: { organizer: typeof organizerMachine };
  /** Connect by code (issue 19): my code, and the scanner. */
  connect: { connectCode: typeof connectCodeMachine; scanner: typeof scannerMachine };
  /** The plan chooser modal's. */
  plans: { plans: typeof plansMachine };
  /** The rest of the profile, a step at a time after sign-up (issue 39). */
  'profile-steps': { profileSteps: typeof profileStepsMachine };
  /** The report sheet's (issue 16). */
  report: { report: typeof reportMachine };
  /** Contact cards (issue 18): those offered to me, and what I shared. */
  cards: { cards: typeof cardsMachine };
  'shared-cards': { sharedCards: typeof sharedCardsMachine };
  /** My meetings (issue 19). */
  meetings: { meetings: typeof meetingsMachine; calendarFeed: typeof calendarFeedMachine };
}

export type Chunk = keyof LazyCharts;

type Union<T> = T[keyof T];
type Intersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;

/** Every lazily loaded chart, by the root's child id. */
export type LazyChart = Intersection<Union<LazyCharts>>;
export type LazyChartId = keyof LazyChart;

/** What a chunk's load gives the root: its charts by child id. */
export type LoadedCharts = Partial<Record<LazyChartId, AnyActorLogic>>;

/**
 * The parts the app may open with (the PWA chart, the login form, the signed-in session,
 * an event, whose address people share) are named here; where every other part's code is
 * comes in a small index of its own (later-charts.ts), fetched the first time one of them
 * opens, so the entry script carries a few addresses, not all. (The service worker stores
 * every chunk once the app is installed, so the index costs nothing after the first visit.)
 */
type FirstChunk = 'pwa' | 'login' | 'session' | 'event';
export type LaterChunk = Exclude<Chunk, FirstChunk>;

const FIRST: { [K in FirstChunk]: () => Promise<LazyCharts[K]> } = {
  pwa: () => import('./pwa/pwa.machine').then((m) => ({ pwa: m.pwaMachine })),
  login: () => import('./session/auth.machine').then((m) => ({ auth: m.authMachine })),
  session: () => import('./session/session-charts').then((m) => m.sessionCharts),
  event: () => import('./event/event-charts').then((m) => m.eventCharts),
};

const isFirst = (chunk: Chunk): chunk is FirstChunk => chunk in FIRST;

/**
 * Fetches a part's chunk (the browser keeps a chunk once fetched, so a second time is
 * immediate). Its charts are handed over in the task after the one that ran the chunk's
 * code: on a slow phone that is two shorter tasks instead of one long one, and the page
 * answers a tap between them (issue 44 item 1).
 */
export function loadChunk<K extends Chunk>(chunk: K): Promise<LazyCharts[K]> {
  const loaded: Promise<unknown> = isFirst(chunk)
    ? FIRST[chunk]()
    : import('./later-charts').then((index): Promise<unknown> => index.LATER_CHARTS[chunk as LaterChunk]());
  return loaded.then((charts) => nextTask().then(() => charts as LazyCharts[K]));
}

/**
 * The next task, after anything the browser has waiting (drawing, input): a message to
 * ourselves, which no timer clock (a test's fake one included) holds back.
 */
function nextTask(): Promise<void> {
  if (typeof MessageChannel !== 'function') return Promise.resolve();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      channel.port2.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/** The child ids of each part's charts, for stopping them when the part is left. */
export const CHUNK_CHARTS: { [K in Chunk]: ReadonlyArray<keyof LazyCharts[K] & LazyChartId> } = {
  pwa: ['pwa'],
  login: ['auth'],
  'password-reset': ['passwordReset'],
  'verify-email': ['verifyEmail'],
  session: ['availability', 'battery', 'switchboard', 'outbox', 'notifications', 'requests', 'conversations', 'events', 'locationPoller', 'status', 'presence', 'push', 'language'],
  event: ['event', 'feed'],
  chat: ['chat'],
  'group-chat': ['groupChat'],
  'privacy-settings': ['privacySettings'],
  'contact-exchange': ['contactExchange'],
  'create-event': ['createEvent'],
  'user-search': ['userSearch'],
  analytics: ['analytics'],
  'photo-gallery': ['photos'],
  profile: ['profile', 'profilePhoto', 'businessCard', 'passkeys', 'emailSettings', 'moves'],
  attendees: ['attendees'],
  'mutual-connections': ['connections'],
  organizer: ['organizer'],
  connect: ['connectCode', 'scanner'],
  plans: ['plans'],
  'profile-steps': ['profileSteps'],
  report: ['report'],
  cards: ['cards'],
  'shared-cards': ['sharedCards'],
  meetings: ['meetings', 'calendarFeed'],
};

/**
 * A lazily loaded chart the root runs now, typed (the root starts these from loaded code,
 * so its own types cannot name them); undefined while its part is not on screen or its
 * chunk has not arrived.
 */
export function chartOf<Id extends LazyChartId>(s: { children: object }, id: Id): ActorRefFrom<LazyChart[Id]> | undefined {
  return (s.children as Record<string, ActorRefFrom<LazyChart[Id]> | undefined>)[id];
}

/**
 * The same chart found in the actor system: the root starts each under its child id as
 * its system id, so the charts that pass words between them (the switchboard, the root)
 * reach it by name, in the very step it starts.
 */
export function runningChart<Id extends LazyChartId>(system: ChartSystem, id: Id): ActorRefFrom<LazyChart[Id]> | undefined {
  return system.get(id);
}

/** The actor system as the root fills it: each lazily loaded chart under its child id. */
type ChartSystem = ActorSystem<{ actors: { [Id in LazyChartId]: ActorRefFrom<LazyChart[Id]> } }>;
