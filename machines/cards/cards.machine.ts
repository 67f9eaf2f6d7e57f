/**
 * Contact cards (issue 18 item 5), two charts in one chunk:
 *
 * - `cardsMachine`, the Cards view: the cards people offered the user (GET /cards),
 *   newest first, each kept or declined with one tap (a decline is private: the sender is
 *   never told). It follows the live channel: a card offered now appears at the top
 *   (`contact_exchange_request`, quiet ones too: they are listed, just not toasted), and a
 *   card its sender takes back leaves at once (`card_revoked`); after a reconnect the list
 *   is read again.
 * - `sharedCardsMachine`, the Shared with view: what the user shared with whom (GET
 *   /cards/shared), and Revoke, which asks first and then takes it off their Cards.
 */
import { assertEvent, assign, fromPromise, sendParent, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { CARD_WORDS } from '../../contract/card-words';
import type { Card, SharedCard } from '../../contract/cards';
import type { ContactExchange } from '../../contract/social';
import { cardsApi } from '../api/cards';
import { logFailure } from '../log';
import { isSessionGone, reportSessionGone } from '../session-gone';
import type { Said } from '../../contract/said';

export type CardsEvent =
  | { type: 'cards.reloaded' }
  | { type: 'card.keep'; id: string }
  | { type: 'card.decline'; id: string }
  | { type: 'live.contact_exchange_request'; exchange: ContactExchange; quiet?: boolean }
  | { type: 'live.card_revoked'; id: string }
  | { type: 'live.reconnected' };

export interface CardsContext {
  userId: string;
  cards: Card[];
  /** The card being kept or declined now. */
  acting: string | null;
  /** Why the last keep or decline did not go through, shown by that card. */
  error: { id: string; message: Said } | null;
}

/** A card as the live channel offers it (POST /contact-exchange's exchange), as GET /cards lists it. */
export const cardOf = (e: ContactExchange): Card => ({
  id: e.id,
  from_user: e.from_user,
  from_name: e.from_name,
  contact_data: e.contact_data,
  exchange_type: e.exchange_type,
  event_id: e.event_id,
  created_at: e.created_at,
  kept: false,
});

export const cardsMachine = setup({
  types: {
    context: {} as CardsContext,
    input: {} as { userId: string },
    events: {} as CardsEvent,
  },
  actors: {
    loadCards: fromPromise<Card[], { userId: string }>(({ input }) => cardsApi.cards(input.userId)),
    keepCard: fromPromise<unknown, { userId: string; id: string }>(({ input }) => cardsApi.keepCard(input.userId, input.id)),
    declineCard: fromPromise<unknown, { userId: string; id: string }>(({ input }) => cardsApi.declineCard(input.userId, input.id)),
  },
  guards: {
    isSessionGone,
    isListed: ({ context, event }) => {
      assertEvent(event, ['card.keep', 'card.decline']);
      return context.cards.some((c) => c.id === event.id);
    },
  },
  actions: {
    reportSessionGone: reportSessionGone(),
    logFailure: (_, params: { what: string; error: unknown }) => logFailure(params.what, params.error),
    showActionFailure: assign(({ context }) => ({ error: { id: context.acting!, message: CARD_WORDS.actionFailed }, acting: null })),
    choose: assign(({ event }) => {
      assertEvent(event, ['card.keep', 'card.decline']);
      return { acting: event.id, error: null };
    }),
    addOffered: assign({
      cards: ({ context, event }) => {
        assertEvent(event, 'live.contact_exchange_request');
        const card = cardOf(event.exchange);
        return context.cards.some((c) => c.id === card.id) ? context.cards : [card, ...context.cards];
      },
    }),
    dropRevoked: assign(({ context, event }) => {
      assertEvent(event, 'live.card_revoked');
      return {
        cards: context.cards.filter((c) => c.id !== event.id),
        error: context.error?.id === event.id ? null : context.error,
      };
    }),
  },
}).createMachine({
  id: 'cards',
  context: ({ input }) => ({ userId: input.userId, cards: [], acting: null, error: null }),
  on: {
    'live.contact_exchange_request': { actions: 'addOffered' },
    'live.card_revoked': { actions: 'dropRevoked' },
  },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadCards',
        input: ({ context }) => ({ userId: context.userId }),
        onDone: { target: 'ready', actions: assign({ cards: ({ event }) => event.output }) },
        onError: [
          { guard: 'isSessionGone', target: 'failed', actions: 'reportSessionGone' },
          { target: 'failed', actions: { type: 'logFailure', params: ({ event }) => ({ what: 'load cards', error: event.error }) } },
        ],
      },
    },
    failed: { on: { 'cards.reloaded': 'loading', 'live.reconnected': 'loading' } },
    ready: {
      on: {
        'cards.reloaded': 'loading',
        'live.reconnected': 'loading',
        'card.keep': { guard: 'isListed', target: 'keeping', actions: 'choose' },
        'card.decline': { guard: 'isListed', target: 'declining', actions: 'choose' },
      },
    },
    keeping: {
      invoke: {
        src: 'keepCard',
        input: ({ context }) => ({ userId: context.userId, id: context.acting! }),
        onDone: {
          target: 'ready',
          actions: assign(({ context }) => ({ cards: context.cards.map((c) => (c.id === context.acting ? { ...c, kept: true } : c)), acting: null })),
        },
        onError: [
          { guard: 'isSessionGone', target: 'ready', actions: ['reportSessionGone', assign({ acting: null })] },
          { target: 'ready', actions: ['showActionFailure', { type: 'logFailure', params: ({ event }) => ({ what: 'keep a card', error: event.error }) }] },
        ],
      },
    },
    declining: {
      invoke: {
        src: 'declineCard',
        input: ({ context }) => ({ userId: context.userId, id: context.acting! }),
        onDone: {
          target: 'ready',
          actions: [
            assign(({ context }) => ({ cards: context.cards.filter((c) => c.id !== context.acting), acting: null })),
            sendParent({ type: 'toast.show', message: CARD_WORDS.declined, kind: 'success' }),
          ],
        },
        onError: [
          { guard: 'isSessionGone', target: 'ready', actions: ['reportSessionGone', assign({ acting: null })] },
          { target: 'ready', actions: ['showActionFailure', { type: 'logFailure', params: ({ event }) => ({ what: 'decline a card', error: event.error }) }] },
        ],
      },
    },
  },
});

export type CardsActorRef = ActorRefFrom<typeof cardsMachine>;
export type CardsSnapshot = SnapshotFrom<typeof cardsMachine>;

export const selectCardsStatus = (s: CardsSnapshot): 'loading' | 'failed' | 'ready' =>
  s.matches('loading') ? 'loading' : s.matches('failed') ? 'failed' : 'ready';

// ---------------------------------------------------------------------------
// Shared with

export type SharedCardsEvent =
  | { type: 'shared.reloaded' }
  | { type: 'shared.revokeRequested'; id: string }
  | { type: 'shared.revokeCancelled' }
  | { type: 'shared.revokeConfirmed' }
  | { type: 'live.reconnected' };

export interface SharedCardsContext {
  userId: string;
  shared: SharedCard[];
  /** The card Revoke is asking about, then taking back. */
  chosen: string | null;
  /** Why the last revoke did not go through, shown by that card. */
  error: Said | null;
}

const recipientOf = (shared: SharedCard[], id: string | null): string => shared.find((c) => c.id === id)?.to_name ?? 'them';

export const sharedCardsMachine = setup({
  types: {
    context: {} as SharedCardsContext,
    input: {} as { userId: string },
    events: {} as SharedCardsEvent,
  },
  actors: {
    loadShared: fromPromise<SharedCard[], { userId: string }>(({ input }) => cardsApi.sharedCards(input.userId)),
    revokeCard: fromPromise<unknown, { userId: string; id: string }>(({ input }) => cardsApi.revokeCard(input.userId, input.id)),
  },
  guards: {
    isSessionGone,
    isListed: ({ context, event }) => {
      assertEvent(event, 'shared.revokeRequested');
      return context.shared.some((c) => c.id === event.id);
    },
  },
  actions: {
    reportSessionGone: reportSessionGone(),
    logFailure: (_, params: { what: string; error: unknown }) => logFailure(params.what, params.error),
  },
}).createMachine({
  id: 'sharedCards',
  context: ({ input }) => ({ userId: input.userId, shared: [], chosen: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadShared',
        input: ({ context }) => ({ userId: context.userId }),
        onDone: { target: 'ready', actions: assign({ shared: ({ event }) => event.output }) },
        onError: [
          { guard: 'isSessionGone', target: 'failed', actions: 'reportSessionGone' },
          { target: 'failed', actions: { type: 'logFailure', params: ({ event }) => ({ what: 'load shared cards', error: event.error }) } },
        ],
      },
    },
    failed: { on: { 'shared.reloaded': 'loading', 'live.reconnected': 'loading' } },
    ready: {
      on: {
        'shared.reloaded': 'loading',
        'live.reconnected': 'loading',
        'shared.revokeRequested': { guard: 'isListed', target: 'confirming', actions: assign({ chosen: ({ event }) => event.id, error: null }) },
      },
    },
    // Nothing is taken back on one tap: the question says what Revoke does.
    confirming: {
      on: {
        'shared.revokeConfirmed': 'revoking',
        'shared.revokeCancelled': { target: 'ready', actions: assign({ chosen: null, error: null }) },
      },
    },
    revoking: {
      invoke: {
        src: 'revokeCard',
        input: ({ context }) => ({ userId: context.userId, id: context.chosen! }),
        onDone: {
          target: 'ready',
          actions: [
            sendParent(({ context }) => ({
              type: 'toast.show' as const,
              message: CARD_WORDS.revoked({ name: recipientOf(context.shared, context.chosen) }),
              kind: 'success' as const,
            })),
            assign(({ context }) => ({ shared: context.shared.filter((c) => c.id !== context.chosen), chosen: null })),
          ],
        },
        onError: [
          { guard: 'isSessionGone', target: 'ready', actions: 'reportSessionGone' },
          {
            target: 'confirming',
            actions: [
              assign({ error: CARD_WORDS.actionFailed }),
              { type: 'logFailure', params: ({ event }) => ({ what: 'revoke a card', error: event.error }) },
            ],
          },
        ],
      },
    },
  },
});

export type SharedCardsActorRef = ActorRefFrom<typeof sharedCardsMachine>;
export type SharedCardsSnapshot = SnapshotFrom<typeof sharedCardsMachine>;

export const selectSharedStatus = (s: SharedCardsSnapshot): 'loading' | 'failed' | 'ready' =>
  s.matches('loading') ? 'loading' : s.matches('failed') ? 'failed' : 'ready';

// ---------------------------------------------------------------------------
// A card's details as the views show them

/** SPEC 3's detail keys in the order the views show them. */
const FIELD_ORDER = ['email', 'phone', 'linkedin', 'company', 'instagram', 'twitter'];

/** A card's details in a steady order (known keys first, as SPEC 3 lists them). */
export function cardDetails(data: Record<string, string>): Array<[string, string]> {
  const rank = (k: string) => (FIELD_ORDER.includes(k) ? FIELD_ORDER.indexOf(k) : FIELD_ORDER.length);
  return Object.entries(data)
    .filter(([, v]) => v.trim() !== '')
    .sort(([a], [b]) => rank(a) - rank(b));
}

const PROFILE_HOSTS: Record<string, string> = {
  linkedin: 'https://www.linkedin.com/in/',
  instagram: 'https://www.instagram.com/',
  twitter: 'https://x.com/',
};

/**
 * Where a detail leads: mailto: for an email, tel: for a phone, and an https address for
 * a profile (an http(s) address as given; `linkedin.com/in/rae` with https:// in front; a
 * handle like `@rae` on its site). Null for what is only text (a company), and for
 * anything that would be another scheme (the server refuses those; this never links one).
 */
export function detailHref(field: string, value: string): string | null {
  const v = value.trim();
  if (field === 'email') return /^[^\s@]+@[^\s@]+$/.test(v) ? `mailto:${v}` : null;
  if (field === 'phone') {
    const digits = v.replace(/[^0-9+]/g, '');
    return digits ? `tel:${digits}` : null;
  }
  const host = PROFILE_HOSTS[field];
  if (!host) return null;
  if (/^https?:\/\/[^\s/]+/i.test(v)) return v;
  if (/^[a-z][a-z\d+.-]*:/i.test(v)) return null;
  if (/^[\w-]+(\.[\w-]+)+\//.test(v)) return `https://${v}`;
  const handle = v.replace(/^@/, '');
  return /^[\w.-]+$/.test(handle) ? `${host}${encodeURIComponent(handle)}` : null;
}
