/** The English words of the bottom navigation (issue 13). */
import { t } from '@lingui/core/macro';
import { english } from '../i18n';
import { messages } from '../locales/en/nav.po';

english(messages);

export const NAV = () => ({
  main: t({ id: 'nav.main', message: 'Main' }),
  events: t({ id: 'nav.events', message: 'Events' }),
  people: t({ id: 'nav.people', message: 'People' }),
  chats: t({ id: 'nav.chats', message: 'Chats' }),
  alerts: t({ id: 'nav.alerts', message: 'Alerts' }),
  me: t({ id: 'nav.me', message: 'Me' }),
  /** Said after a count, for screen readers: "(2 waiting)". */
  waiting: t({ id: 'nav.waiting', message: 'waiting' }),
  unread: t({ id: 'nav.unread', message: 'unread' }),
});
