/**
 * Reads asked ahead (machines/api/request.ts askAhead): opening the app at an event's
 * address asks the event view's lists while the event loads, and the event once for the
 * root and the event chart both (issue 44 item 1).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, createApi } from '../../machines/api/client';
import { AHEAD_MS, askAhead } from '../../machines/api/request';
import { resolveAddress } from '../../machines/app/routes';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** An API on a fetch of its own that answers each URL with a count of its asks. */
function counted() {
  const asks = new Map<string, number>();
  const fetchImpl = vi.fn(async (url: string) => {
    asks.set(url, (asks.get(url) ?? 0) + 1);
    return url.includes('missing') ? json({ detail: 'Event not found' }, 404) : json({ url, ask: asks.get(url) });
  });
  return { api: createApi('/api', fetchImpl as unknown as typeof fetch), fetchImpl, asks };
}

afterEach(() => vi.useRealTimers());

describe('a read asked ahead', () => {
  it('answers the next call for its address without asking again, and the one after asks anew', async () => {
    const { api, fetchImpl } = counted();
    const early = askAhead(() => api.getEvent('u1', 'e1'));
    await expect(early).resolves.toEqual({ url: '/api/events/e1?user_id=u1', ask: 1 });
    await expect(api.getEvent('u1', 'e1')).resolves.toEqual({ url: '/api/events/e1?user_id=u1', ask: 1 });
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    await expect(api.getEvent('u1', 'e1')).resolves.toEqual({ url: '/api/events/e1?user_id=u1', ask: 2 });
    expect(fetchImpl).toHaveBeenCalledTimes(2);
  });

  it('is not taken by another address, another person, or a write', async () => {
    const { api, fetchImpl } = counted();
    askAhead(() => void api.getEvent('u1', 'e1'));
    await api.getEvent('u1', 'e2');
    await api.getEvent('u2', 'e1');
    await api.joinEvent('u1', 'e1');
    expect(fetchImpl).toHaveBeenCalledTimes(4);
    await expect(api.getEvent('u1', 'e1')).resolves.toMatchObject({ ask: 1 });
    expect(fetchImpl).toHaveBeenCalledTimes(4);
  });

  it('lapses when no call comes for it within AHEAD_MS', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { api, fetchImpl } = counted();
    askAhead(() => void api.getEvent('u1', 'e1'));
    vi.setSystemTime(Date.now() + AHEAD_MS);
    await expect(api.getEvent('u1', 'e1')).resolves.toMatchObject({ ask: 2 });
    expect(fetchImpl).toHaveBeenCalledTimes(2);
  });

  it('hands a refusal to the call that takes it, and to no one before', async () => {
    const { api } = counted();
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      askAhead(() => void api.getEvent('u1', 'missing'));
      await new Promise((r) => setTimeout(r, 0));
      const taken = api.getEvent('u1', 'missing');
      await expect(taken).rejects.toBeInstanceOf(ApiError);
      await expect(taken).rejects.toMatchObject({ status: 404, detail: 'Event not found' });
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });

  it('is only asked inside askAhead: a call made after it asks as usual', async () => {
    const { api, fetchImpl } = counted();
    askAhead(() => undefined);
    await api.getEvent('u1', 'e1');
    await api.getEvent('u1', 'e1');
    expect(fetchImpl).toHaveBeenCalledTimes(2);
  });
});

describe("opening the app at an event's address", () => {
  it('asks the event once for the root and the event chart that refreshes it', async () => {
    const fetchImpl = vi.spyOn(globalThis, 'fetch').mockImplementation(async (url) =>
      // Someone who has not joined: the people nearby are refused, and no one is told of it yet.
      String(url).includes('/discover/') ? json({ detail: 'Join the event first' }, 403) : json({ id: 'e9', url: String(url) }),
    );
    try {
      const resolved = await resolveAddress({ userId: 'u9', address: { view: 'event', eventId: 'e9', tab: 'people' }, currentEvent: null, partner: null });
      expect(resolved.event).toMatchObject({ id: 'e9' });
      // The event chart's first read of the event (machines/event/event.setup.ts loadEvent).
      const { api } = await import('../../machines/api/client');
      await expect(api.getEvent('u9', 'e9')).resolves.toMatchObject({ id: 'e9' });
      const asks = (url: string) => fetchImpl.mock.calls.filter(([u]) => String(u) === url).length;
      expect(asks('/api/events/e9?user_id=u9')).toBe(1);
      // Its lists were asked with it (once the event chunk's code is there), and the chart takes them.
      await vi.waitFor(() => expect(asks('/api/safe-zones/e9?user_id=u9')).toBe(1));
      await api.safeZones('u9', 'e9');
      await api.recommendations('u9', 'e9');
      expect(asks('/api/safe-zones/e9?user_id=u9')).toBe(1);
      expect(asks('/api/recommendations/e9?user_id=u9')).toBe(1);
      expect(asks('/api/discover/e9?user_id=u9&limit=30&offset=0')).toBe(1);
    } finally {
      fetchImpl.mockRestore();
    }
  });
});
