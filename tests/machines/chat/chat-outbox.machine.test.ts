/** The offline outbox (issue 7): pending while offline, each sent once, in order, when back. */
import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import { STRANGER_WRITE_DETAIL, type ChatMessage } from '../../../contract/social';
import { ApiError, refusedWith } from '../../../machines/api/client';
import {
  UNSENT_FALLBACK,
  chatOutboxMachine,
  outboxRetryDelay,
  selectOutboxWaiting,
  selectPendingFor,
  selectRefusedFor,
  type OutgoingMessage,
  type PendingMessage,
} from '../../../machines/chat/chat-outbox.machine';
import { ada } from '../app.fakes';
import { asChild, deferred, flush } from '../discovery.fakes';
import { english } from '../../../contract/said';

const sam = 'a0000000-0000-4000-8000-0000000000aa';
const kim = 'a0000000-0000-4000-8000-0000000000bb';

const text = (message: string, to_user = sam): OutgoingMessage => ({
  to_user,
  message,
  message_type: 'text',
  ice_breaker_id: null,
  event_id: null,
});

/** The server as the outbox meets it: stores once per client_id, like POST /chat/send. */
function fakeServer() {
  const stored = new Map<string, ChatMessage>();
  let n = 0;
  const store = (item: PendingMessage): ChatMessage => {
    const existing = stored.get(item.clientId);
    if (existing) return existing;
    n += 1;
    const m: ChatMessage = {
      id: `f0000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
      from_user: ada.id,
      to_user: item.to_user,
      message: item.message,
      message_type: item.message_type,
      ice_breaker_id: item.ice_breaker_id,
      event_id: item.event_id,
      client_id: item.clientId,
      timestamp: `2030-05-01T18:00:${String(n).padStart(2, '0')}.000Z`,
    };
    stored.set(item.clientId, m);
    return m;
  };
  return { stored, store, messages: () => [...stored.values()] };
}

type Send = (input: { userId: string; item: PendingMessage }) => Promise<{ success: true; message: ChatMessage }>;

/** The server out of reach (503) until it comes back; then it stores as fakeServer does. */
function unreachableServer() {
  const server = fakeServer();
  let reachable = false;
  const send: Send = async ({ item }) => {
    if (!reachable) throw new ApiError(503, null);
    return { success: true, message: server.store(item) };
  };
  return { server, send, comesBack: () => void (reachable = true) };
}

function start(opts: { online?: boolean; send?: Send } = {}) {
  const server = fakeServer();
  const sends = vi.fn<Send>(opts.send ?? (async ({ item }) => ({ success: true, message: server.store(item) })));
  let ids = 0;
  const machine = chatOutboxMachine.provide({
    actors: {
      sendMessage: fromPromise<{ success: true; message: ChatMessage }, { userId: string; item: PendingMessage }>(({ input }) =>
        sends(input),
      ),
    },
    actions: { logFailure: () => {} },
  });
  const t = asChild(machine, { userId: ada.id, online: opts.online ?? true, newId: () => `client-${++ids}` });
  const snap = () => t.child.getSnapshot();
  const sentTexts = () => sends.mock.calls.map(([i]) => i.item.message);
  const reports = (type: string) => t.received.filter((e) => e.type === type);
  return { ...t, server, sends, snap, sentTexts, reports };
}

/** 'first' and 'second' queued to Sam, the answer to 'first' held until `answerFirst()`. */
async function firstOnItsWay() {
  const first = deferred<{ success: true; message: ChatMessage }>();
  const server = fakeServer();
  const t = start({ send: ({ item }) => (item.message === 'first' ? first.promise : Promise.resolve({ success: true, message: server.store(item) })) });
  t.child.send({ type: 'outbox.queued', message: text('first') });
  t.child.send({ type: 'outbox.queued', message: text('second') });
  await flush();
  const answerFirst = async () => {
    first.resolve({ success: true, message: server.store({ ...text('first'), clientId: 'client-1' }) });
    await flush();
    await flush();
  };
  return { ...t, answerFirst };
}

describe('chatOutboxMachine', () => {
  it('sends at once when online, with a client id, and hands the stored message back', async () => {
    const t = start();
    t.child.send({ type: 'outbox.queued', message: text('Hi Sam') });
    expect(t.snap().matches('sending')).toBe(true);
    await flush();
    expect(t.sends).toHaveBeenCalledWith({ userId: ada.id, item: { ...text('Hi Sam'), clientId: 'client-1' } });
    expect(t.snap().context.items).toEqual([]);
    expect(t.reports('outbox.sent')).toEqual([{ type: 'outbox.sent', clientId: 'client-1', message: t.server.messages()[0] }]);
  });

  it('keeps messages written offline as pending, then sends each exactly once, in order', async () => {
    const t = start({ online: false });
    for (const m of ['one', 'two', 'three']) t.child.send({ type: 'outbox.queued', message: text(m) });
    t.clock.increment(120_000);
    await flush();
    expect(t.sends).not.toHaveBeenCalled();
    expect(selectPendingFor(t.snap(), sam).map((m) => m.message)).toEqual(['one', 'two', 'three']);
    expect(selectOutboxWaiting(t.snap())).toBe(true);

    t.child.send({ type: 'connectivity.changed', online: true });
    for (let i = 0; i < 5; i += 1) await flush();
    expect(t.sentTexts()).toEqual(['one', 'two', 'three']);
    expect(t.server.messages().map((m) => m.message)).toEqual(['one', 'two', 'three']);
    expect(t.reports('outbox.sent').map((e) => (e as unknown as { clientId: string }).clientId)).toEqual(['client-1', 'client-2', 'client-3']);
    expect(t.snap().context.items).toEqual([]);
  });

  it('sends one at a time: the second waits for the first answer', async () => {
    const t = await firstOnItsWay();
    expect(t.sentTexts()).toEqual(['first']);
    await t.answerFirst();
    expect(t.sentTexts()).toEqual(['first', 'second']);
  });

  it('keeps a message pending when a send gets no answer, and retries it with the same id: no copy', async () => {
    const server = fakeServer();
    let dropAnswer = true;
    const t = start({
      send: async ({ item }) => {
        const m = server.store(item);
        // The first try reaches the server but its answer is lost.
        if (dropAnswer) {
          dropAnswer = false;
          throw new ApiError(0, null);
        }
        return { success: true, message: m };
      },
    });
    t.child.send({ type: 'outbox.queued', message: text('made it?') });
    await flush();
    expect(t.snap().matches('waiting')).toBe(true);
    expect(selectOutboxWaiting(t.snap())).toBe(true);
    expect(selectPendingFor(t.snap(), sam)).toHaveLength(1);

    t.clock.increment(outboxRetryDelay(1));
    await flush();
    expect(t.sends).toHaveBeenCalledTimes(2);
    expect(t.sends.mock.calls.map(([i]) => i.item.clientId)).toEqual(['client-1', 'client-1']);
    expect(server.messages()).toHaveLength(1);
    expect(t.snap().context.items).toEqual([]);
  });

  it('waits longer between tries while the server stays unreachable, up to 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 9].map(outboxRetryDelay)).toEqual([2000, 4000, 8000, 16000, 30000, 30000, 30000]);
  });

  it('tries again as soon as the browser is back online, without waiting out the delay', async () => {
    const unreachable = unreachableServer();
    const t = start({ send: unreachable.send });
    t.child.send({ type: 'outbox.queued', message: text('hello') });
    await flush();
    t.child.send({ type: 'connectivity.changed', online: false });
    unreachable.comesBack();
    t.clock.increment(outboxRetryDelay(1));
    await flush();
    // Offline: the retry delay passed, but nothing was tried.
    expect(t.sends).toHaveBeenCalledTimes(1);
    t.child.send({ type: 'connectivity.changed', online: true });
    await flush();
    expect(t.sends).toHaveBeenCalledTimes(2);
    expect(t.snap().context.items).toEqual([]);
  });

  it('keeps a message the server will not take from the user (403), with its reason, and never sends it again', async () => {
    const t = start({
      send: async ({ item }) => {
        if (item.to_user === kim) throw refusedWith(403, STRANGER_WRITE_DETAIL);
        return { success: true, message: fakeServer().store(item) };
      },
    });
    t.child.send({ type: 'outbox.queued', message: text('Hello Kim', kim) });
    await flush();
    expect(selectRefusedFor(t.snap(), kim)).toMatchObject([{ to_user: kim, message: 'Hello Kim', detail: STRANGER_WRITE_DETAIL }]);
    expect(selectRefusedFor(t.snap(), sam)).toEqual([]);
    expect(selectPendingFor(t.snap(), kim)).toEqual([]);
    t.child.send({ type: 'connectivity.changed', online: false });
    t.child.send({ type: 'connectivity.changed', online: true });
    t.clock.increment(60_000);
    await flush();
    expect(t.sentTexts()).toEqual(['Hello Kim']);
  });

  it('drops a message refused otherwise (400), keeping nothing', async () => {
    const t = start({
      send: async () => {
        throw new ApiError(400, 'message: must not be empty');
      },
    });
    t.child.send({ type: 'outbox.queued', message: text('x') });
    await flush();
    expect(t.snap().context.refused).toEqual([]);
    expect(t.snap().context.items).toEqual([]);
  });

  it('drops a refused message (4xx) with a quiet error, and goes on with the next', async () => {
    const detail = 'This person is only taking messages from their connections right now.';
    const server = fakeServer();
    const t = start({
      send: async ({ item }) => {
        if (item.to_user === kim) throw new ApiError(403, detail);
        return { success: true, message: server.store(item) };
      },
    });
    t.child.send({ type: 'outbox.queued', message: text('to Kim', kim) });
    t.child.send({ type: 'outbox.queued', message: text('to Sam') });
    await flush();
    await flush();
    expect(english(t.reports('toast.show'))).toEqual(english([{ type: 'toast.show', message: detail, kind: 'error' }]));
    expect(t.sentTexts()).toEqual(['to Kim', 'to Sam']);
    expect(t.snap().context.items).toEqual([]);
    expect(server.messages().map((m) => m.message)).toEqual(['to Sam']);
  });

  it('says a generic sentence when the refusal has no detail', async () => {
    const t = start({
      send: async () => {
        throw new ApiError(400, null);
      },
    });
    t.child.send({ type: 'outbox.queued', message: text('x') });
    await flush();
    expect(t.reports('toast.show')).toEqual([{ type: 'toast.show', message: UNSENT_FALLBACK, kind: 'error' }]);
  });

  it('lets a pending message go when its live echo shows it stored already', () => {
    const t = start({ online: false });
    t.child.send({ type: 'outbox.queued', message: text('one') });
    t.child.send({ type: 'outbox.queued', message: text('two') });
    t.child.send({ type: 'outbox.delivered', clientId: 'client-1' });
    expect(t.snap().context.items.map((m) => m.clientId)).toEqual(['client-2']);
  });

  it('sends nothing more to someone the user blocked (issue 16), and goes on with the others', async () => {
    const t = start({ online: false });
    t.child.send({ type: 'outbox.queued', message: text('to Sam') });
    t.child.send({ type: 'outbox.queued', message: text('to Kim', kim) });
    t.child.send({ type: 'outbox.queued', message: text('to Sam again') });
    t.child.send({ type: 'chat.blocked', userId: sam });
    expect(selectPendingFor(t.snap(), sam)).toEqual([]);
    t.child.send({ type: 'connectivity.changed', online: true });
    await flush();
    expect(t.sentTexts()).toEqual(['to Kim']);
    expect(t.snap().context.items).toEqual([]);
    expect(t.reports('toast.show')).toEqual([]);
  });

  it('lets the message on its way be settled by its answer, and drops the rest to the person blocked', async () => {
    const t = await firstOnItsWay();
    t.child.send({ type: 'chat.blocked', userId: sam });
    expect(t.snap().context.items.map((m) => m.message)).toEqual(['first']);
    await t.answerFirst();
    expect(t.sentTexts()).toEqual(['first']);
    expect(t.reports('outbox.sent')).toHaveLength(1);
    expect(t.snap().context.items).toEqual([]);
  });

  it('drops a message waiting to be tried again, and tries the next one when the delay has passed', async () => {
    const unreachable = unreachableServer();
    const t = start({ send: unreachable.send });
    t.child.send({ type: 'outbox.queued', message: text('to Sam') });
    await flush();
    expect(t.snap().matches('waiting')).toBe(true);
    t.child.send({ type: 'outbox.queued', message: text('to Kim', kim) });
    t.child.send({ type: 'chat.blocked', userId: sam });
    unreachable.comesBack();
    t.clock.increment(outboxRetryDelay(1));
    await flush();
    expect(t.sentTexts()).toEqual(['to Sam', 'to Kim']);
    expect(unreachable.server.messages().map((m) => m.message)).toEqual(['to Kim']);
    expect(t.snap().context.items).toEqual([]);
  });

  it('tells the root when the session is gone', async () => {
    const t = start({
      send: async () => {
        throw new ApiError(401, null);
      },
    });
    t.child.send({ type: 'outbox.queued', message: text('x') });
    await flush();
    expect(t.types()).toEqual(['session.expired']);
  });
});
