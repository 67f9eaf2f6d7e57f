/**
 * notifications (SPEC 2, SPEC 4 "Notification unread becomes read through Mark Read"):
 * the user's notifications, loaded at sign-in and again on entering an event, grown
 * live. It lives while the user is signed in, so the events view's unread badge and the
 * list agree. Each live one is also a toast with its title and what it is about.
 * Issue 13: a notification with a link opens its view (and becomes read); "Mark all
 * read" marks every one at once, and puts them back if the server says no.
 */
import { assertEvent, assign, enqueueActions, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { ADMIN_WARNING_TITLE } from '../../contract/messages';
import { ORGANIZER_NOTES } from '../../contract/organizer-words';
import { WELCOME_BACK } from '../../contract/safety-words';
import type { Notification } from '../../contract/social';
import { api } from '../api/client';
import { isSessionGone, reportSessionGone, reportedOrLogged } from '../session-gone';
import { logFailure } from '../log';
import { englishOf, sentence, type Said, type SaidValue } from '../../contract/said';
import { contentOf, titleOf } from './notification-words';

export { contentOf, titleOf };

export interface NotificationsContext {
  userId: string;
  notifications: Notification[];
  /** Ids waiting to be marked read, in the order asked; the first is on its way. */
  marking: string[];
  /** Ids "Mark all read" shows read before the server has said so (put back if it fails). */
  markingAll: string[];
  /** Said under "Mark all read" when it failed; null otherwise. */
  markAllError: Said | null;
}

export type NotificationsEvent =
  | { type: 'notifications.reloaded' }
  | { type: 'notifications.markRead'; id: string }
  | { type: 'notifications.opened'; id: string }
  | { type: 'notifications.markAllRead' }
  /** The person blocked someone: the server removed what named them (issue 40), and so does the list here. */
  | { type: 'notifications.personBlocked'; userId: string }
  | { type: 'live.reconnected' }
  | { type: 'live.notification'; notification: Notification; quiet?: boolean };


/** "New connection request — Maya would like to connect with you.": what it is, and whom it is about. */
const headlineWords = sentence(
  /*i18n*/ { id: 'session.notificationHeadline', message: '{title} — {content}' },
  ({ title, content }: { title: SaidValue; content: SaidValue }) => `${englishOf(title)} — ${englishOf(content)}`,
);

/** What a person wrote (the team's warning, an organizer's announcement): said in their words, quoted. */
const quotedWords = sentence(
  /*i18n*/ { id: 'session.warningHeadline', message: '{title}: “{content}”' },
  ({ title, content }: { title: SaidValue; content: SaidValue }) => `${englishOf(title)}: “${englishOf(content)}”`,
);
const QUOTED: ReadonlySet<string> = new Set([ADMIN_WARNING_TITLE.id, ORGANIZER_NOTES.announcement.title.descriptor.id]);

/**
 * Notifications another part of the app says already as they arrive, so they raise no toast
 * of their own (issue 39 item 4): "Welcome back" is the break banner, and a shared card is
 * the live exchange's toast, which names the sender and opens Cards. By title id (the
 * server's words for a shared card, server/use-cases/chat.ts).
 */
const SAID_ELSEWHERE: ReadonlySet<string> = new Set([WELCOME_BACK.title.id, 'notification.contactShared.title']);

/**
 * A live notification's toast (SPEC: shown using its title): its title with what it is
 * about (the sender, the announcement's text), so it can be understood without opening Alerts.
 */
export const notificationToast = (n: Notification): Said => {
  const title = titleOf(n);
  if (!n.content) return title;
  return (n.title_code && QUOTED.has(n.title_code) ? quotedWords : headlineWords)({ title, content: contentOf(n) });
};

/** Whether a live notification raises a toast: not when quiet, nor when the app says it another way. */
const toastsItself = (n: Notification, quiet: boolean | undefined): boolean => !quiet && !(n.title_code && SAID_ELSEWHERE.has(n.title_code));

export const unreadCount = (list: readonly Notification[]): number => list.filter((n) => !n.read).length;

/** Said, calmly, when "Mark all read" did not reach the server. */
export const MARK_ALL_FAILED: Said = /*i18n*/ { id: 'session.markAllFailed', message: "We couldn't mark them all read just now. Please try again." };

/** The list with the given ids read (or unread again). */
const withRead = (list: readonly Notification[], ids: readonly string[], read: boolean): Notification[] => {
  if (ids.length === 0) return [...list];
  const set = new Set(ids);
  return list.map((n) => (set.has(n.id) && n.read !== read ? { ...n, read } : n));
};

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
    markAllRead: fromPromise<unknown, { userId: string }>(({ input }) => api.markAllNotificationsRead(input.userId)),
  },
  guards: {
    isSessionGone,
    isUnreadAndNotAsked: ({ context, event }) => {
      assertEvent(event, 'notifications.markRead');
      return context.notifications.some((n) => n.id === event.id && !n.read) && !context.marking.includes(event.id);
    },
    hasMarking: ({ context }) => context.marking.length > 0,
    hasLink: ({ context, event }) => {
      assertEvent(event, 'notifications.opened');
      return !!context.notifications.find((n) => n.id === event.id)?.link;
    },
    hasUnread: ({ context }) => unreadCount(context.notifications) > 0,
  },
  actions: {
    reportSessionGone: reportSessionGone(),
    addAndAnnounce: enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, 'live.notification');
      const list = [event.notification, ...context.notifications.filter((n) => n.id !== event.notification.id)];
      enqueue.assign({ notifications: list });
      // Quiet (issue 18): listed, with no toast, while the person's energy is low.
      const n = event.notification;
      if (!toastsItself(n, event.quiet)) return;
      enqueue.sendParent({
        type: 'toast.show',
        message: notificationToast(n),
        kind: 'info',
        ...(n.link ? { link: n.link } : {}),
        ...(n.about_user_id ? { about: n.about_user_id } : {}),
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
      // The server has it read now, whatever "Mark all read" comes to.
      markingAll: context.markingAll.filter((id) => id !== context.marking[0]),
    })),
    // Opening one marks it read the usual way (when unread and not asked yet) and opens its view.
    openLink: enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, 'notifications.opened');
      const n = context.notifications.find((x) => x.id === event.id);
      if (!n?.link) return;
      if (!n.read && !context.marking.includes(n.id)) enqueue.assign({ marking: [...context.marking, n.id] });
      enqueue.sendParent({ type: 'address.opened', path: n.link });
    }),
    takeList: assign(({ context }, params: { list: Notification[] }) => ({
      // A load that lands while "Mark all read" is on its way must not show them unread again.
      notifications: withRead(params.list, context.markingAll, true),
    })),
    showAllRead: assign(({ context }) => {
      const ids = context.notifications.filter((n) => !n.read).map((n) => n.id);
      return { markingAll: ids, markAllError: null, notifications: withRead(context.notifications, ids, true) };
    }),
    keepAllRead: assign(({ context }) => ({ markingAll: [], notifications: withRead(context.notifications, context.markingAll, true) })),
    putBackUnread: assign(({ context }) => ({ markingAll: [], notifications: withRead(context.notifications, context.markingAll, false) })),
    sayMarkAllFailed: assign({ markAllError: MARK_ALL_FAILED }),
    dropHead: assign({ marking: ({ context }) => context.marking.slice(1) }),
    dropAboutBlocked: assign({
      notifications: ({ context, event }) => {
        assertEvent(event, 'notifications.personBlocked');
        return context.notifications.filter((n) => n.about_user_id !== event.userId);
      },
    }),
    logFailure: (_, params: { what: string; error: unknown }) => logFailure(params.what, params.error),
  },
}).createMachine({
  id: 'notifications',
  context: ({ input }) => ({ userId: input.userId, notifications: [], marking: [], markingAll: [], markAllError: null }),
  on: {
    'live.notification': { actions: 'addAndAnnounce' },
    'notifications.markRead': { guard: 'isUnreadAndNotAsked', actions: 'askToMark' },
    'notifications.opened': { guard: 'hasLink', actions: 'openLink' },
    'notifications.personBlocked': { actions: 'dropAboutBlocked' },
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
            onDone: { target: 'ready', actions: { type: 'takeList', params: ({ event }) => ({ list: event.output }) } },
            onError: reportedOrLogged('failed', 'load notifications'),
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
            onError: reportedOrLogged('idle', 'mark notification read', ['dropHead']),
          },
        },
      },
    },
    // "Mark all read": shown read at once; one call; put back as they were if it fails.
    allMarker: {
      initial: 'idle',
      states: {
        idle: {
          on: { 'notifications.markAllRead': { guard: 'hasUnread', target: 'marking', actions: 'showAllRead' } },
        },
        marking: {
          invoke: {
            src: 'markAllRead',
            input: ({ context }) => ({ userId: context.userId }),
            onDone: { target: 'idle', actions: 'keepAllRead' },
            onError: [
              { guard: 'isSessionGone', target: 'idle', actions: ['putBackUnread', 'reportSessionGone'] },
              {
                target: 'idle',
                actions: [
                  'putBackUnread',
                  'sayMarkAllFailed',
                  { type: 'logFailure', params: ({ event }) => ({ what: 'mark all notifications read', error: event.error }) },
                ],
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

/** "Mark all read" is on its way to the server. */
export const selectMarkingAll = (s: NotificationsSnapshot): boolean => s.matches({ allMarker: 'marking' });

/** Why "Mark all read" did not happen, or null. */
export const selectMarkAllError = (s: NotificationsSnapshot): Said | null => s.context.markAllError;
