/** The English words of the question before blocking, on a person's card and in a chat (src/components/BlockConfirm.tsx). */
import { t } from '@lingui/core/macro';
import { english } from '../i18n';
import { messages } from '../locales/en/block-confirm.po';

english(messages);

export const BLOCK_CONFIRM = () => ({
  /** The question itself is the chart's (machines/safety/block.ts). */
  blockPerson: (name: string) => t({ id: 'blockConfirm.blockPerson', message: `Block ${name}` }),
  blocking: t({ id: 'blockConfirm.blocking', message: 'Blocking…' }),
  cancel: t({ id: 'blockConfirm.cancel', message: 'Cancel' }),
});
