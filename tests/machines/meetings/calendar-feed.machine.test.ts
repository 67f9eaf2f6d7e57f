import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { CalendarFeed } from '../../../contract/calendar';
import { ApiError } from '../../../machines/api/client';
import { CALENDAR_FEED_WORDS, calendarFeedMachine, selectFeedMode } from '../../../machines/meetings/calendar-feed.machine';
import { asChild, flush } from '../discovery.fakes';

const first: CalendarFeed = { url: 'https://w.example/api/calendar/aaaa.ics', webcal_url: 'webcal://w.example/api/calendar/aaaa.ics' };
const second: CalendarFeed = { url: 'https://w.example/api/calendar/bbbb.ics', webcal_url: 'webcal://w.example/api/calendar/bbbb.ics' };

function start(load: () => Promise<CalendarFeed> = async () => first, copy: (text: string) => Promise<void> = async () => {}) {
  const calls = { load: vi.fn(load), renew: vi.fn(async () => second), copy: vi.fn(copy) };
  const machine = calendarFeedMachine.provide({
    actors: {
      loadFeed: fromPromise<CalendarFeed, { userId: string }>(() => calls.load()),
      renewFeed: fromPromise<CalendarFeed, { userId: string }>(() => calls.renew()),
      copy: fromPromise<void, { text: string }>(({ input }) => calls.copy(input.text)),
    },
    actions: { logFailure: () => {} },
  });
  const c = asChild(machine, { userId: 'u1' });
  return { ...c, calls, mode: () => selectFeedMode(c.child.getSnapshot()), ctx: () => c.child.getSnapshot().context };
}

describe('calendarFeedMachine', () => {
  it('fetches the address only when asked, copies it, and says so', async () => {
    const t = start();
    expect(t.mode()).toBe('closed');
    expect(t.calls.load).not.toHaveBeenCalled();
    t.child.send({ type: 'feed.opened' });
    expect(t.mode()).toBe('loading');
    await flush();
    expect(t.ctx().feed).toEqual(first);
    t.child.send({ type: 'feed.copyRequested' });
    await flush();
    expect(t.calls.copy).toHaveBeenCalledWith(first.url);
    expect(t.received).toContainEqual({ type: 'toast.show', message: CALENDAR_FEED_WORDS.copied, kind: 'success' });
  });

  it('asks before making a new address, and shows the new one', async () => {
    const t = start();
    t.child.send({ type: 'feed.opened' });
    await flush();
    t.child.send({ type: 'feed.renewRequested' });
    expect(t.mode()).toBe('confirmingRenew');
    t.child.send({ type: 'feed.cancelled' });
    expect(t.calls.renew).not.toHaveBeenCalled();
    t.child.send({ type: 'feed.renewRequested' });
    t.child.send({ type: 'feed.renewConfirmed' });
    await flush();
    expect(t.ctx().feed).toEqual(second);
    expect(t.received).toContainEqual({ type: 'toast.show', message: CALENDAR_FEED_WORDS.renewed, kind: 'success' });
  });

  it('says when the address cannot be fetched or copied', async () => {
    const t = start(async () => Promise.reject(new ApiError(500, null)), async () => Promise.reject(new Error('denied')));
    t.child.send({ type: 'feed.opened' });
    await flush();
    expect(t.mode()).toBe('closed');
    expect(t.ctx().error).toEqual(CALENDAR_FEED_WORDS.failed);
    t.calls.load.mockImplementation(async () => first);
    t.child.send({ type: 'feed.opened' });
    await flush();
    expect(t.ctx().error).toBeNull();
    t.child.send({ type: 'feed.copyRequested' });
    await flush();
    expect(t.ctx().error).toEqual(CALENDAR_FEED_WORDS.copyFailed);
  });
});
