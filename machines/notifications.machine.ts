/**
 * notifications (SPEC 2, SPEC 4 "Notification unread becomes read through Mark Read"):
 * the user's notifications, loaded at sign-in and again on entering an event, grown
 * live. It lives while the user is signed in, so the events view's unread badge and the
 * list agree. Each live one is also a toast with its title and the unread count.
 */
import { assertEvent, assign, enqueueActions, fromPromise, sendParent, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { ADMIN_WARNING_TITLE } from '../contract/messages';
import type { Notification } from '../contract/social';
import { api, isUnauthorized, sessionExpiredBy } from './api/client';
import { logFailure } from './log';

export interface NotificationsContext {
  userId: string;
  notifications: Notification[];
  /** Ids waiting to be marked read, in the order asked; the first is on its way. */
  marking: string[];
}

export type NotificationsEvent =
  | { type: 'notifications.reloaded' }
  | { type: 'notifications.markRead'; id: string }
  | { type: 'live.reconnected' }
  | { type: 'live.notification'; notification: Notification };

/** 'New connection request · 2 unread' */
export const notificationToast = (title: string, unread: number): string => `${title} · ${unread} unread`;

/** A warning's toast says what the team wrote, not only that they wrote (SPEC: the title alone). */
export const toastHeadline = (n: Pick<Notification, 'title' | 'content'>): string =>
  n.title === ADMIN_WARNING_TITLE ? `${n.title}: “${n.content}”` : n.title;

export const unreadCount = (list: readonly Notification[]): number => list.filter((n) => !n.read).length;

export const notificationsMachine = setup({
  types: {
    context: {} as NotificationsContext,
    input: {} as { userId: string },
    events: {} as NotificationsEvent,
  },
  actors: {
    loadNotifications: fromPromise<Notification[], { userId: string }>(({ input }) => api.notifications(input.userId)),
    markRead: fromPromise<unknown, { userId: string; id: string }>(({ input }) =>
      api.markNotificationRead(input.userId, input.id),
    ),
  },
  guards: {
    isSessionGone: ({ event }) => isUnauthorized((event as { error?: unknown }).error),
    isUnreadAndNotAsked: ({ context, event }) => {
      assertEvent(event, 'notifications.markRead');
      return context.notifications.some((n) => n.id === event.id && !n.read) && !context.marking.includes(event.id);
    },
    hasMarking: ({ context }) => context.marking.length > 0,
  },
  actions: {
    addAndAnnounce: enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, 'live.notification');
      const list = [event.notification, ...context.notifications.filter((n) => n.id !== event.notification.id)];
      enqueue.assign({ notifications: list });
      enqueue.sendParent({
        type: 'toast.show',
        message: notificationToast(toastHeadline(event.notification), unreadCount(list)),
        kind: 'info',
      });
    }),
    askToMark: assign({
      marking: ({ context, event }) => {
        assertEvent(event, 'notifications.markRead');
        return [...context.marking, event.id];
      },
    }),
    markHeadRead: assign(({ context }) => ({
      notifications: context.notifications.map((n) => (n.id === context.marking[0] ? { ...n, read: true } : n)),
      marking: context.marking.slice(1),
    })),
    dropHead: assign({ marking: ({ context }) => context.marking.slice(1) }),
    logFailure: (_, params: { what: string; error: unknown }) => logFailure(params.what, params.error),
  },
}).createMachine({
  id: 'notifications',
  context: ({ input }) => ({ userId: input.userId, notifications: [], marking: [] }),
  on: {
    'live.notification': { actions: 'addAndAnnounce' },
    'notifications.markRead': { guard: 'isUnreadAndNotAsked', actions: 'askToMark' },
  },
  type: 'parallel',
  states: {
    list: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            src: 'loadNotifications',
            input: ({ context }) => ({ userId: context.userId }),
            onDone: { target: 'ready', actions: assign({ notifications: ({ event }) => event.output }) },
            onError: [
              { guard: 'isSessionGone', target: 'failed', actions: sendParent(({ event }) => sessionExpiredBy(event)) },
              {
                target: 'failed',
                actions: { type: 'logFailure', params: ({ event }) => ({ what: 'load notifications', error: event.error }) },
              },
            ],
          },
        },
        ready: { on: { 'notifications.reloaded': 'loading', 'live.reconnected': 'loading' } },
        failed: { on: { 'notifications.reloaded': 'loading', 'live.reconnected': 'loading' } },
      },
    },
    // Mark Read, one call at a time in the order asked.
    marker: {
      initial: 'idle',
      states: {
        idle: { always: { guard: 'hasMarking', target: 'marking' } },
        marking: {
          invoke: {
            src: 'markRead',
            input: ({ context }) => ({ userId: context.userId, id: context.marking[0]! }),
            onDone: { target: 'idle', actions: 'markHeadRead' },
            onError: [
              { guard: 'isSessionGone', target: 'idle', actions: ['dropHead', sendParent(({ event }) => sessionExpiredBy(event))] },
              {
                target: 'idle',
                actions: ['dropHead', { type: 'logFailure', params: ({ event }) => ({ what: 'mark notification read', error: event.error }) }],
              },
            ],
          },
        },
      },
    },
  },
});

export type NotificationsActorRef = ActorRefFrom<typeof notificationsMachine>;
export type NotificationsSnapshot = SnapshotFrom<typeof notificationsMachine>;

export const selectUnreadCount = (s: NotificationsSnapshot): number => unreadCount(s.context.notifications);
