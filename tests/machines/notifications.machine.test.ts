/** notifications: the list, the unread count, Mark Read, and live arrivals with a toast. */
import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import { ADMIN_WARNING_TITLE } from '../../contract/messages';
import type { Notification } from '../../contract/social';
import { ApiError } from '../../machines/api/client';
import { notificationToast, notificationsMachine, selectUnreadCount } from '../../machines/notifications.machine';
import { ada } from './app.fakes';
import { sampleNotification } from './connections.fakes';
import { asChild, deferred, flush } from './discovery.fakes';

function start(load: () => Promise<Notification[]>, mark: (id: string) => Promise<unknown> = async () => ({ success: true })) {
  const marks = vi.fn(mark);
  const machine = notificationsMachine.provide({
    actors: {
      loadNotifications: fromPromise<Notification[], { userId: string }>(() => load()),
      markRead: fromPromise<unknown, { userId: string; id: string }>(({ input }) => marks(input.id)),
    },
    actions: { logFailure: () => {} },
  });
  const t = asChild(machine, { userId: ada.id });
  return { ...t, marks, snap: () => t.child.getSnapshot() };
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

  it('adds a live one on top and raises a toast with its title and the unread count', async () => {
    const t = start(async () => [sampleNotification()]);
    await flush();
    const live = sampleNotification({ title: 'Contact details shared with you' });
    t.child.send({ type: 'live.notification', notification: live });
    expect(t.snap().context.notifications[0]).toEqual(live);
    expect(t.received).toEqual([{ type: 'toast.show', message: notificationToast(live.title, 2), kind: 'info' }]);
    expect(notificationToast('New message', 3)).toBe('New message · 3 unread');
  });

  it('says in a warning’s toast what the team wrote', async () => {
    const t = start(async () => []);
    await flush();
    const warning = sampleNotification({ title: ADMIN_WARNING_TITLE, content: 'Please give people room to say no.' });
    t.child.send({ type: 'live.notification', notification: warning });
    expect(t.received).toEqual([
      { type: 'toast.show', message: `${ADMIN_WARNING_TITLE}: “Please give people room to say no.” · 1 unread`, kind: 'info' },
    ]);
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
});
