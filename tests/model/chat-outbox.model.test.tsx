/**
 * Model-based test of the chat outbox (issue 7): paths generated from the production
 * chart, replayed on the whole app's chat with Sam. After every step the chat must list
 * the messages the server has, then those still waiting, each marked as the chart says;
 * a refusal is a toast, a lost session the login view.
 */
import { act, screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, expect, vi } from 'vitest';
import type { SimulatedClock } from 'xstate';
import { MESSAGES } from '../../contract/messages';
import type { ChatMessage } from '../../contract/social';
import { appMachine, type AppActorRef } from '../../machines/app.machine';
import { chartOf } from '../../machines/lazy-charts';
import {
  chatOutboxMachine,
  outboxRetryDelay,
  type OutboxContext,
  type PendingMessage,
} from '../../machines/chat/chat-outbox.machine';
import { advance, hearLive, heldCall, quietServer, renderModelApp, signIn, toastTexts } from './app';
import { chatOutboxModel, REFUSED, REJECTED, RETRY, SEND_DONE, SEND_ERROR, storedAfter } from './charts/chat-outbox';
import { ada, sam, storedMessage } from './fixtures';
import type { ModelPath, ModelStep } from './harness';
import { describeModel } from './suite';
import { chunksAtHand } from '../machines/charts.fakes';
import { LOGIN_HEADING } from '../said';

quietServer();

afterEach(() => {
  vi.restoreAllMocks();
});

interface Chat {
  user: UserEvent;
  actor: AppActorRef;
  clock: SimulatedClock;
  send: ReturnType<typeof heldCall<{ success: true; message: ChatMessage }, { userId: string; item: PendingMessage }>>;
  /** What the server stored, by client id: the answer and the live echo are the same message. */
  stored: Map<string, ChatMessage>;
  unmount: () => void;
}

const SENDING = 'Sending…';
const WAITING = "Not sent yet — sending when you're back online";
const REFUSED_NOTE = 'Not sent';

const outbox = (t: Chat) => chartOf(t.actor.getSnapshot(), 'outbox')!.getSnapshot().context;

/** The server's copy of a message, made once. */
function storedFor(t: Chat, item: PendingMessage): ChatMessage {
  const known = t.stored.get(item.clientId);
  if (known) return known;
  const message = storedMessage({
    from_user: ada.id,
    to_user: sam.id,
    message: item.message,
    client_id: item.clientId,
    timestamp: new Date(Date.UTC(2030, 4, 1, 18, t.stored.size)).toISOString(),
  });
  t.stored.set(item.clientId, message);
  return message;
}

/** The model's item `clientId` of the step before, as the app's item at the same place. */
function appItem(t: Chat, before: OutboxContext, clientId: string): PendingMessage {
  const item = outbox(t).items[before.items.findIndex((m) => m.clientId === clientId)];
  if (!item) throw new Error('the app has no such message waiting');
  return item;
}

/** The chat lists the stored messages, then the waiting ones with the note the chart's state calls for. */
function expectChat(path: ModelPath, step: ModelStep, waiting: boolean) {
  const steps = path.steps.slice(0, path.steps.indexOf(step) + 1);
  const stored = storedAfter(steps);
  const c = step.state.context as OutboxContext;
  const storedIds = new Set(steps.flatMap((s, i) => (i > 0 && s.event.type === 'outbox.delivered' ? [s.event.clientId as string] : [])));
  const pending = c.items.filter((m) => !storedIds.has(m.clientId)).map((m) => m.message);
  const log = screen.getByRole('log', { name: `Messages with ${sam.name}` });
  // Each line as 'text', or 'text [note]' while it waits; the time of a stored one left out.
  const lines = within(log)
    .queryAllByRole('listitem')
    .map((li) => {
      const time = li.querySelector('time')?.textContent ?? '';
      const text = (li.textContent ?? '').replace(/^You: /, '');
      return time ? text.slice(0, -time.length) : text.replace(/(Sending…|Not sent yet.*|Not sent)$/, (m) => ` [${m}]`);
    });
  const note = waiting || !c.online ? WAITING : SENDING;
  expect(lines).toEqual([
    ...stored,
    ...c.refused.map((m) => `${m.message} [${REFUSED_NOTE}]`),
    ...pending.map((m) => `${m} [${note}]`),
  ]);
  // A refused message: the server's words in place of the input; otherwise the input is there.
  if (c.refused.length) {
    expect(screen.getByRole('status', { name: 'Messages are closed' })).toHaveTextContent(REFUSED.message);
    expect(screen.queryByRole('form', { name: `Message ${sam.name}` })).not.toBeInTheDocument();
  } else {
    expect(screen.getByRole('form', { name: `Message ${sam.name}` })).toBeInTheDocument();
  }
}

describeModel<Chat>(chatOutboxModel, {
  async start(_path, inspect) {
    const send = heldCall<{ success: true; message: ChatMessage }, { userId: string; item: PendingMessage }>();
    const logic = appMachine.provide({
      actors: { ...chunksAtHand({ outbox: chatOutboxMachine.provide({ actors: { sendMessage: send.logic }, actions: { logFailure: () => {} } }) }) },
    });
    const app = renderModelApp(logic, inspect);
    await signIn(app.actor);
    act(() => app.actor.send({ type: 'chat.opened', partner: sam }));
    await screen.findByText('No messages yet. An ice breaker can make the first one easier.');
    return { user: userEvent.setup(), actor: app.actor, clock: app.clock, send, stored: new Map(), unmount: app.unmount };
  },
  events: {
    'outbox.queued': async ({ user }, e) => {
      const form = screen.getByRole('form', { name: `Message ${sam.name}` });
      await user.type(within(form).getByLabelText('Message'), (e.message as { message: string }).message);
      await user.click(within(form).getByRole('button', { name: 'Send' }));
    },
    'connectivity.changed': async (_t, e) => {
      vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(e.online as boolean);
      act(() => void window.dispatchEvent(new Event(e.online ? 'online' : 'offline')));
    },
    'outbox.delivered': async (t, e, before) => {
      const message = storedFor(t, appItem(t, before.context as OutboxContext, e.clientId as string));
      hearLive(t.actor, { type: 'live.new_message', message });
    },
    // As the chat's chart tells the root once Block in its header went through (its own steps are the chat's tests).
    'chat.blocked': async (t, e) => act(() => void t.actor.send({ type: 'chat.blocked', userId: e.userId as string })),
    [SEND_DONE]: (t) => t.send.resolve({ success: true, message: storedFor(t, t.send.last().input.item) }),
    [SEND_ERROR]: (t, e) => t.send.reject(e.error),
    [RETRY]: async (t) => {
      const calls = t.send.calls.length;
      const delay = outboxRetryDelay(outbox(t).attempt);
      advance(t.clock, delay - 1);
      expect(t.send.calls, 'a millisecond early').toHaveLength(calls);
      advance(t.clock, 1);
    },
  },
  states: {
    idle: async (_t, step, path) => {
      if (step.event.type === SEND_ERROR && step.event.variant === 'session gone') {
        expect(await screen.findByRole('heading', { name: LOGIN_HEADING })).toBeInTheDocument();
        expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.userNotLoggedIn.message);
        return;
      }
      if (step.event.type === SEND_ERROR) expect(toastTexts()).toContain(step.event.variant === 'refused' ? REFUSED.message : REJECTED);
      expectChat(path, step, false);
    },
    sending: async (t, step, path) => {
      expectChat(path, step, false);
      const head = (step.state.context as OutboxContext).items[0]!;
      expect(t.send.last().input.item.message).toBe(head.message);
    },
    waiting: async (_t, step, path) => {
      expectChat(path, step, true);
    },
  },
  stop: ({ unmount }) => unmount(),
});
