/**
 * The English words of the app's shell (App, the top bar, toasts, banners), which the
 * entry script carries. Here each sentence is its own key, as in gettext: the entry holds
 * the words once, where they are shown (`shell('Online')`), and this type lists
 * them, so the German catalogue (src/i18n/de.ts) must have every one. The views' parts
 * (the other files here) are keyed objects instead: their chunks are not so tight, and
 * keys carry plurals and sentences with values.
 */
export type ShellWord =
  | 'Loading…'
  | 'This view could not load'
  | 'Wallflower could not load'
  | 'Check your connection, then try again.'
  | 'Check your connection, then reload Wallflower to try again.'
  | 'Try again'
  | 'Reload'
  | 'Back to events'
  | 'Back'
  | 'Online'
  | 'Offline'
  | 'Installed'
  | 'Install App'
  | 'Enable Notifications'
  | 'A new version of Wallflower is ready.'
  | 'Later'
  | 'Notifications'
  | 'Open'
  | 'Dismiss'
  | 'Dismiss message';
