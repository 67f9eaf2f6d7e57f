/**
 * The English words of the report sheet (issue 16). Its reasons are the contract's
 * (REPORT_REASON_LABELS), said through say(): "Your reports" in privacy settings lists
 * them too, and a part of both would be a chunk of its own.
 */
import { t } from '@lingui/core/macro';
import { REPORT_THANKS } from '../../../contract/report-texts';
import { english, say } from '../i18n';
import { messages } from '../locales/en/report.po';

english(messages);

export const REPORT_SHEET = () => ({
  about: t({ id: 'reportSheet.about', message: 'Only our moderators read reports, and nobody is told who sent one.' }),
  quote: t({ id: 'reportSheet.quote', message: 'What you are reporting' }),
  whatHappened: t({ id: 'reportSheet.whatHappened', message: 'What happened?' }),
  note: t({ id: 'reportSheet.note', message: "Anything you'd like to add? (optional)" }),
  send: t({ id: 'reportSheet.send', message: 'Send report' }),
  sending: t({ id: 'reportSheet.sending', message: 'Sending…' }),
  cancel: t({ id: 'reportSheet.cancel', message: 'Cancel' }),
  thanks: say(REPORT_THANKS),
  blocking: t({ id: 'reportSheet.blocking', message: 'Blocking…' }),
  blockToo: t({ id: 'reportSheet.blockToo', message: 'Block them too' }),
  done: t({ id: 'reportSheet.done', message: 'Done' }),
});
