/**
 * The SPEC 8 messages the app's shell says itself (the root chart and the top bar, in the
 * entry script): apart from messages.ts so the entry carries these few and not every
 * message, which the views' chunks bring. MESSAGES holds them too, so they are still
 * written once and read everywhere as MESSAGES.<key>.
 */

export const SHELL_MESSAGES = {
  userNotLoggedIn: /*i18n*/ { id: 'message.userNotLoggedIn', message: 'User not logged in' },
  offline: /*i18n*/ { id: 'message.offline', message: 'You are offline. Some features may be limited.' },
  loginSuccessful: /*i18n*/ { id: 'message.loginSuccessful', message: 'Login successful!' },
  registrationSuccessful: /*i18n*/ { id: 'message.registrationSuccessful', message: 'Registration successful!' },
  loggedOut: /*i18n*/ { id: 'message.loggedOut', message: 'Logged out successfully' },
  // Not in SPEC 8: told when logging in brings a self-deactivated account back.
  accountReactivated: /*i18n*/ { id: 'message.accountReactivated', message: 'Welcome back! Your account is active again.' },
} as const;
