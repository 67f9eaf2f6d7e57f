/** connection-requests: the waiting requests, accept and decline, SPEC 8's messages. */
import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import { MESSAGES } from '../../../contract/messages';
import type { ReceivedRequest, RespondAnswer } from '../../../contract/social';
import { ApiError } from '../../../machines/api/client';
import {
  connectionRequestsMachine,
  selectRequestCount,
  selectRequestsStatus,
  type RequestAction,
} from '../../../machines/people/connection-requests.machine';
import { ada } from '../app.fakes';
import { sam, sampleConnection, sampleRequest } from '../connections.fakes';
import { asChild, flush, samplePerson } from '../discovery.fakes';
import { english } from '../../../contract/said';

type Respond = (i: { userId: string; requestId: string; action: RequestAction }) => Promise<RespondAnswer>;

function start(opts: { load?: () => Promise<ReceivedRequest[]>; respond?: Respond } = {}) {
  const loads = vi.fn(opts.load ?? (async () => []));
  const responds = vi.fn<Respond>(opts.respond ?? (async () => ({ success: true, connection: null })));
  const machine = connectionRequestsMachine.provide({
    actors: {
      loadRequests: fromPromise<ReceivedRequest[], { userId: string }>(() => loads()),
      respond: fromPromise<RespondAnswer, { userId: string; requestId: string; action: RequestAction }>(({ input }) => responds(input)),
    },
  });
  const t = asChild(machine, { userId: ada.id });
  const snap = () => t.child.getSnapshot();
  const said = (type: string) => t.received.filter((e) => e.type === type).map((e) => (e as unknown as { message: string }).message);
  return { ...t, loads, responds, snap, said };
}

describe('connectionRequestsMachine', () => {
  it('asks nothing until told to load, then lists the requests and counts them', async () => {
    const r = sampleRequest();
    const t = start({ load: async () => [r] });
    await flush();
    expect(t.loads).not.toHaveBeenCalled();
    expect(selectRequestCount(t.snap())).toBe(0);
    t.child.send({ type: 'requests.reloaded' });
    expect(selectRequestsStatus(t.snap())).toBe('loading');
    await flush();
    expect(t.snap().context.requests).toEqual([r]);
    expect(selectRequestCount(t.snap())).toBe(1);
  });

  it("says 'Failed to load connection requests' when the list cannot load", async () => {
    const t = start({
      load: async () => {
        throw new ApiError(500, 'boom');
      },
    });
    t.child.send({ type: 'requests.reloaded' });
    await flush();
    expect(selectRequestsStatus(t.snap())).toBe('failed');
    expect(t.said('error.show')).toEqual([MESSAGES.failedLoadConnectionRequests]);
  });

  it('accepts: the request goes, with the SPEC 8 toast', async () => {
    const r = sampleRequest();
    const t = start({ load: async () => [r], respond: async () => ({ success: true, connection: sampleConnection(sam) }) });
    t.child.send({ type: 'requests.reloaded' });
    await flush();
    t.child.send({ type: 'requests.answered', requestId: r.id, action: 'accept' });
    expect(t.snap().context.answering).toEqual({ requestId: r.id, action: 'accept' });
    await flush();
    expect(t.responds).toHaveBeenCalledWith({ userId: ada.id, requestId: r.id, action: 'accept' });
    expect(t.snap().context.requests).toEqual([]);
    expect(t.said('toast.show')).toEqual([MESSAGES.connectionAccepted]);
  });

  it('declines discreetly', async () => {
    const r = sampleRequest();
    const t = start({ load: async () => [r] });
    t.child.send({ type: 'requests.reloaded' });
    await flush();
    t.child.send({ type: 'requests.answered', requestId: r.id, action: 'decline' });
    await flush();
    expect(t.snap().context.requests).toEqual([]);
    expect(t.said('toast.show')).toEqual([MESSAGES.connectionDeclined]);
  });

  it.each([
    ['the server detail', new ApiError(404, 'Request not found'), 'Request not found'],
    ["'Failed to respond to request' without one", new ApiError(0, null), MESSAGES.failedRespondToRequest],
  ])('keeps the request and shows %s on a failure', async (_, error, message) => {
    const r = sampleRequest();
    const t = start({
      load: async () => [r],
      respond: async () => {
        throw error;
      },
    });
    t.child.send({ type: 'requests.reloaded' });
    await flush();
    t.child.send({ type: 'requests.answered', requestId: r.id, action: 'accept' });
    await flush();
    expect(t.snap().context.requests).toEqual([r]);
    expect(english(t.said('error.show'))).toEqual(english([message]));
    expect(t.snap().context.answering).toBeNull();
  });

  it('answers one request at a time, and only those it lists', async () => {
    const a = sampleRequest();
    const b = sampleRequest(samplePerson());
    const t = start({ load: async () => [a, b], respond: () => new Promise(() => {}) });
    t.child.send({ type: 'requests.reloaded' });
    await flush();
    t.child.send({ type: 'requests.answered', requestId: 'a0000000-0000-4000-8000-00000000ffff', action: 'accept' });
    expect(t.snap().matches('ready')).toBe(true);
    t.child.send({ type: 'requests.answered', requestId: a.id, action: 'accept' });
    t.child.send({ type: 'requests.answered', requestId: b.id, action: 'decline' });
    expect(t.responds).toHaveBeenCalledTimes(1);
  });

  it('adds a live request at the top, once, and drops the requests of someone now connected', async () => {
    const old = sampleRequest(samplePerson());
    const t = start({ load: async () => [old] });
    t.child.send({ type: 'requests.reloaded' });
    await flush();
    const fresh = sampleRequest(sam);
    t.child.send({ type: 'live.connection_request', request: fresh });
    t.child.send({ type: 'live.connection_request', request: fresh });
    expect(t.snap().context.requests).toEqual([fresh, old]);
    t.child.send({ type: 'live.connection_accepted', connection: sampleConnection(sam) });
    expect(t.snap().context.requests).toEqual([old]);
  });

  it('loads the whole list when a live request comes before any load', async () => {
    const r = sampleRequest();
    const t = start({ load: async () => [r, sampleRequest(samplePerson())] });
    t.child.send({ type: 'live.connection_request', request: r });
    await flush();
    expect(t.loads).toHaveBeenCalledTimes(1);
    expect(selectRequestCount(t.snap())).toBe(2);
  });

  describe('a tap while the shown list reloads (every visit reloads it)', () => {
    /** The list is shown, then reloaded with the load held until `finish` gives its answer. */
    async function reloading() {
      const first = sampleRequest();
      const second = sampleRequest(samplePerson());
      let answer: (next: ReceivedRequest[] | Error) => void = () => {};
      let calls = 0;
      const t = start({
        load: () =>
          ++calls === 1
            ? Promise.resolve([first, second])
            : new Promise<ReceivedRequest[]>((resolve, reject) => (answer = (next) => (next instanceof Error ? reject(next) : resolve(next)))),
      });
      t.child.send({ type: 'requests.reloaded' });
      await flush();
      t.child.send({ type: 'requests.reloaded' });
      expect(t.snap().matches('loading')).toBe(true);
      const finish = async (next: ReceivedRequest[] | Error) => {
        answer(next);
        await flush();
      };
      return { ...t, first, second, finish };
    }

    it('is kept, shown as under way, and sent once the reloaded list still holds the request', async () => {
      const t = await reloading();
      t.child.send({ type: 'requests.answered', requestId: t.first.id, action: 'decline' });
      t.child.send({ type: 'requests.answered', requestId: t.second.id, action: 'accept' });
      expect(t.snap().context.answering).toEqual({ requestId: t.first.id, action: 'decline' });
      expect(t.responds).not.toHaveBeenCalled();
      await t.finish([t.first, t.second]);
      expect(t.responds).toHaveBeenCalledTimes(1);
      expect(t.responds).toHaveBeenCalledWith({ userId: ada.id, requestId: t.first.id, action: 'decline' });
      expect(t.snap().context.requests).toEqual([t.second]);
      expect(t.said('toast.show')).toEqual([MESSAGES.connectionDeclined]);
      expect(t.snap().context.answering).toBeNull();
      expect(t.snap().matches('ready')).toBe(true);
    });

    it('is dropped, asking nothing, when the reloaded list no longer holds the request', async () => {
      const t = await reloading();
      t.child.send({ type: 'requests.answered', requestId: t.first.id, action: 'accept' });
      await t.finish([t.second]);
      expect(t.responds).not.toHaveBeenCalled();
      expect(t.snap().context.answering).toBeNull();
      expect(t.snap().matches('ready')).toBe(true);
      expect(t.said('toast.show')).toEqual([]);
    });

    it('can still be made on the cards shown after a reload failed', async () => {
      const t = await reloading();
      await t.finish(new ApiError(500, 'boom'));
      expect(t.snap().matches('failed')).toBe(true);
      t.child.send({ type: 'requests.answered', requestId: t.second.id, action: 'decline' });
      await flush();
      expect(t.responds).toHaveBeenCalledWith({ userId: ada.id, requestId: t.second.id, action: 'decline' });
      expect(t.snap().context.requests).toEqual([t.first]);
      expect(t.said('toast.show')).toEqual([MESSAGES.connectionDeclined]);
    });

    it('is dropped when the reload fails, which says so', async () => {
      const t = await reloading();
      t.child.send({ type: 'requests.answered', requestId: t.first.id, action: 'accept' });
      await t.finish(new ApiError(500, 'boom'));
      expect(t.responds).not.toHaveBeenCalled();
      expect(t.snap().context.answering).toBeNull();
      expect(t.said('error.show')).toEqual([MESSAGES.failedLoadConnectionRequests]);
    });
  });
});
