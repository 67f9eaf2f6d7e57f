/**
 * What the top bar offers about the app itself (SPEC 2 "Top bar", SPEC 4): Install App
 * until it is installed, Enable Notifications until permission is decided (a calm note
 * when the person asked and the browser said no, issue 39; the browser is asked only
 * after a tap on a note that says what they will be told, issue 41), and a reload
 * prompt when a new version waits. Live notifications become system notifications
 * while the page is hidden. The browser is reached only through the actors and actions
 * below, so tests provide fakes.
 */
import { and, assign, sendTo, setup, type ActorRefFrom, type AnyActorRef } from 'xstate';
import { wantPushHere, type PushPermitted } from './push-events';
import {
  installActor,
  notificationPermissionActor,
  serviceWorkerActor,
  showSystemNotification,
  type PwaEvent,
  type SystemNotification,
} from './pwa.actors';
import type { Notification } from '../../contract/social';
import type { Said } from '../../contract/said';
import { contentOf, titleOf } from '../session/notification-words';

export type Permission = NotificationPermission | 'unsupported';

/** Said under the top bar when the person asked for notifications and did not get them (issue 39). */
export const NOTIFICATIONS_OFF: Said = /*i18n*/ {
  id: 'pwa.notificationsOff',
  message: "Notifications are off. To get them, allow notifications for this site in your browser's settings.",
};

export type PwaMachineEvent =
  | PwaEvent
  | { type: 'install.requested' }
  | { type: 'update.accepted' }
  | { type: 'update.dismissed' }
  | { type: 'notifications.enableRequested' }
  // The note that says why (issue 41): yes asks the browser, not now closes it.
  | { type: 'notifications.whyAccepted' }
  | { type: 'notifications.whyDismissed' }
  | { type: 'notifications.noteDismissed' }
  // The switchboard passes on the live channel's notification message as it came.
  | { type: 'live.notification'; notification: Notification; quiet?: boolean };

export interface PwaContext {
  installAvailable: boolean;
  installed: boolean;
  updateAvailable: boolean;
  permission: Permission;
  /** The person asked for notifications and did not get them: the top bar says how to allow them (its words here, not in the entry). */
  notificationsOff: Said | null;
  /** Enable Notifications was pressed: a note says what will come, before the browser asks (issue 41). */
  explaining: boolean;
  /** Off in development and tests, where no /sw.js is built. */
  serviceWorker: boolean;
}

export const pwaMachine = setup({
  types: {
    context: {} as PwaContext,
    events: {} as PwaMachineEvent,
    input: {} as { serviceWorker: boolean },
  },
  actors: { install: installActor, serviceWorker: serviceWorkerActor, notificationPermission: notificationPermissionActor },
  guards: {
    isNotInstalled: ({ context }) => !context.installed,
    isPermissionGranted: ({ context }) => context.permission === 'granted',
    isExplaining: ({ context }) => context.explaining && context.permission === 'default',
    // Only while the person is elsewhere: on screen, the toast already says it.
    isPageHidden: () => typeof document !== 'undefined' && document.visibilityState === 'hidden',
  },
  actions: {
    showSystemNotification: (_, params: SystemNotification) => {
      void showSystemNotification(params).catch(() => undefined);
    },
    // The push chart runs only while someone is signed in; signed out, it subscribes when a session starts.
    tellPush: ({ system }, params: { granted: boolean }) => {
      if (!params.granted) return;
      const push: AnyActorRef | undefined = system.get('push');
      if (push) push.send({ type: 'push.permitted' } satisfies PushPermitted);
      else wantPushHere();
    },
  },
}).createMachine({
  id: 'pwa',
  context: ({ input }) => ({
    installAvailable: false,
    installed: false,
    updateAvailable: false,
    permission: 'default',
    notificationsOff: null,
    explaining: false,
    serviceWorker: input.serviceWorker,
  }),
  invoke: [
    { src: 'install', id: 'install' },
    { src: 'serviceWorker', id: 'serviceWorker', input: ({ context }) => ({ enabled: context.serviceWorker }) },
    { src: 'notificationPermission', id: 'notificationPermission' },
  ],
  on: {
    'install.available': { guard: 'isNotInstalled', actions: assign({ installAvailable: true }) },
    'install.installed': { actions: assign({ installed: true, installAvailable: false }) },
    'install.requested': { actions: sendTo('install', { type: 'install.requested' }) },
    'update.available': { actions: assign({ updateAvailable: true }) },
    'update.accepted': { actions: sendTo('serviceWorker', { type: 'update.accepted' }) },
    'update.dismissed': { actions: assign({ updateAvailable: false }) },
    'notifications.permissionChanged': { actions: assign({ permission: ({ event }) => event.permission }) },
    // Never the browser's prompt at once: first what they would be told, and that it is their choice.
    'notifications.enableRequested': { actions: assign({ notificationsOff: null, explaining: true }) },
    'notifications.whyDismissed': { actions: assign({ explaining: false }) },
    'notifications.whyAccepted': {
      guard: 'isExplaining',
      actions: [assign({ explaining: false }), sendTo('notificationPermission', { type: 'notifications.enableRequested' })],
    },
    // Pressing Enable Notifications never does nothing: a no (or a closed prompt) is answered with the note.
    'notifications.answered': {
      actions: [
        assign({ permission: ({ event }) => event.permission, notificationsOff: ({ event }) => (event.permission === 'granted' ? null : NOTIFICATIONS_OFF) }),
        // A yes subscribes this device to pushes, when someone is signed in (push.machine.ts).
        { type: 'tellPush', params: ({ event }) => ({ granted: event.permission === 'granted' }) },
      ],
    },
    'notifications.noteDismissed': { actions: assign({ notificationsOff: null }) },
    'live.notification': {
      // Never for a quiet one (issue 18: the person's energy is low).
      guard: and(['isPermissionGranted', 'isPageHidden', ({ event }) => !event.quiet]),
      actions: {
        type: 'showSystemNotification',
        params: ({ event }) => ({
          // Said in the language the app shows (issue 38), as the page hands them to the service worker.
          title: titleOf(event.notification),
          body: contentOf(event.notification),
          tag: event.notification.id,
          // A click opens what the notification is about (issue 13), else the app.
          url: event.notification.link ?? '/',
        }),
      },
    },
  },
});

export type PwaActorRef = ActorRefFrom<typeof pwaMachine>;
