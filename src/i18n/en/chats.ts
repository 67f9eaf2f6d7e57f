/** The English words of the Chats list (issue 13): every conversation, newest first. */
import { plural } from '../../components/format';
import type { Part } from '../i18n';

export const CHATS = {
  id: 'chatList',
  en: {
    title: 'Chats',
    loading: 'Loading your chats…',
    failed: "We couldn't load your chats just now.",
    empty: 'No conversations yet. When you connect with someone, your chat with them shows here.',
    unread: (n: number) => (n === 0 ? 'All caught up.' : plural('en', n, { one: '# unread message', other: '# unread messages' })),
    list: 'Conversations',
    group: 'Group',
    noMessages: 'No messages yet',
    /** The server's and the chart's name for the reader in a preview ("You: see you there"). */
    you: 'You',
    /** Said after a conversation's count, for screen readers: "(2 unread)". */
    unreadBadge: 'unread',
  },
} satisfies Part<unknown>;
