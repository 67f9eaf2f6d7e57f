/** The English words of the notifications view (SPEC 2 notifications). */
import { plural, t } from '@lingui/core/macro';
import { english } from '../i18n';
import { messages } from '../locales/en/notifications.po';

english(messages);

export const NOTIFICATIONS = () => ({
  title: t({ id: 'notifications.title', message: 'Notifications' }),
  loading: t({ id: 'notifications.loading', message: 'Loading notifications…' }),
  failed: t({ id: 'notifications.failed', message: "We couldn't load your notifications just now." }),
  empty: t({ id: 'notifications.empty', message: 'Nothing yet. Requests, acceptances and shared details will show up here.' }),
  markingAll: t({ id: 'notifications.markingAll', message: 'Marking all read…' }),
  allRead: t({ id: 'notifications.allRead', message: 'All read.' }),
  unread: (n: number) => t({ id: 'notifications.unread', message: plural(n, { other: '# unread' }) }),
  markAllRead: t({ id: 'notifications.markAllRead', message: 'Mark all read' }),
  list: t({ id: 'notifications.list', message: 'Notifications list' }),
  unreadMark: t({ id: 'notifications.unreadMark', message: 'Unread: ' }),
  marking: t({ id: 'notifications.marking', message: 'Marking…' }),
  markRead: t({ id: 'notifications.markRead', message: 'Mark Read' }),
});
