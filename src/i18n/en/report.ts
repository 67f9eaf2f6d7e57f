/** The English words of the report sheet (issue 16), and the reasons "Your reports" lists too. */
import { REPORT_REASON_LABELS, REPORT_THANKS } from '../../../contract/report-texts';
import type { Part } from '../i18n';

/** What happened, as the sheet offers it and "Your reports" lists it. */
export const REPORT_REASON_WORDS = {
  id: 'reportReasons',
  en: REPORT_REASON_LABELS,
} satisfies Part<unknown>;

export const REPORT_SHEET = {
  id: 'reportSheet',
  en: {
    about: 'Only our moderators read reports, and nobody is told who sent one.',
    quote: 'What you are reporting',
    whatHappened: 'What happened?',
    note: "Anything you'd like to add? (optional)",
    send: 'Send report',
    sending: 'Sending…',
    cancel: 'Cancel',
    thanks: REPORT_THANKS as string,
    blocking: 'Blocking…',
    blockToo: 'Block them too',
    done: 'Done',
  },
} satisfies Part<unknown>;
