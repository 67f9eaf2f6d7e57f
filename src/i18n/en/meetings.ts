/** The English words of My meetings (issue 19): the person's 1:1 meetings, by what they wait for. */
import { MEETINGS_WORDS } from '../../../machines/meetings/meetings.machine';
import type { Part } from '../i18n';
import type { Widened } from './widened';

export const MEETINGS = {
  id: 'chatMeetings',
  en: {
    ...(MEETINGS_WORDS as Widened<typeof MEETINGS_WORDS>),
    with: (name: string) => `With ${name}`,
  },
} satisfies Part<unknown>;
