/** The English words of one event's view (SPEC 2 "Event view"): its tabs, people, groups, zones and details. */
import { plural, t } from '@lingui/core/macro';
import { LISTENING_WORDS } from '../../../contract/listening-words';
import { ANXIETY_FEATURE_LABELS, type EventType, type ZoneType } from '../../../contract/constants';
import type { EventTab } from '../../../machines/addresses';
import { english, say, sayAll } from '../i18n';
import { messages } from '../locales/en/event.po';

english(messages);

export const EVENT = () => ({
  title: t({ id: 'event.title', message: 'Event' }),
  chooseEvent: t({ id: 'event.chooseEvent', message: 'Choose an event from the list to see who is there.' }),
  actions: t({ id: 'event.actions', message: 'At this event' }),
  connect: t({ id: 'event.connect', message: 'Connect' }),
  requests: t({ id: 'event.requests', message: 'Requests' }),
  /** Said after Requests' count, for screen readers: "(2 waiting)". */
  waiting: t({ id: 'event.waiting', message: 'waiting' }),
  connectByCode: t({ id: 'event.connectByCode', message: 'Connect by code' }),
  tabList: t({ id: 'event.tabList', message: 'About this event' }),
  /** The tabs' words; their order and addresses are machines/addresses.ts's. */
  tabs: { people: t({ id: 'event.tabs.people', message: 'People' }), groups: t({ id: 'event.tabs.groups', message: 'Groups' }), zones: t({ id: 'event.tabs.zones', message: 'Zones' }), about: t({ id: 'event.tabs.about', message: 'About' }) } as Record<EventTab, string>,
  yourEnergy: t({ id: 'event.yourEnergy', message: 'Your energy' }),
  change: t({ id: 'event.change', message: 'Change' }),
  details: t({ id: 'event.details', message: 'Event details' }),
  type: t({ id: 'event.type', message: 'Type' }),
  when: t({ id: 'event.when', message: 'When' }),
  where: t({ id: 'event.where', message: 'Where' }),
  who: t({ id: 'event.who', message: 'Who' }),
  /** An event's type; one not listed is shown as written. */
  types: {
    party: t({ id: 'event.types.party', message: 'Party' }),
    conference: t({ id: 'event.types.conference', message: 'Conference' }),
    sports: t({ id: 'event.types.sports', message: 'Sports' }),
    networking: t({ id: 'event.types.networking', message: 'Networking' }),
  } as Record<EventType, string>,
  attending: (n: number) => t({ id: 'event.attending', message: plural(n, { other: '# attending' }) }),
  /** Before joining, only one's connections there are known (issue 40). */
  connectionsAttending: (n: number) =>
    t({ id: 'event.connectionsAttending', message: plural(n, { one: '# of your connections attending', other: '# of your connections attending' }) }),
  joinToSeeWho: t({ id: 'event.joinToSeeWho', message: 'Join to see who is going' }),
  madeEasier: t({ id: 'event.madeEasier', message: 'Made easier with' }),
  featuresLabel: t({ id: 'event.featuresLabel', message: 'Anxiety-friendly features' }),
  /** A feature's label; one not listed is shown as written. */
  features: sayAll(ANXIETY_FEATURE_LABELS) as Record<string, string>,
  more: t({ id: 'event.more', message: 'More from this event' }),
  photos: t({ id: 'event.photos', message: 'Photos' }),
  analytics: t({ id: 'event.analytics', message: 'Analytics' }),
  organize: t({ id: 'event.organize', message: 'Organizer tools' }),
  peopleNearby: t({ id: 'event.peopleNearby', message: 'People nearby' }),
  findingPeople: t({ id: 'event.findingPeople', message: 'Finding people nearby…' }),
  peopleFailed: t({ id: 'event.peopleFailed', message: "We couldn't load the people here just now." }),
  nobodyVisible: t({ id: 'event.nobodyVisible', message: "Nobody else is visible here yet. That's fine — take your time." }),
  moreFailed: t({ id: 'event.moreFailed', message: "We couldn't load more people just now." }),
  loadingMore: t({ id: 'event.loadingMore', message: 'Loading more people…' }),
  showMore: t({ id: 'event.showMore', message: 'Show more people' }),
  /** Under the people nearby: the attendees view, everyone at the event (issue 39). */
  seeAll: t({ id: 'event.seeAll', message: 'See all attendees' }),
  goodToStart: t({ id: 'event.goodToStart', message: 'Good people to start with' }),
  interestGroups: t({ id: 'event.interestGroups', message: 'Interest groups' }),
  loadingGroups: t({ id: 'event.loadingGroups', message: 'Loading interest groups…' }),
  noGroups: t({ id: 'event.noGroups', message: 'No interest groups at this event yet.' }),
  members: (n: number) => t({ id: 'event.members', message: plural(n, { one: '# member', other: '# members' }) }),
  joined: t({ id: 'event.joined', message: 'Joined' }),
  joining: t({ id: 'event.joining', message: 'Joining…' }),
  join: t({ id: 'event.join', message: 'Join' }),
  /** Beside Join, on an event not joined yet (a shared link): why no people are shown. */
  notJoined: t({ id: 'event.notJoined', message: "You haven't joined this event yet. Join it to see who is here and to say hello." }),
  /** "Listen" to an interest group's chat without joining the group (issue 18). */
  listen: say(LISTENING_WORDS.listen),
  listenTo: (name: string) => t({ id: 'event.listenTo', message: `Listen to the chat of ${name}` }),
  listening: say(LISTENING_WORDS.listeningToGroup),
  openListened: (name: string) => t({ id: 'event.openListened', message: `Listening: open the chat of ${name}` }),
  groupChats: t({ id: 'event.groupChats', message: 'Group chats' }),
  loadingChats: t({ id: 'event.loadingChats', message: 'Loading group chats…' }),
  noChats: t({ id: 'event.noChats', message: 'No group chats here yet.' }),
  /** The event's own chat, the one without an interest group. */
  everyoneHere: t({ id: 'event.everyoneHere', message: 'Everyone here' }),
  noMessages: t({ id: 'event.noMessages', message: 'No messages yet' }),
  safeZones: t({ id: 'event.safeZones', message: 'Safe zones' }),
  loadingZones: t({ id: 'event.loadingZones', message: 'Loading safe zones…' }),
  noZones: t({ id: 'event.noZones', message: 'This event has no marked zones.' }),
  zoneTypes: {
    safe_space: t({ id: 'event.zoneTypes.safe_space', message: 'Safe space' }),
    restricted: t({ id: 'event.zoneTypes.restricted', message: 'Restricted area' }),
    other: t({ id: 'event.zoneTypes.other', message: 'Area' }),
    pod: t({ id: 'event.zoneTypes.pod', message: 'Small-group meeting spot' }),
  } as Record<ZoneType, string>,
});

/** The English words of the event's feed, "What's happening" (SPEC 7 event_feed), in the event view. */
export const EVENT_FEED = () => ({
  title: t({ id: 'eventFeed.title', message: "What's happening" }),
  loading: t({ id: 'eventFeed.loading', message: "Loading what's happening…" }),
  empty: t({ id: 'eventFeed.empty', message: "Nothing yet. It's early, and that's fine." }),
});
