/** The English words of the profile's email section (issue 41). */
import { t } from '@lingui/core/macro';
import { english } from '../i18n';
import { messages } from '../locales/en/email-settings.po';

english(messages);

export const EMAIL_SETTINGS = () => ({
  title: t({ id: 'emailSettings.title', message: 'Email' }),
  confirmed: (email: string) => t({ id: 'emailSettings.confirmed', message: `${email} is confirmed.` }),
  waiting: (email: string) =>
    t({ id: 'emailSettings.waiting', message: `${email} is not confirmed yet: we sent a link to it. Until it is followed, no reminders are emailed there.` }),
  sendAgain: t({ id: 'emailSettings.sendAgain', message: 'Send the link again' }),
  sending: t({ id: 'emailSettings.sending', message: 'Sending…' }),
  sent: t({ id: 'emailSettings.sent', message: 'On its way. Check your inbox.' }),
  reminders: t({ id: 'emailSettings.reminders', message: 'Remind me of meetings by email too' }),
  remindersHint: t({ id: 'emailSettings.remindersHint', message: 'An email 5 minutes before each meeting, besides the notification.' }),
  remindersWaitHint: t({ id: 'emailSettings.remindersWaitHint', message: 'Emails start once your address is confirmed.' }),
});
