/**
 * The Chats inbox on its real chart and the real API client, against a small fake of the
 * conversations calls (msw). A stand-in root invokes the chart as the app's root does
 * ('conversations') and records what the view asks of it (opening a chat, an address).
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMachine, type AnyActorRef, type AnyEventObject } from 'xstate';
import type { Conversation, ConversationsAnswer } from '../../contract/social';
import type { appMachine } from '../../machines/app.machine';
import { conversationsMachine, type ConversationsActorRef } from '../../machines/chat/conversations.machine';
import { ChatsView } from '../../src/views/ChatsView';
import { ada } from '../machines/app.fakes';
import { sam } from '../machines/connections.fakes';
import { renderApp } from './renderApp';
import { writtenTitle } from '../said';

const GROUP_ID = 'a0000000-0000-4000-8000-000000000001';
const EVENT_ID = 'e0000000-0000-4000-8000-000000000001';
const PHOTO = 'AAAA';

const withSam = (unread: number): Conversation => ({
  kind: 'direct',
  id: sam.id,
  ...writtenTitle(sam.name),
  partner: { ...sam, photo_data: PHOTO },
  event_id: null,
  last_message: { message: 'See you by the stage', from_name: 'You', timestamp: '2030-05-01T18:00:00.000Z' },
  unread,
});

const bookLovers = (unread: number): Conversation => ({
  kind: 'group',
  id: GROUP_ID,
  ...writtenTitle('Book lovers'),
  partner: null,
  event_id: EVENT_ID,
  last_message: { message: 'Anyone for the poetry corner?', from_name: 'Kim', timestamp: '2030-05-01T17:00:00.000Z' },
  unread,
});

/** What the fake server answers and what it was asked. */
let answer: () => Response;
let reads: Array<{ query: Record<string, string>; body: unknown }>;
let listCalls: Array<Record<string, string>>;

const listOf = (...conversations: Conversation[]) => () =>
  HttpResponse.json<ConversationsAnswer>({ conversations, unread_total: conversations.reduce((n, c) => n + c.unread, 0) });

const server = setupServer(
  http.get('/api/conversations', ({ request }) => {
    listCalls.push(Object.fromEntries(new URL(request.url).searchParams));
    return answer();
  }),
  http.put('/api/conversations/read', async ({ request }) => {
    reads.push({ query: Object.fromEntries(new URL(request.url).searchParams), body: await request.json() });
    return HttpResponse.json({ success: true, unread_total: 0 });
  }),
);

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  answer = listOf(withSam(2), bookLovers(1));
  reads = [];
  listCalls = [];
});
afterEach(() => server.resetHandlers());

/** A root with only the conversations chart, recording every event the view sends it. */
function renderChats() {
  const heard: AnyEventObject[] = [];
  const root = createMachine({
    invoke: { src: conversationsMachine, id: 'conversations', input: { userId: ada.id } },
    on: { '*': { actions: ({ event }) => void heard.push(event) } },
  });
  const view = renderApp(<ChatsView />, { path: '/chats' }, root as unknown as typeof appMachine);
  const chart = () => (view.actor as unknown as AnyActorRef).getSnapshot().children.conversations as ConversationsActorRef;
  return { ...view, heard, chart };
}

const rows = () => within(screen.getByRole('list', { name: 'Conversations' })).getAllByRole('button');

describe('ChatsView', () => {
  it('lists every conversation with its photo, last message, time and unread count', async () => {
    renderChats();
    const sams = await screen.findByRole('button', { name: /^Sam Reed.*See you by the stage.*\(2 unread\)$/ });
    expect(listCalls).toEqual([{ user_id: ada.id }]);
    expect(screen.getByRole('heading', { name: 'Chats' })).toBeInTheDocument();
    expect(screen.getByText('3 unread messages')).toBeInTheDocument();
    expect(rows()).toHaveLength(2);
    expect(within(sams).getByText('You: See you by the stage')).toBeInTheDocument();
    expect(sams.querySelector('img')).toHaveAttribute('src', `data:image/jpeg;base64,${PHOTO}`);
    expect(sams.querySelector('time')).toHaveAttribute('dateTime', '2030-05-01T18:00:00.000Z');
    const group = screen.getByRole('button', { name: /^Book lovers.*\(1 unread\)$/ });
    expect(within(group).getByText('Group')).toBeInTheDocument();
    expect(within(group).getByText('Kim: Anyone for the poetry corner?')).toBeInTheDocument();
  });

  it('shows a read conversation without a count, apart from the unread ones', async () => {
    answer = listOf(withSam(0), bookLovers(1));
    renderChats();
    const sams = await screen.findByRole('button', { name: /^Sam Reed/ });
    const group = screen.getByRole('button', { name: /^Book lovers/ });
    expect(sams).not.toHaveAccessibleName(/unread/);
    expect(getComputedStyle(sams).backgroundColor).not.toBe(getComputedStyle(group).backgroundColor);
    expect(screen.getByText('1 unread message')).toBeInTheDocument();
  });

  it('opens a 1:1 chat with its person, and a group chat by its address', async () => {
    const user = userEvent.setup();
    const t = renderChats();
    await user.click(await screen.findByRole('button', { name: /^Sam Reed/ }));
    await user.click(screen.getByRole('button', { name: /^Book lovers/ }));
    expect(t.heard).toEqual([
      { type: 'chat.opened', partner: { ...sam, photo_data: PHOTO } },
      { type: 'address.opened', path: `/events/${EVENT_ID}/group-chats/${GROUP_ID}` },
    ]);
  });

  it('clears a conversation’s count when it is read, and keeps the marker on the server', async () => {
    const t = renderChats();
    await screen.findByRole('button', { name: /^Sam Reed.*\(2 unread\)$/ });
    act(() => t.chart().send({ type: 'conversation.read', kind: 'direct', id: sam.id }));
    expect(screen.getByRole('button', { name: /^Sam Reed/ })).not.toHaveAccessibleName(/unread/);
    await waitFor(() => expect(reads).toEqual([{ query: { user_id: ada.id }, body: { kind: 'direct', id: sam.id } }]));
    expect(await screen.findByText('All caught up.')).toBeInTheDocument();
  });

  it('says so kindly when there are no conversations yet', async () => {
    answer = listOf();
    renderChats();
    expect(
      await screen.findByText('No conversations yet. When you connect with someone, your chat with them shows here.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Conversations' })).not.toBeInTheDocument();
  });

  it('says when the list could not load, and loads it again on Try again', async () => {
    const user = userEvent.setup();
    answer = () => HttpResponse.json({ detail: 'Something went wrong' }, { status: 500 });
    renderChats();
    expect(await screen.findByText("We couldn't load your chats just now.")).toBeInTheDocument();
    answer = listOf(withSam(1));
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: /^Sam Reed/ })).toBeInTheDocument();
    expect(screen.queryByText("We couldn't load your chats just now.")).not.toBeInTheDocument();
  });

  it('goes back to the events list', async () => {
    const user = userEvent.setup();
    const t = renderChats();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(t.heard).toEqual([{ type: 'view.opened', view: 'events' }]);
  });
});
