/** The English words of "Connect by code" (issue 19): my code to show, and someone's to scan or type. */
import { CONNECT_VIEW_WORDS, connectedWith } from '../../../contract/connect-words';
import type { Part } from '../i18n';
import type { Widened } from './widened';

export const CONNECT = {
  id: 'chatConnect',
  en: {
    ...(CONNECT_VIEW_WORDS as Widened<typeof CONNECT_VIEW_WORDS>),
    connectedWith,
    /** After Chat, for screen readers: "Chat with Sam". */
    chatWith: (name: string) => `with ${name}`,
    /** `spelled`: the code letter by letter, "A B C 2 3 4". */
    yourShortCode: (spelled: string) => `Your short code: ${spelled}`,
  },
} satisfies Part<unknown>;
