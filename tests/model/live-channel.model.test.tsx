/**
 * Model-based test of the live channel (SPEC 7, DESIGN 6): paths generated from the
 * production chart, replayed on the whole app. After every step the app must show the
 * live news it was sent, reload its lists after a reconnect, sign out when the sessions
 * ended, and the sockets opened and the joins sent must be the chart's.
 */
import { act, screen } from '@testing-library/react';
import { expect, vi } from 'vitest';
import type { SimulatedClock } from 'xstate';
import { MESSAGES } from '../../contract/messages';
import { appMachine, type AppActorRef } from '../../machines/app.machine';
import { contactExchangeToast } from '../../machines/cards/contact-exchange.machine';
import { liveChannelMachine, reconnectDelay, type SocketCommand } from '../../machines/session/live-channel.actor';
import { advance, browserDouble, heldCall, liveChannelOf, quietServer, renderModelApp, signIn, toastTexts } from './app';
import { BACKOFF, liveChannelModel, SESSION_DONE, SESSION_ERROR, SHARED } from './charts/live-channel';
import { ada, meetup } from './fixtures';
import type { ModelPath, ModelStep } from './harness';
import { describeModel } from './suite';
import { chunksAtHand } from '../machines/charts.fakes';
import { LOGIN_HEADING } from '../said';

const { world } = quietServer();

interface Live {
  actor: AppActorRef;
  clock: SimulatedClock;
  socket: ReturnType<typeof browserDouble<SocketCommand, { url: string }>>;
  session: ReturnType<typeof heldCall<unknown, { userId: string }>>;
  /** How many requests the app had made before the step. */
  askedBefore: number;
  restore: () => void;
  unmount: () => void;
}

const JOIN = JSON.stringify({ type: 'join_event', event_id: meetup.id });
/** The notifications list, loaded at sign-in, loads again after a reconnect. */
const RELOAD = `GET /api/notifications/${ada.id}`;
const before = (path: ModelPath, step: ModelStep) => path.steps[path.steps.indexOf(step) - 1];
const stepsTo = (path: ModelPath, step: ModelStep) => path.steps.slice(0, path.steps.indexOf(step) + 1);
const isOpen = (s: ModelStep | undefined) => !!s && s.key.startsWith('open.');

/** A socket per time the chart entered open; all but the current one stopped. */
function expectSockets(t: Live, path: ModelPath, step: ModelStep) {
  const steps = stepsTo(path, step);
  const opened = steps.filter((s, i) => isOpen(s) && !isOpen(steps[i - 1])).length;
  expect(t.socket.started).toHaveLength(opened);
  expect(t.socket.started.every((s) => s.input.url === `ws://localhost:3000/ws/${ada.id}`)).toBe(true);
  expect(t.socket.started.filter((s) => !s.stopped)).toHaveLength(isOpen(step) ? 1 : 0);
}

/** On the current socket: a join when it opened knowing the event, and one per event opened while connected. */
function expectJoins(t: Live, path: ModelPath, step: ModelStep) {
  const steps = stepsTo(path, step);
  const since = steps.findLastIndex((s, i) => isOpen(s) && !isOpen(steps[i - 1]));
  const joins = steps
    .slice(since)
    .filter(
      (s) =>
        s.fired.includes('liveChannel.open.connected channel.eventJoined#0') ||
        (s.event.type === 'socket.opened' && (s.state.context as { eventId: string | null }).eventId !== null),
    ).length;
  expect(t.socket.current().received.map((c) => c.data)).toEqual(Array(joins).fill(JOIN));
}

async function expectSignedIn() {
  expect(await screen.findByRole('heading', { level: 1, name: /Events|Quiet Founders Meetup/ })).toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: LOGIN_HEADING })).not.toBeInTheDocument();
}

describeModel<Live>(liveChannelModel, {
  async start(_path, inspect) {
    // No jitter, so the backoff can be checked to the millisecond.
    const random = vi.spyOn(Math, 'random').mockReturnValue(0.5);
    const socket = browserDouble<SocketCommand, { url: string }>();
    const session = heldCall<unknown, { userId: string }>();
    const logic = appMachine.provide({
      actors: { ...chunksAtHand({ live: liveChannelMachine.provide({ actors: { socket: socket.logic, checkSession: session.logic } }) }) },
    });
    const app = renderModelApp(logic, inspect);
    await signIn(app.actor);
    return { actor: app.actor, clock: app.clock, socket, session, askedBefore: 0, restore: () => random.mockRestore(), unmount: app.unmount };
  },
  events: {
    'socket.opened': async (t, e) => {
      t.askedBefore = world.asked.length;
      t.socket.report(e);
    },
    'socket.messageReceived': async (t, e) => t.socket.report(e),
    'socket.closed': async (t, e) => t.socket.report({ type: e.type, code: e.code }),
    'channel.eventJoined': async ({ actor }) => act(() => actor.send({ type: 'event.opened', event: meetup })),
    'connectivity.changed': async () => act(() => void window.dispatchEvent(new Event('online'))),
    [BACKOFF]: async (t) => {
      const live = liveChannelOf(t.actor)!;
      const delay = reconnectDelay(live.getSnapshot().context.attempt, 0.5);
      const opened = t.socket.started.length;
      advance(t.clock, delay - 1);
      expect(t.socket.started, 'a millisecond early').toHaveLength(opened);
      advance(t.clock, 1);
    },
    [SESSION_DONE]: (t, e) => t.session.resolve(e.output),
    [SESSION_ERROR]: (t, e) => t.session.reject(e.error),
  },
  states: {
    'open.connecting': async (t, step, path) => {
      await expectSignedIn();
      expectSockets(t, path, step);
      expect(t.socket.current().received).toEqual([]);
    },
    'open.connected': async (t, step, path) => {
      await expectSignedIn();
      expectSockets(t, path, step);
      expectJoins(t, path, step);
      if (step.event.type === 'socket.messageReceived') expect(toastTexts()).toContain(contactExchangeToast(SHARED).message);
      const reconnected = step.event.type === 'socket.opened' && (before(path, step)!.state.context as { wasConnected: boolean }).wasConnected;
      if (step.event.type === 'socket.opened') {
        if (reconnected) await vi.waitFor(() => expect(world.asked.slice(t.askedBefore)).toContain(RELOAD));
        else expect(world.asked.slice(t.askedBefore)).not.toContain(RELOAD);
      }
    },
    reconnecting: async (t, step, path) => {
      await expectSignedIn();
      expectSockets(t, path, step);
    },
    checkingSession: async (t, step, path) => {
      await expectSignedIn();
      expectSockets(t, path, step);
      const steps = stepsTo(path, step);
      const checks = steps.filter((s, i) => s.key === 'checkingSession' && steps[i - 1]?.key !== 'checkingSession');
      expect(t.session.calls).toHaveLength(checks.length);
    },
    ended: async () => {
      expect(await screen.findByRole('heading', { name: LOGIN_HEADING })).toBeInTheDocument();
      expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.userNotLoggedIn.message);
    },
  },
  stop: ({ unmount, restore }) => {
    unmount();
    restore();
  },
});
