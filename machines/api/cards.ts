/**
 * The calls of contact cards (issue 18): the cards offered to the user, keeping and
 * declining them, what the user shared, and taking it back. On the same client as the
 * rest; answer types come from the contract as types only.
 */
import type { Card, SharedCard } from '../../contract/cards';
import type { Success } from '../../contract/common';
import { createApi, enc } from './client';

export function createCardsApi(request = createApi().request) {
  return {
    cards: (userId: string) => request<Card[]>('GET', '/cards', { query: { user_id: userId } }),
    keepCard: (userId: string, id: string) => request<Success>('POST', `/cards/${enc(id)}/keep`, { query: { user_id: userId } }),
    declineCard: (userId: string, id: string) => request<Success>('POST', `/cards/${enc(id)}/decline`, { query: { user_id: userId } }),
    sharedCards: (userId: string) => request<SharedCard[]>('GET', '/cards/shared', { query: { user_id: userId } }),
    revokeCard: (userId: string, id: string) => request<Success>('DELETE', `/cards/${enc(id)}`, { query: { user_id: userId } }),
  };
}

export type CardsApi = ReturnType<typeof createCardsApi>;
export const cardsApi: CardsApi = createCardsApi();
