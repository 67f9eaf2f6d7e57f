/**
 * The switchboard as QA's model: which chart hears each live message, and each word one
 * chart has for another, as the person moves between the views that show them. Its state
 * is where the root says the person is (the view, the chosen person and event); every
 * message leaves that as it was, so each is tried once, where its effect shows.
 */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { GroupMessage } from '../../../contract/social';
import { PRIVACY_DEFAULTS } from '../../../contract/discovery';
import type { Photo } from '../../../contract/media';
import { switchboardMachine, type Route } from '../../../machines/app/switchboard.machine';
import type { UserView } from '../../../machines/views';
import { ADAS_STORED, GROUP_CHAT_ID, VIEW_WORDS } from './root';
import { SHARED } from './live-channel';
import { ada, meetup, sam, samsRequest, storedMessage, withSam } from '../fixtures';
import type { ChartModel } from '../harness';
import { notificationWords, testSaid } from '../../said';

/** Sam's message: into the chat Ada has open, or from elsewhere. */
export const SAMS_MESSAGE = storedMessage({ from_user: sam.id, to_user: ada.id, message: 'See you by the window?' });
export const GROUP_MESSAGE: GroupMessage = {
  id: 'd0000000-0000-4000-8000-000000000001',
  group_id: GROUP_CHAT_ID,
  from_user: sam.id,
  from_name: sam.name,
  message: 'Coffee in the quiet room?',
  timestamp: '2030-05-01T18:05:00.000Z',
};
export const NEW_PHOTO: Photo = {
  id: 'b0000000-0000-4000-8000-000000000001',
  event_id: meetup.id,
  user_id: sam.id,
  photo_data: 'data:image/png;base64,iVBORw0KGgo=',
  caption: 'The window seats',
  created_at: '2030-05-01T18:10:00.000Z',
  likes: [],
  like_count: 0,
  liked_by_me: false,
};
export const FEED_ENTRY = {
  id: 'joined-1',
  kind: 'joined' as const,
  text: 'Sam Reed joined the event',
  code: 'feed.joinedEvent',
  params: { who: { id: 'said.asWritten', message: sam.name, values: { text: sam.name } } },
  actor_name: sam.name,
  created_at: '2030-05-01T18:12:00.000Z',
  subject_id: null,
};
/** The seq the live channel is told it is caught up to (issue 44). */
export const CAUGHT_UP_SEQ = 1_796_000_000_000;
export const NOTICE = {
  id: '90000000-0000-4000-8000-000000000002',
  ...notificationWords(testSaid('Connection accepted'), testSaid('Sam accepted your request.')),
  read: false,
  created_at: '2030-05-01T18:20:00.000Z',
  link: '/connections',
};

const routeOf = (s: AnyMachineSnapshot) => (s.context as { route: Route }).route;

/** The views the messages show on, reached from the events list (and back). */
const FROM_EVENTS: readonly UserView[] = ['chats', 'notifications', 'connection-requests', 'cards', 'privacy-settings'];

const route = (view: UserView, before: Route, change: Partial<Route> = {}) => ({ type: 'route.changed', route: { ...before, view, ...change }, variant: view });
const live = (type: string, payload: Record<string, unknown>, variant?: string) => [{ type, ...payload, ...(variant ? { variant } : {}) }];

/** The events the app can cause where the person is (see the header). */
function events(type: string, s: AnyMachineSnapshot): AnyEventObject[] | undefined {
  const r = routeOf(s);
  const on = (view: UserView) => r.view === view;
  switch (type) {
    // Signing in lands on the events list; from there every view that shows a message, and back.
    case 'route.changed':
      if (r.view === null) return [route('events', r)];
      if (!on('events')) return [route('events', r)];
      return [
        ...FROM_EVENTS.map((view) => route(view, r)),
        ...(r.partnerId === null && r.eventId === null ? [route('chat', r, { partnerId: sam.id })] : []),
        ...(r.eventId ? [route('photo-gallery', r)] : []),
      ];
    // Ada opens the meetup from the events list (the root then says she is on it: `follows`).
    case 'event.entered':
      return on('events') && r.eventId === null && r.partnerId === null ? [{ type, eventId: meetup.id }] : [];
    case 'connectivity.changed':
      return on('events') ? [{ type, online: false }] : [];
    case 'outbox.queued':
      return on('chat') ? [{ type, text: 'On my way' }] : [];
    case 'outbox.sent':
      return on('chat') ? [{ type, clientId: ADAS_STORED.client_id, message: ADAS_STORED }] : [];
    case 'chat.blocked':
      return on('chat') ? [{ type, userId: sam.id }] : [];
    case 'report.filed':
      return on('privacy-settings') ? [{ type }] : [];
    // Issue 39: saved privacy settings change who sees her.
    case 'privacy.updated':
      return on('privacy-settings') ? [{ type, settings: PRIVACY_DEFAULTS }] : [];
    case 'report.blocked':
      return on('event') ? [{ type, userId: sam.id }] : [];
    // Issue 40: Block on Sam's card, as the event's chart tells it.
    case 'person.blocked':
      return on('event') ? [{ type, userId: sam.id }] : [];
    case 'conversation.read':
      return on('chats') ? [{ type, kind: 'group', id: GROUP_CHAT_ID }] : [];
    // In the chat with Sam it shows there; elsewhere a toast says so.
    case 'live.new_message':
      return on('chat') || on('events') ? live(type, { message: SAMS_MESSAGE }) : [];
    case 'live.group_message':
      return on('chats') ? live(type, { message: GROUP_MESSAGE }) : [];
    // Nobody hears these where Ada is: their views read the lists as they open.
    case 'live.group_chat_people':
      return on('events') ? live(type, { group_id: GROUP_CHAT_ID, listening: 2, member_count: 3 }) : [];
    case 'live.meeting_changed':
      return on('events') ? live(type, { meeting_id: 'f0000000-0000-4000-8000-000000000001' }) : [];
    case 'live.location_update':
      return on('event') ? live(type, { event_id: meetup.id }) : [];
    case 'live.event_feed':
      return on('event') ? live(type, { event_id: meetup.id, feed: FEED_ENTRY }) : [];
    // Issue 17: its organizers edit it (the list reads it again) or move its zones (the event view does).
    case 'live.event_changed':
      if (on('events')) return live(type, { event_id: meetup.id, change: 'details' }, 'details');
      return on('event') ? live(type, { event_id: meetup.id, change: 'zones' }, 'zones') : [];
    // Issue 18: a card offered toasts, unless it arrives quietly; a card taken back leaves Cards.
    case 'live.contact_exchange_request':
      return on('events') ? [...live(type, { exchange: SHARED }, 'loud'), ...live(type, { exchange: SHARED, quiet: true }, 'quiet')] : [];
    case 'live.card_revoked':
      return on('cards') ? live(type, { id: SHARED.id }) : [];
    // Issue 43: Sam is heading off, and the chat with him rests for both; the chat hears it.
    case 'live.chat_rest':
      return on('chat') ? live(type, { user_id: sam.id, resting: true, by_me: false }) : [];
    // Issue 43: a small group formed for Ada; the event view hears it (its pod card shows only while the event is on).
    case 'live.pod_formed':
      return on('event') ? live(type, { event_id: meetup.id, pod_id: 'b0000000-0000-4000-8000-0000000000d1' }) : [];
    case 'live.new_photo':
      return on('photo-gallery') ? live(type, { event_id: meetup.id, photo: NEW_PHOTO }) : [];
    case 'live.notification':
      return on('notifications') ? live(type, { notification: NOTICE }) : [];
    case 'live.connection_request':
      return on('connection-requests') ? live(type, { request: samsRequest }) : [];
    case 'live.connection_accepted':
      return on('connection-requests') ? live(type, { connection: withSam }) : [];
    // Issue 44: the server says which seq the socket is caught up to; the channel keeps it, and nothing on screen hears it.
    case 'live.caught_up':
      return on('events') ? live(type, { seq: CAUGHT_UP_SEQ }) : [];
    case 'live.reconnected':
      return on('events') ? [{ type }] : [];
    // Issue 44: back after more than is kept, the server says so first; what is on screen loads again.
    case 'live.resync':
      return on('events') ? [{ type }] : [];
    // The server ended every session of hers: the channel hears it and the app signs out.
    case 'session.expired':
      return on('events') ? [{ type }] : [];
    default:
      return undefined;
  }
}

/**
 * What the root tells the switchboard after it says an event was opened: the person is on
 * it. After a block from the report sheet (taken on the event view), the event's chart
 * drops the card and says the person was blocked (issue 40), which the root passes on too.
 */
const follows = (e: AnyEventObject): AnyEventObject[] =>
  e.type === 'event.entered'
    ? [{ type: 'route.changed', route: { view: 'event', partnerId: null, eventId: e.eventId } }]
    : e.type === 'report.blocked'
      ? [{ type: 'person.blocked', userId: e.userId }]
      : [];

const WHERE: Partial<Record<UserView, string>> = { ...VIEW_WORDS, event: meetup.name, chat: `the chat with ${sam.name}` };

function say(e: AnyEventObject, before: AnyMachineSnapshot): string {
  switch (e.type) {
    case 'route.changed':
      return routeOf(before).view === null ? 'Ada logs in' : `Ada opens ${WHERE[(e.route as Route).view!]}`;
    case 'event.entered':
      return `Ada opens ${meetup.name}`;
    case 'connectivity.changed':
      return 'the browser goes offline';
    case 'outbox.queued':
      return `Ada writes “${e.text}” and presses Send`;
    case 'outbox.sent':
      return `the outbox reports “${ADAS_STORED.message}” stored`;
    case 'chat.blocked':
      return `the chat says Ada blocked ${sam.name} there`;
    case 'report.filed':
      return 'the report sheet says a report was filed';
    case 'privacy.updated':
      return 'the privacy form says her settings were saved';
    case 'report.blocked':
      return `the report sheet says Ada blocked ${sam.name}`;
    case 'person.blocked':
      return `the event says Ada blocked ${sam.name} from his card`;
    case 'conversation.read':
      return 'a group conversation is read';
    case 'live.new_message':
      return `${sam.name} writes “${SAMS_MESSAGE.message}” (live)`;
    case 'live.group_message':
      return `${sam.name} writes in a group (live)`;
    case 'live.group_chat_people':
      return 'a group chat’s listeners change (live)';
    case 'live.meeting_changed':
      return 'one of her meetings changes (live)';
    case 'live.location_update':
      return 'people near her move (live)';
    case 'live.event_feed':
      return 'the event’s feed has news (live)';
    case 'live.event_changed':
      return e.change === 'details' ? `the organizers edit ${meetup.name} (live)` : `the organizers move ${meetup.name}’s safe zones (live)`;
    case 'live.contact_exchange_request':
      return e.quiet ? `${sam.name} shares his email while her energy is low (live)` : `${sam.name} shares his email (live)`;
    case 'live.card_revoked':
      return `${sam.name} takes back the card he shared (live)`;
    case 'live.chat_rest':
      return `${sam.name} rests the chat with Ada (live)`;
    case 'live.pod_formed':
      return 'a small group forms for Ada (live)';
    case 'live.new_photo':
      return `${sam.name} shares a photo (live)`;
    case 'live.notification':
      return `a notification: “${NOTICE.title}” (live)`;
    case 'live.connection_request':
      return `${sam.name} asks to connect (live)`;
    case 'live.connection_accepted':
      return `${sam.name} and Ada are connected (live)`;
    case 'live.reconnected':
      return 'the live channel comes back after a break';
    case 'live.resync':
      return 'the live channel says what she missed is no longer kept (resync)';
    case 'live.caught_up':
      return 'the live channel says which seq it is caught up to (caught_up)';
    case 'session.expired':
      return 'the server ends her sessions (live)';
    default:
      return e.type;
  }
}

/** What the person sees after each step, in words. */
function seen(s: AnyMachineSnapshot, e: AnyEventObject): string {
  const view = routeOf(s).view;
  const where = view ? WHERE[view]! : 'the login view';
  switch (e.type) {
    case 'live.new_message':
      return view === 'chat' ? `${where}, with Sam’s message` : `${where}, with the toast “New message…”`;
    case 'live.contact_exchange_request':
      return e.quiet ? `${where}, without a toast` : `${where}, with the toast about Sam’s card`;
    case 'live.notification':
      return `${where}, with the notification and its toast`;
    case 'live.group_chat_people':
    case 'live.meeting_changed':
      return `${where}, unchanged: nothing on screen hears it`;
    case 'live.pod_formed':
      return `${where}, unchanged: ${meetup.name} has not begun, so no pod card shows`;
    case 'live.caught_up':
      return `${where}, unchanged: only the live channel keeps its seq`;
    case 'session.expired':
      return 'the login view, saying she is not logged in';
    case 'connectivity.changed':
      return `${where}, with the offline note`;
    default:
      return where;
  }
}

export const switchboardModel: ChartModel = {
  name: 'switchboard',
  machine: switchboardMachine,
  starts: [{ label: 'Ada opens Wallflower, signed out', input: { userId: ada.id } }],
  events,
  follows,
  serializeState: (s) => JSON.stringify(routeOf(s)),
  endsPath: (e) => e.type === 'session.expired',
  say,
  see: { running: seen },
  about:
    'The live switchboard the signed-in app runs: it hears the live channel and passes each message to the charts on ' +
    'screen that show it, and passes what one chart has for another. The live channel’s socket and the outbox’s send ' +
    'are doubles the path drives; the switchboard is told where Ada is as she moves; everything else is msw. A word ' +
    'one chart has for another (a message to send, a block, a report filed) is sent to the root as the chart sends it.',
};
