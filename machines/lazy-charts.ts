/**
 * Where the charts live that are not in the entry script (issue 15: the attendee entry
 * stays within its budget). The root chart's own code is in the entry; the charts it
 * runs are in chunks of their own, one per part of the app, fetched when that part is
 * first entered: the login form's, the signed-in session's (its background charts and the
 * events list), and each view's. The root waits for a part's chunk in a state of its own
 * (see `withCharts` in app.machine.ts) and then starts the charts it holds, by child id.
 *
 * This module imports the charts' types only, so it adds nothing of them to the entry.
 */
import type { ActorRefFrom, AnyActorLogic } from 'xstate';
import type { analyticsMachine } from './analytics.machine';
import type { attendeesMachine } from './attendees.machine';
import type { authMachine } from './auth.machine';
import type { availabilityMachine } from './availability.machine';
import type { batteryMachine } from './battery.machine';
import type { businessCardMachine } from './business-card.machine';
import type { cardsMachine, sharedCardsMachine } from './cards.machine';
import type { chatMachine } from './chat.machine';
import type { chatOutboxMachine } from './chat-outbox.machine';
import type { connectionRequestsMachine } from './connection-requests.machine';
import type { connectCodeMachine } from './connect-code.machine';
import type { contactExchangeMachine } from './contact-exchange.machine';
import type { conversationsMachine } from './conversations.machine';
import type { createEventMachine } from './create-event.machine';
import type { eventMachine } from './event.machine';
import type { eventsMachine } from './events.machine';
import type { feedMachine } from './feed.machine';
import type { groupChatMachine } from './group-chat.machine';
import type { liveChannelMachine } from './live-channel.actor';
import type { locationPollerMachine } from './location-poller.machine';
import type { meetingsMachine } from './meetings.machine';
import type { mutualConnectionsMachine } from './mutual-connections.machine';
import type { notificationsMachine } from './notifications.machine';
import type { organizerMachine } from './organizer.machine';
import type { photoGalleryMachine } from './photo-gallery.machine';
import type { plansMachine } from './plans.machine';
import type { privacySettingsMachine } from './privacy-settings.machine';
import type { profileMachine } from './profile.machine';
import type { profilePhotoMachine } from './profile-photo.machine';
import type { reportMachine } from './report.machine';
import type { scannerMachine } from './scanner.machine';
import type { statusMachine } from './status.machine';
import type { userSearchMachine } from './user-search.machine';

/** Each part of the app whose charts are in a chunk of their own, and those charts by the root's child id. */
export interface LazyCharts {
  login: { auth: typeof authMachine };
  /**
   * What runs while a user is signed in: the background charts, the events list (the first
   * view after signing in) and the location poller (started for an event opened).
   */
  session: {
    availability: typeof availabilityMachine;
    battery: typeof batteryMachine;
    live: typeof liveChannelMachine;
    outbox: typeof chatOutboxMachine;
    notifications: typeof notificationsMachine;
    requests: typeof connectionRequestsMachine;
    conversations: typeof conversationsMachine;
    events: typeof eventsMachine;
    locationPoller: typeof locationPollerMachine;
    /** Taking a break (issue 16). */
    status: typeof statusMachine;
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
  profile: { profile: typeof profileMachine; profilePhoto: typeof profilePhotoMachine; businessCard: typeof businessCardMachine };
  attendees: { attendees: typeof attendeesMachine };
  'mutual-connections': { connections: typeof mutualConnectionsMachine };
  /** The organizer tools (issue 17). */
  organizer: { organizer: typeof organizerMachine };
  /** Connect by code (issue 19): my code, and the scanner. */
  connect: { connectCode: typeof connectCodeMachine; scanner: typeof scannerMachine };
  /** The plan chooser modal's. */
  plans: { plans: typeof plansMachine };
  /** The report sheet's (issue 16). */
  report: { report: typeof reportMachine };
  /** Contact cards (issue 18): those offered to me, and what I shared. */
  cards: { cards: typeof cardsMachine };
  'shared-cards': { sharedCards: typeof sharedCardsMachine };
  /** My meetings (issue 19). */
  meetings: { meetings: typeof meetingsMachine };
}

export type Chunk = keyof LazyCharts;

type Union<T> = T[keyof T];
type Intersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;

/** Every lazily loaded chart, by the root's child id. */
export type LazyChart = Intersection<Union<LazyCharts>>;
export type LazyChartId = keyof LazyChart;

/** What a chunk's load gives the root: its charts by child id. */
export type LoadedCharts = Partial<Record<LazyChartId, AnyActorLogic>>;

const CHUNKS: { [K in Chunk]: () => Promise<LazyCharts[K]> } = {
  login: () => import('./auth.machine').then((m) => ({ auth: m.authMachine })),
  session: () => import('./session-charts').then((m) => m.sessionCharts),
  event: () =>
    Promise.all([import('./event.machine'), import('./feed.machine')]).then(([e, f]) => ({ event: e.eventMachine, feed: f.feedMachine })),
  chat: () => import('./chat.machine').then((m) => ({ chat: m.chatMachine })),
  'group-chat': () => import('./group-chat.machine').then((m) => ({ groupChat: m.groupChatMachine })),
  'privacy-settings': () => import('./privacy-settings.machine').then((m) => ({ privacySettings: m.privacySettingsMachine })),
  'contact-exchange': () => import('./contact-exchange.machine').then((m) => ({ contactExchange: m.contactExchangeMachine })),
  'create-event': () => import('./create-event.machine').then((m) => ({ createEvent: m.createEventMachine })),
  'user-search': () => import('./user-search.machine').then((m) => ({ userSearch: m.userSearchMachine })),
  analytics: () => import('./analytics.machine').then((m) => ({ analytics: m.analyticsMachine })),
  'photo-gallery': () => import('./photo-gallery.machine').then((m) => ({ photos: m.photoGalleryMachine })),
  profile: () =>
    Promise.all([import('./profile.machine'), import('./profile-photo.machine'), import('./business-card.machine')]).then(([p, pp, b]) => ({
      profile: p.profileMachine,
      profilePhoto: pp.profilePhotoMachine,
      businessCard: b.businessCardMachine,
    })),
  attendees: () => import('./attendees.machine').then((m) => ({ attendees: m.attendeesMachine })),
  'mutual-connections': () => import('./mutual-connections.machine').then((m) => ({ connections: m.mutualConnectionsMachine })),
  organizer: () => import('./organizer.machine').then((m) => ({ organizer: m.organizerMachine })),
  connect: () => import('./connect-charts').then((m) => m.connectCharts),
  plans: () => import('./plans.machine').then((m) => ({ plans: m.plansMachine })),
  report: () => import('./report.machine').then((m) => ({ report: m.reportMachine })),
  cards: () => import('./cards.machine').then((m) => ({ cards: m.cardsMachine })),
  'shared-cards': () => import('./cards.machine').then((m) => ({ sharedCards: m.sharedCardsMachine })),
  meetings: () => import('./meetings.machine').then((m) => ({ meetings: m.meetingsMachine })),
};

/** Fetches a part's chunk (the browser keeps a chunk once fetched, so a second time is immediate). */
export function loadChunk<K extends Chunk>(chunk: K): Promise<LazyCharts[K]> {
  return CHUNKS[chunk]();
}

/** The child ids of each part's charts, for stopping them when the part is left. */
export const CHUNK_CHARTS: { [K in Chunk]: ReadonlyArray<keyof LazyCharts[K] & LazyChartId> } = {
  login: ['auth'],
  session: ['availability', 'battery', 'live', 'outbox', 'notifications', 'requests', 'conversations', 'events', 'locationPoller', 'status'],
  event: ['event', 'feed'],
  chat: ['chat'],
  'group-chat': ['groupChat'],
  'privacy-settings': ['privacySettings'],
  'contact-exchange': ['contactExchange'],
  'create-event': ['createEvent'],
  'user-search': ['userSearch'],
  analytics: ['analytics'],
  'photo-gallery': ['photos'],
  profile: ['profile', 'profilePhoto', 'businessCard'],
  attendees: ['attendees'],
  'mutual-connections': ['connections'],
  organizer: ['organizer'],
  connect: ['connectCode', 'scanner'],
  plans: ['plans'],
  report: ['report'],
  cards: ['cards'],
  'shared-cards': ['sharedCards'],
  meetings: ['meetings'],
};

/**
 * A lazily loaded chart the root runs now, typed (the root starts these from loaded code,
 * so its own types cannot name them); undefined while its part is not on screen or its
 * chunk has not arrived.
 */
export function chartOf<Id extends LazyChartId>(s: { children: object }, id: Id): ActorRefFrom<LazyChart[Id]> | undefined {
  return (s.children as Record<string, ActorRefFrom<LazyChart[Id]> | undefined>)[id];
}
