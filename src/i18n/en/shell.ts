/**
 * The English words of the app's shell (App, the top bar, toasts, banners), which the
 * entry script carries, and the few every view says (Loading…, Try again, Back).
 */
import { t } from '@lingui/core/macro';
import { english } from '../i18n';
import { messages } from '../locales/en/shell.po';

english(messages);

export const SHELL = () => ({
  loading: t({ id: 'shell.loading', message: 'Loading…' }),
  viewCouldNotLoad: t({ id: 'shell.viewCouldNotLoad', message: 'This view could not load' }),
  appCouldNotLoad: t({ id: 'shell.appCouldNotLoad', message: 'Wallflower could not load' }),
  checkThenTryAgain: t({ id: 'shell.checkThenTryAgain', message: 'Check your connection, then try again.' }),
  checkThenReload: t({ id: 'shell.checkThenReload', message: 'Check your connection, then reload Wallflower to try again.' }),
  tryAgain: t({ id: 'shell.tryAgain', message: 'Try again' }),
  reload: t({ id: 'shell.reload', message: 'Reload' }),
  backToEvents: t({ id: 'shell.backToEvents', message: 'Back to events' }),
  back: t({ id: 'shell.back', message: 'Back' }),
  online: t({ id: 'shell.online', message: 'Online' }),
  offline: t({ id: 'shell.offline', message: 'Offline' }),
  installed: t({ id: 'shell.installed', message: 'Installed' }),
  installApp: t({ id: 'shell.installApp', message: 'Install App' }),
  enableNotifications: t({ id: 'shell.enableNotifications', message: 'Enable Notifications' }),
  newVersion: t({ id: 'shell.newVersion', message: 'A new version of Wallflower is ready.' }),
  later: t({ id: 'shell.later', message: 'Later' }),
  notifications: t({ id: 'shell.notifications', message: 'Notifications' }),
  open: t({ id: 'shell.open', message: 'Open' }),
  dismiss: t({ id: 'shell.dismiss', message: 'Dismiss' }),
  dismissMessage: t({ id: 'shell.dismissMessage', message: 'Dismiss message' }),
});
