/** The English words of the meeting sheet (issue 19): how long, when and where, and the Suggest button. */
import { t } from '@lingui/core/macro';
import { MEETING_SHEET_WORDS } from '../../../machines/meetings/meeting-sheet.machine';
import { english, sayAll } from '../i18n';
import { messages } from '../locales/en/meeting-sheet.po';

english(messages);

export const MEETING_SHEET = () => ({
  ...sayAll(MEETING_SHEET_WORDS),
  loadingZones: t({ id: 'chatMeetingSheet.loadingZones', message: 'Loading the safe zones…' }),
});
