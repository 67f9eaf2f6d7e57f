/**
 * Every user-facing message of SPEC 8, written once. Client and server both import
 * from here, so a string is never typed twice and a test can compare against it.
 */
import { SHELL_MESSAGES } from './shell-messages';

export const MESSAGES = {
  // Those the shell says itself (the login toasts, offline, a lost session) live apart.
  ...SHELL_MESSAGES,

  invalidAdminCredentials: 'Invalid admin credentials',

  failedCreateEvent: 'Failed to create event',
  failedJoinEvent: 'Failed to join event',
  failedBanUser: 'Failed to ban user',
  failedUnbanUser: 'Failed to unban user',
  failedWarnUser: 'Failed to warn user',
  failedDeleteUser: 'Failed to delete user',
  failedLoadAdminSettings: 'Failed to load admin settings',
  failedUpdateProfile: 'Failed to update profile',
  failedDeactivateAccount: 'Failed to deactivate account',
  failedLoadEventAttendees: 'Failed to load event attendees',
  failedLoadConnectionRequests: 'Failed to load connection requests',
  failedLoadConnections: 'Failed to load connections',
  failedUpgradeSubscription: 'Failed to upgrade subscription',
  adminUserNotLoaded: 'Admin user not loaded',

  // Fallbacks used when the server's answer has no detail.
  registrationFailed: 'Registration failed',
  loginFailed: 'Login failed',
  failedChangePassword: 'Failed to change password',
  failedChangeUsername: 'Failed to change username',
  failedRespondToRequest: 'Failed to respond to request',
  failedSendConnectionRequest: 'Failed to send connection request',

  passwordsDoNotMatch: 'Passwords do not match',
  passwordTooShort: 'Password must be at least 6 characters long',
  usernameTooShort: 'Username must be at least 3 characters long',
  loginFieldsRequired: 'Please enter username/email and password',
  newPasswordsDoNotMatch: 'New passwords do not match',
  newPasswordTooShort: 'New password must be at least 6 characters long',
  duplicateEvent:
    'An event already exists at this location and time. Please choose a different time or location.',

  profileUpdated: 'Profile updated successfully',
  passwordChanged: 'Password changed successfully',
  usernameChanged: 'Username changed successfully',
  userBanned: 'User banned successfully',
  userUnbanned: 'User unbanned successfully',
  warningIssued: 'Warning issued successfully',
  userDeleted: 'User deleted successfully',
  accountDeactivated: 'Account deactivated successfully',
  connectionRequestSent: 'Connection request sent discreetly',
  connectionAccepted: 'Connection accepted! You can now chat.',
  connectionDeclined: 'Connection request declined discreetly',
  contactExchangeSent: 'Contact exchange request sent!',
} as const;

export type MessageKey = keyof typeof MESSAGES;

/** The 409s of register and profile (not SPEC 8's): said beside the field that is taken. */
export const ACCOUNT_TAKEN = {
  username: 'That username is already taken',
  email: 'An account with that email already exists',
} as const;

/**
 * Server details a person may read on the login and register forms (not SPEC 8's): here,
 * so the server says them and the client's German catalogue (src/i18n/de.ts) knows them.
 */
export const SERVER_DETAILS = {
  wrongLogin: 'Incorrect username/email or password',
  tooManyAttempts: 'Too many attempts. Please wait a moment and try again.',
  tooManyRequests: 'Too many requests. Please slow down.',
  serverError: 'Something went wrong on our side. Please try again.',
} as const;

/** Title of the notification a warned user receives (its toast says the admin's words too). */
export const ADMIN_WARNING_TITLE = 'A note from the Wallflower team';

/** 'Upgraded to {plan} plan!' */
export const upgradedToPlan = (plan: string): string => `Upgraded to ${plan} plan!`;

/** Hints shown beside password and username fields (SPEC 5). */
export const HINTS = {
  userPassword: 'Must be at least 6 characters long',
  adminPassword: 'At least 8 characters, with upper case, lower case and digits',
  adminUsername: 'At least 3 characters, letters and numbers only. Your current password is required.',
} as const;
