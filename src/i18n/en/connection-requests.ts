/** The English words of the connection-requests view (SPEC 2 "Connection request cards"). */
import type { Part } from '../i18n';

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
