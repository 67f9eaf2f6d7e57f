/**
 * The PWA chart as QA's model: what the top bar offers about the app itself (Install
 * App, Installed, Enable Notifications with the note that says why before the browser
 * asks (issue 41) and the note when it was refused, the new-version
 * prompt) and the system
 * notifications of a hidden page. The chart has one state; its context is what the
 * screen shows, so the graph's states are its contexts.
 */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { pwaMachine, type PwaContext } from '../../../machines/pwa/pwa.machine';
import type { ChartModel } from '../harness';
import { notificationWords, testSaid } from '../../said';

/** A live notification, as the root passes it on. */
export const NOTICE = {
  id: '90000000-0000-4000-8000-000000000001',
  ...notificationWords(testSaid('New connection request'), testSaid('Sam would like to connect.')),
  read: false,
  created_at: '2030-05-01T18:00:00.000Z',
  link: '/requests',
};

const ctx = (s: AnyMachineSnapshot) => s.context as PwaContext;

/** The events the app can cause: a button only while the top bar shows it. */
function events(type: string, s: AnyMachineSnapshot): AnyEventObject[] | undefined {
  const c = ctx(s);
  switch (type) {
    case 'install.available':
    case 'install.installed':
    case 'update.available':
      return [{ type }];
    case 'install.requested':
      return c.installAvailable && !c.installed ? [{ type }] : [];
    case 'update.accepted':
    case 'update.dismissed':
      return c.updateAvailable ? [{ type }] : [];
    case 'notifications.enableRequested':
      return c.permission === 'default' ? [{ type }] : [];
    // The note that says why (issue 41), shown while the permission is undecided.
    case 'notifications.whyAccepted':
    case 'notifications.whyDismissed':
      return c.explaining && c.permission === 'default' ? [{ type }] : [];
    case 'notifications.permissionChanged':
      return (['granted', 'denied'] as const).filter((p) => p !== c.permission).map((permission) => ({ type, permission, variant: permission }));
    // The browser's answer to Ada's asking (issue 39): yes, or no (a no without a prompt is the same to her).
    case 'notifications.answered':
      return c.permission === 'default' ? (['granted', 'denied'] as const).map((permission) => ({ type, permission, variant: permission })) : [];
    case 'notifications.noteDismissed':
      return c.notificationsOff ? [{ type }] : [];
    // Only a hidden page gets a system notification; on screen the toast says it.
    case 'live.notification':
      return [{ type, notification: NOTICE, pageHidden: true, variant: 'page hidden' }];
    default:
      return undefined;
  }
}

export const pwaModel: ChartModel = {
  name: 'PWA',
  // The walk cannot hide a page: the guard that asks the browser reads the event's flag instead.
  machine: pwaMachine.provide({ guards: { isPageHidden: ({ event }) => (event as { pageHidden?: boolean }).pageHidden === true } }),
  counted: pwaMachine,
  starts: [{ label: 'Ada signs in on a browser that can install Wallflower and has not been asked about notifications', input: { serviceWorker: false } }],
  events,
  serializeState: (s) => {
    const { serviceWorker: _sw, ...shown } = ctx(s);
    return JSON.stringify(shown);
  },
  say: (e) => {
    switch (e.type) {
      case 'install.available':
        return 'the browser offers to install the app';
      case 'install.installed':
        return 'the app is installed';
      case 'install.requested':
        return 'Ada presses Install App';
      case 'update.available':
        return 'a new version is waiting';
      case 'update.accepted':
        return 'Ada presses Reload';
      case 'update.dismissed':
        return 'Ada presses Later';
      case 'notifications.enableRequested':
        return 'Ada presses Enable Notifications';
      case 'notifications.whyAccepted':
        return 'Ada presses Turn on notifications on the note that says why';
      case 'notifications.whyDismissed':
        return 'Ada presses Not now on the note that says why';
      case 'notifications.permissionChanged':
        return `the browser says notifications are ${e.permission}`;
      case 'notifications.answered':
        return `the browser answers her asking: ${e.permission}`;
      case 'notifications.noteDismissed':
        return 'Ada dismisses the note that notifications are off';
      case 'live.notification':
        return 'a notification arrives while the page is hidden';
      default:
        return e.type;
    }
  },
  see: {
    running: (s, e) => {
      const c = ctx(s);
      const shown = [
        c.installed && 'Installed',
        c.installAvailable && !c.installed && 'Install App',
        c.permission === 'default' && 'Enable Notifications',
        c.updateAvailable && 'the new-version prompt',
        c.explaining && c.permission === 'default' && 'the note that says what notifications bring',
        c.notificationsOff && 'the note that notifications are off and how to allow them',
      ].filter(Boolean);
      const extra =
        e.type === 'install.requested'
          ? ' (the install prompt is asked for)'
          : e.type === 'update.accepted'
            ? ' (the waiting version is told to take over)'
            : e.type === 'notifications.whyAccepted'
              ? ' (the browser asks her)'
              : e.type === 'live.notification'
                ? ' and a system notification'
                : '';
      return `the top bar with ${shown.length ? shown.join(', ') : 'none of the app buttons'}${extra}`;
    },
  },
  about:
    'The top bar’s app buttons and the update prompt. The browser’s install prompt, service worker and notification ' +
    'permission are doubles the path drives; the system notification is a recorded action; a hidden page is the ' +
    'document’s visibilityState set to hidden.',
};
