/**
 * Model-based test of the PWA chart (SPEC 2 "Top bar", SPEC 4): paths generated from the
 * production chart, replayed on the whole app; after every step the top bar must show
 * exactly what the chart's context says, and what the chart asked of the browser.
 */
import { screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, expect, vi } from 'vitest';
import { appMachine, type AppActorRef } from '../../machines/app.machine';
import { pwaMachine, type PwaContext } from '../../machines/pwa/pwa.machine';
import { browserDouble, hearLive, quietServer, renderModelApp, signIn } from './app';
import { NOTICE, pwaModel } from './charts/pwa';
import { describeModel } from './suite';
import { chunksAtHand } from '../machines/charts.fakes';
import { english } from '../../contract/said';

quietServer();

afterEach(() => {
  vi.restoreAllMocks();
});

interface Browser {
  user: UserEvent;
  actor: AppActorRef;
  install: ReturnType<typeof browserDouble<{ type: 'install.requested' }>>;
  worker: ReturnType<typeof browserDouble<{ type: 'update.accepted' }, { enabled: boolean }>>;
  permission: ReturnType<typeof browserDouble<{ type: 'notifications.enableRequested' }>>;
  notified: Array<{ title: string; body: string; tag?: string; url?: string }>;
  unmount: () => void;
}

const button = (name: string) => screen.queryByRole('button', { name });
const OFF_NOTE = "Notifications are off. To get them, allow notifications for this site in your browser's settings.";
const offNote = () => screen.queryByText(OFF_NOTE)?.closest<HTMLElement>('[role="status"]') ?? null;

describeModel<Browser>(pwaModel, {
  async start(_path, inspect) {
    const install = browserDouble<{ type: 'install.requested' }>();
    const worker = browserDouble<{ type: 'update.accepted' }, { enabled: boolean }>();
    const permission = browserDouble<{ type: 'notifications.enableRequested' }>();
    const notified: Browser['notified'] = [];
    // The PWA chart arrives in its chunk as the app opens (lazy-charts.ts), with the browser's surfaces as doubles.
    const pwa = pwaMachine.provide({
      actors: { install: install.logic, serviceWorker: worker.logic, notificationPermission: permission.logic },
      actions: { showSystemNotification: (_, params) => void notified.push(english(params)) },
    });
    const logic = appMachine.provide({ actors: { ...chunksAtHand({ pwa }) } });
    const app = renderModelApp(logic, inspect);
    await signIn(app.actor);
    return { user: userEvent.setup(), actor: app.actor, install, worker, permission, notified, unmount: app.unmount };
  },
  events: {
    'install.available': async (t, e) => t.install.report(e),
    'install.installed': async (t, e) => t.install.report(e),
    'update.available': async (t, e) => t.worker.report(e),
    'notifications.permissionChanged': async (t, e) => t.permission.report(e),
    'notifications.answered': async (t, e) => t.permission.report(e),
    'notifications.noteDismissed': ({ user }) => user.click(within(offNote()!).getByRole('button', { name: 'Dismiss' })),
    'install.requested': ({ user }) => user.click(button('Install App')!),
    'update.accepted': ({ user }) => user.click(button('Reload')!),
    'update.dismissed': ({ user }) => user.click(button('Later')!),
    'notifications.enableRequested': ({ user }) => user.click(button('Enable Notifications')!),
    'notifications.whyAccepted': ({ user }) => user.click(button('Turn on notifications')!),
    'notifications.whyDismissed': ({ user }) => user.click(button('Not now')!),
    'live.notification': async ({ actor }, e) => {
      const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue(e.pageHidden ? 'hidden' : 'visible');
      hearLive(actor, { type: 'live.notification', notification: NOTICE });
      visibility.mockRestore();
    },
  },
  states: {
    running: async (t, step) => {
      const c = step.state.context as PwaContext;
      // The bar's buttons (PwaActions.tsx) and the notes under it (PwaNotes.tsx) each arrive in a chunk of their own.
      await vi.waitFor(() => {
        expect(button('Install App') !== null, 'Install App').toBe(c.installAvailable && !c.installed);
        expect(screen.queryByText('Installed') !== null, 'Installed').toBe(c.installed);
        expect(button('Enable Notifications') !== null, 'Enable Notifications').toBe(c.permission === 'default');
        expect(screen.queryByText('A new version of Wallflower is ready.') !== null, 'the update prompt').toBe(c.updateAvailable);
        expect(offNote() !== null, 'the note that notifications are off').toBe(c.notificationsOff !== null);
        expect(button('Turn on notifications') !== null, 'the note that says why').toBe(c.explaining && c.permission === 'default');
      });
      const asked = (d: { current: () => { received: Array<{ type: string }> } }) => d.current().received.map((r) => r.type);
      expect(asked(t.install)).toEqual(step.event.type === 'install.requested' ? ['install.requested'] : []);
      expect(asked(t.worker)).toEqual(step.event.type === 'update.accepted' ? ['update.accepted'] : []);
      // The browser is asked only from the note that says why (issue 41).
      expect(asked(t.permission)).toEqual(step.event.type === 'notifications.whyAccepted' ? ['notifications.enableRequested'] : []);
      expect(t.notified).toEqual(
        step.event.type === 'live.notification' ? [{ title: NOTICE.title, body: NOTICE.content, tag: NOTICE.id, url: NOTICE.link }] : [],
      );
      // Each step's requests are checked once.
      for (const d of [t.install, t.worker, t.permission]) d.current().received.length = 0;
      t.notified.length = 0;
    },
  },
  stop: ({ unmount }) => unmount(),
});
