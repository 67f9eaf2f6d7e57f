/**
 * Contact cards (issue 18 item 5). Every contact exchange (POST /contact-exchange) is a
 * card offered by its sender to one person: the recipient lists it under Cards, keeps it
 * or declines it privately (the sender sees no change); the sender lists what they shared
 * under Shared with and may revoke it, which takes it off the recipient's Cards at once
 * (`card_revoked`, through the live bus, so on every instance). Each access is checked in
 * access/people.ts; a card that is not the actor's answers 404.
 */
import type { Card, SharedCard } from '../../contract/cards';
import type { LiveServerMessage } from '../../contract/live';
import { keptOwnList } from '../cache/people';
import { announceKept, tag } from '../cache/tags';
import { relationsOf } from '../cache/relations';
import { cardsOfferedTo, cardsSharedBy, findCard, markCard } from '../db/repositories/contact-exchange';
import { candidateOf } from '../db/repositories/people';
import type { UserRow } from '../db/repositories/users';
import { cardForRecipient, cardForSender, echoAs, idKnownBy } from '../access/people';
import { chatPartnerAs } from '../domain/visibility';
import { toCard, toSharedCard } from '../presenters/cards';
import type { Ctx } from './context';

/** GET /cards: the cards offered to me, not declined, not revoked, newest first; none from people blocked either way. */
export async function cardsOf(ctx: Ctx, me: UserRow): Promise<Card[]> {
  const now = ctx.clock();
  const [rows, rel] = await Promise.all([
    keptOwnList(ctx, 'cards', me.id, () => cardsOfferedTo(ctx.db, me.id), (r) => r.sender.id, { own: [tag.cards(me.id)] }),
    relationsOf(ctx.db, me.id, now),
  ]);
  return rows
    .filter(({ sender }) => !rel.blocked.has(sender.id))
    .map(({ card, sender }) => toCard(card, sender));
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
  return Promise.all(
    rows.map(async ({ card, recipient }) => {
      // Someone anonymous to me is named by their pseudonym at the card's event (issue 40).
      const known = (await idKnownBy(ctx.db, me.id, recipient, now, card.eventId)) ?? recipient.id;
      const seen = chatPartnerAs(
        me.id,
        candidateOf(recipient, now),
        { connected: rel.connected.has(recipient.id), blockedEitherWay: rel.blocked.has(recipient.id), inRestrictedZone: false },
        known,
      );
      return echoAs(toSharedCard(card, seen.name), recipient.id, known);
    }),
  );
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
