/** The English words of the pages an email's link opens (issue 41): a new password, a confirmed address. */
import { t } from '@lingui/core/macro';
import { english } from '../i18n';
import { messages } from '../locales/en/reset.po';

english(messages);

export const RESET = () => ({
  askTitle: t({ id: 'reset.askTitle', message: 'Forgot your password?' }),
  askIntro: t({ id: 'reset.askIntro', message: "It happens. Enter the email address of your account and we'll send you a link to choose a new password." }),
  email: t({ id: 'reset.email', message: 'Email' }),
  send: t({ id: 'reset.send', message: 'Send me a link' }),
  sending: t({ id: 'reset.sending', message: 'Sending…' }),
  sentTitle: t({ id: 'reset.sentTitle', message: 'Check your inbox' }),
  sent: t({
    id: 'reset.sent',
    message: 'If an account has this address, a link is on its way to it. It works for 30 minutes. Nothing there after a few minutes? Have a look in the spam folder.',
  }),
  chooseTitle: t({ id: 'reset.chooseTitle', message: 'Choose a new password' }),
  chooseIntro: t({ id: 'reset.chooseIntro', message: "Once it is set, you're signed out everywhere and log in with the new one." }),
  newPassword: t({ id: 'reset.newPassword', message: 'New password' }),
  passwordHint: t({ id: 'reset.passwordHint', message: 'Must be at least 6 characters long' }),
  confirmPassword: t({ id: 'reset.confirmPassword', message: 'Confirm new password' }),
  save: t({ id: 'reset.save', message: 'Set new password' }),
  saving: t({ id: 'reset.saving', message: 'Setting it…' }),
  linkTitle: t({ id: 'reset.linkTitle', message: "This link can't be used" }),
  askAgain: t({ id: 'reset.askAgain', message: 'Ask for a new link' }),
  backToLogin: t({ id: 'reset.backToLogin', message: 'Back to log in' }),
});

export const VERIFY = () => ({
  verifying: t({ id: 'verify.verifying', message: 'Confirming your address…' }),
  verifiedTitle: t({ id: 'verify.verifiedTitle', message: 'Thank you, your address is confirmed' }),
  verified: t({ id: 'verify.verified', message: 'Reminders you ask for by email can reach you there now.' }),
  failedTitle: t({ id: 'verify.failedTitle', message: "This address couldn't be confirmed" }),
  continue: t({ id: 'verify.continue', message: 'Continue' }),
});
