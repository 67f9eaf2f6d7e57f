/**
 * Every user-facing message of SPEC 8, written once. Client and server both import
 * from here, so a string is never typed twice and a test can compare against it.
 */
import { sentence, type Said } from './said';
import { SHELL_MESSAGES } from './shell-messages';

export const MESSAGES = {
  // Those the shell says itself (the login toasts, offline, a lost session) live apart.
  ...SHELL_MESSAGES,

  invalidAdminCredentials: /*i18n*/ { id: 'message.invalidAdminCredentials', message: 'Invalid admin credentials' },

  failedCreateEvent: /*i18n*/ { id: 'message.failedCreateEvent', message: 'Failed to create event' },
  failedJoinEvent: /*i18n*/ { id: 'message.failedJoinEvent', message: 'Failed to join event' },
  failedBanUser: /*i18n*/ { id: 'message.failedBanUser', message: 'Failed to ban user' },
  failedUnbanUser: /*i18n*/ { id: 'message.failedUnbanUser', message: 'Failed to unban user' },
  failedWarnUser: /*i18n*/ { id: 'message.failedWarnUser', message: 'Failed to warn user' },
  failedDeleteUser: /*i18n*/ { id: 'message.failedDeleteUser', message: 'Failed to delete user' },
  failedLoadAdminSettings: /*i18n*/ { id: 'message.failedLoadAdminSettings', message: 'Failed to load admin settings' },
  failedUpdateProfile: /*i18n*/ { id: 'message.failedUpdateProfile', message: 'Failed to update profile' },
  failedDeactivateAccount: /*i18n*/ { id: 'message.failedDeactivateAccount', message: 'Failed to deactivate account' },
  failedLoadEventAttendees: /*i18n*/ { id: 'message.failedLoadEventAttendees', message: 'Failed to load event attendees' },
  failedLoadConnectionRequests: /*i18n*/ { id: 'message.failedLoadConnectionRequests', message: 'Failed to load connection requests' },
  failedLoadConnections: /*i18n*/ { id: 'message.failedLoadConnections', message: 'Failed to load connections' },
  failedUpgradeSubscription: /*i18n*/ { id: 'message.failedUpgradeSubscription', message: 'Failed to upgrade subscription' },
  adminUserNotLoaded: /*i18n*/ { id: 'message.adminUserNotLoaded', message: 'Admin user not loaded' },

  // Fallbacks used when the server's answer has no detail.
  registrationFailed: /*i18n*/ { id: 'message.registrationFailed', message: 'Registration failed' },
  loginFailed: /*i18n*/ { id: 'message.loginFailed', message: 'Login failed' },
  failedChangePassword: /*i18n*/ { id: 'message.failedChangePassword', message: 'Failed to change password' },
  failedChangeUsername: /*i18n*/ { id: 'message.failedChangeUsername', message: 'Failed to change username' },
  failedRespondToRequest: /*i18n*/ { id: 'message.failedRespondToRequest', message: 'Failed to respond to request' },
  failedSendConnectionRequest: /*i18n*/ { id: 'message.failedSendConnectionRequest', message: 'Failed to send connection request' },

  passwordsDoNotMatch: /*i18n*/ { id: 'message.passwordsDoNotMatch', message: 'Passwords do not match' },
  passwordTooShort: /*i18n*/ { id: 'message.passwordTooShort', message: 'Password must be at least 6 characters long' },
  usernameTooShort: /*i18n*/ { id: 'message.usernameTooShort', message: 'Username must be at least 3 characters long' },
  loginFieldsRequired: /*i18n*/ { id: 'message.loginFieldsRequired', message: 'Please enter username/email and password' },
  newPasswordsDoNotMatch: /*i18n*/ { id: 'message.newPasswordsDoNotMatch', message: 'New passwords do not match' },
  newPasswordTooShort: /*i18n*/ { id: 'message.newPasswordTooShort', message: 'New password must be at least 6 characters long' },
  duplicateEvent: /*i18n*/ {
    id: 'message.duplicateEvent',
    message: 'An event already exists at this location and time. Please choose a different time or location.',
  },

  profileUpdated: /*i18n*/ { id: 'message.profileUpdated', message: 'Profile updated successfully' },
  passwordChanged: /*i18n*/ { id: 'message.passwordChanged', message: 'Password changed successfully' },
  usernameChanged: /*i18n*/ { id: 'message.usernameChanged', message: 'Username changed successfully' },
  userBanned: /*i18n*/ { id: 'message.userBanned', message: 'User banned successfully' },
  userUnbanned: /*i18n*/ { id: 'message.userUnbanned', message: 'User unbanned successfully' },
  warningIssued: /*i18n*/ { id: 'message.warningIssued', message: 'Warning issued successfully' },
  userDeleted: /*i18n*/ { id: 'message.userDeleted', message: 'User deleted successfully' },
  accountDeactivated: /*i18n*/ { id: 'message.accountDeactivated', message: 'Account deactivated successfully' },
  connectionRequestSent: /*i18n*/ { id: 'message.connectionRequestSent', message: 'Connection request sent discreetly' },
  connectionAccepted: /*i18n*/ { id: 'message.connectionAccepted', message: 'Connection accepted! You can now chat.' },
  connectionDeclined: /*i18n*/ { id: 'message.connectionDeclined', message: 'Connection request declined discreetly' },
  contactExchangeSent: /*i18n*/ { id: 'message.contactExchangeSent', message: 'Contact exchange request sent!' },
} as const;

export type MessageKey = keyof typeof MESSAGES;

/** The 409s of register and profile (not SPEC 8's): said beside the field that is taken. */
export const ACCOUNT_TAKEN = {
  username: /*i18n*/ { id: 'account.taken.username', message: 'That username is already taken' },
  email: /*i18n*/ { id: 'account.taken.email', message: 'An account with that email already exists' },
} as const;

/**
 * Server details a person may read on the login and register forms (not SPEC 8's): here,
 * so the server says them and the client's German catalogue (src/i18n/de.ts) knows them.
 */
export const SERVER_DETAILS = {
  wrongLogin: /*i18n*/ { id: 'server.wrongLogin', message: 'Incorrect username/email or password' },
  tooManyAttempts: /*i18n*/ { id: 'server.tooManyAttempts', message: 'Too many attempts. Please wait a moment and try again.' },
  tooManyRequests: /*i18n*/ { id: 'server.tooManyRequests', message: 'Too many requests. Please slow down.' },
  serverError: /*i18n*/ { id: 'server.serverError', message: 'Something went wrong on our side. Please try again.' },
} as const;

/** Title of the notification a warned user receives (its toast says the admin's words too). */
export const ADMIN_WARNING_TITLE: Said = /*i18n*/ { id: 'notification.adminWarning.title', message: 'A note from the Wallflower team' };

/** 'Upgraded to {plan} plan!' */
export const upgradedToPlan = sentence(
  /*i18n*/ { id: 'message.upgradedToPlan', message: 'Upgraded to {plan} plan!' },
  ({ plan }: { plan: string }) => `Upgraded to ${plan} plan!`,
);

/** Hints shown beside password and username fields (SPEC 5). */
export const HINTS = {
  userPassword: /*i18n*/ { id: 'hint.userPassword', message: 'Must be at least 6 characters long' },
  adminPassword: /*i18n*/ { id: 'hint.adminPassword', message: 'At least 8 characters, with upper case, lower case and digits' },
  adminUsername: /*i18n*/ { id: 'hint.adminUsername', message: 'At least 3 characters, letters and numbers only. Your current password is required.' },
} as const;
