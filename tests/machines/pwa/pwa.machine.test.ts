import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, setup, SimulatedClock, type AnyEventObject } from 'xstate';
import { NOTIFICATIONS_OFF, pwaMachine } from '../../../machines/pwa/pwa.machine';
import { pwaView } from '../../../machines/pwa/pwa-view';
import type { SystemNotification } from '../../../machines/pwa/pwa.actors';
import { english } from '../../../contract/said';
import { sampleNotification } from '../connections.fakes';

/** Fakes for the three browser actors: they record what the chart asks and let the test report. */
function start(opts: { hidden?: boolean } = {}) {
  const asked: string[] = [];
  const reporters: Record<string, (e: AnyEventObject) => void> = {};
  // The fakes accept whatever the chart sends them; the cast meets each actor's own event type.
  const fake = (name: string) =>
    fromCallback<AnyEventObject, unknown>(({ sendBack, receive }) => {
      reporters[name] = sendBack;
      receive((e) => asked.push(`${name}:${e.type}`));
      return () => {};
    }) as never;
  const shown: SystemNotification[] = [];
  const actor = createActor(
    pwaMachine.provide({
      actors: { install: fake('install'), serviceWorker: fake('serviceWorker'), notificationPermission: fake('notificationPermission') },
      actions: { showSystemNotification: (_, p) => void shown.push(p) },
      guards: { isPageHidden: () => !!opts.hidden },
    }),
    { input: { serviceWorker: true }, clock: new SimulatedClock() },
  ).start();
  return { actor, asked, shown, report: (name: string, e: AnyEventObject) => reporters[name]!(e) };
}


const idle = fromCallback(() => () => {}) as never;

describe('pwa chart', () => {
  it('offers Install App once the browser allows it, then shows Installed', () => {
    const { actor, asked, report } = start();
    expect(pwaView(actor.getSnapshot().context)).toMatchObject({ showInstall: false, showInstalled: false });
    report('install', { type: 'install.available' });
    expect(pwaView(actor.getSnapshot().context).showInstall).toBe(true);
    actor.send({ type: 'install.requested' });
    expect(asked).toContain('install:install.requested');
    report('install', { type: 'install.installed' });
    expect(pwaView(actor.getSnapshot().context)).toMatchObject({ showInstall: false, showInstalled: true });
    // A later prompt event does not bring the button back.
    report('install', { type: 'install.available' });
    expect(pwaView(actor.getSnapshot().context).showInstall).toBe(false);
  });

  it('prompts to reload when a new version waits, and reloading asks the worker to take over', () => {
    const { actor, asked, report } = start();
    expect(pwaView(actor.getSnapshot().context).showUpdatePrompt).toBe(false);
    report('serviceWorker', { type: 'update.available' });
    expect(pwaView(actor.getSnapshot().context).showUpdatePrompt).toBe(true);
    actor.send({ type: 'update.accepted' });
    expect(asked).toEqual(['serviceWorker:update.accepted']);
  });

  it('lets a person put the reload off', () => {
    const { actor, report } = start();
    report('serviceWorker', { type: 'update.available' });
    actor.send({ type: 'update.dismissed' });
    expect(pwaView(actor.getSnapshot().context).showUpdatePrompt).toBe(false);
  });

  it('offers Enable Notifications only while the permission is undecided', () => {
    const { actor, asked, report } = start();
    report('notificationPermission', { type: 'notifications.permissionChanged', permission: 'default' });
    expect(pwaView(actor.getSnapshot().context).showEnableNotifications).toBe(true);
    actor.send({ type: 'notifications.enableRequested' });
    // The browser is asked only after a second tap, on the note that says why (issue 41).
    expect(asked).toEqual([]);
    expect(pwaView(actor.getSnapshot().context).showWhyNotifications).toBe(true);
    actor.send({ type: 'notifications.whyAccepted' });
    expect(asked).toEqual(['notificationPermission:notifications.enableRequested']);
    expect(pwaView(actor.getSnapshot().context).showWhyNotifications).toBe(false);
    report('notificationPermission', { type: 'notifications.permissionChanged', permission: 'granted' });
    expect(pwaView(actor.getSnapshot().context).showEnableNotifications).toBe(false);
  });

  it('never asks the browser on its own, and not after Not now (issue 41)', () => {
    const { actor, asked, report } = start();
    report('notificationPermission', { type: 'notifications.permissionChanged', permission: 'default' });
    actor.send({ type: 'notifications.whyAccepted' });
    expect(asked).toEqual([]);
    actor.send({ type: 'notifications.enableRequested' });
    actor.send({ type: 'notifications.whyDismissed' });
    expect(pwaView(actor.getSnapshot().context).showWhyNotifications).toBe(false);
    actor.send({ type: 'notifications.whyAccepted' });
    expect(asked).toEqual([]);
  });

  it('tells the push chart when the browser says yes, so this device is subscribed (issue 41)', () => {
    const heard: string[] = [];
    // A stand-in for the push chart, under the system id the root gives it.
    const push = setup({}).createMachine({ on: { '*': { actions: ({ event }) => void heard.push(event.type) } } });
    const root = createActor(
      setup({ actors: { pwa: pwaMachine.provide({ actors: { install: idle, serviceWorker: idle, notificationPermission: idle } }), push } }).createMachine({
        invoke: [
          { src: 'pwa', id: 'pwa', input: { serviceWorker: false } },
          { src: 'push', id: 'push', systemId: 'push' },
        ],
      }),
    ).start();
    const pwa = root.getSnapshot().children.pwa!;
    pwa.send({ type: 'notifications.answered', permission: 'denied' });
    expect(heard).toEqual([]);
    pwa.send({ type: 'notifications.answered', permission: 'granted' });
    expect(heard).toEqual(['push.permitted']);
  });

  it('answers a refusal with the note on how to allow them, until dismissed or asked again (issue 39)', () => {
    const { actor, report } = start();
    report('notificationPermission', { type: 'notifications.permissionChanged', permission: 'default' });
    // Already decided at start: nothing asked, nothing said.
    expect(pwaView(actor.getSnapshot().context).notificationsOff).toBeNull();
    actor.send({ type: 'notifications.enableRequested' });
    actor.send({ type: 'notifications.whyAccepted' });
    report('notificationPermission', { type: 'notifications.answered', permission: 'denied' });
    expect(pwaView(actor.getSnapshot().context)).toMatchObject({ notificationsOff: NOTIFICATIONS_OFF, showEnableNotifications: false });
    actor.send({ type: 'notifications.noteDismissed' });
    expect(pwaView(actor.getSnapshot().context).notificationsOff).toBeNull();
  });

  it('says so too when the prompt closed without an answer, and Enable Notifications stays', () => {
    const { actor, report } = start();
    actor.send({ type: 'notifications.enableRequested' });
    report('notificationPermission', { type: 'notifications.answered', permission: 'default' });
    expect(pwaView(actor.getSnapshot().context)).toMatchObject({ notificationsOff: NOTIFICATIONS_OFF, showEnableNotifications: true });
    // Asking again clears the note; a yes says nothing more.
    actor.send({ type: 'notifications.enableRequested' });
    expect(pwaView(actor.getSnapshot().context).notificationsOff).toBeNull();
    report('notificationPermission', { type: 'notifications.answered', permission: 'granted' });
    expect(pwaView(actor.getSnapshot().context)).toMatchObject({ notificationsOff: null, showEnableNotifications: false });
  });

  it('turns a live notification into a system notification only while the page is hidden and allowed', () => {
    const hidden = start({ hidden: true });
    const notification = sampleNotification({ id: 'n1', title: 'New request', content: 'Maya would like to connect', link: '/requests/r1' });
    hidden.actor.send({ type: 'live.notification', notification });
    expect(hidden.shown).toEqual([]); // permission not granted yet
    hidden.report('notificationPermission', { type: 'notifications.permissionChanged', permission: 'granted' });
    hidden.actor.send({ type: 'live.notification', notification });
    // A click on it opens the request (issue 13): the address goes with it.
    expect(english(hidden.shown)).toEqual([{ title: 'New request', body: 'Maya would like to connect', tag: 'n1', url: '/requests/r1' }]);

    const visible = start({ hidden: false });
    visible.report('notificationPermission', { type: 'notifications.permissionChanged', permission: 'granted' });
    visible.actor.send({ type: 'live.notification', notification: sampleNotification({ id: 'n2', title: 'New request', content: 'x' }) });
    expect(visible.shown).toEqual([]);
  });

  it('never shows a quiet one (the person’s energy is low, issue 18)', () => {
    const hidden = start({ hidden: true });
    hidden.report('notificationPermission', { type: 'notifications.permissionChanged', permission: 'granted' });
    hidden.actor.send({ type: 'live.notification', notification: sampleNotification({ id: 'n3', title: 'From the organizers', content: 'x' }), quiet: true });
    expect(hidden.shown).toEqual([]);
  });
});
