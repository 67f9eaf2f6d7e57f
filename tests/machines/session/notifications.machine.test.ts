/**
 * notifications: the list, the unread count, Mark Read, live arrivals with a toast,
 * opening a notification's link, and Mark all read.
 */
import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import { ADMIN_WARNING_TITLE } from '../../../contract/messages';
import { ORGANIZER_NOTES } from '../../../contract/organizer-words';
import { WELCOME_BACK } from '../../../contract/safety-words';
import type { Notification } from '../../../contract/social';
import { ApiError } from '../../../machines/api/client';
import {
  MARK_ALL_FAILED,
  notificationToast,
  notificationsMachine,
  selectMarkAllError,
  selectMarkingAll,
  selectUnreadCount,
} from '../../../machines/session/notifications.machine';
import { ada } from '../app.fakes';
import { sampleNotification } from '../connections.fakes';
import { asChild, deferred, flush } from '../discovery.fakes';
import { asWritten, english } from '../../../contract/said';
import { notificationWords } from '../../said';

function start(
  load: () => Promise<Notification[]>,
  mark: (id: string) => Promise<unknown> = async () => ({ success: true }),
  markAll: () => Promise<unknown> = async () => ({ success: true, marked: 0 }),
) {
  const marks = vi.fn(mark);
  const loads = vi.fn(load);
  const marksAll = vi.fn(markAll);
  const machine = notificationsMachine.provide({
    actors: {
      loadNotifications: fromPromise<Notification[], { userId: string }>(() => loads()),
      markRead: fromPromise<unknown, { userId: string; id: string }>(({ input }) => marks(input.id)),
      markAllRead: fromPromise<unknown, { userId: string }>(() => marksAll()),
    },
    actions: { logFailure: () => {} },
  });
  const t = asChild(machine, { userId: ada.id });
  return { ...t, marks, loads, marksAll, snap: () => t.child.getSnapshot() };
}

describe('notificationsMachine', () => {
  it('loads at once and counts the unread ones', async () => {
    const t = start(async () => [sampleNotification(), sampleNotification({ read: true }), sampleNotification()]);
    await flush();
    expect(selectUnreadCount(t.snap())).toBe(2);
  });

  it('marks one read through the server, and only then shows it read', async () => {
    const n = sampleNotification();
    const answer = deferred<unknown>();
    const t = start(async () => [n], () => answer.promise);
    await flush();
    t.child.send({ type: 'notifications.markRead', id: n.id });
    t.child.send({ type: 'notifications.markRead', id: n.id });
    expect(selectUnreadCount(t.snap())).toBe(1);
    answer.resolve({ success: true });
    await flush();
    expect(t.marks).toHaveBeenCalledTimes(1);
    expect(t.marks).toHaveBeenCalledWith(n.id);
    expect(selectUnreadCount(t.snap())).toBe(0);
  });

  it('marks several in the order asked, one call each', async () => {
    const [a, b] = [sampleNotification(), sampleNotification()];
    const t = start(async () => [a!, b!]);
    await flush();
    t.child.send({ type: 'notifications.markRead', id: b!.id });
    t.child.send({ type: 'notifications.markRead', id: a!.id });
    await flush();
    await flush();
    expect(t.marks.mock.calls.map(([id]) => id)).toEqual([b!.id, a!.id]);
    expect(selectUnreadCount(t.snap())).toBe(0);
  });

  it('leaves a notification unread when marking fails (only logged)', async () => {
    const n = sampleNotification();
    const t = start(
      async () => [n],
      async () => {
        throw new ApiError(500, null);
      },
    );
    await flush();
    t.child.send({ type: 'notifications.markRead', id: n.id });
    await flush();
    expect(selectUnreadCount(t.snap())).toBe(1);
    expect(t.received).toEqual([]);
  });

  it('adds a live one on top and raises a toast with its title and whom it is about, opening its link', async () => {
    const t = start(async () => [sampleNotification()]);
    await flush();
    const live = sampleNotification({ link: '/requests/1' });
    t.child.send({ type: 'live.notification', notification: live });
    expect(t.snap().context.notifications[0]).toEqual(live);
    expect(t.received).toEqual([{ type: 'toast.show', message: notificationToast(live), kind: 'info', link: '/requests/1' }]);
    expect(notificationToast(live).message).toBe('New connection request — Sam would like to connect with you.');
    expect(notificationToast(sampleNotification({ content: '' })).message).toBe('New connection request');
  });

  it('says an announcement’s own words in its toast', async () => {
    const t = start(async () => []);
    await flush();
    const note = sampleNotification(notificationWords(ORGANIZER_NOTES.announcement.title({ name: 'Tech Night' }), asWritten('Doors open at 7')));
    t.child.send({ type: 'live.notification', notification: note });
    expect(english(t.received)).toEqual(english([{ type: 'toast.show', message: 'From the organizers of “Tech Night”: “Doors open at 7”', kind: 'info' }]));
  });

  it('raises no toast of its own for what the app says another way: "Welcome back" (the banner) and a shared card (its live toast)', async () => {
    const t = start(async () => []);
    await flush();
    const welcome = sampleNotification(notificationWords(WELCOME_BACK.title, WELCOME_BACK.content));
    const shared = sampleNotification({ title: 'Contact details shared with you', title_code: 'notification.contactShared.title' });
    t.child.send({ type: 'live.notification', notification: welcome });
    t.child.send({ type: 'live.notification', notification: shared });
    expect(t.snap().context.notifications.map((n) => n.id)).toEqual([shared.id, welcome.id]);
    expect(t.received).toEqual([]);
  });

  it('lists a quiet one (energy low, issue 18) without raising a toast', async () => {
    const t = start(async () => []);
    await flush();
    const live = sampleNotification({ title: 'From the organizers' });
    t.child.send({ type: 'live.notification', notification: live, quiet: true });
    expect(t.snap().context.notifications[0]).toEqual(live);
    expect(t.received).toEqual([]);
  });

  it('says in a warning’s toast what the team wrote', async () => {
    const t = start(async () => []);
    await flush();
    const warning = sampleNotification(notificationWords(ADMIN_WARNING_TITLE, asWritten('Please give people room to say no.')));
    t.child.send({ type: 'live.notification', notification: warning });
    expect(english(t.received)).toEqual(english([
      { type: 'toast.show', message: `${english(ADMIN_WARNING_TITLE)}: “Please give people room to say no.”`, kind: 'info' },
    ]));
  });

  it('tells the root why when a ban ended the session', async () => {
    const ban = { reason: 'Spamming', until: '2030-11-30T19:23:57.872Z', contact: null };
    const t = start(async () => {
      throw new ApiError(403, 'This account is banned until 2030-11-30T19:23:57.872Z', ban);
    });
    await flush();
    expect(t.received).toEqual([{ type: 'session.expired', ban }]);
  });

  it('tells the root when the session is gone', async () => {
    const t = start(async () => {
      throw new ApiError(401, null);
    });
    await flush();
    expect(t.types()).toEqual(['session.expired']);
  });

  it('opens a linked notification: marks it read and asks the root for its address', async () => {
    const n = sampleNotification({ title: 'New message', link: `/chats/${ada.id}` });
    const t = start(async () => [n]);
    await flush();
    t.child.send({ type: 'notifications.opened', id: n.id });
    expect(t.received).toEqual([{ type: 'address.opened', path: `/chats/${ada.id}` }]);
    await flush();
    expect(t.marks).toHaveBeenCalledWith(n.id);
    expect(selectUnreadCount(t.snap())).toBe(0);
  });

  it('opens a read one without marking it again, and ignores one without a link', async () => {
    const read = sampleNotification({ read: true, link: '/requests' });
    const plain = sampleNotification({ link: null });
    const t = start(async () => [read, plain]);
    await flush();
    t.child.send({ type: 'notifications.opened', id: read.id });
    t.child.send({ type: 'notifications.opened', id: plain.id });
    await flush();
    expect(t.received).toEqual([{ type: 'address.opened', path: '/requests' }]);
    expect(t.marks).not.toHaveBeenCalled();
    expect(selectUnreadCount(t.snap())).toBe(1);
  });

  it('marks all read at once, with one call, and keeps them read', async () => {
    const answer = deferred<unknown>();
    const t = start(async () => [sampleNotification(), sampleNotification(), sampleNotification({ read: true })], undefined, () => answer.promise);
    await flush();
    t.child.send({ type: 'notifications.markAllRead' });
    t.child.send({ type: 'notifications.markAllRead' });
    expect(selectUnreadCount(t.snap())).toBe(0);
    expect(selectMarkingAll(t.snap())).toBe(true);
    answer.resolve({ success: true, marked: 2 });
    await flush();
    expect(t.marksAll).toHaveBeenCalledTimes(1);
    expect(selectMarkingAll(t.snap())).toBe(false);
    expect(selectUnreadCount(t.snap())).toBe(0);
    expect(selectMarkAllError(t.snap())).toBeNull();
  });

  it('does not call the server when nothing is unread', async () => {
    const t = start(async () => [sampleNotification({ read: true })]);
    await flush();
    t.child.send({ type: 'notifications.markAllRead' });
    await flush();
    expect(t.marksAll).not.toHaveBeenCalled();
  });

  it('puts them back as they were when mark all fails, with a calm line, and clears it on the next try', async () => {
    const [a, b] = [sampleNotification(), sampleNotification()];
    const older = sampleNotification({ read: true });
    let fail = true;
    const t = start(
      async () => [a!, b!, older],
      undefined,
      async () => {
        if (fail) throw new ApiError(500, null);
        return { success: true, marked: 2 };
      },
    );
    await flush();
    t.child.send({ type: 'notifications.markAllRead' });
    await flush();
    expect(t.snap().context.notifications.map((n) => n.read)).toEqual([false, false, true]);
    expect(selectMarkAllError(t.snap())).toBe(MARK_ALL_FAILED);
    expect(t.received).toEqual([]);
    fail = false;
    t.child.send({ type: 'notifications.markAllRead' });
    expect(selectMarkAllError(t.snap())).toBeNull();
    await flush();
    expect(selectUnreadCount(t.snap())).toBe(0);
  });

  it('keeps one read that Mark Read confirmed when mark all fails afterwards', async () => {
    const [a, b] = [sampleNotification(), sampleNotification()];
    const one = deferred<unknown>();
    const all = deferred<unknown>();
    const t = start(async () => [a!, b!], () => one.promise, () => all.promise);
    await flush();
    t.child.send({ type: 'notifications.markRead', id: a!.id });
    t.child.send({ type: 'notifications.markAllRead' });
    one.resolve({ success: true });
    await flush();
    all.reject(new ApiError(503, null));
    await flush();
    expect(t.snap().context.notifications.map((n) => [n.id, n.read])).toEqual([
      [a!.id, true],
      [b!.id, false],
    ]);
  });

  it('does not show them unread again when a load lands while mark all is on its way', async () => {
    const all = deferred<unknown>();
    const list = [sampleNotification(), sampleNotification()];
    const t = start(async () => list, undefined, () => all.promise);
    await flush();
    t.child.send({ type: 'notifications.markAllRead' });
    t.child.send({ type: 'notifications.reloaded' });
    await flush();
    expect(t.loads).toHaveBeenCalledTimes(2);
    expect(selectUnreadCount(t.snap())).toBe(0);
    all.resolve({ success: true, marked: 2 });
    await flush();
    expect(selectUnreadCount(t.snap())).toBe(0);
  });

  it('tells the root when mark all finds the session gone', async () => {
    const t = start(
      async () => [sampleNotification()],
      undefined,
      async () => {
        throw new ApiError(401, null);
      },
    );
    await flush();
    t.child.send({ type: 'notifications.markAllRead' });
    await flush();
    expect(t.types()).toEqual(['session.expired']);
    expect(selectMarkAllError(t.snap())).toBeNull();
  });
});
