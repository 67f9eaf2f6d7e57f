/** The English words of the Chats list (issue 13): every conversation, newest first. */
import { plural, t } from '@lingui/core/macro';
import { english } from '../i18n';
import { messages } from '../locales/en/chats.po';

english(messages);

export const CHATS = () => ({
  title: t({ id: 'chatList.title', message: 'Chats' }),
  loading: t({ id: 'chatList.loading', message: 'Loading your chats…' }),
  failed: t({ id: 'chatList.failed', message: "We couldn't load your chats just now." }),
  empty: t({ id: 'chatList.empty', message: 'No conversations yet. When you connect with someone, your chat with them shows here.' }),
  unread: (n: number) => t({ id: 'chatList.unread', message: plural(n, { 0: 'All caught up.', one: '# unread message', other: '# unread messages' }) }),
  list: t({ id: 'chatList.list', message: 'Conversations' }),
  group: t({ id: 'chatList.group', message: 'Group' }),
  noMessages: t({ id: 'chatList.noMessages', message: 'No messages yet' }),
  /** The server's and the chart's name for the reader in a preview ("You: see you there"). */
  you: t({ id: 'chatList.you', message: 'You' }),
  /** Said after a conversation's count, for screen readers: "(2 unread)". */
  unreadBadge: t({ id: 'chatList.unreadBadge', message: 'unread' }),
});
