/**
 * Issue 16 on the real app, the network answered by msw: taking a break from the top bar
 * (the sheet, the banner on every view, "I'm back", the break's end on the clock and the
 * server's "Welcome back" on the live channel), a connection's status line, and who may
 * write to whom (no Chat where messages are closed, a refused message kept and explained).
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, ws } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UserSearchAnswerSchema } from '../../contract/discovery';
import { CANNOT_WRITE_NOTE as CANNOT_WRITE_NOTE_SAID } from '../../contract/safety-words';
import { ChatMessageSchema, ChatPartnerSchema, ConnectionSchema, STRANGER_WRITE_DETAIL, type Connection } from '../../contract/social';
import { DEFAULT_STATUS, StatusAnswerSchema, StatusBodySchema, UserStatusSchema, WELCOME_BACK, type StatusBody, type UserStatus } from '../../contract/status';
import { appMachine } from '../../machines/app.machine';
import { chartOf } from '../../machines/lazy-charts';
import { answer, quietServer, renderModelApp, signIn } from '../model/app';
import { meetup, sam, withSam } from '../model/fixtures';
import { english } from '../../contract/said';
import { refusalOf } from '../../contract/said';
import { type Said } from '../../contract/said';
import { notificationWords } from '../said';

const CANNOT_WRITE_NOTE = english(CANNOT_WRITE_NOTE_SAID);

/** What the fake server holds for this test: Ada's status, and what the other calls answer. */
let status: UserStatus = DEFAULT_STATUS;
let puts: StatusBody[] = [];
let gets = 0;
let connections: Connection[] = [];
let canMessage = true;
let sendRefusal: Said | null = null;
/** The live channel's socket as the server holds it, to send Ada live messages. */
let liveClient: { send: (data: string) => void } | null = null;

quietServer(() => [
  http.get('*/api/users/status', () => {
    gets += 1;
    return answer(UserStatusSchema, status);
  }),
  http.put('*/api/users/status', async ({ request }) => {
    const body = StatusBodySchema.parse(await request.json());
    puts.push(body);
    status = { status: body.status, custom_message: body.custom_message, emoji: body.emoji, until: body.until };
    return answer(StatusAnswerSchema, { success: true, status });
  }),
  http.get('*/api/connections/mutual', () => answer(ConnectionSchema.array(), connections)),
  http.get('*/api/chat/:otherUserId/partner', () => answer(ChatPartnerSchema, { ...sam, can_message: canMessage })),
  http.post('*/api/chat/send', async ({ request }) => {
    if (sendRefusal) return HttpResponse.json(refusalOf(sendRefusal), { status: 403 });
    const body = (await request.json()) as { message: string; client_id: string };
    return HttpResponse.json({
      success: true,
      message: ChatMessageSchema.parse({
        id: 'f0000000-0000-4000-8000-00000000aaaa',
        from_user: '0b7c5d1e-4f7a-4c37-9d1e-2f0a8b6c9d10',
        to_user: sam.id,
        message: body.message,
        message_type: 'text',
        ice_breaker_id: null,
        event_id: null,
        client_id: body.client_id,
        timestamp: '2030-05-01T18:00:00.000Z',
      }),
    });
  }),
  http.post('*/api/users/search', () =>
    answer(UserSearchAnswerSchema, [
      { ...sam, connection_status: 'none', can_message: true },
      { ...sam, id: 'a0000000-0000-4000-8000-000000000002', name: 'Kim Park', username: 'kim', connection_status: 'none', can_message: false },
    ]),
  ),
  ws.link(/\/ws\//).addEventListener('connection', ({ client }) => {
    liveClient = client;
  }),
]);

afterEach(() => {
  status = DEFAULT_STATUS;
  puts = [];
  gets = 0;
  connections = [];
  canMessage = true;
  sendRefusal = null;
  liveClient = null;
  vi.useRealTimers();
});

async function signedIn() {
  const app = renderModelApp(appMachine, () => {});
  await signIn(app.actor);
  await screen.findByRole('heading', { name: 'Events' });
  return app;
}

const takeBreakButton = () => screen.findByRole('button', { name: 'Take a break' });
const breakBanner = () => screen.queryByRole('status', { name: 'Your break' });

describe('Take a break', () => {
  it('takes a break for an hour with a line and an emoji; the banner shows on every view until "I\'m back"', async () => {
    const user = userEvent.setup();
    const t = await signedIn();
    await user.click(await takeBreakButton());
    const sheet = await screen.findByRole('dialog', { name: 'Take a break' });
    expect(within(sheet).getByRole('radio', { name: 'For 1 hour' })).toBeChecked();
    await user.type(within(sheet).getByLabelText('Status line (optional)'), 'Recharging, back after lunch');
    await user.click(within(sheet).getByRole('radio', { name: 'Leaf' }));
    const before = Date.now();
    await user.click(within(sheet).getByRole('button', { name: 'Start my break' }));

    const banner = await screen.findByRole('status', { name: 'Your break' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(puts).toHaveLength(1);
    expect(puts[0]).toMatchObject({ status: 'away', custom_message: 'Recharging, back after lunch', emoji: '🌿' });
    const end = Date.parse(puts[0]!.until!);
    expect(end - before).toBeGreaterThanOrEqual(3_600_000);
    expect(end - Date.now()).toBeLessThanOrEqual(3_600_000);
    expect(banner).toHaveTextContent("You're on a break until");
    expect(banner).toHaveTextContent('Your connections see: “🌿 Recharging, back after lunch”');
    expect(screen.queryByRole('button', { name: 'Take a break' })).not.toBeInTheDocument();

    // Every view: the banner stays on the chats inbox too.
    act(() => t.actor.send({ type: 'view.opened', view: 'chats' }));
    await screen.findByRole('heading', { name: 'Chats' });
    expect(breakBanner()).toBeInTheDocument();

    await user.click(within(breakBanner()!).getByRole('button', { name: "I'm back" }));
    await waitFor(() => expect(breakBanner()).not.toBeInTheDocument());
    expect(puts[1]).toEqual({ status: 'available', custom_message: null, emoji: null, until: null });
    expect(await takeBreakButton()).toBeEnabled();
  });

  it('"Until tomorrow morning" ends at 08:00 tomorrow on the device\'s clock', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(2030, 4, 1, 22, 15) });
    const user = userEvent.setup();
    await signedIn();
    await user.click(await takeBreakButton());
    await user.click(await screen.findByRole('radio', { name: 'Until tomorrow morning' }));
    await user.click(screen.getByRole('button', { name: 'Start my break' }));
    expect(await screen.findByRole('status', { name: 'Your break' })).toHaveTextContent("You're on a break until tomorrow,");
    expect(puts[0]!.until).toBe(new Date(2030, 4, 2, 8, 0).toISOString());
  });

  it('says what is wrong with the line before sending, and lets Escape close the sheet', async () => {
    const user = userEvent.setup();
    await signedIn();
    await user.click(await takeBreakButton());
    const sheet = await screen.findByRole('dialog', { name: 'Take a break' });
    await user.click(within(sheet).getByLabelText('Status line (optional)'));
    await user.paste('x'.repeat(101));
    await user.click(within(sheet).getByRole('button', { name: 'Start my break' }));
    expect(within(sheet).getByText('Your status line can be at most 100 characters long.')).toBeInTheDocument();
    expect(puts).toEqual([]);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('ends the break by itself on its own clock, says "Welcome back" and asks the server', async () => {
    const user = userEvent.setup();
    const t = await signedIn();
    await user.click(await takeBreakButton());
    await user.click(await screen.findByRole('button', { name: 'Start my break' }));
    await screen.findByRole('status', { name: 'Your break' });
    const asked = gets;
    // The hour as the app measured it when the break began.
    const left = chartOf(t.actor.getSnapshot(), 'status')!.getSnapshot().context.left;
    expect(left).toBeGreaterThan(3_590_000);
    status = DEFAULT_STATUS; // the server's sweep ends it at the same moment
    act(() => t.clock.increment(left - 1));
    expect(breakBanner(), 'a millisecond early').toBeInTheDocument();
    act(() => t.clock.increment(1));
    const welcome = await screen.findByRole('status', { name: 'Welcome back' });
    expect(welcome).toHaveTextContent(WELCOME_BACK.content.message);
    expect(breakBanner()).not.toBeInTheDocument();
    await waitFor(() => expect(gets).toBe(asked + 1));
    await user.click(within(welcome).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('status', { name: 'Welcome back' })).not.toBeInTheDocument();
  });

  it('ends the break when the server says "Welcome back" on the live channel', async () => {
    status = { status: 'away', custom_message: null, emoji: null, until: null };
    await signedIn();
    expect(await screen.findByRole('status', { name: 'Your break' })).toHaveTextContent("You're on a break until you come back.");
    await waitFor(() => expect(liveClient).not.toBeNull());
    const content = WELCOME_BACK.withRequests({ n: 2 });
    act(() =>
      liveClient!.send(
        JSON.stringify({
          type: 'notification',
          notification: { id: '90000000-0000-4000-8000-000000000001', ...notificationWords(WELCOME_BACK.title, content), read: false, created_at: meetup.start_time, link: '/requests' },
        }),
      ),
    );
    expect(await screen.findByRole('status', { name: 'Welcome back' })).toHaveTextContent(content.message);
    expect(breakBanner()).not.toBeInTheDocument();
  });
});

describe("A connection's status", () => {
  it('shows the line and emoji, and "On a break" while they are away', async () => {
    connections = [{ ...withSam, connected_user: { ...withSam.connected_user, status: { status: 'away', custom_message: 'Back after lunch', emoji: '☕' } } }];
    const t = await signedIn();
    act(() => t.actor.send({ type: 'view.opened', view: 'mutual-connections' }));
    const card = await screen.findByRole('article', { name: sam.name });
    expect(within(card).getByText('On a break')).toBeInTheDocument();
    expect(within(card).getByText('☕ Back after lunch')).toBeInTheDocument();
  });

  it('shows nothing for someone available with nothing to say', async () => {
    connections = [{ ...withSam, connected_user: { ...withSam.connected_user, status: null } }];
    const t = await signedIn();
    act(() => t.actor.send({ type: 'view.opened', view: 'mutual-connections' }));
    const card = await screen.findByRole('article', { name: sam.name });
    expect(within(card).queryByText('On a break')).not.toBeInTheDocument();
  });
});

describe('Who may write to whom', () => {
  it('offers Chat and Exchange on a search result only where messages are open', async () => {
    const user = userEvent.setup();
    const t = await signedIn();
    act(() => t.actor.send({ type: 'view.opened', view: 'user-search' }));
    await user.click(await screen.findByRole('button', { name: 'Search Users' }));
    const open = await screen.findByRole('article', { name: 'Sam Reed' });
    const closed = screen.getByRole('article', { name: 'Kim Park' });
    await user.click(within(open).getByRole('button', { name: 'More for Sam Reed' }));
    await user.click(within(closed).getByRole('button', { name: 'More for Kim Park' }));
    expect(within(open).getByRole('button', { name: 'Chat' })).toBeInTheDocument();
    expect(within(open).getByRole('button', { name: 'Exchange' })).toBeInTheDocument();
    expect(within(closed).queryByRole('button', { name: 'Chat' })).not.toBeInTheDocument();
    expect(within(closed).queryByRole('button', { name: 'Exchange' })).not.toBeInTheDocument();
    expect(within(closed).getByRole('button', { name: 'Connect' })).toBeInTheDocument();
    expect(within(closed).getByText("Once you're connected, you can write to each other.")).toBeInTheDocument();
  });

  it('explains in place of the input when the chat partner takes no messages now', async () => {
    canMessage = false;
    const t = await signedIn();
    act(() => t.actor.send({ type: 'chat.opened', partner: sam }));
    expect(await screen.findByRole('status', { name: 'Messages are closed' })).toHaveTextContent(CANNOT_WRITE_NOTE);
    expect(screen.queryByRole('form', { name: `Message ${sam.name}` })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Ice breakers' })).not.toBeInTheDocument();
  });

  it('keeps a message the server refuses (403) in the chat, marked Not sent, with the server\'s words', async () => {
    sendRefusal = STRANGER_WRITE_DETAIL;
    const user = userEvent.setup();
    const t = await signedIn();
    act(() => t.actor.send({ type: 'chat.opened', partner: sam }));
    const form = await screen.findByRole('form', { name: `Message ${sam.name}` });
    await user.type(within(form).getByLabelText('Message'), 'Hello Sam{Enter}');
    expect(await screen.findByRole('status', { name: 'Messages are closed' })).toHaveTextContent(STRANGER_WRITE_DETAIL.message);
    const log = screen.getByRole('log', { name: `Messages with ${sam.name}` });
    const line = within(log).getByText('Hello Sam').closest('li')!;
    expect(line).toHaveTextContent('Not sent');
    expect(screen.queryByRole('form', { name: `Message ${sam.name}` })).not.toBeInTheDocument();
  });
});
