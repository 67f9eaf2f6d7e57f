/**
 * The event view's people, a page at a time: Show more people, its loading and failed
 * states, on the real chart with a fake GET /discover that pages as the server does.
 */
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { ConnectionStatus } from '../../contract/constants';
import type { MicroCommunity, NearbyEntry, Recommendations, SafeZone } from '../../contract/discovery';
import type { Event } from '../../contract/events';
import type { GroupChat } from '../../contract/social';
import { ApiError } from '../../machines/api/client';
import { eventMachine, loadNearbyRange, type PeopleRange } from '../../machines/event/event.machine';
import { People } from '../../src/views/EventView';
import { ada } from '../machines/app.fakes';
import { asChild, deferred, emptyRecommendations, fakeDiscover, flush, nextFrame, sampleCrowd, sampleEvent } from '../machines/discovery.fakes';
import { renderApp } from './renderApp';

type Ids = { userId: string; eventId: string };
const meetup = sampleEvent({ is_attending: true });

/** The event chart with a fake GET /discover answering `crowd`, and People drawn from it (not yet a frame on). */
function drawPeople(crowd: NearbyEntry[], statuses: Record<string, ConnectionStatus> = {}) {
  const discover = fakeDiscover(() => crowd.map((e) => ({ ...e, connection_status: statuses[e.user.id] ?? e.connection_status })));
  const machine = eventMachine.provide({
    actors: {
      loadEvent: fromPromise<Event, Ids>(async () => meetup),
      loadPeople: fromPromise<NearbyEntry[], PeopleRange>(({ input }) => loadNearbyRange(discover, input)),
      loadZones: fromPromise<SafeZone[], Ids>(async () => []),
      loadCommunities: fromPromise<MicroCommunity[], Ids>(async () => []),
      loadRecommendations: fromPromise<Recommendations, Ids>(async () => emptyRecommendations),
      loadGroupChats: fromPromise<GroupChat[], Ids>(async () => []),
    },
  });
  const t = asChild(machine, { user: ada, event: meetup });
  const view = renderApp(<People event={t.child} />);
  return { ...t, discover, app: view.actor };
}

async function renderPeople(crowd: NearbyEntry[], statuses: Record<string, ConnectionStatus> = {}) {
  const drawn = drawPeople(crowd, statuses);
  await act(flush);
  await act(nextFrame);
  return drawn;
}

// Thirty cards and more: plain DOM queries here, as role queries over them all are slow in jsdom.
const list = () => document.querySelector<HTMLUListElement>('ul[aria-label="People nearby"]')!;
const peopleShown = () => list().children.length;
/** The control under the list, found by its text, then checked as the button it must be. */
const moreButton = (name: string | RegExp) => {
  const button = within(list().parentElement!).queryByText(name, { selector: 'button' });
  if (button) expect(button).toHaveAccessibleName(name);
  return button;
};

describe('People nearby, a page at a time', () => {
  it('offers Show more people after a full page and appends the next', async () => {
    const user = userEvent.setup();
    const t = await renderPeople(sampleCrowd(45));
    expect(peopleShown()).toBe(30);
    const more = moreButton('Show more people')!;
    expect(more).not.toHaveAttribute('aria-disabled', 'true');
    expect(more).not.toHaveAttribute('aria-busy', 'true');
    await user.click(more);
    await act(flush);
    expect(t.discover).toHaveBeenLastCalledWith(ada.id, meetup.id, { offset: 30, limit: 30 });
    expect(peopleShown()).toBe(45);
    // The last page was short: nothing more to offer.
    expect(moreButton('Show more people')).not.toBeInTheDocument();
  });

  it('draws the first cards with the page and the rest once a frame is drawn (issue 44 item 1)', async () => {
    drawPeople(sampleCrowd(8));
    await act(flush);
    expect(peopleShown()).toBe(3);
    await act(nextFrame);
    expect(peopleShown()).toBe(8);
  });

  it('does not offer more when everyone fits on the first page', async () => {
    await renderPeople(sampleCrowd(4));
    expect(peopleShown()).toBe(4);
    expect(moreButton(/more people/)).not.toBeInTheDocument();
  });

  it('says it is loading, busy, keeping focus on the button, and ignores a second press', async () => {
    const user = userEvent.setup();
    const t = await renderPeople(sampleCrowd(45));
    const page = deferred<NearbyEntry[]>();
    t.discover.mockImplementationOnce(() => page.promise);
    await user.click(moreButton('Show more people')!);
    const busy = moreButton('Loading more people…')!;
    expect(busy).toHaveAttribute('aria-disabled', 'true');
    expect(busy).toHaveAttribute('aria-busy', 'true');
    expect(busy).toHaveFocus();
    expect(list()).toHaveAttribute('aria-busy', 'true');
    await user.click(busy);
    expect(t.discover).toHaveBeenCalledTimes(2);
    await act(async () => {
      page.resolve(sampleCrowd(30));
      await flush();
    });
    expect(peopleShown()).toBe(60);
    const again = moreButton('Show more people')!;
    expect(again).toHaveFocus();
    expect(again).not.toHaveAttribute('aria-busy', 'true');
    expect(list()).toHaveAttribute('aria-busy', 'false');
  });

  it('keeps the people when the next page fails and offers to try again', async () => {
    const user = userEvent.setup();
    const t = await renderPeople(sampleCrowd(45));
    t.discover.mockRejectedValueOnce(new ApiError(503, null));
    await user.click(moreButton('Show more people')!);
    await act(flush);
    expect(peopleShown()).toBe(30);
    expect(screen.getByText("We couldn't load more people just now.")).toBeInTheDocument();
    const retry = moreButton('Try again')!;
    expect(retry).toHaveAccessibleDescription("We couldn't load more people just now.");
    await user.click(retry);
    await act(flush);
    expect(peopleShown()).toBe(45);
    expect(screen.queryByText("We couldn't load more people just now.")).not.toBeInTheDocument();
  });
});

describe('People nearby, where the viewer stands with each', () => {
  it('leads with Chat, Request Sent and Check Request from the start, and Connect for the rest', async () => {
    const crowd = sampleCrowd(4);
    const [friend, asked, asker] = crowd;
    await renderPeople(crowd, {
      [friend!.user.id]: 'connected',
      [asked!.user.id]: 'request_sent',
      [asker!.user.id]: 'request_received',
    });
    const card = (e: NearbyEntry) => within(screen.getByRole('article', { name: e.user.name }));
    expect(card(friend!).getByRole('button', { name: 'Chat' })).toBeEnabled();
    expect(card(asked!).getByRole('button', { name: 'Request Sent' })).toBeDisabled();
    expect(card(asker!).getByRole('button', { name: 'Check Request' })).toBeEnabled();
    expect(card(crowd[3]!).getByRole('button', { name: 'Connect' })).toBeEnabled();
    for (const e of crowd.slice(0, 3)) expect(card(e).queryByRole('button', { name: 'Connect' })).not.toBeInTheDocument();
  });
});

describe('People nearby lead to everyone here (issue 39)', () => {
  it('offers See all attendees under the people, opening the attendees view', async () => {
    const user = userEvent.setup();
    const { app } = await renderPeople(sampleCrowd(2));
    const send = vi.spyOn(app, 'send');
    await user.click(screen.getByRole('button', { name: /^See all attendees/ }));
    expect(send).toHaveBeenCalledWith({ type: 'view.opened', view: 'attendees' });
  });
});
