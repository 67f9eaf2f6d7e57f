/** The English words of a conversation's lines and its input (MessageLog, ChatInputForm), in a 1:1 chat and a group chat. */
import { t } from '@lingui/core/macro';
import { english } from '../i18n';
import { messages } from '../locales/en/chat-log.po';

english(messages);

export const CHAT_LOG = () => ({
  you: t({ id: 'chatLog.you', message: 'You' }),
  report: t({ id: 'chatLog.report', message: 'Report' }),
  reportFrom: (author: string) => t({ id: 'chatLog.reportFrom', message: `Report message from ${author}` }),
  loadOlder: t({ id: 'chatLog.loadOlder', message: 'Load older messages' }),
  sending: t({ id: 'chatLog.sending', message: 'Sending…' }),
  /** The input form's accessible name: "Message Sam". */
  messageTo: (name: string) => t({ id: 'chatLog.messageTo', message: `Message ${name}` }),
  message: t({ id: 'chatLog.message', message: 'Message' }),
  placeholder: t({ id: 'chatLog.placeholder', message: 'Type your message...' }),
  send: t({ id: 'chatLog.send', message: 'Send' }),
});
