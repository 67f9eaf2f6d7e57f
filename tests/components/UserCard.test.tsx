import { asWritten } from '../../contract/said';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createActor, createMachine, fromPromise } from 'xstate';
import type { PublicUser } from '../../contract/common';
import type { ConnectionRequestAnswer } from '../../contract/social';
import { connectionRequestMachine } from '../../machines/people/connection-request.machine';
import { userCardMachine, type CardPerson, type UserCardInput } from '../../machines/people/user-card.machine';
import { personReport } from '../../machines/safety/report-target';
import { UserCard } from '../../src/components/UserCard';
import { showLanguage } from '../../src/i18n/i18n';
import { renderApp } from './renderApp';

const viewerId = '0b7c5d1e-4f7a-4c37-9d1e-2f0a8b6c9d10';

const sam: PublicUser = {
  id: 'a0000000-0000-4000-8000-000000000001',
  username: 'sam',
  name: 'Sam Reed',
  age: 31,
  occupation: 'Librarian',
  interests: ['hiking', 'jazz', 'chess', 'baking', 'poetry'],
  social_preferences: [],
  personality_traits: [],
  communication_style: 'introverted',
  photo_data: null,
  is_anonymous: false,
};

const entry = (overrides: Partial<CardPerson> = {}): CardPerson => ({
  user: sam,
  compatibility: {
    overall_score: 0.866,
    compatibility_reasons: ['You both love hiking', 'You both prefer small groups'],
    compatibility_reason_codes: [
      { code: '', params: {} },
      { code: 'compat.bothPrefer', params: { things: asWritten('small groups') } },
    ],
  },
  ice_breakers: [{ id: 'b0000000-0000-4000-8000-000000000001', suggestion_text: 'Ask Sam about a favourite trail', suggestion_code: '', suggestion_params: {}, category: 'interests' }],
  social_battery: 6,
  ...overrides,
});

/**
 * The card's machine runs under a parent, as in a list, which records what it hears. By
 * default it is a search result (no event); `at` puts it at an event, as the list knows it.
 */
function renderCard(
  person: CardPerson,
  block: () => Promise<unknown> = async () => ({ success: true }),
  at: Pick<UserCardInput, 'eventId' | 'status'> = { eventId: null },
) {
  const blocks = vi.fn(block);
  const heard: string[] = [];
  const parent = createActor(
    createMachine({
      invoke: {
        id: 'card',
        src: userCardMachine.provide({ actors: { blockUser: fromPromise(() => blocks()) } }),
        input: { viewerId, person, ...at } satisfies UserCardInput,
      },
      on: { '*': { actions: ({ event }) => void (event.type.startsWith('xstate.') || heard.push(event.type)) } },
    }),
  ).start();
  const card = parent.getSnapshot().children.card as Parameters<typeof UserCard>[0]['card'];
  const view = renderApp(<UserCard card={card} />);
  return { ...view, card, blocks, heard, article: () => screen.getByRole('article', { name: person.user.is_anonymous ? 'Anonymous attendee' : person.user.name }) };
}

/** Opens the card's More (issue 39), where Chat before connecting, Exchange, Block and Report wait. */
async function openMore(user: ReturnType<typeof userEvent.setup>, article: HTMLElement, name = 'Sam Reed') {
  await user.click(within(article).getByRole('button', { name: `More for ${name}` }));
}

describe('UserCard', () => {
  it('shows the name, occupation, first three interests and +N more', () => {
    const { article } = renderCard(entry());
    const card = within(article());
    expect(card.getByRole('heading', { name: 'Sam Reed' })).toBeInTheDocument();
    expect(card.getByText('Librarian')).toBeInTheDocument();
    const interests = within(card.getByRole('list', { name: 'Interests' })).getAllByRole('listitem');
    expect(interests.map((li) => li.textContent)).toEqual(['hiking', 'jazz', 'chess', '+2 more']);
    expect(card.queryByText('baking')).not.toBeInTheDocument();
  });

  it('leaves out +N more with three interests or fewer', () => {
    const { article } = renderCard(entry({ user: { ...sam, interests: ['hiking', 'jazz', 'chess'] } }));
    expect(within(article()).queryByText(/more$/)).not.toBeInTheDocument();
  });

  it('shows the battery in words as well as colour', () => {
    const { article } = renderCard(entry({ social_battery: 3 }));
    const battery = within(article()).getByText('3/10', { exact: false }).closest('.battery');
    expect(battery).toHaveClass('level-red');
    expect(battery).toHaveTextContent('Energy 3/10');
  });

  it.each([
    [0.866, '87% match', 'green', 'Lots in common'],
    [0.71, '71% match', 'green', 'Lots in common'],
    [0.7, '70% match', 'yellow', 'Some common ground'],
    [0.41, '41% match', 'yellow', 'Some common ground'],
    [0.4, '40% match', 'red', 'Something to discover'],
    [0.04, '4% match', 'red', 'Something to discover'],
  ])('shows a score of %s as %s in %s, with the words %s', (score, text, colour, words) => {
    const { article } = renderCard(entry({ compatibility: { overall_score: score, compatibility_reasons: [], compatibility_reason_codes: [] } }));
    const badge = within(article()).getByText(text);
    expect(badge).toHaveClass(`level-${colour}`);
    expect(badge.nextElementSibling).toHaveTextContent(words);
  });

  it("toggles 'Why you might connect:' with the reasons and ice breakers", async () => {
    const user = userEvent.setup();
    const { article, card } = renderCard(entry());
    const details = within(article()).getByRole('button', { name: 'Details' });
    expect(details).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('Why you might connect:')).not.toBeInTheDocument();

    await user.click(details);
    expect(details).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('Why you might connect:')).toBeInTheDocument();
    expect(screen.getByText('You both love hiking').tagName).toBe('LI');
    expect(screen.getByText('You both prefer small groups')).toBeInTheDocument();
    expect(screen.getByText('Ask Sam about a favourite trail')).toBeInTheDocument();
    expect(card.getSnapshot().matches({ details: 'shown' })).toBe(true);

    await user.click(details);
    expect(screen.queryByText('Why you might connect:')).not.toBeInTheDocument();
  });

  it('asks before blocking, and blocks nobody on Cancel', async () => {
    const user = userEvent.setup();
    const { article, blocks } = renderCard(entry());
    await openMore(user, article());
    await user.click(within(article()).getByRole('button', { name: 'Block' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveTextContent("Block Sam Reed? They won't be able to see you or contact you, and they won't be told.");
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(blocks).not.toHaveBeenCalled();
  });

  it('blocks after the confirm and tells the list', async () => {
    const user = userEvent.setup();
    const { article, blocks, heard } = renderCard(entry());
    await openMore(user, article());
    await user.click(within(article()).getByRole('button', { name: 'Block' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Block Sam Reed' }));
    await act(async () => {});
    expect(blocks).toHaveBeenCalledTimes(1);
    expect(heard).toEqual(['card.blocked']);
  });

  it('opens chat and exchange with this person on the root chart', async () => {
    const user = userEvent.setup();
    const { article, actor } = renderCard(entry());
    const send = vi.spyOn(actor, 'send');
    const card = within(article());
    await openMore(user, article());
    await user.click(card.getByRole('button', { name: 'Chat' }));
    await user.click(card.getByRole('button', { name: 'Exchange' }));
    expect(send.mock.calls.map(([e]) => e)).toEqual([
      { type: 'chat.opened', partner: sam },
      { type: 'contactExchange.opened', partner: sam },
    ]);
  });

  it('offers Report beside Block, naming an anonymous person as the card does (issue 16)', async () => {
    const anon = { ...sam, name: 'Anonymous', username: null, is_anonymous: true };
    for (const [user, name] of [[sam, 'Sam Reed'], [anon, 'Anonymous attendee']] as const) {
      const { article, actor, unmount } = renderCard(entry({ user }));
      const send = vi.spyOn(actor, 'send');
      await openMore(userEvent.setup(), article(), name);
      const buttons = within(article()).getAllByRole('button').map((b) => b.textContent);
      expect(buttons.slice(buttons.indexOf('Block'))).toEqual(['Block', 'Report']);
      await userEvent.click(within(article()).getByRole('button', { name: `Report ${name}` }));
      expect(send).toHaveBeenCalledWith(personReport({ id: sam.id, name }));
      unmount();
    }
  });

  it('on a search result, Connect opens the connect modal, not another view', async () => {
    const user = userEvent.setup();
    const { article, actor } = renderCard({ user: sam, compatibility: null, ice_breakers: [], social_battery: null });
    const send = vi.spyOn(actor, 'send');
    await user.click(within(article()).getByRole('button', { name: 'Connect' }));
    const dialog = screen.getByRole('dialog', { name: 'Connect with Sam Reed' });
    expect(within(dialog).getByLabelText('Message (optional)')).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(send).not.toHaveBeenCalled();
  });

  it('at an event, starts as the list knows it: request_sent shows a disabled Request Sent', () => {
    const { article } = renderCard(entry(), undefined, { eventId: 'e0000000-0000-4000-8000-000000000001', status: 'request_sent' });
    const card = within(article());
    expect(card.getByRole('button', { name: 'Request Sent' })).toBeDisabled();
    expect(card.queryByRole('button', { name: 'Connect' })).not.toBeInTheDocument();
  });

  it('leads with Chat once connected, with no second Chat under More (issue 39)', async () => {
    const user = userEvent.setup();
    const { article, actor } = renderCard(entry(), undefined, { eventId: 'e0000000-0000-4000-8000-000000000001', status: 'connected' });
    const send = vi.spyOn(actor, 'send');
    const card = within(article());
    expect(card.queryByRole('button', { name: 'Connect' })).not.toBeInTheDocument();
    await user.click(card.getByRole('button', { name: 'Chat' }));
    expect(send).toHaveBeenCalledWith({ type: 'chat.opened', partner: sam });
    await openMore(user, article());
    // The meeting suggestion comes in a chunk of its own: it arrives within act.
    await act(() => import('../../src/components/SuggestMeeting'));
    const more = within(card.getByRole('group', { name: 'More for Sam Reed' }));
    expect(more.queryByRole('button', { name: 'Chat' })).not.toBeInTheDocument();
    expect(more.getByRole('button', { name: 'Exchange' })).toBeInTheDocument();
  });

  it('shows Connected, disabled, for a connection who takes no messages now', () => {
    const { article } = renderCard(entry({ can_message: false }), undefined, { eventId: 'e0000000-0000-4000-8000-000000000001', status: 'connected' });
    expect(within(article()).getByRole('button', { name: 'Connected' })).toBeDisabled();
  });

  it('at an event, a request they sent shows Check Request, opening the requests', async () => {
    const user = userEvent.setup();
    const { article, actor } = renderCard(entry(), undefined, { eventId: 'e0000000-0000-4000-8000-000000000001', status: 'request_received' });
    const send = vi.spyOn(actor, 'send');
    await user.click(within(article()).getByRole('button', { name: 'Check Request' }));
    expect(send).toHaveBeenCalledWith({ type: 'view.opened', view: 'connection-requests' });
  });

  it('does not name an anonymous person or show their photo', () => {
    const anon = { ...sam, name: 'Anonymous', username: null, occupation: null, photo_data: 'aGVsbG8=', is_anonymous: true };
    const { article } = renderCard(entry({ user: anon }));
    expect(within(article()).getByRole('heading', { name: 'Anonymous attendee' })).toBeInTheDocument();
    expect(within(article()).queryByRole('img')).not.toBeInTheDocument();
  });

  it('shows what a search result has: no badge, battery or Details', () => {
    const { article } = renderCard({ user: sam, compatibility: null, ice_breakers: [], social_battery: null });
    const card = within(article());
    expect(card.queryByText(/% match$/)).not.toBeInTheDocument();
    expect(card.queryByText(/\/10$/)).not.toBeInTheDocument();
    expect(card.queryByRole('button', { name: 'Details' })).not.toBeInTheDocument();
    expect(card.getByRole('button', { name: 'More for Sam Reed' })).toBeInTheDocument();
  });

  it('at an event, Connect opens the same composer as the attendees view and sends from the card', async () => {
    const user = userEvent.setup();
    const sends = vi.fn(async (): Promise<ConnectionRequestAnswer> => ({ success: true, status: 'request_sent' }));
    const heard: string[] = [];
    const parent = createActor(
      createMachine({
        invoke: {
          id: 'card',
          src: userCardMachine.provide({
            actors: { connectionRequest: connectionRequestMachine.provide({ actors: { sendRequest: fromPromise(() => sends()) } }) },
          }),
          input: { viewerId, person: entry(), eventId: 'e0000000-0000-4000-8000-000000000001' },
        },
        on: { '*': { actions: ({ event }) => void (event.type.startsWith('xstate.') || heard.push(event.type)) } },
      }),
    ).start();
    const ref = parent.getSnapshot().children.card as Parameters<typeof UserCard>[0]['card'];
    const { actor } = renderApp(<UserCard card={ref} />);
    const send = vi.spyOn(actor, 'send');
    const card = within(screen.getByRole('article', { name: 'Sam Reed' }));
    await user.click(card.getByRole('button', { name: 'Connect' }));
    const dialog = screen.getByRole('dialog', { name: 'Connect with Sam Reed' });
    await user.type(within(dialog).getByLabelText('Message (optional)'), 'Hello from the quiet room');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await card.findByRole('button', { name: 'Request Sent' })).toBeDisabled();
    expect(sends).toHaveBeenCalledTimes(1);
    expect(send).not.toHaveBeenCalled();
    expect(heard).toEqual(['toast.show']);
  });
});

describe("UserCard's one primary action and More (issue 39)", () => {
  it('leads with Connect and Details alone; the rest waits under More', () => {
    const { article } = renderCard(entry());
    const names = within(article()).getAllByRole('button').map((b) => b.getAttribute('aria-label') ?? b.textContent);
    expect(names).toEqual(['Details ▾', 'Connect', 'More for Sam Reed']);
    const more = within(article()).getByRole('button', { name: 'More for Sam Reed' });
    expect(more).toHaveTextContent('More');
    expect(more).toHaveAttribute('aria-expanded', 'false');
    expect(document.getElementById(more.getAttribute('aria-controls')!)).not.toBeVisible();
  });

  it.each([['{Enter}'], [' ']])('opens with %s from the keyboard, and Escape closes it and gives focus back', async (key) => {
    const user = userEvent.setup();
    const { article } = renderCard(entry());
    const more = within(article()).getByRole('button', { name: 'More for Sam Reed' });
    more.focus();
    await user.keyboard(key);
    expect(more).toHaveAttribute('aria-expanded', 'true');
    const group = screen.getByRole('group', { name: 'More for Sam Reed' });
    expect(group.id).toBe(more.getAttribute('aria-controls'));
    expect(within(group).getAllByRole('button').map((b) => b.textContent)).toEqual(['Chat', 'Exchange', 'Block', 'Report']);
    // Tab goes from More into what it opened.
    await user.tab();
    expect(within(group).getByRole('button', { name: 'Chat' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(more).toHaveAttribute('aria-expanded', 'false');
    expect(more).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Block' })).not.toBeInTheDocument();
  });

  it('says its name in German too', async () => {
    await showLanguage('de');
    try {
      const { article } = renderCard(entry());
      expect(within(article()).getByRole('button', { name: 'Mehr zu Sam Reed' })).toHaveTextContent('Mehr');
    } finally {
      await showLanguage('en');
    }
  });
});

describe('UserCard of someone in a quiet zone (issue 18)', () => {
  it("says \"Recharging — please don't approach\" on the card, and nothing of the kind otherwise", () => {
    const { article, unmount } = renderCard(entry({ recharging: true }));
    expect(within(article()).getByText("Recharging — please don't approach")).toBeVisible();
    unmount();
    renderCard(entry({ recharging: false }));
    expect(screen.queryByText(/Recharging/)).toBeNull();
  });
});

describe('UserCard saying how far someone is (issue 40)', () => {
  it.each([
    ['close', 'Close by', 'In der Nähe'],
    ['venue', 'In the venue', 'Vor Ort'],
    ['far', 'Further away', 'Weiter weg'],
  ] as const)('says the %s band in words, in English and German, and never a figure in metres', async (band, en, de) => {
    const first = renderCard(entry({ distance_band: band }));
    expect(within(first.article()).getByText(en)).toBeVisible();
    expect(first.article().textContent).not.toMatch(/\d\s*m\b|metre|Meter/);
    first.unmount();
    await showLanguage('de');
    try {
      const { article, unmount } = renderCard(entry({ distance_band: band }));
      expect(within(article()).getByText(de)).toBeVisible();
      unmount();
    } finally {
      await showLanguage('en');
    }
  });

  it('says nothing of distance when there is no band (either hides their location)', () => {
    renderCard(entry({ distance_band: null }));
    expect(screen.queryByText(/Close by|In the venue|Further away/)).toBeNull();
  });
});

describe('UserCard with opening moves and "Happy to be approached" (issue 43)', () => {
  const move = { id: 'c0000000-0000-4000-8000-000000000001', text: 'Ask me about my sourdough' };
  it('shows the calm badge and the prompt; Answer opens a short form at an event, and Report names the prompt', async () => {
    const user = userEvent.setup();
    const { article, heard } = renderCard(entry({ open_to_hello: true, opening_moves: [move] }), undefined, { eventId: 'e0000000-0000-4000-8000-000000000001' });
    const card = within(article());
    expect(card.getByText('Happy to be approached')).toBeVisible();
    expect(card.getByText('Ask me about my sourdough')).toBeVisible();
    await user.click(card.getByRole('button', { name: 'Answer “Ask me about my sourdough”' }));
    const field = card.getByRole('textbox', { name: 'Answer “Ask me about my sourdough”' });
    expect(field).toHaveAttribute('maxlength', '280');
    expect(field).toHaveAccessibleDescription('One line is plenty. It goes to them as a connection request.');
    await user.click(card.getByRole('button', { name: 'Cancel' }));
    expect(card.queryByRole('textbox')).toBeNull();
    await user.click(card.getByRole('button', { name: 'Report the opening move “Ask me about my sourdough”' }));
    expect(heard).toEqual([]);
  });

  it('offers no Answer away from an event (a search result), and no badge when not open', () => {
    const { article } = renderCard(entry({ open_to_hello: false, opening_moves: [move] }));
    const card = within(article());
    expect(card.queryByText('Happy to be approached')).toBeNull();
    expect(card.queryByRole('button', { name: /^Answer/ })).toBeNull();
  });
});
