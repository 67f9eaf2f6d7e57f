/**
 * user-search on the real app, its calls faked at the chart's edge: Connect on a result
 * opens the same modal as the event view and sends from there, naming no event; a failed
 * search and an empty one are said as before.
 */
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { PublicUser } from '../../contract/common';
import type { UserSearchBody } from '../../contract/discovery';
import { MESSAGES } from '../../contract/messages';
import type { ConnectionRequestAnswer } from '../../contract/social';
import { ApiError } from '../../machines/api/client';
import { connectionRequestMachine } from '../../machines/people/connection-request.machine';
import { userCardMachine } from '../../machines/people/user-card.machine';
import { userSearchMachine } from '../../machines/people/user-search.machine';
import { connectionsApp, sam, signIn } from '../machines/connections.fakes';
import { renderApp } from './renderApp';

type SendInput = { userId: string; otherId: string; eventId: string | null; message: string };

async function renderSearch(search: () => Promise<PublicUser[]>, send: () => Promise<ConnectionRequestAnswer>) {
  const sends = vi.fn((_input: SendInput) => send());
  const searches = vi.fn(search);
  const userSearchChart = userSearchMachine.provide({
    actors: {
      searchUsers: fromPromise<PublicUser[], { userId: string; body: UserSearchBody }>(() => searches()),
      userCard: userCardMachine.provide({
        actors: {
          connectionRequest: connectionRequestMachine.provide({
            actors: { sendRequest: fromPromise<ConnectionRequestAnswer, SendInput>(({ input }) => sends(input)) },
          }),
        },
      }),
    },
    actions: { logFailure: () => {} },
  });
  const machine = connectionsApp({}, { userSearch: userSearchChart }).machine;
  const view = renderApp(undefined, { path: '/', online: true }, machine);
  await act(() => signIn(view.actor));
  act(() => view.actor.send({ type: 'view.opened', view: 'user-search' }));
  await screen.findByRole('heading', { name: 'Find people', level: 1 });
  return { ...view, sends, searches };
}

const results = () => screen.getByRole('region', { name: 'Results' });

describe('UserSearchView', () => {
  it('Connect on a result opens the connect modal, sends from it naming no event, and stays on the search', async () => {
    const user = userEvent.setup();
    const t = await renderSearch(
      async () => [sam],
      async () => ({ success: true, status: 'request_sent' }),
    );
    const send = vi.spyOn(t.actor, 'send');
    await user.click(screen.getByRole('button', { name: 'Search Users' }));
    const card = within(await within(results()).findByRole('article', { name: 'Sam Reed' }));
    await user.click(card.getByRole('button', { name: 'Connect' }));
    const dialog = screen.getByRole('dialog', { name: 'Connect with Sam Reed' });
    await user.type(within(dialog).getByLabelText('Message (optional)'), 'We both like jazz');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await card.findByRole('button', { name: 'Request Sent' })).toBeDisabled();
    expect(t.sends).toHaveBeenCalledWith({ userId: expect.any(String), otherId: sam.id, eventId: null, message: 'We both like jazz' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByText(MESSAGES.connectionRequestSent.message)).toBeInTheDocument();
    expect(send).not.toHaveBeenCalledWith({ type: 'view.opened', view: 'attendees' });
    expect(screen.getByRole('heading', { name: 'Find people', level: 1 })).toBeInTheDocument();
  });

  it("shows the server's reason in the modal when the request is refused", async () => {
    const user = userEvent.setup();
    await renderSearch(
      async () => [sam],
      async () => {
        throw new ApiError(409, 'You are already connected');
      },
    );
    await user.click(screen.getByRole('button', { name: 'Search Users' }));
    const card = within(await within(results()).findByRole('article', { name: 'Sam Reed' }));
    await user.click(card.getByRole('button', { name: 'Connect' }));
    const dialog = screen.getByRole('dialog', { name: 'Connect with Sam Reed' });
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('You are already connected');
  });

  it('says a failed search above the earlier results, with no button, and an empty one calmly', async () => {
    const user = userEvent.setup();
    const answers: Array<() => Promise<PublicUser[]>> = [
      async () => [sam],
      async () => {
        throw new ApiError(503, null);
      },
      async () => [],
    ];
    await renderSearch(
      () => answers.shift()!(),
      async () => ({ success: true, status: 'request_sent' }),
    );
    await user.click(screen.getByRole('button', { name: 'Search Users' }));
    expect(await within(results()).findByRole('heading', { name: '1 person found' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Search Users' }));
    const problem = await within(results()).findByText("The search didn't go through. Please try again.");
    expect(within(results()).getByRole('article', { name: 'Sam Reed' })).toBeInTheDocument();
    expect(within(problem.closest('section')!).queryByRole('button')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Search Users' }));
    expect(await within(results()).findByText('Nobody matched. Try fewer filters.')).toBeInTheDocument();
    expect(within(results()).queryByText("The search didn't go through. Please try again.")).not.toBeInTheDocument();
  });
});
