/** The English words of the question before blocking, on a person's card and in a chat (src/components/BlockConfirm.tsx). */
import type { Part } from '../i18n';

export const BLOCK_CONFIRM = {
  id: 'blockConfirm',
  en: {
    /** The question itself is the chart's (machines/safety/block.ts). */
    blockPerson: (name: string) => `Block ${name}`,
    blocking: 'Blocking…',
    cancel: 'Cancel',
  },
} satisfies Part<unknown>;
