/**
 * "Notifications on this device" on the profile (issue 41): with the browser's permission
 * given, the person turns pushes on here, chooses previews and kinds, and each change is
 * handed to the server again; without it, the card points to the top bar's Enable
 * Notifications (which says why before the browser asks). The Push API is a fake.
 */
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fromCallback, fromPromise, type AnyEventObject } from 'xstate';
import { pwaMachine } from '../../machines/pwa/pwa.machine';
import { pushMachine } from '../../machines/pwa/push.machine';
import type { DeviceState, PushChoices } from '../../machines/pwa/push.actors';
import { showLanguage } from '../../src/i18n/i18n';
import { connectionsApp, signIn } from '../machines/connections.fakes';
import { renderApp } from './renderApp';

afterEach(async () => {
  localStorage.clear();
  await showLanguage('en');
});

function pushWith(device: DeviceState) {
  const posted: PushChoices[] = [];
  const dropped = vi.fn();
  const push = pushMachine.provide({
    actors: {
      readDevice: fromPromise(async () => device),
      subscribeDevice: fromPromise<void, { userId: string; choices: PushChoices }>(async ({ input }) => void posted.push(input.choices)),
      unsubscribeDevice: fromPromise<void, { userId: string }>(async () => dropped()),
    },
  });
  return { push, posted, dropped };
}

async function openProfile(push: ReturnType<typeof pushWith>['push']) {
  const { actor } = renderApp(undefined, { path: '/', online: true }, connectionsApp({}, { push }).machine);
  await act(() => signIn(actor));
  act(() => actor.send({ type: 'view.opened', view: 'profile' }));
  return within((await screen.findByRole('heading', { name: 'Notifications on this device' })).closest('section')!);
}

describe('Enable Notifications (issue 41)', () => {
  it('says why first, asks the browser only on Turn on notifications, and never on load', async () => {
    const asked = vi.fn();
    const permission = fromCallback<AnyEventObject>(({ sendBack, receive }) => {
      sendBack({ type: 'notifications.permissionChanged', permission: 'default' });
      receive((e) => {
        asked(e.type);
        sendBack({ type: 'notifications.answered', permission: 'granted' });
      });
      return () => {};
    });
    const idle = fromCallback(() => () => {});
    const pwa = pwaMachine.provide({ actors: { install: idle as never, serviceWorker: idle as never, notificationPermission: permission as never } });
    const { push, posted } = pushWith({ supported: true, permission: 'default', subscribed: false });
    const { actor } = renderApp(undefined, { path: '/', online: true }, connectionsApp({}, { pwa, push }).machine);
    await act(() => signIn(actor));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Enable Notifications' }));
    const note = await screen.findByRole('region', { name: 'Enable Notifications' });
    expect(note).toHaveTextContent(/even when Wallflower is closed/);
    expect(asked).not.toHaveBeenCalled();
    await user.click(within(note).getByRole('button', { name: 'Turn on notifications' }));
    expect(asked).toHaveBeenCalledTimes(1);
    // The yes subscribes this device (the push chart hears it).
    await vi.waitFor(() => expect(posted).toHaveLength(1));
    await vi.waitFor(() => expect(screen.queryByRole('button', { name: 'Enable Notifications' })).toBeNull());
  });

  it('Not now closes the note and asks nothing', async () => {
    const asked = vi.fn();
    const permission = fromCallback<AnyEventObject>(({ sendBack, receive }) => {
      sendBack({ type: 'notifications.permissionChanged', permission: 'default' });
      receive(() => asked());
      return () => {};
    });
    const idle = fromCallback(() => () => {});
    const pwa = pwaMachine.provide({ actors: { install: idle as never, serviceWorker: idle as never, notificationPermission: permission as never } });
    const { actor } = renderApp(undefined, { path: '/', online: true }, connectionsApp({}, { pwa }).machine);
    await act(() => signIn(actor));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Enable Notifications' }));
    await user.click(within(await screen.findByRole('region', { name: 'Enable Notifications' })).getByRole('button', { name: 'Not now' }));
    await vi.waitFor(() => expect(screen.queryByRole('region', { name: 'Enable Notifications' })).toBeNull());
    expect(asked).not.toHaveBeenCalled();
  });
});

describe('PushSettings', () => {
  it('turns pushes on here, and hands each choice to the server again', async () => {
    const { push, posted, dropped } = pushWith({ supported: true, permission: 'granted', subscribed: false });
    const card = await openProfile(push);
    const user = userEvent.setup();
    const on = card.getByRole('checkbox', { name: 'Notify me while Wallflower is closed' });
    expect(on).not.toBeChecked();
    expect(posted).toEqual([]);

    await user.click(on);
    await vi.waitFor(() => expect(on).toBeChecked());
    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatchObject({ on: true, previews: false });

    const previews = card.getByRole('checkbox', { name: 'Show who it is from and what they wrote' });
    expect(previews).toHaveAccessibleDescription(/Someone sent you a message/);
    await user.click(previews);
    await vi.waitFor(() => expect(posted).toHaveLength(2));
    expect(posted[1]!.previews).toBe(true);

    const kinds = card.getByRole('group', { name: 'Tell me about' });
    await user.click(within(kinds).getByRole('checkbox', { name: 'Messages' }));
    await vi.waitFor(() => expect(posted).toHaveLength(3));
    expect(posted[2]!.kinds).not.toContain('messages');
    expect(within(kinds).getByRole('checkbox', { name: 'Messages' })).not.toBeChecked();

    await user.click(on);
    await vi.waitFor(() => expect(dropped).toHaveBeenCalledTimes(1));
    expect(on).not.toBeChecked();
    expect(JSON.parse(localStorage.getItem('wallflower.push')!)).toMatchObject({ on: false, previews: true });
  });

  it('without the browser’s permission, points to Enable Notifications and offers no switch', async () => {
    const { push, posted } = pushWith({ supported: true, permission: 'default', subscribed: false });
    const card = await openProfile(push);
    expect(await card.findByText('To get them, press Enable Notifications at the top first.')).toBeInTheDocument();
    expect(card.queryByRole('checkbox')).toBeNull();
    expect(posted).toEqual([]);
  });

  it('says when the browser cannot take pushes', async () => {
    const { push } = pushWith({ supported: false, permission: 'unsupported', subscribed: false });
    const card = await openProfile(push);
    expect(await card.findByText('This browser cannot show notifications while Wallflower is closed.')).toBeInTheDocument();
  });

  it('speaks German', async () => {
    await showLanguage('de');
    const { push } = pushWith({ supported: true, permission: 'granted', subscribed: false });
    const { actor } = renderApp(undefined, { path: '/', online: true }, connectionsApp({}, { push }).machine);
    await act(() => signIn(actor));
    act(() => actor.send({ type: 'view.opened', view: 'profile' }));
    const card = within((await screen.findByRole('heading', { name: 'Benachrichtigungen auf diesem Gerät' })).closest('section')!);
    expect(card.getByRole('checkbox', { name: 'Benachrichtige mich, wenn Wallflower geschlossen ist' })).toBeInTheDocument();
  });
});
