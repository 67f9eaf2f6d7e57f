/**
 * Just listening (issue 18) in the group-chat view, on its real chart and the real API
 * client against a small fake of the group-chat calls (msw): the counts and the members,
 * the calm choice for someone with no place, listening, joining in, live counts, and the
 * event view's "Listen" beside "Join".
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import type { MicroCommunity, NearbyEntry, Recommendations, SafeZone } from '../../contract/discovery';
import type { Event } from '../../contract/events';
import { LISTENING_WORDS as W_SAID } from '../../contract/listening-words';
import type { GroupChat, GroupChatPeople, GroupMessage } from '../../contract/social';
import { eventMachine, type PeopleRange } from '../../machines/event/event.machine';
import { groupChatMachine } from '../../machines/chat/group-chat.machine';
import { chartOf } from '../../machines/lazy-charts';
import { ada } from '../machines/app.fakes';
import { connectionsApp, signIn } from '../machines/connections.fakes';
import { emptyRecommendations, sampleCommunity, sampleEvent } from '../machines/discovery.fakes';
import { renderApp, eventDrawn } from './renderApp';
import { english } from '../../contract/said';
import { eventChatNamed, writtenName } from '../said';

const W = english(W_SAID);

const meetup = sampleEvent({ is_attending: true });
const everyone: GroupChat = { id: 'c2000000-0000-4000-8000-000000000001', ...eventChatNamed('Meetup'), event_id: meetup.id, community_id: null, closed: false, last_message: null };
const KNIT_CHAT = 'c2000000-0000-4000-8000-000000000002';
const knitting: GroupChat = { id: KNIT_CHAT, ...writtenName('Knitting'), event_id: meetup.id, community_id: 'd0000000-0000-4000-8000-000000000002', closed: false, last_message: null };
const kim = { id: 'a0000000-0000-4000-8000-000000000009', name: 'Kim Park' };
const hello: GroupMessage = {
  id: 'f1000000-0000-4000-8000-000000000001',
  group_id: everyone.id,
  from_user: kim.id,
  from_name: kim.name,
  message: 'Hello, all',
  timestamp: '2030-05-01T18:00:00.000Z',
};

/** What the fake server answers and what it was asked. */
let people: GroupChatPeople;
let chats: GroupChat[];
let asked: string[];

const server = setupServer(
  http.get('/api/events/:id/group-chats', () => HttpResponse.json(chats)),
  http.get('/api/group-chats/:id/messages', () => HttpResponse.json([hello])),
  http.get('/api/group-chats/:id/people', ({ params }) => {
    asked.push(`GET people ${params.id}`);
    return HttpResponse.json(people);
  }),
  http.post('/api/group-chats/:id/listen', ({ params }) => {
    asked.push(`POST listen ${params.id}`);
    people = { ...people, listening: people.listening + 1, me: 'listener' };
    if (params.id === KNIT_CHAT) chats = [everyone, knitting];
    return HttpResponse.json(people);
  }),
  http.delete('/api/group-chats/:id/listen', ({ params }) => {
    asked.push(`DELETE listen ${params.id}`);
    people = { ...people, listening: people.listening - 1, me: null };
    return HttpResponse.json(people);
  }),
  http.post('/api/group-chats/:id/join', ({ params }) => {
    asked.push(`POST join ${params.id}`);
    people = { members: [{ id: ada.id, name: ada.name }, ...people.members], listening: people.me === 'listener' ? people.listening - 1 : people.listening, me: 'member' };
    return HttpResponse.json(people);
  }),
  http.post('/api/group-chats/:id/messages', async ({ request, params }) => {
    const body = (await request.json()) as { message: string };
    asked.push(`POST message ${params.id}`);
    people = { members: [{ id: ada.id, name: ada.name }, ...people.members], listening: people.listening - 1, me: 'member' };
    return HttpResponse.json({ success: true, message: { ...hello, id: 'f1000000-0000-4000-8000-000000000002', from_user: ada.id, from_name: ada.name, message: body.message } });
  }),
  http.post('/api/conversations/read', () => HttpResponse.json({ success: true, unread_total: 0 })),
  http.put('/api/conversations/read', () => HttpResponse.json({ success: true, unread_total: 0 })),
);

beforeAll(() => server.listen({ onUnhandledFrame: 'bypass' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
beforeEach(() => {
  people = { members: [kim], listening: 0, me: null };
  chats = [everyone];
  asked = [];
});

type Ids = { userId: string; eventId: string };

/** Ada signed in, in the meetup (its own lists faked), then in its group chat unless `stay`. */
async function render(opts: { communities?: MicroCommunity[]; stay?: boolean } = {}) {
  const eventChart = eventMachine.provide({
    actors: {
      loadEvent: fromPromise<Event, Ids>(() => new Promise(() => {})),
      loadPeople: fromPromise<NearbyEntry[], PeopleRange>(async () => []),
      loadZones: fromPromise<SafeZone[], Ids>(async () => []),
      loadCommunities: fromPromise<MicroCommunity[], Ids>(async () => opts.communities ?? []),
      loadRecommendations: fromPromise<Recommendations, Ids>(async () => emptyRecommendations),
      loadGroupChats: fromPromise<GroupChat[], Ids>(async () => chats),
    },
  });
  // The group chat's own chart, as the app runs it, on the fake server.
  const view = renderApp(undefined, { path: '/', online: true }, connectionsApp({}, { event: eventChart, groupChat: groupChatMachine }).machine);
  await act(() => signIn(view.actor));
  act(() => view.actor.send({ type: 'event.opened', event: meetup }));
  await eventDrawn(meetup.name);
  if (!opts.stay) {
    act(() => view.actor.send({ type: 'groupChat.opened', chatId: everyone.id }));
    await screen.findByText('Hello, all');
  }
  return view;
}

describe('the group chat, just listening', () => {
  it('offers someone with no place a calm choice; "Just listen" counts them without listing them', async () => {
    const user = userEvent.setup();
    await render();
    const choice = await screen.findByRole('region', { name: 'Your place in this chat' });
    expect(choice).toHaveTextContent(W.choice);
    expect(screen.queryByText(W.postingMakesMember)).not.toBeInTheDocument();
    await user.click(within(choice).getByRole('button', { name: W.justListen }));
    expect(await screen.findByText(W.youListen)).toBeInTheDocument();
    expect(asked).toContain(`POST listen ${everyone.id}`);
    expect(screen.queryByRole('region', { name: 'Your place in this chat' })).not.toBeInTheDocument();
    expect(screen.getByText(W.postingMakesMember)).toBeInTheDocument();
    // Only she listens: nobody else is counted.
    expect(screen.queryByText(/^\d+ (others? )?listening$/)).not.toBeInTheDocument();
    const members = screen.getByRole('button', { name: W.members({ n: 1 }) });
    expect(members).toHaveAttribute('aria-expanded', 'false');
    await user.click(members);
    expect(members).toHaveAttribute('aria-expanded', 'true');
    expect(within(screen.getByRole('list', { name: 'Members' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual([kim.name]);
  });

  it('makes a listener a member with their first post, and lists them as "You"', async () => {
    const user = userEvent.setup();
    people = { members: [kim], listening: 1, me: 'listener' };
    await render();
    await screen.findByText(W.youListen);
    const form = screen.getByRole('form', { name: `Message ${everyone.name}` });
    await user.type(within(form).getByLabelText('Message'), 'Hi, I was listening');
    await user.click(within(form).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.queryByText(W.youListen)).not.toBeInTheDocument());
    expect(screen.queryByText(W.postingMakesMember)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: W.members({ n: 2 }) }));
    expect(within(screen.getByRole('list', { name: 'Members' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['You', kim.name]);
  });

  it('"Join in" makes a member at once; a member sees how many listen, live', async () => {
    const user = userEvent.setup();
    people = { members: [kim], listening: 2, me: null };
    const view = await render();
    expect(await screen.findByText(W.listening({ n: 2 }))).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: W.joinIn }));
    await screen.findByRole('button', { name: W.members({ n: 2 }) });
    expect(asked).toContain(`POST join ${everyone.id}`);
    expect(screen.queryByRole('region', { name: 'Your place in this chat' })).not.toBeInTheDocument();
    people = { ...people, listening: 3 };
    act(() => chartOf(view.actor.getSnapshot(), 'switchboard')!.send({ type: 'live.group_chat_people', group_id: everyone.id, listening: 3, member_count: 2 }));
    expect(await screen.findByText(W.listening({ n: 3 }))).toBeInTheDocument();
    await waitFor(() => expect(asked.filter((a) => a.startsWith('GET people'))).toHaveLength(2));
  });

  it('lets a listener stop listening, and offers the choice again', async () => {
    const user = userEvent.setup();
    people = { members: [], listening: 3, me: 'listener' };
    await render();
    expect(await screen.findByText(W.others({ n: 2 }))).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: W.stop }));
    expect(await screen.findByRole('region', { name: 'Your place in this chat' })).toBeInTheDocument();
    expect(screen.getByText(W.listening({ n: 2 }))).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: W.members({ n: 0 }) }));
    expect(screen.getByText(W.noMembers)).toBeInTheDocument();
  });
});

describe('the event view, "Listen" beside "Join"', () => {
  it("listens to an interest group's chat without joining the group and opens it", async () => {
    const user = userEvent.setup();
    const group = sampleCommunity({ ...writtenName('Knitting'), group_chat_id: KNIT_CHAT });
    await render({ communities: [group], stay: true });
    await user.click(screen.getByRole('tab', { name: 'Groups' }));
    const item = within(screen.getByRole('tabpanel', { name: 'Groups' })).getByRole('article', { name: 'Knitting' });
    expect(within(item).getByRole('button', { name: 'Join' })).toBeInTheDocument();
    await user.click(within(item).getByRole('button', { name: `${W.listen} to the chat of Knitting` }));
    await screen.findByRole('heading', { name: 'Group chat', level: 1 });
    expect(asked).toContain(`POST listen ${KNIT_CHAT}`);
    expect(await screen.findByRole('heading', { ...writtenName('Knitting'), level: 2 })).toBeInTheDocument();
    expect(await screen.findByText(W.youListen)).toBeInTheDocument();
  });
});

describe("a small group's chat after its event (issue 43)", () => {
  it('is read as before, with a calm line instead of the input', async () => {
    const pod: GroupChat = { id: 'c2000000-0000-4000-8000-000000000003', ...writtenName('Small group at Library hall'), event_id: meetup.id, community_id: null, closed: true, last_message: null };
    chats = [everyone, pod];
    people = { members: [kim, { id: ada.id, name: ada.name }], listening: 0, me: 'member' };
    const view = await render({ stay: true });
    act(() => view.actor.send({ type: 'groupChat.opened', chatId: pod.id }));
    expect(await screen.findByText('Hello, all')).toBeInTheDocument();
    expect(await screen.findByText("This small group's chat closed when the event ended.")).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: /^Message / })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send' })).not.toBeInTheDocument();
    // The event's chat, still open, has its input.
    await userEvent.setup().click(screen.getByRole('button', { name: 'Everyone' }));
    expect(await screen.findByRole('form', { name: /^Message / })).toBeInTheDocument();
    expect(screen.getByRole('textbox')).toBeInTheDocument();
    expect(screen.queryByText("This small group's chat closed when the event ended.")).not.toBeInTheDocument();
  });
});
