/** The English words of the mutual-connections view: the people who wanted to connect as much as the user did. */
import type { Part } from '../i18n';

export const CONNECTIONS = {
  id: 'connections',
  en: {
    title: 'People',
    actions: 'Find and answer',
    requests: 'Requests',
    search: 'Search',
    connectByCode: 'Connect by code',
    yours: 'Your connections',
    loading: 'Loading your connections…',
    failed: "We couldn't load your connections just now.",
    empty: "No connections yet. When someone you asked says yes, or you accept a request, they'll be here.",
    list: 'Connections',
    showMore: 'Show more',
    shared: 'Interests you share',
    chat: 'Chat',
    exchange: 'Exchange',
    /** Said after Requests' count, for screen readers: "(2 waiting)". */
    waiting: 'waiting',
  },
} satisfies Part<unknown>;
