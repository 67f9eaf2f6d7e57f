/**
 * The event view in tabs (issue 13 item 3): People first, groups, zones and the event's
 * details one tab away, the tab owned by the root chart, the WAI-ARIA tabs pattern, and
 * each panel's loading and empty states. On the real app with its calls faked.
 */
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import type { MicroCommunity, NearbyEntry, Recommendations, SafeZone } from '../../contract/discovery';
import type { Event } from '../../contract/events';
import type { GroupChat } from '../../contract/social';
import { eventMachine, type PeopleRange } from '../../machines/event/event.machine';
import { connectionsApp, signIn } from '../machines/connections.fakes';
import { deferred, emptyRecommendations, sampleCommunity, sampleCrowd, sampleEvent, sampleZone } from '../machines/discovery.fakes';
import { renderApp, eventDrawn } from './renderApp';
import { testSaid, eventChatNamed } from '../said';

const meetup = sampleEvent({ is_attending: true });
const everyone: GroupChat = { id: 'c2000000-0000-4000-8000-000000000001', ...eventChatNamed('Meetup'), event_id: meetup.id, community_id: null, closed: false, last_message: null };

type Ids = { userId: string; eventId: string };

interface Lists {
  zones?: () => Promise<SafeZone[]>;
  communities?: () => Promise<MicroCommunity[]>;
  groupChats?: () => Promise<GroupChat[]>;
}

/** Ada signed in, in the meetup, with its lists answering as the test says. */
async function renderEvent(lists: Lists = {}) {
  const eventChart = eventMachine.provide({
    actors: {
      loadEvent: fromPromise<Event, Ids>(() => new Promise(() => {})),
      loadPeople: fromPromise<NearbyEntry[], PeopleRange>(async () => sampleCrowd(2)),
      loadZones: fromPromise<SafeZone[], Ids>(lists.zones ?? (async () => [sampleZone({ name: 'Quiet room' })])),
      loadCommunities: fromPromise<MicroCommunity[], Ids>(lists.communities ?? (async () => [sampleCommunity({ name: 'Board games' })])),
      loadRecommendations: fromPromise<Recommendations, Ids>(async () => emptyRecommendations),
      loadGroupChats: fromPromise<GroupChat[], Ids>(lists.groupChats ?? (async () => [everyone])),
    },
  });
  const app = connectionsApp({}, { event: eventChart });
  const machine = app.machine;
  const view = renderApp(undefined, { path: '/', online: true }, machine);
  await act(() => signIn(view.actor));
  act(() => view.actor.send({ type: 'event.opened', event: meetup }));
  // The first test waits for the view's lazy chunk too.
  await eventDrawn(meetup.name);
  return view;
}

const tab = (name: string) => screen.getByRole('tab', { name });
const heading = (name: string) => screen.queryByRole('heading', { name, level: 2 });

describe('the event view, People first', () => {
  it('opens on People: the people nearby under the header, the rest hidden behind their tabs', async () => {
    const t = await renderEvent();
    expect(screen.getByRole('tablist', { name: 'About this event' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((x) => x.textContent)).toEqual(['People', 'Groups', 'Zones', 'About']);
    expect(tab('People')).toHaveAttribute('aria-selected', 'true');
    expect(t.actor.getSnapshot().context.eventTab).toBe('people');
    const panel = screen.getByRole('tabpanel', { name: 'People' });
    expect(await within(panel).findByRole('list', { name: 'People nearby' })).toBeInTheDocument();
    expect(within(panel).getByText('Your energy')).toBeInTheDocument();
    for (const hidden of ['Group chats', 'Interest groups', 'Safe zones', "What's happening"]) expect(heading(hidden)).not.toBeInTheDocument();
    // The actions that stay, on every tab.
    const actions = screen.getByRole('navigation', { name: 'At this event' });
    expect(within(actions).getByRole('button', { name: 'Connect' })).toBeInTheDocument();
    expect(within(actions).getByRole('button', { name: 'Requests' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
  });

  it('shows each section on its tab, chosen through the root chart', async () => {
    const user = userEvent.setup();
    const t = await renderEvent();
    await user.click(tab('Groups'));
    expect(t.actor.getSnapshot().context.eventTab).toBe('groups');
    expect(tab('Groups')).toHaveAttribute('aria-selected', 'true');
    expect(tab('People')).toHaveAttribute('aria-selected', 'false');
    expect(screen.queryByRole('list', { name: 'People nearby' })).not.toBeInTheDocument();
    const groups = screen.getByRole('tabpanel', { name: 'Groups' });
    expect(within(groups).getByRole('heading', { name: 'Everyone here' })).toBeInTheDocument();
    const group = within(groups).getByRole('article', { name: 'Board games' });
    expect(within(group).getByRole('button', { name: 'Join' })).toBeInTheDocument();

    await user.click(tab('Zones'));
    expect(within(screen.getByRole('tabpanel', { name: 'Zones' })).getByRole('heading', { name: /Quiet room/ })).toBeInTheDocument();
    expect(heading('Interest groups')).not.toBeInTheDocument();

    await user.click(tab('About'));
    const about = screen.getByRole('tabpanel', { name: 'About' });
    expect(within(about).getByRole('region', { name: 'Event details' })).toHaveTextContent(meetup.location);
    expect(within(about).getByRole('list', { name: 'Anxiety-friendly features' })).toBeInTheDocument();
    expect(within(about).getByRole('heading', { name: "What's happening" })).toBeInTheDocument();
    for (const name of ['Photos', 'Analytics']) expect(within(about).getByRole('button', { name })).toBeInTheDocument();
  });

  it('comes back from a group chat to the tab it was opened from', async () => {
    const user = userEvent.setup();
    await renderEvent();
    await user.click(tab('Groups'));
    const chat = within(screen.getByRole('tabpanel', { name: 'Groups' })).getByRole('article', { name: 'Everyone here' });
    await user.click(within(chat).getByRole('button', { name: 'Open' }));
    await screen.findByRole('heading', { name: 'Group chat', level: 1 }, { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await eventDrawn(meetup.name);
    expect(tab('Groups')).toHaveAttribute('aria-selected', 'true');
    expect(within(screen.getByRole('tabpanel', { name: 'Groups' })).getByRole('heading', { name: 'Interest groups' })).toBeInTheDocument();
  });

  it('follows the WAI-ARIA tabs pattern: one tab stop, arrows, Home and End move and choose', async () => {
    const user = userEvent.setup();
    const t = await renderEvent();
    for (const x of screen.getAllByRole('tab')) {
      const panel = document.getElementById(x.getAttribute('aria-controls')!)!;
      expect(panel).toHaveAttribute('role', 'tabpanel');
      expect(panel).toHaveAttribute('aria-labelledby', x.id);
    }
    expect(screen.getAllByRole('tab').map((x) => x.tabIndex)).toEqual([0, -1, -1, -1]);
    act(() => tab('People').focus());
    await user.keyboard('{ArrowRight}');
    expect(tab('Groups')).toHaveFocus();
    expect(tab('Groups')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getAllByRole('tab').map((x) => x.tabIndex)).toEqual([-1, 0, -1, -1]);
    await user.keyboard('{End}');
    expect(tab('About')).toHaveFocus();
    expect(t.actor.getSnapshot().context.eventTab).toBe('about');
    await user.keyboard('{ArrowRight}');
    expect(tab('People')).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(tab('About')).toHaveFocus();
    await user.keyboard('{Home}');
    expect(tab('People')).toHaveFocus();
    expect(t.actor.getSnapshot().context.eventTab).toBe('people');
    // Tab leaves the tablist for the open panel.
    await user.tab();
    expect(screen.getByRole('tabpanel', { name: 'People' })).toHaveFocus();
  });

  it('forgets the chosen tab when the person signs out', async () => {
    const user = userEvent.setup();
    const t = await renderEvent();
    await user.click(tab('Zones'));
    act(() => t.actor.send({ type: 'session.ended', message: testSaid('Logged out') }));
    expect(t.actor.getSnapshot().context.eventTab).toBe('people');
  });
});

describe('the event view panels: loading and empty', () => {
  it('says the groups and zones are loading, then, calmly, that there are none', async () => {
    const user = userEvent.setup();
    const chats = deferred<GroupChat[]>();
    const communities = deferred<MicroCommunity[]>();
    const zones = deferred<SafeZone[]>();
    await renderEvent({ groupChats: () => chats.promise, communities: () => communities.promise, zones: () => zones.promise });
    await user.click(tab('Groups'));
    const groups = screen.getByRole('tabpanel', { name: 'Groups' });
    expect(within(groups).getByText('Loading group chats…')).toHaveAttribute('role', 'status');
    expect(within(groups).getByText('Loading interest groups…')).toHaveAttribute('role', 'status');
    await act(async () => {
      chats.resolve([]);
      communities.resolve([]);
    });
    expect(within(groups).getByText('No group chats here yet.')).toBeInTheDocument();
    expect(within(groups).getByText('No interest groups at this event yet.')).toBeInTheDocument();

    await user.click(tab('Zones'));
    const panel = screen.getByRole('tabpanel', { name: 'Zones' });
    expect(within(panel).getByText('Loading safe zones…')).toHaveAttribute('role', 'status');
    await act(async () => zones.resolve([]));
    expect(within(panel).getByText('This event has no marked zones.')).toBeInTheDocument();
  });
});

describe('an event not joined yet (a shared link, issue 39)', () => {
  it('shows the event with Join, no people and no error; after Join, its people', async () => {
    const user = userEvent.setup();
    const visited = sampleEvent({ is_attending: false, name: 'Quiet Mixer', location: 'Hall 2' });
    const joined = deferred<unknown>();
    const eventChart = eventMachine.provide({
      actors: {
        loadEvent: fromPromise<Event, Ids>(() => new Promise(() => {})),
        joinEvent: fromPromise<unknown, Ids>(() => joined.promise),
        loadPeople: fromPromise<NearbyEntry[], PeopleRange>(async () => sampleCrowd(2)),
        loadZones: fromPromise<SafeZone[], Ids>(async () => []),
        loadCommunities: fromPromise<MicroCommunity[], Ids>(async () => []),
        loadRecommendations: fromPromise<Recommendations, Ids>(async () => emptyRecommendations),
        loadGroupChats: fromPromise<GroupChat[], Ids>(async () => []),
      },
    });
    const view = renderApp(undefined, { path: '/', online: true }, connectionsApp({}, { event: eventChart }).machine);
    await act(() => signIn(view.actor));
    act(() => view.actor.send({ type: 'event.opened', event: visited }));
    await screen.findByRole('heading', { name: 'Quiet Mixer', level: 1 }, { timeout: 5000 });
    const details = screen.getByLabelText('Event details');
    expect(within(details).getByText('Hall 2')).toBeInTheDocument();
    expect(within(details).getByText("You haven't joined this event yet. Join it to see who is here and to say hello.")).toBeInTheDocument();
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'People nearby' })).not.toBeInTheDocument();
    expect(screen.queryByText('Failed to load event attendees')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Join' }));
    expect(screen.getByRole('button', { name: 'Joining…' })).toBeDisabled();
    await act(async () => joined.resolve({ success: true }));
    expect(await screen.findByRole('list', { name: 'People nearby' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Join' })).not.toBeInTheDocument();
  });
});
