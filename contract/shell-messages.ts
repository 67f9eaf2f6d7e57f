/**
 * The SPEC 8 messages the app's shell says itself (the root chart and the top bar, in the
 * entry script): apart from messages.ts so the entry carries these few and not every
 * message, which the views' chunks bring. MESSAGES holds them too, so they are still
 * written once and read everywhere as MESSAGES.<key>.
 */
export const SHELL_MESSAGES = {
  userNotLoggedIn: 'User not logged in',
  offline: 'You are offline. Some features may be limited.',
  loginSuccessful: 'Login successful!',
  registrationSuccessful: 'Registration successful!',
  loggedOut: 'Logged out successfully',
  // Not in SPEC 8: told when logging in brings a self-deactivated account back.
  accountReactivated: 'Welcome back! Your account is active again.',
} as const;
