/** The English words of "I'm heading off" in a chat (issue 43 item 5): its sheet of lines and the resting banner. */
import { HEADING_OFF_LINES, KIND_ENDING_WORDS, type HeadingOffLineId } from '../../../contract/kind-endings';
import { english, say, sayAll } from '../i18n';
import { messages } from '../locales/en/kind-endings.po';

english(messages);

export const KIND_ENDINGS = () => ({
  ...sayAll(KIND_ENDING_WORDS),
  /** Each line as it is sent, in the language shown. */
  lines: Object.fromEntries(HEADING_OFF_LINES.map((l) => [l.id, say(l.text)])) as Record<HeadingOffLineId, string>,
});
