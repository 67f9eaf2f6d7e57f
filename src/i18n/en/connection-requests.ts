/** The English words of the connection-requests view (SPEC 2 "Connection request cards"). */
import { t } from '@lingui/core/macro';
import { english } from '../i18n';
import { messages } from '../locales/en/connection-requests.po';

english(messages);

export const CONNECTION_REQUESTS = () => ({
  title: t({ id: 'connectionRequests.title', message: 'Connection requests' }),
  intro: t({ id: 'connectionRequests.intro', message: "Accept when you'd like to connect. Declining is private: they won't be told." }),
  answered: t({ id: 'connectionRequests.answered', message: 'That request has been answered already.' }),
  loading: t({ id: 'connectionRequests.loading', message: 'Loading requests…' }),
  failed: t({ id: 'connectionRequests.failed', message: "We couldn't load your requests just now." }),
  empty: t({ id: 'connectionRequests.empty', message: "No requests waiting. When someone would like to connect, you'll see it here." }),
  /** Before the note a request came with, for screen readers. */
  theirMessage: t({ id: 'connectionRequests.theirMessage', message: 'Their message: ' }),
  accept: t({ id: 'connectionRequests.accept', message: 'Accept' }),
  accepting: t({ id: 'connectionRequests.accepting', message: 'Accepting…' }),
  decline: t({ id: 'connectionRequests.decline', message: 'Decline' }),
  declining: t({ id: 'connectionRequests.declining', message: 'Declining…' }),
});
