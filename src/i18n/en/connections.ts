/** The English words of the views where people connect: an event's attendees, the requests waiting, and the connections. */
import type { Part } from '../i18n';

/** The attendees view (SPEC 2 "Attendee cards"): everyone at the event, each with the way to connect. */
export const ATTENDEES = {
  id: 'attendees',
  en: {
    title: 'Connect with people',
    /** Under the title, beside the event's name. */
    intro: (event: string) => `At ${event}. Connect only when you'd like to — a request is private until they answer.`,
    noEvent: 'Open an event first to see who is there.',
    loading: 'Loading attendees…',
    failed: "We couldn't load the attendees just now.",
    empty: "Nobody else is here yet. That's fine — take your time.",
    list: 'Attendees',
    showMore: 'Show more people',
  },
} satisfies Part<unknown>;

/** The connection-requests view (SPEC 2 "Connection request cards"). */
export const CONNECTION_REQUESTS = {
  id: 'connectionRequests',
  en: {
    title: 'Connection requests',
    intro: "Accept when you'd like to connect. Declining is private: they won't be told.",
    answered: 'That request has been answered already.',
    loading: 'Loading requests…',
    failed: "We couldn't load your requests just now.",
    empty: "No requests waiting. When someone would like to connect, you'll see it here.",
    /** Before the note a request came with, for screen readers. */
    theirMessage: 'Their message: ',
    accept: 'Accept',
    accepting: 'Accepting…',
    decline: 'Decline',
    declining: 'Declining…',
  },
} satisfies Part<unknown>;

/** The mutual-connections view: the people who wanted to connect as much as the user did. */
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
  },
} satisfies Part<unknown>;
