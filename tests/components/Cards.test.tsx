/**
 * Contact cards (issue 18) on the real app, the network answered by msw (every answer
 * checked against the contract): the Cards list with its links, Keep and a private
 * Decline, its empty and failed states; Shared with, and Revoke, which asks first; and
 * both reached from the profile.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { CARD_WORDS as CARD_WORDS_SAID } from '../../contract/card-words';
import { CardSchema, SharedCardSchema, type Card, type SharedCard } from '../../contract/cards';
import { SuccessSchema } from '../../contract/common';
import { BusinessCardSchema, type BusinessCard } from '../../contract/plans';
import { ContactExchangeAnswerSchema, ContactExchangeBodySchema } from '../../contract/social';
import { appMachine } from '../../machines/app.machine';
import { NOTHING_CHOSEN } from '../../machines/cards/contact-exchange.machine';
import type { UserView } from '../../machines/views';
import { answer, quietServer, renderModelApp, signIn, toastTexts } from '../model/app';
import { ada, sam } from '../model/fixtures';
import { english } from '../../contract/said';

const CARD_WORDS = english(CARD_WORDS_SAID);

/** Ada's own business card, filled into the share form (issue 18). */
const ADAS_CARD: BusinessCard = {
  name: ada.name,
  title: 'Analyst',
  company: 'Engines Ltd',
  email: 'ada@engines.example',
  phone: '+44 20 7946 0000',
  linkedin: 'https://linkedin.com/in/ada',
  website: '',
  bio: '',
};
const offered: unknown[] = [];

const SAMS_CARD: Card = {
  id: 'c0000000-0000-4000-8000-0000000000c1',
  from_user: sam.id,
  from_name: sam.name,
  contact_data: { twitter: '@sam_t', email: 'sam@example.org', phone: '+44 20 7946 0000' },
  exchange_type: 'social_media',
  event_id: null,
  created_at: '2030-05-01T18:00:00.000Z',
  kept: false,
};
const TO_SAM: SharedCard = { id: 'c0000000-0000-4000-8000-0000000000c2', to_user: sam.id, to_name: sam.name, fields: ['linkedin', 'company'], created_at: '2030-05-01T18:00:00.000Z' };

/** What the fake server holds; reset after each test. */
let cards: Card[] = [];
let shared: SharedCard[] = [];
let failLoads = 0;
const sent: string[] = [];

quietServer(() => [
  http.get('*/api/cards/shared', () => answer(SharedCardSchema.array(), shared)),
  http.get('*/api/cards', () => {
    if (failLoads > 0) {
      failLoads -= 1;
      return HttpResponse.json({ detail: 'Something went wrong' }, { status: 500 });
    }
    return answer(CardSchema.array(), cards);
  }),
  http.post('*/api/cards/:id/keep', ({ params }) => {
    sent.push(`keep ${params.id}`);
    cards = cards.map((c) => (c.id === params.id ? { ...c, kept: true } : c));
    return answer(SuccessSchema, { success: true });
  }),
  http.post('*/api/cards/:id/decline', ({ params }) => {
    sent.push(`decline ${params.id}`);
    cards = cards.filter((c) => c.id !== params.id);
    return answer(SuccessSchema, { success: true });
  }),
  http.get('*/api/business-card/:ownerId', () => answer(BusinessCardSchema, ADAS_CARD)),
  http.post('*/api/contact-exchange', async ({ request }) => {
    const body = ContactExchangeBodySchema.parse(await request.json());
    offered.push(body);
    return answer(ContactExchangeAnswerSchema, {
      success: true,
      exchange: { id: SAMS_CARD.id, from_user: ada.id, from_name: ada.name, to_user: body.to_user, exchange_type: body.exchange_type, contact_data: body.contact_data, event_id: null, created_at: SAMS_CARD.created_at },
    });
  }),
  http.delete('*/api/cards/:id', ({ params }) => {
    sent.push(`revoke ${params.id}`);
    shared = shared.filter((c) => c.id !== params.id);
    return answer(SuccessSchema, { success: true });
  }),
]);

afterEach(() => {
  cards = [];
  shared = [];
  failLoads = 0;
  sent.length = 0;
  offered.length = 0;
});

async function open(view: UserView) {
  const user = userEvent.setup();
  const app = renderModelApp(appMachine, () => {});
  await signIn(app.actor);
  act(() => app.actor.send({ type: 'view.opened', view }));
  return { user, app };
}

describe('Cards', () => {
  it('lists a card with each detail as a link, keeps it, then declines it privately', async () => {
    cards = [SAMS_CARD];
    const { user } = await open('cards');
    const card = await screen.findByRole('article', { name: sam.name });
    // SPEC 3's order: email, phone, then the profiles.
    expect(within(card).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual([
      'mailto:sam@example.org',
      'tel:+442079460000',
      'https://x.com/sam_t',
    ]);
    expect(within(card).getByRole('link', { name: '@sam_t' })).toHaveAttribute('rel', 'noopener noreferrer');
    await user.click(within(card).getByRole('button', { name: `Keep ${sam.name}'s card` }));
    expect(await within(card).findByText(CARD_WORDS.kept)).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: /^Keep/ })).not.toBeInTheDocument();
    // Kept, it can still leave the list (the same private decline).
    await user.click(within(card).getByRole('button', { name: `Remove ${sam.name}'s card` }));
    expect(await screen.findByText(CARD_WORDS.cardsEmpty)).toBeInTheDocument();
    expect(toastTexts()).toContain(CARD_WORDS.declined);
    expect(sent).toEqual([`keep ${SAMS_CARD.id}`, `decline ${SAMS_CARD.id}`]);
  });

  it('says calmly when there are none, and offers Try again when they cannot load', async () => {
    failLoads = 1;
    const { user } = await open('cards');
    expect(await screen.findByText(CARD_WORDS.cardsFailed)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(CARD_WORDS.cardsEmpty)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: CARD_WORDS.cardsTitle, level: 1 })).toBeInTheDocument();
  });
});

describe('Shared with', () => {
  it('lists what I shared with whom; Revoke asks first, Keep sharing changes nothing, Yes takes it back', async () => {
    shared = [TO_SAM];
    const { user } = await open('shared-cards');
    const item = await screen.findByRole('article', { name: sam.name });
    expect(item).toHaveTextContent('LinkedIn, Company');
    const revoke = within(item).getByRole('button', { name: `Revoke: what you shared with ${sam.name}` });
    await user.click(revoke);
    expect(within(item).getByText(CARD_WORDS.revokeConfirm({ name: sam.name }))).toBeInTheDocument();
    // The calm choice has focus.
    expect(within(item).getByRole('button', { name: CARD_WORDS.revokeNo })).toHaveFocus();
    await user.click(within(item).getByRole('button', { name: CARD_WORDS.revokeNo }));
    expect(sent).toEqual([]);
    await user.click(within(item).getByRole('button', { name: `Revoke: what you shared with ${sam.name}` }));
    await user.click(within(item).getByRole('button', { name: CARD_WORDS.revokeYes }));
    expect(await screen.findByText(CARD_WORDS.sharedEmpty)).toBeInTheDocument();
    expect(toastTexts()).toContain(CARD_WORDS.revoked({ name: sam.name }));
    expect(sent).toEqual([`revoke ${TO_SAM.id}`]);
  });

  it('is reached from the profile, as Cards is, and each leads to the other', async () => {
    const { user } = await open('profile');
    const settings = await screen.findByRole('navigation', { name: 'Your settings' });
    await user.click(within(settings).getByRole('button', { name: CARD_WORDS.sharedLink }));
    expect(await screen.findByRole('heading', { name: CARD_WORDS.sharedTitle, level: 1 })).toBeInTheDocument();
    expect(await screen.findByText(CARD_WORDS.sharedEmpty)).toBeInTheDocument();
    expect(window.location.pathname).toBe('/cards/shared');
    await user.click(screen.getByRole('button', { name: CARD_WORDS.cardsLink }));
    expect(await screen.findByRole('heading', { name: CARD_WORDS.cardsTitle, level: 1 })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/cards');
  });
});

describe('Share your contact details, one step per type', () => {
  it("fills in Ada's own details from her business card, so choosing the type and sending shares them (issue 39)", async () => {
    const user = userEvent.setup();
    const app = renderModelApp(appMachine, () => {});
    await signIn(app.actor);
    act(() => app.actor.send({ type: 'contactExchange.opened', partner: sam }));
    const form = await screen.findByRole('form', { name: 'Contact exchange' });
    expect(within(form).queryByRole('checkbox')).toBeNull();
    // Nothing of a type filled in: nothing is sent, and the form says why beside its first field.
    await user.selectOptions(within(form).getByLabelText('What to share'), 'social_media');
    await user.click(within(form).getByRole('button', { name: 'Send Contact Exchange Request' }));
    expect(await within(form).findByText(NOTHING_CHOSEN.message)).toBeInTheDocument();
    expect(offered).toEqual([]);
    await user.selectOptions(within(form).getByLabelText('What to share'), 'business_card');
    expect(await within(form).findByDisplayValue('https://linkedin.com/in/ada')).toBeInTheDocument();
    expect(within(form).getByLabelText('Company')).toHaveValue('Engines Ltd');
    await user.click(within(form).getByRole('button', { name: 'Send Contact Exchange Request' }));
    await waitFor(() => expect(offered).toHaveLength(1));
    expect(offered[0]).toMatchObject({ to_user: sam.id, exchange_type: 'business_card', contact_data: { linkedin: 'https://linkedin.com/in/ada', company: 'Engines Ltd' } });
    // Sent: Shared with is one tap away.
    await user.click(await within(form).findByRole('button', { name: CARD_WORDS.sharedLink }));
    expect(await screen.findByRole('heading', { name: CARD_WORDS.sharedTitle, level: 1 })).toBeInTheDocument();
  });
});
