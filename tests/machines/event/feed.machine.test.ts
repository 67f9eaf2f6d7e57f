import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { FeedEntry } from '../../../contract/media';
import { ApiError } from '../../../machines/api/client';
import { FEED_SHOWN, feedMachine, selectFeedLoading, upsertEntry } from '../../../machines/event/feed.machine';
import { ada } from '../app.fakes';
import { asChild, deferred, flush } from '../discovery.fakes';
import { feedEntry, meetup } from '../media.fakes';

type Ids = { userId: string; eventId: string };

function start(load: (i: Ids) => Promise<FeedEntry[]> = async () => [], event: typeof meetup | null = meetup) {
  const calls = { load: vi.fn(load), logged: vi.fn() };
  const machine = feedMachine.provide({
    actors: { loadFeed: fromPromise<FeedEntry[], Ids>(({ input }) => calls.load(input)) },
    actions: { logFailure: (_, params: { what: string }) => calls.logged(params.what) },
  });
  const t = asChild(machine, { user: ada, event });
  return { ...t, calls, entries: () => t.child.getSnapshot().context.entries };
}

const joined = feedEntry({ id: 'f1000000-0000-4000-8000-000000000001', created_at: '2030-05-01T18:00:00.000Z' });
const photo = feedEntry({ id: 'f1000000-0000-4000-8000-000000000002', kind: 'photo', text: 'Sam shared a photo', created_at: '2030-05-01T18:10:00.000Z' });
const connections = (n: number, at: string) =>
  feedEntry({ id: 'connections-2030-05-01T18', kind: 'connection', text: `${n} new connections were made`, actor_name: null, created_at: at });

describe('feedMachine', () => {
  it("loads the event's feed and keeps it newest first", async () => {
    const t = start(async () => [joined, photo]);
    expect(selectFeedLoading(t.child.getSnapshot())).toBe(true);
    expect(t.calls.load).toHaveBeenCalledWith({ userId: ada.id, eventId: meetup.id });
    await flush();
    expect(t.entries().map((e) => e.id)).toEqual([photo.id, joined.id]);
    expect(t.child.getSnapshot().matches('ready')).toBe(true);
  });

  it('adds a live line at the top', async () => {
    const t = start(async () => [photo, joined]);
    await flush();
    const newer = feedEntry({ id: 'f1000000-0000-4000-8000-000000000003', text: 'Kim joined the event', created_at: '2030-05-01T18:20:00.000Z' });
    t.child.send({ type: 'live.event_feed', feed: newer, event_id: meetup.id });
    expect(t.entries().map((e) => e.id)).toEqual([newer.id, photo.id, joined.id]);
  });

  it("replaces the hour's connection count in place instead of repeating it", async () => {
    const t = start(async () => [connections(2, '2030-05-01T18:05:00.000Z'), joined]);
    await flush();
    t.child.send({ type: 'live.event_feed', feed: connections(3, '2030-05-01T18:30:00.000Z') });
    expect(t.entries()).toHaveLength(2);
    expect(t.entries()[0]).toMatchObject({ id: 'connections-2030-05-01T18', text: '3 new connections were made' });
  });

  it("ignores another event's line", async () => {
    const t = start(async () => [joined]);
    await flush();
    t.child.send({ type: 'live.event_feed', feed: photo, event_id: 'e0000000-0000-4000-8000-000000000009' });
    expect(t.entries()).toEqual([joined]);
  });

  it('keeps a line that arrives while the feed is loading', async () => {
    const page = deferred<FeedEntry[]>();
    const t = start(() => page.promise);
    t.child.send({ type: 'live.event_feed', feed: photo });
    expect(t.entries()).toEqual([photo]);
    page.resolve([joined]);
    await flush();
    expect(t.entries().map((e) => e.id)).toEqual([photo.id, joined.id]);
  });

  it('only logs a failed load and shows an empty feed (SPEC 8), still taking live lines', async () => {
    const t = start(async () => {
      throw new ApiError(500, null);
    });
    await flush();
    expect(t.calls.logged).toHaveBeenCalledWith('load feed');
    expect(t.received).toEqual([]);
    expect(t.entries()).toEqual([]);
    t.child.send({ type: 'live.event_feed', feed: photo });
    expect(t.entries()).toEqual([photo]);
  });

  it('reloads after the live channel reconnects', async () => {
    const answers = [[joined], [photo, joined]];
    const t = start(async () => answers.shift()!);
    await flush();
    t.child.send({ type: 'live.reconnected' });
    await flush();
    expect(t.entries().map((e) => e.id)).toEqual([photo.id, joined.id]);
  });

  it('does nothing without an event', () => {
    const t = start(undefined, null);
    expect(t.child.getSnapshot().matches('noEvent')).toBe(true);
    expect(t.calls.load).not.toHaveBeenCalled();
  });

  it('keeps at most the lines the server keeps', () => {
    const many = Array.from({ length: FEED_SHOWN }, (_, i) =>
      feedEntry({ id: `line-${i}`, created_at: new Date(Date.UTC(2030, 4, 1, 10, i)).toISOString() }),
    );
    const newest = feedEntry({ id: 'newest', created_at: '2030-05-02T00:00:00.000Z' });
    const out = upsertEntry(many, newest);
    expect(out).toHaveLength(FEED_SHOWN);
    expect(out[0]!.id).toBe('newest');
    expect(out.some((e) => e.id === 'line-0')).toBe(false);
  });
});
