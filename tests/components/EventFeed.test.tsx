import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import type { FeedEntry } from '../../contract/media';
import { feedMachine } from '../../machines/event/feed.machine';
import { FeedList } from '../../src/components/EventFeed';
import { ada } from '../machines/app.fakes';
import { asChild, flush } from '../machines/discovery.fakes';
import { feedEntry, meetup } from '../machines/media.fakes';

import { renderApp } from './renderApp';

async function renderFeed(entries: FeedEntry[]) {
  const machine = feedMachine.provide({
    actors: { loadFeed: fromPromise<FeedEntry[], { userId: string; eventId: string }>(async () => entries) },
  });
  const t = asChild(machine, { user: ada, event: meetup });
  renderApp(<FeedList feed={t.child} />);
  await act(flush);
  return t;
}

const lines = () => within(screen.getByRole('list', { name: "What's happening" })).getAllByRole('listitem').map((li) => li.firstChild!.textContent);

describe('EventFeed', () => {
  it("says it is quiet when nothing has happened", async () => {
    await renderFeed([]);
    expect(screen.getByRole('heading', { name: "What's happening" })).toBeInTheDocument();
    expect(screen.getByText("Nothing yet. It's early, and that's fine.")).toBeInTheDocument();
  });

  it('lists what happened newest first and updates live, a count in place', async () => {
    const t = await renderFeed([
      feedEntry({ id: 'connections-2030-05-01T18', kind: 'connection', text: '2 new connections were made', actor_name: null, created_at: '2030-05-01T18:05:00.000Z' }),
      feedEntry({ text: 'Sam joined the event', created_at: '2030-05-01T18:00:00.000Z' }),
    ]);
    expect(lines()).toEqual(['2 new connections were made', 'Sam joined the event']);
    act(() =>
      t.child.send({
        type: 'live.event_feed',
        feed: feedEntry({ id: 'connections-2030-05-01T18', kind: 'connection', text: '3 new connections were made', actor_name: null, created_at: '2030-05-01T18:40:00.000Z' }),
      }),
    );
    act(() =>
      t.child.send({
        type: 'live.event_feed',
        feed: feedEntry({ id: 'f1000000-0000-4000-8000-000000000005', kind: 'photo', text: 'Kim shared a photo', created_at: '2030-05-01T18:50:00.000Z' }),
      }),
    );
    expect(lines()).toEqual(['Kim shared a photo', '3 new connections were made', 'Sam joined the event']);
  });
});
