/** The English words of the notifications view (SPEC 2 notifications). */
import { plural } from '../../components/format';
import type { Part } from '../i18n';

export const NOTIFICATIONS = {
  id: 'notifications',
  en: {
    title: 'Notifications',
    loading: 'Loading notifications…',
    failed: "We couldn't load your notifications just now.",
    empty: 'Nothing yet. Requests, acceptances and shared details will show up here.',
    markingAll: 'Marking all read…',
    allRead: 'All read.',
    unread: (n: number) => plural('en', n, { other: '# unread' }),
    markAllRead: 'Mark all read',
    list: 'Notifications list',
    unreadMark: 'Unread: ',
    marking: 'Marking…',
    markRead: 'Mark Read',
  },
} satisfies Part<unknown>;
