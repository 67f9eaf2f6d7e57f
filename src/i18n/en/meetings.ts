/** The English words of My meetings (issue 19): the person's 1:1 meetings, by what they wait for. */
import { t } from '@lingui/core/macro';
import { MEETINGS_WORDS } from '../../../machines/meetings/meetings.machine';
import { english, sayAll } from '../i18n';
import { messages } from '../locales/en/meetings.po';

english(messages);

export const MEETINGS = () => ({
  ...sayAll(MEETINGS_WORDS),
  with: (name: string) => t({ id: 'chatMeetings.with', message: `With ${name}` }),
});
