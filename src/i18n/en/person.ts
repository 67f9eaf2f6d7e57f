/** The English words of a person as the app shows them: photo, interests and status (src/components/people.tsx). */
import { t } from '@lingui/core/macro';
import { english } from '../i18n';
import { messages } from '../locales/en/person.po';

english(messages);

export const PERSON = () => ({
  interests: t({ id: 'person.interests', message: 'Interests' }),
  /** SPEC 2: three interests, then '+N more'. */
  more: (n: number) => t({ id: 'person.more', message: `+${n} more` }),
  onBreak: t({ id: 'person.onBreak', message: 'On a break' }),
});
