import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createActor, createMachine, fromPromise } from 'xstate';
import type { ConnectionStatus } from '../../contract/constants';
import { MESSAGES } from '../../contract/messages';
import type { AttendeeWithPhoto, ConnectionRequestAnswer } from '../../contract/social';
import { ApiError } from '../../machines/api/client';
import type { AttendeeSlot } from '../../machines/event/attendees.machine';
import { connectionRequestMachine, type ConnectionRequestActorRef } from '../../machines/people/connection-request.machine';
import { personReport } from '../../machines/safety/report-target';
import { personBlockMachine, type PersonBlockActorRef } from '../../machines/safety/person-block.machine';
import { AttendeeCard } from '../../src/components/AttendeeCard';
import { renderApp } from './renderApp';

const viewerId = '0b7c5d1e-4f7a-4c37-9d1e-2f0a8b6c9d10';

const sam = (status: ConnectionStatus, overrides: Partial<AttendeeWithPhoto> = {}): AttendeeWithPhoto => ({
  id: 'a0000000-0000-4000-8000-000000000001',
  name: 'Sam Reed',
  username: 'sam',
  photo_data: null,
  age: 31,
  occupation: 'Librarian',
  communication_style: 'introverted',
  interests: ['hiking', 'jazz', 'chess', 'baking', 'poetry'],
  connection_status: status,
  ...overrides,
});

/** The card's connection chart runs under a parent (as in the list), which records what it hears. */
function renderCard(attendee: AttendeeWithPhoto, send: () => Promise<ConnectionRequestAnswer> = async () => ({ success: true, status: 'request_sent' })) {
  const sends = vi.fn(send);
  const blocks = vi.fn(async (_: { userId: string; blockedId: string }) => ({ success: true }));
  const heard: string[] = [];
  const parent = createActor(
    createMachine({
      invoke: [
        {
          id: 'connection',
          src: connectionRequestMachine.provide({ actors: { sendRequest: fromPromise(() => sends()) } }),
          input: { userId: viewerId, otherId: attendee.id, otherName: attendee.name, eventId: null, status: attendee.connection_status },
        },
        {
          id: 'block',
          src: personBlockMachine.provide({ actors: { blockUser: fromPromise(({ input }) => blocks(input)) } }),
          input: { viewerId, userId: attendee.id, name: attendee.name },
        },
      ],
      on: { '*': { actions: ({ event }) => void (event.type.startsWith('xstate.') || heard.push(event.type)) } },
    }),
  ).start();
  const connection = parent.getSnapshot().children.connection as ConnectionRequestActorRef;
  const block = parent.getSnapshot().children.block as PersonBlockActorRef;
  const slot: AttendeeSlot = { attendee, connection, block };
  const view = renderApp(
    <>
      <button type="button">Before the card</button>
      <AttendeeCard slot={slot} />
    </>,
  );
  const appSends = vi.spyOn(view.actor, 'send');
  const card = () => within(screen.getByRole('article', { name: attendee.name }));
  return { ...view, sends, blocks, heard, connection, block, appSends, card };
}

/** The card's buttons by their names, as a screen reader says them. */
const named = (card: ReturnType<typeof within>) => card.getAllByRole('button').map((b: HTMLElement) => b.getAttribute('aria-label') ?? b.textContent);

describe('AttendeeCard', () => {
  it("shows three interests, then '+N more'", () => {
    const { card } = renderCard(sam('none'));
    const items = within(card().getByRole('list', { name: 'Interests' })).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual(['hiking', 'jazz', 'chess', '+2 more']);
    expect(card().getByText('@sam')).toBeInTheDocument();
    expect(card().getByText('Librarian · 31 · Introverted')).toBeInTheDocument();
  });

  it('has no +N more with three interests', () => {
    const { card } = renderCard(sam('none', { interests: ['a', 'b', 'c'] }));
    expect(card().queryByText(/more$/)).not.toBeInTheDocument();
  });

  it('connected: Chat, which opens the chat with them', async () => {
    const user = userEvent.setup();
    const { card, appSends } = renderCard(sam('connected'));
    expect(named(card())).toEqual(['Chat', 'More for Sam Reed']);
    await user.click(card().getByRole('button', { name: 'Chat' }));
    expect(appSends).toHaveBeenCalledWith({ type: 'chat.opened', partner: expect.objectContaining({ id: sam('none').id, name: 'Sam Reed' }) });
  });

  it('Report opens the report sheet about them (issue 16)', async () => {
    const { card, appSends } = renderCard(sam('none'));
    await userEvent.click(card().getByRole('button', { name: 'More for Sam Reed' }));
    await userEvent.click(card().getByRole('button', { name: 'Report Sam Reed' }));
    expect(appSends).toHaveBeenCalledWith(personReport(sam('none')));
    expect(appSends.mock.calls.at(-1)![0]).toMatchObject({ target: { type: 'user', id: sam('none').id, personId: sam('none').id, blocked: false } });
  });

  it('request_sent: a disabled Request Sent', () => {
    const { card } = renderCard(sam('request_sent'));
    expect(named(card())).toEqual(['Request Sent', 'More for Sam Reed']);
    expect(card().getByRole('button', { name: 'Request Sent' })).toBeDisabled();
  });

  it('request_received: Check Request, which opens the requests', async () => {
    const user = userEvent.setup();
    const { card, appSends } = renderCard(sam('request_received'));
    await user.click(card().getByRole('button', { name: 'Check Request' }));
    expect(appSends).toHaveBeenCalledWith({ type: 'view.opened', view: 'connection-requests' });
  });

  it('none: Connect, which opens a labelled dialog with the focus inside', async () => {
    const user = userEvent.setup();
    const { card } = renderCard(sam('none'));
    expect(named(card())).toEqual(['Connect', 'More for Sam Reed']);
    await user.click(card().getByRole('button', { name: 'Connect' }));
    const dialog = screen.getByRole('dialog', { name: 'Connect with Sam Reed' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(within(dialog).getByLabelText('Message (optional)')).toHaveFocus();
  });

  it('keeps Tab inside the dialog', async () => {
    const user = userEvent.setup();
    const { card } = renderCard(sam('none'));
    await user.click(card().getByRole('button', { name: 'Connect' }));
    const dialog = screen.getByRole('dialog');
    const message = within(dialog).getByLabelText('Message (optional)');
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Send' })).toHaveFocus();
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.tab();
    expect(message).toHaveFocus();
    await user.tab({ shift: true });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
  });

  it('closes on Escape, sending nothing, and gives the focus back to Connect', async () => {
    const user = userEvent.setup();
    const { card, sends, connection } = renderCard(sam('none'));
    const connect = card().getByRole('button', { name: 'Connect' });
    await user.click(connect);
    await user.type(screen.getByLabelText('Message (optional)'), 'Hi');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(connect).toHaveFocus();
    expect(sends).not.toHaveBeenCalled();
    expect(connection.getSnapshot().context.message).toBe('');
  });

  it('sends the optional message, closes, and shows Request Sent', async () => {
    const user = userEvent.setup();
    const { card, sends, heard, connection } = renderCard(sam('none'));
    await user.click(card().getByRole('button', { name: 'Connect' }));
    await user.type(screen.getByLabelText('Message (optional)'), 'Loved your question at the talk');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await card().findByRole('button', { name: 'Request Sent' })).toBeDisabled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sends).toHaveBeenCalledTimes(1);
    expect(heard).toEqual(['toast.show']);
    expect(connection.getSnapshot().matches('request_sent')).toBe(true);
  });

  it('shows the server detail inside the dialog when the request is refused, keeping the note', async () => {
    const user = userEvent.setup();
    const { card } = renderCard(sam('none'), async () => {
      throw new ApiError(404, 'User not found');
    });
    await user.click(card().getByRole('button', { name: 'Connect' }));
    await user.type(screen.getByLabelText('Message (optional)'), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const dialog = screen.getByRole('dialog');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('User not found');
    expect(within(dialog).getByLabelText('Message (optional)')).toHaveValue('Hello');
  });

  it("says 'Failed to send connection request' without a detail", async () => {
    const user = userEvent.setup();
    const { card } = renderCard(sam('none'), async () => {
      throw new ApiError(0, null);
    });
    await user.click(card().getByRole('button', { name: 'Connect' }));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.failedSendConnectionRequest.message);
  });

  it('keeps the same More as the people nearby: Chat, Exchange, Block and Report, Escape back to More (issue 39)', async () => {
    const user = userEvent.setup();
    const { card, appSends } = renderCard(sam('none'));
    const more = card().getByRole('button', { name: 'More for Sam Reed' });
    more.focus();
    await user.keyboard(' ');
    const group = within(card().getByRole('group', { name: 'More for Sam Reed' }));
    expect(group.getAllByRole('button').map((b) => b.textContent)).toEqual(['Chat', 'Exchange', 'Block', 'Report']);
    await user.click(group.getByRole('button', { name: 'Exchange' }));
    expect(appSends).toHaveBeenCalledWith({ type: 'contactExchange.opened', partner: expect.objectContaining({ id: sam('none').id }) });
    await user.keyboard('{Escape}');
    expect(more).toHaveAttribute('aria-expanded', 'false');
    expect(more).toHaveFocus();
  });

  it('Block asks first, the calm choice focused; Cancel keeps the card; Block blocks and tells the list (issue 39)', async () => {
    const user = userEvent.setup();
    const { card, blocks, heard } = renderCard(sam('none'));
    await user.click(card().getByRole('button', { name: 'More for Sam Reed' }));
    await user.click(card().getByRole('button', { name: 'Block' }));
    const ask = card().getByRole('alertdialog');
    expect(ask).toHaveTextContent("Block Sam Reed? They won't be able to see you or contact you, and they won't be told.");
    expect(within(ask).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(card().queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(card().getByRole('button', { name: 'Connect' })).toBeInTheDocument();

    await user.click(card().getByRole('button', { name: 'More for Sam Reed' }));
    await user.click(card().getByRole('button', { name: 'Block' }));
    await user.click(within(card().getByRole('alertdialog')).getByRole('button', { name: /^Block/ }));
    await vi.waitFor(() => expect(heard).toContain('card.blocked'));
    expect(blocks).toHaveBeenCalledWith({ userId: viewerId, blockedId: sam('none').id });
  });

  it('changes its button in place when the other accepts live', () => {
    const { card, connection } = renderCard(sam('request_sent'));
    act(() => connection.send({ type: 'connection.accepted' }));
    expect(card().getByRole('button', { name: 'Chat' })).toBeEnabled();
  });
});
