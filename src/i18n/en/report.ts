/**
 * The English words of the report sheet (issue 16). Its reasons are the contract's
 * (REPORT_REASON_LABELS), said through say(): "Your reports" in privacy settings lists
 * them too, and a part of both would be a chunk of its own.
 */
import { REPORT_THANKS } from '../../../contract/report-texts';
import type { Part } from '../i18n';

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
