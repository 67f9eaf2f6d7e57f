/**
 * The live switchboard: while a user is signed in it runs the live channel and passes each
 * live message to the charts that show what it changes, and each word one chart has for
 * another (the chat's message for the outbox, the outbox's stored message for the chat, a
 * report filed for the privacy settings) to the chart it is for. The charts are reached by
 * the ids the root starts them under (their system ids), so a chart that is not running
 * (a view not on screen) simply hears nothing: the HTTP lists are the truth, and a view
 * reads them as it opens. The root tells it where the person is (`route.changed`) and which
 * event they opened (`event.entered`); it tells the root only what the root shows: a toast,
 * a lost session.
 *
 * It arrives with the signed-in session's chunk (lazy-charts.ts), not in the entry.
 */
import { assertEvent, assign, enqueueActions, sendParent, sendTo, setup, type ActorRefFrom, type ActorSystem, type AnyActorRef } from 'xstate';
import type { LiveServerMessageType } from '../../contract/live';
import { CARDS_LINK, contactExchangeToast } from '../cards/contact-exchange-toast';
import type { ChatBlocked, ChatQueued } from '../chat/chat.machine';
import type { OutboxReport } from '../chat/chat-outbox.machine';
import { selectDirectTitle, type ConversationRead } from '../chat/conversations.machine';
import type { ConnectivityEvent } from '../connectivity.actor';
import { formatAddress } from '../addresses';
import { runningChart, type LazyChartId } from '../lazy-charts';
import type { ReportNews } from '../safety/report.machine';
import type { PersonBlocked } from '../safety/block';
import type { PrivacyUpdated } from '../safety/privacy-settings.machine';
import { liveChannelMachine, type LiveChannelReport } from '../session/live-channel.actor';
import type { ToastShow } from './toasts.machine';
import type { UserView } from '../views';
import { englishOf, sentence, type Said, type SaidValue } from '../../contract/said';
import { nameOf } from '../../contract/constants';

/** Said when a chat message arrives for a conversation that is not on screen (its sender unknown here). */
export const NEW_MESSAGE_TOAST: Said = /*i18n*/ { id: 'app.newMessageToast', message: 'You have a new message' };

/** Said, with the sender, when a chat message arrives for a conversation not on screen. */
export const newMessageToast = sentence(
  /*i18n*/ { id: 'app.newMessageFrom', message: 'New message from {name}' },
  ({ name }: { name: SaidValue }) => `New message from ${englishOf(name)}`,
);

/** Where the person is, as the root tells it: the view on screen (none while an address loads), the chosen person and event. */
export interface Route {
  view: UserView | null;
  partnerId: string | null;
  eventId: string | null;
}

/** The root's news for the switchboard. */
export type RouteChanged = { type: 'route.changed'; route: Route };
export type EventEntered = { type: 'event.entered'; eventId: string };

/** What one chart sends another through the root. */
export type ChartWord = ChatQueued | ChatBlocked | PersonBlocked | Extract<OutboxReport, { type: 'outbox.sent' }> | Exclude<ReportNews, { type: 'report.closed' }> | ConversationRead | PrivacyUpdated;

export type SwitchboardEvent = LiveChannelReport | RouteChanged | EventEntered | ConnectivityEvent | ChartWord;

/** The charts the switchboard reaches: the ones the root loads (the PWA chart's system notifications among them). */
type Listener = LazyChartId;

/**
 * Children that show what the live channel may change (lists, the break, and where the
 * person is): a reconnect reloads them, and they hear what an event's organizers changed
 * (issue 17).
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
  'presence',
] as const satisfies readonly Listener[];

/**
 * Who hears each live message. Every message type of the contract has its line, so a new
 * one does not compile until it is given its listeners.
 */
const LISTENERS = {
  'live.new_message': ['chat', 'conversations'],
  'live.group_message': ['groupChat', 'event', 'conversations'],
  'live.group_chat_people': ['groupChat'],
  // The people near the person move: the event view reads them again (as `people.moved`).
  'live.location_update': ['event'],
  // A card offered joins the Cards list on screen; its toast opens Cards (issue 18).
  'live.contact_exchange_request': ['cards'],
  'live.card_revoked': ['cards'],
  // A chat began or stopped resting (issue 43): the chat on screen shows it.
  'live.chat_rest': ['chat'],
  'live.new_photo': ['photos'],
  'live.event_feed': ['feed'],
  // An event's organizers changed it (or it is gone): the charts showing it read it again (or leave it).
  'live.event_changed': LIVE_LISTS,
  // The notifications chart adds it and raises its toast (not for "Welcome back", which ends a break: the banner says it).
  'live.notification': ['notifications', 'pwa', 'status'],
  // One of the person's meetings changed (issue 19): My meetings, when open, reads them again.
  'live.meeting_changed': ['meetings'],
  'live.connection_request': ['requests', 'attendees', 'event'],
  'live.connection_accepted': ['requests', 'attendees', 'connections', 'event', 'connectCode'],
  // What she missed while away is no longer kept (issue 44): what is on screen loads again, as after a reconnect.
  'live.resync': LIVE_LISTS,
  // A small group formed (issue 43): the event view's pod card reads it.
  'live.pod_formed': ['event'],
  // The channel keeps its seq (issue 44); no chart hears it.
  'live.caught_up': [],
} as const satisfies { [T in LiveServerMessageType as `live.${T}`]: readonly Listener[] };

/** What each view reads again as it opens: the lists kept while signed in. */
const VIEW_RELOADS: Partial<Record<UserView, { to: Listener; event: { type: string } }>> = {
  chats: { to: 'conversations', event: { type: 'conversations.reloaded' } },
  notifications: { to: 'notifications', event: { type: 'notifications.reloaded' } },
  'connection-requests': { to: 'requests', event: { type: 'requests.reloaded' } },
};

/** The page's origin, for the live channel's address (none outside a browser). */
const pageOrigin = (): string => (typeof location === 'undefined' ? 'http://localhost' : location.origin);

/** Those of the listeners that run now: sending to a chart that has ended would stop the app. */
function listening(system: ActorSystem<{ actors: Record<Listener, AnyActorRef> }>, ids: readonly Listener[]): AnyActorRef[] {
  return ids.flatMap((id) => system.get(id) ?? []);
}

const NOWHERE: Route = { view: null, partnerId: null, eventId: null };

export const switchboardMachine = setup({
  types: {
    context: {} as { userId: string; route: Route },
    input: {} as { userId: string },
    events: {} as SwitchboardEvent,
    children: {} as { live: 'liveChannel' },
  },
  actors: { liveChannel: liveChannelMachine },
  guards: {
    // Quiet (issue 18): a stranger's card while energy is low raises no toast (it is in Alerts).
    isLoud: ({ event }) => event.type === 'live.contact_exchange_request' && !event.quiet,
    isInCurrentEvent: ({ context, event }) => event.type === 'live.location_update' && event.event_id === context.route.eventId,
  },
  actions: {
    /**
     * Passes an event to those of the charts that run now. Enqueued, so each chart takes it
     * after this step, not inside it.
     */
    deliver: enqueueActions(({ enqueue, system }, params: { to: readonly Listener[]; event: { type: string } }) => {
      for (const chart of listening(system, params.to)) enqueue.sendTo(chart, params.event);
    }),
    passLive: enqueueActions(({ enqueue, event, system }) => {
      if (!(event.type in LISTENERS)) return;
      for (const chart of listening(system, LISTENERS[event.type as keyof typeof LISTENERS])) enqueue.sendTo(chart, event);
    }),
    tellLive: sendTo('live', ({ event }) => {
      assertEvent(event, ['connectivity.changed', 'event.entered']);
      return event.type === 'event.entered' ? { type: 'channel.eventJoined' as const, eventId: event.eventId } : event;
    }),
    passUp: sendParent(({ event }) => event),
    noteRoute: assign({
      route: ({ event }) => {
        assertEvent(event, 'route.changed');
        return event.route;
      },
    }),
    // As a view opens it reads its list again; the chat on screen is read, on every device.
    reloadView: enqueueActions(({ enqueue, event, system }) => {
      assertEvent(event, 'route.changed');
      const { view, partnerId } = event.route;
      const reload = view && VIEW_RELOADS[view];
      if (reload) for (const chart of listening(system, [reload.to])) enqueue.sendTo(chart, reload.event);
      if (view === 'chat' && partnerId)
        for (const chart of listening(system, ['conversations'])) enqueue.sendTo(chart, { type: 'conversation.read', kind: 'direct', id: partnerId });
    }),
    // A message from someone whose chat is not on screen would otherwise go unseen.
    noteUnseenMessage: enqueueActions(({ context, event, system, enqueue }) => {
      assertEvent(event, 'live.new_message');
      const m = event.message;
      // Quiet (issue 18): a stranger's message while the person's energy is low is listed, not toasted.
      if (event.quiet || m.from_user === context.userId) return;
      if (runningChart(system, 'chat') && context.route.partnerId === m.from_user) return;
      // The live message names its sender (the anonymous name said in the language shown);
      // else the inbox knows the names of people one has chatted with.
      const inbox = runningChart(system, 'conversations');
      const name = event.from_name ? nameOf(event.from_name) : inbox && selectDirectTitle(inbox.getSnapshot(), m.from_user);
      const toast: ToastShow = {
        type: 'toast.show',
        message: name ? newMessageToast({ name }) : NEW_MESSAGE_TOAST,
        kind: 'info',
        link: formatAddress({ view: 'chat', userId: m.from_user }),
        about: m.from_user,
      };
      enqueue.sendParent(toast);
    }),
    // A message into the chat on screen is read as it arrives.
    markArrivedRead: enqueueActions(({ context, event, enqueue, system }) => {
      assertEvent(event, 'live.new_message');
      const from = event.message.from_user;
      if (context.route.view === 'chat' && context.route.partnerId === from)
        for (const chart of listening(system, ['conversations'])) enqueue.sendTo(chart, { type: 'conversation.read', kind: 'direct', id: from });
    }),
    // An earlier try of a pending message got through: the outbox lets it go.
    releaseDelivered: enqueueActions(({ event, enqueue, system }) => {
      assertEvent(event, 'live.new_message');
      const clientId = event.message.client_id;
      if (clientId) for (const chart of listening(system, ['outbox'])) enqueue.sendTo(chart, { type: 'outbox.delivered', clientId });
    }),
    toastCard: sendParent(({ event }): ToastShow => {
      assertEvent(event, 'live.contact_exchange_request');
      return { type: 'toast.show', message: contactExchangeToast(event.exchange), kind: 'info', ...CARDS_LINK, about: event.exchange.from_user };
    }),
    forgetNotificationsAbout: enqueueActions(({ enqueue, event, system }) => {
      assertEvent(event, ['chat.blocked', 'report.blocked', 'person.blocked']);
      for (const chart of listening(system, ['notifications'])) enqueue.sendTo(chart, { type: 'notifications.personBlocked', userId: event.userId });
    }),
  },
}).createMachine({
  id: 'switchboard',
  context: ({ input }) => ({ userId: input.userId, route: NOWHERE }),
  invoke: { src: 'liveChannel', id: 'live', input: ({ context }) => ({ userId: context.userId, origin: pageOrigin() }) },
  on: {
    'route.changed': { actions: ['noteRoute', 'reloadView'] },
    // The person opened an event: the channel joins it, and what depends on it loads again.
    'event.entered': {
      actions: [
        'tellLive',
        { type: 'deliver', params: { to: ['requests'], event: { type: 'requests.reloaded' } } },
        { type: 'deliver', params: { to: ['notifications'], event: { type: 'notifications.reloaded' } } },
      ],
    },
    // The outbox and the live channel both care whether the browser is online.
    'connectivity.changed': { actions: [{ type: 'deliver', params: ({ event }) => ({ to: ['outbox'], event }) }, 'tellLive'] },
    'outbox.queued': { actions: { type: 'deliver', params: ({ event }) => ({ to: ['outbox'], event }) } },
    'outbox.sent': { actions: { type: 'deliver', params: ({ event }) => ({ to: ['chat'], event }) } },
    // Someone blocked in a chat: the outbox sends them nothing more (no people list runs beside a chat).
    'chat.blocked': { actions: [{ type: 'deliver', params: ({ event }) => ({ to: ['outbox'], event }) }, 'forgetNotificationsAbout'] },
    // Someone blocked from their card: the notifications naming them go, as the server removed them (issue 40).
    'person.blocked': { actions: 'forgetNotificationsAbout' },
    // Privacy settings' "Your reports" shows the new one.
    'report.filed': { actions: { type: 'deliver', params: ({ event }) => ({ to: ['privacySettings'], event }) } },
    // Someone blocked from the report sheet (or an attendee's card) leaves the people lists on screen, as after Block on their card.
    'report.blocked': {
      actions: [
        { type: 'deliver', params: ({ event }) => ({ to: ['event', 'userSearch', 'attendees'], event: { type: 'card.blocked', userId: event.userId } }) },
        'forgetNotificationsAbout',
      ],
    },
    'conversation.read': { actions: { type: 'deliver', params: ({ event }) => ({ to: ['conversations'], event }) } },
    // Saved privacy settings can change who sees the person (issue 39).
    'privacy.updated': { actions: { type: 'deliver', params: { to: ['presence'], event: { type: 'presence.stale' } } } },
    'live.new_message': { actions: ['passLive', 'noteUnseenMessage', 'markArrivedRead', 'releaseDelivered'] },
    'live.group_message': { actions: 'passLive' },
    'live.group_chat_people': { actions: 'passLive' },
    'live.location_update': { guard: 'isInCurrentEvent', actions: { type: 'deliver', params: { to: LISTENERS['live.location_update'], event: { type: 'people.moved' } } } },
    'live.contact_exchange_request': [{ guard: 'isLoud', actions: ['passLive', 'toastCard'] }, { actions: 'passLive' }],
    'live.card_revoked': { actions: 'passLive' },
    'live.chat_rest': { actions: 'passLive' },
    'live.new_photo': {
      actions: {
        type: 'deliver',
        params: ({ event }) => ({ to: LISTENERS['live.new_photo'], event: { type: 'live.new_photo', photo: event.photo, event_id: event.event_id } }),
      },
    },
    'live.event_feed': {
      actions: {
        type: 'deliver',
        params: ({ event }) => ({ to: LISTENERS['live.event_feed'], event: { type: 'live.event_feed', feed: event.feed, event_id: event.event_id } }),
      },
    },
    'live.event_changed': { actions: 'passLive' },
    'live.notification': { actions: 'passLive' },
    'live.meeting_changed': { actions: 'passLive' },
    'live.connection_request': { actions: 'passLive' },
    'live.connection_accepted': { actions: 'passLive' },
    'live.caught_up': { actions: 'passLive' },
    // Messages sent while the socket was away were missed: what is on screen loads again.
    'live.reconnected': { actions: { type: 'deliver', params: ({ event }) => ({ to: LIVE_LISTS, event }) } },
    'live.resync': { actions: { type: 'deliver', params: { to: LISTENERS['live.resync'], event: { type: 'live.reconnected' } } } },
    // The server ended the session: the root signs out.
    'session.expired': { actions: 'passUp' },
  },
});

export type SwitchboardActorRef = ActorRefFrom<typeof switchboardMachine>;
