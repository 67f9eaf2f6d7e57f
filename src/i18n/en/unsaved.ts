/** The English words of the question before leaving unsaved edits (src/components/UnsavedDialog.tsx, issue 39). */
import { t } from '@lingui/core/macro';
import { english } from '../i18n';
import { messages } from '../locales/en/unsaved.po';

english(messages);

export const UNSAVED = () => ({
  title: t({ id: 'unsaved.title', message: 'Save your changes?' }),
  about: t({ id: 'unsaved.about', message: "You changed something here and haven't saved it yet. Save it before you go, or leave it as it was?" }),
  save: t({ id: 'unsaved.save', message: 'Save and go' }),
  saving: t({ id: 'unsaved.saving', message: 'Saving…' }),
  discard: t({ id: 'unsaved.discard', message: "Don't save" }),
  stay: t({ id: 'unsaved.stay', message: 'Stay here' }),
});
