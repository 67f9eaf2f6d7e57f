/**
 * The connections views on the real app, its calls faked at the chart's edge: chat and
 * its input rules, the offline outbox on screen, group chat, requests, notifications
 * and the badges.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { IceBreaker } from '../../contract/discovery';
import { MESSAGES } from '../../contract/messages';
import { ApiError } from '../../machines/api/client';
import { MARK_ALL_FAILED } from '../../machines/session/notifications.machine';
import type { GroupChat } from '../../contract/social';
import {
  connectionsApp,
  sam,
  sampleChat,
  sampleNotification,
  sampleRequest,
  signIn,
  type ConnectionFakes,
} from '../machines/connections.fakes';
import { sampleEvent } from '../machines/discovery.fakes';
import { chartOf } from '../../machines/lazy-charts';
import { theme } from '../../src/theme/theme';

/**
 * The CSS of the rules that style `el`: jsdom works out no custom property (the theme's
 * colours are var(--c-…), src/theme/themes.css), so a shorthand using one is read here.
 */
function ruleText(el: Element): string {
  return [...document.styleSheets]
    .flatMap((sheet) => [...sheet.cssRules])
    .filter((r): r is CSSStyleRule => r instanceof CSSStyleRule && el.matches(r.selectorText))
    .map((r) => r.cssText)
    .join('\n');
}
import { renderApp } from './renderApp';
import { eventChatNamed } from '../said';

const breaker: IceBreaker = { id: 'b0000000-0000-4000-8000-000000000001', suggestion_text: 'What brought you here today?', suggestion_code: '', suggestion_params: {}, category: 'event' };
const meetup = sampleEvent({ is_attending: true });

async function renderSignedIn(f: ConnectionFakes = {}, online = true) {
  const app = connectionsApp(f);
  const view = renderApp(undefined, { path: '/', online }, app.machine);
  await act(() => signIn(view.actor));
  return { ...view, ...app };
}

describe('ChatView', () => {
  async function openChat(f: ConnectionFakes = {}, online = true) {
    const t = await renderSignedIn({ iceBreakers: async () => [breaker], ...f }, online);
    act(() => t.actor.send({ type: 'chat.opened', partner: sam }));
    await screen.findByRole('heading', { name: 'Chat with Sam Reed' });
    return t;
  }

  it("shows the history and a blue input with 'Type your message...' and Send", async () => {
    await openChat({ history: async () => [sampleChat({ message: 'Hi Ada, nice to meet you' })] });
    const log = await screen.findByRole('log', { name: 'Messages with Sam Reed' });
    expect(within(log).getByText('Hi Ada, nice to meet you')).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Message Sam Reed' });
    expect(within(form).getByPlaceholderText('Type your message...')).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Send' })).toBeInTheDocument();
    expect(ruleText(form)).toContain(`border: 2px solid ${theme.colors.primary}`);
  });

  it('does not send whitespace, sends text, and clears the input', async () => {
    const user = userEvent.setup();
    const t = await openChat();
    const input = await screen.findByPlaceholderText('Type your message...');
    await user.type(input, '   ');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(t.calls.sendChat).not.toHaveBeenCalled();
    expect(input).toHaveValue('   ');

    await user.clear(input);
    await user.type(input, 'Hello Sam{Enter}');
    expect(input).toHaveValue('');
    await waitFor(() => expect(t.calls.sendChat).toHaveBeenCalledTimes(1));
    expect(t.calls.sendChat.mock.calls[0]![0]).toMatchObject({ to_user: sam.id, message: 'Hello Sam', message_type: 'text' });
    expect(await within(screen.getByRole('log')).findByText('Hello Sam')).toBeInTheDocument();
  });

  it('sends an ice breaker as its suggestion, of type ice_breaker', async () => {
    const user = userEvent.setup();
    const t = await openChat();
    await user.click(await screen.findByRole('button', { name: breaker.suggestion_text }));
    await waitFor(() => expect(t.calls.sendChat).toHaveBeenCalledTimes(1));
    expect(t.calls.sendChat.mock.calls[0]![0]).toMatchObject({
      message: breaker.suggestion_text,
      message_type: 'ice_breaker',
      ice_breaker_id: breaker.id,
    });
  });

  it('shows a message written offline as pending, then sent once when back online', async () => {
    const user = userEvent.setup();
    const t = await openChat({}, false);
    await user.type(await screen.findByPlaceholderText('Type your message...'), 'See you by the plants{Enter}');
    const log = screen.getByRole('log');
    expect(within(log).getByText('See you by the plants')).toBeInTheDocument();
    expect(within(log).getByText(/sending when you're back online/i)).toBeInTheDocument();
    expect(t.calls.sendChat).not.toHaveBeenCalled();

    act(() => t.actor.send({ type: 'connectivity.changed', online: true }));
    await waitFor(() => expect(within(log).queryByText(/sending when you're back online/i)).not.toBeInTheDocument());
    expect(t.calls.sendChat).toHaveBeenCalledTimes(1);
    expect(within(log).getAllByText('See you by the plants')).toHaveLength(1);
  });

  it('asks for a partner when none is chosen', async () => {
    const t = await renderSignedIn();
    act(() => t.actor.send({ type: 'view.opened', view: 'chat' }));
    expect(await screen.findByText(/Choose someone to chat with/)).toBeInTheDocument();
    expect(screen.queryByPlaceholderText('Type your message...')).not.toBeInTheDocument();
  });
});

describe('GroupChatView', () => {
  const everyone: GroupChat = { id: 'c2000000-0000-4000-8000-000000000001', ...eventChatNamed('Meetup'), event_id: meetup.id, community_id: null, closed: false, last_message: null };

  it('has the purple input, and shows a group message arriving live', async () => {
    const t = await renderSignedIn({ groupChats: async () => [everyone] });
    act(() => {
      t.actor.send({ type: 'event.opened', event: meetup });
      t.actor.send({ type: 'view.opened', view: 'group-chat' });
    });
    const form = await screen.findByRole('form', { name: 'Message Meetup — everyone' });
    expect(ruleText(form)).toContain(`border: 2px solid ${theme.colors.purple}`);
    expect(within(form).getByPlaceholderText('Type your message...')).toBeInTheDocument();
    act(() => {
      t.socket().report({ type: 'socket.opened' });
      t.socket().report({
        type: 'socket.messageReceived',
        message: {
          type: 'group_message',
          message: { id: 'f1000000-0000-4000-8000-000000000001', group_id: everyone.id, from_user: sam.id, from_name: 'Sam Reed', message: 'Tea by the window?', timestamp: '2030-05-01T18:00:00.000Z' },
        },
      });
    });
    const log = await screen.findByRole('log', { name: 'Messages in Meetup — everyone' });
    expect(within(log).getByText('Tea by the window?')).toBeInTheDocument();
    expect(within(log).getByText('Sam Reed')).toBeInTheDocument();
  });

  it('shows a sender the viewer may not see as "Anonymous attendee" (no id), never as their own message', async () => {
    const t = await renderSignedIn({ groupChats: async () => [everyone] });
    act(() => {
      t.actor.send({ type: 'event.opened', event: meetup });
      t.actor.send({ type: 'view.opened', view: 'group-chat' });
    });
    await screen.findByRole('form', { name: 'Message Meetup — everyone' });
    act(() => {
      t.socket().report({ type: 'socket.opened' });
      t.socket().report({
        type: 'socket.messageReceived',
        message: {
          type: 'group_message',
          message: { id: 'f1000000-0000-4000-8000-000000000002', group_id: everyone.id, from_user: null, from_name: 'Anonymous attendee', message: 'Is the quiet room open?', timestamp: '2030-05-01T18:01:00.000Z' },
        },
      });
    });
    const log = await screen.findByRole('log', { name: 'Messages in Meetup — everyone' });
    expect(within(log).getByText('Is the quiet room open?')).toBeInTheDocument();
    expect(within(log).getByText('Anonymous attendee')).toBeInTheDocument();
    expect(within(log).queryByText('You')).not.toBeInTheDocument();
  });
});

describe('ConnectionRequestsView and the Requests badge', () => {
  it('counts the waiting requests on the event view, and accepts one from the list', async () => {
    const user = userEvent.setup();
    const request = sampleRequest(sam, { message: 'I liked your question about gardens' });
    let answered = false;
    const t = await renderSignedIn({ requests: async () => (answered ? [] : [request]) });
    act(() => t.actor.send({ type: 'event.opened', event: meetup }));
    expect(await screen.findByRole('button', { name: /^Requests\s*\(1 waiting\)$/ })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /^Requests\s*\(1 waiting\)$/ }));
    const card = await screen.findByRole('article', { name: 'Sam Reed' });
    expect(within(card).getByText(/I liked your question about gardens/)).toBeInTheDocument();
    expect(within(within(card).getByRole('list', { name: 'Interests' })).getAllByRole('listitem')).toHaveLength(4);
    answered = true;
    await user.click(within(card).getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText(MESSAGES.connectionAccepted.message)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Sam Reed' })).not.toBeInTheDocument());
  });
});

describe('NotificationsView and the unread badge', () => {
  it('shows the unread count on the events view, lists title, content and time, and marks one read', async () => {
    const user = userEvent.setup();
    const n = sampleNotification({ title: 'New connection request', content: 'Sam would like to connect with you.' });
    await renderSignedIn({ notifications: async () => [n, sampleNotification({ title: 'Older', read: true })] });
    // The bottom navigation's Alerts carries the unread count.
    await user.click(await screen.findByRole('button', { name: /^Alerts\s*\(1 unread\)$/ }));
    const item = await screen.findByRole('article', { name: /New connection request/ });
    expect(within(item).getByText('Sam would like to connect with you.')).toBeInTheDocument();
    expect(item.querySelector('time')).toHaveAttribute('dateTime', n.created_at);
    expect(within(screen.getByRole('article', { name: 'Older' })).queryByRole('button', { name: 'Mark Read' })).not.toBeInTheDocument();
    await user.click(within(item).getByRole('button', { name: 'Mark Read' }));
    await waitFor(() => expect(within(item).queryByRole('button', { name: 'Mark Read' })).not.toBeInTheDocument());
    expect(screen.getByText('All read.')).toBeInTheDocument();
  });

  it('opens what a notification with a link is about, and marks it read on the way', async () => {
    const user = userEvent.setup();
    const n = sampleNotification({ title: 'New message from Sam Reed', content: 'Hi Ada', link: `/chats/${sam.id}` });
    const t = await renderSignedIn({ notifications: async () => [n, sampleNotification({ title: 'Older', read: true })] });
    const asked: string[] = [];
    t.actor.system.inspect((e) => {
      if (e.type === '@xstate.event' && e.actorRef === t.actor && e.event.type === 'address.opened') asked.push(e.event.path);
    });
    act(() => t.actor.send({ type: 'view.opened', view: 'notifications' }));
    const item = await screen.findByRole('article', { name: /New message from Sam Reed/ });
    const open = within(item).getByRole('button', { name: /New message from Sam Reed/ });
    expect(open).toHaveAccessibleDescription('Hi Ada');
    expect(within(screen.getByRole('article', { name: 'Older' })).queryByRole('button')).not.toBeInTheDocument();
    await user.click(open);
    expect(asked).toEqual([`/chats/${sam.id}`]);
    // The root goes where it leads; the notification was marked read on the way.
    const notifications = chartOf(t.actor.getSnapshot(), 'notifications')!;
    await waitFor(() => expect(notifications.getSnapshot().context.notifications.find((x) => x.id === n.id)?.read).toBe(true));
  });

  it('marks all read at once, and says so calmly when that fails, putting them back', async () => {
    const user = userEvent.setup();
    let fail = true;
    const t = await renderSignedIn({
      notifications: async () => [sampleNotification({ title: 'First' }), sampleNotification({ title: 'Second' })],
      markAllRead: async () => {
        if (fail) throw new ApiError(500, null);
        return { success: true, marked: 2 };
      },
    });
    act(() => t.actor.send({ type: 'view.opened', view: 'notifications' }));
    await screen.findByText('2 unread');
    await user.click(screen.getByRole('button', { name: 'Mark all read' }));
    expect(await screen.findByText(MARK_ALL_FAILED.message)).toHaveAttribute('role', 'status');
    expect(screen.getByText('2 unread')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Mark Read' })).toHaveLength(2);

    fail = false;
    await user.click(screen.getByRole('button', { name: 'Mark all read' }));
    expect(await screen.findByText('All read.')).toBeInTheDocument();
    expect(screen.queryByText(MARK_ALL_FAILED.message)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark all read' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark Read' })).not.toBeInTheDocument();
    expect(t.calls.markAllRead).toHaveBeenCalledTimes(2);
  });
});

describe('ContactExchangeView', () => {
  it('shows the fields of each type, with email and tel inputs, and sends only those of the chosen type', async () => {
    const user = userEvent.setup();
    const t = await renderSignedIn();
    act(() => t.actor.send({ type: 'contactExchange.opened', partner: sam }));
    const form = await screen.findByRole('form', { name: 'Contact exchange' });
    const type = within(form).getByLabelText('What to share');
    expect(within(type).getAllByRole('option').map((o) => (o as HTMLOptionElement).value)).toEqual(['social_media', 'business_card', 'phone', 'email']);
    expect(within(form).getByLabelText('Email')).toHaveAttribute('type', 'email');
    await user.selectOptions(type, 'phone');
    expect(within(form).getByLabelText('Phone')).toHaveAttribute('type', 'tel');
    expect(within(form).queryByLabelText('Email')).not.toBeInTheDocument();
    await user.selectOptions(type, 'social_media');
    expect(within(form).getByLabelText('Instagram')).toBeInTheDocument();
    expect(within(form).getByLabelText('Twitter')).toBeInTheDocument();
    await user.selectOptions(type, 'business_card');
    await user.type(within(form).getByLabelText('LinkedIn'), 'linkedin.com/in/ada');
    await user.type(within(form).getByLabelText('Company'), 'Engines Ltd');
    await user.click(within(form).getByRole('button', { name: 'Send Contact Exchange Request' }));
    expect(await screen.findByText(MESSAGES.contactExchangeSent.message)).toBeInTheDocument();
    expect(t.calls.exchange).toHaveBeenCalledWith(
      expect.objectContaining({ toUser: sam.id, exchangeType: 'business_card', data: { linkedin: 'linkedin.com/in/ada', company: 'Engines Ltd' } }),
    );
  });
});
