/** The English words of the mutual-connections view: the people who wanted to connect as much as the user did. */
import { t } from '@lingui/core/macro';
import { english } from '../i18n';
import { messages } from '../locales/en/connections.po';

english(messages);

export const CONNECTIONS = () => ({
  title: t({ id: 'connections.title', message: 'People' }),
  actions: t({ id: 'connections.actions', message: 'Find and answer' }),
  requests: t({ id: 'connections.requests', message: 'Requests' }),
  search: t({ id: 'connections.search', message: 'Search' }),
  connectByCode: t({ id: 'connections.connectByCode', message: 'Connect by code' }),
  yours: t({ id: 'connections.yours', message: 'Your connections' }),
  loading: t({ id: 'connections.loading', message: 'Loading your connections…' }),
  failed: t({ id: 'connections.failed', message: "We couldn't load your connections just now." }),
  empty: t({ id: 'connections.empty', message: "No connections yet. When someone you asked says yes, or you accept a request, they'll be here." }),
  list: t({ id: 'connections.list', message: 'Connections' }),
  showMore: t({ id: 'connections.showMore', message: 'Show more' }),
  shared: t({ id: 'connections.shared', message: 'Interests you share' }),
  chat: t({ id: 'connections.chat', message: 'Chat' }),
  exchange: t({ id: 'connections.exchange', message: 'Exchange' }),
  /** Said after Requests' count, for screen readers: "(2 waiting)". */
  waiting: t({ id: 'connections.waiting', message: 'waiting' }),
});
