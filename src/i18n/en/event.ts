/** The English words of one event's view (SPEC 2 "Event view"): its tabs, people, groups, zones and details. */
import { LISTENING_WORDS } from '../../../contract/listening-words';
import { ANXIETY_FEATURE_LABELS, type EventType, type ZoneType } from '../../../contract/constants';
import type { EventTab } from '../../../machines/addresses';
import { EVENT_TYPE_LABELS, plural, ZONE_TYPE_LABELS } from '../../components/format';
import type { Part } from '../i18n';

export const EVENT = {
  id: 'event',
  en: {
    title: 'Event',
    chooseEvent: 'Choose an event from the list to see who is there.',
    actions: 'At this event',
    connect: 'Connect',
    requests: 'Requests',
    /** Said after Requests' count, for screen readers: "(2 waiting)". */
    waiting: 'waiting',
    connectByCode: 'Connect by code',
    tabList: 'About this event',
    /** The tabs' words; their order and addresses are machines/addresses.ts's. */
    tabs: { people: 'People', groups: 'Groups', zones: 'Zones', about: 'About' } as Record<EventTab, string>,
    yourEnergy: 'Your energy',
    change: 'Change',
    details: 'Event details',
    type: 'Type',
    when: 'When',
    where: 'Where',
    who: 'Who',
    /** An event's type; one not listed is shown as written. */
    types: EVENT_TYPE_LABELS as Record<EventType, string>,
    attending: (n: number) => plural('en', n, { other: '# attending' }),
    madeEasier: 'Made easier with',
    featuresLabel: 'Anxiety-friendly features',
    /** A feature's label; one not listed is shown as written. */
    features: ANXIETY_FEATURE_LABELS as Record<string, string>,
    more: 'More from this event',
    photos: 'Photos',
    analytics: 'Analytics',
    organize: 'Organize this event',
    peopleNearby: 'People nearby',
    findingPeople: 'Finding people nearby…',
    peopleFailed: "We couldn't load the people here just now.",
    nobodyVisible: "Nobody else is visible here yet. That's fine — take your time.",
    moreFailed: "We couldn't load more people just now.",
    loadingMore: 'Loading more people…',
    showMore: 'Show more people',
    goodToStart: 'Good people to start with',
    interestGroups: 'Interest groups',
    loadingGroups: 'Loading interest groups…',
    noGroups: 'No interest groups at this event yet.',
    members: (n: number) => plural('en', n, { one: '# member', other: '# members' }),
    joined: 'Joined',
    joining: 'Joining…',
    join: 'Join',
    /** "Listen" to an interest group's chat without joining the group (issue 18). */
    listen: LISTENING_WORDS.listen as string,
    listenTo: (name: string) => `${LISTENING_WORDS.listen} to the chat of ${name}`,
    listening: LISTENING_WORDS.listeningToGroup as string,
    openListened: (name: string) => `${LISTENING_WORDS.listeningToGroup}: open the chat of ${name}`,
    groupChats: 'Group chats',
    loadingChats: 'Loading group chats…',
    noChats: 'No group chats here yet.',
    /** The event's own chat, the one without an interest group. */
    everyoneHere: 'Everyone here',
    noMessages: 'No messages yet',
    safeZones: 'Safe zones',
    loadingZones: 'Loading safe zones…',
    noZones: 'This event has no marked zones.',
    zoneTypes: ZONE_TYPE_LABELS as Record<ZoneType, string>,
  },
} satisfies Part<unknown>;

/** The English words of the event's feed, "What's happening" (SPEC 7 event_feed), in the event view. */
export const EVENT_FEED = {
  id: 'eventFeed',
  en: {
    title: "What's happening",
    loading: "Loading what's happening…",
    empty: "Nothing yet. It's early, and that's fine.",
  },
} satisfies Part<unknown>;
