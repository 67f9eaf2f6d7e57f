/** The English words of the meeting sheet (issue 19): how long, when and where, and the Suggest button. */
import { MEETING_SHEET_WORDS } from '../../../machines/meetings/meeting-sheet.machine';
import type { Part } from '../i18n';
import type { Widened } from './widened';

export const MEETING_SHEET = {
  id: 'chatMeetingSheet',
  en: {
    ...(MEETING_SHEET_WORDS as Widened<typeof MEETING_SHEET_WORDS>),
    loadingZones: 'Loading the safe zones…',
  },
} satisfies Part<unknown>;
