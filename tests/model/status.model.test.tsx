/**
 * Model-based test of taking a break (issue 16): paths generated from the production
 * status chart, replayed on the whole app. After every step the top bar must offer "Take
 * a break" only when the chart says so, the sheet must show the draft and what is wrong
 * with it, and the banner must show the break (its end, "I'm back") or "Welcome back".
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';
import { waitFor as waitForActor, type SimulatedClock } from 'xstate';
import { MESSAGES } from '../../contract/messages';
import type { StatusAnswer, StatusBody, UserStatus } from '../../contract/status';
import { appMachine, type AppActorRef } from '../../machines/app.machine';
import { chartOf } from '../../machines/lazy-charts';
import { statusMachine, type StatusContext } from '../../machines/presence/status.machine';
import { breakUntil } from '../../src/components/format';
import { chunksAtHand } from '../machines/charts.fakes';
import { advance, hearLive, heldCall, quietServer, renderModelApp, signIn } from './app';
import {
  BACK_DONE,
  BACK_ERROR,
  BREAK_TIME_UP,
  END_DONE,
  END_ERROR,
  LEAF,
  LOAD_DONE,
  LOAD_ERROR,
  SAVE_DONE,
  SAVE_ERROR,
  statusModel,
} from './charts/status';
import type { ModelStep } from './harness';
import { describeModel } from './suite';
import { LOGIN_HEADING } from '../said';

quietServer();

interface Break {
  user: UserEvent;
  actor: AppActorRef;
  clock: SimulatedClock;
  load: ReturnType<typeof heldCall<UserStatus, { userId: string }>>;
  save: ReturnType<typeof heldCall<StatusAnswer, { userId: string; body: StatusBody }>>;
  unmount: () => void;
}

const LENGTH_LABELS = { hour: 'For 1 hour', untilBack: 'Until I come back' } as const;

const ctx = (step: ModelStep) => step.state.context as StatusContext;
const appStatus = (t: Break) => chartOf(t.actor.getSnapshot(), 'status')!.getSnapshot().context;

const takeBreakButton = () => screen.queryByRole('button', { name: 'Take a break' });
const breakBanner = () => screen.queryByRole('status', { name: 'Your break' });
const welcomeBanner = () => screen.queryByRole('status', { name: 'Welcome back' });
const sessionGone = (step: ModelStep) => step.event.variant === 'session gone';

async function expectSignedOut() {
  expect(await screen.findByRole('heading', { name: LOGIN_HEADING })).toBeInTheDocument();
  expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.userNotLoggedIn.message);
}

/** "Welcome back" under the top bar, with its words, exactly when the chart has something to say. */
function expectWelcome(step: ModelStep) {
  const c = ctx(step);
  if (c.welcome !== null && c.status.status !== 'away') expect(welcomeBanner()).toHaveTextContent(c.welcome.message);
  else expect(welcomeBanner()).not.toBeInTheDocument();
}

/** The break's banner: its end in words, "I'm back" (waiting or not), and what went wrong. */
function expectBreakBanner(t: Break, step: ModelStep, button: { name: string; disabled: boolean }) {
  const c = ctx(step);
  const banner = breakBanner();
  expect(banner).toBeInTheDocument();
  // The end the app holds (the one it worked out, or the server's), in the person's words.
  const until = appStatus(t).status.until;
  expect(until === null).toBe(c.status.until === null);
  expect(banner).toHaveTextContent(`You're on a break ${breakUntil(until)}.`);
  if (until === null) expect(banner).toHaveTextContent("You're on a break until you come back.");
  const back = within(banner!).getByRole('button', { name: button.name });
  if (button.disabled) expect(back).toBeDisabled();
  else expect(back).toBeEnabled();
  if (c.backError) expect(within(banner!).getByRole('alert')).toHaveTextContent(c.backError.message);
  else expect(within(banner!).queryByRole('alert')).not.toBeInTheDocument();
  expect(takeBreakButton()).not.toBeInTheDocument();
}

/** The sheet shows the chart's draft and what is wrong with it. */
async function expectSheet(step: ModelStep, saving: boolean) {
  const c = ctx(step);
  // The sheet is a chunk of its own: it arrives a moment after the first press.
  const sheet = await screen.findByRole('dialog', { name: 'Take a break' });
  expect(within(sheet).getByRole('radio', { name: LENGTH_LABELS[c.draft.length as keyof typeof LENGTH_LABELS] })).toBeChecked();
  expect(within(sheet).getByLabelText('Status line (optional)')).toHaveValue(c.draft.message);
  expect(within(sheet).getByRole('radio', { name: c.draft.emoji === LEAF ? 'Leaf' : 'No emoji' })).toBeChecked();
  if (c.errors.fields.message) expect(within(sheet).getByText(c.errors.fields.message.message)).toBeInTheDocument();
  if (c.errors.form) expect(within(sheet).getByRole('alert')).toHaveTextContent(c.errors.form.message);
  if (!c.errors.fields.message && !c.errors.form) expect(within(sheet).queryByRole('alert')).not.toBeInTheDocument();
  const submit = within(sheet).getByRole('button', { name: saving ? 'Starting your break…' : 'Start my break' });
  if (saving) expect(submit).toBeDisabled();
  else expect(submit).toBeEnabled();
}

describeModel<Break>(statusModel, {
  async start(_path, inspect) {
    const load = heldCall<UserStatus, { userId: string }>();
    const save = heldCall<StatusAnswer, { userId: string; body: StatusBody }>();
    const logic = appMachine.provide({
      actors: {
        ...chunksAtHand({
          status: statusMachine.provide({
            actors: { loadStatus: load.logic, saveStatus: save.logic },
            actions: { logFailure: () => {} },
          }),
        }),
      },
    });
    const app = renderModelApp(logic, inspect);
    await signIn(app.actor);
    await act(() => waitForActor(app.actor, (s) => chartOf(s, 'status') !== undefined));
    await screen.findByRole('heading', { name: 'Events' });
    return { user: userEvent.setup(), actor: app.actor, clock: app.clock, load, save, unmount: app.unmount };
  },
  events: {
    [LOAD_DONE]: (t, e) => t.load.resolve(e.output as UserStatus),
    [LOAD_ERROR]: (t, e) => t.load.reject(e.error),
    [END_DONE]: (t, e) => t.load.resolve(e.output as UserStatus),
    [END_ERROR]: (t, e) => t.load.reject(e.error),
    // The server keeps what the app sent.
    [SAVE_DONE]: (t) => {
      const body = t.save.last().input.body;
      return t.save.resolve({
        success: true,
        status: { status: 'away', custom_message: body.custom_message ?? null, emoji: body.emoji ?? null, until: body.until ?? null },
      });
    },
    [SAVE_ERROR]: (t, e) => t.save.reject(e.error),
    [BACK_DONE]: (t, e) => t.save.resolve(e.output as StatusAnswer),
    [BACK_ERROR]: (t, e) => t.save.reject(e.error),
    [BREAK_TIME_UP]: async (t) => {
      const left = appStatus(t).left;
      advance(t.clock, left - 1);
      expect(breakBanner(), 'a millisecond early').toBeInTheDocument();
      advance(t.clock, 1);
    },
    'break.opened': async ({ user }) => user.click(takeBreakButton()!),
    'break.cancelled': async ({ user }) => user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' })),
    'break.submitted': async ({ user }) => user.click(screen.getByRole('button', { name: 'Start my break' })),
    'break.lengthChosen': async ({ user }, e) => user.click(screen.getByRole('radio', { name: LENGTH_LABELS[e.length as keyof typeof LENGTH_LABELS] })),
    'break.messageChanged': async (_t, e) => {
      fireEvent.change(screen.getByLabelText('Status line (optional)'), { target: { value: e.message } });
    },
    'break.emojiChosen': async ({ user }) => user.click(screen.getByRole('radio', { name: 'Leaf' })),
    'break.ended': async ({ user }) => user.click(within(breakBanner()!).getByRole('button', { name: "I'm back" })),
    'welcome.dismissed': async ({ user }) => user.click(within(welcomeBanner()!).getByRole('button', { name: 'OK' })),
    // What the live channel's socket would bring, sent to the switchboard as the channel does.
    'live.notification': async (t, e) => hearLive(t.actor, { type: 'live.notification', notification: e.notification as never }),
    'live.reconnected': async (t) => hearLive(t.actor, { type: 'live.reconnected' }),
  },
  states: {
    loading: async (t, step) => {
      const c = ctx(step);
      if (!c.settled) {
        expect(takeBreakButton()).not.toBeInTheDocument();
        expect(breakBanner()).not.toBeInTheDocument();
      } else if (c.status.status === 'away') {
        expectBreakBanner(t, step, { name: "I'm back", disabled: true });
      } else {
        expect(takeBreakButton()).toBeDisabled();
        expect(breakBanner()).not.toBeInTheDocument();
      }
      expectWelcome(step);
    },
    'available.idle': async (_t, step) => {
      if (sessionGone(step)) return expectSignedOut();
      expect(takeBreakButton()).toBeEnabled();
      expect(breakBanner()).not.toBeInTheDocument();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expectWelcome(step);
    },
    'available.choosing': async (_t, step) => expectSheet(step, false),
    'available.saving': async (t, step) => {
      await expectSheet(step, true);
      // The break as the sheet says, its end worked out on the device as the button was pressed.
      const c = ctx(step);
      const body = t.save.last().input.body;
      expect(body).toMatchObject({ status: 'away', custom_message: c.draft.message || null, emoji: c.draft.emoji || null });
      if (c.draft.length === 'untilBack') expect(body.until).toBeNull();
      else expect(Date.parse(body.until!) - Date.now()).toBeGreaterThan(3_590_000);
    },
    'away.timed': async (t, step) => (sessionGone(step) ? expectSignedOut() : expectBreakBanner(t, step, { name: "I'm back", disabled: false })),
    'away.open': async (t, step) => (sessionGone(step) ? expectSignedOut() : expectBreakBanner(t, step, { name: "I'm back", disabled: false })),
    'away.returning': async (t, step) => {
      expectBreakBanner(t, step, { name: 'Coming back…', disabled: true });
      expect(t.save.last().input.body).toEqual({ status: 'available' });
    },
    ending: async (_t, step) => {
      expect(breakBanner()).not.toBeInTheDocument();
      expect(takeBreakButton()).not.toBeInTheDocument();
      expectWelcome(step);
    },
  },
  stop: ({ unmount }) => unmount(),
});
