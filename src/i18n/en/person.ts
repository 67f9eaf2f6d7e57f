/** The English words of a person as the app shows them: photo, interests and status (src/components/people.tsx). */
import type { Part } from '../i18n';

export const PERSON = {
  id: 'person',
  en: {
    interests: 'Interests',
    /** SPEC 2: three interests, then '+N more'. */
    more: (n: number) => `+${n} more`,
    onBreak: 'On a break',
  },
} satisfies Part<unknown>;
