/** The English words of the bottom navigation (issue 13). */
import type { Part } from '../i18n';

export const NAV = {
  id: 'nav',
  en: {
    main: 'Main',
    events: 'Events',
    people: 'People',
    chats: 'Chats',
    alerts: 'Alerts',
    me: 'Me',
    /** Said after a count, for screen readers: "(2 waiting)". */
    waiting: 'waiting',
    unread: 'unread',
  },
} satisfies Part<unknown>;
