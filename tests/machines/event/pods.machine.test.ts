/** pods (issue 43 item 3): none → join → waiting (read again every few seconds, or when a pod forms) → formed; leaving; refusals in the server's words. */
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import type { MyPod } from '../../../contract/pods';
import { ApiError } from '../../../machines/api/client';
import { PODS_POLL_MS, PODS_WORDS, podsMachine, selectPodsStep, type PodNews } from '../../../machines/event/pods.machine';
import { flush } from '../discovery.fakes';

const input = { userId: 'a0000000-0000-4000-8000-000000000001', eventId: 'e0000000-0000-4000-8000-000000000001' };
const formed: MyPod = {
  status: 'formed',
  pod: {
    id: 'b0000000-0000-4000-8000-000000000001',
    members: [{ id: input.userId, name: 'Ada' }, { id: null, name: 'Anonymous attendee' }, { id: 'c0000000-0000-4000-8000-000000000001', name: 'Sam' }],
    meeting_point: { name: 'Library hall' },
    starts_at: '2026-11-22T10:05:00.000Z',
    group_chat_id: 'd0000000-0000-4000-8000-000000000001',
  },
};

/** A stand-in for the event chart's `pod.formed`. */
function fakeNews() {
  const handlers = new Set<(e: { type: 'pod.formed'; eventId: string }) => void>();
  const news: PodNews = {
    on: (_type, handler) => {
      handlers.add(handler);
      return { unsubscribe: () => handlers.delete(handler) };
    },
  };
  return { news, tell: (eventId: string) => handlers.forEach((h) => h({ type: 'pod.formed', eventId })), handlers };
}

function start(answers: MyPod[], opts: { join?: () => Promise<unknown>; leave?: () => Promise<unknown> } = {}) {
  const mine = vi.fn(async () => answers.shift() ?? { status: 'none' as const, pod: null });
  const join = vi.fn(opts.join ?? (async () => ({ status: 'waiting' })));
  const leave = vi.fn(opts.leave ?? (async () => ({ status: 'none', pod: null })));
  const clock = new SimulatedClock();
  const { news, tell, handlers } = fakeNews();
  const actor = createActor(
    podsMachine.provide({
      actors: { loadMine: fromPromise(() => mine()), joinQueue: fromPromise(() => join()), leaveQueue: fromPromise(() => leave()) },
      actions: { logFailure: () => {} },
    }),
    { input: { ...input, news }, clock },
  ).start();
  return { actor, mine, join, leave, clock, tell, handlers, step: () => selectPodsStep(actor.getSnapshot()) };
}

describe('podsMachine', () => {
  it('offers to join, waits, reads again every few seconds, and shows the pod formed', async () => {
    const t = start([{ status: 'none', pod: null }, { status: 'waiting', pod: null }, { status: 'waiting', pod: null }, formed]);
    expect(t.step()).toBe('loading');
    await flush();
    expect(t.step()).toBe('none');
    t.actor.send({ type: 'pods.joined' });
    expect(t.step()).toBe('joining');
    await flush();
    await flush();
    expect(t.join).toHaveBeenCalledTimes(1);
    expect(t.step()).toBe('waiting');
    t.clock.increment(PODS_POLL_MS - 1);
    expect(t.step()).toBe('waiting');
    t.clock.increment(1);
    await flush();
    expect(t.mine).toHaveBeenCalledTimes(3);
    expect(t.step()).toBe('waiting');
    t.clock.increment(PODS_POLL_MS);
    await flush();
    expect(t.step()).toBe('formed');
    expect(t.actor.getSnapshot().context.pod).toEqual(formed.pod);
    // Formed, nothing is read again by itself.
    t.clock.increment(10 * PODS_POLL_MS);
    expect(t.mine).toHaveBeenCalledTimes(4);
  });

  it("reads at once when the event chart hears the pod formed (this event's only)", async () => {
    const t = start([{ status: 'waiting', pod: null }, formed]);
    await flush();
    expect(t.step()).toBe('waiting');
    t.tell('e0000000-0000-4000-8000-00000000ffff');
    expect(t.step()).toBe('waiting');
    t.tell(input.eventId);
    await flush();
    expect(t.step()).toBe('formed');
  });

  it('leaves quietly, from waiting or from a pod', async () => {
    const t = start([formed]);
    await flush();
    t.actor.send({ type: 'pods.left' });
    expect(t.step()).toBe('leaving');
    await flush();
    expect(t.step()).toBe('none');
    expect(t.actor.getSnapshot().context.pod).toBeNull();
  });

  it("says a refusal in the server's words, and a failure in its own", async () => {
    const t = start([], { join: async () => Promise.reject(new ApiError(409, 'You are on a break: end it to join a small group')) });
    await flush();
    t.actor.send({ type: 'pods.joined' });
    await flush();
    expect(t.step()).toBe('none');
    expect(t.actor.getSnapshot().context.error).toMatchObject({ message: 'You are on a break: end it to join a small group' });
    const u = start([], { join: async () => Promise.reject(new TypeError('offline')) });
    await flush();
    u.actor.send({ type: 'pods.joined' });
    await flush();
    expect(u.actor.getSnapshot().context.error).toEqual(PODS_WORDS.joinFailed);
  });

  it('offers Try again when it cannot load, and stops hearing the event when stopped', async () => {
    const mine = vi.fn().mockRejectedValueOnce(new TypeError('offline')).mockResolvedValue({ status: 'none', pod: null });
    const t = start([]);
    t.actor.stop();
    expect(t.handlers.size).toBe(0);
    const actor = createActor(podsMachine.provide({ actors: { loadMine: fromPromise(() => mine()) }, actions: { logFailure: () => {} } }), { input }).start();
    await flush();
    expect(selectPodsStep(actor.getSnapshot())).toBe('failed');
    actor.send({ type: 'pods.retried' });
    await flush();
    expect(selectPodsStep(actor.getSnapshot())).toBe('none');
  });
});
