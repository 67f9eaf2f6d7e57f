/**
 * The chat outbox as QA's model: Ada's messages to Sam from the moment she presses
 * Send until the server has them — online and offline, answered, refused, unanswered
 * and retried, echoed live by an earlier try that got through, and let go when she
 * blocks him.
 */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { STRANGER_WRITE_DETAIL } from '../../../contract/social';
import { ApiError, refusedWith } from '../../../machines/api/client';
import { chatOutboxMachine, type OutboxContext, type PendingMessage } from '../../../machines/chat/chat-outbox.machine';
import { ada, sam, storedMessage } from '../fixtures';
import { delayEvent, invocationEvent, type ChartModel } from '../harness';

export const SEND_DONE = invocationEvent(chatOutboxMachine, 'chatOutbox.sending', 'done');
export const SEND_ERROR = invocationEvent(chatOutboxMachine, 'chatOutbox.sending', 'error');
export const RETRY = delayEvent(chatOutboxMachine, 'chatOutbox.waiting');

/** The server's refusal of a message: not allowed to write to them (403, issue 16), so it is kept, not sent. */
export const REFUSED = STRANGER_WRITE_DETAIL;
/** Another refusal (400): the message is dropped. */
export const REJECTED = 'message: must not be empty';
/** At most this many messages wait at once in the model, so its graph stays small. */
const MOST_WAITING = 2;

const ctx = (s: AnyMachineSnapshot) => s.context as OutboxContext;

function events(type: string, s: AnyMachineSnapshot): AnyEventObject[] | undefined {
  const c = ctx(s);
  switch (type) {
    // Once a message is refused the chat says why in place of the input: nothing more can be written.
    case 'outbox.queued':
      return c.items.length < MOST_WAITING && c.refused.length === 0
        ? [
            {
              type,
              message: { to_user: sam.id, message: `Message ${c.items.length + 1}`, message_type: 'text', ice_breaker_id: null, event_id: null },
            },
          ]
        : [];
    case 'connectivity.changed':
      return [{ type, online: !c.online, variant: c.online ? 'offline' : 'online' }];
    case 'outbox.delivered':
      return c.items.map((m, i) => ({ type, clientId: m.clientId, index: i, variant: i === 0 ? 'first' : 'second' }));
    // Ada blocks Sam in the chat (issue 16) while something waits for him; the one on its way is its answer's.
    case 'chat.blocked':
      return c.items.length > (s.matches('sending') ? 1 : 0) ? [{ type, userId: sam.id }] : [];
    case SEND_DONE:
      return [{ type, output: { success: true, message: storedMessage({ message: c.items[0]!.message, client_id: c.items[0]!.clientId }) } }];
    case SEND_ERROR:
      return [
        { type, error: new TypeError('Failed to fetch'), variant: 'no answer' },
        { type, error: refusedWith(403, REFUSED), variant: 'refused' },
        { type, error: new ApiError(400, REJECTED), variant: 'rejected' },
        { type, error: new ApiError(401, 'Not signed in'), variant: 'session gone' },
      ];
    case RETRY:
      return [{ type }];
    default:
      return undefined;
  }
}

const sessionGone = (e: AnyEventObject) => e.type === SEND_ERROR && e.variant === 'session gone';

/** The messages stored on the server after `steps`, oldest first: answered, or echoed live by an earlier try. */
export function storedAfter(steps: readonly { event: AnyEventObject; state: AnyMachineSnapshot; fired: string[] }[]): string[] {
  const stored = new Map<string, string>();
  steps.forEach((step, i) => {
    const before = i > 0 ? ctx(steps[i - 1]!.state).items : [];
    const store = (m: PendingMessage | undefined) => m && !stored.has(m.clientId) && stored.set(m.clientId, m.message);
    if (step.event.type === SEND_DONE) store(before[0]);
    if (step.event.type === 'outbox.delivered') store(before.find((m) => m.clientId === step.event.clientId));
  });
  return [...stored.values()];
}

const texts = (s: AnyMachineSnapshot) => ctx(s).items.map((m) => `“${m.message}”`).join(' and ');

export const chatOutboxModel: ChartModel = {
  name: 'chat outbox',
  machine: chatOutboxMachine,
  starts: [{ label: 'Ada signs in and opens her chat with Sam', input: { userId: ada.id, online: true } }],
  events,
  serializeState: (s) =>
    JSON.stringify([s.value, ctx(s).online, ctx(s).items.map((m) => m.message), ctx(s).attempt > 0, ctx(s).refused.map((m) => m.message)]),
  endsPath: sessionGone,
  // The client ids are the chart's own (random): an echo names the message at its place in the queue.
  bind: (e, before) => (e.type === 'outbox.delivered' ? { ...e, clientId: ctx(before).items[e.index as number]!.clientId } : e),
  say: (e, before) => {
    switch (e.type) {
      case 'outbox.queued':
        return `Ada writes “${(e.message as { message: string }).message}” and presses Send`;
      case 'connectivity.changed':
        return e.online ? 'the browser is back online' : 'the browser goes offline';
      case 'outbox.delivered':
        return `an earlier try of “${ctx(before).items.find((m) => m.clientId === e.clientId)?.message}” turns out to have arrived (its live echo)`;
      case 'chat.blocked':
        return `Ada blocks ${sam.name} in the chat`;
      case SEND_DONE:
        return `the server stores “${ctx(before).items[0]?.message}”`;
      case SEND_ERROR:
        return e.variant === 'no answer'
          ? 'the send gets no answer'
          : e.variant === 'refused'
            ? 'the server refuses it: Ada may not write to Sam'
            : e.variant === 'rejected'
              ? 'the server refuses it as invalid'
              : 'the server answers that her session is gone';
      case RETRY:
        return 'the retry delay passes';
      default:
        return e.type;
    }
  },
  see: {
    idle: (s, e) =>
      sessionGone(e)
        ? 'the login view with “User not logged in”'
        : e.type === SEND_ERROR && e.variant === 'refused'
          ? `the toast “${REFUSED.message}”, the message kept in the chat marked “Not sent”, and the same words in place of the input`
          : e.type === SEND_ERROR
            ? `the toast “${REJECTED}”, the message gone from the chat`
            : ctx(s).items.length
              ? `${texts(s)} marked “Not sent yet — sending when you're back online”`
              : 'the conversation with nothing waiting',
    sending: (s, e) =>
      e.type === 'outbox.delivered'
        ? 'it among the sent messages (the echo), the answer to the try still awaited'
        : ctx(s).online
          ? `${texts(s)} marked “Sending…”`
          : `${texts(s)} marked “Not sent yet — sending when you're back online”`,
    // A block can leave nothing waiting while the retry delay still runs.
    waiting: (s) => (ctx(s).items.length ? `${texts(s)} marked “Not sent yet — sending when you're back online”` : 'the conversation with nothing waiting'),
  },
  about:
    'Checked where its messages show: the chat with Sam, where the stored messages and those still waiting are listed, ' +
    'the waiting ones marked. The send call is a double the path settles; offline and online are the browser’s ' +
    'events; the retry delay runs on a simulated clock (a millisecond early, nothing is sent again). A block is the ' +
    'news the chat’s chart gives the root once Block in its header went through.',
};
