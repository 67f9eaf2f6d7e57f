/**
 * The browser's PWA surfaces as actors of the root chart: the install prompt, the
 * waiting service worker, and system notifications. Each only reports to the chart
 * and does what the chart asks, so tests provide fakes.
 */
import { fromCallback } from 'xstate';
import type { Said } from '../../contract/said';
import { sayShown } from './shown-words';
import { takeInstallPrompt, type BeforeInstallPromptEvent } from './install-prompt';

export type PwaEvent =
  | { type: 'install.available' }
  | { type: 'install.installed' }
  | { type: 'update.available' }
  | { type: 'notifications.permissionChanged'; permission: NotificationPermission | 'unsupported' }
  // The browser's answer when the person asked (it may be no without a prompt, or the prompt closed).
  | { type: 'notifications.answered'; permission: NotificationPermission };

/** Install App / Installed: beforeinstallprompt, appinstalled, standalone display. */
export const installActor = fromCallback<{ type: 'install.requested' }>(({ sendBack, receive }) => {
  if (typeof window === 'undefined' || typeof window.addEventListener !== 'function') return () => {};
  // A prompt the browser offered before this chart's chunk arrived (kept by the entry).
  let deferred: BeforeInstallPromptEvent | null = takeInstallPrompt();
  const standalone =
    (typeof window.matchMedia === 'function' && window.matchMedia('(display-mode: standalone)').matches) ||
    (typeof navigator !== 'undefined' && (navigator as Navigator & { standalone?: boolean }).standalone === true);
  if (standalone) sendBack({ type: 'install.installed' } satisfies PwaEvent);
  else if (deferred) sendBack({ type: 'install.available' } satisfies PwaEvent);
  const onPrompt = (e: Event) => {
    e.preventDefault();
    deferred = e as BeforeInstallPromptEvent;
    sendBack({ type: 'install.available' } satisfies PwaEvent);
  };
  const onInstalled = () => sendBack({ type: 'install.installed' } satisfies PwaEvent);
  window.addEventListener('beforeinstallprompt', onPrompt);
  window.addEventListener('appinstalled', onInstalled);
  receive(() => {
    const prompt = deferred;
    deferred = null;
    if (!prompt) return;
    void prompt.prompt().then(() =>
      prompt.userChoice.then((c) => {
        if (c.outcome === 'accepted') sendBack({ type: 'install.installed' } satisfies PwaEvent);
      }),
    );
  });
  return () => {
    window.removeEventListener('beforeinstallprompt', onPrompt);
    window.removeEventListener('appinstalled', onInstalled);
  };
});

/**
 * Registers /sw.js; reports a waiting new version; on 'update.accepted' tells it to
 * take over and reloads once it controls the page.
 */
export const serviceWorkerActor = fromCallback<{ type: 'update.accepted' }, { enabled: boolean }>(
  ({ sendBack, receive, input }) => {
    if (!input.enabled || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return () => {};
    let stopped = false;
    let wb: import('workbox-window').Workbox | null = null;
    void import('workbox-window').then(({ Workbox }) => {
      if (stopped) return;
      wb = new Workbox('/sw.js');
      wb.addEventListener('waiting', () => sendBack({ type: 'update.available' } satisfies PwaEvent));
      void wb.register();
    });
    receive(() => {
      if (!wb) return;
      wb.addEventListener('controlling', () => window.location.reload());
      wb.messageSkipWaiting();
    });
    return () => {
      stopped = true;
    };
  },
);

/** Notification permission: reports it, asks for it when told and reports the answer. */
export const notificationPermissionActor = fromCallback<{ type: 'notifications.enableRequested' }>(
  ({ sendBack, receive }) => {
    const supported = typeof window !== 'undefined' && typeof Notification !== 'undefined' && 'Notification' in window;
    const report = (permission: NotificationPermission | 'unsupported') =>
      sendBack({ type: 'notifications.permissionChanged', permission } satisfies PwaEvent);
    report(supported ? Notification.permission : 'unsupported');
    receive(() => {
      if (!supported) return;
      void Notification.requestPermission().then(
        (permission) => sendBack({ type: 'notifications.answered', permission } satisfies PwaEvent),
        () => sendBack({ type: 'notifications.answered', permission: 'denied' } satisfies PwaEvent),
      );
    });
    return () => {};
  },
);

export interface SystemNotification {
  title: Said;
  body: Said;
  tag?: string;
  url?: string;
}

/**
 * Hands a notification to the service worker, which shows it as a system notification:
 * its words in the language the app shows now (./shown-words.ts).
 */
export async function showSystemNotification(n: SystemNotification): Promise<void> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const reg = await navigator.serviceWorker.ready;
  reg.active?.postMessage({ type: 'wallflower.notify', ...n, title: sayShown(n.title), body: sayShown(n.body) });
}
