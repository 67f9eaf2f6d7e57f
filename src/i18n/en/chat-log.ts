/** The English words of a conversation's lines and its input (MessageLog, ChatInputForm), in a 1:1 chat and a group chat. */
import type { Part } from '../i18n';

export const CHAT_LOG = {
  id: 'chatLog',
  en: {
    you: 'You',
    report: 'Report',
    reportFrom: (author: string) => `Report message from ${author}`,
    loadOlder: 'Load older messages',
    sending: 'Sending…',
    /** The input form's accessible name: "Message Sam". */
    messageTo: (name: string) => `Message ${name}`,
    message: 'Message',
    placeholder: 'Type your message...',
    send: 'Send',
  },
} satisfies Part<unknown>;
