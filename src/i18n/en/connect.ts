/** The English words of "Connect by code" (issue 19): my code to show, and someone's to scan or type. */
import { t } from '@lingui/core/macro';
import { CONNECT_VIEW_WORDS, connectedWith } from '../../../contract/connect-words';
import { english, say, sayAll } from '../i18n';
import { messages } from '../locales/en/connect.po';

english(messages);

export const CONNECT = () => ({
  ...sayAll(CONNECT_VIEW_WORDS),
  connectedWith: (name: string) => say(connectedWith({ name })),
  /** After Chat, for screen readers: "Chat with Sam". */
  chatWith: (name: string) => t({ id: 'chatConnect.chatWith', message: `with ${name}` }),
  /** `spelled`: the code letter by letter, "A B C 2 3 4". */
  yourShortCode: (spelled: string) => t({ id: 'chatConnect.yourShortCode', message: `Your short code: ${spelled}` }),
});
