/** The English words of an event's group chat and its interest groups' chats. */
import { LISTENING_WORDS } from '../../../contract/listening-words';
import type { Part } from '../i18n';
import type { Widened } from './widened';

export const GROUP_CHAT = {
  id: 'chatGroup',
  en: {
    title: 'Group chat',
    openEventFirst: 'Open an event first: its group chat is for everyone there.',
    loading: 'Loading group chats…',
    failed: "We couldn't load the group chat just now.",
    none: 'This event has no group chat yet.',
    chats: 'Group chats',
    everyone: 'Everyone',
    loadingMessages: 'Loading messages…',
    messagesIn: (name: string) => `Messages in ${name}`,
    empty: 'Nobody has said anything yet. A simple hello is plenty.',
    members: 'Members',
    yourPlace: 'Your place in this chat',
  },
} satisfies Part<unknown>;

/** "Just listening" in a group chat (issue 18); Listen beside an interest group is the event view's. */
export const LISTENING = {
  id: 'chatListening',
  en: LISTENING_WORDS as Widened<Omit<typeof LISTENING_WORDS, 'listen' | 'listeningToGroup'>>,
} satisfies Part<unknown>;
