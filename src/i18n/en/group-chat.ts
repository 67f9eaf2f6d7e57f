/** The English words of an event's group chat and its interest groups' chats. */
import { t } from '@lingui/core/macro';
import { LISTENING_WORDS } from '../../../contract/listening-words';
import { english, sayAll } from '../i18n';
import { messages } from '../locales/en/group-chat.po';

english(messages);

export const GROUP_CHAT = () => ({
  title: t({ id: 'chatGroup.title', message: 'Group chat' }),
  openEventFirst: t({ id: 'chatGroup.openEventFirst', message: 'Open an event first: its group chat is for everyone there.' }),
  loading: t({ id: 'chatGroup.loading', message: 'Loading group chats…' }),
  failed: t({ id: 'chatGroup.failed', message: "We couldn't load the group chat just now." }),
  none: t({ id: 'chatGroup.none', message: 'This event has no group chat yet.' }),
  chats: t({ id: 'chatGroup.chats', message: 'Group chats' }),
  everyone: t({ id: 'chatGroup.everyone', message: 'Everyone' }),
  loadingMessages: t({ id: 'chatGroup.loadingMessages', message: 'Loading messages…' }),
  messagesIn: (name: string) => t({ id: 'chatGroup.messagesIn', message: `Messages in ${name}` }),
  empty: t({ id: 'chatGroup.empty', message: 'Nobody has said anything yet. A simple hello is plenty.' }),
  members: t({ id: 'chatGroup.members', message: 'Members' }),
  yourPlace: t({ id: 'chatGroup.yourPlace', message: 'Your place in this chat' }),
  closed: t({ id: 'chatGroup.closed', message: "This small group's chat closed when the event ended." }),
});

/** "Just listening" in a group chat (issue 18); Listen beside an interest group is the event view's. */
export const LISTENING = () => sayAll(LISTENING_WORDS);
