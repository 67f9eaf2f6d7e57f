/** The English words of the login view (SPEC 2 login, with registration). */
import { t } from '@lingui/core/macro';
import { english } from '../i18n';
import { messages } from '../locales/en/login.po';

english(messages);

export const LOGIN = () => ({
  /** The login view's heading for a first-time visitor on this device (issue 39 item 4). */
  welcome: t({ id: 'login.welcome', message: 'Welcome to Wallflower' }),
  welcomeBack: t({ id: 'login.welcomeBack', message: 'Welcome back' }),
  joinWallflower: t({ id: 'login.joinWallflower', message: 'Join Wallflower' }),
  intro: t({ id: 'login.intro', message: 'Meet people at events at your own pace. Nobody sees a request you decline.' }),
  logIn: t({ id: 'login.logIn', message: 'Log in' }),
  loggingIn: t({ id: 'login.loggingIn', message: 'Logging in…' }),
  register: t({ id: 'login.register', message: 'Register' }),
  registering: t({ id: 'login.registering', message: 'Creating your account…' }),
  usernameOrEmail: t({ id: 'login.usernameOrEmail', message: 'Username or email' }),
  password: t({ id: 'login.password', message: 'Password' }),
  username: t({ id: 'login.username', message: 'Username' }),
  usernameHint: t({ id: 'login.usernameHint', message: 'At least 3 characters' }),
  name: t({ id: 'login.name', message: 'Name' }),
  email: t({ id: 'login.email', message: 'Email' }),
  // SPEC 5's hint, word for word (HINTS.userPassword).
  passwordHint: t({ id: 'login.passwordHint', message: 'Must be at least 6 characters long' }),
  confirmPassword: t({ id: 'login.confirmPassword', message: 'Confirm password' }),
  newHere: t({ id: 'login.newHere', message: 'New here?' }),
  haveAccount: t({ id: 'login.haveAccount', message: 'Already have an account?' }),
  createAccount: t({ id: 'login.createAccount', message: 'Create an account' }),
  logInInstead: t({ id: 'login.logInInstead', message: 'Log in instead' }),
  /** Issue 41: opens the reset-password view. */
  forgotPassword: t({ id: 'login.forgotPassword', message: 'Forgot your password?' }),
  accessibility: t({ id: 'login.accessibility', message: 'Accessibility' }),
  /** Issue 41: a passkey of this device signs in with no name or password. */
  logInWithPasskey: t({ id: 'login.logInWithPasskey', message: 'Log in with a passkey' }),
  waitingForPasskey: t({ id: 'login.waitingForPasskey', message: 'Waiting for your passkey…' }),
});

/** The English words of the notice a banned person reads on the login view. */
export const BAN = () => ({
  bannedUntil: (when: string) => t({ id: 'ban.bannedUntil', message: `Your account is banned until ${when}` }),
  banned: t({ id: 'ban.banned', message: 'Your account is banned' }),
  reason: t({ id: 'ban.reason', message: 'The reason the Wallflower team gave: ' }),
  whileItLasts:
    t({ id: 'ban.whileItLasts', message: 'While it lasts nobody sees your profile. After that you can log in again as usual: your profile, connections and messages are kept.' }),
  noEnd: t({ id: 'ban.noEnd', message: 'This ban has no end date, and nobody sees your profile.' }),
  /** Around the support address, a link: "If you think this is a mistake, write to", address, "and say which account it is." */
  writeTo: [
    t({ id: 'ban.writeTo.before', message: 'If you think this is a mistake, write to ' }),
    t({ id: 'ban.writeTo.after', message: ' and say which account it is.' }),
  ] as [string, string],
  tellOrganisers: t({ id: 'ban.tellOrganisers', message: 'If you think this is a mistake, tell the organisers of your event; they can reach the Wallflower team.' }),
  understood: t({ id: 'ban.understood', message: 'I understand' }),
});
