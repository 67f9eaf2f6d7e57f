/** Contact cards (issue 18): the Cards chart (keep, private decline, live) and the Shared with chart (revoke asks first). */
import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import { CARD_WORDS as CARD_WORDS_SAID } from '../../../contract/card-words';
import type { Card, SharedCard } from '../../../contract/cards';
import type { ContactExchange } from '../../../contract/social';
import { ApiError } from '../../../machines/api/client';
import { cardDetails, cardOf, cardsMachine, detailHref, sharedCardsMachine } from '../../../machines/cards/cards.machine';
import { ada } from '../app.fakes';
import { sam } from '../connections.fakes';
import { asChild, flush } from '../discovery.fakes';
import { english } from '../../../contract/said';

const CARD_WORDS = english(CARD_WORDS_SAID);

const card = (id: string, extra: Partial<Card> = {}): Card => ({
  id,
  from_user: sam.id,
  from_name: sam.name,
  contact_data: { instagram: '@sam', twitter: '@sam_t' },
  exchange_type: 'social_media',
  event_id: null,
  created_at: '2026-11-22T10:00:00.000Z',
  kept: false,
  ...extra,
});
const C1 = '00000000-0000-4000-8000-0000000000c1';
const C2 = '00000000-0000-4000-8000-0000000000c2';

type Act = (input: { userId: string; id: string }) => Promise<unknown>;

function startCards(opts: { load?: () => Promise<Card[]>; keep?: Act; decline?: Act } = {}) {
  const calls = {
    load: vi.fn(opts.load ?? (async () => [card(C1)])),
    keep: vi.fn<Act>(opts.keep ?? (async () => ({ success: true }))),
    decline: vi.fn<Act>(opts.decline ?? (async () => ({ success: true }))),
  };
  const machine = cardsMachine.provide({
    actors: {
      loadCards: fromPromise<Card[], { userId: string }>(() => calls.load()),
      keepCard: fromPromise<unknown, { userId: string; id: string }>(({ input }) => calls.keep(input)),
      declineCard: fromPromise<unknown, { userId: string; id: string }>(({ input }) => calls.decline(input)),
    },
  });
  const t = asChild(machine, { userId: ada.id });
  return { ...t, calls, snap: () => t.child.getSnapshot() };
}

describe('cardsMachine', () => {
  it('loads the cards offered to me, then keeps one (it stays listed, kept)', async () => {
    const t = startCards();
    expect(t.snap().matches('loading')).toBe(true);
    await flush();
    expect(t.snap().context.cards.map((c) => c.id)).toEqual([C1]);
    t.child.send({ type: 'card.keep', id: C1 });
    expect(t.snap().matches('keeping')).toBe(true);
    await flush();
    expect(t.calls.keep).toHaveBeenCalledWith({ userId: ada.id, id: C1 });
    expect(t.snap().matches('ready')).toBe(true);
    expect(t.snap().context.cards).toEqual([card(C1, { kept: true })]);
  });

  it('declines privately: gone from the list, and says the sender is not told', async () => {
    const t = startCards();
    await flush();
    t.child.send({ type: 'card.decline', id: C1 });
    await flush();
    expect(t.snap().context.cards).toEqual([]);
    expect(english(t.received)).toContainEqual(english({ type: 'toast.show', message: CARD_WORDS.declined, kind: 'success' }));
  });

  it('ignores keep and decline for a card that is not listed', async () => {
    const t = startCards();
    await flush();
    t.child.send({ type: 'card.keep', id: C2 });
    t.child.send({ type: 'card.decline', id: C2 });
    expect(t.snap().matches('ready')).toBe(true);
    expect(t.calls.keep).not.toHaveBeenCalled();
    expect(t.calls.decline).not.toHaveBeenCalled();
  });

  it('a failed keep says so beside that card and leaves the list as it was', async () => {
    const t = startCards({
      keep: async () => {
        throw new ApiError(500, 'boom');
      },
    });
    await flush();
    t.child.send({ type: 'card.keep', id: C1 });
    await flush();
    expect(t.snap().matches('ready')).toBe(true);
    expect(english(t.snap().context.error)).toEqual({ id: C1, message: CARD_WORDS.actionFailed });
    expect(t.snap().context.cards).toEqual([card(C1)]);
  });

  it('a lost session is reported to the root', async () => {
    const t = startCards({
      decline: async () => {
        throw new ApiError(401, 'User not logged in');
      },
    });
    await flush();
    t.child.send({ type: 'card.decline', id: C1 });
    await flush();
    expect(t.types()).toContain('session.expired');
    expect(t.snap().context.acting).toBeNull();
  });

  it('follows the live channel: a card offered joins the top (once), a card revoked leaves at once', async () => {
    const t = startCards();
    await flush();
    const exchange: ContactExchange = { ...card(C2), to_user: ada.id };
    t.child.send({ type: 'live.contact_exchange_request', exchange, quiet: true });
    t.child.send({ type: 'live.contact_exchange_request', exchange });
    expect(t.snap().context.cards.map((c) => c.id)).toEqual([C2, C1]);
    expect(t.snap().context.cards[0]).toEqual(cardOf(exchange));
    t.child.send({ type: 'live.card_revoked', id: C1 });
    expect(t.snap().context.cards.map((c) => c.id)).toEqual([C2]);
  });

  it('a failed load offers Try again; a reconnect reads the list again', async () => {
    let fail = true;
    const t = startCards({
      load: async () => {
        if (fail) throw new ApiError(0, null);
        return [card(C1)];
      },
    });
    await flush();
    expect(t.snap().matches('failed')).toBe(true);
    fail = false;
    t.child.send({ type: 'cards.reloaded' });
    await flush();
    expect(t.snap().context.cards.map((c) => c.id)).toEqual([C1]);
    t.child.send({ type: 'live.reconnected' });
    expect(t.snap().matches('loading')).toBe(true);
    await flush();
    expect(t.calls.load).toHaveBeenCalledTimes(3);
  });
});

const shared = (id: string, to_name = sam.name): SharedCard => ({ id, to_user: sam.id, to_name, fields: ['email'], created_at: '2026-11-22T10:00:00.000Z' });

function startShared(revoke: Act = async () => ({ success: true })) {
  const calls = { revoke: vi.fn<Act>(revoke) };
  const machine = sharedCardsMachine.provide({
    actors: {
      loadShared: fromPromise<SharedCard[], { userId: string }>(async () => [shared(C1), shared(C2, 'Rae')]),
      revokeCard: fromPromise<unknown, { userId: string; id: string }>(({ input }) => calls.revoke(input)),
    },
  });
  const t = asChild(machine, { userId: ada.id });
  return { ...t, calls, snap: () => t.child.getSnapshot() };
}

describe('sharedCardsMachine', () => {
  it('asks before revoking; Keep sharing changes nothing', async () => {
    const t = startShared();
    await flush();
    t.child.send({ type: 'shared.revokeRequested', id: C2 });
    expect(t.snap().matches('confirming')).toBe(true);
    expect(t.calls.revoke).not.toHaveBeenCalled();
    t.child.send({ type: 'shared.revokeCancelled' });
    expect(t.snap().matches('ready')).toBe(true);
    expect(t.snap().context.chosen).toBeNull();
    expect(t.snap().context.shared).toHaveLength(2);
  });

  it('revokes once confirmed: gone from the list, and says whom it was taken back from', async () => {
    const t = startShared();
    await flush();
    t.child.send({ type: 'shared.revokeRequested', id: C2 });
    t.child.send({ type: 'shared.revokeConfirmed' });
    expect(t.snap().matches('revoking')).toBe(true);
    await flush();
    expect(t.calls.revoke).toHaveBeenCalledWith({ userId: ada.id, id: C2 });
    expect(t.snap().context.shared.map((c) => c.id)).toEqual([C1]);
    expect(english(t.received)).toContainEqual({ type: 'toast.show', message: CARD_WORDS.revoked({ name: 'Rae' }), kind: 'success' });
  });

  it('a failed revoke keeps the question open and says so', async () => {
    const t = startShared(async () => {
      throw new ApiError(500, 'boom');
    });
    await flush();
    t.child.send({ type: 'shared.revokeRequested', id: C1 });
    t.child.send({ type: 'shared.revokeConfirmed' });
    await flush();
    expect(t.snap().matches('confirming')).toBe(true);
    expect(english(t.snap().context.error)).toBe(english(CARD_WORDS.actionFailed));
    expect(t.snap().context.shared).toHaveLength(2);
  });

  it('ignores Revoke for a card not listed', async () => {
    const t = startShared();
    await flush();
    t.child.send({ type: 'shared.revokeRequested', id: '00000000-0000-4000-8000-0000000000ff' });
    expect(t.snap().matches('ready')).toBe(true);
  });
});

describe('a card’s details', () => {
  it('come in SPEC 3’s order, empty ones left out', () => {
    expect(cardDetails({ twitter: '@t', email: 'a@b.co', company: '', phone: '1' })).toEqual([
      ['email', 'a@b.co'],
      ['phone', '1'],
      ['twitter', '@t'],
    ]);
  });

  it.each([
    ['email', 'rae@example.com', 'mailto:rae@example.com'],
    ['phone', '+44 (20) 7946-0000', 'tel:+442079460000'],
    ['linkedin', 'https://linkedin.com/in/rae', 'https://linkedin.com/in/rae'],
    ['linkedin', 'linkedin.com/in/rae', 'https://linkedin.com/in/rae'],
    ['linkedin', 'rae', 'https://www.linkedin.com/in/rae'],
    ['twitter', '@rae_t', 'https://x.com/rae_t'],
    ['instagram', '@rae', 'https://www.instagram.com/rae'],
    ['twitter', 'javascript:alert(1)', null],
    ['instagram', 'two words', null],
    ['company', 'Quiet Co', null],
    ['email', 'not an email', null],
  ])('%s %j links to %j', (field, value, href) => {
    expect(detailHref(field, value)).toBe(href);
  });
});
