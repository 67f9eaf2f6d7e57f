/**
 * Business cards (SPEC 7 GET /business-card/{userId}, and the PUT and DELETE extension
 * that lets a person keep their own): shown to the owner and their connections only.
 */
import type { BusinessCard, BusinessCardBody } from '../../contract/plans';
import { deleteBusinessCard, findBusinessCard, upsertBusinessCard } from '../db/repositories/business-cards';
import type { UserRow } from '../db/repositories/users';
import { toBusinessCard } from '../presenters/business-cards';
import { businessCardVisible, resolvePerson } from '../access/people';
import { keptReads } from '../cache/kept';
import { announceKept, tag } from '../cache/tags';
import type { Ctx } from './context';

/**
 * The card, or null when there is none or the viewer may not see it (issue 39: every
 * profile asks, so "none" is an answer, not an error). Kept per owner (cache/kept.ts)
 * until they save or remove it.
 */
export async function businessCardOf(ctx: Ctx, me: UserRow, asked: string): Promise<BusinessCard | null> {
  const now = ctx.clock();
  // A pseudonym names its person (issue 40), though only connections, who know their id, see a card.
  const ownerId = await resolvePerson(ctx.db, me.id, asked, now).catch(() => asked);
  if (!(await businessCardVisible(ctx.db, me.id, ownerId, now))) return null;
  return keptReads(ctx.db).read(`card:${ownerId}`, now.getTime(), async () => ({
    value: await findBusinessCard(ctx.db, ownerId).then((row) => row && toBusinessCard(row)),
    tags: [tag.user(ownerId)],
  }));
}

export async function saveBusinessCard(ctx: Ctx, me: UserRow, fields: BusinessCardBody): Promise<BusinessCard> {
  const card = toBusinessCard(await upsertBusinessCard(ctx.db, me.id, fields, { name: me.name }, ctx.clock()));
  announceKept(ctx, [tag.user(me.id)]);
  return card;
}

export async function removeBusinessCard(ctx: Ctx, me: UserRow): Promise<void> {
  await deleteBusinessCard(ctx.db, me.id);
  announceKept(ctx, [tag.user(me.id)]);
}
