/**
 * Issue 40 item 5 on the client: once the person blocks someone — from their card, in a
 * chat or after a report — the toasts waiting about them go (the one on screen too), and
 * so do the notifications naming them; news about anyone else stays as it was.
 */
import { describe, expect, it } from 'vitest';
import { notificationToast, type NotificationsActorRef } from '../../machines/session/notifications.machine';
import { toastChart, toastsOf } from './app.fakes';
import { sam, sampleNotification, signedInWithLive } from './connections.fakes';
import { samplePerson } from './discovery.fakes';
import type { AppEvent } from '../../machines/app.machine';

const kim = samplePerson({ name: 'Kim Lee', username: 'kim' });

/** Signed in, with a toast on screen about Kim, then news about Sam and Kim waiting, and their notifications listed. */
async function withNewsAboutSamAndKim() {
  const app = await signedInWithLive({ notifications: async () => [] });
  app.socket().report({ type: 'socket.opened' });
  // "Login successful!" goes first, so Kim's news is on screen and three wait behind it.
  app.actor.getSnapshot().children.toasts!.send({ type: 'toast.dismissed', id: toastsOf(app.actor)[0]!.id });
  const fromKim = sampleNotification({ title: 'New message', content: 'Kim: are you coming?', about_user_id: kim.id, link: `/chats/${kim.id}` });
  const meeting = sampleNotification({ title: 'A meeting suggested', content: 'Sam Reed would like to meet you at 05:30.', about_user_id: sam.id });
  const general = sampleNotification({ title: 'Welcome back', content: 'Good to see you again.', about_user_id: null });
  app.live({ type: 'notification', notification: fromKim });
  app.live({ type: 'notification', notification: meeting });
  app.live({ type: 'new_message', message: { ...sampleMessageFrom(sam.id) } });
  app.live({ type: 'notification', notification: general });
  const listed = () => app.child<NotificationsActorRef>('notifications')!.getSnapshot().context.notifications.map((n) => n.content);
  return { app, fromKim, meeting, general, listed };
}

const sampleMessageFrom = (from: string) => ({
  id: 'b0000000-0000-4000-8000-000000000001',
  from_user: from,
  to_user: 'a0000000-0000-4000-8000-000000000001',
  message: 'Hello from Sam',
  message_type: 'text' as const,
  ice_breaker_id: null,
  event_id: null,
  client_id: null,
  timestamp: '2030-05-01T18:00:00.000Z',
});

describe('appMachine: a block forgets what was about to be said about the person', () => {
  const blocks: Array<[string, (userId: string) => AppEvent]> = [
    ['from their card', (userId) => ({ type: 'person.blocked', userId })],
    ['in a chat', (userId) => ({ type: 'chat.blocked', userId })],
    ['after a report', (userId) => ({ type: 'report.blocked', userId })],
  ];

  it.each(blocks)('drops the toasts about them and the notifications naming them, blocked %s', async (_how, blocked) => {
    const { app, fromKim, meeting, general, listed } = await withNewsAboutSamAndKim();
    expect(toastsOf(app.actor).filter((t) => t.about === sam.id)).toHaveLength(2);
    expect(app.toasts()).toContain(notificationToast(meeting).message);
    expect(listed()).toContain(meeting.content);

    app.actor.send(blocked(sam.id));

    expect(toastsOf(app.actor).filter((t) => t.about === sam.id)).toEqual([]);
    expect(app.toasts()).toEqual([notificationToast(fromKim).message, notificationToast(general).message]);
    expect(listed()).toEqual([general.content, fromKim.content]);
  });

  it('takes the toast on screen away when it is about them, and shows the next with its own five seconds', async () => {
    const { app, meeting, general } = await withNewsAboutSamAndKim();
    const onScreen = toastsOf(app.actor)[0]!;
    expect(onScreen.about).toBe(kim.id);
    app.actor.send({ type: 'person.blocked', userId: kim.id });
    const [next] = toastsOf(app.actor);
    expect(next?.message.message).toBe(notificationToast(meeting).message);
    expect(toastChart(app.actor, next!.id)).toBeDefined();
    expect(toastChart(app.actor, onScreen.id)).toBeUndefined();
    expect(app.toasts()).toContain(notificationToast(general).message);
    expect(toastsOf(app.actor).some((t) => t.about === kim.id)).toBe(false);
  });
});
