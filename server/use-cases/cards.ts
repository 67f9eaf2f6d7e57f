/**
 * Contact cards (issue 18 item 5). Every contact exchange (POST /contact-exchange) is a
 * card offered by its sender to one person: the recipient lists it under Cards, keeps it
 * or declines it privately (the sender sees no change); the sender lists what they shared
 * under Shared with and may revoke it, which takes it off the recipient's Cards at once
 * (`card_revoked`, through the live bus, so on every instance). Each access is checked in
 * domain/access.ts; a card that is not the actor's answers 404.
 */
import type { Card, SharedCard } from '../../contract/cards';
import type { ExchangeType } from '../../contract/constants';
import type { LiveServerMessage } from '../../contract/live';
import { CONTACT_FIELDS } from '../../contract/social';
import { announceKept, keptOwnList, tag } from '../cache/kept';
import { relationsOf } from '../cache/relations';
import { cardsOfferedTo, cardsSharedBy, findCard, markCard } from '../db/repositories/contact-exchange';
import { candidateOf } from '../db/repositories/people';
import type { UserRow } from '../db/repositories/users';
import { cardForRecipient, cardForSender } from '../domain/access';
import { chatPartnerAs } from '../domain/visibility';
import type { Ctx } from './context';

/** A card's detail keys in SPEC 3's order for its type (the database keeps keys in an order of its own). */
const fieldsOf = (type: string, data: Record<string, string>): string[] => {
  const order = CONTACT_FIELDS[type as ExchangeType] ?? [];
  return Object.keys(data).sort((x, y) => rank(order, x) - rank(order, y));
};
const rank = (order: readonly string[], key: string): number => (order.includes(key) ? order.indexOf(key) : order.length);

/** GET /cards: the cards offered to me, not declined, not revoked, newest first; none from people blocked either way. */
export async function cardsOf(ctx: Ctx, me: UserRow): Promise<Card[]> {
  const now = ctx.clock();
  const [rows, rel] = await Promise.all([
    keptOwnList(ctx, 'cards', me.id, () => cardsOfferedTo(ctx.db, me.id), (r) => r.sender.id, { own: [tag.cards(me.id)] }),
    relationsOf(ctx.db, me.id, now),
  ]);
  return rows
    .filter(({ sender }) => !rel.blocked.has(sender.id))
    .map(({ card, sender }) => ({
      id: card.id,
      from_user: card.fromUser,
      // The sender's name shows: sharing one's details is choosing to be known.
      from_name: sender.name,
      contact_data: Object.fromEntries(fieldsOf(card.exchangeType, card.contactData).map((k) => [k, card.contactData[k]!])),
      exchange_type: card.exchangeType as ExchangeType,
      event_id: card.eventId,
      created_at: card.createdAt.toISOString(),
      kept: card.keptAt !== null,
    }));
}

/**
 * GET /cards/shared: what I shared and have not revoked, newest first. A card its
 * recipient declined is listed as any other (the decline is theirs alone). Each recipient
 * is named as my chat with them names them; someone blocked either way stays listed,
 * unnamed, so I can still take back what I gave them.
 */
export async function sharedCardsOf(ctx: Ctx, me: UserRow): Promise<SharedCard[]> {
  const now = ctx.clock();
  const [rows, rel] = await Promise.all([
    keptOwnList(ctx, 'shared-cards', me.id, () => cardsSharedBy(ctx.db, me.id), (r) => r.recipient.id, { own: [tag.cards(me.id)] }),
    relationsOf(ctx.db, me.id, now),
  ]);
  return rows.map(({ card, recipient }) => {
    const seen = chatPartnerAs(me.id, candidateOf(recipient, now), {
      connected: rel.connected.has(recipient.id),
      blockedEitherWay: rel.blocked.has(recipient.id),
      inRestrictedZone: false,
    });
    return {
      id: card.id,
      to_user: card.toUser,
      to_name: seen.name,
      fields: fieldsOf(card.exchangeType, card.contactData),
      created_at: card.createdAt.toISOString(),
    };
  });
}

/** Both people's card lists are read again, on every instance. */
const changedCard = (ctx: Ctx, card: { fromUser: string; toUser: string }) => announceKept(ctx, [tag.cards(card.fromUser), tag.cards(card.toUser)]);

/** POST /cards/{id}/keep: the recipient keeps the card (again: no change). */
export async function keepCard(ctx: Ctx, me: UserRow, id: string): Promise<void> {
  const now = ctx.clock();
  const card = await cardForRecipient(ctx.db, await findCard(ctx.db, id), me.id, now);
  await markCard(ctx.db, card.id, 'kept', now);
  changedCard(ctx, card);
}

/** POST /cards/{id}/decline: gone from the recipient's Cards; the sender is not told and sees no change. */
export async function declineCard(ctx: Ctx, me: UserRow, id: string): Promise<void> {
  const now = ctx.clock();
  const card = await cardForRecipient(ctx.db, await findCard(ctx.db, id), me.id, now);
  await markCard(ctx.db, card.id, 'declined', now);
  changedCard(ctx, card);
}

/** DELETE /cards/{id}: the sender takes the card back; the recipient's open app drops it at once. */
export async function revokeCard(ctx: Ctx, me: UserRow, id: string): Promise<void> {
  const card = cardForSender(await findCard(ctx.db, id), me.id);
  await markCard(ctx.db, card.id, 'revoked', ctx.clock());
  changedCard(ctx, card);
  const live: LiveServerMessage = { type: 'card_revoked', id: card.id };
  await ctx.realtime.toUsers([card.toUser], live);
}
